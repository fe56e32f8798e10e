//! CHLO type rules, and those of the MHLO ops XLA leaves in StableHLO
//! modules: the shape rules of openxla/stablehlo `ChloOps.td` and
//! `ChloOps.cpp` (ODS operand types, `inferReturnTypeComponents`,
//! `verify`), so that the interpreter never meets an ill-typed CHLO op.
//!
//! CHLO has no spec with numbered constraints; its labels (`chlo_*` in
//! `rules::RULES`) number the rules of each family here. MHLO's math ops
//! and `mhlo.topk` are their CHLO counterparts and share their labels.
//!
//! Where upstream infers an unranked result instead of rejecting the op
//! (illegal `broadcast_dimensions`, shapes that do not broadcast), shardref
//! rejects it (`chlo_broadcast_c2`): its interpreter cannot run such an op,
//! and every ranked result type would otherwise be accepted.

use shardref_spec::Diagnostic;
use shardref_spec::ir::stablehlo::StablehloAttr;
use shardref_spec::ir::{Attr, Dim, ElemType, OpId, Signedness, TensorType, Type};
use shardref_spec::ops::{ChloOp, MhloOp};

use crate::stablehlo::common::*;
use crate::stablehlo::elementwise::{Cats, operand_in};
use crate::{Check, Cx, Fail};

const FLOAT: Cats = Cats::FLOAT;
const FC: Cats = Cats::FLOAT.or(Cats::COMPLEX);
const NUM: Cats = Cats::INT.or(Cats::FLOAT).or(Cats::COMPLEX);
const LOGIC: Cats = Cats::BOOL.or(Cats::INT);

/// `chlo_operand_types`: operand `i` is a tensor of `cats` (ODS's operand
/// constraints, in its words).
fn operand(t: &Type, i: usize, cats: Cats) -> Result<&TensorType, Fail> {
    operand_in(t, i, cats).map_err(|f| f.relabel("chlo_operand_types"))
}

/// A unary op whose result has its operand's type (`chlo_unary_c1`).
fn unary(op: Op<'_>, cats: Cats) -> Check {
    let [x] = op.args::<1>()?;
    operand(x, 0, cats)?;
    // chlo_unary_c1
    check_inferred("chlo_unary_c1", x, op.result()?)
}

/// `is_inf`, `is_neg_inf`, `is_pos_inf`: an `i1` tensor of the operand's shape.
fn is_inf(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let t = operand(x, 0, FLOAT)?;
    // chlo_is_inf_c1
    let i1 = ElemType::Int { width: 1, signedness: Signedness::Signless };
    check_inferred("chlo_is_inf_c1", &Type::Tensor(TensorType { elem: i1, ..t.clone() }), op.result()?)
}

/// `mulhi`, `next_after`, `polygamma`, `zeta`: operands and result of one type.
fn binary(op: Op<'_>, cats: Cats) -> Check {
    let [a, b] = op.args::<2>()?;
    operand(a, 0, cats)?;
    operand(b, 1, cats)?;
    let r = op.result()?;
    // chlo_binary_c1
    if !type_compat(a, b) {
        return Err(Fail::new("chlo_binary_c1", "requires compatible types for all operands and results"));
    }
    check_inferred("chlo_binary_c1", a, r)
}

/// Two dimensions broadcast together (`getBroadcastedShape`): equal, or one is 1.
fn broadcast_dim(x: Dim, y: Dim) -> Option<Dim> {
    match (x, y) {
        (Some(a), Some(b)) if a == b => Some(Some(a)),
        (Some(1), d) | (d, Some(1)) => Some(d),
        (Some(_), Some(_)) => None,
        (None, Some(n)) | (Some(n), None) => Some(Some(n)),
        (None, None) => Some(None),
    }
}

/// NumPy broadcasting of shapes aligned at their last dimension.
fn numpy_broadcast(shapes: &[&[Dim]]) -> Option<Vec<Dim>> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![Some(1); rank];
    for s in shapes {
        let pad = rank - s.len();
        for (i, &d) in s.iter().enumerate() {
            out[pad + i] = broadcast_dim(out[pad + i], d)?;
        }
    }
    Some(out)
}

