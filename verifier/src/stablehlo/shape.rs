//! Shape ops: `broadcast_in_dim`, `broadcast`, `reshape`, `transpose`,
//! `concatenate`, `slice`, `dynamic_slice`, `dynamic_update_slice`, `pad`,
//! `iota`, `reverse`, `get_dimension_size`, `constant`, and the signatures
//! of the dynamic-shape ops.
//!
//! Result shapes are inferred as upstream's `infer*Op` functions do and
//! compared for compatibility, so `?` dimensions (and static sizes within a
//! `#stablehlo.bounds` bound) are accepted.

use shardref_spec::ir::{Attr, Dim, ElemType, TensorType, Type};

use super::common::*;
use super::elementwise::{Cats, operand_in};
use crate::{Check, Fail};

/// Element types of a shape op's operand and result agree: equal, except
/// that per-axis quantized types may differ in quantization dimension,
/// scales and zero points (`broadcast_in_dim_c1`, `reshape_c1`, `transpose_c1`).
fn same_elem_modulo_axis(a: &ElemType, b: &ElemType) -> bool {
    match (quant(a), quant(b)) {
        (Some(x), Some(y)) if x.per_axis && y.per_axis => elem_compat(a, b),
        _ => a == b,
    }
}

fn elem_mismatch(code: &'static str, a: &TensorType, b: &TensorType) -> Fail {
    Fail::new(code, format!("expects operand and result to have the same element type, got {} and {}", qt(a), qt(b)))
}

/// The `broadcast_dimensions` checks `broadcast_in_dim` and
/// `dynamic_broadcast_in_dim` share (their c2, c4 and c3, in upstream's
/// order), with each op's own size check `c5(i, d, operand size, result
/// size)` run per dimension right after its range check, as upstream
/// interleaves them.
fn broadcast_dimensions(
    dims: &[i64],
    sx: &[Option<u64>],
    sr: &[Option<u64>],
    c5: impl Fn(usize, i64, Option<u64>, Option<u64>) -> Check,
) -> Check {
    // broadcast_in_dim_c2, dynamic_broadcast_in_dim_c2
    if dims.len() != sx.len() {
        return Err(Fail::new(
            "broadcast_in_dim_c2|dynamic_broadcast_in_dim_c2",
            format!("broadcast_dimensions size ({}) does not match operand rank ({})", dims.len(), sx.len()),
        ));
    }
    // broadcast_in_dim_c4, dynamic_broadcast_in_dim_c4
    if !is_unique(dims) {
        return Err(Fail::new(
            "broadcast_in_dim_c4|dynamic_broadcast_in_dim_c4",
            "broadcast_dimensions should not have duplicates",
        ));
    }
    for (i, &d) in dims.iter().enumerate() {
        // broadcast_in_dim_c3, dynamic_broadcast_in_dim_c3
        if d < 0 || d >= sr.len() as i64 {
            return Err(Fail::new(
                "broadcast_in_dim_c3|dynamic_broadcast_in_dim_c3",
                format!("broadcast_dimensions contains invalid value {d} for result with rank {}", sr.len()),
            ));
        }
        c5(i, d, sx[i], sr[d as usize])?;
    }
    Ok(())
}

/// `broadcast_in_dim`: `broadcast_in_dim_c1`..`broadcast_in_dim_c6`.
pub fn broadcast_in_dim(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let tx = expect_tensor(x, "operand #0")?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let dims = op.ints(crate::attrs::stablehlo::BroadcastInDim::of(op.o).broadcast_dimensions())?;
    // broadcast_in_dim_c1
    if !same_elem_modulo_axis(&tx.elem, &tr.elem) {
        return Err(elem_mismatch("broadcast_in_dim_c1", tx, tr));
    }
    let (Some(sx), Some(sr)) = (shape(tx), shape(tr)) else { return Ok(()) };
    broadcast_dimensions(&dims, &sx, &sr, |i, d, n, m| {
        // broadcast_in_dim_c5
        if let Some(n) = n
            && n != 1
            && m.is_some_and(|m| m != n)
        {
            return Err(Fail::new(
                "broadcast_in_dim_c5",
                format!(
                    "size of operand dimension {i} ({n}) is not equal to 1 or size of result dimension {d} ({})",
                    m.map_or(-1, |m| m as i64)
                ),
            ));
        }
        Ok(())
    })?;
    // broadcast_in_dim_c6
    if let (Some(qx), Some(qr)) = (quant(&tx.elem), quant(&tr.elem))
        && qr.per_axis
    {
        let (Some(ax), Some(ar)) = (qx.axis, qr.axis) else { return Ok(()) };
        let want = dims.get(ax as usize).copied();
        if want != Some(i64::from(ar)) {
            return Err(Fail::new(
                "broadcast_in_dim_c6",
                format!(
                    "result quantization_dimension {ar} not same as broadcast_dimensions {} ({})",
                    ax,
                    want.unwrap_or(-1)
                ),
            ));
        }
    }
    Ok(())
}

