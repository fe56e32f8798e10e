//! Rules of the ops that move, cut or re-view dimensions: broadcast_in_dim,
//! reshape, transpose, concatenate, pad, slice, dynamic_slice,
//! dynamic_update_slice and bitcast_convert.
//!
//! Invariant: factor sizes follow upstream even where they do not divide the
//! dimension they sit on (a concat-dim factor has the result's size on every
//! operand; pad and slice use the operand's size on the result).

use super::OpView;
use super::builder::{FactorType, NULL_DIM};
use crate::ir::sdy::OpShardingRule;
use crate::ops::{OpKind, SdyOp, StablehloOp, Traits};
use crate::schema::stablehlo;

/// Per result dimension: a mapped operand dimension of the same size shares
/// its factor; an expanded size-1 operand dimension gets its own size-1 factor
/// and the result dimension a result-only one.
pub fn broadcast_in_dim(v: &OpView<'_>) -> Option<OpShardingRule> {
    let in_shape = v.operand_shape(0)?;
    let out_shape = v.result_shape(0)?;
    let dims = stablehlo::BroadcastInDim::of(v.operation()).broadcast_dimensions().get()?;
    let mut out_to_in = vec![NULL_DIM; out_shape.len()];
    for (in_dim, &out_dim) in dims.iter().enumerate() {
        let slot = usize::try_from(out_dim).ok().and_then(|o| out_to_in.get_mut(o))?;
        *slot = in_dim as i64;
    }
    let mut b = v.builder();
    for (out_dim, &out_size) in out_shape.iter().enumerate() {
        let mut in_dim = out_to_in[out_dim];
        if in_dim != NULL_DIM {
            let in_size = *in_shape.get(in_dim as usize)?;
            if in_size == 1 && out_size != 1 {
                b.add(&[in_dim], &[NULL_DIM], 1);
                in_dim = NULL_DIM;
            }
        }
        b.add(&[in_dim], &[out_dim as i64], out_size);
    }
    Some(b.build())
}

/// Result dimension o and operand dimension `permutation[o]` share a factor of
/// the operand's size.
pub fn transpose(v: &OpView<'_>) -> Option<OpShardingRule> {
    let in_shape = v.operand_shape(0)?;
    let perm = stablehlo::Transpose::of(v.operation()).permutation().get()?;
    let mut b = v.builder();
    for (out_dim, &in_dim) in perm.iter().enumerate() {
        let size = *usize::try_from(in_dim).ok().and_then(|d| in_shape.get(d))?;
        b.add(&[in_dim], &[out_dim as i64], size);
    }
    Some(b.build())
}

/// The gcd walk over input and output dimensions (sharding-rules.md §1.1).
/// An operand with zero elements gets no rule.
pub fn reshape(v: &OpView<'_>) -> Option<OpShardingRule> {
    let ins = v.operand_shape(0)?;
    let outs = v.result_shape(0)?;
    if ins.iter().chain(&outs).any(|&d| d < 0) {
        // Upstream's reshape takes static shapes only.
        return None;
    }
    if ins.iter().product::<i64>() == 0 {
        return None;
    }
    let (in_rank, out_rank) = (ins.len(), outs.len());
    let (mut in_dim, mut out_dim) = (0usize, 0usize);
    let (mut prod_in, mut prod_out) = (1i64, 1i64);
    let (mut fac_in, mut fac_out) = (1i64, 1i64);
    let mut b = v.builder();
    // The walk ends after at most one step per factor; a bound keeps a
    // malformed (element-count-mismatched) reshape from looping forever.
    let mut steps = 0usize;
    while in_dim < in_rank || out_dim < out_rank {
        steps += 1;
        if steps > 4 * (in_rank + out_rank) + 64 {
            return None;
        }
        if in_dim < in_rank && ins[in_dim] == 1 {
            b.add(&[in_dim as i64], &[NULL_DIM], 1);
            in_dim += 1;
            continue;
        }
        if out_dim < out_rank && outs[out_dim] == 1 {
            b.add(&[NULL_DIM], &[out_dim as i64], 1);
            out_dim += 1;
            continue;
        }
        if in_dim < in_rank && prod_in == fac_in {
            prod_in = prod_in.checked_mul(ins[in_dim])?;
        }
        if out_dim < out_rank && prod_out == fac_out {
            prod_out = prod_out.checked_mul(outs[out_dim])?;
        }
        let mut next_in = prod_in / fac_in;
        let mut next_out = prod_out / fac_out;
        let g = gcd(next_in, next_out);
        let if_diverged = |next: i64, smaller: i64, larger: i64| -> i64 {
            if larger % smaller == 0 && next % (larger / smaller) == 0 {
                larger / smaller
            } else if next > g {
                next / g
            } else {
                next
            }
        };
        let (id, od) = (
            if in_dim < in_rank { in_dim as i64 } else { NULL_DIM },
            if out_dim < out_rank { out_dim as i64 } else { NULL_DIM },
        );
        if fac_in == fac_out {
            if g > 1 {
                b.add(&[id], &[od], g);
                fac_in *= g;
                fac_out *= g;
            } else {
                if next_in <= 1 || next_out <= 1 {
                    return None;
                }
                b.add(&[id], &[NULL_DIM], next_in);
                fac_in = fac_in.checked_mul(next_in)?;
                b.add(&[NULL_DIM], &[od], next_out);
                fac_out = fac_out.checked_mul(next_out)?;
            }
        } else if fac_in < fac_out {
            next_in = if_diverged(next_in, fac_in, fac_out);
            b.add(&[id], &[NULL_DIM], next_in);
            fac_in = fac_in.checked_mul(next_in)?;
        } else {
            next_out = if_diverged(next_out, fac_out, fac_in);
            b.add(&[NULL_DIM], &[od], next_out);
            fac_out = fac_out.checked_mul(next_out)?;
        }
        if in_dim < in_rank && prod_in == fac_in {
            in_dim += 1;
        }
        if out_dim < out_rank && prod_out == fac_out {
            out_dim += 1;
        }
    }
    Some(b.build())
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(i64::MAX)
}