/// The shape two operands broadcast to (`getBroadcastTypeWithBroadcastDimensions`):
/// with `broadcast_dimensions`, the lower-rank operand's dimension `i` lines
/// up with the other's `broadcast_dimensions[i]`; without, NumPy's rule.
fn broadcast_pair(a: &[Dim], b: &[Dim], dims: Option<&[i64]>) -> Result<Vec<Dim>, Fail> {
    let bad = || {
        Fail::new(
            "chlo_broadcast_c2",
            format!("shapes {} and {} cannot be broadcast together", dims_str(a), dims_str(b)),
        )
    };
    let Some(dims) = dims else { return numpy_broadcast(&[a, b]).ok_or_else(bad) };
    let (small, large) = if a.len() < b.len() { (a, b) } else { (b, a) };
    if a.len() == b.len() {
        // The interpreter aligns operands of equal rank dimension by dimension.
        if dims.iter().enumerate().any(|(i, &d)| d != i as i64) || dims.len() != a.len() {
            return Err(Fail::new(
                "chlo_broadcast_c2",
                format!("broadcast_dimensions {} must be the identity for operands of equal rank", list(dims)),
            ));
        }
        return numpy_broadcast(&[a, b]).ok_or_else(bad);
    }
    if dims.len() != small.len() {
        return Err(Fail::new(
            "chlo_broadcast_c2",
            format!(
                "broadcast_dimensions {} must have one entry per dimension of the lower-rank operand (rank {})",
                list(dims),
                small.len()
            ),
        ));
    }
    if !is_unique(dims) || dims.iter().any(|&d| d < 0 || d >= large.len() as i64) {
        return Err(Fail::new(
            "chlo_broadcast_c2",
            format!(
                "broadcast_dimensions {} must be unique dimensions of the higher-rank operand (rank {})",
                list(dims),
                large.len()
            ),
        ));
    }
    let mut out = large.to_vec();
    for (i, &d) in dims.iter().enumerate() {
        out[d as usize] = broadcast_dim(small[i], large[d as usize]).ok_or_else(bad)?;
    }
    Ok(out)
}

/// What a broadcasting binary op's result element type is.
enum ResultElem {
    /// The operands' element type.
    Same,
    /// `complex<E>` (`broadcast_complex`).
    Complex,
    /// `i1` (`broadcast_compare`).
    Pred,
}

/// The broadcasting binary ops (`InferBroadcastBinaryOpReturnTypeComponents`).
fn broadcast_binary(op: Op<'_>, cats: Cats, elem: ResultElem) -> Check {
    let [a, b] = op.args::<2>()?;
    let ta = operand(a, 0, cats)?;
    let tb = operand(b, 1, cats)?;
    let r = expect_tensor(op.result()?, "result #0")?;
    // chlo_broadcast_c1
    if !elem_compat(&ta.elem, &tb.elem) {
        return Err(Fail::new("chlo_broadcast_c1", "mismatched operand types"));
    }
    let dims = op.ints_opt(crate::attrs::chlo::Broadcasting::of(op.o).broadcast_dimensions())?;
    let want_elem = match elem {
        ResultElem::Same => ta.elem.clone(),
        ResultElem::Complex => ElemType::Complex(Box::new(ta.elem.clone())),
        ResultElem::Pred => ElemType::Int { width: 1, signedness: Signedness::Signless },
    };
    // chlo_broadcast_c3
    if !elem_compat(&want_elem, &r.elem) {
        return Err(Fail::new(
            "chlo_broadcast_c3",
            format!("inferred element type {want_elem} is incompatible with return type of operation {}", qt(r)),
        ));
    }
    let (Some(sa), Some(sb)) = (shape(ta), shape(tb)) else { return Ok(()) };
    // chlo_broadcast_c2
    let out = broadcast_pair(sa, sb, dims.as_deref())?;
    // chlo_broadcast_c3
    check_inferred_shape("chlo_broadcast_c3", &out, r)
}

