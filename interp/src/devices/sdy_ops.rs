//! The per-device data movement of the eight sdy collectives (for sharded
//! execution), shardy-inventory §2.2. Their global-view semantics (the
//! identity on logical values) is the evaluator's (`Interp::sdy_global`).
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
use shardref_spec::ir::{Attr, Module, OpId};
use shardref_spec::ops::SdyOp;

use crate::devices::mesh::{AxisPart, Sharding, extract_block, reduce_pair, unravel};
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

/// The sdy attribute `name` of an op.
pub fn sdy_attr<'a>(m: &'a Module, op: OpId, name: &str) -> Option<&'a SdyAttr> {
    match m.op(op).attrs.get(name) {
        Some(Attr::Sdy(a)) => Some(a),
        _ => None,
    }
}

fn per_dim_axes(m: &Module, op: OpId, name: &str) -> IResult<Vec<Vec<AxisRef>>> {
    match sdy_attr(m, op, name) {
        Some(SdyAttr::ListOfAxisRefLists(l)) => Ok(l.lists.iter().map(|l| l.axes.clone()).collect()),
        _ => Err(InterpError::invalid(m.op(op).span, format!("missing per-dimension axes '{name}'"))),
    }
}

fn axis_list(m: &Module, op: OpId, name: &str) -> IResult<Vec<AxisRef>> {
    match sdy_attr(m, op, name) {
        Some(SdyAttr::AxisRefList(l)) => Ok(l.axes.clone()),
        _ => Err(InterpError::invalid(m.op(op).span, format!("missing axes '{name}'"))),
    }
}

fn reduction_op(m: &Module, op: OpId) -> ReductionKind {
    m.op(op).attrs.get("reduction_op").and_then(Attr::as_int).and_then(ReductionKind::from_i32).unwrap_or_default()
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

/// Reduces each device's local tensor with those of its group along `axes`, in group order.
fn all_reduce_over(input: &Held, axes: &[AxisPart], kind: ReductionKind) -> IResult<Vec<Tensor>> {
    let mesh = &input.sharding.mesh;
    (0..mesh.num_devices())
        .map(|p| {
            let group = mesh.group(axes, p);
            let mut acc = input.shards[group[0]].clone();
            for &q in &group[1..] {
                acc = reduce_pair(kind, &acc, &input.shards[q])
                    .map_err(|e| InterpError::invalid(shardref_spec::ir::Span::NONE, e))?;
            }
            Ok(acc)
        })
        .collect()
}

/// Runs sdy collective `k` (op `op` of `m`) on a held value.
pub fn collective(m: &Module, op: OpId, k: SdyOp, input: &Held) -> IResult<Held> {
    let span = m.op(op).span;
    let err = |e: String| InterpError::invalid(span, e);
    let out_attr = match sdy_attr(m, op, "out_sharding") {
        Some(SdyAttr::Sharding(s)) => s,
        _ => return Err(err("collective without an out_sharding".into())),
    };
    let mut out = Sharding::from_attr(m, out_attr).map_err(err)?;
    out.fit_rank(input.global.len());
    out.check_rank(input.global.len()).map_err(err)?;
    let mesh = input.sharding.mesh.clone();
    let name = format!("'{}'", shardref_spec::ops::OpKind::Sdy(k).name());
    let rank = input.global.len();
    let per_dim = |attr: &str| -> IResult<Vec<Vec<AxisPart>>> {
        let lists = per_dim_axes(m, op, attr)?;
        if lists.len() != rank {
            return Err(err(format!("{attr} has {} lists for a rank-{rank} tensor", lists.len())));
        }
        lists.iter().map(|l| mesh.axis_parts(l).map_err(err)).collect()
    };
    // Axes the operand is a partial over stay partial unless the op reduces them.
    let carry = |out: &mut Sharding, reduced: &[AxisPart]| {
        let kept: Vec<AxisPart> = input.sharding.unreduced.iter().filter(|x| !reduced.contains(x)).copied().collect();
        out.unreduced =
            union(&kept, &out.unreduced.iter().filter(|x| !reduced.contains(x)).copied().collect::<Vec<_>>());
        if !input.sharding.unreduced.is_empty() {
            out.reduction = input.sharding.reduction;
        }
    };
    match k {
        SdyOp::AllGather | SdyOp::AllToAll | SdyOp::CollectivePermute | SdyOp::AllSlice => {
            let axes: Vec<AxisPart> = match k {
                SdyOp::AllGather => per_dim("gathering_axes")?.concat(),
                SdyOp::AllToAll => match sdy_attr(m, op, "params") {
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
            let mesh2 = mesh.clone();
            let group_of = move |q: usize| match k {
                SdyOp::CollectivePermute => (0..mesh2.num_devices()).collect(),
                SdyOp::AllSlice => vec![q],
                _ => mesh2.group(&axes, q),
            };
            regroup(input, out, group_of, &name).map_err(|e| e.at(span))
        }
        SdyOp::AllReduce => {
            let axes = mesh.axis_parts(&axis_list(m, op, "reduction_axes")?).map_err(err)?;
            let kind = reduction_op(m, op);
            let shards = all_reduce_over(input, &axes, kind).map_err(|e| e.at(span))?;
            let mut s = input.sharding.clone();
            s.unreduced.retain(|x| !axes.contains(x));
            out.unreduced = s.unreduced.clone();
            out.reduction = s.reduction;
            let reduced = Held { sharding: s, shards, global: input.global.clone() };
            // The result keeps the operand's dimension layout; out_sharding must describe the same blocks.
            regroup(&reduced, out, |q| vec![q], &name).map_err(|e| e.at(span))
        }
        SdyOp::ReduceScatter => {
            let lists = per_dim("reduce_scatter_axes")?;
            let axes = lists.concat();
            let kind = reduction_op(m, op);
            let shards = all_reduce_over(input, &axes, kind).map_err(|e| e.at(span))?;
            let mut s = input.sharding.clone();
            s.unreduced.retain(|x| !axes.contains(x));
            let reduced = Held { sharding: s.clone(), shards, global: input.global.clone() };
            out.unreduced = s.unreduced;
            regroup(&reduced, out, |q| vec![q], &name).map_err(|e| e.at(span))
        }
        SdyOp::ShardedToUnreduced => {
            let axes = per_dim("axes")?.concat();
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
            let axes = mesh.axis_parts(&axis_list(m, op, "axes")?).map_err(err)?;
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
