//! `sdy-propagate-sharding-from-func-to-call`: a `func.call` without result
//! shardings takes its callee's result shardings (results without one get a
//! fully open sharding on the mesh of the first that has one).
//!
//! Invariants: a call's own shardings are never overwritten; a callee with
//! no result sharding (or only ones on maximal meshes) gives nothing; a call
//! to a missing function is an error instead of upstream's abort.

use shardref_spec::Diagnostic;
use shardref_spec::ir::sdy::TensorSharding;
use shardref_spec::ir::{Module, OpId};

use crate::rewrite::{
    callee, fully_open, func_named, func_result_sharding, func_type, is_call, mesh_of, post_order, rank,
    set_sharding_list, sharding_list,
};

/// `getFuncResultShardings`.
pub fn func_result_shardings(m: &Module, f: OpId) -> Option<Vec<TensorSharding>> {
    let results = func_type(m, f).1;
    let mesh = (0..results.len())
        .filter_map(|i| func_result_sharding(m, f, i))
        .find(|s| {
            mesh_of(m, s)
                .is_some_and(|mesh| !(mesh.axes.is_empty() && mesh.device_ids.as_ref().is_some_and(|d| d.len() == 1)))
        })
        .map(|s| s.mesh)?;
    Some(
        results
            .iter()
            .enumerate()
            .map(|(i, t)| func_result_sharding(m, f, i).unwrap_or_else(|| fully_open(mesh.clone(), rank(t))))
            .collect(),
    )
}

pub fn run(m: &mut Module) -> Vec<Diagnostic> {
    for call in post_order(m) {
        if !is_call(m, call) {
            continue;
        }
        let name = callee(m, call).unwrap_or_default();
        let Some(f) = func_named(m, &name) else {
            return vec![crate::error_at(m, call, crate::PASS_ERROR, format!("Failed to lookup function: {name}"))];
        };
        if sharding_list(m, call, shardref_spec::schema::keys::SDY_SHARDING).is_none()
            && let Some(list) = func_result_shardings(m, f)
        {
            set_sharding_list(m, call, shardref_spec::schema::keys::SDY_SHARDING, list);
        }
    }
    vec![]
}
