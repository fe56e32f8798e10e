//! The eight sdy collectives (inventory §3.8): the shared interface
//! (`verifyCollectiveOp`, CI1–CI3) at op-verification time, and the
//! op-specific axis checks at symbol-use time.

use shardref_spec::ir::sdy::{
    AxisRef, Collective, DimensionSharding, Mesh, MeshOrRef, ReductionKind, SdyAttr, TensorSharding,
};
use shardref_spec::ir::{Attr, OpId, ValueDef, ValueId};
use shardref_spec::ops::SdyOp;

use super::axes::{
    Seen, add_or_merge, axes_str, axis_str, check_list, check_sorted_list, overlaps_ref, prefix_without_overlap, size,
    sort_and_merge, suffix_of,
};
use super::hooks::value_sharding;
use super::sharding::{check, enclosing_manual_axes};
use crate::{Check, Cx, Fail};

fn out_sharding<'a>(cx: &'a Cx<'_>, op: OpId) -> Option<&'a TensorSharding> {
    match crate::attrs::sdy::AllGather::of(cx.m.op(op)).out_sharding().raw() {
        Some(Attr::Sdy(a)) => match a.as_ref() {
            SdyAttr::Sharding(s) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// Attaches upstream's `operand mesh: #sdy.mesh<...>` note at the operand.
fn operand_mesh_note(cx: &Cx<'_>, operand: ValueId, mesh: Option<&Mesh>, f: Fail) -> Fail {
    let mut text = String::from("#sdy.mesh");
    if let Some(m) = mesh {
        let _ = shardref_spec::print::sdy::write_mesh_body(&mut text, m);
    }
    let span = match cx.m.value(operand).def {
        ValueDef::Result { op: d, .. } => cx.m.op(d).span,
        ValueDef::BlockArg { .. } => cx.m.value(operand).span,
    };
    f.note(span, format!("operand mesh: {text}"))
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
        return Err(Fail::new("collective_c1", "collective on operand without sharding"));
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
            return Err(operand_mesh_note(
                cx,
                operand,
                a,
                Fail::new("collective_c3", "result mesh does not match operand mesh"),
            ));
        }
        // collective_c4 (CI4): operand and result shardings have one rank.
        if ins.dims.len() != out.dims.len() {
            return Err(Fail::new(
                "collective_c3",
                format!("result sharding has rank {} but operand sharding has rank {}", out.dims.len(), ins.dims.len()),
            ));
        }
    }
    Ok(())
}

/// `getOrCreateSharding`: the operand's sharding, or a fully replicated one
/// of the operand's rank over the result's mesh. Inside a (partially) manual
/// computation the operand's sharding is seen without the manual axes, as
/// the body sees it: a body block argument's owner sharding is the
/// computation's in_sharding minus its manual axes, and a collective's
/// out_sharding there names only free axes.
fn operand_or_replicated(cx: &Cx<'_>, op: OpId, operand: ValueId, mesh: &MeshOrRef) -> TensorSharding {
    if let Some(s) = value_sharding(cx, operand) {
        let manual = enclosing_manual_axes(cx.m, op);
        if manual.is_empty() {
            return s.clone();
        }
        let free = |axes: &[AxisRef]| -> Vec<AxisRef> {
            axes.iter().filter(|a| !manual.iter().any(|(n, _)| *n == a.name)).cloned().collect()
        };
        let mut s = s.clone();
        for d in &mut s.dims {
            d.axes = free(&d.axes);
        }
        s.replicated = free(&s.replicated);
        s.unreduced = free(&s.unreduced);
        return s;
    }
    let rank = cx.m.value_type(operand).as_tensor().and_then(|t| t.shape.as_ref()).map_or(0, |s| s.len());
    let open = DimensionSharding { axes: vec![], is_closed: false, priority: None };
    TensorSharding {
        mesh: mesh.clone(),
        dims: vec![open; rank],
        replicated: vec![],
        unreduced: vec![],
        reduction: ReductionKind::Sum,
    }
}

/// The op's `reduction_op` (stored only when it is not `sum`).
fn reduction_op(cx: &Cx<'_>, op: OpId) -> ReductionKind {
    crate::attrs::sdy::AllReduce::of(cx.m.op(op))
        .reduction_op()
        .raw()
        .and_then(Attr::as_int)
        .and_then(ReductionKind::from_i32)
        .unwrap_or_default()
}

fn sdy_attr<'a>(field: crate::attrs::Field<'a, crate::attrs::kind::Sdy>) -> Option<&'a SdyAttr> {
    field.get()
}

