//! The per-device data movement of the eight sdy collectives (for sharded
//! execution), shardy-inventory §2.2. Their global-view semantics (the
//! identity on logical values) is the evaluator's (`Interp::sdy_global`).
//!
//! On local shards (the default), a collective whose operand and result
//! blocks nest (every dimension divides into its blocks) runs as upstream's
//! convert-global-to-local lowers it (sharding-rules.md §3.8), with the
//! StableHLO collectives' own kernels (`collectives::kernels`): the groups
//! are the devices that differ only along the op's axes, in upstream's
//! replica-group order (`Mesh::group`); all_gather concatenates each group's
//! shards per gathered dimension, last dimension first; all_slice splits
//! each device's shard; all_to_all runs one StableHLO all_to_all per
//! parameter; collective_permute moves each block from the device holding it
//! to the device that must; all_reduce and reduce_scatter fold each group's
//! partials in group order, and reduce_scatter then splits. A group computes
//! its result once and its members share it. Otherwise (a non-divisible
//! dimension, whose `ceil(D/N)` blocks of different N do not nest, and the
//! `--canvas` execution) `regroup` below moves the data in global
//! coordinates, the independent second implementation:
//!
//! Per device (`collective`): a device exchanges local blocks with its group
//! — the devices that agree with it on every (sub-)axis outside the op's
//! axes (all devices for collective_permute, itself alone for all_slice and
//! sharded_to_unreduced) — lays the received blocks out at their global
//! positions and keeps the block its result sharding assigns it. An element
//! the device must hold but that no member of its group sent is an error
//! naming the device and the element: the collective does not deliver it.
//! all_reduce and reduce_scatter reduce the members' partials in group order.

use std::ops::Range;

use shardref_spec::ir::sdy::{AxisRef, ReductionKind, SdyAttr};
use shardref_spec::ir::{Module, OpId, Span};
use shardref_spec::ops::SdyOp;

use std::collections::HashMap;

use crate::attrs::{Field, kind, sdy};
use crate::devices::collectives::kernels;
use crate::devices::mesh::{AxisPart, Mesh, Sharding, extract_block, reduce_pair, unravel};
use crate::error::{IResult, InterpError};
use crate::ops::shape::{for_each_index, gather_many};
use crate::value::{Buffer, Tensor, strides};

/// A value held by the devices of a mesh during sharded execution: its
/// runtime sharding (declared dims, and every axis it is actually a partial
/// over) and one local tensor per mesh position.
#[derive(Clone, Debug)]
pub struct Held {
    pub sharding: Sharding,
    pub shards: Vec<Tensor>,
    pub global: Vec<usize>,
}

fn per_dim_axes(field: Field<'_, kind::Sdy>) -> IResult<Vec<Vec<AxisRef>>> {
    match field.get() {
        Some(SdyAttr::ListOfAxisRefLists(l)) => Ok(l.lists.iter().map(|l| l.axes.clone()).collect()),
        _ => Err(InterpError::invalid(field.span, format!("missing per-dimension axes '{}'", field.name))),
    }
}

fn axis_list(field: Field<'_, kind::Sdy>) -> IResult<Vec<AxisRef>> {
    match field.get() {
        Some(SdyAttr::AxisRefList(l)) => Ok(l.axes.clone()),
        _ => Err(InterpError::invalid(field.span, format!("missing axes '{}'", field.name))),
    }
}

fn reduction_op(field: Field<'_, kind::Int>) -> ReductionKind {
    field.get().and_then(|v| ReductionKind::from_i32(v as i128)).unwrap_or_default()
}

/// Merges `extra` into `axes` (as sdy's sort-and-merge would), without duplicates.
fn union(axes: &[AxisPart], extra: &[AxisPart]) -> Vec<AxisPart> {
    let mut out = axes.to_vec();
    for x in extra {
        if !out.contains(x) {
            out.push(*x);
        }
    }
    out
}

