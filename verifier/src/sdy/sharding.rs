//! A tensor sharding against a type (`verifyTensorShardingAttr`, inventory
//! §3.4) and one sharding per value (`verifyTensorShardingPerValueAttr`).

use shardref_spec::ir::sdy::{Mesh, MeshOrRef, TensorSharding};
use shardref_spec::ir::{Module, OpId, Span, Type};
use shardref_spec::ops::{OpKind, OpName, SdyOp};

use super::axes::{Seen, check_list, check_sorted_list, check_sub_axes};
use crate::{Check, Cx, Fail};

/// `#sdy.sharding<@mesh, [...]>`, as upstream streams the attribute.
pub fn sharding_str(s: &TensorSharding) -> String {
    let mut t = String::from("#sdy.sharding");
    let _ = shardref_spec::print::sdy::write_tensor_sharding(&mut t, s);
    t
}

/// `@name` or the inline mesh, as upstream's `getMeshSymName` prints in T1.
pub fn mesh_ref_str(r: &MeshOrRef) -> String {
    match r {
        MeshOrRef::Ref(n) => format!("@{n}"),
        MeshOrRef::Inline(_) => "<inline>".into(),
    }
}

/// The manual axes bound by `sdy.manual_computation`s enclosing `op`:
/// (axis, the outermost-last owner's span), innermost first.
pub fn enclosing_manual_axes(m: &Module, op: OpId) -> Vec<(String, Span)> {
    let mut out: Vec<(String, Span)> = vec![];
    for p in crate::symbols::ancestors(m, op) {
        if m.op(p).name == OpName::Known(OpKind::Sdy(SdyOp::ManualComputation)) {
            for a in super::manual_axes(m, p) {
                // A later (outer) owner replaces an inner one, as upstream's map assignment does.
                match out.iter_mut().find(|(n, _)| *n == a) {
                    Some(e) => e.1 = m.op(p).span,
                    None => out.push((a, m.op(p).span)),
                }
            }
        }
    }
    out
}

fn has_extra_axes(s: &TensorSharding) -> bool {
    !s.replicated.is_empty() || !s.unreduced.is_empty()
}

/// Whether every dimension sharding is empty and there are no replicated axes.
pub fn is_fully_replicated(s: &TensorSharding) -> bool {
    s.dims.iter().all(|d| d.axes.is_empty())
}

/// Whether the mesh is maximal (`<[], device_ids=[d]>`).
pub fn is_maximal(mesh: &Mesh) -> bool {
    mesh.axes.is_empty() && mesh.device_ids.as_ref().is_some_and(|d| d.len() == 1)
}