/// `broadcast` (the older op): its result is `broadcast_sizes ++ shape(operand)`.
pub fn broadcast(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let tx = expect_tensor(x, "operand #0")?;
    let r = op.result()?;
    let sizes = op.ints(crate::attrs::stablehlo::Broadcast::of(op.o).broadcast_sizes())?;
    let Some(sx) = shape(tx) else { return Ok(()) };
    let mut out: Vec<Dim> = vec![];
    for &s in &sizes {
        // broadcast_c1
        if s < 0 {
            return Err(Fail::new("broadcast_c1", format!("Broadcast with negative dimension size {s}")));
        }
        out.push(Some(s as u64));
    }
    out.extend_from_slice(sx);
    // broadcast_c1
    check_inferred("broadcast_c1", &Type::Tensor(make(out, tx.elem.clone())), r)
}

/// `reshape`: `reshape_c1`..`reshape_c3`.
pub fn reshape(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let tx = expect_tensor(x, "operand #0")?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    // reshape_c1
    if !same_elem_modulo_axis(&tx.elem, &tr.elem) {
        return Err(elem_mismatch("reshape_c1", tx, tr));
    }
    // reshape_c2
    // A zero dimension makes a count 0 whatever the others multiply to, as upstream. Choice: a
    // count of non-zero dimensions past 2^64 is "overflow", never equal to another count;
    // upstream's wrapping product accepts `tensor<4294967296x4294967296xf32>` -> `tensor<0xf32>`.
    if let (Some(a), Some(b)) = (tx.static_shape(), tr.static_shape()) {
        let (na, nb) = (tx.num_elements(), tr.num_elements());
        if na != nb {
            return Err(Fail::new(
                "reshape_c2",
                format!(
                    "number of output elements ({}) doesn't match expected number of elements ({})",
                    nb.map_or("overflow".into(), |n| n.to_string()),
                    na.map_or("overflow".into(), |n| n.to_string())
                ),
            ));
        }
        // reshape_c3
        if let (Some(qx), Some(qr)) = (quant(&tx.elem), quant(&tr.elem))
            && qx.per_axis
            && let (Some(ax), Some(ar)) = (qx.axis, qr.axis)
        {
            let (ax, ar) = (ax as usize, ar as usize);
            let prod = |s: &[u64]| s.iter().try_fold(1u64, |acc, &d| acc.checked_mul(d));
            let ok = ax < a.len()
                && ar < b.len()
                && a[ax] == b[ar]
                && prod(&a[..ax]) == prod(&b[..ar])
                && prod(&a[ax + 1..]) == prod(&b[ar + 1..]);
            if !ok {
                return Err(Fail::new("reshape_c3", "expect same quantization dimension size for operand and result"));
            }
        }
    }
    Ok(())
}

/// `transpose`: `transpose_c1`..`transpose_c4`.
pub fn transpose(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let tx = expect_tensor(x, "operand #0")?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let perm = op.ints(crate::attrs::stablehlo::Transpose::of(op.o).permutation())?;
    // transpose_c1
    if !same_elem_modulo_axis(&tx.elem, &tr.elem) {
        return Err(elem_mismatch("transpose_c1", tx, tr));
    }
    let Some(sx) = shape(tx) else { return Ok(()) };
    // transpose_c2
    if perm.len() != sx.len() {
        return Err(Fail::new(
            "transpose_c2",
            format!("TransposeOp operand rank {} does not match permutation size {}", sx.len(), perm.len()),
        ));
    }
    let mut sorted = perm.clone();
    sorted.sort_unstable();
    if sorted.iter().enumerate().any(|(i, &p)| p != i as i64) {
        let range: Vec<i64> = (0..sx.len() as i64).collect();
        return Err(Fail::new(
            "transpose_c2",
            format!("attribute permutation must be a permutation of {} but got {}", list(&range), list(&perm)),
        ));
    }
    // transpose_c3
    let out: Vec<Dim> = perm.iter().map(|&p| sx[p as usize]).collect();
    check_inferred_shape("transpose_c3", &out, tr)?;
    // transpose_c4
    if let (Some(qx), Some(qr)) = (quant(&tx.elem), quant(&tr.elem))
        && qr.per_axis
        && let (Some(ax), Some(ar)) = (qx.axis, qr.axis)
    {
        let p = perm.get(ar as usize).copied().unwrap_or(-1);
        if p != i64::from(ax) {
            return Err(Fail::new(
                "transpose_c4",
                format!("operand quantization_dimension {ax} is not same as permutation[{ar}] = {p}"),
            ));
        }
    }
    Ok(())
}

