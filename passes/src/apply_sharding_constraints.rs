//! `sdy-apply-sharding-constraints` (inventory §4.2): a fully closed
//! sharding constraint (or manual computation in-sharding) on a value with
//! no sharding becomes that value's sharding, unless another constraint or
//! manual computation asks for a different one; a chain of constraints
//! takes over the later uses of its input.
//!
//! Invariants: a value with a data-flow edge keeps its sharding on the
//! edge, so the constraint is moved (or, for a manual computation, created)
//! right after the value and takes over its other uses, and only unreduced
//! axes reach the edge; the debug options are a side channel upstream uses
//! for origin tracking and change nothing here. An applied constraint gets
//! its pointwise `sdy.sharding_rule`, as upstream's
//! `getOrCreateShardingRule(..., setShardingRuleAttr=true)` attaches it.

use shardref_spec::ir::sdy::{DimMapping, OpShardingRule, SdyAttr, TensorMapping, TensorSharding};
use shardref_spec::ir::{Attr, Dict, Module, OpId, ValueDef, ValueId};
use shardref_spec::ops::{FuncOp, OpKind, SdyOp};

use crate::rewrite::{
    create, data_flow_edge_of, def_op, detach, fully_open, insert_after, insert_at, is, is_sdy, position, post_order,
    rank, replace_uses_except, replace_uses_if, set_sharding, set_sharding_attr, shardable_value, sharding_attr,
    sharding_list, sharding_of, users,
};

fn is_constraint_like(m: &Module, op: OpId) -> bool {
    is_sdy(m, op, SdyOp::ShardingConstraint) || is_sdy(m, op, SdyOp::ManualComputation)
}

fn used_by_constraint_with_different_sharding(m: &Module, v: ValueId, s: &TensorSharding) -> bool {
    users(m, v).into_iter().any(|u| {
        if is_sdy(m, u, SdyOp::ShardingConstraint) {
            return sharding_attr(m, u, shardref_spec::schema::keys::SHARDING).as_ref() != Some(s);
        }
        if is_sdy(m, u, SdyOp::ManualComputation) {
            let ins = sharding_list(m, u, shardref_spec::schema::keys::IN_SHARDINGS).unwrap_or_default();
            return m.op(u).operands.iter().enumerate().filter(|(_, o)| **o == v).any(|(i, _)| ins.get(i) != Some(s));
        }
        false
    })
}

fn used_by_constraint(m: &Module, v: ValueId, excluded: Option<OpId>) -> bool {
    users(m, v).into_iter().any(|u| Some(u) != excluded && is_constraint_like(m, u))
}

fn fully_closed(s: &TensorSharding) -> bool {
    s.dims.iter().all(|d| d.is_closed)
}

fn should_apply(m: &Module, v: ValueId, s: &TensorSharding) -> bool {
    shardable_value(m, v).is_some()
        && sharding_of(m, v).is_none()
        && fully_closed(s)
        && !used_by_constraint_with_different_sharding(m, v, s)
}

/// Moves `op` right after the definition of `v` (the start of its block for a block argument).
fn move_after_value(m: &mut Module, op: OpId, v: ValueId) {
    detach(m, op);
    place_after_value(m, op, v);
}

fn place_after_value(m: &mut Module, op: OpId, v: ValueId) {
    match m.value(v).def {
        ValueDef::Result { op: d, .. } => insert_after(m, d, op),
        ValueDef::BlockArg { block, .. } => insert_at(m, block, 0, op),
    }
}

/// The pointwise sharding rule of a `sdy.sharding_constraint` on a static shape.
fn pointwise_rule(m: &Module, op: OpId) -> Option<OpShardingRule> {
    let shape = m.value_type(*m.op(op).results.first()?).as_tensor()?.static_shape()?;
    let mapping = TensorMapping { dims: (0..shape.len() as i64).map(|i| DimMapping { factors: vec![i] }).collect() };
    Some(OpShardingRule {
        factor_sizes: shape.iter().map(|&d| d as i64).collect(),
        operand_mappings: vec![mapping.clone()],
        result_mappings: vec![mapping],
        reduction_factors: vec![],
        need_replication_factors: vec![],
        permutation_factors: vec![],
        blocked_propagation_factors: vec![],
        is_custom: false,
    })
}

