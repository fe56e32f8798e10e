//! Shardy's `sdy-explicit-gather-scatter-batching` import pass, for
//! `stablehlo.gather`, as a module transformation: the reading of
//! `transformed_*` functions in shardy-executable's
//! `executable_explicit_gather_scatter_batching` folder.
//!
//! The pass (upstream `explicit_gather_scatter_batching.cc`) recognizes an
//! implicit batch dimension: dimension 0 of the operand and of the start
//! indices have the same size, `start_index_map` maps some index component
//! `k` to operand dimension 0, operand dimension 0 is collapsed, and
//! component `k` of the indices comes from an `iota` along dimension 0
//! (the indices are a `concatenate` along `index_vector_dim` whose `k`-th
//! input, or the indices themselves, is such an iota, looking through
//! `reshape`, `broadcast_in_dim`, `clamp` (its operand) and `select` (the
//! iota side, else the true side)). It then removes component `k` from the
//! indices (dropping that concatenate input, or slicing around it), from
//! `start_index_map` and dimension 0 from `collapsed_slice_dims`, and makes
//! dimension 0 an explicit batching dimension of both. The rewrite runs
//! once per gather (the rewritten gather has batching dims, so upstream's
//! greedy driver does not match it again).
//!
//! Scatter has the same pattern upstream; the corpus has no scatter case in
//! this folder and shardref does not rewrite scatters (a scatter stays as
//! written, which is what upstream does when its pattern does not match).

use shardref_spec::ir::stablehlo::StablehloAttr;
use shardref_spec::ir::{Attr, DenseArray, ElemType, IntAttr, Module, OpId, Span, TensorType, Type, ValueDef, ValueId};
use shardref_spec::ops::{OpKind, OpName, StablehloOp};

fn stablehlo_kind(m: &Module, v: ValueId) -> Option<(StablehloOp, OpId)> {
    let ValueDef::Result { op, .. } = m.value(v).def else { return None };
    match m.op(op).name {
        OpName::Known(OpKind::Stablehlo(k)) => Some((k, op)),
        _ => None,
    }
}

fn shape(m: &Module, v: ValueId) -> Option<Vec<i64>> {
    match m.value_type(v) {
        Type::Tensor(t) => t.static_shape().map(|s| s.into_iter().map(|d| d as i64).collect()),
        _ => None,
    }
}

fn int_attr(m: &Module, op: OpId, name: &str) -> Option<i64> {
    m.op(op).attrs.get(name).and_then(Attr::as_int).map(|v| v as i64)
}

/// Looks through reshape, broadcast_in_dim, clamp and select (upstream's `unwrapReshapes`).
fn unwrap(m: &Module, mut v: ValueId) -> ValueId {
    for _ in 0..m.ops.len() {
        let Some((k, op)) = stablehlo_kind(m, v) else { break };
        let ops = &m.op(op).operands;
        let next = match k {
            StablehloOp::Reshape | StablehloOp::BroadcastInDim => ops.first().copied(),
            StablehloOp::Clamp => ops.get(1).copied(),
            StablehloOp::Select => {
                let on_false = ops.get(2).copied();
                match on_false {
                    Some(f) if matches!(stablehlo_kind(m, f), Some((StablehloOp::Iota, _))) => Some(f),
                    _ => ops.get(1).copied(),
                }
            }
            _ => None,
        };
        match next {
            Some(n) => v = n,
            None => break,
        }
    }
    v
}

/// The concatenate defining `v` along `dim`, if any.
fn concat_along(m: &Module, v: ValueId, dim: i64) -> Option<OpId> {
    match stablehlo_kind(m, v) {
        Some((StablehloOp::Concatenate, op)) if int_attr(m, op, "dimension") == Some(dim) => Some(op),
        _ => None,
    }
}

/// Upstream's `verifyIotaOrigin`.
fn iota_origin(m: &Module, indices: ValueId, ivd: i64, k: usize) -> bool {
    let mut v = indices;
    if let Some((StablehloOp::Concatenate, op)) = stablehlo_kind(m, indices) {
        if int_attr(m, op, "dimension") != Some(ivd) || k >= m.op(op).operands.len() {
            return false;
        }
        v = m.op(op).operands[k];
    }
    let u = unwrap(m, v);
    matches!(stablehlo_kind(m, u), Some((StablehloOp::Iota, op)) if int_attr(m, op, "iota_dimension") == Some(0))
}

/// Inserts a new single-result op before `before` in its block.
fn insert_before(
    m: &mut Module,
    before: OpId,
    kind: StablehloOp,
    operands: Vec<ValueId>,
    attrs: Vec<(&str, Attr)>,
    ty: Type,
) -> ValueId {
    let op = m.add_op(OpName::Known(OpKind::Stablehlo(kind)), Span::NONE);
    m.op_mut(op).operands = operands;
    for (k, a) in attrs {
        m.op_mut(op).attrs.insert(k, a);
    }
    let v = m.add_result(op, ty, Span::NONE);
    if let Some(b) = m.op(before).parent {
        let pos = m.block(b).ops.iter().position(|&o| o == before).unwrap_or(0);
        m.ops[op.index()].parent = Some(b);
        m.blocks[b.index()].ops.insert(pos, op);
    }
    v
}

