//! Rules of the linear-algebra and signal ops: batch_norm_inference, cholesky,
//! triangular_solve, fft and rng_bit_generator.
//!
//! Invariant: batch dimensions are pass-through; the dimensions an algorithm
//! works across need replication, in upstream's factor order.

use super::OpView;
use super::builder::{FactorType, NULL_DIM};
use crate::ir::sdy::OpShardingRule;
use crate::ir::stablehlo::Transpose;
use crate::schema::stablehlo;

/// Operand dimension d ↔ result dimension d; the feature dimension also ↔
/// dimension 0 of scale, offset, mean and variance.
pub fn batch_norm_inference(v: &OpView<'_>) -> Option<OpShardingRule> {
    let shape = v.operand_shape(0)?;
    let feature = stablehlo::BatchNorm::of(v.operation()).feature_index().get()?;
    let mut b = v.builder();
    for (d, &size) in shape.iter().enumerate() {
        let d = d as i64;
        let mut dims = vec![if d == feature { 0 } else { NULL_DIM }; v.num_operands()];
        dims[0] = d;
        b.add(&dims, &[d], size);
    }
    Some(b.build())
}

/// Batch dimensions pass-through; the last two need replication.
pub fn cholesky(v: &OpView<'_>) -> Option<OpShardingRule> {
    let shape = v.operand_shape(0)?;
    let batch = shape.len() as i64 - 2;
    let ty = |d: i64| if d < batch { FactorType::PassThrough } else { FactorType::NeedReplication };
    Some(v.builder().add_pointwise_with(&shape, ty, |_| false).build())
}

/// Batch dimensions pointwise; then the three matrix factors of
/// `op(a) @ x = b` (left side) or `x @ op(a) = b` (right side), all needing
/// replication.
pub fn triangular_solve(v: &OpView<'_>) -> Option<OpShardingRule> {
    let a = v.operand_shape(0)?;
    let bs = v.operand_shape(1)?;
    if a.len() < 2 || bs.len() < 2 {
        return None;
    }
    let mut b = v.builder();
    b.add_pointwise(&a[..a.len() - 2]);
    let (d1, d2) = (a.len() as i64 - 2, a.len() as i64 - 1);
    let attrs = stablehlo::TriangularSolve::of(v.operation());
    let transposed = matches!(attrs.transpose_a().get(), Some(Transpose::Transpose | Transpose::Adjoint));
    let left = attrs.left_side().get().unwrap_or(false);
    let at = |d: i64| a[d as usize];
    let bt = |d: i64| bs[d as usize];
    let nr = FactorType::NeedReplication;
    if left {
        let (non_contracting, contracting) = if transposed { (d2, d1) } else { (d1, d2) };
        b.add_factor(&[non_contracting, d1], &[NULL_DIM], at(non_contracting), nr, false);
        b.add_factor(&[NULL_DIM, d2], &[d2], bt(d2), nr, false);
        b.add_factor(&[contracting, NULL_DIM], &[d1], at(contracting), nr, false);
    } else {
        let (non_contracting, contracting) = if transposed { (d1, d2) } else { (d2, d1) };
        b.add_factor(&[NULL_DIM, d1], &[d1], bt(d1), nr, false);
        b.add_factor(&[non_contracting, d2], &[NULL_DIM], at(non_contracting), nr, false);
        b.add_factor(&[contracting, NULL_DIM], &[d2], at(contracting), nr, false);
    }
    Some(b.build())
}

/// Non-fft dimensions pass-through; fft dimensions need replication; the last
/// one is blocked when its size changes (RFFT, IRFFT).
pub fn fft(v: &OpView<'_>) -> Option<OpShardingRule> {
    let i = v.operand_shape(0)?;
    let o = v.result_shape(0)?;
    let n = stablehlo::Fft::of(v.operation()).fft_length().get()?.len();
    let mut b = v.builder();
    let rank = i.len();
    for (d, &size) in i.iter().enumerate() {
        if d < rank.saturating_sub(n) {
            b.add_same_dim(d as i64, size, FactorType::PassThrough, false);
        } else if d + 1 < rank {
            b.add_same_dim(d as i64, size, FactorType::NeedReplication, false);
        } else {
            b.add_same_dim(d as i64, size, FactorType::NeedReplication, i.last() != o.last());
        }
    }
    Some(b.build())
}

/// The initial state ↔ output state need replication and are blocked; the
/// output dimensions are result-only pass-through factors.
pub fn rng_bit_generator(v: &OpView<'_>) -> Option<OpShardingRule> {
    let state = v.operand_shape(0)?;
    let out = v.result_shape(1)?;
    let mut b = v.builder();
    for (d, &size) in state.iter().enumerate() {
        b.add_factor(&[d as i64], &[d as i64, NULL_DIM], size, FactorType::NeedReplication, true);
    }
    for (d, &size) in out.iter().enumerate() {
        b.add(&[NULL_DIM], &[NULL_DIM, d as i64], size);
    }
    Some(b.build())
}