/// `concatenate`: `concatenate_c1`..`concatenate_c6`.
pub fn concatenate(op: Op<'_>) -> Check {
    let ins = op.operand_types();
    let r = op.result()?;
    let dimension = op.int(crate::attrs::stablehlo::Dimension::of(op.o).dimension())?;
    // concatenate_c3
    if ins.is_empty() {
        return Err(Fail::new("concatenate_c3", "expected 1 or more operands, but found 0"));
    }
    let ts = ins
        .iter()
        .enumerate()
        .map(|(i, t)| expect_tensor(t, &format!("operand #{i}")))
        .collect::<Result<Vec<_>, _>>()?;
    // concatenate_c1
    for t in &ts {
        if !elem_compat(&t.elem, &ts[0].elem) {
            return Err(Fail::new(
                "concatenate_c1",
                format!("requires the same element type for all operands, but got {} and {}", qt(ts[0]), qt(t)),
            ));
        }
    }
    let Some(w) = shape(ts[0]) else { return Ok(()) };
    let rank = w.len() as i64;
    // concatenate_c4
    if rank == 0 {
        return Err(Fail::new("concatenate_c4", "rank-0 values cannot be concatenated"));
    }
    if dimension < 0 || dimension >= rank {
        return Err(Fail::new(
            "concatenate_c4",
            format!("dimension {dimension} is out-of-bounds for input rank {rank}"),
        ));
    }
    let d = dimension as usize;
    let mut out: Vec<Dim> = w.to_vec();
    out[d] = Some(0);
    for (i, t) in ts.iter().enumerate() {
        let Some(s) = shape(t) else {
            out[d] = None;
            continue;
        };
        // concatenate_c2
        if s.len() != w.len() {
            return Err(Fail::new("concatenate_c2", format!("operands (0) and ({i}) do not match rank")));
        }
        for k in 0..w.len() {
            if k != d && !dim_compat(w[k], s[k]) {
                return Err(Fail::new(
                    "concatenate_c2",
                    format!(
                        "shapes of operand (0) and ({i}) are not compatible at non-concat index {k}: ({}) != ({})",
                        dims_str(w).trim_matches(['[', ']']),
                        dims_str(s).trim_matches(['[', ']'])
                    ),
                ));
            }
            if k != d && out[k].is_none() {
                out[k] = s[k];
            }
        }
        out[d] = match (out[d], s[d]) {
            (Some(a), Some(b)) => a.checked_add(b),
            _ => None,
        };
    }
    // concatenate_c5, concatenate_c6
    check_inferred_parts("concatenate_c6", "concatenate_c5", &Type::Tensor(make(out, ts[0].elem.clone())), r)
}

/// `slice`: `slice_c1`..`slice_c5`.
pub fn slice(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let tx = expect_tensor(x, "operand #0")?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let (start, limit, strides) = (
        op.ints(crate::attrs::stablehlo::Slice::of(op.o).start_indices())?,
        op.ints(crate::attrs::stablehlo::Slice::of(op.o).limit_indices())?,
        op.ints(crate::attrs::stablehlo::Slice::of(op.o).strides())?,
    );
    // slice_c1
    if tx.elem != tr.elem {
        return Err(elem_mismatch("slice_c1", tx, tr));
    }
    let Some(sx) = shape(tx) else { return Ok(()) };
    let rank = sx.len();
    // slice_c2
    if start.len() != rank {
        return Err(Fail::new(
            "slice_c2",
            format!(
                "the number of elements in start_indices ({}) does not match the rank of the operand ({rank})",
                start.len()
            ),
        ));
    }
    if limit.len() != rank || strides.len() != rank {
        return Err(Fail::new(
            "slice_c2",
            format!(
                "all of {{start_indices, limit_indices, strides}} must have the same size: got sizes {}, {}, {}",
                start.len(),
                limit.len(),
                strides.len()
            ),
        ));
    }
    let bnds = bounds(tx);
    let mut out = vec![];
    for i in 0..rank {
        // slice_c3
        if start[i] < 0 {
            return Err(Fail::new("slice_c3", format!("negative start index {} in dimension {i}", start[i])));
        }
        let size_or_bound = match (sx[i], bnds.and_then(|b| b.get(i))) {
            (Some(n), _) => Some((n as i64, "size")),
            (None, Some(&b)) if b != shardref_spec::ir::stablehlo::DYNAMIC => Some((b, "bound")),
            _ => None,
        };
        if let Some((n, what)) = size_or_bound
            && limit[i] > n
        {
            return Err(Fail::new(
                "slice_c3",
                format!("limit index {} is larger than dimension {what} {n} in dimension {i}", limit[i]),
            ));
        }
        if start[i] > limit[i] {
            return Err(Fail::new(
                "slice_c3",
                format!("start index {} is larger than limit index {} in dimension {i}", start[i], limit[i]),
            ));
        }
        // slice_c4
        if strides[i] <= 0 {
            return Err(Fail::new(
                "slice_c4",
                format!("stride must be positive but got {} in dimension {i}", strides[i]),
            ));
        }
        // slice_c5
        let n = (limit[i] - start[i]) as u64;
        out.push(Some(n.div_ceil(strides[i] as u64)));
    }
    check_inferred_shape("slice_c5", &out, tr)
}

