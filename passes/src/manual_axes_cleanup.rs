//! `sdy-manual-axes-cleanup` (inventory §4.5): a manual computation's
//! manual axes are sorted in mesh order, every manual axis (or the part of
//! it) that an in/out sharding does not use is added to that sharding's
//! replicated axes, and every sharding is moved onto the computation's
//! common mesh.
//!
//! Invariants: a manual computation without in/out shardings and with a
//! non-empty body but manual axes is an error (reported for each such op;
//! the pass then fails); shardings of tokens are left alone; replicated
//! axes come out sorted in mesh order with adjacent sub-axes merged.

use shardref_spec::Diagnostic;
use shardref_spec::ir::sdy::{AxisRef, Mesh, MeshOrRef, SdyAttr, SubAxisInfo, TensorSharding};
use shardref_spec::ir::{Attr, Module, OpId, Type};
use shardref_spec::ops::SdyOp;

use crate::rewrite::{entry_block, is_sdy, manual_axes, mesh_of, post_order, set_sharding_list, sharding_list};

/// The failure check of the pass over every manual computation in
/// post-order: the ops it rejects (all of them) or the ones it rewrites.
pub fn analyse(m: &Module) -> Result<Vec<OpId>, Vec<Diagnostic>> {
    let mut errors = vec![];
    let mut rewritten = vec![];
    for op in post_order(m) {
        if !is_sdy(m, op, SdyOp::ManualComputation) {
            continue;
        }
        let n_in = sharding_list(m, op, shardref_spec::schema::keys::IN_SHARDINGS).map_or(0, |l| l.len());
        let n_out = sharding_list(m, op, shardref_spec::schema::keys::OUT_SHARDINGS).map_or(0, |l| l.len());
        if n_in > 0 || n_out > 0 {
            rewritten.push(op);
            continue;
        }
        let first_is_return = entry_block(m, op)
            .and_then(|b| m.block(b).ops.first().copied())
            .is_some_and(|o| is_sdy(m, o, SdyOp::Return));
        // manual_axes_cleanup_c1: a manual computation with manual axes but
        // no in/out shardings has an empty body.
        if !manual_axes(m, op).is_empty() && !first_is_return {
            errors.push(crate::error_at(
                m,
                op,
                "manual_axes_cleanup_c1",
                "op has manual_axes when there are no in/out shardings and the body is not empty. This isn't allowed at this stage, please contact the Shardy team or file a bug.",
            ));
        }
    }
    if errors.is_empty() { Ok(rewritten) } else { Err(errors) }
}

/// The position of an axis in its mesh (unknown axes last).
fn axis_index(mesh: &Mesh, name: &str) -> usize {
    mesh.axes.iter().position(|a| a.name == name).unwrap_or(usize::MAX)
}

/// An axis ref as the factor interval `[pre, pre * size)` of its axis.
fn interval(mesh: &Mesh, a: &AxisRef) -> Option<(i64, i64)> {
    match a.sub_axis {
        Some(s) => Some((s.pre_size, s.pre_size.checked_mul(s.size)?)),
        None => Some((1, mesh.axis_size(&a.name)?)),
    }
}

fn axis_from_interval(mesh: &Mesh, name: &str, lo: i64, hi: i64) -> AxisRef {
    if lo == 1 && Some(hi) == mesh.axis_size(name) {
        AxisRef::full(name)
    } else {
        AxisRef { name: name.to_string(), sub_axis: Some(SubAxisInfo { pre_size: lo, size: hi / lo.max(1) }) }
    }
}

/// Upstream's `getAxisSetDiff`: the parts of the full axes `full` that no axis in `used` covers.
pub fn axis_set_diff(mesh: &Mesh, full: &[String], used: &[AxisRef]) -> Vec<AxisRef> {
    let mut out = vec![];
    for name in full {
        let Some(size) = mesh.axis_size(name) else { continue };
        if used.iter().any(|u| &u.name == name && u.sub_axis.is_none()) {
            continue;
        }
        let mut free: Vec<(i64, i64)> = vec![(1, size)];
        for u in used.iter().filter(|u| &u.name == name) {
            let Some((a, b)) = interval(mesh, u) else { continue };
            let mut next = vec![];
            for (lo, hi) in free {
                if b <= lo || a >= hi {
                    next.push((lo, hi));
                    continue;
                }
                if lo < a {
                    next.push((lo, a));
                }
                if b < hi {
                    next.push((b, hi));
                }
            }
            free = next;
        }
        out.extend(free.into_iter().map(|(lo, hi)| axis_from_interval(mesh, name, lo, hi)));
    }
    out
}