/// Pointwise over the result shape. The concat-dim factor is a permutation
/// when the operands are all slices, or one tensor and slices of it with at
/// least one slice; otherwise it needs replication. Conservative mode adds no
/// concat-dim factor.
pub fn concatenate(v: &OpView<'_>, conservative: bool) -> Option<OpShardingRule> {
    let shape = v.result_shape(0)?;
    let cdim = stablehlo::Dimension::of(v.operation()).dimension().get()?;
    let is_slice = |x| v.def_kind(x) == Some(OpKind::Stablehlo(StablehloOp::Slice));
    let before_slice =
        |x| if is_slice(x) { v.def_op(x).and_then(|o| v.m.op(o).operands.first().copied()) } else { Some(x) };
    let ops = v.operands();
    let concat_type = if ops.iter().all(|&x| is_slice(x)) {
        FactorType::Permutation
    } else {
        let same = ops.first().map(|&x| before_slice(x));
        if ops.iter().all(|&x| Some(before_slice(x)) == same) && ops.iter().any(|&x| is_slice(x)) {
            FactorType::Permutation
        } else {
            FactorType::NeedReplication
        }
    };
    let pred = |d: i64| !conservative || d != cdim;
    let ty = |d: i64| if d != cdim { FactorType::PassThrough } else { concat_type };
    Some(v.builder().add_pointwise_if(&shape, pred, ty).build())
}

/// Dimensions whose size changes are permutation factors of the operand's
/// size, blocked in conservative mode.
pub fn pad(v: &OpView<'_>, conservative: bool) -> Option<OpShardingRule> {
    let (i, o) = (v.operand_shape(0)?, v.result_shape(0)?);
    Some(v.builder().add_pointwise_with_diff_type_for_mismatch(&i, &o, FactorType::Permutation, conservative).build())
}

/// As pad: the start indices are static, so a sliced dimension may stay sharded.
pub fn slice(v: &OpView<'_>, conservative: bool) -> Option<OpShardingRule> {
    let (i, o) = (v.operand_shape(0)?, v.result_shape(0)?);
    Some(v.builder().add_pointwise_with_diff_type_for_mismatch(&i, &o, FactorType::Permutation, conservative).build())
}

/// Sliced dimensions need replication and are blocked; the start indices are scalars.
pub fn dynamic_slice(v: &OpView<'_>) -> Option<OpShardingRule> {
    let (i, o) = (v.operand_shape(0)?, v.result_shape(0)?);
    Some(v.builder().add_pointwise_with_diff_type_for_mismatch(&i, &o, FactorType::NeedReplication, true).build())
}

/// Dimensions of equal size share a factor. A sliced dimension gets an
/// operand+result factor and an update-only factor, which needs replication
/// unless every start index is a constant.
pub fn dynamic_update_slice(v: &OpView<'_>) -> Option<OpShardingRule> {
    let operand = v.operand_shape(0)?;
    let update = v.operand_shape(1)?;
    let all_constant = v
        .operands()
        .iter()
        .skip(2)
        .all(|&x| v.def_kind(x).is_some_and(|k| k == OpKind::Sdy(SdyOp::Constant) || k.has(Traits::CONSTANT_LIKE)));
    let mut b = v.builder();
    let mut dims = vec![NULL_DIM; v.num_operands()];
    for (d, (&os, &us)) in operand.iter().zip(&update).enumerate() {
        let d = d as i64;
        if os == us {
            b.add_same_dim(d, os, FactorType::PassThrough, false);
        } else {
            dims[0] = d;
            dims[1] = NULL_DIM;
            b.add(&dims, &[d], os);
            dims[0] = NULL_DIM;
            dims[1] = d;
            let ty = if all_constant { FactorType::PassThrough } else { FactorType::NeedReplication };
            b.add_factor(&dims, &[NULL_DIM], us, ty, false);
        }
    }
    Some(b.build())
}

/// Pointwise over the lower-rank shape; the extra minor dimension of the other
/// side needs replication.
pub fn bitcast_convert(v: &OpView<'_>) -> Option<OpShardingRule> {
    let (i, o) = (v.operand_shape(0)?, v.result_shape(0)?);
    let shape = if i.len() < o.len() { &i } else { &o };
    let mut b = v.builder();
    b.add_pointwise(shape);
    if i.len() < o.len() {
        b.add_factor(&[NULL_DIM], &[o.len() as i64 - 1], *o.last()?, FactorType::NeedReplication, false);
    } else if i.len() > o.len() {
        b.add_factor(&[i.len() as i64 - 1], &[NULL_DIM], *i.last()?, FactorType::NeedReplication, false);
    }
    Some(b.build())
}