fn i64_attr(v: i64) -> Attr {
    Attr::Int(IntAttr { value: i128::from(v), ty: Some(ElemType::I64) })
}

/// Upstream's `sliceAndConcatenateIndices`: the indices without component `k`.
fn without_component(m: &mut Module, gather: OpId, indices: ValueId, ivd: i64, k: usize) -> Option<ValueId> {
    let sh = shape(m, indices)?;
    let elem = match m.value_type(indices) {
        Type::Tensor(t) => t.elem.clone(),
        _ => return None,
    };
    let d = usize::try_from(ivd).ok()?;
    let total = sh[d];
    let mut reduced = sh.clone();
    reduced[d] -= 1;
    let ty = |s: &[i64]| Type::Tensor(TensorType::ranked(s.iter().map(|&x| x as u64).collect(), elem.clone()));
    let concat = |m: &mut Module, parts: Vec<ValueId>| {
        if parts.len() == 1 {
            return parts[0];
        }
        insert_before(m, gather, StablehloOp::Concatenate, parts, vec![("dimension", i64_attr(ivd))], ty(&reduced))
    };
    if let Some(c) = concat_along(m, indices, ivd) {
        if m.op(c).operands.len() as i64 == total {
            let mut parts = m.op(c).operands.clone();
            parts.remove(k);
            return Some(concat(m, parts));
        }
    }
    let mut parts = vec![];
    for (lo, hi) in [(0, k as i64), (k as i64 + 1, total)] {
        if lo >= hi {
            continue;
        }
        let mut start = vec![0i64; sh.len()];
        let mut limit = sh.clone();
        start[d] = lo;
        limit[d] = hi;
        let mut part_shape = sh.clone();
        part_shape[d] = hi - lo;
        let attrs = vec![
            ("start_indices", Attr::DenseArray(DenseArray::i64s(start))),
            ("limit_indices", Attr::DenseArray(DenseArray::i64s(limit))),
            ("strides", Attr::DenseArray(DenseArray::i64s(vec![1; sh.len()]))),
        ];
        parts.push(insert_before(m, gather, StablehloOp::Slice, vec![indices], attrs, ty(&part_shape)));
    }
    Some(concat(m, parts))
}

/// Rewrites one gather if the pattern matches; returns whether it did.
fn rewrite_gather(m: &mut Module, g: OpId) -> bool {
    let Some(StablehloAttr::Gather(dims)) =
        m.op(g).attrs.get("dimension_numbers").and_then(Attr::as_stablehlo).cloned()
    else {
        return false;
    };
    if !dims.operand_batching_dims.is_empty() {
        return false;
    }
    let [operand, indices] = m.op(g).operands[..] else { return false };
    let (Some(os), Some(is)) = (shape(m, operand), shape(m, indices)) else { return false };
    if os.is_empty() || is.is_empty() {
        return false;
    }
    let ivd = dims.index_vector_dim;
    if ivd < 0 || ivd as usize >= is.len() || is[ivd as usize] <= 1 {
        return false;
    }
    if is[0] != os[0] {
        return false;
    }
    let Some(k) = dims.start_index_map.iter().position(|&d| d == 0) else { return false };
    if !iota_origin(m, indices, ivd, k) {
        return false;
    }
    let Some(c) = dims.collapsed_slice_dims.iter().position(|&d| d == 0) else { return false };
    let Some(new_indices) = without_component(m, g, indices, ivd, k) else { return false };
    let mut nd = dims;
    nd.start_index_map.remove(k);
    nd.collapsed_slice_dims.remove(c);
    nd.operand_batching_dims = vec![0];
    nd.start_indices_batching_dims = vec![0];
    let o = m.op_mut(g);
    o.operands[1] = new_indices;
    o.attrs.insert("dimension_numbers", Attr::Stablehlo(Box::new(StablehloAttr::Gather(nd))));
    true
}

/// Applies the gather rewrite to every gather in function `func`; returns how many matched.
pub fn explicit_gather_batching(m: &mut Module, func: OpId) -> usize {
    let mut gathers = vec![];
    let mut stack = vec![func];
    while let Some(op) = stack.pop() {
        if m.op(op).name == OpName::Known(OpKind::Stablehlo(StablehloOp::Gather)) {
            gathers.push(op);
        }
        for &r in &m.op(op).regions {
            for &b in &m.region(r).blocks {
                stack.extend(m.block(b).ops.iter().copied());
            }
        }
    }
    gathers.into_iter().filter(|&g| rewrite_gather(m, g)).count()
}