/// The start index operands of `dynamic_slice` and `dynamic_update_slice`
/// are 0-d integer tensors of one type (`dynamic_slice_c3`, `dynamic_update_slice_c5`).
fn start_indices(ts: &[&Type], first: usize) -> Check {
    for (i, t) in ts.iter().enumerate() {
        let tt = operand_in(t, first + i, Cats::INT)?;
        if tt.rank().is_some_and(|r| r != 0) {
            return Err(Fail::new(
                "dynamic_slice_c3|dynamic_update_slice_c5",
                format!("operand #{} must be 0D tensor of integer values, but got {}", first + i, q(t)),
            ));
        }
        if tt.elem != tensor(ts[0]).map(|t| t.elem.clone()).unwrap_or(ElemType::I1) {
            return Err(Fail::new(
                "dynamic_slice_c3|dynamic_update_slice_c5",
                "start indices must have same element type",
            ));
        }
    }
    Ok(())
}

/// `dynamic_slice`: `dynamic_slice_c1`..`dynamic_slice_c5`.
pub fn dynamic_slice(op: Op<'_>) -> Check {
    let ins = op.operands_at_least(1)?;
    let tx = expect_tensor(ins[0], "operand #0")?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let sizes = op.ints(crate::attrs::stablehlo::DynamicSlice::of(op.o).slice_sizes())?;
    let starts = &ins[1..];
    // dynamic_slice_c1
    if tx.elem != tr.elem {
        return Err(elem_mismatch("dynamic_slice_c1", tx, tr));
    }
    // dynamic_slice_c2
    if starts.len() != sizes.len() {
        return Err(Fail::new(
            "dynamic_slice_c2",
            format!(
                "has mismatched number of slice sizes ({}) and number of start indices ({})",
                sizes.len(),
                starts.len()
            ),
        ));
    }
    let Some(sx) = shape(tx) else { return Ok(()) };
    if sx.len() != starts.len() {
        return Err(Fail::new(
            "dynamic_slice_c2",
            format!("has mismatched number of start indices ({}) and the rank of operand ({})", starts.len(), sx.len()),
        ));
    }
    // dynamic_slice_c3
    start_indices(starts, 1)?;
    // dynamic_slice_c4
    for (i, &s) in sizes.iter().enumerate() {
        if s < 0 {
            return Err(Fail::new("dynamic_slice_c4", format!("has negative size index to dynamic slice: {s}")));
        }
        if let Some(n) = sx[i]
            && s as u64 > n
        {
            return Err(Fail::new(
                "dynamic_slice_c4",
                format!("has slice size {s} greater than dimension size {n} in dimension {i} of operand"),
            ));
        }
    }
    // dynamic_slice_c5
    let out: Vec<Dim> = sizes.iter().map(|&s| Some(s as u64)).collect();
    check_inferred_shape("dynamic_slice_c5", &out, tr)
}

