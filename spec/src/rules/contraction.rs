//! Rules of the contracting ops: dot_general, dot and convolution.
//!
//! Invariant: factor order is upstream's — batch, lhs free, rhs free,
//! contracting for dots; batch groups, per-group batch, spatial, feature
//! groups, input feature, output feature for convolutions — and contracting
//! factors are reduction factors on the operands only.

use super::OpView;
use super::builder::{FactorType, NULL_DIM};
use crate::ir::sdy::OpShardingRule;
use crate::schema::stablehlo;

/// Batch (lhs, rhs, out); lhs free (lhs, out); rhs free (rhs, out);
/// contracting (lhs, rhs; reduction).
pub fn dot_general(v: &OpView<'_>) -> Option<OpShardingRule> {
    let dn = stablehlo::DotGeneral::of(v.operation()).dot_dimension_numbers().get()?;
    let lhs = v.operand_shape(0)?;
    let rhs = v.operand_shape(1)?;
    let size = |s: &[i64], d: i64| usize::try_from(d).ok().and_then(|d| s.get(d).copied());
    let mut b = v.builder();
    let mut out = 0i64;
    for (&l, &r) in dn.lhs_batching_dimensions.iter().zip(&dn.rhs_batching_dimensions) {
        b.add(&[l, r], &[out], size(&lhs, l)?);
        out += 1;
    }
    for i in 0..lhs.len() as i64 {
        if !dn.lhs_contracting_dimensions.contains(&i) && !dn.lhs_batching_dimensions.contains(&i) {
            b.add(&[i, NULL_DIM], &[out], size(&lhs, i)?);
            out += 1;
        }
    }
    for i in 0..rhs.len() as i64 {
        if !dn.rhs_contracting_dimensions.contains(&i) && !dn.rhs_batching_dimensions.contains(&i) {
            b.add(&[NULL_DIM, i], &[out], size(&rhs, i)?);
            out += 1;
        }
    }
    for (&l, &r) in dn.lhs_contracting_dimensions.iter().zip(&dn.rhs_contracting_dimensions) {
        b.add_factor(&[l, r], &[NULL_DIM], size(&lhs, l)?, FactorType::Reduction, false);
    }
    Some(b.build())
}

/// The lhs row (a matrix lhs), the rhs column (a matrix rhs), and the
/// contracting dimension as a reduction factor.
pub fn dot(v: &OpView<'_>) -> Option<OpShardingRule> {
    let lhs = v.operand_shape(0)?;
    let rhs = v.operand_shape(1)?;
    let (lm, rm) = (lhs.len() == 2, rhs.len() == 2);
    let mut b = v.builder();
    if lm {
        b.add(&[0, NULL_DIM], &[0], lhs[0]);
    }
    if rm {
        b.add(&[NULL_DIM, 1], &[if lm { 1 } else { 0 }], rhs[1]);
    }
    b.add_factor(&[if lm { 1 } else { 0 }, 0], &[NULL_DIM], *rhs.first()?, FactorType::Reduction, false);
    Some(b.build())
}

/// The convolution factors of sharding-rules.md §2, spatial ones only outside
/// conservative mode.
pub fn convolution(v: &OpView<'_>, conservative: bool) -> Option<OpShardingRule> {
    let dn = stablehlo::Convolution::of(v.operation()).dimension_numbers().get()?;
    let lhs = v.operand_shape(0)?;
    let rhs = v.operand_shape(1)?;
    let out = v.result_shape(0)?;
    let at = |s: &[i64], d: i64| usize::try_from(d).ok().and_then(|d| s.get(d).copied());
    let batch_groups = stablehlo::Convolution::of(v.operation()).batch_group_count().get().unwrap_or(1);
    let feature_groups = stablehlo::Convolution::of(v.operation()).feature_group_count().get().unwrap_or(1);
    let mut b = v.builder();
    if batch_groups > 1 {
        b.add(
            &[dn.input_batch_dimension, dn.kernel_output_feature_dimension],
            &[dn.output_feature_dimension],
            batch_groups,
        );
    }
    b.add(&[dn.input_batch_dimension, NULL_DIM], &[dn.output_batch_dimension], at(&out, dn.output_batch_dimension)?);
    if !conservative {
        let spatial =
            dn.input_spatial_dimensions.iter().zip(&dn.kernel_spatial_dimensions).zip(&dn.output_spatial_dimensions);
        for ((&ld, &rd), &od) in spatial {
            let num_windows = at(&out, od)?;
            let window_size = at(&rhs, rd)?;
            let mut remaining = at(&lhs, ld)?;
            let mut add_spatial = |size: i64, contracting: bool| {
                let size = remaining.min(size);
                if size > 1 {
                    if contracting {
                        b.add_factor(&[ld, rd], &[NULL_DIM], size, FactorType::Reduction, false);
                    } else {
                        b.add_factor(&[ld, NULL_DIM], &[od], size, FactorType::Permutation, false);
                    }
                    remaining /= size;
                }
            };
            if num_windows >= window_size {
                add_spatial(num_windows, false);
                add_spatial(window_size, true);
            } else {
                add_spatial(window_size, true);
                add_spatial(num_windows, false);
            }
        }
    }
    if feature_groups > 1 {
        b.add(
            &[dn.input_feature_dimension, dn.kernel_output_feature_dimension],
            &[dn.output_feature_dimension],
            feature_groups,
        );
    }
    b.add_factor(
        &[dn.input_feature_dimension, dn.kernel_input_feature_dimension],
        &[NULL_DIM],
        at(&rhs, dn.kernel_input_feature_dimension)?,
        FactorType::Reduction,
        false,
    );
    let groups = batch_groups.checked_mul(feature_groups).filter(|&g| g > 0)?;
    let out_features = at(&out, dn.output_feature_dimension)? / groups;
    if out_features > 1 {
        b.add(&[NULL_DIM, dn.kernel_output_feature_dimension], &[dn.output_feature_dimension], out_features);
    }
    Some(b.build())
}
