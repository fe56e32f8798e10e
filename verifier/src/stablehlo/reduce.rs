//! Reductions and windows: `reduce`, `reduce_window`, `select_and_scatter`,
//! `map`, `sort`, the reducer-body check they share (upstream's
//! `verifyReducerShape`) and the window attributes shared with
//! `convolution` (upstream's `verifyWindowAttributesAndInferWindowDimensions`).

use shardref_spec::ir::{Attr, Dim, ElemType, TensorType, Type};
use shardref_spec::ops::Traits;

use super::common::*;
use crate::attrs::{Field, Kind};
use crate::{Check, Fail};

/// Splits `2N` operands into N inputs and N init values (`reduce_c3`,
/// `reduce_window_c1`), all tensors.
fn inputs_and_inits<'m>(op: Op<'m>) -> Result<(Vec<&'m TensorType>, Vec<&'m TensorType>), Fail> {
    let ins = op.operand_types();
    if ins.is_empty() || ins.len() % 2 != 0 {
        return Err(Fail::new(
            "reduce_c3|reduce_window_c1",
            format!(
                "expects the same number of inputs and init values, and at least one of each, got {} operands",
                ins.len()
            ),
        ));
    }
    let ts = ins
        .iter()
        .enumerate()
        .map(|(i, t)| expect_tensor(t, &format!("operand #{i}")))
        .collect::<Result<Vec<_>, _>>()?;
    let n = ts.len() / 2;
    Ok((ts[..n].to_vec(), ts[n..].to_vec()))
}

/// All inputs have compatible shapes (`reduce_c1`, `reduce_window_c2`).
fn same_input_shapes(inputs: &[&TensorType]) -> Check {
    for (i, t) in inputs.iter().enumerate().skip(1) {
        if !shape_compat(inputs[0], t) {
            return Err(Fail::new(
                "reduce_c1|reduce_window_c2",
                format!(
                    "expects all inputs to have compatible shapes. Shape at input-index {i} is not compatible with shape at input-index 0"
                ),
            ));
        }
    }
    Ok(())
}

fn compatible_shape_and_elem(a: &Type, b: &Type, ignore_fp_precision: bool) -> bool {
    match (tensor(a), tensor(b)) {
        (Some(x), Some(y)) => {
            shape_compat(x, y)
                && (elem_compat(&x.elem, &y.elem) || ignore_fp_precision && x.elem.is_float() && y.elem.is_float())
        }
        _ => false,
    }
}