/// `broadcast_select`: `chlo_broadcast_select_c1`, `chlo_broadcast_select_c2`.
fn broadcast_select(op: Op<'_>) -> Check {
    let [p, a, b] = op.args::<3>()?;
    let tp = operand(p, 0, Cats::BOOL)?;
    let ta = operand(a, 1, Cats::ANY)?;
    let tb = operand(b, 2, Cats::ANY)?;
    let r = expect_tensor(op.result()?, "result #0")?;
    // chlo_broadcast_select_c1
    if ta.elem != tb.elem || !elem_compat(&ta.elem, &r.elem) {
        return Err(Fail::new("chlo_broadcast_select_c1", "mismatched operand types"));
    }
    let (Some(sp), Some(sa), Some(sb)) = (shape(tp), shape(ta), shape(tb)) else { return Ok(()) };
    // chlo_broadcast_select_c2
    let Some(out) = numpy_broadcast(&[sp, sa, sb]) else {
        return Err(Fail::new(
            "chlo_broadcast_select_c2",
            format!("shapes {}, {} and {} cannot be broadcast together", dims_str(sp), dims_str(sa), dims_str(sb)),
        ));
    };
    check_inferred_shape("chlo_broadcast_select_c2", &out, r)
}

/// `constant_like`: a scalar `value` of the result's element type, and the
/// operand's shape.
fn constant_like(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let t = operand(x, 0, Cats::ANY)?;
    let r = expect_tensor(op.result()?, "result #0")?;
    let value_ty = match crate::attrs::chlo::Constant::of(op.o).value().raw() {
        Some(Attr::Float(f)) => Some(ElemType::Float(f.kind)),
        Some(Attr::Int(i)) => Some(i.ty.clone().unwrap_or(ElemType::I64)),
        Some(Attr::Bool(_)) => Some(ElemType::Int { width: 1, signedness: Signedness::Signless }),
        Some(Attr::Dense(d)) => tensor(&d.ty).map(|t| t.elem.clone()),
        Some(_) => None,
        None => return Err(Fail::new("stablehlo_signature", "requires attribute 'value'")),
    };
    // chlo_constant_like_c1
    if value_ty.as_ref() != Some(&r.elem) {
        return Err(Fail::new("chlo_constant_like_c1", "value's type doesn't match element return type"));
    }
    // chlo_constant_like_c2
    check_inferred(
        "chlo_constant_like_c2",
        &Type::Tensor(TensorType { elem: r.elem.clone(), ..t.clone() }),
        op.result()?,
    )
}

/// `top_k` (and `mhlo.topk`): `inferTopKOp`.
fn top_k(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let t = operand(x, 0, Cats::INT.or(Cats::FLOAT))?;
    let rs = op.results(2)?;
    let k = op.int(crate::attrs::chlo::TopK::of(op.o).k())?;
    let Some(s) = shape(t) else { return Ok(()) };
    // chlo_top_k_c1
    let Some((&last, outer)) = s.split_last() else {
        return Err(Fail::new("chlo_top_k_c1", "operand's rank must be at least 1"));
    };
    // chlo_top_k_c2
    let Some(n) = last else {
        return Err(Fail::new("chlo_top_k_c2", "operand's last dimension must be static"));
    };
    if k < 0 || n < k as u64 {
        return Err(Fail::new("chlo_top_k_c2", format!("operand's last dimension must be at least {k}")));
    }
    let mut out = outer.to_vec();
    out.push(Some(k as u64));
    let i32 = ElemType::Int { width: 32, signedness: Signedness::Signless };
    // chlo_top_k_c3
    check_inferred("chlo_top_k_c3", &Type::Tensor(make(out.clone(), t.elem.clone())), rs[0])?;
    check_inferred("chlo_top_k_c3", &Type::Tensor(make(out, i32)), rs[1])
}