/// The unreduced (sub-)axes left after reducing over `reduced`: a part that
/// a reduced (sub-)axis covers in part is cut at its boundaries and keeps
/// what lies outside it, so an axis reduced by all of its sub-axes, in any
/// order (`"x":(1)2` then `"x":(2)2`), is reduced once (issue #28). The
/// remaining pieces of one part merge back where adjacent. A part whose
/// boundaries do not nest with the reduced ones stays whole (the collective's
/// verifier rejects such axes).
fn without(unreduced: &[AxisPart], reduced: &[AxisPart]) -> Vec<AxisPart> {
    let mut out = vec![];
    for &u in unreduced {
        let cutting: Vec<AxisPart> = reduced.iter().copied().filter(|r| r.overlaps(u) || *r == u).collect();
        if cutting.is_empty() {
            out.push(u);
            continue;
        }
        let Some(lists) = refine(vec![vec![u], cutting.clone()]) else {
            out.push(u);
            continue;
        };
        let covered = |x: &AxisPart| lists[1].contains(x);
        let mut left: Vec<AxisPart> = vec![];
        for x in lists[0].iter().filter(|x| !covered(x)) {
            match left.last_mut() {
                Some(l) if l.pre * l.size == x.pre => l.size *= x.size,
                _ => left.push(*x),
            }
        }
        out.extend(left);
    }
    out
}

/// Lays out the local blocks `blocks[k]` of tensors `ts[k]` at their global
/// positions; `src[g]` is the (tensor, local index) of global element g.
fn layout(global: &[usize], placed: &[(&Tensor, Vec<Range<usize>>)]) -> Vec<Option<(usize, usize)>> {
    let total: usize = global.iter().product();
    let mut src = vec![None; total];
    let gs = strides(global);
    for (k, (t, block)) in placed.iter().enumerate() {
        let ls = strides(&t.shape);
        let shape: Vec<usize> = block.iter().map(|r| r.len()).collect();
        for_each_index(&shape, |i| {
            let g: usize = i.iter().zip(block).zip(&gs).map(|((&x, r), s)| (x + r.start) * s).sum();
            let l: usize = i.iter().zip(&ls).map(|(&x, s)| x * s).sum();
            if src[g].is_none() {
                src[g] = Some((k, l));
            }
        });
    }
    src
}

/// Builds device `p`'s local tensor of `out` from the global layout `src` of
/// `placed`, filling padding and (when `fill_missing`) undelivered elements
/// with zeros; without `fill_missing`, an undelivered element is an error.
fn local_from(
    out: &Sharding,
    global: &[usize],
    p: usize,
    placed: &[(&Tensor, Vec<Range<usize>>)],
    src: &[Option<(usize, usize)>],
    fill_missing: bool,
    what: &str,
) -> IResult<Tensor> {
    let elem = placed[0].0.elem.clone();
    let zero = Tensor::new(vec![1], elem.clone(), Buffer::zeros(placed[0].0.buf.repr(), 1));
    let mut ts: Vec<&Tensor> = placed.iter().map(|(t, _)| *t).collect();
    ts.push(&zero);
    let z = ts.len() - 1;
    let block = out.block(global, p);
    let local = out.local_shape(global);
    let gs = strides(global);
    let mut parts = Vec::with_capacity(local.iter().product());
    let mut missing = None;
    for_each_index(&local, |i| {
        if i.iter().zip(&block).all(|(&x, r)| r.start + x < r.end) {
            let g: usize = i.iter().zip(&block).zip(&gs).map(|((&x, r), s)| (x + r.start) * s).sum();
            match src[g] {
                Some(s) => parts.push(s),
                None => {
                    if missing.is_none() {
                        missing = Some(g);
                    }
                    parts.push((z, 0));
                }
            }
        } else {
            parts.push((z, 0));
        }
    });
    if let (Some(g), false) = (missing, fill_missing) {
        return Err(InterpError::trap(
            shardref_spec::ir::Span::NONE,
            format!(
                "{what} does not deliver element {:?} to device {} (mesh position {p}) under its result sharding {}",
                unravel(g, global),
                out.mesh.device_id(p),
                out.dims_string()
            ),
        ));
    }
    let buf = gather_many(&ts, &parts)?;
    Ok(Tensor::new(local, elem, buf))
}

