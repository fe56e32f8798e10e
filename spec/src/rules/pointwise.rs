//! Rules of the ops that map dimension d of every tensor to dimension d:
//! clamp, select, reverse and sort (the plain elementwise ops use
//! `OpView::pointwise` directly).
//!
//! Invariant: each function builds the factors in upstream's order, one per
//! dimension, and returns None only where upstream builds no rule.

use super::OpView;
use super::builder::FactorType;
use crate::ir::sdy::OpShardingRule;
use crate::schema::stablehlo;

/// Pointwise over the operand shape; scalar `min` and `max` get `[]`.
pub fn clamp(v: &OpView<'_>) -> Option<OpShardingRule> {
    // Upstream's `getOperand()` of clamp is the middle operand.
    let shape = v.operand_shape(1)?;
    Some(v.builder().add_pointwise(&shape).build())
}

/// Pointwise over the result shape; a scalar predicate gets `[]`.
pub fn select(v: &OpView<'_>) -> Option<OpShardingRule> {
    let shape = v.result_shape(0)?;
    Some(v.builder().add_pointwise(&shape).build())
}

/// Pointwise; the reversed dimensions are permutation factors.
pub fn reverse(v: &OpView<'_>) -> Option<OpShardingRule> {
    let shape = v.result_shape(0)?;
    let dims = stablehlo::Dimensions::of(v.operation()).dimensions().get().unwrap_or_default();
    let ty = |d: i64| if dims.contains(&d) { FactorType::Permutation } else { FactorType::PassThrough };
    Some(v.builder().add_pointwise_with(&shape, ty, |_| false).build())
}

/// The sort dimension needs replication (blocked when every other dimension
/// has size 1); the other dimensions are pass-through.
pub fn sort(v: &OpView<'_>) -> Option<OpShardingRule> {
    let shape = v.operand_shape(0)?;
    let sort_dim = stablehlo::Sort::of(v.operation()).dimension().get().unwrap_or(-1);
    let blocked = shape.iter().enumerate().all(|(d, &s)| d as i64 == sort_dim || s == 1);
    let mut b = v.builder();
    for (d, &size) in shape.iter().enumerate() {
        if d as i64 == sort_dim {
            b.add_same_dim(d as i64, size, FactorType::NeedReplication, blocked);
        } else {
            b.add_same_dim(d as i64, size, FactorType::PassThrough, false);
        }
    }
    Some(b.build())
}