/// `ragged_dot` (`inferRaggedDotOp`, `checkRaggedDotConstraints`).
fn ragged_dot(op: Op<'_>) -> Check {
    let [a, b, g] = op.args::<3>()?;
    let ta = operand(a, 0, NUM)?;
    let tb = operand(b, 1, NUM)?;
    let tg = operand(g, 2, Cats::INT)?;
    let r = expect_tensor(op.result()?, "result #0")?;
    let Some(StablehloAttr::RaggedDot(d)) = crate::attrs::chlo::RaggedDot::of(op.o)
        .ragged_dot_dimension_numbers()
        .raw()
        .and_then(shardref_spec::ir::Attr::as_stablehlo)
    else {
        return Err(Fail::new("stablehlo_signature", "requires attribute 'ragged_dot_dimension_numbers'"));
    };
    let (lb, rb, lc, rc) = (
        &d.lhs_batching_dimensions,
        &d.rhs_batching_dimensions,
        &d.lhs_contracting_dimensions,
        &d.rhs_contracting_dimensions,
    );
    // chlo_ragged_dot_c1 (checkDotGeneralConstraints)
    if lb.len() != rb.len() {
        return Err(Fail::new("chlo_ragged_dot_c1", "lhs and rhs should have the same number of batching dimensions"));
    }
    if lc.len() != rc.len() {
        return Err(Fail::new(
            "chlo_ragged_dot_c1",
            "lhs and rhs should have the same number of contracting dimensions",
        ));
    }
    dims_distinct("chlo_ragged_dot_c1", lb, lc, "lhs_batching_dimensions", "lhs_contracting_dimensions")?;
    dims_distinct("chlo_ragged_dot_c1", rb, rc, "rhs_batching_dimensions", "rhs_contracting_dimensions")?;
    let (Some(sa), Some(sb), Some(sg)) = (shape(ta), shape(tb), shape(tg)) else { return Ok(()) };
    let (ra, rb_) = (sa.len() as i64, sb.len() as i64);
    dims_in_bounds("chlo_ragged_dot_c1", lb, ra, "lhs_batching_dimensions", "lhs_rank")?;
    dims_in_bounds("chlo_ragged_dot_c1", lc, ra, "lhs_contracting_dimensions", "lhs_rank")?;
    dims_in_bounds("chlo_ragged_dot_c1", rb, rb_, "rhs_batching_dimensions", "rhs_rank")?;
    dims_in_bounds("chlo_ragged_dot_c1", rc, rb_, "rhs_contracting_dimensions", "rhs_rank")?;
    for (x, y) in lb.iter().zip(rb.iter()).chain(lc.iter().zip(rc.iter())) {
        if !dim_compat(sa[*x as usize], sb[*y as usize]) {
            return Err(Fail::new(
                "chlo_ragged_dot_c1",
                "batching and contracting dimension sizes must match between lhs and rhs",
            ));
        }
    }
    // chlo_ragged_dot_c2
    let [ragged] = d.lhs_ragged_dimensions[..] else {
        return Err(Fail::new("chlo_ragged_dot_c2", "There must be exactly one ragged dimension in the lhs."));
    };
    dim_in_bounds("chlo_ragged_dot_c2", ragged, ra, "lhs_ragged_dim", "lhs_rank", false)?;
    // The three modes: ragged in a batching, a contracting or a free dimension.
    let batch = lb.contains(&ragged);
    let contracting = lc.contains(&ragged);
    // chlo_ragged_dot_c3: group_sizes is [g] or [b..., x..., g].
    let prefix: Vec<i64> = if batch {
        lb.iter().take_while(|&&x| x != ragged).copied().collect()
    } else if contracting {
        lb.iter().copied().chain(lc.iter().take_while(|&&x| x != ragged).copied()).collect()
    } else {
        lb.iter().copied().chain((0..ragged).filter(|i| !lb.contains(i) && !lc.contains(i))).collect()
    };
    let Some((&groups, given_prefix)) = sg.split_last() else {
        return Err(Fail::new("chlo_ragged_dot_c3", "expected group_sizes to have rank 1, got 0"));
    };
    if sg.len() != 1 {
        if sg.len() != prefix.len() + 1 {
            return Err(Fail::new(
                "chlo_ragged_dot_c3",
                format!("expected group_sizes to have rank {}, got {}", prefix.len() + 1, sg.len()),
            ));
        }
        let want: Vec<Dim> = prefix.iter().map(|&p| sa[p as usize]).collect();
        if !dims_compat(&want, given_prefix) {
            return Err(Fail::new(
                "chlo_ragged_dot_c3",
                format!(
                    "group_sizes is expected to have shape {} followed by the group count, got {}",
                    dims_str(&want),
                    dims_str(sg)
                ),
            ));
        }
    }
    // chlo_ragged_dot_c4
    let rg = &d.rhs_group_dimensions;
    dims_in_bounds("chlo_ragged_dot_c4", rg, rb_, "rhs_group_dim", "rhs_rank")?;
    dims_distinct("chlo_ragged_dot_c4", rg, rb, "rhs_group_dimensions", "rhs_batching_dimensions")?;
    dims_distinct("chlo_ragged_dot_c4", rg, rc, "rhs_group_dimensions", "rhs_contracting_dimensions")?;
    if batch || contracting {
        if !rg.is_empty() {
            return Err(Fail::new(
                "chlo_ragged_dot_c4",
                "There must be zero group dimensions in the rhs when the ragged dimension is batch or contracting.",
            ));
        }
    } else {
        let [gd] = rg[..] else {
            return Err(Fail::new(
                "chlo_ragged_dot_c4",
                "There must be exactly one group dimension in the rhs when the lhs ragged dimension is non-contracting.",
            ));
        };
        if !dim_compat(groups, sb[gd as usize]) {
            let s = |x: Dim| x.map_or("?".to_string(), |v| v.to_string());
            return Err(Fail::new(
                "chlo_ragged_dot_c4",
                format!("rhs group dimension is expected to have size={}, got {}", s(groups), s(sb[gd as usize])),
            ));
        }
    }
    // chlo_ragged_dot_c5: [g if contracting] ++ batch ++ lhs free ++ rhs free.
    let mut out: Vec<Dim> = vec![];
    if contracting {
        out.push(groups);
    }
    out.extend(lb.iter().map(|&x| sa[x as usize]));
    out.extend((0..ra).filter(|i| !lb.contains(i) && !lc.contains(i)).map(|i| sa[i as usize]));
    out.extend((0..rb_).filter(|i| !rb.contains(i) && !rc.contains(i) && !rg.contains(i)).map(|i| sb[i as usize]));
    check_inferred_shape("chlo_ragged_dot_c5", &out, r)
}

