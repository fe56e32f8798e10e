//! `sdy-explicit-gather-scatter-batching`: a `stablehlo.gather` (or
//! `stablehlo.scatter`) whose leading operand dimension is indexed by an iota
//! along dimension 0 (a row-wise gather written with implicit batching)
//! gets that dimension as an explicit batching dimension: the iota's
//! column is removed from the indices (dropping it from a concatenate, or
//! slicing around it), and dimension 0 moves from the collapsed (inserted)
//! dimensions and the index map to the batching dimensions.
//!
//! Invariants: the rewrite applies only in upstream's conditions (no
//! batching dimensions yet, index vector longer than one, equal batch
//! sizes, dimension 0 in the index map and collapsed, an iota origin along
//! dimension 0 through reshapes, broadcasts, clamps and selects), so it
//! preserves what the op computes; ops left dead by a rewrite are erased,
//! as MLIR's greedy driver does (its folding is not reproduced).

use shardref_spec::ir::stablehlo::StablehloAttr;
use shardref_spec::ir::{Attr, DenseArray, Dict, ElemType, Module, OpId, TensorType, Type, ValueId};
use shardref_spec::ops::{OpKind, StablehloOp, Traits};

use shardref_spec::schema::{Field, kind};

use crate::rewrite::{create, def_op, erase, insert_before, is_func, is_shlo, post_order_within, users};

fn shape(m: &Module, v: ValueId) -> Option<Vec<u64>> {
    m.value_type(v).as_tensor()?.static_shape()
}

fn int_attr(m: &Module, op: OpId, name: &'static str) -> Option<i64> {
    Field::<kind::Int>::new(m.op(op), name).get()
}

/// `unwrapReshapes`.
fn unwrap(m: &Module, mut v: ValueId) -> ValueId {
    for _ in 0..m.ops.len() {
        let Some(op) = def_op(m, v) else { break };
        let ops = &m.op(op).operands;
        let next = if is_shlo(m, op, StablehloOp::Reshape) || is_shlo(m, op, StablehloOp::BroadcastInDim) {
            ops.first().copied()
        } else if is_shlo(m, op, StablehloOp::Clamp) {
            ops.get(1).copied()
        } else if is_shlo(m, op, StablehloOp::Select) {
            match (ops.get(1), ops.get(2)) {
                (Some(&t), Some(&f)) => {
                    Some(if def_op(m, f).is_some_and(|d| is_shlo(m, d, StablehloOp::Iota)) { f } else { t })
                }
                _ => None,
            }
        } else {
            None
        };
        match next {
            Some(n) => v = n,
            None => break,
        }
    }
    v
}

/// `verifyIotaOrigin`.
fn iota_origin(m: &Module, indices: ValueId, ivd: i64, removed: usize) -> bool {
    let mut v = indices;
    if let Some(c) = def_op(m, v).filter(|&c| is_shlo(m, c, StablehloOp::Concatenate)) {
        if int_attr(m, c, shardref_spec::schema::keys::DIMENSION) != Some(ivd) || removed >= m.op(c).operands.len() {
            return false;
        }
        v = m.op(c).operands[removed];
    }
    let u = unwrap(m, v);
    def_op(m, u).is_some_and(|i| {
        is_shlo(m, i, StablehloOp::Iota) && int_attr(m, i, shardref_spec::schema::keys::IOTA_DIMENSION) == Some(0)
    })
}

fn tensor(shape: Vec<u64>, elem: ElemType) -> Type {
    Type::Tensor(TensorType::ranked(shape, elem))
}

/// `sliceAndConcatenateIndices`: the indices without column `removed` of dimension `ivd`, built before `at`.
fn remove_index_column(m: &mut Module, at: OpId, indices: ValueId, ivd: usize, removed: usize) -> Option<ValueId> {
    let sh = shape(m, indices)?;
    let elem = m.value_type(indices).as_tensor()?.elem.clone();
    let total = *sh.get(ivd)? as usize;
    let mut reduced = sh.clone();
    reduced[ivd] -= 1;
    let concat = |m: &mut Module, inputs: Vec<ValueId>| {
        let mut attrs = Dict::default();
        attrs.insert(shardref_spec::schema::keys::DIMENSION, Attr::i64(ivd as i64));
        let c = create(
            m,
            OpKind::Stablehlo(StablehloOp::Concatenate),
            inputs,
            &[tensor(reduced.clone(), elem.clone())],
            attrs,
        );
        insert_before(m, at, c);
        m.op(c).results[0]
    };
    if let Some(c) = def_op(m, indices).filter(|&c| is_shlo(m, c, StablehloOp::Concatenate))
        && int_attr(m, c, shardref_spec::schema::keys::DIMENSION) == Some(ivd as i64)
        && m.op(c).operands.len() == total
    {
        let mut inputs = m.op(c).operands.clone();
        inputs.remove(removed);
        if inputs.len() == 1 {
            return Some(inputs[0]);
        }
        return Some(concat(m, inputs));
    }
    let mut parts = vec![];
    for (lo, hi) in [(0, removed), (removed + 1, total)] {
        if lo >= hi {
            continue;
        }
        let mut start = vec![0i64; sh.len()];
        let mut limit: Vec<i64> = sh.iter().map(|&d| d as i64).collect();
        start[ivd] = lo as i64;
        limit[ivd] = hi as i64;
        let mut part_shape = sh.clone();
        part_shape[ivd] = (hi - lo) as u64;
        let mut attrs = Dict::default();
        attrs.insert(shardref_spec::schema::keys::START_INDICES, Attr::DenseArray(DenseArray::i64s(start)));
        attrs.insert(shardref_spec::schema::keys::LIMIT_INDICES, Attr::DenseArray(DenseArray::i64s(limit)));
        attrs.insert(shardref_spec::schema::keys::STRIDES, Attr::DenseArray(DenseArray::i64s(vec![1; sh.len()])));
        let s =
            create(m, OpKind::Stablehlo(StablehloOp::Slice), vec![indices], &[tensor(part_shape, elem.clone())], attrs);
        insert_before(m, at, s);
        parts.push(m.op(s).results[0]);
    }
    if parts.len() == 1 {
        return Some(parts[0]);
    }
    Some(concat(m, parts))
}