/// The reducer body of region `region`: `2N` scalar-like arguments,
/// `N` results, accumulator types agreeing with the init values and
/// promotable from the inputs (upstream's `verifyReducerShape`). Returns
/// the accumulator element types (the spec's `Ei`).
pub fn reducer(
    op: Op<'_>,
    region: usize,
    inputs: &[&TensorType],
    inits: &[&TensorType],
    allowed: &[Dim],
) -> Result<Vec<ElemType>, Fail> {
    let n = inputs.len();
    // Upstream's terminator check, before the signature (an empty block failed `SingleBlock`).
    if let Some(&r) = op.o.regions.get(region)
        && let Some(&b) = op.m.region(r).blocks.first()
        && let Some(&last) = op.m.block(b).ops.last()
        && !op.m.op(last).name.kind().is_none_or(|k| k.has(Traits::TERMINATOR))
    {
        return Err(Fail::new("terminator_c2", "The reduction-region expected to have a terminator"));
    }
    let Some((args, rets)) = op.region_signature(region) else {
        return Err(Fail::new("stablehlo_signature", "expects a non-empty reduction region"));
    };
    // reduce_c6, reduce_window_c13, scatter_c23, select_and_scatter_c10
    if args.len() != 2 * n {
        return Err(Fail::new(
            "reduce_c6|reduce_window_c13|scatter_c23|select_and_scatter_c10",
            format!("Reduction-region must take {} parameters, but takes {} parameter(s)", 2 * n, args.len()),
        ));
    }
    if rets.is_empty() {
        return Err(Fail::new(
            "reduce_c6|reduce_window_c13|scatter_c23|select_and_scatter_c10",
            "The reduction-region expected to return some value(s)",
        ));
    }
    if rets.len() != n {
        return Err(Fail::new(
            "reduce_c6|reduce_window_c13|scatter_c23|select_and_scatter_c10",
            format!("Reduction-region here must produce {n} tensors, but produces {} instead", rets.len()),
        ));
    }
    let mut acc = vec![];
    for (i, r) in rets.iter().enumerate() {
        let Some(tr) = tensor(r) else {
            return Err(Fail::new(
                "reduce_c6|reduce_window_c13|scatter_c23|select_and_scatter_c10",
                format!("Reduction-region here must produce tensor-typed result(s), but produces {} instead", q(r)),
            ));
        };
        // reduce_c2
        if !compatible_shape_and_elem(r, args[i], false) {
            return Err(Fail::new(
                "reduce_c2",
                format!(
                    "The type of reduction-region's parameter at index {i} is different than the corresponding result type: {} vs {}",
                    q(args[i]),
                    q(r)
                ),
            ));
        }
        if !compatible_shape_and_elem(r, args[n + i], true) {
            return Err(Fail::new(
                "reduce_c2",
                format!(
                    "The type of reduction-region's parameter at index {} is different than the corresponding result type: {} vs {}",
                    n + i,
                    q(args[n + i]),
                    q(r)
                ),
            ));
        }
        // reduce_c6
        if !shape_compat(inits[i], tr) {
            return Err(Fail::new(
                "reduce_c6",
                format!(
                    "The shape of reduction-region's result type at index {i} differs from the op's corresponding init-value type: {} vs {}",
                    q(r),
                    qt(inits[i])
                ),
            ));
        }
        let promotable = |a: &ElemType, b: &ElemType| is_promotable(a, b) || a.is_float() && b.is_float();
        if !promotable(&inits[i].elem, &tr.elem) {
            return Err(Fail::new(
                "reduce_c6",
                format!(
                    "The element-type of reduction-region's result type at index {i} is expected to be promotable from the op's corresponding init-value element-type: {} vs {}",
                    q(r),
                    qt(inits[i])
                ),
            ));
        }
        let Some(ta) = tensor(args[n + i]) else {
            return Err(Fail::new("reduce_c6", "reduction-region arguments must be tensors"));
        };
        if !promotable(&inputs[i].elem, &ta.elem) {
            return Err(Fail::new(
                "reduce_c6",
                format!(
                    "The element-type of reduction-region's argument at index {} is expected to be promotable from {}, but got {}",
                    n + i,
                    inputs[i].elem,
                    ta.elem
                ),
            ));
        }
        let Some(sa) = shape(ta) else { continue };
        if sa.len() > allowed.len() {
            return Err(Fail::new(
                "reduce_c6",
                format!(
                    "The rank of reduction-region's argument at index {} is expected to be <= {}, got {}",
                    n + i,
                    allowed.len(),
                    sa.len()
                ),
            ));
        }
        let mut k = 0;
        for &d in allowed {
            if k < sa.len() && dim_compat(d, sa[k]) {
                k += 1;
            }
        }
        if k != sa.len() {
            return Err(Fail::new(
                "reduce_c6",
                format!(
                    "The shape of reduction-region's argument at index {} is not compatible with that of reduce-op's input-parameter at index {i}",
                    n + i
                ),
            ));
        }
        acc.push(tr.elem.clone());
    }
    Ok(acc)
}

/// Checks every result against an inferred shape and element type.
fn results_match(
    shape_code: &'static str,
    elem_code: &'static str,
    op: Op<'_>,
    shapes: &[Vec<Dim>],
    elems: &[ElemType],
) -> Check {
    let rs = op.results(shapes.len())?;
    for ((r, s), e) in rs.iter().zip(shapes).zip(elems) {
        check_inferred_parts(shape_code, elem_code, &Type::Tensor(make(s.clone(), e.clone())), r)?;
    }
    Ok(())
}