/// The per-dimension axis lists of all_gather, all_slice, reduce_scatter and
/// sharded_to_unreduced.
fn per_dim_axes(cx: &Cx<'_>, op: OpId, c: Collective) -> Vec<Vec<AxisRef>> {
    match sdy_attr(crate::attrs::Field::new(cx.m.op(op), c.spec().axes_attr)) {
        Some(SdyAttr::ListOfAxisRefLists(l)) => l.lists.iter().map(|x| x.axes.clone()).collect(),
        _ => vec![],
    }
}

/// The axis list of all_reduce and replicated_to_unreduced.
fn axis_list(field: crate::attrs::Field<'_, crate::attrs::kind::Sdy>) -> Vec<AxisRef> {
    match sdy_attr(field) {
        Some(SdyAttr::AxisRefList(l)) => l.axes.clone(),
        _ => vec![],
    }
}

/// `gatherAxesAlongDim`: removes `gathering` from the end of `dim_axes`,
/// last axis first (`what` names the axes in the error).
fn gather_along_dim(
    dim_axes: &[AxisRef],
    gathering: &[AxisRef],
    dim: usize,
    mesh: &Mesh,
    what: &str,
) -> Result<Vec<AxisRef>, Fail> {
    let mut expected = dim_axes.to_vec();
    for g in gathering.iter().rev() {
        let last = match expected.last() {
            Some(last) if suffix_of(g, last, mesh) => last.clone(),
            // collective_axes_c3 (CD3), sdy_all_to_all_c7 (AT7): each gathered axis is a suffix
            // of the dimension's last axis.
            _ => {
                return Err(Fail::new(
                    "collective_axes_c3|sdy_all_to_all_c7",
                    format!("can't apply {what} axis {} to operand sharding on dimension {dim}", axis_str(g)),
                ));
            }
        };
        expected.pop();
        if let Some(p) = prefix_without_overlap(&last, g) {
            expected.push(p);
        }
    }
    Ok(expected)
}

/// `sliceAxesAlongDim`: appends `slicing` to `dim_axes`, merging consecutive
/// sub-axes.
fn slice_along_dim(dim_axes: &[AxisRef], slicing: &[AxisRef], mesh: &Mesh) -> Vec<AxisRef> {
    let mut expected = dim_axes.to_vec();
    for a in slicing {
        add_or_merge(&mut expected, a, mesh);
    }
    expected
}

/// The result dimension matches the expected axes (open/closed and
/// priorities ignored).
fn check_dim(out: &TensorSharding, dim: usize, expected: &[AxisRef]) -> Check {
    let actual = out.dims.get(dim).map_or(&[][..], |d| d.axes.as_slice());
    // collective_axes_c4 (CD4): applying the collective to the operand sharding gives the result sharding.
    if expected != actual {
        return Err(Fail::new(
            "collective_axes_c4",
            format!("result sharding doesn't match expected sharding {} on dimension {dim}", axes_str(expected)),
        ));
    }
    Ok(())
}