/// Moves data so that the result is held per `out` (same logical value):
/// each device gathers the blocks of its `group` members. Only devices with
/// the same unreduced coordinate exchange partials. With a non-divisible
/// dimension, `ceil(D/N)` blocks of different N do not nest, so an element a
/// group does not deliver is taken from the devices holding it (upstream's
/// partitioner pads such dimensions and re-slices after the collective).
fn regroup(input: &Held, out: Sharding, group_of: impl Fn(usize) -> Vec<usize>, what: &str) -> IResult<Held> {
    let n = out.mesh.num_devices();
    let divisible =
        |s: &Sharding| (0..input.global.len()).all(|d| input.global[d].is_multiple_of(s.num_shards(d).max(1)));
    let padded = !divisible(&input.sharding) || !divisible(&out);
    let mut shards = Vec::with_capacity(n);
    for p in 0..n {
        // The device at output position p is the input position holding the same device id.
        let id = out.mesh.device_id(p);
        let q = input.sharding.mesh.position_of(id).ok_or_else(|| {
            InterpError::invalid(shardref_spec::ir::Span::NONE, format!("device {id} is not in the operand's mesh"))
        })?;
        let partial = out.mesh.index_over(&out.unreduced, p);
        let same_partial = |r: &usize| input.sharding.mesh.index_over(&input.sharding.unreduced, *r) == partial;
        let group: Vec<usize> = group_of(q).into_iter().filter(same_partial).collect();
        let placed: Vec<(&Tensor, Vec<Range<usize>>)> =
            group.iter().map(|&r| (&input.shards[r], input.sharding.block(&input.global, r))).collect();
        let src = layout(&input.global, &placed);
        match local_from(&out, &input.global, p, &placed, &src, false, what) {
            Ok(t) => shards.push(t),
            Err(_) if padded => {
                let all: Vec<usize> = (0..input.sharding.mesh.num_devices()).filter(same_partial).collect();
                let placed: Vec<(&Tensor, Vec<Range<usize>>)> =
                    all.iter().map(|&r| (&input.shards[r], input.sharding.block(&input.global, r))).collect();
                let src = layout(&input.global, &placed);
                shards.push(local_from(&out, &input.global, p, &placed, &src, false, what)?);
            }
            Err(e) => return Err(e),
        }
    }
    Ok(Held { sharding: out, shards, global: input.global.clone() })
}

/// The groups of a mesh along (sub-)axes `xs`: every group of positions that
/// agree outside `xs`, each ordered as `Mesh::group` orders it; O(n log n)
/// for the whole mesh instead of O(n) per position.
fn groups_along(mesh: &Mesh, xs: &[AxisPart]) -> Vec<Vec<usize>> {
    let mut by_key: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut groups: Vec<Vec<usize>> = vec![];
    for p in 0..mesh.num_devices() {
        let g = *by_key.entry(mesh.key_outside(xs, p)).or_insert_with(|| {
            groups.push(vec![]);
            groups.len() - 1
        });
        groups[g].push(p);
    }
    for g in &mut groups {
        g.sort_by_key(|&q| mesh.index_over(xs, q));
    }
    groups
}

