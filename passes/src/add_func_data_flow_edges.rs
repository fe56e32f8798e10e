//! `sdy-add-func-data-flow-edges`: every statically shaped argument of a
//! function other than the main one, and every statically shaped result of
//! a `func.call`, gets an `sdy.func_data_flow_edge` that takes over its uses
//! and carries its sharding.
//!
//! Invariants: argument edges start the entry block in argument order;
//! result edges follow the call in result order. The main function is
//! `@main`, or the only function; without one the pass fails as upstream's
//! `getMainFuncOrDie` does, with an error instead of an abort.

use shardref_spec::Diagnostic;
use shardref_spec::ir::sdy::{SdyAttr, ShardingPerValue};
use shardref_spec::ir::{Attr, Dict, Module, OpId, ValueId};
use shardref_spec::ops::{OpKind, SdyOp};

use crate::rewrite::{
    create, entry_block, func_named, funcs, insert_after, insert_at, is_call, is_static_shaped, post_order,
    replace_uses_except, sharding_of,
};

fn make_edge(m: &mut Module, owner: ValueId) -> OpId {
    let ty = m.value_type(owner).clone();
    let mut attrs = Dict::default();
    // `setShardings(edge, {sharding})`: the edge's `sdy.sharding` list.
    if let Some(s) = sharding_of(m, owner) {
        attrs.insert(
            shardref_spec::schema::keys::SDY_SHARDING,
            Attr::Sdy(Box::new(SdyAttr::ShardingPerValue(ShardingPerValue { shardings: vec![s] }))),
        );
    }
    create(m, OpKind::Sdy(SdyOp::FuncDataFlowEdge), vec![owner], &[ty], attrs)
}

/// `getMainFuncOrDie(useSingleFunc=true)`.
pub fn main_func(m: &Module) -> Option<OpId> {
    func_named(m, "main").or_else(|| {
        let fs = funcs(m);
        if fs.len() == 1 { Some(fs[0]) } else { None }
    })
}

pub fn run(m: &mut Module) -> Vec<Diagnostic> {
    let Some(main) = main_func(m) else {
        return vec![Diagnostic::error(m.op(m.root).span, "Failed to find main function").with_code(crate::PASS_ERROR)];
    };
    for f in funcs(m) {
        if f == main {
            continue;
        }
        let Some(block) = entry_block(m, f) else { continue };
        let args: Vec<ValueId> =
            m.block(block).args.iter().copied().filter(|&v| is_static_shaped(m.value_type(v))).collect();
        for (k, &a) in args.iter().enumerate() {
            let e = make_edge(m, a);
            m.op_mut(e).span = m.op(f).span;
            insert_at(m, block, k, e);
            let r = m.op(e).results[0];
            replace_uses_except(m, a, r, e);
        }
    }
    for call in post_order(m) {
        if !is_call(m, call) {
            continue;
        }
        let results: Vec<ValueId> =
            m.op(call).results.iter().copied().filter(|&v| is_static_shaped(m.value_type(v))).collect();
        let mut anchor = call;
        for &v in &results {
            let e = make_edge(m, v);
            m.op_mut(e).span = m.op(call).span;
            insert_after(m, anchor, e);
            anchor = e;
            let r = m.op(e).results[0];
            replace_uses_except(m, v, r, e);
        }
    }
    vec![]
}