/// `dynamic_update_slice`: `dynamic_update_slice_c1`..`dynamic_update_slice_c6`.
pub fn dynamic_update_slice(op: Op<'_>) -> Check {
    let ins = op.operands_at_least(2)?;
    let tx = expect_tensor(ins[0], "operand #0")?;
    let tu = expect_tensor(ins[1], "operand #1")?;
    let r = op.result()?;
    let starts = &ins[2..];
    // dynamic_update_slice_c1
    check_inferred("dynamic_update_slice_c1", ins[0], r)?;
    // dynamic_update_slice_c2
    if tu.elem != tx.elem {
        return Err(Fail::new(
            "dynamic_update_slice_c2",
            format!("expects update and operand to have the same element type, got {} and {}", qt(tu), qt(tx)),
        ));
    }
    let (Some(sx), Some(su)) = (shape(tx), shape(tu)) else { return Ok(()) };
    // dynamic_update_slice_c3
    if su.len() != sx.len() {
        return Err(Fail::new(
            "dynamic_update_slice_c3",
            format!("update rank does not match operand rank: {} vs {}.", su.len(), sx.len()),
        ));
    }
    // dynamic_update_slice_c4
    if starts.len() != sx.len() {
        return Err(Fail::new(
            "dynamic_update_slice_c4",
            format!("expects number of start_indices to match operand rank: {} vs {}.", starts.len(), sx.len()),
        ));
    }
    // dynamic_update_slice_c5
    start_indices(starts, 2)?;
    // dynamic_update_slice_c6
    for (i, (&o, &u)) in sx.iter().zip(su).enumerate() {
        if let (Some(o), Some(u)) = (o, u)
            && u > o
        {
            return Err(Fail::new(
                "dynamic_update_slice_c6",
                format!("expects size at dimension {i} of update to be in range [0, {o}]. Got: {u}."),
            ));
        }
    }
    Ok(())
}

/// `pad`: `pad_c1`..`pad_c4`.
pub fn pad(op: Op<'_>) -> Check {
    let [x, v] = op.args::<2>()?;
    let tx = expect_tensor(x, "operand #0")?;
    let tv = expect_tensor(v, "operand #1")?;
    let r = op.result()?;
    let (lo, hi, inner) = (
        op.ints(crate::attrs::stablehlo::Pad::of(op.o).edge_padding_low())?,
        op.ints(crate::attrs::stablehlo::Pad::of(op.o).edge_padding_high())?,
        op.ints(crate::attrs::stablehlo::Pad::of(op.o).interior_padding())?,
    );
    // pad_c1
    if tv.elem != tx.elem {
        return Err(Fail::new(
            "pad_c1",
            format!("expects operand and padding_value to have the same element type, got {} and {}", qt(tx), qt(tv)),
        ));
    }
    if tv.rank().is_some_and(|r| r != 0) {
        // stablehlo_operand_types
        return Err(Fail::new("stablehlo_operand_types", format!("operand #1 must be 0D tensor, but got {}", q(v))));
    }
    let Some(sx) = shape(tx) else { return Ok(()) };
    let rank = sx.len();
    // pad_c2
    if lo.len() != rank {
        return Err(Fail::new(
            "pad_c2",
            format!("edge_padding_low length ({}) must match operand rank ({rank})", lo.len()),
        ));
    }
    if hi.len() != rank {
        return Err(Fail::new(
            "pad_c2",
            format!("edge_padding_high length ({}) must match operand rank ({rank})", hi.len()),
        ));
    }
    if inner.len() != rank {
        return Err(Fail::new(
            "pad_c2",
            format!("interior_padding length ({}) must match operand rank ({rank})", inner.len()),
        ));
    }
    let mut out = vec![];
    for i in 0..rank {
        // pad_c3
        if inner[i] < 0 {
            return Err(Fail::new("pad_c3", format!("Interior padding cannot be negative: {}", inner[i])));
        }
        // pad_c4
        match sx[i] {
            Some(n) => {
                let n = n as i128;
                let size = ((n - 1).max(0))
                    .checked_mul(inner[i] as i128)
                    .and_then(|x| x.checked_add(n + lo[i] as i128 + hi[i] as i128));
                match size {
                    Some(size) if size < 0 => {
                        return Err(Fail::new("pad_c4", format!("Padding result in negative size for dimension {i}")));
                    }
                    Some(size) => out.push(u64::try_from(size).ok()),
                    None => return Err(Fail::new("pad_c4", format!("Padding result overflows for dimension {i}"))),
                }
            }
            None => out.push(None),
        }
    }
    // pad_c1, pad_c4
    check_inferred_parts("pad_c4", "pad_c1", &Type::Tensor(make(out, tx.elem.clone())), r)
}

/// `iota`: `iota_c1`.
pub fn iota(op: Op<'_>) -> Check {
    op.args::<0>()?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let d = op.int(crate::attrs::stablehlo::Iota::of(op.o).iota_dimension())?;
    let Some(rank) = rank(tr) else { return Ok(()) };
    // iota_c1
    if rank == 0 {
        return Err(Fail::new("iota_c1", "does not support scalars."));
    }
    if d < 0 {
        return Err(Fail::new("iota_c1", format!("iota dimension must be non-negative, got: {d}")));
    }
    if d >= rank {
        return Err(Fail::new("iota_c1", "iota dimension cannot go beyond the output rank."));
    }
    Ok(())
}

