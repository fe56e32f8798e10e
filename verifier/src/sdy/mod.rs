//! The sdy rules, grouped like inventory §3: `axes` (§3.2–3.3), `sharding`
//! (§3.4), `hooks` (§3.5, with §3.7's op-level edge checks), `rule` (§3.6),
//! `parse_time` (§3.1 and §3.7's attribute checks), `ops` (§3.8's
//! op-specific rules), `unreduced` (§3.8's unreduced-axes transitions) and
//! `collectives` (§3.8's collective rules).

pub mod axes;
pub mod collectives;
pub mod hooks;
pub mod ops;
pub mod parse_time;
pub mod rule;
pub mod sharding;
pub mod unreduced;

use shardref_spec::Diagnostic;
use shardref_spec::ir::sdy::{Mesh, SdyAttr, TensorSharding};
use shardref_spec::ir::{Attr, Module, OpId};
use shardref_spec::ops::SdyOp;

use crate::Cx;

/// The manual axes of a `sdy.manual_computation`.
pub fn manual_axes(m: &Module, op: OpId) -> Vec<String> {
    match crate::attrs::sdy::ManualComputation::of(m.op(op)).manual_axes().raw() {
        Some(Attr::Sdy(a)) => match a.as_ref() {
            SdyAttr::ManualAxes(x) => x.axes.clone(),
            _ => vec![],
        },
        _ => vec![],
    }
}

/// `getCommonMesh`: the mesh every sharding resolves to, ignoring empty
/// meshes; the empty mesh when all are empty; `None` on a mismatch or an
/// unresolved reference.
pub fn common_mesh<'a>(cx: &'a Cx<'_>, shardings: impl IntoIterator<Item = &'a TensorSharding>) -> Option<&'a Mesh> {
    let mut common: Option<&Mesh> = None;
    let mut empty: Option<&Mesh> = None;
    for s in shardings {
        let mesh = cx.syms.mesh(&s.mesh)?;
        if mesh.axes.is_empty() && mesh.device_ids.is_none() {
            empty = Some(mesh);
            continue;
        }
        match common {
            None => common = Some(mesh),
            Some(c) if c == mesh => {}
            Some(_) => return None,
        }
    }
    common.or(empty)
}

/// Op-verification-time checks of an sdy op (`verify()` and interfaces);
/// a failing check may report more than one error, as MLIR's type
/// inference does.
pub fn verify_op(cx: &Cx<'_>, op: OpId, kind: SdyOp) -> Result<(), Vec<Diagnostic>> {
    let r = match kind {
        SdyOp::NamedComputation => return ops::verify_named_computation(cx, op),
        SdyOp::ManualComputation => ops::verify_manual_computation(cx, op),
        SdyOp::PropagationBarrier => ops::verify_propagation_barrier(cx, op),
        SdyOp::AllGather
        | SdyOp::AllSlice
        | SdyOp::AllToAll
        | SdyOp::CollectivePermute
        | SdyOp::AllReduce
        | SdyOp::ReduceScatter
        | SdyOp::ShardedToUnreduced
        | SdyOp::ReplicatedToUnreduced => collectives::verify_interface(cx, op, kind),
        SdyOp::Mesh
        | SdyOp::ShardingConstraint
        | SdyOp::Reshard
        | SdyOp::Return
        | SdyOp::ShardingGroup
        | SdyOp::Constant
        | SdyOp::DataFlowEdge
        | SdyOp::FuncDataFlowEdge => Ok(()),
    };
    r.map_err(|f| vec![cx.op_error(op, f)])
}

/// Symbol-use checks of an sdy op (`verifySymbolUses`).
pub fn symbol_uses(cx: &Cx<'_>, op: OpId, kind: SdyOp) -> Result<(), Diagnostic> {
    match kind {
        SdyOp::ShardingConstraint | SdyOp::Reshard => ops::constraint_uses(cx, op).map_err(|f| cx.op_error(op, f)),
        SdyOp::DataFlowEdge => ops::data_flow_edge_uses(cx, op).map_err(|f| cx.op_error(op, f)),
        SdyOp::FuncDataFlowEdge => ops::func_data_flow_edge_uses(cx, op).map_err(|f| cx.op_error(op, f)),
        SdyOp::ManualComputation => ops::manual_computation_uses(cx, op).map_err(|f| cx.op_error(op, f)),
        SdyOp::NamedComputation => ops::named_computation_uses(cx, op),
        SdyOp::AllGather
        | SdyOp::AllSlice
        | SdyOp::AllToAll
        | SdyOp::CollectivePermute
        | SdyOp::AllReduce
        | SdyOp::ReduceScatter
        | SdyOp::ShardedToUnreduced
        | SdyOp::ReplicatedToUnreduced => collectives::symbol_uses(cx, op, kind).map_err(|f| cx.op_error(op, f)),
        SdyOp::Mesh | SdyOp::Return | SdyOp::ShardingGroup | SdyOp::Constant | SdyOp::PropagationBarrier => Ok(()),
    }
}