/// `reduce`: `reduce_c1`..`reduce_c8`.
pub fn reduce(op: Op<'_>) -> Check {
    let (inputs, inits) = inputs_and_inits(op)?;
    let dims = op.ints(crate::attrs::stablehlo::Dimensions::of(op.o).dimensions())?;
    op.regions(1)?;
    // reduce_c3
    op.results(inputs.len())?;
    // reduce_c1
    same_input_shapes(&inputs)?;
    let Some(s0) = shape(inputs[0]) else { return Ok(()) };
    let rank = s0.len() as i64;
    let mut seen = std::collections::HashSet::new();
    for &d in &dims {
        // reduce_c4
        if d < 0 || d >= rank {
            return Err(Fail::new(
                "reduce_c4",
                format!("Out-of-bounds dimension {d}, expected to be in range [0, {rank})"),
            ));
        }
        // reduce_c5
        if !seen.insert(d) {
            return Err(Fail::new("reduce_c5", format!("Duplicate reduction dimension: {d}")));
        }
    }
    let kept: Vec<Dim> = (0..s0.len()).filter(|&i| !dims.contains(&(i as i64))).map(|i| s0[i]).collect();
    // reduce_c2, reduce_c6
    let acc = reducer(op, 0, &inputs, &inits, &kept)?;
    // reduce_c7, reduce_c8
    results_match("reduce_c7", "reduce_c8", op, &vec![kept; inputs.len()], &acc)
}

/// The window attributes of one op, checked and defaulted.
pub struct Window {
    pub dims: Vec<i64>,
    pub strides: Vec<i64>,
    pub padding: Vec<(i64, i64)>,
    pub lhs_dilation: Vec<i64>,
    pub rhs_dilation: Vec<i64>,
}

/// A `padding` attribute: a dense `tensor<Nx2xi64>` (or a flat list of pairs).
pub fn padding<K: Kind>(field: Field<'_, K>) -> Result<Option<Vec<(i64, i64)>>, Fail> {
    let name = field.name;
    let Some(a) = field.raw() else { return Ok(None) };
    if let Attr::Dense(d) = a
        && let Some(s) = tensor(&d.ty).and_then(shape)
        && (s.len() != 2 || s[1] != Some(2))
    {
        return Err(Fail::new(
            "reduce_window_c12|convolution_c4|select_and_scatter_c8",
            format!(
                "expects the shape of padding-attribute to be {{N, 2}}, but got {{{}}}.",
                dims_str(s).trim_matches(['[', ']'])
            ),
        ));
    }
    let v = ints_of(a).ok_or_else(|| {
        Fail::new("stablehlo_signature", format!("attribute '{name}' must be a list of integer pairs"))
    })?;
    if v.len() % 2 != 0 {
        return Err(Fail::new("stablehlo_signature", format!("attribute '{name}' must be a list of integer pairs")));
    }
    Ok(Some(v.chunks(2).map(|c| (c[0], c[1])).collect()))
}

