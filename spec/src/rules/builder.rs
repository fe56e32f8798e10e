//! The op sharding rule builder (upstream's `OpShardingRuleBuilder`).
//!
//! A builder holds one tensor mapping per operand and per result, each with one
//! (initially empty) list of factors per dimension, plus the factor sizes and the
//! four special factor lists. Every `add_*` call reserves exactly one new factor
//! index (in call order) and maps it onto the dimensions it names; `build` then
//! gives every dimension that is still empty its own size-1 factor, operands
//! before results and in dimension order, so that factor order, sizes and types
//! are exactly upstream's.
//!
//! Invariants: `NULL_DIM` skips a tensor; a size-1 factor is never appended to a
//! dimension that already has a factor (so no size-1 factor ends up in a compound
//! dimension); rank-0 tensors (scalars, tokens, anything that is not shaped) are
//! skipped by the "same dimension in every tensor" forms.

use crate::ir::sdy::{DimMapping, OpShardingRule, TensorMapping};

/// The dimension index that means "this tensor has no dimension for the factor".
pub const NULL_DIM: i64 = -1;

/// How a factor behaves when it is sharded (sharding-rules.md §1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FactorType {
    /// Every tensor that has the factor must be sharded the same way along it.
    PassThrough,
    /// Appears in operands only; sharding it makes partial results to all-reduce.
    Reduction,
    /// Must be unsharded for the op to run without communication.
    NeedReplication,
    /// May stay sharded, but data then moves between devices.
    Permutation,
}

/// Builds an `OpShardingRule` the way upstream's builder does.
#[derive(Clone, Debug)]
pub struct RuleBuilder {
    operands: Vec<Vec<Vec<i64>>>,
    results: Vec<Vec<Vec<i64>>>,
    factor_sizes: Vec<i64>,
    reduction: Vec<i64>,
    need_replication: Vec<i64>,
    permutation: Vec<i64>,
    blocked: Vec<i64>,
}

impl RuleBuilder {
    /// A builder for an op whose operands and results have these ranks (0 for
    /// values that are not shaped).
    pub fn new(operand_ranks: &[usize], result_ranks: &[usize]) -> RuleBuilder {
        RuleBuilder {
            operands: operand_ranks.iter().map(|&r| vec![vec![]; r]).collect(),
            results: result_ranks.iter().map(|&r| vec![vec![]; r]).collect(),
            factor_sizes: vec![],
            reduction: vec![],
            need_replication: vec![],
            permutation: vec![],
            blocked: vec![],
        }
    }

    fn reserve(&mut self, size: i64, ty: FactorType, blocked: bool) -> i64 {
        let index = self.factor_sizes.len() as i64;
        self.factor_sizes.push(size);
        if blocked {
            self.blocked.push(index);
        }
        match ty {
            FactorType::PassThrough => {}
            FactorType::Reduction => self.reduction.push(index),
            FactorType::NeedReplication => self.need_replication.push(index),
            FactorType::Permutation => self.permutation.push(index),
        }
        index
    }

    /// Maps `dims[t]` of tensor `t` (unless it is `NULL_DIM`) to `factor`; a
    /// size-1 factor skips dimensions that already have a factor. A dimension
    /// out of the tensor's range is skipped too (upstream asserts instead).
    fn map_dims(tensors: &mut [Vec<Vec<i64>>], dims: &[i64], factor: i64, size: i64) {
        for (mapping, &dim) in tensors.iter_mut().zip(dims) {
            if dim == NULL_DIM {
                continue;
            }
            let Some(factors) = usize::try_from(dim).ok().and_then(|d| mapping.get_mut(d)) else {
                continue;
            };
            if size == 1 && !factors.is_empty() {
                continue;
            }
            factors.push(factor);
        }
    }

    /// Maps `dim` of every tensor of rank ≥ 1 in `tensors` to `factor`.
    fn map_same_dim(tensors: &mut [Vec<Vec<i64>>], dim: i64, factor: i64) {
        for mapping in tensors.iter_mut() {
            if mapping.is_empty() {
                continue;
            }
            if let Some(factors) = usize::try_from(dim).ok().and_then(|d| mapping.get_mut(d)) {
                factors.push(factor);
            }
        }
    }

    /// `addFactor(operandDims, resultDims, size, type, isBlocked)`: one entry per
    /// operand and per result. A slice shorter than the tensor list leaves the
    /// remaining tensors out.
    pub fn add_factor(
        &mut self,
        operand_dims: &[i64],
        result_dims: &[i64],
        size: i64,
        ty: FactorType,
        blocked: bool,
    ) -> &mut Self {
        let f = self.reserve(size, ty, blocked);
        Self::map_dims(&mut self.operands, operand_dims, f, size);
        Self::map_dims(&mut self.results, result_dims, f, size);
        self
    }

    /// A pass-through, unblocked `add_factor`.
    pub fn add(&mut self, operand_dims: &[i64], result_dims: &[i64], size: i64) -> &mut Self {
        self.add_factor(operand_dims, result_dims, size, FactorType::PassThrough, false)
    }

