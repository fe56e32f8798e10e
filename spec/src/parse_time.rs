//! Parse-time attribute checks (verifier inventory §0.2.1): `MeshAxisAttr`,
//! `MeshAttr` and `PropagationEdgesAttr` (§3.1, §3.7) and mpmd's
//! `TopologyAttr`. Upstream runs them while parsing each attribute and
//! reports them as parse errors of the op being parsed (`custom op '<name>'
//! ...`), stopping the chunk there, so only the first one is returned.
//!
//! They live here, next to the parser, because they decide which error a
//! failed parse reports: a parse-time error in an attribute parsed before the
//! point where lowering failed comes first, as it does upstream (see
//! `lower::parse_source`). The verifier runs the same checks first on a
//! module that parsed. Each check is preceded by its label from the
//! verifier's rule table.

use std::collections::HashSet;

use crate::diag::Diagnostic;
use crate::ir::mpmd::MpmdAttr;
use crate::ir::sdy::{Mesh, MeshOrRef, PropagationEdges, SdyAttr, TensorSharding};
use crate::ir::{Attr, Module, OpId, Operation, Type};
use crate::ops::OpKind;

/// The first parse-time error of the module's ops in pre-order, with any
/// follow-up errors upstream's parser adds to it.
pub fn check(m: &Module) -> Vec<Diagnostic> {
    check_ops(m, m.walk())
}

/// The first parse-time error of `ops`, in the order given. Operands not
/// resolved yet (in a module whose lowering failed) are skipped.
pub fn check_ops(m: &Module, ops: impl IntoIterator<Item = OpId>) -> Vec<Diagnostic> {
    let cx = Cx { m };
    for op in ops {
        let o = m.op(op);
        for (name, a) in o.attrs.iter() {
            if let Some(d) = check_attr(&cx, At { op, custom: in_custom_syntax(o, name) }, a) {
                return d;
            }
        }
        let types = o.results.iter().chain(&o.operands).filter_map(|&v| m.values.get(v.index())).map(|v| &v.ty);
        for t in types {
            if let Some(d) = check_type(&cx, At { op, custom: true }, t) {
                return d;
            }
        }
    }
    vec![]
}

/// The module the checks report against.
struct Cx<'m> {
    m: &'m Module,
}

/// Where an attribute or type is checked: its op, and whether upstream
/// parses it within the op's custom syntax (its errors then carry the
/// `custom op '<name>' ` prefix) rather than in an attribute dictionary.
#[derive(Clone, Copy)]
struct At {
    op: OpId,
    custom: bool,
}

/// Whether an op's attribute is written in its custom syntax: the inherent
/// attributes of sdy and mpmd ops. Discardable (dotted) attributes and
/// anything on a `func.func` are parsed from an attribute dictionary.
fn in_custom_syntax(o: &Operation, name: &str) -> bool {
    matches!(o.name.kind(), Some(OpKind::Sdy(_) | OpKind::Mpmd(_))) && !name.contains('.')
}

/// A parse-time error at the op, with the verifier's rule label `code`.
fn error(cx: &Cx<'_>, at: At, code: &'static str, msg: String) -> Diagnostic {
    let o = cx.m.op(at.op);
    let msg = if at.custom { format!("custom op '{}' {msg}", o.name.as_str()) } else { msg };
    Diagnostic::error(o.span, msg).with_code(code)
}

fn check_type(cx: &Cx<'_>, at: At, t: &Type) -> Option<Vec<Diagnostic>> {
    match t {
        Type::MeshTensor(mt) => mt.sharding.as_ref().and_then(|s| check_sharding(cx, at, s)),
        Type::Tuple(ts) => ts.iter().find_map(|t| check_type(cx, at, t)),
        Type::Function(a, b) => a.iter().chain(b).find_map(|t| check_type(cx, at, t)),
        _ => None,
    }
}

fn check_attr(cx: &Cx<'_>, at: At, a: &Attr) -> Option<Vec<Diagnostic>> {
    match a {
        Attr::Array(items) => items.iter().find_map(|x| check_attr(cx, at, x)),
        Attr::Dict(d) => d.iter().find_map(|(_, x)| check_attr(cx, at, x)),
        Attr::Type(t) => check_type(cx, at, t),
        Attr::Sdy(s) => match s.as_ref() {
            SdyAttr::Mesh(m) => check_mesh(cx, at, m),
            SdyAttr::Sharding(s) => check_sharding(cx, at, s),
            SdyAttr::ShardingPerValue(l) => l.shardings.iter().find_map(|s| check_sharding(cx, at, s)),
            SdyAttr::PropagationEdges(e) => check_edges(e).map(|(code, m)| vec![error(cx, at, code, m)]),
            SdyAttr::ManualAxes(_)
            | SdyAttr::AxisRefList(_)
            | SdyAttr::ListOfAxisRefLists(_)
            | SdyAttr::AllToAllParamList(_)
            | SdyAttr::OpShardingRule(_) => None,
        },
        Attr::Mpmd(m) => match m.as_ref() {
            MpmdAttr::Topology(t) => {
                // topology_c1 (TP1): a topology has at least one mesh.
                if t.meshes.is_empty() {
                    return Some(vec![error(
                        cx,
                        at,
                        "topology_c1",
                        "TopologyAttr must have at least one mesh.".into(),
                    )]);
                }
                t.meshes.iter().find_map(|n| check_mesh(cx, at, &n.mesh))
            }
            MpmdAttr::NamedMesh(n) => check_mesh(cx, at, &n.mesh),
            MpmdAttr::UserOrigin(_)
            | MpmdAttr::Origin(_)
            | MpmdAttr::MeshWithOrigins(_)
            | MpmdAttr::MeshesWithOrigins(_)
            | MpmdAttr::Reduction(_) => None,
        },
        _ => None,
    }
}

