//! Rules of the StableHLO collectives that change a dimension's size:
//! all_gather, all_to_all and reduce_scatter (the others are pointwise).
//!
//! Invariant: the gathered, scattered, split and concatenated dimensions get
//! one need-replication factor on all operands (operand size) and another on
//! all results (result size); every other dimension is pass-through.

use super::OpView;
use super::builder::FactorType;
use crate::ir::sdy::OpShardingRule;
use crate::schema::stablehlo;

/// Pointwise except the gather dimension.
pub fn all_gather(v: &OpView<'_>) -> Option<OpShardingRule> {
    let dim = stablehlo::AllGather::of(v.operation()).all_gather_dim().get()?;
    resized_dim(v, dim)
}

/// Pointwise except the scatter dimension.
pub fn reduce_scatter(v: &OpView<'_>) -> Option<OpShardingRule> {
    let dim = stablehlo::ReduceScatter::of(v.operation()).scatter_dimension().get()?;
    resized_dim(v, dim)
}

fn resized_dim(v: &OpView<'_>, dim: i64) -> Option<OpShardingRule> {
    let in_shape = v.operand_shape(0)?;
    let out_shape = v.result_shape(0)?;
    let d = usize::try_from(dim).ok()?;
    let mut b = v.builder();
    b.add_pointwise_if(&in_shape, |x| x != dim, |_| FactorType::PassThrough);
    b.add_same_for_all_operands(dim, *in_shape.get(d)?, FactorType::NeedReplication);
    b.add_same_for_all_results(dim, *out_shape.get(d)?, FactorType::NeedReplication);
    Some(b.build())
}

/// Pointwise except the split and concat dimensions, each of which gets an
/// operand factor and a result factor (the concat dimension only when it
/// differs from the split dimension).
pub fn all_to_all(v: &OpView<'_>) -> Option<OpShardingRule> {
    let attrs = stablehlo::AllToAll::of(v.operation());
    let (split, concat) = (attrs.split_dimension().get()?, attrs.concat_dimension().get()?);
    let in_shape = v.operand_shape(0)?;
    let out_shape = v.result_shape(0)?;
    let (s, c) = (usize::try_from(split).ok()?, usize::try_from(concat).ok()?);
    let mut b = v.builder();
    b.add_pointwise_if(&in_shape, |d| d != split && d != concat, |_| FactorType::PassThrough);
    b.add_same_for_all_operands(split, *in_shape.get(s)?, FactorType::NeedReplication);
    b.add_same_for_all_results(split, *out_shape.get(s)?, FactorType::NeedReplication);
    if split != concat {
        b.add_same_for_all_operands(concat, *in_shape.get(c)?, FactorType::NeedReplication);
        b.add_same_for_all_results(concat, *out_shape.get(c)?, FactorType::NeedReplication);
    }
    Some(b.build())
}