/// Reduces each device's local tensor with those of its group along `axes`,
/// in group order (`kernels::fold`, once per group).
fn all_reduce_over(input: &Held, axes: &[AxisPart], kind: ReductionKind) -> IResult<Vec<Tensor>> {
    let mesh = &input.sharding.mesh;
    let mut out: Vec<Option<Tensor>> = vec![None; mesh.num_devices()];
    for g in groups_along(mesh, axes) {
        let xs: Vec<&Tensor> = g.iter().map(|&q| &input.shards[q]).collect();
        let acc = kernels::fold(&xs, Span::NONE, |a, b| {
            reduce_pair(kind, a, b).map_err(|e| InterpError::invalid(Span::NONE, e))
        })?;
        for &q in &g {
            out[q] = Some(acc.clone());
        }
    }
    out.into_iter().map(|t| t.ok_or_else(|| InterpError::invalid(Span::NONE, "a device in no group"))).collect()
}

/// Whether every dimension of `global` divides into the blocks of `s`, so
/// that local shards carry no padding and blocks of shardings whose axes
/// extend one another nest.
fn divides(s: &Sharding, global: &[usize]) -> bool {
    global.iter().enumerate().all(|(d, &n)| n.is_multiple_of(s.num_shards(d).max(1)))
}

/// The lists rewritten over their common refinement: every (sub-)axis split
/// at every boundary any list uses on the same mesh axis (`"x"` next to
/// `"x":(2)2` becomes `"x":(1)2, "x":(2)2`), so that lists naming the same
/// devices compare equal part by part; size-1 parts, which split nothing,
/// drop out. `None` when the boundaries on one axis do not nest.
fn refine(lists: Vec<Vec<AxisPart>>) -> Option<Vec<Vec<AxisPart>>> {
    let mut cuts: HashMap<usize, Vec<usize>> = HashMap::new();
    for x in lists.iter().flatten() {
        let c = cuts.entry(x.axis).or_default();
        c.push(x.pre);
        c.push(x.pre * x.size);
    }
    for c in cuts.values_mut() {
        c.sort_unstable();
        c.dedup();
        if c.windows(2).any(|w| !w[1].is_multiple_of(w[0])) {
            return None;
        }
    }
    let split = |x: &AxisPart| -> Vec<AxisPart> {
        let c = &cuts[&x.axis];
        c.windows(2)
            .filter(|w| w[0] >= x.pre && w[1] <= x.pre * x.size)
            .map(|w| AxisPart { axis: x.axis, pre: w[0], size: w[1] / w[0] })
            .collect()
    };
    Some(lists.iter().map(|l| l.iter().flat_map(split).collect()).collect())
}

/// Splits `v` into consecutive chunks of the given lengths.
fn chunks(mut v: Vec<Vec<AxisPart>>, lens: &[usize]) -> Vec<Vec<Vec<AxisPart>>> {
    let mut out = vec![];
    for &n in lens {
        let rest = v.split_off(n);
        out.push(v);
        v = rest;
    }
    out
}

/// Whether `a` is `b` followed by more axes; those axes.
fn extension<'a>(a: &'a [AxisPart], b: &[AxisPart]) -> Option<&'a [AxisPart]> {
    (a.len() >= b.len() && a[..b.len()] == *b).then(|| &a[b.len()..])
}

/// all_gather on local shards with `kernels::gather` (see the module header);
/// `None` when the layouts do not nest.
fn gather_local(input: &Held, gathered: &[Vec<AxisPart>], out: &Sharding, span: Span) -> IResult<Option<Vec<Tensor>>> {
    let s = &input.sharding;
    let mesh = &s.mesh;
    let rank = input.global.len();
    if !divides(s, &input.global)
        || out.mesh.device_ids != mesh.device_ids
        || s.dims.len() != rank
        || out.dims.len() != rank
        || gathered.len() != rank
    {
        return Ok(None);
    }
    let all = [s.dims.clone(), gathered.to_vec(), out.dims.clone(), vec![s.unreduced.clone()]].concat();
    let Some(all) = refine(all) else { return Ok(None) };
    let [have, gathered, kept, unreduced]: [Vec<Vec<AxisPart>>; 4] =
        match chunks(all, &[rank, rank, rank, 1]).try_into() {
            Ok(x) => x,
            Err(_) => return Ok(None),
        };
    for d in 0..rank {
        let g = &gathered[d];
        if extension(&have[d], &kept[d]) != Some(&g[..]) || g.iter().any(|x| unreduced[0].contains(x)) {
            return Ok(None);
        }
    }
    let mut cur = input.shards.clone();
    for d in (0..gathered.len()).rev() {
        if gathered[d].is_empty() {
            continue;
        }
        let mut next = cur.clone();
        for g in groups_along(mesh, &gathered[d]) {
            let parts: Vec<&Tensor> = g.iter().map(|&q| &cur[q]).collect();
            let t = kernels::gather(&parts, d as i64, span)?;
            for &q in &g {
                next[q] = t.clone();
            }
        }
        cur = next;
    }
    Ok(Some(cur))
}