fn check_sharding(cx: &Cx<'_>, at: At, s: &TensorSharding) -> Option<Vec<Diagnostic>> {
    match &s.mesh {
        MeshOrRef::Inline(m) => check_mesh(cx, at, m),
        MeshOrRef::Ref(_) => None,
    }
}

/// `MeshAxisAttr::verify` then `MeshAttr::verify`.
fn check_mesh(cx: &Cx<'_>, at: At, m: &Mesh) -> Option<Vec<Diagnostic>> {
    for a in &m.axes {
        // mesh_c1 (M1): axis sizes are at least 1.
        if a.size <= 0 {
            return Some(vec![
                error(cx, at, "mesh_c1", format!("axis size must be at least 1, got: {}", a.size)),
                error(
                    cx,
                    at,
                    "mesh_c1",
                    "failed to parse Sdy_Mesh parameter 'axes' which is to be a `::llvm::ArrayRef<MeshAxisAttr>`"
                        .into(),
                ),
            ]);
        }
    }
    mesh_error(m).map(|(code, msg)| vec![error(cx, at, code, msg)])
}

/// The `MeshAttr::verify` rule label and message for a mesh, if it is invalid.
pub fn mesh_error(m: &Mesh) -> Option<(&'static str, String)> {
    let ids: &[i64] = m.device_ids.as_deref().unwrap_or(&[]);
    // mesh_c2 (M2): device ids are non-negative.
    if let Some(d) = ids.iter().find(|&&d| d < 0) {
        return Some(("mesh_c2", format!("device id must be non-negative, got: {d}")));
    }
    if m.axes.is_empty() {
        // mesh_c3 (M3): a mesh without axes has at most one device id.
        if ids.len() > 1 {
            return Some(("mesh_c3", "axes is empty and device_ids has more than one element".into()));
        }
        return None;
    }
    let mut names = HashSet::new();
    for a in &m.axes {
        // mesh_c4 (M4): axis names are unique.
        if !names.insert(a.name.as_str()) {
            return Some(("mesh_c4", format!("duplicate axis name: \"{}\"", a.name)));
        }
    }
    if ids.is_empty() {
        return None;
    }
    let product = m.axes.iter().fold(1i64, |acc, a| acc.wrapping_mul(a.size));
    // mesh_c5 (M5): the axis sizes multiply to the number of device ids.
    if product != ids.len() as i64 {
        return Some((
            "mesh_c5",
            format!(
                "total product of axis sizes must match total number of device ids, got: {product} != {}",
                ids.len()
            ),
        ));
    }
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    // mesh_c6 (M6): the device ids are a permutation of iota.
    if sorted.iter().enumerate().any(|(i, &d)| d != i as i64) {
        let list: Vec<String> = sorted.iter().map(i64::to_string).collect();
        return Some(("mesh_c6", format!("sorted device ids must be iota(product(axes)), got: {}", list.join(", "))));
    }
    // mesh_c7 (M7): explicit iota ids are dropped by the builder, so this is unreachable from text.
    if ids.windows(2).all(|w| w[0] <= w[1]) {
        return Some((
            "mesh_c7",
            "if the ordered device ids are the same as iota(product(axes)), no need to specify them for simplicity"
                .into(),
        ));
    }
    None
}

/// `PropagationEdgesAttr::verify`: the rule label and message of the first error.
pub fn check_edges(e: &PropagationEdges) -> Option<(&'static str, String)> {
    let mut steps = HashSet::new();
    for step in &e.steps {
        // edges_c1 (E1): step indices are non-negative.
        if step.step_index < 0 {
            return Some(("edges_c1", format!("propagation edges have negative step index: {}", step.step_index)));
        }
        // edges_c2 (E2): step indices are unique.
        if !steps.insert(step.step_index) {
            return Some(("edges_c2", format!("propagation edges have duplicate step index: {}", step.step_index)));
        }
        for entry in &step.entries {
            let mut targets = HashSet::new();
            for t in &entry.targets {
                // edges_c3 (E3): no source is also a target.
                if *t == entry.source {
                    return Some(("edges_c3", "propagation edges have a source that is the same as a target".into()));
                }
                // edges_c4 (E4): targets are unique per step and axis.
                if !targets.insert(*t) {
                    return Some((
                        "edges_c4",
                        format!(
                            "propagation edges have duplicate targets for step index: {} and axis: {}",
                            step.step_index, entry.axis.name
                        ),
                    ));
                }
            }
        }
    }
    None
}
