//! Parse-time attribute checks (inventory §0.2.1): `MeshAxisAttr`,
//! `MeshAttr` and `PropagationEdgesAttr` (§3.1, §3.7) and mpmd's
//! `TopologyAttr`. The checks live in `shardref_spec::parse_time`, because
//! the parser also needs them to report a failed parse's errors in
//! upstream's order; on a module that parsed they run first, and only the
//! first error is returned.

use shardref_spec::Diagnostic;

use crate::Cx;

/// The first parse-time error of the module, with any follow-up errors
/// upstream's parser adds to it.
pub fn check(cx: &Cx<'_>) -> Vec<Diagnostic> {
    shardref_spec::parse_time::check(cx.m)
}