/// `scan` (`ScanOp::verify`, `ScanOp::inferReturnTypeComponents`): N inputs
/// and M inits (`operandSegmentSizes`), K outputs and M carries
/// (`resultSegmentSizes`); the body takes the inputs' slices along
/// `dimension` and the carries, and returns K output slices and M carries.
fn scan(op: Op<'_>) -> Check {
    let ins = op.operand_types();
    let outs = op.result_types();
    let scan = crate::attrs::chlo::Scan::of(op.o);
    let seg = |field: crate::attrs::Field<'_, crate::attrs::kind::Ints>,
               total: usize|
     -> Result<(usize, usize), Fail> {
        let name = field.name;
        match op.ints_opt(field)?.as_deref() {
            Some(&[a, b]) if a >= 0 && b >= 0 && (a + b) as usize == total => Ok((a as usize, b as usize)),
            Some(_) => Err(Fail::new("stablehlo_signature", format!("'{name}' does not match the number of values"))),
            None => Err(Fail::new("stablehlo_signature", format!("requires attribute '{name}'"))),
        }
    };
    let (n_in, n_init) = seg(scan.operand_segment_sizes(), ins.len())?;
    let (n_out, n_carry) = seg(scan.result_segment_sizes(), outs.len())?;
    // chlo_scan_c1
    if n_carry != n_init {
        return Err(Fail::new("chlo_scan_c1", format!("expects {n_init} carries (one per init), got {n_carry}")));
    }
    if n_in == 0 && n_out == 0 {
        return Err(Fail::new("chlo_scan_c1", "at least one of inputs or outputs must be present"));
    }
    op.regions(1)?;
    let dim = op.int(crate::attrs::chlo::Scan::of(op.o).dimension())?;
    // chlo_scan_c2
    let mut size: Option<u64> =
        op.int_opt(crate::attrs::chlo::Scan::of(op.o).scan_dim_size())?.and_then(|s| u64::try_from(s).ok());
    let mut size_dim: Dim = size;
    for (i, t) in ins[..n_in].iter().enumerate() {
        let Some(s) = tensor(t).and_then(shape) else {
            return Err(Fail::new("chlo_scan_c2", format!("operand {i} is not ranked")));
        };
        if dim < 0 || dim >= s.len() as i64 {
            return Err(Fail::new("chlo_scan_c2", format!("scan dimension of operand {i} is out of bounds")));
        }
        let Some(n) = s[dim as usize] else { continue };
        if size.is_some_and(|m| m != n) {
            return Err(Fail::new("chlo_scan_c2", format!("invalid scan dimension size of operand {i}")));
        }
        size = Some(n);
        size_dim = Some(n);
    }
    if n_in == 0 && size.is_none() {
        return Err(Fail::new("chlo_scan_c2", "a scan without inputs needs 'scan_dim_size'"));
    }
    let Some((args, rets)) = op.region_signature(0) else {
        return Err(Fail::new("stablehlo_signature", "expects a non-empty body"));
    };
    // chlo_scan_c3
    if args.len() != ins.len() {
        return Err(Fail::new(
            "chlo_scan_c3",
            format!("expects {} arguments in the body, but got {}", ins.len(), args.len()),
        ));
    }
    for (i, (t, arg)) in ins.iter().zip(&args).enumerate() {
        let want = if i < n_in {
            let Some(tt) = tensor(t) else { continue };
            let mut s = shape(tt).map(<[Dim]>::to_vec).unwrap_or_default();
            s.remove(dim as usize);
            Type::Tensor(make(s, tt.elem.clone()))
        } else {
            (*t).clone()
        };
        if !type_compat(&want, arg) {
            return Err(Fail::new("chlo_scan_c3", format!("operand and body argument {i} are incompatible")));
        }
    }
    // chlo_scan_c4
    if rets.len() != outs.len() {
        return Err(Fail::new(
            "chlo_scan_c4",
            format!("ScanOp body must return {} values (outputs then carries), got {}", outs.len(), rets.len()),
        ));
    }
    for (i, (ret, out)) in rets.iter().zip(&outs).enumerate() {
        let inferred = if i < n_out {
            let Some(tt) = tensor(ret) else { continue };
            let mut s = shape(tt).map(<[Dim]>::to_vec).unwrap_or_default();
            if dim as usize > s.len() {
                return Err(Fail::new(
                    "chlo_scan_c4",
                    format!("scan dimension is out of bounds for terminator operand {i}"),
                ));
            }
            s.insert(dim as usize, size_dim);
            Type::Tensor(make(s, tt.elem.clone()))
        } else {
            (*ret).clone()
        };
        check_inferred("chlo_scan_c4", &inferred, out)?;
    }
    Ok(())
}