/// The common checks of both patterns: (index vector dim, position of 0 in the index map).
fn applicable(m: &Module, operand: ValueId, indices: ValueId, ivd: i64, index_map: &[i64]) -> Option<usize> {
    let op_shape = shape(m, operand)?;
    let idx_shape = shape(m, indices)?;
    if op_shape.is_empty() || idx_shape.is_empty() {
        return None;
    }
    let ivd_u = usize::try_from(ivd).ok()?;
    if ivd_u >= idx_shape.len() || idx_shape[ivd_u] <= 1 || idx_shape[0] != op_shape[0] {
        return None;
    }
    let removed = index_map.iter().position(|&d| d == 0)?;
    iota_origin(m, indices, ivd, removed).then_some(removed)
}

fn rewrite_gather(m: &mut Module, op: OpId) -> bool {
    let Some(Attr::Stablehlo(a)) = shardref_spec::schema::stablehlo::Gather::of(m.op(op)).dimension_numbers().raw()
    else {
        return false;
    };
    let StablehloAttr::Gather(dn) = a.as_ref() else { return false };
    let mut dn = dn.clone();
    let (Some(&operand), Some(&indices)) = (m.op(op).operands.first(), m.op(op).operands.get(1)) else { return false };
    if !dn.operand_batching_dims.is_empty() {
        return false;
    }
    let Some(removed) = applicable(m, operand, indices, dn.index_vector_dim, &dn.start_index_map) else { return false };
    let Some(c) = dn.collapsed_slice_dims.iter().position(|&d| d == 0) else { return false };
    dn.start_index_map.remove(removed);
    dn.collapsed_slice_dims.remove(c);
    let Some(new_indices) = remove_index_column(m, op, indices, dn.index_vector_dim as usize, removed) else {
        return false;
    };
    dn.operand_batching_dims = vec![0];
    dn.start_indices_batching_dims = vec![0];
    m.op_mut(op).operands[1] = new_indices;
    m.op_mut(op)
        .attrs
        .insert(shardref_spec::schema::keys::DIMENSION_NUMBERS, Attr::Stablehlo(Box::new(StablehloAttr::Gather(dn))));
    true
}

fn rewrite_scatter(m: &mut Module, op: OpId) -> bool {
    let Some(Attr::Stablehlo(a)) =
        shardref_spec::schema::stablehlo::Scatter::of(m.op(op)).scatter_dimension_numbers().raw()
    else {
        return false;
    };
    let StablehloAttr::Scatter(dn) = a.as_ref() else { return false };
    let mut dn = dn.clone();
    let n = m.op(op).operands.len().saturating_sub(1) / 2;
    let (Some(&input), Some(&indices)) = (m.op(op).operands.first(), m.op(op).operands.get(n)) else { return false };
    if n == 0 || !dn.input_batching_dims.is_empty() {
        return false;
    }
    let Some(removed) = applicable(m, input, indices, dn.index_vector_dim, &dn.scatter_dims_to_operand_dims) else {
        return false;
    };
    let Some(c) = dn.inserted_window_dims.iter().position(|&d| d == 0) else { return false };
    dn.scatter_dims_to_operand_dims.remove(removed);
    dn.inserted_window_dims.remove(c);
    let Some(new_indices) = remove_index_column(m, op, indices, dn.index_vector_dim as usize, removed) else {
        return false;
    };
    dn.input_batching_dims = vec![0];
    dn.scatter_indices_batching_dims = vec![0];
    m.op_mut(op).operands[n] = new_indices;
    m.op_mut(op).attrs.insert(
        shardref_spec::schema::keys::SCATTER_DIMENSION_NUMBERS,
        Attr::Stablehlo(Box::new(StablehloAttr::Scatter(dn))),
    );
    true
}

/// Erases pure ops without uses, repeatedly, within `func`.
fn erase_dead(m: &mut Module, func: OpId) {
    loop {
        let mut changed = false;
        for op in post_order_within(m, func).into_iter().rev() {
            let o = m.op(op);
            if o.parent.is_none() || !o.regions.is_empty() || o.results.is_empty() {
                continue;
            }
            if !o.name.kind().is_some_and(|k| k.has(Traits::PURE)) {
                continue;
            }
            if o.results.clone().into_iter().all(|r| users(m, r).is_empty()) {
                erase(m, op);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

pub fn run(m: &mut Module) {
    let funcs: Vec<OpId> = m.walk().into_iter().filter(|&o| is_func(m, o)).collect();
    for f in funcs {
        let mut changed = false;
        for op in post_order_within(m, f) {
            if is_shlo(m, op, StablehloOp::Gather) {
                changed |= rewrite_gather(m, op);
            } else if is_shlo(m, op, StablehloOp::Scatter) {
                changed |= rewrite_scatter(m, op);
            }
        }
        if changed {
            erase_dead(m, f);
        }
    }
}