/// Upstream's `verifyWindowAttributesAndInferWindowDimensions`, with the
/// labels of `reduce_window` (`convolution` and `select_and_scatter` use
/// the same checks under their own labels, listed at their call sites).
pub fn window(
    dims: Vec<i64>,
    strides: Option<Vec<i64>>,
    padding: Option<Vec<(i64, i64)>>,
    lhs_dilation: Option<Vec<i64>>,
    rhs_dilation: Option<Vec<i64>>,
    reversal: Option<usize>,
) -> Result<Window, Fail> {
    let n = dims.len();
    let size = |code: &'static str, len: usize, name: &str| -> Check {
        if len == 0 || len == n {
            return Ok(());
        }
        Err(Fail::new(
            code,
            format!("expects {name} to have same dimension-size as size of window dimensions ({n}), but got: {len}."),
        ))
    };
    // reduce_window_c6
    size(
        "reduce_window_c6|convolution_c2|select_and_scatter_c6",
        strides.as_ref().map_or(0, Vec::len),
        "window-strides",
    )?;
    // reduce_window_c8
    size("reduce_window_c8|convolution_c5", lhs_dilation.as_ref().map_or(0, Vec::len), "base-dilation factors")?;
    // reduce_window_c10
    size("reduce_window_c10|convolution_c7", rhs_dilation.as_ref().map_or(0, Vec::len), "window-dilation factors")?;
    // reduce_window_c12
    size(
        "reduce_window_c12|convolution_c4|select_and_scatter_c8",
        padding.as_ref().map_or(0, Vec::len),
        "padding-entries",
    )?;
    size("convolution_c9", reversal.unwrap_or(0), "window-reversal")?;
    let fill = |v: Option<Vec<i64>>| v.filter(|v| !v.is_empty()).unwrap_or_else(|| vec![1; n]);
    let w = Window {
        strides: fill(strides),
        lhs_dilation: fill(lhs_dilation),
        rhs_dilation: fill(rhs_dilation),
        padding: padding.filter(|p| !p.is_empty()).unwrap_or_else(|| vec![(0, 0); n]),
        dims,
    };
    for i in 0..n {
        // reduce_window_c5, select_and_scatter_c5
        if w.dims[i] <= 0 {
            return Err(Fail::new(
                "reduce_window_c5|select_and_scatter_c5",
                format!("expects window to have positive value for {i}-th window dimension, but got {}.", w.dims[i]),
            ));
        }
        // reduce_window_c7, convolution_c3, select_and_scatter_c7
        if w.strides[i] <= 0 {
            return Err(Fail::new(
                "reduce_window_c7|convolution_c3|select_and_scatter_c7",
                format!(
                    "expects window to have positive stride for {i}-th window dimension, but got {}.",
                    w.strides[i]
                ),
            ));
        }
        // reduce_window_c9, convolution_c6
        if w.lhs_dilation[i] <= 0 {
            return Err(Fail::new(
                "reduce_window_c9|convolution_c6",
                format!(
                    "expects window to have positive base dilation factor for {i}-th window dimension, but got {}.",
                    w.lhs_dilation[i]
                ),
            ));
        }
        // reduce_window_c11, convolution_c8
        if w.rhs_dilation[i] <= 0 {
            return Err(Fail::new(
                "reduce_window_c11|convolution_c8",
                format!(
                    "expects window to have positive window dilation factor for {i}-th window dimension, but got {}.",
                    w.rhs_dilation[i]
                ),
            ));
        }
    }
    Ok(w)
}

/// `(bound - 1) * dilation + 1` for a positive bound, 0 otherwise; `None`
/// when it does not fit in i64 (sizes are i64 in StableHLO).
fn dilated(bound: u64, dilation: i64) -> Option<i64> {
    if bound == 0 {
        return Some(0);
    }
    i64::try_from(bound - 1).ok()?.checked_mul(dilation)?.checked_add(1)
}

/// The number of windows along dimension `i` of a base of size `base`
/// (the spec's `num_windows`; upstream's `inferWindowOutputShape`). Every
/// intermediate size is an i64 as upstream computes it; one that does not
/// fit is an error (`stablehlo_shape_overflow`), never a wrapped size nor a
/// dynamic one that would make any declared result type compatible.
pub fn num_windows(base: Dim, w: &Window, i: usize, window_size: Dim) -> Result<Dim, Fail> {
    let (Some(b), Some(ws)) = (base, window_size) else { return Ok(None) };
    let overflow = |what: &str| {
        Fail::new(
            "stablehlo_shape_overflow",
            format!(
                "the {what} along window dimension {i} overflows i64 (base size {b}, base dilation {}, padding [{}, {}], window size {ws}, window dilation {})",
                w.lhs_dilation[i], w.padding[i].0, w.padding[i].1, w.rhs_dilation[i]
            ),
        )
    };
    let padded = dilated(b, w.lhs_dilation[i])
        .and_then(|d| d.checked_add(w.padding[i].0))
        .and_then(|d| d.checked_add(w.padding[i].1))
        .ok_or_else(|| overflow("padded, base-dilated size"))?;
    let win = dilated(ws, w.rhs_dilation[i]).ok_or_else(|| overflow("dilated window size"))?;
    if padded <= 0 || win > padded {
        return Ok(Some(0));
    }
    // The strides are positive (checked by `window`), and padded - win >= 0.
    Ok(Some(((padded - win) / w.strides[i] + 1) as u64))
}