/// `verifyTensorShardingAttr`: `ty` is `None` for a zero-result op.
pub fn check(
    s: &TensorSharding,
    ty: Option<&Type>,
    mesh: Option<&Mesh>,
    check_divisibility: bool,
    manual: &[(String, Span)],
) -> Check {
    // sharding_c1 (T1): the mesh symbol resolves.
    let Some(mesh) = mesh else {
        return Err(Fail::new("sharding_c1", format!("unknown mesh: {}", mesh_ref_str(&s.mesh))));
    };
    // sharding_c2 (T2): a maximal sharding has rank 0 and no replicated or unreduced axes.
    if is_maximal(mesh) || (ty.is_none() && is_fully_replicated(s)) {
        if !s.dims.is_empty() || has_extra_axes(s) {
            return Err(Fail::new(
                "sharding_c2",
                "a maximal sharding can only have a sharding with rank 0 and no replicated or unreduced axes.",
            ));
        }
        return Ok(());
    }
    let mut ty = ty;
    let tuple_elem;
    if let Some(Type::Tuple(elems)) = ty {
        // sharding_c3 (T3): only a tuple of one element can be sharded.
        if elems.len() != 1 {
            return Err(Fail::new(
                "sharding_c3",
                format!(
                    "ops can only have a sharding for a tuple of size 1: '{}'",
                    ty.map(|t| t.to_string()).unwrap_or_default()
                ),
            ));
        }
        tuple_elem = elems[0].clone();
        ty = Some(&tuple_elem);
    }
    let shape = match ty {
        Some(Type::Tensor(t)) => Some(t.shape.clone()),
        Some(Type::Vector(dims, _)) => Some(Some(dims.iter().map(|&d| Some(d)).collect())),
        // `!mpmd.mesh_tensor` implements ShapedTypeInterface with its global tensor's shape.
        Some(Type::MeshTensor(mt)) => Some(mt.tensor.shape.clone()),
        _ => None,
    };
    let Some(shape) = shape else {
        // sharding_c4 (T4): a non-shaped value's sharding has rank 0 and no replicated or unreduced axes.
        if !s.dims.is_empty() || has_extra_axes(s) {
            let t = ty.map(|t| t.to_string()).unwrap_or_else(|| "<<NULL TYPE>>".into());
            return Err(Fail::new(
                "sharding_c4",
                format!(
                    "non-shaped tensors can only have a sharding with rank 0 and no replicated or unreduced axes. type: '{t}', sharding: {}",
                    sharding_str(s)
                ),
            ));
        }
        return Ok(());
    };
    // sharding_c5 (T5): only ranked tensors have a sharding.
    let Some(shape) = shape else {
        let t = ty.map(|t| t.to_string()).unwrap_or_default();
        return Err(Fail::new("sharding_c5", format!("only ranked tensors can have a sharding. type: '{t}'")));
    };
    // sharding_c6 (T6): one dimension sharding per dimension.
    if s.dims.len() != shape.len() {
        return Err(Fail::new(
            "sharding_c6",
            format!("sharding doesn't match tensor rank: {} != {}", s.dims.len(), shape.len()),
        ));
    }
    let mut seen = Seen::default();
    for (dim, (d, size)) in s.dims.iter().zip(&shape).enumerate() {
        if let Some(p) = d.priority {
            // sharding_c7 (T7): priorities are non-negative.
            if p < 0 {
                return Err(Fail::new("sharding_c6", format!("dim {dim} has a negative priority")));
            }
            // sharding_c8 (T8): an empty closed dimension has no priority.
            if d.is_closed && d.axes.is_empty() {
                return Err(Fail::new("sharding_c8", format!("dim {dim} is empty and closed but has a priority")));
            }
        }
        check_list(&d.axes, mesh, &mut seen)?;
        let Some(size) = size else { continue };
        if check_divisibility {
            let sharded = d.axes.iter().fold(1i64, |acc, a| acc.saturating_mul(super::axes::size(a, mesh)));
            // sharding_c9 (T9): mesh tensors' static dimensions divide by their sharded size.
            if sharded != 0 && (*size as i64) % sharded != 0 {
                return Err(Fail::new(
                    "sharding_c8",
                    format!("dim {dim} with size {size} is not divisible by its sharded size {sharded}"),
                ));
            }
        }
    }
    check_sorted_list(&s.replicated, mesh, &mut seen, "replicated")?;
    check_sorted_list(&s.unreduced, mesh, &mut seen, "unreduced")?;
    check_sub_axes(mesh, &seen)?;
    // sharding_c10 (T10): no axis is already manual in an enclosing manual computation.
    if !manual.is_empty() {
        let all = s.dims.iter().flat_map(|d| d.axes.iter()).chain(&s.replicated).chain(&s.unreduced);
        for a in all {
            if let Some((name, span)) = manual.iter().find(|(n, _)| *n == a.name) {
                return Err(bound_axis("sharding_c10", name, *span));
            }
        }
    }
    Ok(())
}

/// The error for an axis already bound by a parent manual computation.
pub fn bound_axis(code: &'static str, name: &str, parent: Span) -> Fail {
    Fail::new(code, format!("operates on axis \"{name}\" which is already bound by a parent sdy.manual_computation op"))
        .note(parent, "parent bounding this axis as manual")
}

/// `getEmitValueInRangeErrorFn`: `- msg` for one value, `<i> - msg` otherwise.
pub fn value_prefix(num_values: usize, index: usize) -> String {
    if num_values == 1 { "- ".into() } else { format!("{index} - ") }
}

/// `verifyTensorShardingPerValueAttr` for the values of `types`, under `op`.
pub fn check_per_value(cx: &Cx<'_>, op: OpId, shardings: &[TensorSharding], types: &[Type]) -> Check {
    let manual = enclosing_manual_axes(cx.m, op);
    if types.is_empty() && shardings.len() == 1 {
        let first = &shardings[0];
        let mesh = cx.syms.mesh(&first.mesh);
        if mesh.is_some_and(is_maximal) || is_fully_replicated(first) {
            return check(first, None, mesh, false, &manual).map_err(|f| f.prefixed(&value_prefix(0, 0)));
        }
    }
    // hooks_c2 (H2): one sharding per value.
    if shardings.len() != types.len() {
        return Err(Fail::new(
            "hooks_c2",
            format!("shardings don't match number of values: {} shardings vs {} values", shardings.len(), types.len()),
        ));
    }
    for (i, (s, t)) in shardings.iter().zip(types).enumerate() {
        check(s, Some(t), cx.syms.mesh(&s.mesh), false, &manual)
            .map_err(|f| f.prefixed(&value_prefix(types.len(), i)))?;
    }
    Ok(())
}
