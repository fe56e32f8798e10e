//! The eight sdy collectives (inventory §3.8): the shared interface
//! (`verifyCollectiveOp`, CI1–CI3) at op-verification time, and the
//! op-specific axis checks at symbol-use time.

use shardref_spec::ir::sdy::{SdyAttr, TensorSharding};
use shardref_spec::ir::{Attr, OpId, ValueDef};
use shardref_spec::ops::SdyOp;

use super::axes::{Seen, check_list, check_sorted_list};
use super::hooks::value_sharding;
use super::sharding::{check, enclosing_manual_axes};
use crate::{Check, Cx, Fail};

fn out_sharding<'a>(cx: &'a Cx<'_>, op: OpId) -> Option<&'a TensorSharding> {
    match cx.m.op(op).attrs.get("out_sharding") {
        Some(Attr::Sdy(a)) => match a.as_ref() {
            SdyAttr::Sharding(s) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// `verifyCollectiveOp`.
pub fn verify_interface(cx: &Cx<'_>, op: OpId, kind: SdyOp) -> Check {
    let o = cx.m.op(op);
    let Some(&operand) = o.operands.first() else {
        return Ok(());
    };
    let in_sharding = value_sharding(cx, operand);
    let allows_unsharded = matches!(kind, SdyOp::AllSlice | SdyOp::AllReduce | SdyOp::ReduceScatter);
    // collective_c1 (CI1): the operand has a sharding, except for all_slice, all_reduce and reduce_scatter.
    if in_sharding.is_none() && !allows_unsharded {
        return Err(Fail::new("collective on operand without sharding"));
    }
    let Some(out) = out_sharding(cx, op) else {
        return Ok(());
    };
    let ty = o.results.first().map(|&v| cx.m.value_type(v).clone());
    let manual = enclosing_manual_axes(cx.m, op);
    // collective_c2 (CI2): the out sharding is valid for the result type (T1–T10).
    check(out, ty.as_ref(), cx.syms.mesh(&out.mesh), false, &manual)?;
    if kind == SdyOp::CollectivePermute {
        return Ok(());
    }
    if let Some(ins) = in_sharding {
        let (a, b) = (cx.syms.mesh(&ins.mesh), cx.syms.mesh(&out.mesh));
        // collective_c3 (CI3): the operand and result meshes are equal.
        if a != b {
            let note = a.map(|m| {
                let mut s = String::from("#sdy.mesh");
                let _ = shardref_spec::print::sdy::write_mesh_body(&mut s, m);
                s
            });
            let span = match cx.m.value(operand).def {
                ValueDef::Result { op: d, .. } => cx.m.op(d).span,
                ValueDef::BlockArg { .. } => cx.m.value(operand).span,
            };
            return Err(Fail::new("result mesh does not match operand mesh")
                .note(span, format!("operand mesh: {}", note.unwrap_or_default())));
        }
        // collective_c4 (CI4): operand and result shardings have one rank.
        if ins.dims.len() != out.dims.len() {
            return Err(Fail::new(format!(
                "result sharding has rank {} but operand sharding has rank {}",
                out.dims.len(),
                ins.dims.len()
            )));
        }
    }
    Ok(())
}

/// The op-specific checks of the collectives (`verifySymbolUses`).
pub fn symbol_uses(cx: &Cx<'_>, op: OpId, kind: SdyOp) -> Check {
    let Some(out) = out_sharding(cx, op) else {
        return Ok(());
    };
    let Some(mesh) = cx.syms.mesh(&out.mesh) else {
        return Ok(());
    };
    let attrs = &cx.m.op(op).attrs;
    let sdy = |name: &str| match attrs.get(name) {
        Some(Attr::Sdy(a)) => Some(a.as_ref().clone()),
        _ => None,
    };
    let mut seen = Seen::default();
    match kind {
        SdyOp::AllGather | SdyOp::AllSlice | SdyOp::ReduceScatter | SdyOp::ShardedToUnreduced => {
            let name = shardref_spec::ir::sdy::collective_spec(kind).map_or("", |s| s.axes_attr);
            if let Some(SdyAttr::ListOfAxisRefLists(l)) = sdy(name) {
                for list in &l.lists {
                    // collective_axes_c1 (CD1): per-dim collective axes are valid axis lists (A1–A3).
                    check_list(&list.axes, mesh, &mut seen)?;
                }
                // collective_axes_c2 (CD2): one axis list per dimension.
                if out.dims.len() != l.lists.len() {
                    return Err(Fail::new(format!(
                        "result sharding has rank {} but collective axes has rank {}",
                        out.dims.len(),
                        l.lists.len()
                    )));
                }
            }
        }
        SdyOp::AllReduce => {
            if let Some(SdyAttr::AxisRefList(l)) = sdy("reduction_axes") {
                // all_reduce_c2 (AR2): reduction axes are sorted and valid.
                check_sorted_list(&l.axes, mesh, &mut seen, "reduction")?;
            }
        }
        SdyOp::ReplicatedToUnreduced => {
            if let Some(SdyAttr::AxisRefList(l)) = sdy("axes") {
                // replicated_to_unreduced_c3 (RU3): r2u axes are not empty.
                if l.axes.is_empty() {
                    return Err(Fail::new("r2u axes must not be empty"));
                }
                // replicated_to_unreduced_c4 (RU4): r2u axes are sorted and valid.
                check_sorted_list(&l.axes, mesh, &mut seen, "r2u")?;
            }
        }
        SdyOp::AllToAll => {
            if let Some(SdyAttr::AllToAllParamList(l)) = sdy("params") {
                // all_to_all_c1 (AT1): there is at least one parameter.
                if l.params.is_empty() {
                    return Err(Fail::new("parameter list is empty"));
                }
                let rank = out.dims.len() as i64;
                let mut used = std::collections::HashSet::new();
                let mut prev_src: Option<i64> = None;
                for p in &l.params {
                    // all_to_all_c2 (AT2): the axes are valid axis lists.
                    check_list(&p.axes, mesh, &mut seen)?;
                    // all_to_all_c3 (AT3): the source dimension is in range.
                    if p.src_dim < 0 || p.src_dim >= rank {
                        return Err(Fail::new(format!("source dimension {} is out of range [0, {rank})", p.src_dim)));
                    }
                    // all_to_all_c4 (AT4): the target dimension is in range.
                    if p.tgt_dim < 0 || p.tgt_dim >= rank {
                        return Err(Fail::new(format!("target dimension {} is out of range [0, {rank})", p.tgt_dim)));
                    }
                    // all_to_all_c5 (AT5): source and target dimensions are not reused.
                    for d in [p.src_dim, p.tgt_dim] {
                        if !used.insert(d) {
                            return Err(Fail::new(format!(
                                "overlapping source/target dimensions in all-to-all params: {d}"
                            )));
                        }
                    }
                    // all_to_all_c6 (AT6): source dimensions ascend.
                    if let Some(prev) = prev_src
                        && p.src_dim < prev
                    {
                        return Err(Fail::new(format!(
                            "source dimensions are not sorted in ascending order: {} appears after {prev}",
                            p.src_dim
                        )));
                    }
                    prev_src = Some(p.src_dim);
                }
            }
        }
        SdyOp::CollectivePermute => {}
        _ => {}
    }
    Ok(())
}
