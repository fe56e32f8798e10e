//! Axis references: the mesh order, sub-axis algebra, and the rules on axis
//! lists (inventory §3.2) and sub-axes (§3.3).

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashSet};

use shardref_spec::ir::sdy::{AxisRef, Mesh};

use crate::{Check, Fail};

/// `"a"` or `"a":(1)2`, as upstream's `AxisRefAttr::toString`.
pub fn axis_str(a: &AxisRef) -> String {
    let mut s = String::new();
    let _ = shardref_spec::print::sdy::write_axis_ref(&mut s, a);
    s
}

/// `["a", "b":(1)2]`, as upstream prints a stripped axis list.
pub fn axes_str(axes: &[AxisRef]) -> String {
    let parts: Vec<String> = axes.iter().map(axis_str).collect();
    format!("[{}]", parts.join(", "))
}

/// The pre-size of a reference (1 for a full axis).
pub fn pre_size(a: &AxisRef) -> i64 {
    a.sub_axis.map_or(1, |s| s.pre_size)
}

/// The size of a reference in `mesh` (a full axis's size is the mesh's).
pub fn size(a: &AxisRef, mesh: &Mesh) -> i64 {
    match a.sub_axis {
        Some(s) => s.size,
        None => mesh.axis_size(&a.name).unwrap_or(1),
    }
}

/// `pre_size * size`.
pub fn next_pre_size(a: &AxisRef, mesh: &Mesh) -> i64 {
    pre_size(a).saturating_mul(size(a, mesh))
}

/// Two sub-axes of one axis that are adjacent (`a.next_pre == b.pre`).
pub fn can_merge(a: &AxisRef, b: &AxisRef) -> bool {
    match (a.sub_axis, b.sub_axis) {
        (Some(x), Some(y)) => a.name == b.name && x.pre_size.saturating_mul(x.size) == y.pre_size,
        _ => false,
    }
}

/// Merges two adjacent sub-axes, giving the full axis when it covers it.
pub fn merge(a: &AxisRef, b: &AxisRef, mesh: &Mesh) -> AxisRef {
    let pre = pre_size(a);
    let sz = size(a, mesh).saturating_mul(size(b, mesh));
    if pre == 1 && Some(sz) == mesh.axis_size(&a.name) {
        AxisRef::full(a.name.clone())
    } else {
        AxisRef {
            name: a.name.clone(),
            sub_axis: Some(shardref_spec::ir::sdy::SubAxisInfo { pre_size: pre, size: sz }),
        }
    }
}

/// Whether `a` ends where `b` ends and lies within it (same axis).
pub fn suffix_of(a: &AxisRef, b: &AxisRef, mesh: &Mesh) -> bool {
    a.name == b.name && next_pre_size(a, mesh) == next_pre_size(b, mesh) && pre_size(a) >= pre_size(b)
}

/// Whether `a` and `b` share any part of one axis.
pub fn overlaps(a: &AxisRef, b: &AxisRef, mesh: &Mesh) -> bool {
    a.name == b.name && pre_size(a) < next_pre_size(b, mesh) && pre_size(b) < next_pre_size(a, mesh)
}

/// Upstream's `AxisRefAttr::getMeshComparator`: names by mesh declaration
/// order, then `"a":(1)k` < `"a"` < `"a":(m)k` (m > 1), sub-axes by
/// (pre-size, size). Names missing from the mesh sort last, by name.
pub fn mesh_cmp(mesh: &Mesh, a: &AxisRef, b: &AxisRef) -> Ordering {
    if a.name != b.name {
        let pos = |n: &str| mesh.axes.iter().position(|x| x.name == n).unwrap_or(usize::MAX);
        return pos(&a.name).cmp(&pos(&b.name)).then_with(|| a.name.cmp(&b.name));
    }
    let key = |r: &AxisRef| match r.sub_axis {
        None => (1, i64::MAX),
        Some(s) => (s.pre_size, s.size),
    };
    key(a).cmp(&key(b))
}

/// The state shared by the axis lists of one sharding or one collective op.
#[derive(Debug, Default)]
pub struct Seen {
    pub refs: HashSet<AxisRef>,
    /// Sub-axes by axis name, in the order first used.
    pub sub_axes: BTreeMap<String, Vec<AxisRef>>,
    pub names: Vec<String>,
}

