//! Rules of gather and scatter, built by one shared walk over the slice
//! (gather result, scatter update) dimensions, as upstream's
//! `addGatherScatterFactors`.
//!
//! Invariant: factor order is offset/batch dimensions in slice order, then the
//! collapsed (inserted) dimensions, then the index-vector dimension; each
//! factor's type is upstream's, including the scatter body test
//! (`getCommonSupportedReductionOp`) that makes implicit batch dimensions
//! reduction factors.

use super::OpView;
use super::builder::{FactorType, NULL_DIM, RuleBuilder};
use crate::ir::sdy::OpShardingRule;
use crate::ir::{Type, ValueDef};
use crate::ops::{OpKind, StablehloOp};

/// The dimension numbers the shared walk reads.
struct Dims<'a> {
    index_vector_dim: i64,
    offset_dims: &'a [i64],
    collapsed: &'a [i64],
    input_batching: &'a [i64],
    indices_batching: &'a [i64],
}

/// Walks the slice dimensions and calls `add(input_dim, indices_dim,
/// slices_dim, size, type, blocked)` for each factor.
fn add_factors(
    input: &[i64],
    slices: &[i64],
    dims: &Dims<'_>,
    scatter_batch_type: Option<FactorType>,
    add: &mut dyn FnMut(i64, i64, i64, i64, FactorType, bool),
) -> Option<()> {
    let is_scatter = scatter_batch_type.is_some();
    let mut input_dim = 0i64;
    let mut batch_pos = 0i64;
    for (sd, &slice_size) in slices.iter().enumerate() {
        let sd = sd as i64;
        if dims.offset_dims.contains(&sd) {
            while dims.collapsed.contains(&input_dim) || dims.input_batching.contains(&input_dim) {
                input_dim += 1;
            }
            let input_size = *usize::try_from(input_dim).ok().and_then(|d| input.get(d))?;
            if input_size == slice_size {
                add(input_dim, NULL_DIM, sd, input_size, FactorType::PassThrough, false);
            } else if is_scatter {
                add(input_dim, NULL_DIM, NULL_DIM, input_size, FactorType::NeedReplication, false);
                add(NULL_DIM, NULL_DIM, sd, slice_size, FactorType::NeedReplication, false);
            } else if slice_size == 1 {
                add(input_dim, NULL_DIM, NULL_DIM, input_size, FactorType::Reduction, false);
                add(NULL_DIM, NULL_DIM, sd, slice_size, FactorType::NeedReplication, false);
            } else {
                add(input_dim, NULL_DIM, sd, input_size, FactorType::NeedReplication, true);
            }
            input_dim += 1;
        } else {
            let indices_dim = if batch_pos < dims.index_vector_dim { batch_pos } else { batch_pos + 1 };
            let explicit = dims.indices_batching.iter().position(|&d| d == indices_dim);
            let input_batch_dim = match explicit {
                Some(i) => *dims.input_batching.get(i)?,
                None => NULL_DIM,
            };
            let ty = match (scatter_batch_type, explicit) {
                (Some(t), None) => t,
                _ => FactorType::PassThrough,
            };
            add(input_batch_dim, indices_dim, sd, slice_size, ty, false);
            batch_pos += 1;
        }
    }
    for &cd in dims.collapsed {
        let size = *usize::try_from(cd).ok().and_then(|d| input.get(d))?;
        let ty = if is_scatter {
            FactorType::PassThrough
        } else if size == 1 {
            FactorType::NeedReplication
        } else {
            FactorType::Reduction
        };
        add(cd, NULL_DIM, NULL_DIM, size, ty, false);
    }
    Some(())
}

/// Gather: operand and start indices → slices.
pub fn gather(v: &OpView<'_>) -> Option<OpShardingRule> {
    let dn = crate::schema::stablehlo::Gather::of(v.operation()).dimension_numbers().get()?;
    let input = v.operand_shape(0)?;
    let indices = v.operand_shape(1)?;
    let slices = v.result_shape(0)?;
    let dims = Dims {
        index_vector_dim: dn.index_vector_dim,
        offset_dims: &dn.offset_dims,
        collapsed: &dn.collapsed_slice_dims,
        input_batching: &dn.operand_batching_dims,
        indices_batching: &dn.start_indices_batching_dims,
    };
    let mut b = v.builder();
    let mut add = |i: i64, x: i64, s: i64, size: i64, t: FactorType, blocked: bool| {
        b.add_factor(&[i, x], &[s], size, t, blocked);
    };
    add_factors(&input, &slices, &dims, None, &mut add)?;
    index_vector_factor(&indices, dims.index_vector_dim, &mut add);
    Some(b.build())
}

