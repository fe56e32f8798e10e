//! MLIR's `IsolatedFromAbove` region invariant (`verifyIsIsolatedFromAbove`,
//! inventory §3.8 MC9): no op inside an isolated op's regions uses a value
//! defined outside them. Generic, so it applies to every isolated op
//! (`func.func`, `sdy.manual_computation`, `sdy.named_computation`, ...).

use shardref_spec::Diagnostic;
use shardref_spec::ir::{OpId, RegionId, ValueDef, ValueId};
use shardref_spec::ops::Traits;

use crate::{Cx, Fail};

/// The region a value is defined in.
fn value_region(cx: &Cx<'_>, v: ValueId) -> Option<RegionId> {
    let block = match cx.m.value(v).def {
        ValueDef::Result { op, .. } => cx.m.op(op).parent?,
        ValueDef::BlockArg { block, .. } => block,
    };
    cx.m.block(block).parent
}

/// Whether `inner` is `outer` or nested in it.
fn within(cx: &Cx<'_>, outer: RegionId, inner: Option<RegionId>) -> bool {
    let mut cur = inner;
    // Nesting is at most as deep as the module has regions.
    for _ in 0..=cx.m.regions.len() {
        let Some(r) = cur else { return false };
        if r == outer {
            return true;
        }
        cur = cx.m.region(r).parent.and_then(|op| cx.m.op(op).parent).and_then(|b| cx.m.block(b).parent);
    }
    false
}

/// Checks one isolated op, visiting regions in upstream's order (a stack of
/// pending regions; nested isolated ops are checked on their own).
pub fn check(cx: &Cx<'_>, iso: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    for &region in &m.op(iso).regions {
        let mut pending = vec![region];
        while let Some(r) = pending.pop() {
            for &b in &m.region(r).blocks {
                for &op in &m.block(b).ops {
                    let o = m.op(op);
                    for &v in &o.operands {
                        // manual_computation_c9 (MC9): isolated regions use only values defined inside them.
                        if !within(cx, region, value_region(cx, v)) {
                            let f = Fail::new("manual_computation_c9", "using value defined outside the region")
                                .note(m.op(iso).span, "required by region isolation constraints");
                            return Err(cx.op_error(op, f));
                        }
                    }
                    let isolated = o.name.kind().is_some_and(|k| k.has(Traits::ISOLATED_FROM_ABOVE));
                    if !o.regions.is_empty() && !isolated {
                        pending.extend(o.regions.iter().copied());
                    }
                }
            }
        }
    }
    Ok(())
}