/// `reverse`: `reverse_c1`..`reverse_c3`.
pub fn reverse(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let tx = expect_tensor(x, "operand #0")?;
    let r = op.result()?;
    let dims = op.ints(crate::attrs::stablehlo::Dimensions::of(op.o).dimensions())?;
    // reverse_c1
    check_inferred("reverse_c1", x, r)?;
    // reverse_c2
    if !is_unique(&dims) {
        return Err(Fail::new("reverse_c2", format!("dimensions should be unique. Got: {}", list(&dims))));
    }
    let Some(rank) = rank(tx) else { return Ok(()) };
    for &d in &dims {
        // reverse_c3
        if d < 0 {
            return Err(Fail::new("reverse_c3", format!("all dimensions should be non-negative. Got dimension: {d}.")));
        }
        if d >= rank {
            return Err(Fail::new(
                "reverse_c3",
                format!("all dimensions should be between [0, {rank}). Got dimension: {d}."),
            ));
        }
    }
    Ok(())
}

/// `get_dimension_size`: `get_dimension_size_c1`, and an `i32` scalar result.
pub fn get_dimension_size(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let tx = expect_tensor(x, "operand #0")?;
    let d = op.int(crate::attrs::stablehlo::Dimension::of(op.o).dimension())?;
    // get_dimension_size_c1
    if let Some(rank) = rank(tx)
        && (d < 0 || d >= rank)
    {
        return Err(Fail::new(
            "get_dimension_size_c1",
            format!("requires dimension attribute in range [0, {rank}); found ({d})"),
        ));
    }
    check_inferred("get_dimension_size_c1", &Type::Tensor(make(vec![], ElemType::I32)), op.result()?)
}

/// `constant`: `constant_c1`.
pub fn constant(op: Op<'_>) -> Check {
    op.args::<0>()?;
    let r = op.result()?;
    let vt = match crate::attrs::stablehlo::Constant::of(op.o).value().raw() {
        Some(Attr::Dense(d)) => &d.ty,
        Some(Attr::DenseResource { ty: Some(t), .. }) => t.as_ref(),
        Some(Attr::DenseResource { ty: None, .. }) => return Ok(()),
        // stablehlo_signature
        _ => return Err(Fail::new("stablehlo_signature", "requires attribute 'value'")),
    };
    // constant_c1: a quantized result holds the constant's storage values,
    // so its shape must agree and its storage type must be the value's.
    if let (Some(tv), Some(tr)) = (tensor(vt), tensor(r))
        && let Some(qr) = quant(&tr.elem)
    {
        if !shape_compat(tv, tr) || !(tv.elem == qr.storage || tv.elem == tr.elem || tv.elem.is_float()) {
            return Err(Fail::new(
                "constant_c1",
                format!("inferred type(s) {} are incompatible with return type(s) of operation {}", q(vt), q(r)),
            ));
        }
        return Ok(());
    }
    check_inferred("constant_c1", vt, r)
}

/// The dynamic-shape ops (`dynamic_broadcast_in_dim`, `dynamic_reshape`,
/// `dynamic_iota`, `real_dynamic_slice`, `dynamic_pad`): operand counts and
/// their shape operands being 1-D integer tensors (`stablehlo_signature`).
pub fn dynamic_shape_op(op: Op<'_>, n: usize, shape_operands: &[usize]) -> Check {
    let ins = op.operands(n)?;
    op.result()?;
    for &i in shape_operands {
        let t = operand_in(ins[i], i, Cats::INT)?;
        if t.rank().is_some_and(|r| r != 1) {
            return Err(Fail::new(
                "stablehlo_signature",
                format!("operand #{i} must be 1D tensor of integer values, but got {}", q(ins[i])),
            ));
        }
    }
    Ok(())
}