/// all_slice (and reduce_scatter's scatter) on local shards: each device
/// keeps its part of its own shard (`kernels::split_part`); `None` when the
/// layouts do not nest.
fn slice_local(input: &Held, out: &Sharding, span: Span) -> IResult<Option<Vec<Tensor>>> {
    let s = &input.sharding;
    let rank = input.global.len();
    if !divides(out, &input.global) || out.mesh.device_ids != s.mesh.device_ids || s.dims.len() != rank {
        return Ok(None);
    }
    if out.dims.len() != rank {
        return Ok(None);
    }
    let Some(all) = refine([s.dims.clone(), out.dims.clone()].concat()) else { return Ok(None) };
    let (have, want) = all.split_at(rank);
    let mut added = vec![];
    for d in 0..rank {
        match extension(&want[d], &have[d]) {
            Some(x) => added.push(x.to_vec()),
            None => return Ok(None),
        }
    }
    let mesh = &s.mesh;
    (0..mesh.num_devices())
        .map(|p| {
            let mut t = input.shards[p].clone();
            for (d, xs) in added.iter().enumerate() {
                if !xs.is_empty() {
                    let count = xs.iter().map(|x| x.size).product();
                    t = kernels::split_part(&t, count, d as i64, mesh.index_over(xs, p), span)?;
                }
            }
            Ok(t)
        })
        .collect::<IResult<Vec<_>>>()
        .map(Some)
}

/// all_to_all on local shards: one `kernels::all_to_all` per parameter
/// (split along the target dimension, concatenated along the source one);
/// `None` when the layouts do not nest or the parameters do not lead to `out`.
fn all_to_all_local(
    input: &Held,
    params: &[(usize, usize, Vec<AxisPart>)],
    out: &Sharding,
    span: Span,
) -> IResult<Option<Vec<Tensor>>> {
    let mesh = &input.sharding.mesh;
    let rank = input.global.len();
    if out.mesh.device_ids != mesh.device_ids
        || !divides(&input.sharding, &input.global)
        || input.sharding.dims.len() != rank
        || out.dims.len() != rank
    {
        return Ok(None);
    }
    let lists = [input.sharding.dims.clone(), params.iter().map(|p| p.2.clone()).collect(), out.dims.clone()].concat();
    let Some(all) = refine(lists) else { return Ok(None) };
    let [mut dims, axes_of, want]: [Vec<Vec<AxisPart>>; 3] = match chunks(all, &[rank, params.len(), rank]).try_into() {
        Ok(x) => x,
        Err(_) => return Ok(None),
    };
    let params: Vec<(usize, usize, Vec<AxisPart>)> =
        params.iter().zip(axes_of).map(|(p, axes)| (p.0, p.1, axes)).collect();
    let params = &params[..];
    for (src, tgt, axes) in params {
        let (src, tgt) = (*src, *tgt);
        if src >= rank || tgt >= rank || src == tgt || axes.is_empty() {
            return Ok(None);
        }
        let n = dims[src].len();
        if n < axes.len() || dims[src][n - axes.len()..] != axes[..] {
            return Ok(None);
        }
        dims[src].truncate(n - axes.len());
        dims[tgt].extend(axes.iter().copied());
    }
    if dims != want || !divides(out, &input.global) {
        return Ok(None);
    }
    let mut cur = input.shards.clone();
    for (src, tgt, axes) in params {
        let mut next = cur.clone();
        for g in groups_along(mesh, axes) {
            let parts: Vec<&Tensor> = g.iter().map(|&q| &cur[q]).collect();
            for (i, &q) in g.iter().enumerate() {
                next[q] = kernels::all_to_all(&parts, *tgt as i64, *src as i64, i, span)?;
            }
        }
        cur = next;
    }
    Ok(Some(cur))
}