/// How a per-dimension collective changes a dimension's axes.
#[derive(Clone, Copy)]
enum PerDim {
    /// Removes the axes from the end (`what` names them in CD3).
    Gather(&'static str),
    /// Appends the axes.
    Slice,
}

/// `verifyCollectiveWithAxesPerDim` (CD1–CD4).
fn check_per_dim(
    operand: &TensorSharding,
    out: &TensorSharding,
    lists: &[Vec<AxisRef>],
    mesh: &Mesh,
    how: PerDim,
) -> Check {
    let mut seen = Seen::default();
    for list in lists {
        // collective_axes_c1 (CD1): per-dim collective axes are valid axis lists (A1–A3).
        check_list(list, mesh, &mut seen)?;
    }
    // collective_axes_c2 (CD2): one axis list per dimension.
    if out.dims.len() != lists.len() {
        return Err(Fail::new(
            "collective_axes_c2",
            format!("result sharding has rank {} but collective axes has rank {}", out.dims.len(), lists.len()),
        ));
    }
    for (dim, (d, list)) in operand.dims.iter().zip(lists).enumerate() {
        let expected = match how {
            PerDim::Gather(what) => gather_along_dim(&d.axes, list, dim, mesh, what)?,
            PerDim::Slice => slice_along_dim(&d.axes, list, mesh),
        };
        check_dim(out, dim, &expected)?;
    }
    Ok(())
}

/// `isEquivalent(.., ignoreUnreducedAxes=true)`: both shardings shard no
/// dimension, or they share the mesh reference and every dimension's axes.
fn equivalent_ignoring_unreduced(a: &TensorSharding, b: &TensorSharding) -> bool {
    let unsharded = |s: &TensorSharding| s.dims.iter().all(|d| d.axes.is_empty());
    if unsharded(a) {
        return unsharded(b);
    }
    a.mesh == b.mesh && a.dims.len() == b.dims.len() && a.dims.iter().zip(&b.dims).all(|(x, y)| x.axes == y.axes)
}

fn sharded_size(d: &DimensionSharding, mesh: &Mesh) -> i64 {
    d.axes.iter().fold(1i64, |acc, a| acc.saturating_mul(size(a, mesh)))
}

/// The op-specific checks of the collectives (`verifySymbolUses`); other
/// sdy ops have none.
pub fn symbol_uses(cx: &Cx<'_>, op: OpId, kind: SdyOp) -> Check {
    let Some(c) = Collective::of(kind) else {
        return Ok(());
    };
    let Some(out) = out_sharding(cx, op) else {
        return Ok(());
    };
    let Some(mesh) = cx.syms.mesh(&out.mesh) else {
        return Ok(());
    };
    let Some(&operand) = cx.m.op(op).operands.first() else {
        return Ok(());
    };
    let ins = operand_or_replicated(cx, op, operand, &out.mesh);
    match c {
        Collective::AllGather => check_per_dim(&ins, out, &per_dim_axes(cx, op, c), mesh, PerDim::Gather("gathering")),
        Collective::AllSlice => check_per_dim(&ins, out, &per_dim_axes(cx, op, c), mesh, PerDim::Slice),
        Collective::ReduceScatter => {
            // The unreduced-axes transition (U1, U4, U5): no new unreduced axes,
            // and dropped ones carry the op's reduction.
            super::unreduced::check_transition(cx, &[Some(&ins)], &[Some(out)], None, Some(reduction_op(cx, op)))?;
            check_per_dim(&ins, out, &per_dim_axes(cx, op, c), mesh, PerDim::Slice)
        }
        Collective::ShardedToUnreduced => {
            // sharded_to_unreduced_c1 (SU1): the result's unreduced axes are summed.
            if out.reduction != ReductionKind::Sum {
                return Err(Fail::new("sharded_to_unreduced_c1", "out_sharding reduction_op must be SUM"));
            }
            let lists = per_dim_axes(cx, op, c);
            check_per_dim(&ins, out, &lists, mesh, PerDim::Gather("shard-to-unreduce"))?;
            let all = ins.unreduced.iter().chain(lists.iter().flatten()).cloned().collect();
            // sharded_to_unreduced_c2 (SU2): the gathered axes become unreduced.
            if sort_and_merge(all, mesh) != out.unreduced {
                return Err(Fail::new(
                    "sharded_to_unreduced_c2",
                    "out_unreduced_axes should be in_unreduced_axes + sharded_to_unreduced_axes",
                ));
            }
            Ok(())
        }
        Collective::AllReduce => all_reduce(cx, op, &ins, out, mesh),
        Collective::ReplicatedToUnreduced => replicated_to_unreduced(cx, op, &ins, out, mesh),
        Collective::AllToAll => all_to_all(cx, op, &ins, out, mesh),
        Collective::CollectivePermute => collective_permute(cx, operand, &ins, out, mesh),
    }
}

/// `AllReduceOp::verifySymbolUses` (AR1–AR5).
fn all_reduce(cx: &Cx<'_>, op: OpId, ins: &TensorSharding, out: &TensorSharding, mesh: &Mesh) -> Check {
    // sdy_all_reduce_c1 (AR1): the operand and result shard the same way, ignoring unreduced axes.
    if !equivalent_ignoring_unreduced(ins, out) {
        return Err(Fail::new("sdy_all_reduce_c1", "operand and result shardings are not equivalent"));
    }
    let axes = axis_list(crate::attrs::sdy::AllReduce::of(cx.m.op(op)).reduction_axes());
    // sdy_all_reduce_c2 (AR2): reduction axes are sorted and valid.
    check_sorted_list(&axes, mesh, &mut Seen::default(), "reduction")?;
    for r in &axes {
        let in_dims = ins.dims.iter().flat_map(|d| d.axes.iter()).chain(&ins.replicated);
        // sdy_all_reduce_c3 (AR3): reduction axes are not dimension-sharding or replicated axes of the operand.
        if in_dims.into_iter().any(|a| overlaps_ref(a, r)) {
            return Err(Fail::new(
                "sdy_all_reduce_c3",
                format!("reduction axis {} overlaps with operand dimension sharding or replicated axes", axis_str(r)),
            ));
        }
        // sdy_all_reduce_c4 (AR4): reduction axes are not unreduced in the result.
        if out.unreduced.iter().any(|a| overlaps_ref(a, r)) {
            return Err(Fail::new(
                "sdy_all_reduce_c4",
                format!("reduction axis {} overlaps with result unreduced axes", axis_str(r)),
            ));
        }
    }
    // The unreduced-axes transition (AR5: U1, U4, U5): no new unreduced
    // axes, and dropped ones carry the op's reduction.
    super::unreduced::check_transition(cx, &[Some(ins)], &[Some(out)], None, Some(reduction_op(cx, op)))
}

/// `ReplicatedToUnreducedOp::verifySymbolUses` (RU1–RU7).
fn replicated_to_unreduced(cx: &Cx<'_>, op: OpId, ins: &TensorSharding, out: &TensorSharding, mesh: &Mesh) -> Check {
    // replicated_to_unreduced_c1 (RU1): the result's unreduced axes are summed.
    if out.reduction != ReductionKind::Sum {
        return Err(Fail::new("replicated_to_unreduced_c1", "out_sharding reduction_op must be SUM"));
    }
    // replicated_to_unreduced_c2 (RU2): the dimension shardings are identical.
    if ins.dims != out.dims {
        return Err(Fail::new(
            "replicated_to_unreduced_c2",
            "input and output must share the same dimension shardings",
        ));
    }
    let axes = axis_list(crate::attrs::sdy::ToUnreduced::of(cx.m.op(op)).axes());
    // replicated_to_unreduced_c3 (RU3): r2u axes are not empty.
    if axes.is_empty() {
        return Err(Fail::new("replicated_to_unreduced_c3", "r2u axes must not be empty"));
    }
    // replicated_to_unreduced_c4 (RU4): r2u axes are sorted and valid.
    check_sorted_list(&axes, mesh, &mut Seen::default(), "r2u")?;
    for r in &axes {
        // replicated_to_unreduced_c5 (RU5): r2u axes do not shard an operand dimension.
        if ins.dims.iter().flat_map(|d| d.axes.iter()).any(|a| overlaps_ref(a, r)) {
            return Err(Fail::new(
                "replicated_to_unreduced_c5",
                format!("r2u axis {} overlaps with operand dimension sharding", axis_str(r)),
            ));
        }
        // replicated_to_unreduced_c6 (RU6): r2u axes are not already unreduced.
        if ins.unreduced.iter().any(|a| overlaps_ref(a, r)) {
            return Err(Fail::new(
                "replicated_to_unreduced_c6",
                format!("r2u axis {} overlaps with operand unreduced axes", axis_str(r)),
            ));
        }
    }
    let all = ins.unreduced.iter().chain(&axes).cloned().collect();
    // replicated_to_unreduced_c7 (RU7): the r2u axes become unreduced.
    if sort_and_merge(all, mesh) != out.unreduced {
        return Err(Fail::new(
            "replicated_to_unreduced_c7",
            "out_unreduced_axes should be in_unreduced_axes + r2u_axes",
        ));
    }
    Ok(())
}

/// `AllToAllOp::verifySymbolUses` (AT1–AT7, CD4).
fn all_to_all(cx: &Cx<'_>, op: OpId, ins: &TensorSharding, out: &TensorSharding, mesh: &Mesh) -> Check {
    let params = match sdy_attr(crate::attrs::sdy::AllToAll::of(cx.m.op(op)).params()) {
        Some(SdyAttr::AllToAllParamList(l)) => l.params.as_slice(),
        _ => &[],
    };
    // sdy_all_to_all_c1 (AT1): there is at least one parameter.
    if params.is_empty() {
        return Err(Fail::new("sdy_all_to_all_c1", "parameter list is empty"));
    }
    let rank =
        cx.m.op(op)
            .results
            .first()
            .and_then(|&v| cx.m.value_type(v).as_tensor())
            .and_then(|t| t.shape.as_ref())
            .map_or(0, |s| s.len()) as i64;
    let mut used = std::collections::HashSet::new();
    let mut prev_src: Option<i64> = None;
    let mut seen = Seen::default();
    for p in params {
        // sdy_all_to_all_c2 (AT2): the axes are valid axis lists.
        check_list(&p.axes, mesh, &mut seen)?;
        // sdy_all_to_all_c3 (AT3): the source dimension is in range.
        if p.src_dim < 0 || p.src_dim >= rank {
            return Err(Fail::new(
                "sdy_all_to_all_c3",
                format!("source dimension {} is out of range [0, {rank})", p.src_dim),
            ));
        }
        // sdy_all_to_all_c4 (AT4): the target dimension is in range.
        if p.tgt_dim < 0 || p.tgt_dim >= rank {
            return Err(Fail::new(
                "sdy_all_to_all_c4",
                format!("target dimension {} is out of range [0, {rank})", p.tgt_dim),
            ));
        }
        // sdy_all_to_all_c5 (AT5): source and target dimensions are not reused.
        for d in [p.src_dim, p.tgt_dim] {
            if !used.insert(d) {
                return Err(Fail::new(
                    "sdy_all_to_all_c5",
                    format!("overlapping source/target dimensions in all-to-all params: {d}"),
                ));
            }
        }
        // sdy_all_to_all_c6 (AT6): source dimensions ascend.
        if let Some(prev) = prev_src
            && p.src_dim <= prev
        {
            return Err(Fail::new(
                "sdy_all_to_all_c6",
                format!("source dimensions are not sorted in ascending order: {} appears after {prev}", p.src_dim),
            ));
        }
        prev_src = Some(p.src_dim);
    }
    let dim_axes = |d: i64| ins.dims.get(d as usize).map_or(&[][..], |x| x.axes.as_slice());
    for p in params {
        // sdy_all_to_all_c7 (AT7): the moved axes are a suffix of the source dimension's axes.
        let src = gather_along_dim(dim_axes(p.src_dim), &p.axes, p.src_dim as usize, mesh, "all-to-all")?;
        check_dim(out, p.src_dim as usize, &src)?;
        check_dim(out, p.tgt_dim as usize, &slice_along_dim(dim_axes(p.tgt_dim), &p.axes, mesh))?;
    }
    for (dim, d) in ins.dims.iter().enumerate() {
        if !used.contains(&(dim as i64)) && dim < out.dims.len() {
            check_dim(out, dim, &d.axes)?;
        }
    }
    Ok(())
}

/// `CollectivePermuteOp::verifySymbolUses` (CP1–CP3).
fn collective_permute(cx: &Cx<'_>, operand: ValueId, ins: &TensorSharding, out: &TensorSharding, mesh: &Mesh) -> Check {
    let Some(in_mesh) = cx.syms.mesh(&ins.mesh) else {
        return Ok(());
    };
    // sdy_collective_permute_c1 (CP1): both meshes have the same axes.
    if mesh.axes != in_mesh.axes {
        let f = Fail::new("sdy_collective_permute_c1", "result mesh has different axes than operand mesh");
        return Err(operand_mesh_note(cx, operand, Some(in_mesh), f));
    }
    // sdy_collective_permute_c2 (CP2): a different mesh name means different device ids.
    if ins.mesh != out.mesh && mesh.device_ids == in_mesh.device_ids {
        let f = Fail::new("sdy_collective_permute_c2", "result mesh name is different but same device ids as operand");
        return Err(operand_mesh_note(cx, operand, Some(in_mesh), f));
    }
    for (dim, (a, b)) in ins.dims.iter().zip(&out.dims).enumerate() {
        if a.axes == b.axes {
            continue;
        }
        let (n_in, n_out) = (sharded_size(a, mesh), sharded_size(b, mesh));
        // sdy_collective_permute_c3 (CP3): each dimension keeps its sharded size.
        if n_in != n_out {
            return Err(Fail::new(
                "sdy_collective_permute_c3",
                format!("sharded size of result doesn't match operand on dimension {dim}: {n_out} != {n_in}"),
            ));
        }
    }
    Ok(())
}