    /// `addFactor(operandDim, resultDim, ...)` with one dimension given for every
    /// operand and another for every result.
    pub fn add_all(
        &mut self,
        operand_dim: i64,
        result_dim: i64,
        size: i64,
        ty: FactorType,
        blocked: bool,
    ) -> &mut Self {
        let ops = vec![operand_dim; self.operands.len()];
        let res = vec![result_dim; self.results.len()];
        self.add_factor(&ops, &res, size, ty, blocked)
    }

    /// `addFactor(dim, size, type, isBlocked)`: the same dimension in every
    /// operand and result of rank ≥ 1.
    pub fn add_same_dim(&mut self, dim: i64, size: i64, ty: FactorType, blocked: bool) -> &mut Self {
        let f = self.reserve(size, ty, blocked);
        Self::map_same_dim(&mut self.operands, dim, f);
        Self::map_same_dim(&mut self.results, dim, f);
        self
    }

    /// `addFactorSameForAllOperands`.
    pub fn add_same_for_all_operands(&mut self, dim: i64, size: i64, ty: FactorType) -> &mut Self {
        let f = self.reserve(size, ty, false);
        Self::map_same_dim(&mut self.operands, dim, f);
        self
    }

    /// `addFactorSameForAllResults`.
    pub fn add_same_for_all_results(&mut self, dim: i64, size: i64, ty: FactorType) -> &mut Self {
        let f = self.reserve(size, ty, false);
        Self::map_same_dim(&mut self.results, dim, f);
        self
    }

    /// `addPointwise(shape, typeFn, blockedFn)`: one factor per dimension of
    /// `shape`, on that dimension of every tensor of rank ≥ 1.
    pub fn add_pointwise_with(
        &mut self,
        shape: &[i64],
        ty: impl Fn(i64) -> FactorType,
        blocked: impl Fn(FactorType) -> bool,
    ) -> &mut Self {
        for (dim, &size) in shape.iter().enumerate() {
            let t = ty(dim as i64);
            self.add_same_dim(dim as i64, size, t, blocked(t));
        }
        self
    }

    /// `addPointwise(shape)`: pass-through factors only.
    pub fn add_pointwise(&mut self, shape: &[i64]) -> &mut Self {
        self.add_pointwise_with(shape, |_| FactorType::PassThrough, |_| false)
    }

    /// `addPointwiseIf(shape, pred, typeFn)`: like `add_pointwise_with`, for the
    /// dimensions `pred` accepts, never blocked.
    pub fn add_pointwise_if(
        &mut self,
        shape: &[i64],
        pred: impl Fn(i64) -> bool,
        ty: impl Fn(i64) -> FactorType,
    ) -> &mut Self {
        for (dim, &size) in shape.iter().enumerate() {
            if pred(dim as i64) {
                self.add_same_dim(dim as i64, size, ty(dim as i64), false);
            }
        }
        self
    }

    /// `addPointwiseWithDiffTypeForMismatch`: pass-through where the two shapes
    /// agree, otherwise a factor of the input's size with `ty` and `blocked`.
    pub fn add_pointwise_with_diff_type_for_mismatch(
        &mut self,
        in_shape: &[i64],
        out_shape: &[i64],
        ty: FactorType,
        blocked: bool,
    ) -> &mut Self {
        for (dim, (&i, &o)) in in_shape.iter().zip(out_shape).enumerate() {
            if i == o {
                self.add_same_dim(dim as i64, i, FactorType::PassThrough, false);
            } else {
                self.add_same_dim(dim as i64, i, ty, blocked);
            }
        }
        self
    }

    /// The rule: every dimension still without a factor gets its own size-1
    /// factor, appended after the explicit ones (operands first, then results,
    /// in dimension order).
    pub fn build(&self) -> OpShardingRule {
        let mut sizes = self.factor_sizes.clone();
        let mut fill = |tensors: &[Vec<Vec<i64>>]| -> Vec<TensorMapping> {
            tensors
                .iter()
                .map(|dims| TensorMapping {
                    dims: dims
                        .iter()
                        .map(|factors| {
                            if factors.is_empty() {
                                sizes.push(1);
                                DimMapping { factors: vec![sizes.len() as i64 - 1] }
                            } else {
                                DimMapping { factors: factors.clone() }
                            }
                        })
                        .collect(),
                })
                .collect()
        };
        let operand_mappings = fill(&self.operands);
        let result_mappings = fill(&self.results);
        OpShardingRule {
            factor_sizes: sizes,
            operand_mappings,
            result_mappings,
            reduction_factors: self.reduction.clone(),
            need_replication_factors: self.need_replication.clone(),
            permutation_factors: self.permutation.clone(),
            blocked_propagation_factors: self.blocked.clone(),
            is_custom: false,
        }
    }

    /// `buildPointwise`: one pass-through factor per dimension of `shape` (the
    /// shape of result 0), on every tensor of rank ≥ 1.
    pub fn pointwise(operand_ranks: &[usize], result_ranks: &[usize], shape: &[i64]) -> OpShardingRule {
        let mut b = RuleBuilder::new(operand_ranks, result_ranks);
        b.factor_sizes = shape.to_vec();
        for mapping in b.operands.iter_mut().chain(b.results.iter_mut()) {
            for (i, factors) in mapping.iter_mut().enumerate() {
                factors.push(i as i64);
            }
        }
        b.build()
    }
}