/// The checks of one CHLO op.
pub fn check(op: Op<'_>, k: ChloOp) -> Check {
    use ChloOp as C;
    match k {
        C::AsinAcosKernel => unary(op, Cats::COMPLEX),
        C::Acos | C::Acosh | C::Asin | C::Asinh | C::Atan | C::Atanh => unary(op, FC),
        C::BesselI1e | C::Conj | C::Cosh | C::Sinh | C::Tan | C::Square => unary(op, FC),
        C::Digamma | C::Erf | C::ErfInv | C::Erfc | C::Lgamma => unary(op, FLOAT),
        C::IsInf | C::IsNegInf | C::IsPosInf => is_inf(op),
        C::Mulhi => binary(op, Cats::INT),
        C::NextAfter | C::Polygamma | C::Zeta => binary(op, FLOAT),
        C::BroadcastAdd | C::BroadcastMaximum | C::BroadcastMinimum | C::BroadcastMultiply => {
            broadcast_binary(op, Cats::ANY, ResultElem::Same)
        }
        C::BroadcastDivide | C::BroadcastPower | C::BroadcastRemainder | C::BroadcastSubtract => {
            broadcast_binary(op, NUM, ResultElem::Same)
        }
        C::BroadcastAtan2 => broadcast_binary(op, FC, ResultElem::Same),
        C::BroadcastAnd | C::BroadcastOr | C::BroadcastXor => broadcast_binary(op, LOGIC, ResultElem::Same),
        C::BroadcastShiftLeft | C::BroadcastShiftRightArithmetic | C::BroadcastShiftRightLogical => {
            broadcast_binary(op, Cats::INT, ResultElem::Same)
        }
        C::BroadcastNextAfter | C::BroadcastPolygamma | C::BroadcastZeta => {
            broadcast_binary(op, FLOAT, ResultElem::Same)
        }
        C::BroadcastComplex => broadcast_binary(op, FLOAT, ResultElem::Complex),
        C::BroadcastCompare => broadcast_binary(op, Cats::ANY, ResultElem::Pred),
        C::BroadcastSelect => broadcast_select(op),
        C::Constant => crate::stablehlo::shape::constant(op)
            .map_err(|f| if f.code == "constant_c1" { f.relabel("chlo_constant_c1") } else { f }),
        C::ConstantLike => constant_like(op),
        C::TopK => top_k(op),
        C::RaggedDot => ragged_dot(op),
        C::Scan => scan(op),
    }
}