/// `dynamic_reshape`: `dynamic_reshape_c1`..`dynamic_reshape_c4`
/// (upstream's `verifyDynamicReshapeOp`).
pub fn dynamic_reshape(op: Op<'_>) -> Check {
    dynamic_shape_op(op, 2, &[1])?;
    let [x, s] = op.args::<2>()?;
    let tx = expect_tensor(x, "operand #0")?;
    let ts = expect_tensor(s, "operand #1")?;
    let r = op.result()?;
    let tr = expect_tensor(r, "result #0")?;
    // dynamic_reshape_c1
    if !is_quant(&tx.elem) && !is_quant(&tr.elem) && !elem_compat(&tx.elem, &tr.elem) {
        return Err(Fail::new(
            "dynamic_reshape_c1",
            format!("expects operand and result to have compatible element type. Got: {} and {}", q(x), q(r)),
        ));
    }
    let count = |t: &TensorType| t.num_elements();
    // dynamic_reshape_c2
    if let (Some(a), Some(b)) = (count(tx), count(tr))
        && a != b
    {
        return Err(Fail::new(
            "dynamic_reshape_c2",
            format!("number of output elements ({b}) doesn't match expected number of elements ({a})"),
        ));
    }
    let shape_const = op.const_ints(1);
    // dynamic_reshape_c4
    if let Some(v) = &shape_const
        && let Some(sr) = shape(tr)
        && (v.len() != sr.len() || v.iter().zip(sr).any(|(&a, &b)| a < 0 || b.is_some_and(|b| b != a as u64)))
    {
        return Err(Fail::new(
            "dynamic_reshape_c4",
            format!("output shape {} is incompatible with return type of operation {}", list(v), q(r)),
        ));
    }
    // dynamic_reshape_c3
    if let (Some(ss), Some(rr)) = (shape(ts), rank(tr))
        && let Some(Some(n)) = ss.first()
        && *n as i64 != rr
    {
        return Err(Fail::new(
            "dynamic_reshape_c3",
            "result should have a rank equal to the number of elements in output_shape",
        ));
    }
    // dynamic_reshape_c2
    if let (Some(a), Some(v)) = (count(tx), &shape_const) {
        let b = v.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d));
        if b != i64::try_from(a).ok() {
            return Err(Fail::new(
                "dynamic_reshape_c2",
                format!(
                    "output_shape is incompatible with input type of operation: input has {a} elements, but output_shape has {}",
                    b.map_or("overflow".into(), |b| b.to_string())
                ),
            ));
        }
    }
    Ok(())
}

/// The static length of a 1-D shape operand (`None` when unranked or `?`).
fn shape_len(t: &Type) -> Option<u64> {
    tensor(t).and_then(shape).and_then(|s| s.first().copied().flatten())
}

/// `dynamic_iota`: `dynamic_iota_c1`, `dynamic_iota_c2`.
pub fn dynamic_iota(op: Op<'_>) -> Check {
    dynamic_shape_op(op, 1, &[0])?;
    let [s] = op.args::<1>()?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let d = op.int(crate::attrs::stablehlo::Iota::of(op.o).iota_dimension())?;
    let Some(n) = shape_len(s) else { return Ok(()) };
    // dynamic_iota_c1
    if d < 0 || d as u64 >= n {
        return Err(Fail::new("dynamic_iota_c1", format!("iota dimension {d} is out of range [0, {n})")));
    }
    // dynamic_iota_c2
    if let Some(r) = rank(tr)
        && r as u64 != n
    {
        return Err(Fail::new(
            "dynamic_iota_c2",
            format!("result rank {r} does not match the size of output_shape ({n})"),
        ));
    }
    Ok(())
}

/// `dynamic_broadcast_in_dim`: `dynamic_broadcast_in_dim_c1`..`dynamic_broadcast_in_dim_c10`
/// except c6 (per-axis quantization of the result), which is not checked yet.
pub fn dynamic_broadcast_in_dim(op: Op<'_>) -> Check {
    dynamic_shape_op(op, 2, &[1])?;
    let [x, dims_operand] = op.args::<2>()?;
    let tx = expect_tensor(x, "operand #0")?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let dims = op.ints(crate::attrs::stablehlo::BroadcastInDim::of(op.o).broadcast_dimensions())?;
    // dynamic_broadcast_in_dim_c1
    if !same_elem_modulo_axis(&tx.elem, &tr.elem) {
        return Err(elem_mismatch("dynamic_broadcast_in_dim_c1", tx, tr));
    }
    let (Some(sx), Some(sr)) = (shape(tx), shape(tr)) else { return Ok(()) };
    broadcast_dimensions(&dims, &sx, &sr, |i, d, n, m| {
        // dynamic_broadcast_in_dim_c5
        if let (Some(n), Some(m)) = (n, m)
            && n != 1
            && n != m
        {
            return Err(Fail::new(
                "dynamic_broadcast_in_dim_c5",
                format!(
                    "size of operand dimension {i} ({n}) is not compatible with size of result dimension {d} ({m})"
                ),
            ));
        }
        Ok(())
    })?;
    // dynamic_broadcast_in_dim_c7
    if let Some(n) = shape_len(dims_operand)
        && n != sr.len() as u64
    {
        return Err(Fail::new(
            "dynamic_broadcast_in_dim_c7",
            format!("result rank ({}) is not equal to number of output dimensions ({n})", sr.len()),
        ));
    }
    let expanding = op
        .ints_opt(crate::attrs::stablehlo::DynamicBroadcastInDim::of(op.o).known_expanding_dimensions())?
        .unwrap_or_default();
    let nonexpanding = op
        .ints_opt(crate::attrs::stablehlo::DynamicBroadcastInDim::of(op.o).known_nonexpanding_dimensions())?
        .unwrap_or_default();
    // dynamic_broadcast_in_dim_c8
    dims_distinct(
        "dynamic_broadcast_in_dim_c8",
        &expanding,
        &nonexpanding,
        "known_expanding_dimensions",
        "known_nonexpanding_dimensions",
    )?;
    // dynamic_broadcast_in_dim_c9
    dims_in_bounds(
        "dynamic_broadcast_in_dim_c9",
        &expanding,
        sx.len() as i64,
        "known_expanding_dimensions",
        "rank-of('operand')",
    )?;
    // dynamic_broadcast_in_dim_c10
    dims_in_bounds(
        "dynamic_broadcast_in_dim_c10",
        &nonexpanding,
        sx.len() as i64,
        "known_nonexpanding_dimensions",
        "rank-of('operand')",
    )
}

