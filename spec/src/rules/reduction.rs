//! Rules of the reducing ops: reduce, reduce_window and select_and_scatter.
//!
//! Invariant: a reduced dimension is a reduction factor on the inputs only; a
//! window dimension is pass-through exactly when upstream's
//! `isWindowPassthroughDim` holds (window 1, stride 1, no padding), otherwise
//! it is a permutation factor, blocked in conservative mode.

use super::OpView;
use super::builder::{FactorType, NULL_DIM};
use crate::ir::sdy::OpShardingRule;
use crate::schema::stablehlo;

/// Per input dimension: reduced → a reduction factor on every input; kept →
/// a pass-through factor on every input and result. Init values get `[]`.
pub fn reduce(v: &OpView<'_>) -> Option<OpShardingRule> {
    let shape = v.operand_shape(0)?;
    let dims = stablehlo::Dimensions::of(v.operation()).dimensions().get()?;
    let n = v.num_results();
    let mut b = v.builder();
    let mut out_dim = 0i64;
    for (d, &size) in shape.iter().enumerate() {
        let mut operand_dims = vec![NULL_DIM; v.num_operands()];
        for slot in operand_dims.iter_mut().take(n) {
            *slot = d as i64;
        }
        if dims.contains(&(d as i64)) {
            b.add_factor(&operand_dims, &vec![NULL_DIM; n], size, FactorType::Reduction, false);
        } else {
            b.add(&operand_dims, &vec![out_dim; n], size);
            out_dim += 1;
        }
    }
    Some(b.build())
}

/// Upstream's `isWindowPassthroughDim`.
fn window_pass_through(padding: Option<&[i64]>, window: &[i64], strides: &[i64], dim: usize) -> bool {
    if let Some(p) = padding
        && (p.get(2 * dim).copied().unwrap_or(0) != 0 || p.get(2 * dim + 1).copied().unwrap_or(0) != 0)
    {
        return false;
    }
    (strides.is_empty() || strides.get(dim) == Some(&1)) && (window.is_empty() || window.get(dim) == Some(&1))
}

/// Pointwise over result 0 (a factor per number of windows) on inputs and
/// results; init values get `[]`.
pub fn reduce_window(v: &OpView<'_>, conservative: bool) -> Option<OpShardingRule> {
    let shape = v.result_shape(0)?;
    let a = stablehlo::ReduceWindow::of(v.operation());
    let padding = a.padding().get();
    let window = a.window_dimensions().get().unwrap_or_default();
    let strides = a.window_strides().get().unwrap_or_default();
    let ty = |d: i64| {
        if window_pass_through(padding.as_deref(), &window, &strides, d as usize) {
            FactorType::PassThrough
        } else {
            FactorType::Permutation
        }
    };
    Some(v.builder().add_pointwise_with(&shape, ty, |t| conservative && t == FactorType::Permutation).build())
}

/// Pass-through window dimensions are shared by operand, source and result;
/// every other dimension gets a source-only need-replication factor and an
/// operand+result permutation factor, both blocked in conservative mode.
pub fn select_and_scatter(v: &OpView<'_>, conservative: bool) -> Option<OpShardingRule> {
    let out = v.result_shape(0)?;
    let source = v.operand_shape(1)?;
    let a = stablehlo::SelectAndScatter::of(v.operation());
    let padding = a.padding().get();
    let window = a.window_dimensions().get().unwrap_or_default();
    let strides = a.window_strides().get().unwrap_or_default();
    let mut b = v.builder();
    for (d, &size) in out.iter().enumerate() {
        let di = d as i64;
        if window_pass_through(padding.as_deref(), &window, &strides, d) {
            b.add_same_dim(di, size, FactorType::PassThrough, false);
            continue;
        }
        b.add_factor(
            &[NULL_DIM, di, NULL_DIM],
            &[NULL_DIM],
            *source.get(d)?,
            FactorType::NeedReplication,
            conservative,
        );
        b.add_factor(&[di, NULL_DIM, NULL_DIM], &[di], size, FactorType::Permutation, conservative);
    }
    Some(b.build())
}