/// `reduce_window`: `reduce_window_c1`..`reduce_window_c16`.
pub fn reduce_window(op: Op<'_>) -> Check {
    let (inputs, inits) = inputs_and_inits(op)?;
    op.regions(1)?;
    // reduce_window_c1
    op.results(inputs.len())?;
    // reduce_window_c2
    same_input_shapes(&inputs)?;
    let wdims = op.ints(crate::attrs::stablehlo::ReduceWindow::of(op.o).window_dimensions())?;
    let pad = padding(crate::attrs::stablehlo::ReduceWindow::of(op.o).padding())?;
    // reduce_window_c4
    for t in &inputs {
        if let Some(r) = rank(t)
            && r != wdims.len() as i64
        {
            return Err(Fail::new(
                "reduce_window_c4",
                format!(
                    "expects window-dimensions size == input rank, but got window-dimensions size: {} and input: {} with rank = {r}.",
                    wdims.len(),
                    qt(t)
                ),
            ));
        }
    }
    // reduce_window_c5..reduce_window_c12
    let w = window(
        wdims.clone(),
        op.ints_opt(crate::attrs::stablehlo::ReduceWindow::of(op.o).window_strides())?,
        pad,
        op.ints_opt(crate::attrs::stablehlo::ReduceWindow::of(op.o).base_dilations())?,
        op.ints_opt(crate::attrs::stablehlo::ReduceWindow::of(op.o).window_dilations())?,
        None,
    )?;
    let allowed: Vec<Dim> = wdims.iter().map(|&d| u64::try_from(d).ok()).collect();
    // reduce_window_c3, reduce_window_c13
    let acc = reducer(op, 0, &inputs, &inits, &allowed)?;
    let Some(s0) = shape(inputs[0]) else { return Ok(()) };
    // reduce_window_c14, reduce_window_c15
    let out: Vec<Dim> = (0..s0.len()).map(|i| num_windows(s0[i], &w, i, allowed[i])).collect::<Result<_, _>>()?;
    // reduce_window_c16
    results_match("reduce_window_c15", "reduce_window_c16", op, &vec![out; inputs.len()], &acc)
}