/// `verifyAxisRefList`.
pub fn check_list(axes: &[AxisRef], mesh: &Mesh, seen: &mut Seen) -> Check {
    let mut prev: Option<&AxisRef> = None;
    for a in axes {
        // axis_list_c1 (A1): every name is an axis of the mesh.
        if mesh.axis_size(&a.name).is_none() {
            return Err(Fail::new("axis_list_c1", format!("unknown axis name: \"{}\"", a.name)));
        }
        // axis_list_c2 (A2): no axis ref appears twice in one sharding or op.
        if !seen.refs.insert(a.clone()) {
            return Err(Fail::new("axis_list_c2", format!("duplicate axis ref: {}", axis_str(a))));
        }
        if a.sub_axis.is_none() {
            prev = Some(a);
            continue;
        }
        if !seen.sub_axes.contains_key(&a.name) {
            seen.names.push(a.name.clone());
        }
        seen.sub_axes.entry(a.name.clone()).or_default().push(a.clone());
        // axis_list_c3 (A3): consecutive sub-axes that could be merged are merged.
        if let Some(p) = prev
            && can_merge(p, a)
        {
            return Err(Fail::new(
                "axis_list_c3",
                format!("two consecutive sub-axes can be merged: {}, {}", axis_str(p), axis_str(a)),
            ));
        }
        prev = Some(a);
    }
    Ok(())
}

/// `verifySortedAxisRefList`: `kind` names the list in the message.
pub fn check_sorted_list(axes: &[AxisRef], mesh: &Mesh, seen: &mut Seen, kind: &str) -> Check {
    // axis_list_c4 (A4): replicated, unreduced, reduction and r2u lists are sorted by the mesh order.
    if axes.windows(2).any(|w| mesh_cmp(mesh, &w[1], &w[0]) == Ordering::Less) {
        return Err(Fail::new("axis_list_c4", format!("{kind} axes are not ordered w.r.t. mesh")));
    }
    check_list(axes, mesh, seen)
}

/// `verifySubAxes` over every axis with sub-axes in a sharding.
pub fn check_sub_axes(mesh: &Mesh, seen: &Seen) -> Check {
    for name in &seen.names {
        let Some(subs) = seen.sub_axes.get(name) else {
            continue;
        };
        let mut subs = subs.clone();
        subs.sort_by(|a, b| mesh_cmp(mesh, a, b));
        let axis_size = mesh.axis_size(name).unwrap_or(1);
        // sub_axes_c1 (S1): an axis is used either whole or as sub-axes.
        if !subs.is_empty() && seen.refs.contains(&AxisRef::full(name.clone())) {
            return Err(Fail::new(
                "sub_axes_c1",
                format!("both sub-axis and full-axis are used for axis name: \"{name}\""),
            ));
        }
        let mut prev: Option<&AxisRef> = None;
        for s in &subs {
            let Some(info) = s.sub_axis else { continue };
            // sub_axes_c2 (S2): pre-size is at least 1.
            if info.pre_size < 1 {
                return Err(Fail::new("sub_axes_c2", format!("sub-axis pre-size must be at least 1: {}", axis_str(s))));
            }
            // sub_axes_c3 (S3): size is greater than 1.
            if info.size <= 1 {
                return Err(Fail::new(
                    "sub_axes_c3",
                    format!("sub-axis sizes must be greater than 1: {}", axis_str(s)),
                ));
            }
            let next = info.pre_size.saturating_mul(info.size);
            // sub_axes_c4 (S4): the next pre-size divides the full axis size.
            if next == 0 || axis_size % next != 0 {
                return Err(Fail::new(
                    "sub_axes_c4",
                    format!(
                        "sub-axis next pre-size {next} doesn't divide the size of the full axis {axis_size}: {}",
                        axis_str(s)
                    ),
                ));
            }
            // sub_axes_c5 (S5): a sub-axis is smaller than its axis.
            if info.size == axis_size {
                return Err(Fail::new(
                    "sub_axes_c5",
                    format!("sub-axis size is equal to the full axis size: {}", axis_str(s)),
                ));
            }
            let prev_next = prev.and_then(|p| p.sub_axis).map_or(1, |p| p.pre_size.saturating_mul(p.size));
            // sub_axes_c6 (S6): sub-axes of one axis do not overlap.
            if prev_next > info.pre_size {
                let p = prev.map(axis_str).unwrap_or_default();
                return Err(Fail::new("sub_axes_c6", format!("overlapping sub-axes: {p}, {}", axis_str(s))));
            }
            prev = Some(s);
        }
    }
    Ok(())
}

