//! `sdy-import-func-calls`: every `func.call` becomes an
//! `sdy.named_computation` named after its callee's original name, holding
//! the callee's body; the callees are then erased. Optionally (the default)
//! every named computation then gets data-flow edges.
//!
//! Invariants: calls are imported in call-graph post-order, so a callee's
//! own calls are imported before its body moves; the first call of a callee
//! takes its body, later calls get a copy of that body, with a warning
//! once per process (`PassState`); the named computation takes the call's
//! discardable attributes except `sdy.sharding`, its in-shardings from the
//! callee's arguments and its out-shardings from the call.

use shardref_spec::Diagnostic;
use shardref_spec::ir::{Attr, Dict, Module, OpId, RegionId};
use shardref_spec::ops::{OpKind, OpName, SdyOp};

use crate::PassState;
use crate::callgraph::calls_post_order;
use crate::rewrite::{
    callee, clone_region_into, create, erase, fully_open, func_arg_sharding, func_named, func_type, insert_before,
    is_sdy, is_terminator, mesh_of, original_func_name, post_order, rank, replace_uses_except, set_sharding_list,
    sharding_list,
};

/// The calls in the order the pass imports them.
pub fn calls_in_import_order(m: &Module) -> Vec<OpId> {
    calls_post_order(m)
}

/// The warning the pass emits (once per process) at the first call to a
/// callee whose body an earlier call already took, without running the pass.
pub fn warning(m: &Module, state: &mut PassState) -> Option<Diagnostic> {
    if state.warned_multiple_calls {
        return None;
    }
    let mut seen: Vec<String> = vec![];
    for call in calls_in_import_order(m) {
        let Some(name) = callee(m, call) else { continue };
        if seen.contains(&name) {
            // import_func_calls_w1: a callee called more than once has its
            // body cloned, with a warning (once per process).
            state.warned_multiple_calls = true;
            return Some(crate::warning_at(
                m,
                call,
                "import_func_calls_w1",
                format!("function @{name} has multiple call ops, we need to clone the function body for each call"),
            ));
        }
        seen.push(name);
    }
    None
}

/// `getFuncArgShardings`.
fn func_arg_shardings(m: &Module, f: OpId) -> Option<Vec<shardref_spec::ir::sdy::TensorSharding>> {
    let args = func_type(m, f).0;
    let mesh = (0..args.len())
        .filter_map(|i| func_arg_sharding(m, f, i))
        .find(|s| {
            mesh_of(m, s)
                .is_some_and(|mesh| !(mesh.axes.is_empty() && mesh.device_ids.as_ref().is_some_and(|d| d.len() == 1)))
        })
        .map(|s| s.mesh)?;
    Some(
        args.iter()
            .enumerate()
            .map(|(i, t)| func_arg_sharding(m, f, i).unwrap_or_else(|| fully_open(mesh.clone(), rank(t))))
            .collect(),
    )
}

/// The attributes of `func.call` that are part of the op (not discardable).
const CALL_INHERENT: [&str; 4] = [
    shardref_spec::schema::keys::CALLEE,
    shardref_spec::schema::keys::ARG_ATTRS,
    shardref_spec::schema::keys::RES_ATTRS,
    shardref_spec::schema::keys::NO_INLINE,
];

pub fn run(m: &mut Module, add_edges: bool, state: &mut PassState) -> Vec<Diagnostic> {
    let mut diags = vec![];
    let mut moved: Vec<(String, OpId, RegionId)> = vec![];
    for call in calls_in_import_order(m) {
        let name = callee(m, call).unwrap_or_default();
        let Some(f) = func_named(m, &name) else {
            diags.push(crate::error_at(m, call, crate::PASS_ERROR, format!("Failed to lookup function: {name}")));
            return diags;
        };
        let mut attrs = Dict::default();
        for (k, v) in m.op(call).attrs.iter() {
            if !CALL_INHERENT.contains(&k) && k != shardref_spec::schema::keys::SDY_SHARDING {
                attrs.insert(k, v.clone());
            }
        }
        attrs.insert(shardref_spec::schema::keys::NAME, Attr::str(&original_func_name(m, f)));
        if let Some(t) = shardref_spec::schema::Func::of(m.op(f)).sdy_execution_thread().raw().cloned() {
            attrs.insert(shardref_spec::schema::keys::SDY_EXECUTION_THREAD, t);
        }
        let types: Vec<_> = m.op(call).results.iter().map(|&r| m.value_type(r).clone()).collect();
        let operands = m.op(call).operands.clone();
        let nc = create(m, OpKind::Sdy(SdyOp::NamedComputation), operands, &types, attrs);
        m.op_mut(nc).span = m.op(call).span;
        if let Some(ins) = func_arg_shardings(m, f) {
            set_sharding_list(m, nc, shardref_spec::schema::keys::IN_SHARDINGS, ins);
        }
        if let Some(outs) = sharding_list(m, call, shardref_spec::schema::keys::SDY_SHARDING) {
            set_sharding_list(m, nc, shardref_spec::schema::keys::OUT_SHARDINGS, outs);
        }
        insert_before(m, call, nc);
        match moved.iter().find(|(n, _, _)| *n == name) {
            Some(&(_, _, region)) => {
                if !state.warned_multiple_calls {
                    state.warned_multiple_calls = true;
                    diags.push(crate::warning_at(
                        m,
                        call,
                        "import_func_calls_w1",
                        format!(
                            "function @{name} has multiple call ops, we need to clone the function body for each call"
                        ),
                    ));
                }
                let r = m.add_region(nc);
                clone_region_into(m, region, r, &mut Default::default());
            }
            None => {
                // The callee's body moves into the named computation.
                let Some(&region) = m.op(f).regions.first() else { continue };
                m.op_mut(f).regions.clear();
                m.regions[region.index()].parent = Some(nc);
                m.op_mut(nc).regions.push(region);
                for &b in &m.region(region).blocks.clone() {
                    if let Some(&last) = m.block(b).ops.last()
                        && is_terminator(m, last)
                    {
                        m.op_mut(last).name = OpName::Known(OpKind::Sdy(SdyOp::Return));
                        m.op_mut(last).attrs = Dict::default();
                    }
                }
                moved.push((name.clone(), f, region));
            }
        }
        let results = m.op(call).results.clone();
        let new_results = m.op(nc).results.clone();
        for (r, n) in results.into_iter().zip(new_results) {
            replace_uses_except(m, r, n, nc);
        }
        erase(m, call);
    }
    for (_, f, _) in &moved {
        erase(m, *f);
    }
    if add_edges {
        for op in post_order(m) {
            if is_sdy(m, op, SdyOp::NamedComputation) {
                crate::add_data_flow_edges::add_edges(m, op);
            }
        }
    }
    diags
}