/// collective_permute on local shards: each device receives the shard of the
/// device that holds its result block; `None` when the layouts do not nest
/// or some block is held by no device.
fn permute_local(input: &Held, out: &Sharding) -> Option<Vec<Tensor>> {
    let s = &input.sharding;
    if !s.unreduced.is_empty() || !divides(s, &input.global) || !divides(out, &input.global) {
        return None;
    }
    let mut holder: HashMap<Vec<std::ops::Range<usize>>, usize> = HashMap::new();
    for q in 0..s.mesh.num_devices() {
        holder.entry(s.block(&input.global, q)).or_insert(q);
    }
    (0..out.mesh.num_devices())
        .map(|p| {
            // Output position p is the device with p's id; its block comes from the holder.
            let id = out.mesh.device_id(p);
            s.mesh.position_of(id)?;
            holder.get(&out.block(&input.global, p)).map(|&q| input.shards[q].clone())
        })
        .collect()
}

/// Runs sdy collective `k` (op `op` of `m`) on a held value: on local shards
/// with the collective kernels when `local` and the layouts nest, else by
/// `regroup` (see the module header).
pub fn collective(m: &Module, op: OpId, k: SdyOp, input: &Held, local: bool) -> IResult<Held> {
    let span = m.op(op).span;
    let err = |e: String| InterpError::invalid(span, e);
    let o = m.op(op);
    // Every sdy collective's `out_sharding` (the field of each of their views).
    let out_attr = match sdy::CollectivePermute::of(o).out_sharding().get() {
        Some(s) => s,
        None => return Err(err("collective without an out_sharding".into())),
    };
    let mut out = Sharding::from_attr(m, out_attr).map_err(err)?;
    out.fit_rank(input.global.len());
    out.check_rank(input.global.len()).map_err(err)?;
    let mesh = input.sharding.mesh.clone();
    let name = format!("'{}'", shardref_spec::ops::OpKind::Sdy(k).name());
    let rank = input.global.len();
    let per_dim = |field: Field<'_, kind::Sdy>| -> IResult<Vec<Vec<AxisPart>>> {
        let attr = field.name;
        let lists = per_dim_axes(field)?;
        if lists.len() != rank {
            return Err(err(format!("{attr} has {} lists for a rank-{rank} tensor", lists.len())));
        }
        lists.iter().map(|l| mesh.axis_parts(l).map_err(err)).collect()
    };
    // Axes the operand is a partial over stay partial unless the op reduces them.
    let carry = |out: &mut Sharding, reduced: &[AxisPart]| {
        let kept = without(&input.sharding.unreduced, reduced);
        out.unreduced = union(&kept, &without(&out.unreduced, reduced));
        if !input.sharding.unreduced.is_empty() {
            out.reduction = input.sharding.reduction;
        }
    };
    match k {
        SdyOp::AllGather | SdyOp::AllToAll | SdyOp::CollectivePermute | SdyOp::AllSlice => {
            let axes: Vec<AxisPart> = match k {
                SdyOp::AllGather => per_dim(sdy::AllGather::of(o).gathering_axes())?.concat(),
                SdyOp::AllToAll => match sdy::AllToAll::of(o).params().get() {
                    Some(SdyAttr::AllToAllParamList(l)) => l
                        .params
                        .iter()
                        .map(|p| mesh.axis_parts(&p.axes).map_err(err))
                        .collect::<IResult<Vec<_>>>()?
                        .concat(),
                    _ => return Err(err("all_to_all without params".into())),
                },
                _ => vec![],
            };
            carry(&mut out, &[]);
            if local {
                let shards = match k {
                    SdyOp::AllGather => {
                        gather_local(input, &per_dim(sdy::AllGather::of(o).gathering_axes())?, &out, span)?
                    }
                    SdyOp::AllSlice => slice_local(input, &out, span)?,
                    SdyOp::CollectivePermute => permute_local(input, &out),
                    _ => match sdy::AllToAll::of(o).params().get() {
                        Some(SdyAttr::AllToAllParamList(l)) => {
                            let params = l
                                .params
                                .iter()
                                .map(|p| {
                                    let dim = |x: i64| usize::try_from(x).unwrap_or(usize::MAX);
                                    Ok((dim(p.src_dim), dim(p.tgt_dim), mesh.axis_parts(&p.axes).map_err(err)?))
                                })
                                .collect::<IResult<Vec<_>>>()?;
                            all_to_all_local(input, &params, &out, span)?
                        }
                        _ => None,
                    },
                };
                if let Some(shards) = shards {
                    return Ok(Held { sharding: out, shards, global: input.global.clone() });
                }
            }
            let mesh2 = mesh.clone();
            let group_of = move |q: usize| match k {
                SdyOp::CollectivePermute => (0..mesh2.num_devices()).collect(),
                SdyOp::AllSlice => vec![q],
                _ => mesh2.group(&axes, q),
            };
            regroup(input, out, group_of, &name).map_err(|e| e.at(span))
        }
        SdyOp::AllReduce => {
            let axes = mesh.axis_parts(&axis_list(sdy::AllReduce::of(o).reduction_axes())?).map_err(err)?;
            let kind = reduction_op(sdy::AllReduce::of(o).reduction_op());
            let shards = all_reduce_over(input, &axes, kind).map_err(|e| e.at(span))?;
            let mut s = input.sharding.clone();
            s.unreduced = without(&s.unreduced, &axes);
            out.unreduced = s.unreduced.clone();
            out.reduction = s.reduction;
            let reduced = Held { sharding: s, shards, global: input.global.clone() };
            if local && out.dims == reduced.sharding.dims && out.mesh.device_ids == reduced.sharding.mesh.device_ids {
                return Ok(Held { sharding: out, ..reduced });
            }
            // The result keeps the operand's dimension layout; out_sharding must describe the same blocks.
            regroup(&reduced, out, |q| vec![q], &name).map_err(|e| e.at(span))
        }
        SdyOp::ReduceScatter => {
            let lists = per_dim(sdy::ReduceScatter::of(o).reduce_scatter_axes())?;
            let axes = lists.concat();
            let kind = reduction_op(sdy::AllReduce::of(o).reduction_op());
            let shards = all_reduce_over(input, &axes, kind).map_err(|e| e.at(span))?;
            let mut s = input.sharding.clone();
            s.unreduced = without(&s.unreduced, &axes);
            let reduced = Held { sharding: s.clone(), shards, global: input.global.clone() };
            out.unreduced = s.unreduced;
            if local && let Some(shards) = slice_local(&reduced, &out, span)? {
                return Ok(Held { sharding: out, shards, global: input.global.clone() });
            }
            regroup(&reduced, out, |q| vec![q], &name).map_err(|e| e.at(span))
        }
        SdyOp::ShardedToUnreduced => {
            let axes = per_dim(sdy::ToUnreduced::of(o).axes())?.concat();
            // No communication: each device keeps its own block at its position and zeros elsewhere.
            out.unreduced = union(&input.sharding.unreduced, &axes);
            out.reduction = ReductionKind::Sum;
            let n = out.mesh.num_devices();
            let divisible = (0..rank).all(|d| input.global[d].is_multiple_of(input.sharding.num_shards(d).max(1)));
            if !divisible || !input.sharding.unreduced.is_empty() {
                // With padding, old and new blocks do not nest: the logical value is
                // laid out anew, its representative holding it and the others zeros.
                return reshard(input, out).map_err(|e| e.at(span));
            }
            let mut shards = Vec::with_capacity(n);
            for p in 0..n {
                let placed = vec![(&input.shards[p], input.sharding.block(&input.global, p))];
                let src = layout(&input.global, &placed);
                shards.push(local_from(&out, &input.global, p, &placed, &src, true, &name)?);
            }
            Ok(Held { sharding: out, shards, global: input.global.clone() })
        }
        SdyOp::ReplicatedToUnreduced => {
            let axes = mesh.axis_parts(&axis_list(sdy::ToUnreduced::of(o).axes())?).map_err(err)?;
            // One representative per group along `axes` keeps the value; the others hold zeros.
            out.unreduced = union(&input.sharding.unreduced, &axes);
            out.reduction = ReductionKind::Sum;
            let shards = mesh.keep_one_representative(&input.shards, &axes);
            let held = Held {
                sharding: Sharding { unreduced: out.unreduced.clone(), ..input.sharding.clone() },
                shards,
                global: input.global.clone(),
            };
            regroup(&held, out, |q| vec![q], &name).map_err(|e| e.at(span))
        }
        SdyOp::Mesh
        | SdyOp::ShardingConstraint
        | SdyOp::Reshard
        | SdyOp::Return
        | SdyOp::ManualComputation
        | SdyOp::ShardingGroup
        | SdyOp::Constant
        | SdyOp::DataFlowEdge
        | SdyOp::PropagationBarrier
        | SdyOp::NamedComputation
        | SdyOp::FuncDataFlowEdge => Err(err(format!("{name} is not a collective"))),
    }
}