/// The checks of one MHLO op: the math ops and `topk` as their CHLO
/// counterparts; `copy`, `add_dependency` and `domain` pass their first
/// operand through; `bitcast` keeps the number of bits.
pub fn check_mhlo(op: Op<'_>, k: MhloOp) -> Check {
    use MhloOp as M;
    match k {
        M::Acos | M::Acosh | M::Asin | M::Asinh | M::Atanh | M::Cosh | M::Sinh => unary(op, FC),
        M::Erf => unary(op, FLOAT),
        M::TopK => top_k(op),
        M::Copy | M::Domain => {
            let [x] = op.args::<1>()?;
            // mhlo_pass_through_c1
            check_inferred("mhlo_pass_through_c1", x, op.result()?)
        }
        M::AddDependency => {
            let [x, t] = op.args::<2>()?;
            // stablehlo_operand_types: the second operand is a token.
            if *t != Type::Token {
                return Err(Fail::new(
                    "stablehlo_operand_types",
                    format!("operand #1 must be token, but got {}", q(t)),
                ));
            }
            // mhlo_pass_through_c1
            check_inferred("mhlo_pass_through_c1", x, op.result()?)
        }
        M::Bitcast => {
            let [x] = op.args::<1>()?;
            let tx = expect_tensor(x, "operand #0")?;
            let r = expect_tensor(op.result()?, "result #0")?;
            let bits = |t: &TensorType| -> Option<u128> {
                let n: u128 = shape(t)?.iter().try_fold(1u128, |acc, d| d.map(|d| acc.saturating_mul(d as u128)))?;
                Some(n.saturating_mul(bit_width(&t.elem)? as u128))
            };
            // mhlo_bitcast_c1
            match (bits(tx), bits(r)) {
                (Some(a), Some(b)) if a == b => Ok(()),
                _ => Err(Fail::new(
                    "mhlo_bitcast_c1",
                    format!(
                        "expects static operand and result types of the same size in bits, got {} and {}",
                        qt(tx),
                        qt(r)
                    ),
                )),
            }
        }
    }
}

/// Verifies one CHLO op, as a located diagnostic.
pub fn verify_op(cx: &Cx<'_>, op: OpId, k: ChloOp) -> Result<(), Diagnostic> {
    check(Op::new(cx.m, op), k).map_err(|f| cx.op_error(op, f))
}

/// Verifies one MHLO op, as a located diagnostic.
pub fn verify_mhlo_op(cx: &Cx<'_>, op: OpId, k: MhloOp) -> Result<(), Diagnostic> {
    check_mhlo(Op::new(cx.m, op), k).map_err(|f| cx.op_error(op, f))
}