/// The index-vector dimension, when the indices have it, needs replication.
fn index_vector_factor(indices: &[i64], ivd: i64, add: &mut dyn FnMut(i64, i64, i64, i64, FactorType, bool)) {
    if let Some(&size) = usize::try_from(ivd).ok().and_then(|d| indices.get(d)) {
        add(NULL_DIM, ivd, NULL_DIM, size, FactorType::NeedReplication, false);
    }
}

/// Scatter: inputs..., indices, updates... → results shaped like the inputs.
pub fn scatter(v: &OpView<'_>) -> Option<OpShardingRule> {
    let dn = crate::schema::stablehlo::Scatter::of(v.operation()).scatter_dimension_numbers().get()?;
    let n = v.num_results();
    let input = v.operand_shape(0)?;
    let indices = v.operand_shape(n)?;
    let slices = v.operand_shape(n + 1)?;
    let dims = Dims {
        index_vector_dim: dn.index_vector_dim,
        offset_dims: &dn.update_window_dims,
        collapsed: &dn.inserted_window_dims,
        input_batching: &dn.input_batching_dims,
        indices_batching: &dn.scatter_indices_batching_dims,
    };
    let batch_type = if common_supported_reduction(v) { FactorType::Reduction } else { FactorType::NeedReplication };
    let mut b: RuleBuilder = v.builder();
    let mut add = |i: i64, x: i64, s: i64, size: i64, t: FactorType, blocked: bool| {
        let mut operand_dims = vec![i; n];
        operand_dims.push(x);
        operand_dims.extend(std::iter::repeat_n(s, n));
        b.add_factor(&operand_dims, &vec![i; n], size, t, blocked);
    };
    add_factors(&input, &slices, &dims, Some(batch_type), &mut add)?;
    index_vector_factor(&indices, dims.index_vector_dim, &mut add);
    Some(b.build())
}

/// Upstream's `getCommonSupportedReductionOp` holds: the update computation
/// returns, for each input i, `op(arg_i, arg_{i+N})` (either order) with one
/// op for all inputs among add, multiply, maximum, minimum, and and/or on i1.
fn common_supported_reduction(v: &OpView<'_>) -> bool {
    let m = v.m;
    let n = v.num_results();
    let Some(&region) = m.op(v.op).regions.first() else {
        return false;
    };
    let Some(&block) = m.region(region).blocks.first() else {
        return false;
    };
    let args = &m.block(block).args;
    if args.len() != 2 * n {
        return false;
    }
    let Some(&term) = m.block(block).ops.last() else {
        return false;
    };
    if m.op(term).name.kind() != Some(OpKind::Stablehlo(StablehloOp::Return)) || m.op(term).operands.len() != n {
        return false;
    }
    let mut common: Option<OpKind> = None;
    for (index, &ret) in m.op(term).operands.iter().enumerate() {
        let ValueDef::Result { op: cur, .. } = m.value(ret).def else {
            return false;
        };
        let cur_op = m.op(cur);
        if cur_op.operands.len() != 2 {
            return false;
        }
        let Type::Tensor(t) = m.value_type(ret) else {
            return false;
        };
        if t.shape.is_none() {
            return false;
        }
        let Some(kind) = cur_op.name.kind() else {
            return false;
        };
        use StablehloOp as S;
        let is_i1 = t.elem == crate::ir::ElemType::I1;
        let logical = matches!(kind, OpKind::Stablehlo(S::And | S::Or));
        let arithmetic = matches!(kind, OpKind::Stablehlo(S::Add | S::Multiply | S::Maximum | S::Minimum));
        let supported = if logical { is_i1 } else { arithmetic };
        if !supported {
            return false;
        }
        match common {
            None => common = Some(kind),
            Some(k) if k != kind => return false,
            Some(_) => {}
        }
        let is_arg = |x, i: usize| args.get(i) == Some(&x);
        let (l, r) = (cur_op.operands[0], cur_op.operands[1]);
        if !((is_arg(l, index) && is_arg(r, index + n)) || (is_arg(l, index + n) && is_arg(r, index))) {
            return false;
        }
    }
    true
}