/// Sorts axes in mesh order (sub-axes by pre-size) and merges adjacent sub-axes of one axis.
pub fn sort_and_merge(mesh: &Mesh, axes: Vec<AxisRef>) -> Vec<AxisRef> {
    let mut axes = axes;
    axes.sort_by_key(|a| (axis_index(mesh, &a.name), a.sub_axis.map_or(1, |s| s.pre_size)));
    let mut out: Vec<AxisRef> = vec![];
    for a in axes {
        if let Some(last) = out.last_mut()
            && last.name == a.name
            && let (Some((l0, l1)), Some((a0, a1))) = (interval(mesh, last), interval(mesh, &a))
            && l1 == a0
        {
            *last = axis_from_interval(mesh, &a.name, l0, a1);
            continue;
        }
        out.push(a);
    }
    out
}

fn is_empty_mesh(m: &Module, s: &TensorSharding) -> bool {
    mesh_of(m, s).is_none_or(|mesh| mesh.axes.is_empty() && mesh.device_ids.is_none())
}

fn is_shaped(t: &Type) -> bool {
    matches!(t, Type::Tensor(_) | Type::MeshTensor(_) | Type::Vector(..))
}

fn cleanup(m: &mut Module, op: OpId) {
    let ins = sharding_list(m, op, shardref_spec::schema::keys::IN_SHARDINGS).unwrap_or_default();
    let outs = sharding_list(m, op, shardref_spec::schema::keys::OUT_SHARDINGS).unwrap_or_default();
    let Some(common) = ins.iter().chain(&outs).find(|s| !is_empty_mesh(m, s)).map(|s| s.mesh.clone()) else {
        return;
    };
    let mesh = match &common {
        MeshOrRef::Inline(mesh) => mesh.clone(),
        MeshOrRef::Ref(name) => match crate::rewrite::mesh_named(m, name) {
            Some(mesh) => mesh.clone(),
            None => return,
        },
    };
    let mut manual = manual_axes(m, op);
    let mut sorted = manual.clone();
    sorted.sort_by_key(|a| axis_index(&mesh, a));
    if sorted != manual {
        manual = sorted;
        m.op_mut(op).attrs.insert(
            shardref_spec::schema::keys::MANUAL_AXES,
            Attr::Sdy(Box::new(SdyAttr::ManualAxes(shardref_spec::ir::sdy::ManualAxes { axes: manual.clone() }))),
        );
    }
    let in_types: Vec<Type> = m.op(op).operands.iter().map(|&v| m.value_type(v).clone()).collect();
    let out_types: Vec<Type> = m.op(op).results.iter().map(|&v| m.value_type(v).clone()).collect();
    for (name, list, types) in [
        (shardref_spec::schema::keys::IN_SHARDINGS, ins, in_types),
        (shardref_spec::schema::keys::OUT_SHARDINGS, outs, out_types),
    ] {
        let mut changed = false;
        let mut new = list.clone();
        for (i, s) in list.iter().enumerate() {
            if !types.get(i).is_some_and(is_shaped) {
                continue;
            }
            let used: Vec<AxisRef> =
                s.dims.iter().flat_map(|d| d.axes.iter()).chain(&s.replicated).chain(&s.unreduced).cloned().collect();
            let unused = axis_set_diff(&mesh, &manual, &used);
            if unused.is_empty() {
                continue;
            }
            let mut replicated = s.replicated.clone();
            replicated.extend(unused);
            new[i] = TensorSharding {
                mesh: common.clone(),
                dims: s.dims.clone(),
                replicated: sort_and_merge(&mesh, replicated),
                unreduced: s.unreduced.clone(),
                reduction: s.reduction,
            };
            changed = true;
        }
        if changed {
            set_sharding_list(m, op, name, new);
        }
    }
}

pub fn run(m: &mut Module) -> Vec<Diagnostic> {
    match analyse(m) {
        Err(errors) => errors,
        Ok(ops) => {
            for op in ops {
                cleanup(m, op);
            }
            vec![]
        }
    }
}
