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

fn int_attr(m: &Module, op: OpId, name: &'static str) -> Option<i64> {
    shardref_spec::schema::Field::<shardref_spec::schema::kind::Int>::new(m.op(op), name).get()
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
        Some((StablehloOp::Concatenate, op))
            if int_attr(m, op, shardref_spec::schema::keys::DIMENSION) == Some(dim) =>
        {
            Some(op)
        }
        _ => None,
    }
}

/// Upstream's `verifyIotaOrigin`.
fn iota_origin(m: &Module, indices: ValueId, ivd: i64, k: usize) -> bool {
    let mut v = indices;
    if let Some((StablehloOp::Concatenate, op)) = stablehlo_kind(m, indices) {
        if int_attr(m, op, shardref_spec::schema::keys::DIMENSION) != Some(ivd) || k >= m.op(op).operands.len() {
            return false;
        }
        v = m.op(op).operands[k];
    }
    let u = unwrap(m, v);
    matches!(stablehlo_kind(m, u), Some((StablehloOp::Iota, op)) if int_attr(m, op, shardref_spec::schema::keys::IOTA_DIMENSION) == Some(0))
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
    if let Some(c) = concat_along(m, indices, ivd)
        && m.op(c).operands.len() as i64 == total
        && k < m.op(c).operands.len()
    {
        let mut parts = m.op(c).operands.clone();
        parts.remove(k);
        return Some(concat(m, parts));
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
            (shardref_spec::schema::keys::START_INDICES, Attr::DenseArray(DenseArray::i64s(start))),
            (shardref_spec::schema::keys::LIMIT_INDICES, Attr::DenseArray(DenseArray::i64s(limit))),
            (shardref_spec::schema::keys::STRIDES, Attr::DenseArray(DenseArray::i64s(vec![1; sh.len()]))),
        ];
        parts.push(insert_before(m, gather, StablehloOp::Slice, vec![indices], attrs, ty(&part_shape)));
    }
    Some(concat(m, parts))
}

/// Rewrites one gather if the pattern matches; returns whether it did.
fn rewrite_gather(m: &mut Module, g: OpId) -> bool {
    let Some(StablehloAttr::Gather(dims)) = shardref_spec::schema::stablehlo::Gather::of(m.op(g))
        .dimension_numbers()
        .raw()
        .and_then(Attr::as_stablehlo)
        .cloned()
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
    o.attrs
        .insert(shardref_spec::schema::keys::DIMENSION_NUMBERS, Attr::Stablehlo(Box::new(StablehloAttr::Gather(nd))));
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

#[cfg(test)]
mod tests {
    use super::*;
    use shardref_interp::{Buffer, Limits, Tensor, Value};
    use shardref_spec::ir::ElemType;

    // Row r of the operand is indexed by iota (component 1 of the index
    // vector) and its column by %cols (component 0).
    const TEXT: &str = r#"
func.func @f(%operand: tensor<3x5xi32>, %cols: tensor<3x1xi32>) -> tensor<3x1xi32> {
  %iota = stablehlo.iota dim = 0 : tensor<3xi32>
  %rows = stablehlo.reshape %iota : (tensor<3xi32>) -> tensor<3x1xi32>
  %indices = stablehlo.concatenate %cols, %rows, dim = 1 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x2xi32>
  %r = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 1>, indices_are_sorted = false
  } : (tensor<3x5xi32>, tensor<3x2xi32>) -> tensor<3x1xi32>
  return %r : tensor<3x1xi32>
}
"#;

    fn ints(shape: Vec<usize>, v: Vec<i32>) -> Value {
        Value::Tensor(Tensor::new(shape, ElemType::I32, Buffer::I32(v.into())))
    }

    #[test]
    fn iota_component_becomes_a_batching_dimension_with_the_same_results() {
        let original = shardref_spec::parse("t.mlir", TEXT).unwrap();
        let mut m = original.clone();
        let f = m.lookup_symbol("f").unwrap();
        assert_eq!(explicit_gather_batching(&mut m, f), 1);
        let g = m.walk().into_iter().find(|&o| m.op(o).name.as_str() == "stablehlo.gather").unwrap();
        let Some(StablehloAttr::Gather(d)) = shardref_spec::schema::stablehlo::Gather::of(m.op(g))
            .dimension_numbers()
            .raw()
            .and_then(Attr::as_stablehlo)
        else {
            panic!("no dimension numbers")
        };
        assert_eq!((d.operand_batching_dims.clone(), d.start_indices_batching_dims.clone()), (vec![0], vec![0]));
        assert_eq!((d.start_index_map.clone(), d.collapsed_slice_dims.clone()), (vec![1], vec![]));
        // The indices are now %cols alone.
        assert_eq!(shape(&m, m.op(g).operands[1]), Some(vec![3, 1]));
        // A second application finds nothing (the gather has batching dims).
        assert_eq!(explicit_gather_batching(&mut m, f), 0);
        let args = vec![ints(vec![3, 5], (0..15).collect()), ints(vec![3, 1], vec![4, 0, 2])];
        let a = shardref_interp::run(&original, "f", args.clone(), Limits::default()).unwrap().results;
        let b = shardref_interp::run(&m, "f", args, Limits::default()).unwrap().results;
        assert_eq!(a, b);
        assert_eq!(a, vec![ints(vec![3, 1], vec![4, 5, 12])]);
    }

    #[test]
    fn a_non_iota_component_is_left_alone() {
        let text = TEXT.replace(
            "%iota = stablehlo.iota dim = 0 : tensor<3xi32>",
            "%iota = stablehlo.constant dense<[0, 1, 2]> : tensor<3xi32>",
        );
        let mut m = shardref_spec::parse("t.mlir", &text).unwrap();
        let f = m.lookup_symbol("f").unwrap();
        assert_eq!(explicit_gather_batching(&mut m, f), 0);
    }
}
