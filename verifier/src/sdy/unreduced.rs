//! Unreduced-axes transitions (`verifyUnreducedAxesTransition`, inventory
//! §3.8 U1–U5): which unreduced axes an op may introduce or drop between its
//! operand and result shardings, and with which reduction.

use shardref_spec::ir::sdy::{AxisRef, Mesh, ReductionKind, TensorSharding};

use super::axes::{axis_set_diff, overlaps_ref};
use crate::{Check, Cx, Fail};

/// `getMeshOrLookup` over every present sharding: the one mesh they share,
/// `Ok(None)` when none resolves, `Err(())` when they resolve to different
/// meshes (upstream then skips the check).
fn shared_mesh<'a>(cx: &'a Cx<'_>, all: &[Option<&'a TensorSharding>]) -> Result<Option<&'a Mesh>, ()> {
    let mut mesh: Option<&Mesh> = None;
    for s in all.iter().flatten() {
        let Some(cur) = cx.syms.mesh(&s.mesh) else { continue };
        match mesh {
            None => mesh = Some(cur),
            Some(m) if m == cur => {}
            Some(_) => return Err(()),
        }
    }
    Ok(mesh)
}

/// Checks that every sharding with an unreduced axis overlapping `diff`
/// carries `expected` (U2 and U4).
fn check_reduction(
    shardings: &[Option<&TensorSharding>],
    diff: &[AxisRef],
    expected: ReductionKind,
    verb: &str,
    code: &'static str,
) -> Check {
    for s in shardings.iter().flatten() {
        let touches = s.unreduced.iter().any(|a| diff.iter().any(|d| overlaps_ref(a, d)));
        if touches && s.reduction != expected {
            return Err(Fail::new(
                code,
                format!("cannot {verb} '{}' unreduced axes. Expected '{}'.", s.reduction.keyword(), expected.keyword()),
            ));
        }
    }
    Ok(())
}

/// `verifyUnreducedAxesTransition`: `introduce` is the reduction new
/// unreduced axes must carry (`None`: none may be introduced), `remove` the
/// reduction dropped axes must carry (`None`: none may be dropped).
pub fn check_transition(
    cx: &Cx<'_>,
    operands: &[Option<&TensorSharding>],
    results: &[Option<&TensorSharding>],
    introduce: Option<ReductionKind>,
    remove: Option<ReductionKind>,
) -> Check {
    let flat = |l: &[Option<&TensorSharding>]| -> Vec<AxisRef> {
        l.iter().flatten().flat_map(|s| s.unreduced.iter().cloned()).collect()
    };
    let (in_axes, out_axes) = (flat(operands), flat(results));
    let all: Vec<Option<&TensorSharding>> = operands.iter().chain(results).copied().collect();
    let mesh = match shared_mesh(cx, &all) {
        Err(()) => return Ok(()),
        Ok(None) => return Ok(()),
        Ok(Some(m)) => m,
    };
    let introduced = axis_set_diff(&out_axes, &in_axes, mesh);
    let removed = axis_set_diff(&in_axes, &out_axes, mesh);
    if let Some(first) = introduced.first() {
        // unreduced_c1 (U1): only ops that may introduce unreduced axes do so.
        let Some(expected) = introduce else {
            return Err(Fail::new("unreduced_c1", format!("cannot add new unreduced axis '{}'.", first.name)));
        };
        // unreduced_c2 (U2): introduced axes carry the expected reduction.
        check_reduction(results, &introduced, expected, "introduce", "unreduced_c2")?;
    }
    if let Some(first) = removed.first() {
        // unreduced_c3 (U3): only blessed ops drop unreduced axes (no current caller forbids it).
        let Some(expected) = remove else {
            return Err(Fail::new(
                "unreduced_c2",
                format!(
                    "dropped unreduced axis '{}' without a blessed operation (e.g., sdy.reshard). This is an invalid transition from unreduced to reduced.",
                    first.name
                ),
            ));
        };
        // unreduced_c4 (U4): dropped axes carry the reduction that reduces them.
        check_reduction(operands, &removed, expected, "reduce", "unreduced_c4")?;
    }
    for r in results.iter().flatten() {
        for ra in &r.unreduced {
            for o in operands.iter().flatten() {
                // unreduced_c5 (U5): kept unreduced axes keep their reduction.
                if o.unreduced.iter().any(|oa| overlaps_ref(oa, ra)) && o.reduction != r.reduction {
                    return Err(Fail::new(
                        "unreduced_c5",
                        format!(
                            "cannot change the reduction operator of kept unreduced axes from {} to {}.",
                            o.reduction.keyword(),
                            r.reduction.keyword()
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}
