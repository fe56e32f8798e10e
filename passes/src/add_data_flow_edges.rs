//! `sdy-add-data-flow-edges` (inventory §4.1): every edge owner of a
//! data-flow op (the block arguments of a manual or named computation's
//! body, the results of a manual or named computation, `stablehlo.while`,
//! `stablehlo.case` and `stablehlo.optimization_barrier`) gets an
//! `sdy.data_flow_edge` that takes over all of its uses.
//!
//! Invariants: edges of block arguments start their block, in argument
//! order; edges of results follow their op, in result order; tokens and
//! dynamically shaped values get none; the edge carries the owner's
//! sharding (a manual computation's body argument without its manual axes).

use shardref_spec::ir::sdy::SdyAttr;
use shardref_spec::ir::{Attr, Dict, Module, OpId, ValueId};
use shardref_spec::ops::{OpKind, OpName, SdyOp, StablehloOp};

use crate::rewrite::{
    create, entry_block, insert_after, insert_at, is_static_shaped, post_order, replace_uses_except, sharding_of,
};

/// The op is a `ShardableDataFlowOpInterface` op.
pub fn is_data_flow_op(m: &Module, op: OpId) -> bool {
    matches!(
        m.op(op).name,
        OpName::Known(OpKind::Sdy(SdyOp::ManualComputation | SdyOp::NamedComputation))
            | OpName::Known(OpKind::Stablehlo(
                StablehloOp::While | StablehloOp::Case | StablehloOp::OptimizationBarrier
            ))
    )
}

/// The block-argument edge owners of a data-flow op.
pub fn block_arg_owners(m: &Module, op: OpId) -> Vec<ValueId> {
    match m.op(op).name {
        OpName::Known(OpKind::Sdy(SdyOp::ManualComputation | SdyOp::NamedComputation)) => {
            entry_block(m, op).map(|b| m.block(b).args.clone()).unwrap_or_default()
        }
        _ => vec![],
    }
}

/// Creates the edge of `owner` (not yet inserted); its uses are not redirected.
fn make_edge(m: &mut Module, owner: ValueId) -> OpId {
    let ty = m.value_type(owner).clone();
    let mut attrs = Dict::default();
    if let Some(s) = sharding_of(m, owner) {
        attrs.insert(shardref_spec::schema::keys::SHARDING, Attr::Sdy(Box::new(SdyAttr::Sharding(s))));
    }
    create(m, OpKind::Sdy(SdyOp::DataFlowEdge), vec![owner], &[ty], attrs)
}

/// `addDataFlowEdges` for one op: its block-argument owners, then its result owners.
pub fn add_edges(m: &mut Module, op: OpId) {
    let args: Vec<ValueId> =
        block_arg_owners(m, op).into_iter().filter(|&v| is_static_shaped(m.value_type(v))).collect();
    if let Some(block) = entry_block(m, op) {
        for (k, &a) in args.iter().enumerate() {
            let e = make_edge(m, a);
            insert_at(m, block, k, e);
            let r = m.op(e).results[0];
            replace_uses_except(m, a, r, e);
        }
    }
    let results: Vec<ValueId> =
        m.op(op).results.iter().copied().filter(|&v| is_static_shaped(m.value_type(v))).collect();
    let mut anchor = op;
    for &v in &results {
        let e = make_edge(m, v);
        insert_after(m, anchor, e);
        anchor = e;
        let r = m.op(e).results[0];
        replace_uses_except(m, v, r, e);
    }
}

pub fn run(m: &mut Module) {
    for op in post_order(m) {
        if is_data_flow_op(m, op) {
            add_edges(m, op);
        }
    }
}