/// A sub-axis reference `"name":(pre)size`.
fn sub_axis(name: &str, pre: i64, size: i64) -> AxisRef {
    AxisRef { name: name.to_string(), sub_axis: Some(shardref_spec::ir::sdy::SubAxisInfo { pre_size: pre, size }) }
}

/// Upstream's `AxisRefAttr::overlaps`: a full axis overlaps every reference
/// to it; two sub-axes overlap when their ranges intersect.
pub fn overlaps_ref(a: &AxisRef, b: &AxisRef) -> bool {
    match (a.sub_axis, b.sub_axis) {
        _ if a.name != b.name => false,
        (Some(x), Some(y)) => {
            x.pre_size < y.pre_size.saturating_mul(y.size) && y.pre_size < x.pre_size.saturating_mul(x.size)
        }
        _ => true,
    }
}

/// `getPrefixWithoutOverlap`: the part of `a` before `b`, `a` itself when
/// they do not overlap, `None` when `b` covers the start of `a`.
pub fn prefix_without_overlap(a: &AxisRef, b: &AxisRef) -> Option<AxisRef> {
    if !overlaps_ref(a, b) {
        return Some(a.clone());
    }
    let (pa, pb) = (pre_size(a), pre_size(b));
    if pa >= pb {
        return None;
    }
    // A pre-size below 1 is invalid and reported elsewhere; no prefix then.
    Some(sub_axis(&a.name, pa, pb.checked_div(pa).filter(|_| pa >= 1)?))
}

/// `getSuffixWithoutOverlap`: the part of `a` after `b`, `a` itself when
/// they do not overlap, `None` when `b` covers the end of `a`.
pub fn suffix_without_overlap(a: &AxisRef, b: &AxisRef, mesh: &Mesh) -> Option<AxisRef> {
    if !overlaps_ref(a, b) {
        return Some(a.clone());
    }
    let (na, nb) = (next_pre_size(a, mesh), next_pre_size(b, mesh));
    if na <= nb || nb <= 0 {
        return None;
    }
    Some(sub_axis(&a.name, nb, na / nb))
}

/// `addAxisOrMerge`: appends `a`, merging it into the last axis when the two
/// are consecutive sub-axes.
pub fn add_or_merge(axes: &mut Vec<AxisRef>, a: &AxisRef, mesh: &Mesh) {
    if let Some(last) = axes.last_mut()
        && can_merge(last, a)
    {
        *last = merge(last, a, mesh);
        return;
    }
    axes.push(a.clone());
}

/// `sortAndMergeAxes`: sorts by the mesh order and merges consecutive
/// sub-axes.
pub fn sort_and_merge(mut axes: Vec<AxisRef>, mesh: &Mesh) -> Vec<AxisRef> {
    axes.sort_by(|a, b| mesh_cmp(mesh, a, b));
    let mut out: Vec<AxisRef> = Vec::with_capacity(axes.len());
    for a in &axes {
        add_or_merge(&mut out, a, mesh);
    }
    out
}

/// `getAxisSetDiff`: the parts of the axes in `a` that no axis of `b`
/// covers, splitting sub-axes where they partly overlap.
pub fn axis_set_diff(a: &[AxisRef], b: &[AxisRef], mesh: &Mesh) -> Vec<AxisRef> {
    if a.is_empty() || a == b {
        return vec![];
    }
    if b.is_empty() {
        return a.to_vec();
    }
    // Upstream sorts `b` with the attribute order (name, then sub-axis
    // range), so the first overlapping entry is the leftmost one.
    let mut set_b = b.to_vec();
    set_b.sort_by(|x, y| {
        x.name.cmp(&y.name).then(pre_size(x).cmp(&pre_size(y))).then(size(x, mesh).cmp(&size(y, mesh)))
    });
    let mut out = vec![];
    for axis in a {
        let mut cur = Some(axis.clone());
        // Each step strictly shrinks `cur`, so the loop ends; the bound guards
        // against a malformed mesh.
        let mut steps = 0usize;
        while let Some(x) = cur.take() {
            steps += 1;
            let Some(hit) = set_b.iter().find(|y| overlaps_ref(&x, y)) else {
                out.push(x);
                break;
            };
            if let Some(p) = prefix_without_overlap(&x, hit) {
                out.push(p);
            }
            if steps > 64 {
                break;
            }
            cur = suffix_without_overlap(&x, hit, mesh);
        }
    }
    out
}