/// Moves a held value to sharding `out` (`sdy.reshard`, and implicit reshards
/// in `ImplicitReshards::Insert` mode): partials are reduced first, then every
/// device takes its block from the global value.
pub fn reshard(input: &Held, out: Sharding) -> IResult<Held> {
    let mut out = out;
    out.fit_rank(input.global.len());
    out.check_rank(input.global.len()).map_err(|e| InterpError::invalid(shardref_spec::ir::Span::NONE, e))?;
    let global = input
        .sharding
        .unshard(&input.shards, &input.global)
        .map_err(|e| InterpError::trap(shardref_spec::ir::Span::NONE, e.to_string()))?;
    Ok(Held { shards: out.shard(&global), sharding: out, global: input.global.clone() })
}

/// The block of `t` (a global tensor) that position `p` holds under `s`.
pub fn block_of(s: &Sharding, t: &Tensor, p: usize) -> Tensor {
    extract_block(t, &s.block(&t.shape, p), &s.local_shape(&t.shape))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refine_splits_axes_at_every_boundary_any_list_uses() {
        let x = |pre, size| AxisPart { axis: 0, pre, size };
        let y = |pre, size| AxisPart { axis: 1, pre, size };
        let r = refine(vec![vec![x(1, 4), y(1, 2)], vec![x(2, 2)], vec![]]).unwrap();
        assert_eq!(r, vec![vec![x(1, 2), x(2, 2), y(1, 2)], vec![x(2, 2)], vec![]]);
        // Size-1 parts split nothing and drop out.
        assert_eq!(refine(vec![vec![x(2, 1), y(1, 2)]]).unwrap(), vec![vec![y(1, 2)]]);
        // On an axis of 6, boundaries 2 and 3 do not nest.
        assert_eq!(refine(vec![vec![x(1, 2)], vec![x(1, 3)]]), None);
    }
}