/// `applyConstraint`; `make` gives the constraint op placed after the value,
/// `op` is the op asking for the sharding (a constraint or a manual computation).
fn apply(m: &mut Module, op: OpId, v: ValueId, s: &TensorSharding, make: impl FnOnce(&mut Module) -> OpId) {
    if !should_apply(m, v, s) {
        return;
    }
    let has_edge = def_op(m, v).is_some_and(|d| is_sdy(m, d, SdyOp::DataFlowEdge)) || data_flow_edge_of(m, v).is_some();
    if has_edge {
        let c = make(m);
        let r = m.op(c).results[0];
        replace_uses_except(m, v, r, c);
        if !s.unreduced.is_empty() {
            let current = sharding_of(m, v).unwrap_or_else(|| fully_open(s.mesh.clone(), rank(m.value_type(v))));
            let new = TensorSharding {
                mesh: current.mesh,
                dims: current.dims,
                replicated: current.replicated,
                unreduced: s.unreduced.clone(),
                reduction: s.reduction,
            };
            set_sharding(m, v, new);
        }
    } else {
        if is_sdy(m, op, SdyOp::ShardingConstraint)
            && !shardref_spec::schema::Common::of(m.op(op)).sdy_sharding_rule().present()
            && let Some(rule) = pointwise_rule(m, op)
        {
            m.op_mut(op).attrs.insert(
                shardref_spec::schema::keys::SDY_SHARDING_RULE,
                Attr::Sdy(Box::new(SdyAttr::OpShardingRule(rule))),
            );
        }
        set_sharding(m, v, s.clone());
    }
}

/// `getTailOfShardingConstraintChain`.
fn chain_tail(m: &Module, head: OpId) -> Option<OpId> {
    let input = *m.op(head).operands.first()?;
    if def_op(m, input).is_some_and(|d| is_sdy(m, d, SdyOp::ShardingConstraint)) {
        return None;
    }
    if sharding_of(m, input).is_some() || used_by_constraint(m, input, Some(head)) {
        return None;
    }
    let mut tail = head;
    loop {
        let us = users(m, *m.op(tail).results.first()?);
        match us.as_slice() {
            [u] if is_sdy(m, *u, SdyOp::ShardingConstraint) => tail = *u,
            _ => break,
        }
    }
    if tail == head || used_by_constraint(m, *m.op(tail).results.first()?, None) {
        return None;
    }
    Some(tail)
}

pub fn run(m: &mut Module) {
    for op in post_order(m) {
        if m.op(op).parent.is_none() {
            continue;
        }
        if is_sdy(m, op, SdyOp::ShardingConstraint) {
            let Some(&input) = m.op(op).operands.first() else { continue };
            if let Some(tail) = chain_tail(m, op) {
                let tail_result = m.op(tail).results[0];
                let (tail_block, tail_pos) = position(m, tail).unwrap_or((m.body(), usize::MAX));
                replace_uses_if(m, input, tail_result, |m, user| {
                    user != op
                        && !is(m, user, OpKind::Func(FuncOp::Return))
                        && position(m, user).is_some_and(|(b, i)| b == tail_block && i > tail_pos)
                });
            }
            let Some(s) = sharding_attr(m, op, shardref_spec::schema::keys::SHARDING) else { continue };
            apply(m, op, input, &s, |m| {
                move_after_value(m, op, input);
                op
            });
        } else if is_sdy(m, op, SdyOp::ManualComputation) {
            let operands = m.op(op).operands.clone();
            let ins = sharding_list(m, op, shardref_spec::schema::keys::IN_SHARDINGS).unwrap_or_default();
            for (v, s) in operands.into_iter().zip(ins) {
                let span = m.op(op).span;
                apply(m, op, v, &s, |m| {
                    let ty = m.value_type(v).clone();
                    let c = create(m, OpKind::Sdy(SdyOp::ShardingConstraint), vec![v], &[ty], Dict::default());
                    set_sharding_attr(m, c, shardref_spec::schema::keys::SHARDING, s.clone());
                    m.op_mut(c).span = span;
                    place_after_value(m, c, v);
                    c
                });
            }
        }
    }
}