/// `real_dynamic_slice`: `real_dynamic_slice_c1`..`real_dynamic_slice_c3`.
pub fn real_dynamic_slice(op: Op<'_>) -> Check {
    dynamic_shape_op(op, 4, &[1, 2, 3])?;
    let ins = op.operand_types();
    let tx = expect_tensor(ins[0], "operand #0")?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    // real_dynamic_slice_c1
    if tx.elem != tr.elem {
        return Err(elem_mismatch("real_dynamic_slice_c1", tx, tr));
    }
    // real_dynamic_slice_c2
    if let Some(r) = rank(tx) {
        for (i, name) in [(1, "start_indices"), (2, "limit_indices"), (3, "strides")] {
            if let Some(n) = shape_len(ins[i])
                && n != r as u64
            {
                return Err(Fail::new(
                    "real_dynamic_slice_c2",
                    format!("has mismatched number of operand rank ({r}) and {name} size ({n})"),
                ));
            }
        }
    }
    // real_dynamic_slice_c3
    let elem = |i: usize| tensor(ins[i]).map(|t| t.elem.clone());
    if elem(1) != elem(2) || elem(1) != elem(3) {
        return Err(Fail::new(
            "real_dynamic_slice_c3",
            "start_indices, limit_indices and strides must have the same element type",
        ));
    }
    Ok(())
}

/// `dynamic_pad`: `dynamic_pad_c1`..`dynamic_pad_c3` (and c4 when the paddings are constants).
pub fn dynamic_pad(op: Op<'_>) -> Check {
    dynamic_shape_op(op, 5, &[2, 3, 4])?;
    let ins = op.operand_types();
    let tx = expect_tensor(ins[0], "operand #0")?;
    let tv = expect_tensor(ins[1], "operand #1")?;
    let r = op.result()?;
    let tr = expect_tensor(r, "result #0")?;
    // dynamic_pad_c1
    if tv.elem != tx.elem || tr.elem != tx.elem {
        return Err(Fail::new(
            "dynamic_pad_c1",
            format!(
                "expects operand, padding_value and result to have the same element type, got {}, {} and {}",
                qt(tx),
                qt(tv),
                qt(tr)
            ),
        ));
    }
    if tv.rank().is_some_and(|r| r != 0) {
        // stablehlo_operand_types
        return Err(Fail::new(
            "stablehlo_operand_types",
            format!("padding value type should be a rank-0 tensor, is rank {}", tv.rank().unwrap_or(0)),
        ));
    }
    let Some(rank) = rank(tx) else { return Ok(()) };
    // dynamic_pad_c2
    for (i, name) in [(2, "edge_padding_low"), (3, "edge_padding_high"), (4, "interior_padding")] {
        if let Some(n) = shape_len(ins[i])
            && n != rank as u64
        {
            return Err(Fail::new("dynamic_pad_c2", format!("{name} length ({n}) must match operand rank ({rank})")));
        }
    }
    // dynamic_pad_c3
    if let Some(inner) = op.const_ints(4)
        && let Some(&v) = inner.iter().find(|&&v| v < 0)
    {
        return Err(Fail::new("dynamic_pad_c3", format!("Interior padding cannot be negative: {v}")));
    }
    Ok(())
}