/// `select_and_scatter`: `select_and_scatter_c1`..`select_and_scatter_c12`.
pub fn select_and_scatter(op: Op<'_>) -> Check {
    let [x, s, init] = op.args::<3>()?;
    op.regions(2)?;
    let tx = expect_tensor(x, "operand #0")?;
    let ts = expect_tensor(s, "operand #1")?;
    let ti = expect_tensor(init, "operand #2")?;
    // select_and_scatter_c1
    if ts.elem != tx.elem {
        return Err(Fail::new(
            "select_and_scatter_c1",
            format!("expects source and operand to have the same element type, got {} and {}", q(s), q(x)),
        ));
    }
    let rank = rank(tx);
    let wdims = op
        .ints_opt(crate::attrs::stablehlo::ReduceWindow::of(op.o).window_dimensions())?
        .unwrap_or_else(|| vec![1; rank.unwrap_or(0) as usize]);
    // select_and_scatter_c4
    if let Some(r) = rank
        && r != wdims.len() as i64
    {
        return Err(Fail::new(
            "select_and_scatter_c4",
            format!(
                "expects window-dimensions size == operand rank, but got window-dimensions size: {} and operand-type: {} with rank = {r}.",
                wdims.len(),
                q(x)
            ),
        ));
    }
    // select_and_scatter_c5..select_and_scatter_c8
    let w = window(
        wdims.clone(),
        op.ints_opt(crate::attrs::stablehlo::ReduceWindow::of(op.o).window_strides())?,
        padding(crate::attrs::stablehlo::ReduceWindow::of(op.o).padding())?,
        None,
        None,
        None,
    )?;
    // select_and_scatter_c9
    let Some((args, rets)) = op.region_signature(0) else {
        return Err(Fail::new("select_and_scatter_c9", "expects a select region"));
    };
    let scalar = Type::Tensor(make(vec![], tx.elem.clone()));
    if args.len() != 2 {
        return Err(Fail::new(
            "select_and_scatter_c9",
            format!("expects the select-region to take 2 parameters, but takes {}", args.len()),
        ));
    }
    for (i, a) in args.iter().enumerate() {
        if !type_compat(a, &scalar) {
            return Err(Fail::new(
                "select_and_scatter_c9",
                format!(
                    "expects type of select-region's parameter at index {i} to be {}, but got {}",
                    q(&scalar),
                    q(a)
                ),
            ));
        }
    }
    let pred = Type::Tensor(make(vec![], ElemType::I1));
    if rets.len() != 1 || !type_compat(rets[0], &pred) {
        return Err(Fail::new(
            "select_and_scatter_c9",
            format!("expects the return-type of select-region to be tensor<i1>, but got: {}", types_str(&rets)),
        ));
    }
    // select_and_scatter_c3, select_and_scatter_c10
    let allowed: Vec<Dim> = vec![];
    let acc = reducer(op, 1, &[ts], &[ti], &allowed)?;
    if let (Some(sx), Some(ss)) = (shape(tx), shape(ts)) {
        // select_and_scatter_c2
        let wd: Vec<Dim> = wdims.iter().map(|&d| u64::try_from(d).ok()).collect();
        let out: Vec<Dim> = (0..sx.len()).map(|i| num_windows(sx[i], &w, i, wd[i])).collect::<Result<_, _>>()?;
        if !dims_compat(&out, ss) {
            return Err(Fail::new(
                "select_and_scatter_c2",
                format!("expects source-type to be {}, but got{}", q(&Type::Tensor(make(out, ts.elem.clone()))), q(s)),
            ));
        }
    }
    // select_and_scatter_c11, select_and_scatter_c12
    let e = acc.first().cloned().unwrap_or_else(|| tx.elem.clone());
    check_inferred_parts(
        "select_and_scatter_c11",
        "select_and_scatter_c12",
        &Type::Tensor(TensorType { shape: tx.shape.clone(), elem: e, encoding: None }),
        op.result()?,
    )
}

