//! `sdy-remove-size-one-axes`: axes of size one are dropped from every
//! sharding (dimension, replicated and unreduced axes), when some mesh of
//! the module has one; meshes themselves keep them.
//!
//! Invariants: a dimension left closed and empty loses its priority; a
//! sharding whose mesh cannot be resolved is left alone; a sharding with
//! nothing to drop is returned unchanged.

use shardref_spec::ir::Module;
use shardref_spec::ir::sdy::{AxisRef, DimensionSharding, Mesh, SdyAttr, TensorSharding};
use shardref_spec::ops::SdyOp;

use crate::rewrite::{is_sdy, mesh_of, sdy_attr, transform_shardings};

fn axis_size(mesh: &Mesh, a: &AxisRef) -> Option<i64> {
    match a.sub_axis {
        Some(s) => Some(s.size),
        None => mesh.axis_size(&a.name),
    }
}

/// The sharding without its size-one axes.
pub fn remove(m: &Module, s: TensorSharding) -> TensorSharding {
    let Some(mesh) = mesh_of(m, &s).cloned() else { return s };
    let keep = |a: &AxisRef| axis_size(&mesh, a) != Some(1);
    let dims = s
        .dims
        .iter()
        .map(|d| {
            let axes: Vec<AxisRef> = d.axes.iter().filter(|a| keep(a)).cloned().collect();
            let priority = if axes.is_empty() && d.is_closed { None } else { d.priority };
            DimensionSharding { axes, is_closed: d.is_closed, priority }
        })
        .collect();
    TensorSharding {
        mesh: s.mesh.clone(),
        dims,
        replicated: s.replicated.iter().filter(|a| keep(a)).cloned().collect(),
        unreduced: s.unreduced.iter().filter(|a| keep(a)).cloned().collect(),
        reduction: s.reduction,
    }
}

pub fn run(m: &mut Module) {
    let any = m.block(m.body()).ops.iter().any(|&o| {
        is_sdy(m, o, SdyOp::Mesh)
            && matches!(sdy_attr(m, o, shardref_spec::schema::keys::MESH), Some(SdyAttr::Mesh(mesh)) if mesh.axes.iter().any(|a| a.size == 1))
    });
    if !any {
        return;
    }
    transform_shardings(m, |m, s| remove(m, s));
}