/// `map`: `map_c1`..`map_c4`.
pub fn map(op: Op<'_>) -> Check {
    let ins = op.operand_types();
    // map_c2
    if ins.is_empty() {
        return Err(Fail::new("map_c2", "expects at least one input"));
    }
    op.regions(1)?;
    let ts = ins
        .iter()
        .enumerate()
        .map(|(i, t)| expect_tensor(t, &format!("operand #{i}")))
        .collect::<Result<Vec<_>, _>>()?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let dims = op.ints(crate::attrs::stablehlo::Dimensions::of(op.o).dimensions())?;
    let Some((args, rets)) = op.region_signature(0) else {
        return Err(Fail::new("map_c2", "expects a computation region"));
    };
    // map_c4
    if args.len() != ts.len() {
        return Err(Fail::new(
            "map_c4",
            format!(
                "expects number of operands to match the arity of map computation, but got: {} and {}",
                ts.len(),
                args.len()
            ),
        ));
    }
    for (i, (a, t)) in args.iter().zip(&ts).enumerate() {
        if scalar_elem(a) != Some(&t.elem) {
            return Err(Fail::new(
                "map_c4",
                format!(
                    "expects computation parameters to be rank 0 tensors of the operands' element types, but got parameter {i} of type {}",
                    q(a)
                ),
            ));
        }
    }
    if rets.len() != 1 {
        return Err(Fail::new("map_c4", format!("computation must return single output, but got: {}", rets.len())));
    }
    let Some(e) = scalar_elem(rets[0]) else {
        return Err(Fail::new(
            "map_c4",
            format!("computation must return 0-rank tensor type, but got: {}", q(rets[0])),
        ));
    };
    // map_c3
    if let Some(r) = rank(ts[0])
        && dims != (0..r).collect::<Vec<_>>()
    {
        return Err(Fail::new(
            "map_c3",
            "requires monotonically increasing dimension numbers, but got: ".to_string() + &list(&dims),
        ));
    }
    // map_c1
    for t in &ts {
        if !shape_compat(t, tr) || !shape_compat(t, ts[0]) {
            return Err(Fail::new("map_c1", "requires the same shape for all operands and results"));
        }
    }
    // map_c4
    if &tr.elem != e {
        return Err(Fail::new(
            "map_c4",
            format!(
                "inferred type(s) {} are incompatible with return type(s) of operation {}",
                q(&Type::Tensor(TensorType { shape: ts[0].shape.clone(), elem: e.clone(), encoding: None })),
                qt(tr)
            ),
        ));
    }
    Ok(())
}

/// `sort`: `sort_c1`..`sort_c5`.
pub fn sort(op: Op<'_>) -> Check {
    let ins = op.operand_types();
    // sort_c1
    if ins.is_empty() {
        return Err(Fail::new("sort_c1", "expected 1 or more operands, but found 0"));
    }
    op.regions(1)?;
    let rs = op.results(ins.len())?;
    let ts = ins
        .iter()
        .enumerate()
        .map(|(i, t)| expect_tensor(t, &format!("operand #{i}")))
        .collect::<Result<Vec<_>, _>>()?;
    // sort_c2
    for (i, r) in rs.iter().enumerate() {
        check_inferred("sort_c2", ins[i], r)?;
    }
    // sort_c3
    for t in &ts {
        if !shape_compat(t, ts[0]) {
            return Err(Fail::new("sort_c3", "requires the same shape for all operands and results"));
        }
    }
    // sort_c4
    let dim = op.int_opt(crate::attrs::stablehlo::Dimension::of(op.o).dimension())?.unwrap_or(-1);
    if let Some(r) = rank(ts[0])
        && (dim < -r || dim >= r)
    {
        return Err(Fail::new(
            "sort_c4",
            format!("dimension attribute value must be in range [-{r}, {r}), but found {dim}"),
        ));
    }
    // sort_c5
    let Some((args, rets)) = op.region_signature(0) else {
        return Err(Fail::new("sort_c5", "expects a comparator region"));
    };
    if args.len() != 2 * ts.len() {
        return Err(Fail::new("sort_c5", format!("comparator block should have {} arguments", 2 * ts.len())));
    }
    for (k, t) in ts.iter().enumerate() {
        let want = Type::Tensor(make(vec![], t.elem.clone()));
        for i in [2 * k, 2 * k + 1] {
            if args[i] != &want {
                return Err(Fail::new(
                    "sort_c5",
                    format!("comparator block argument #{i} should be of type {} but got {}", q(&want), q(args[i])),
                ));
            }
        }
    }
    if rets.len() != 1 {
        return Err(Fail::new("sort_c5", format!("comparator must return single output but got {}", rets.len())));
    }
    if scalar_elem(rets[0]) != Some(&ElemType::I1) {
        return Err(Fail::new("sort_c5", format!("comparator must return tensor<i1> but got {}", q(rets[0]))));
    }
    Ok(())
}
