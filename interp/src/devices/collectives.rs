//! StableHLO's collectives over the simulated process grid: the collective
//! kernels of the middle layer, between the runtime below (`runtime::Comm`)
//! and the drivers above (`parallel`, `manual`, `sharded`).
//!
//! The process grid. A run of `num_replicas` × `num_partitions` processes;
//! process (replica r, partition p) has index `r * num_partitions + p`
//! (replica-major, as `interpreter.run_parallel` lays out its programs). An
//! `Interp` without a device context is the 1 × 1 grid: every collective then
//! runs on a group of one (all_reduce of one is the identity, and so on), and
//! groups naming other processes are an error. Process lookups by (replica,
//! partition) are arithmetic on a full replica-major grid, so building a
//! collective's groups costs O(grid) per process, not O(grid²).
//!
//! Process groups (spec, "Collective ops"): `replica_groups` (a dense 2-D list,
//! where -1 pads ragged groups, or `#stablehlo.replica_group_mesh_axes` with an
//! inlined mesh) become groups of processes by one of four strategies,
//! `cross_replica`, `cross_partition`, `cross_replica_and_partition` and
//! `flattened_ids`, chosen by `channel_handle` and `use_global_device_ids` as
//! each op's section of the spec says (`strategy_*` below). A process takes the
//! first group that contains it.
//!
//! Every member of a group calls `Comm::exchange` with the group in its
//! spec order and a key naming the op, the channel, the operand types and the
//! op's attributes; mismatches and deadlocks are reported by the runtime.
//!
//! Reduction order (the spec leaves the schedule implementation-defined):
//! all_reduce, reduce_scatter, collective_reduce and cross-replica-sum fold
//! left over the group's members in ascending process order (replica-major),
//! `((x0 ⊕ x1) ⊕ x2) ⊕ …`, element by element, as upstream's interpreter does.
//! When the computation is a single elementwise op of its two arguments, the
//! fold applies that op's kernel to whole tensors, which computes exactly the
//! same elements.
//!
//! Point-to-point (`send`/`recv`): a channel connects the one process whose
//! program sends on it with the one process whose program receives on it
//! (found by scanning each process's program before the run, so the pairing
//! never depends on scheduling); a send and its receive meet like a
//! collective of two, in program order, FIFO. A channel with several senders
//! or receivers is an error. As upstream's interpreter, `is_host_transfer` and
//! the channel type do not change the semantics. `infeed` reads the
//! functions named by `run_parallel`'s `infeed` attribute in order, which is
//! deterministic only with one reading process, so several readers are an
//! error. `outfeed` appends its inputs to the process's `Outcome::outfeed`.

use shardref_spec::ir::{Attr, Module, OpId, RegionId, Span, Type};
use shardref_spec::ops::{OpName, StablehloOp};

use crate::attrs::stablehlo as view;
use crate::attrs::{Field, keys, kind};
use crate::devices::runtime::{CollectiveKey, Comm, ProcessId};
use crate::error::{IResult, InterpError};
use crate::eval::{Frame, Interp, scalar_at};
use crate::ops;
use crate::value::{Buffer, Tensor, Value};

/// How `replica_groups` map to processes (spec: "Collective ops").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    CrossReplica,
    CrossPartition,
    CrossReplicaAndPartition,
    FlattenedIds,
}

impl Strategy {
    pub fn name(self) -> &'static str {
        match self {
            Strategy::CrossReplica => "cross_replica",
            Strategy::CrossPartition => "cross_partition",
            Strategy::CrossReplicaAndPartition => "cross_replica_and_partition",
            Strategy::FlattenedIds => "flattened_ids",
        }
    }
}

/// The process grid as one process sees it.
#[derive(Clone, Debug)]
pub struct Grid {
    pub num_replicas: u32,
    pub num_partitions: u32,
    /// This process.
    pub me: ProcessId,
    ids: Vec<ProcessId>,
    /// Whether `ids` is the full replica-major grid (process `r * np + p` is (r, p)).
    full: bool,
}

impl Grid {
    pub fn of(it: &Interp<'_>) -> Grid {
        match it.device {
            Some(d) => {
                let ids = d.processes().to_vec();
                let num_replicas = ids.iter().map(|i| i.replica + 1).max().unwrap_or(1);
                let num_partitions = ids.iter().map(|i| i.partition + 1).max().unwrap_or(1);
                let np = num_partitions as usize;
                let full = ids.len() == num_replicas as usize * np
                    && ids
                        .iter()
                        .enumerate()
                        .all(|(k, i)| i.replica as usize == k / np && i.partition as usize == k % np);
                Grid { num_replicas, num_partitions, me: d.id(), ids, full }
            }
            None => {
                let me = ProcessId { index: 0, replica: 0, partition: 0 };
                Grid { num_replicas: 1, num_partitions: 1, me, ids: vec![me], full: true }
            }
        }
    }

    /// The index of process (replica, partition), when the grid has it.
    pub fn index(&self, replica: i64, partition: i64) -> Option<usize> {
        if self.full {
            let (nr, np) = (i64::from(self.num_replicas), i64::from(self.num_partitions));
            return ((0..nr).contains(&replica) && (0..np).contains(&partition))
                .then(|| usize::try_from(replica * np + partition).ok())
                .flatten();
        }
        self.ids
            .iter()
            .find(|i| i64::from(i.replica) == replica && i64::from(i.partition) == partition)
            .map(|i| i.index)
    }

    /// The process groups of `process_groups` that contain this process, in order. Every id is
    /// still checked against the grid (an invalid one gives `process_groups`'s error), but the
    /// groups of other processes are never built: a process of a large grid waiting in a
    /// collective holds O(its groups), not O(grid).
    pub fn my_process_groups(&self, strategy: Strategy, groups: &[Vec<i64>]) -> IResult<Vec<Vec<usize>>> {
        let (nr, np) = (i64::from(self.num_replicas), i64::from(self.num_partitions));
        let valid = |id: i64| match strategy {
            Strategy::CrossReplica | Strategy::CrossReplicaAndPartition => (0..nr).contains(&id),
            Strategy::CrossPartition => (0..np).contains(&id),
            Strategy::FlattenedIds => id >= 0 && id / np < nr,
        };
        if !self.full || groups.iter().flatten().any(|&id| !valid(id)) {
            let mut all = self.process_groups(strategy, groups)?;
            all.retain(|g| g.contains(&self.me.index));
            return Ok(all);
        }
        let mine = match strategy {
            Strategy::CrossReplica | Strategy::CrossReplicaAndPartition => i64::from(self.me.replica),
            Strategy::CrossPartition => i64::from(self.me.partition),
            Strategy::FlattenedIds => i64::from(self.me.replica) * np + i64::from(self.me.partition),
        };
        let candidates: Vec<Vec<i64>> = groups.iter().filter(|g| g.contains(&mine)).cloned().collect();
        let mut out = self.process_groups(strategy, &candidates)?;
        out.retain(|g| g.contains(&self.me.index));
        Ok(out)
    }

    /// The spec's process groups: each id list of `groups` becomes groups of process indices.
    pub fn process_groups(&self, strategy: Strategy, groups: &[Vec<i64>]) -> IResult<Vec<Vec<usize>>> {
        let (nr, np) = (i64::from(self.num_replicas), i64::from(self.num_partitions));
        let at = |r: i64, p: i64| {
            self.index(r, p).ok_or_else(|| {
                InterpError::invalid(
                    Span::NONE,
                    format!(
                        "{} groups name process (replica {r}, partition {p}), outside the {nr} × {np} process grid",
                        strategy.name()
                    ),
                )
            })
        };
        let mut out = vec![];
        match strategy {
            Strategy::CrossReplica => {
                for g in groups {
                    for p in 0..np {
                        out.push(g.iter().map(|&r| at(r, p)).collect::<IResult<Vec<_>>>()?);
                    }
                }
            }
            Strategy::CrossPartition => {
                for g in groups {
                    for r in 0..nr {
                        out.push(g.iter().map(|&p| at(r, p)).collect::<IResult<Vec<_>>>()?);
                    }
                }
            }
            Strategy::CrossReplicaAndPartition => {
                for g in groups {
                    let mut group = vec![];
                    for p in 0..np {
                        for &r in g {
                            group.push(at(r, p)?);
                        }
                    }
                    out.push(group);
                }
            }
            Strategy::FlattenedIds => {
                for g in groups {
                    out.push(
                        g.iter()
                            .map(|&id| if id < 0 { at(-1, -1) } else { at(id / np, id % np) })
                            .collect::<IResult<Vec<_>>>()?,
                    );
                }
            }
        }
        Ok(out)
    }
}

/// The group of `groups` that contains this process (the first one, as the spec's `process_groups` lookup).
pub fn my_group(grid: &Grid, groups: &[Vec<usize>]) -> Option<Vec<usize>> {
    groups.iter().find(|g| g.contains(&grid.me.index)).cloned()
}

fn channel_id(it: &Interp<'_>, op: OpId) -> i64 {
    // Every collective's `channel_handle` (the field of each of their views).
    match view::AllReduce::of(it.m.op(op)).channel_handle().get() {
        Some(c) => c.handle,
        None => 0,
    }
}

fn flag(field: Field<'_, kind::Flag>) -> bool {
    field.get() == Some(true)
}

/// all_gather, all_reduce, reduce_scatter, collective_reduce (spec: each op's "process groups" paragraph).
pub fn strategy_with_global_ids(channel: i64, use_global_device_ids: bool) -> IResult<Strategy> {
    match (channel > 0, use_global_device_ids) {
        (false, false) => Ok(Strategy::CrossReplica),
        (true, false) => Ok(Strategy::CrossReplicaAndPartition),
        (true, true) => Ok(Strategy::FlattenedIds),
        (false, true) => Err(InterpError::invalid(Span::NONE, "use_global_device_ids needs a positive channel_handle")),
    }
}

/// The op's channel and its strategy by `strategy_with_global_ids`.
fn channel_and_global_ids_strategy(it: &Interp<'_>, op: OpId, span: Span) -> IResult<(i64, Strategy)> {
    let ch = channel_id(it, op);
    let strategy = strategy_with_global_ids(ch, flag(view::AllReduce::of(it.m.op(op)).use_global_device_ids()))
        .map_err(|e| e.at(span))?;
    Ok((ch, strategy))
}

/// all_to_all, collective_permute, collective_broadcast.
pub fn strategy_by_channel(channel: i64) -> Strategy {
    if channel > 0 { Strategy::CrossPartition } else { Strategy::CrossReplica }
}

/// `replica_groups` as lists of ids (a dense 2-D tensor, -1 padding dropped; or mesh axes).
pub fn replica_groups(m: &Module, op: OpId) -> IResult<Vec<Vec<i64>>> {
    let o = m.op(op);
    let field = view::AllReduce::of(o).replica_groups();
    match field.raw() {
        Some(a @ Attr::Dense(d)) => {
            let shape = match &d.ty {
                Type::Tensor(t) => t.static_shape().unwrap_or_default().into_iter().map(|x| x as usize).collect(),
                _ => vec![],
            };
            let ids = crate::attrs::ints_of(a)
                .ok_or_else(|| InterpError::invalid(o.span, "replica_groups must be an integer tensor"))?;
            let [n, k] = shape[..] else {
                return Err(InterpError::invalid(o.span, "replica_groups must be a 2-D tensor"));
            };
            if n * k != ids.len() {
                return Err(InterpError::invalid(o.span, "replica_groups has the wrong number of elements"));
            }
            Ok((0..n).map(|i| ids[i * k..(i + 1) * k].iter().copied().filter(|&x| x != -1).collect()).collect())
        }
        Some(Attr::Opaque(text)) if text.starts_with("#stablehlo.replica_group_mesh_axes") => {
            mesh_axes_groups(m, text).map_err(|e| InterpError::invalid(o.span, e))
        }
        Some(_) => Err(InterpError::invalid(o.span, "replica_groups must be a dense tensor or mesh axes")),
        None => Err(field.missing().into()),
    }
}

/// `source_target_pairs` as (source, target) ids.
fn source_target_pairs(m: &Module, op: OpId) -> IResult<Vec<(i64, i64)>> {
    let o = m.op(op);
    let ids = view::CollectivePermute::of(o).source_target_pairs().req()?;
    if ids.len() % 2 != 0 {
        return Err(InterpError::invalid(o.span, "source_target_pairs must be an N × 2 tensor"));
    }
    Ok(ids.chunks(2).map(|c| (c[0], c[1])).collect())
}

/// Meets the group: every member's payload, in group order. Without a device, the group must be this process alone.
pub fn rendezvous(
    it: &Interp<'_>,
    span: Span,
    key: CollectiveKey,
    group: &[usize],
    payload: Vec<Value>,
) -> IResult<Vec<Vec<Value>>> {
    match it.device {
        Some(d) => d.exchange(span, key, group, payload),
        None => crate::devices::runtime::Solo::default().exchange(span, key, group, payload),
    }
}

/// Meets the group with tensor payloads: every member's tensors, in group order.
fn exchange_tensors(
    it: &Interp<'_>,
    span: Span,
    key: CollectiveKey,
    group: &[usize],
    operands: Vec<Tensor>,
) -> IResult<Vec<Vec<Tensor>>> {
    let parts = rendezvous(it, span, key, group, operands.into_iter().map(Value::Tensor).collect())?;
    parts.into_iter().map(|p| tensors(p, span)).collect()
}

fn tensors(vs: Vec<Value>, span: Span) -> IResult<Vec<Tensor>> {
    vs.into_iter()
        .map(|v| match v {
            Value::Tensor(t) => Ok(t),
            _ => Err(InterpError::invalid(span, "collectives exchange tensors")),
        })
        .collect()
}

fn types_of(ts: &[Tensor]) -> String {
    ts.iter().map(|t| Type::Tensor(t.ty()).to_string()).collect::<Vec<_>>().join(", ")
}

fn key(it: &Interp<'_>, op: OpId, extra: String) -> CollectiveKey {
    let name = match it.m.op(op).name {
        OpName::Known(k) => k.name().to_string(),
        OpName::Unknown(ref n) => n.to_string(),
    };
    CollectiveKey { op: name, signature: extra }
}

fn result_type(it: &Interp<'_>, op: OpId, i: usize) -> IResult<Type> {
    let o = it.m.op(op);
    o.results.get(i).map(|&r| it.m.value_type(r).clone()).ok_or_else(|| InterpError::invalid(o.span, "missing result"))
}

/// A tensor of zeros of a result type (the value of collectives on processes outside every group).
pub fn zeros_of(ty: &Type, span: Span) -> IResult<Tensor> {
    let Type::Tensor(t) = ty else { return Err(InterpError::invalid(span, "collective results must be tensors")) };
    let shape: Vec<usize> = t
        .static_shape()
        .ok_or_else(|| InterpError::unsupported(span, "collectives on dynamic shapes"))?
        .into_iter()
        .map(|x| x as usize)
        .collect();
    let repr = crate::value::Repr::of(&t.elem)
        .ok_or_else(|| InterpError::unsupported(span, format!("element type {}", t.elem)))?;
    let n = shape.iter().product();
    Ok(Tensor::new(shape, t.elem.clone(), Buffer::zeros(repr, n)))
}

/// A collective's reduction computation, whatever language it comes from: `single_op` is the elementwise
/// op when the computation is exactly that op of its two scalar arguments (of the operands' element
/// type), so the fold may apply its kernel to whole tensors; `apply` runs the computation on two scalars.
pub struct Combiner<'c, 'm> {
    pub single_op: Option<StablehloOp>,
    pub apply: &'c mut dyn FnMut(&mut Interp<'m>, Tensor, Tensor) -> IResult<Tensor>,
}

/// The combiner of a StableHLO reduction region `r`, run in frame `f`.
fn region_combiner<'c, 'm>(
    it: &Interp<'m>,
    f: &'c mut Frame,
    r: RegionId,
    elem: &shardref_spec::ir::ElemType,
    span: Span,
) -> (Option<StablehloOp>, impl FnMut(&mut Interp<'m>, Tensor, Tensor) -> IResult<Tensor> + use<'c, 'm>) {
    // The fast path needs the region to take and return scalars of exactly the operands' element type;
    // anything else goes through the region, which checks the types.
    let scalar = Type::Tensor(shardref_spec::ir::TensorType::ranked(vec![], elem.clone()));
    let region_types_match = it.m.region(r).blocks.first().is_some_and(|&b| {
        let blk = it.m.block(b);
        let ret_ok =
            blk.ops.first().is_some_and(|&x| it.m.op(x).results.iter().all(|&v| *it.m.value_type(v) == scalar));
        ret_ok && blk.args.iter().all(|&a| *it.m.value_type(a) == scalar)
    });
    let single = it.single_op_body(r).filter(|_| region_types_match);
    let apply = move |it: &mut Interp<'m>, a: Tensor, b: Tensor| -> IResult<Tensor> {
        let r = it.apply_region(f, r, vec![Value::Tensor(a), Value::Tensor(b)], span)?;
        match <[Value; 1]>::try_from(r) {
            Ok([Value::Tensor(t)]) if t.num_elements() == 1 => Ok(t),
            _ => Err(InterpError::invalid(span, "the computation must return one scalar")),
        }
    };
    (single, apply)
}

/// Folds `xs` (in the documented order) with the combiner.
fn fold<'m>(it: &mut Interp<'m>, c: &mut Combiner<'_, 'm>, xs: &[&Tensor], ty: &Type, span: Span) -> IResult<Tensor> {
    let (first, rest) = xs.split_first().ok_or_else(|| InterpError::invalid(span, "a reduction over no process"))?;
    if rest.iter().any(|x| x.shape != first.shape || x.elem != first.elem) {
        return Err(InterpError::invalid(span, "reduced operands differ in type between processes"));
    }
    if let Some(k) = c.single_op {
        let mut acc = (*first).clone();
        let mut fast = true;
        for x in rest {
            it.charge(x.num_elements() as u64, span)?;
            match ops::elementwise::binary(k, &acc, x, ty) {
                Ok(t) => acc = t,
                Err(_) => {
                    fast = false;
                    break;
                }
            }
        }
        if fast {
            return Ok(acc);
        }
    }
    let n = first.num_elements();
    let mut out: Vec<Tensor> = Vec::with_capacity(n);
    for e in 0..n {
        let mut acc = scalar_at(first, e);
        for x in rest {
            acc = (c.apply)(it, acc, scalar_at(x, e))?;
        }
        out.push(acc);
    }
    let elem = out.first().map(|t| t.elem.clone()).unwrap_or_else(|| first.elem.clone());
    let buf = if n == 0 {
        Buffer::zeros(first.buf.repr(), 0)
    } else {
        let refs: Vec<&Tensor> = out.iter().collect();
        let parts: Vec<(usize, usize)> = (0..n).map(|k| (k, 0)).collect();
        ops::shape::gather_many(&refs, &parts)?
    };
    Ok(Tensor::new(first.shape.clone(), elem, buf))
}

/// The data movement of each collective, once: pure functions of the
/// members' parts, shared by the StableHLO collectives below (one process
/// per member, parts from `Comm::exchange`) and by the sdy collectives of the
/// sharded driver (`sdy_ops`, which holds every member's shard and forms the
/// groups from mesh axes).
pub mod kernels {
    use super::*;

    /// all_gather: the members' parts concatenated along `dim` in group order.
    pub fn gather(parts: &[&Tensor], dim: i64, span: Span) -> IResult<Tensor> {
        ops::shape::concatenate(parts, dim).map_err(|e| e.at(span))
    }

    /// The part `index` of `t` split into `count` equal parts along `dim` (spec: `split`), as
    /// reduce_scatter, all_to_all and all_slice take it.
    pub fn split_part(t: &Tensor, count: usize, dim: i64, index: usize, span: Span) -> IResult<Tensor> {
        let d = usize::try_from(dim).ok().filter(|&d| d < t.rank()).ok_or_else(|| {
            InterpError::invalid(span, format!("dimension {dim} is out of range for rank {}", t.rank()))
        })?;
        if count == 0 || !t.shape[d].is_multiple_of(count) || index >= count {
            return Err(InterpError::invalid(
                span,
                format!("dimension {d} of size {} does not split into {count} equal parts", t.shape[d]),
            ));
        }
        let len = (t.shape[d] / count) as i64;
        let rank = t.rank();
        let mut start = vec![0i64; rank];
        let mut limit: Vec<i64> = t.shape.iter().map(|&x| x as i64).collect();
        start[d] = index as i64 * len;
        limit[d] = (index as i64 + 1) * len;
        ops::shape::slice(t, &start, &limit, &vec![1; rank])
    }

    /// all_to_all for the member at position `me` of the group: part `me` of every member's
    /// part split along `split_dim`, concatenated along `concat_dim` in group order.
    pub fn all_to_all(parts: &[&Tensor], split_dim: i64, concat_dim: i64, me: usize, span: Span) -> IResult<Tensor> {
        let mine: Vec<Tensor> =
            parts.iter().map(|p| split_part(p, parts.len(), split_dim, me, span)).collect::<IResult<_>>()?;
        let refs: Vec<&Tensor> = mine.iter().collect();
        gather(&refs, concat_dim, span)
    }

    /// A reduction of the members' parts in the given order, `((x0 ⊕ x1) ⊕ x2) ⊕ …`, with
    /// `combine` applying ⊕ to whole tensors.
    pub fn fold(
        xs: &[&Tensor],
        span: Span,
        mut combine: impl FnMut(&Tensor, &Tensor) -> IResult<Tensor>,
    ) -> IResult<Tensor> {
        let (first, rest) =
            xs.split_first().ok_or_else(|| InterpError::invalid(span, "a reduction over no process"))?;
        let mut acc = (*first).clone();
        for x in rest {
            acc = combine(&acc, x)?;
        }
        Ok(acc)
    }
}

fn sorted(group: &[usize]) -> Vec<usize> {
    let mut g = group.to_vec();
    g.sort_unstable();
    g
}

/// Positions of `group`'s members in ascending process order (the reduction order).
fn reduction_order(group: &[usize]) -> Vec<usize> {
    let s = sorted(group);
    s.iter().map(|p| group.iter().position(|q| q == p).unwrap_or(0)).collect()
}

/// The process groups of `op` that contain this process (the first is its group).
fn groups_for(it: &Interp<'_>, op: OpId, strategy: Strategy) -> IResult<(Grid, Vec<Vec<usize>>)> {
    let grid = Grid::of(it);
    let groups = grid.my_process_groups(strategy, &replica_groups(it.m, op)?)?;
    Ok((grid, groups))
}

/// The reduction computation of `op` (its first region).
fn computation(it: &Interp<'_>, op: OpId, span: Span, what: &str) -> IResult<RegionId> {
    it.m.op(op)
        .regions
        .first()
        .copied()
        .ok_or_else(|| InterpError::invalid(span, format!("{what} without a computation")))
}

/// This process's position in `group`.
fn position_in(grid: &Grid, group: &[usize]) -> usize {
    group.iter().position(|&p| p == grid.me.index).unwrap_or(0)
}

/// The value of a rooted collective on a process outside every group: zeros of each result type.
fn zero_results(it: &Interp<'_>, op: OpId, n: usize, span: Span) -> IResult<Vec<Value>> {
    (0..n).map(|i| Ok(Value::Tensor(zeros_of(&result_type(it, op, i)?, span)?))).collect()
}

fn no_group(grid: &Grid, span: Span, what: &str) -> InterpError {
    InterpError::invalid(
        span,
        format!("replica {} partition {} is in no group of this {what}", grid.me.replica, grid.me.partition),
    )
}

/// `all_reduce` (spec: all_reduce).
pub fn all_reduce(it: &mut Interp<'_>, f: &mut Frame, op: OpId, operands: Vec<Tensor>) -> IResult<Vec<Value>> {
    let span = it.m.op(op).span;
    let (ch, strategy) = channel_and_global_ids_strategy(it, op, span)?;
    let (grid, groups) = groups_for(it, op, strategy)?;
    let group = my_group(&grid, &groups).ok_or_else(|| no_group(&grid, span, "all_reduce"))?;
    let r = computation(it, op, span, "all_reduce")?;
    let k = key(it, op, format!("channel {ch}, {}: {}", strategy.name(), types_of(&operands)));
    let types: Vec<Type> = operands
        .iter()
        .enumerate()
        .map(|(i, t)| result_type(it, op, i).unwrap_or_else(|_| Type::Tensor(t.ty())))
        .collect();
    let elem = operands.first().map(|t| t.elem.clone()).unwrap_or(shardref_spec::ir::ElemType::F32);
    let (single_op, mut apply) = region_combiner(it, f, r, &elem, span);
    let mut c = Combiner { single_op, apply: &mut apply };
    all_reduce_in(it, span, k, &group, operands, &types, &mut c)
}

/// The all-reduce of `operands` over `group` (every member gets the reduction of each operand position, in
/// ascending process order); `types` are the result types. Shared by StableHLO's and HLO's all-reduce.
pub fn all_reduce_in<'m>(
    it: &mut Interp<'m>,
    span: Span,
    k: CollectiveKey,
    group: &[usize],
    operands: Vec<Tensor>,
    types: &[Type],
    c: &mut Combiner<'_, 'm>,
) -> IResult<Vec<Value>> {
    let parts = exchange_tensors(it, span, k, group, operands)?;
    reduce_parts(it, c, group, &parts, types, span)
}

/// Reduces each operand position across the members (ascending process order).
fn reduce_parts<'m>(
    it: &mut Interp<'m>,
    c: &mut Combiner<'_, 'm>,
    group: &[usize],
    parts: &[Vec<Tensor>],
    types: &[Type],
    span: Span,
) -> IResult<Vec<Value>> {
    let order = reduction_order(group);
    let n = parts.first().map_or(0, |p| p.len());
    if parts.iter().any(|p| p.len() != n) {
        return Err(InterpError::invalid(span, "processes contribute different numbers of operands"));
    }
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let xs: Vec<&Tensor> = order.iter().map(|&m| &parts[m][i]).collect();
        let ty = types.get(i).cloned().unwrap_or_else(|| Type::Tensor(xs[0].ty()));
        out.push(Value::Tensor(fold(it, c, &xs, &ty, span)?));
    }
    Ok(out)
}

/// `all_gather` (spec: all_gather): every member's operands concatenated in group order.
pub fn all_gather(it: &mut Interp<'_>, op: OpId, operands: Vec<Tensor>) -> IResult<Vec<Value>> {
    let o = it.m.op(op);
    let span = o.span;
    let dim = view::AllGather::of(o).all_gather_dim().req()?;
    let (ch, strategy) = channel_and_global_ids_strategy(it, op, span)?;
    let (grid, groups) = groups_for(it, op, strategy)?;
    let group = my_group(&grid, &groups).ok_or_else(|| no_group(&grid, span, "all_gather"))?;
    let k = key(it, op, format!("channel {ch}, {}, all_gather_dim {dim}: {}", strategy.name(), types_of(&operands)));
    all_gather_in(it, span, k, &group, operands, dim)
}

/// The all-gather of `operands` over `group` along `dim`. Shared by StableHLO and HLO.
pub fn all_gather_in(
    it: &mut Interp<'_>,
    span: Span,
    k: CollectiveKey,
    group: &[usize],
    operands: Vec<Tensor>,
    dim: i64,
) -> IResult<Vec<Value>> {
    let n = operands.len();
    let parts = exchange_tensors(it, span, k, group, operands)?;
    (0..n)
        .map(|i| {
            let xs: Vec<&Tensor> = parts.iter().map(|p| &p[i]).collect();
            Ok(Value::Tensor(kernels::gather(&xs, dim, span)?))
        })
        .collect()
}

/// `reduce_scatter` (spec: reduce_scatter): the reduction split along `scatter_dimension`, one part per member.
pub fn reduce_scatter(it: &mut Interp<'_>, f: &mut Frame, op: OpId, operands: Vec<Tensor>) -> IResult<Vec<Value>> {
    let o = it.m.op(op);
    let span = o.span;
    let dim = view::ReduceScatter::of(o).scatter_dimension().req()?;
    let (ch, strategy) = channel_and_global_ids_strategy(it, op, span)?;
    let (grid, groups) = groups_for(it, op, strategy)?;
    let group = my_group(&grid, &groups).ok_or_else(|| no_group(&grid, span, "reduce_scatter"))?;
    let r = computation(it, op, span, "reduce_scatter")?;
    let k = key(it, op, format!("channel {ch}, {}, scatter_dimension {dim}: {}", strategy.name(), types_of(&operands)));
    let elem = operands.first().map(|t| t.elem.clone()).unwrap_or(shardref_spec::ir::ElemType::F32);
    let (single_op, mut apply) = region_combiner(it, f, r, &elem, span);
    let mut c = Combiner { single_op, apply: &mut apply };
    reduce_scatter_in(it, span, k, &group, operands, dim, &mut c)
}

/// The reduce-scatter of `operands` over `group`: reduced in ascending process order, split along `dim`, this
/// member's part. Shared by StableHLO and HLO.
pub fn reduce_scatter_in<'m>(
    it: &mut Interp<'m>,
    span: Span,
    k: CollectiveKey,
    group: &[usize],
    operands: Vec<Tensor>,
    dim: i64,
    c: &mut Combiner<'_, 'm>,
) -> IResult<Vec<Value>> {
    let grid = Grid::of(it);
    let parts = exchange_tensors(it, span, k, group, operands)?;
    // The reduction has the operand's type; only the scattered part has the result's type.
    let order = reduction_order(group);
    let me = position_in(&grid, group);
    let n = parts.first().map_or(0, |p| p.len());
    let mut out = vec![];
    for i in 0..n {
        let xs: Vec<&Tensor> = order.iter().map(|&m| &parts[m][i]).collect();
        let ty = Type::Tensor(xs[0].ty());
        let reduced = fold(it, c, &xs, &ty, span)?;
        out.push(Value::Tensor(kernels::split_part(&reduced, group.len(), dim, me, span)?));
    }
    Ok(out)
}

/// `all_to_all` (spec: all_to_all): member j's `split_dimension` part i goes to member i, concatenated in group order.
pub fn all_to_all(it: &mut Interp<'_>, op: OpId, operands: Vec<Tensor>) -> IResult<Vec<Value>> {
    let o = it.m.op(op);
    let span = o.span;
    let a = view::AllToAll::of(o);
    let (split_dim, concat_dim, split_count) =
        (a.split_dimension().req()?, a.concat_dimension().req()?, a.split_count().req()?);
    let ch = channel_id(it, op);
    let strategy = strategy_by_channel(ch);
    let (grid, groups) = groups_for(it, op, strategy)?;
    let group = my_group(&grid, &groups).ok_or_else(|| no_group(&grid, span, "all_to_all"))?;
    if split_count != group.len() as i64 {
        return Err(InterpError::invalid(
            span,
            format!("split_count {split_count} differs from the size {} of the process group", group.len()),
        ));
    }
    let k = key(
        it,
        op,
        format!(
            "channel {ch}, {}, split_dimension {split_dim}, concat_dimension {concat_dim}, split_count {split_count}: {}",
            strategy.name(),
            types_of(&operands)
        ),
    );
    all_to_all_in(it, span, k, &group, operands, split_dim, concat_dim)
}

/// The all-to-all of `operands` over `group`: each operand split along `split_dim` into one part per member, part
/// i to member i, the received parts concatenated along `concat_dim` in group order. Shared by StableHLO and HLO.
pub fn all_to_all_in(
    it: &mut Interp<'_>,
    span: Span,
    k: CollectiveKey,
    group: &[usize],
    operands: Vec<Tensor>,
    split_dim: i64,
    concat_dim: i64,
) -> IResult<Vec<Value>> {
    let grid = Grid::of(it);
    let n = operands.len();
    let parts = exchange_tensors(it, span, k, group, operands)?;
    let me = position_in(&grid, group);
    (0..n)
        .map(|i| {
            let xs: Vec<&Tensor> = parts.iter().map(|p| &p[i]).collect();
            Ok(Value::Tensor(kernels::all_to_all(&xs, split_dim, concat_dim, me, span)?))
        })
        .collect()
}

/// HLO's tuple-form all-to-all (no split dimension): operand j goes to member j, and result i is what member i
/// sent to this process. The operand count must equal the group size.
pub fn all_to_all_tuple_in(
    it: &mut Interp<'_>,
    span: Span,
    k: CollectiveKey,
    group: &[usize],
    operands: Vec<Tensor>,
) -> IResult<Vec<Value>> {
    if operands.len() != group.len() {
        return Err(InterpError::invalid(
            span,
            format!("all-to-all has {} operands for a group of {}", operands.len(), group.len()),
        ));
    }
    let grid = Grid::of(it);
    let parts = exchange_tensors(it, span, k, group, operands)?;
    let me = position_in(&grid, group);
    parts
        .into_iter()
        .map(|mut p| {
            if me < p.len() {
                Ok(Value::Tensor(p.swap_remove(me)))
            } else {
                Err(InterpError::invalid(span, "a member sent too few all-to-all operands"))
            }
        })
        .collect()
}

/// `collective_permute` (spec: collective_permute): each (source, target) pair is a group of two, met in the
/// order of `source_target_pairs` (self-loops copy without meeting); a process that is no target gets zeros.
pub fn collective_permute(it: &mut Interp<'_>, op: OpId, operand: Tensor) -> IResult<Vec<Value>> {
    let span = it.m.op(op).span;
    let ch = channel_id(it, op);
    let strategy = strategy_by_channel(ch);
    let pairs = source_target_pairs(it.m, op)?;
    let k = key(it, op, format!("channel {ch}, {}: {}", strategy.name(), Type::Tensor(operand.ty())));
    let zeros = zeros_of(&result_type(it, op, 0)?, span)?;
    let t = collective_permute_in(it, span, k, strategy, &pairs, operand, zeros)?;
    Ok(vec![Value::Tensor(t)])
}

/// The collective permute of `operand` along `pairs` (ids per `strategy`); `zeros` is the value of a process that
/// is no target. Shared by StableHLO and HLO.
pub fn collective_permute_in(
    it: &mut Interp<'_>,
    span: Span,
    k: CollectiveKey,
    strategy: Strategy,
    pairs: &[(i64, i64)],
    operand: Tensor,
    zeros: Tensor,
) -> IResult<Tensor> {
    let grid = Grid::of(it);
    let groups = grid
        .my_process_groups(strategy, &pairs.iter().map(|&(s, t)| vec![s, t]).collect::<Vec<_>>())
        .map_err(|e| e.at(span))?;
    let me = grid.me.index;
    let mut result = None;
    for g in &groups {
        let (from, to) = (g[0], g[1]);
        if from != me && to != me {
            continue;
        }
        if from == to {
            result = Some(operand.clone());
            continue;
        }
        let payload = if from == me { vec![Value::Tensor(operand.clone())] } else { vec![] };
        let got = rendezvous(it, span, k.clone(), g, payload)?;
        if to == me {
            result = Some(
                tensors(got.into_iter().next().unwrap_or_default(), span)?
                    .into_iter()
                    .next()
                    .ok_or_else(|| InterpError::invalid(span, "collective_permute source sent nothing"))?,
            );
        }
    }
    Ok(result.unwrap_or(zeros))
}

/// `collective_broadcast` (spec: collective_broadcast): every member gets the root's operands (the group's first
/// member, or with `has_dynamic_root` the member at the index the last operand holds, per data operand);
/// processes in no group get zeros.
pub fn collective_broadcast(it: &mut Interp<'_>, op: OpId, operands: Vec<Tensor>) -> IResult<Vec<Value>> {
    let span = it.m.op(op).span;
    let ch = channel_id(it, op);
    let strategy = strategy_by_channel(ch);
    let dynamic = flag(view::CollectiveBroadcast::of(it.m.op(op)).has_dynamic_root());
    let (grid, groups) = groups_for(it, op, strategy)?;
    let (data, roots) = split_roots(operands, dynamic, span)?;
    let Some(group) = my_group(&grid, &groups) else {
        return zero_results(it, op, data.len(), span);
    };
    let root_pos = root_positions(&roots, data.len(), group.len(), span)?;
    let k = key(it, op, format!("channel {ch}, {}, roots {root_pos:?}: {}", strategy.name(), types_of(&data)));
    collective_broadcast_in(it, span, k, &group, data, &root_pos)
}

/// The broadcast of each data operand from the member at its root position to every member of `group`.
/// Shared by StableHLO and HLO.
pub fn collective_broadcast_in(
    it: &mut Interp<'_>,
    span: Span,
    k: CollectiveKey,
    group: &[usize],
    data: Vec<Tensor>,
    root_pos: &[usize],
) -> IResult<Vec<Value>> {
    let parts = rendezvous(it, span, k, group, data.into_iter().map(Value::Tensor).collect())?;
    root_pos
        .iter()
        .enumerate()
        .map(|(i, &root)| {
            parts[root].get(i).cloned().ok_or_else(|| InterpError::invalid(span, "the root sent too few operands"))
        })
        .collect()
}

/// `collective_reduce`: the reduction of the members' operands goes to the root (the group's first member, or
/// with `has_dynamic_root` the member at the index the last operand holds); other processes get zeros.
pub fn collective_reduce(it: &mut Interp<'_>, f: &mut Frame, op: OpId, operands: Vec<Tensor>) -> IResult<Vec<Value>> {
    let span = it.m.op(op).span;
    let (ch, strategy) = channel_and_global_ids_strategy(it, op, span)?;
    let dynamic = flag(view::CollectiveBroadcast::of(it.m.op(op)).has_dynamic_root());
    let (grid, groups) = groups_for(it, op, strategy)?;
    let (data, roots) = split_roots(operands, dynamic, span)?;
    let Some(group) = my_group(&grid, &groups) else {
        return zero_results(it, op, data.len(), span);
    };
    let root_pos = root_positions(&roots, data.len(), group.len(), span)?;
    let r = computation(it, op, span, "collective_reduce")?;
    let k = key(it, op, format!("channel {ch}, {}, roots {root_pos:?}: {}", strategy.name(), types_of(&data)));
    let types = (0..data.len()).map(|i| result_type(it, op, i)).collect::<IResult<Vec<_>>>()?;
    let elem = data.first().map(|t| t.elem.clone()).unwrap_or(shardref_spec::ir::ElemType::F32);
    let parts = exchange_tensors(it, span, k, &group, data)?;
    let order = reduction_order(&group);
    let me = position_in(&grid, &group);
    let (single_op, mut apply) = region_combiner(it, f, r, &elem, span);
    let mut c = Combiner { single_op, apply: &mut apply };
    let mut out = vec![];
    for (i, &root) in root_pos.iter().enumerate() {
        let ty = &types[i];
        if root != me {
            out.push(Value::Tensor(zeros_of(ty, span)?));
            continue;
        }
        let xs: Vec<&Tensor> = order.iter().map(|&m| &parts[m][i]).collect();
        out.push(Value::Tensor(fold(it, &mut c, &xs, ty, span)?));
    }
    Ok(out)
}

/// `cross-replica-sum`: all_reduce with addition over cross_replica groups.
pub fn cross_replica_sum(it: &mut Interp<'_>, op: OpId, operands: Vec<Tensor>) -> IResult<Vec<Value>> {
    let span = it.m.op(op).span;
    let (grid, groups) = groups_for(it, op, Strategy::CrossReplica)?;
    let group = my_group(&grid, &groups).ok_or_else(|| no_group(&grid, span, "cross-replica-sum"))?;
    let k = key(it, op, format!("cross_replica: {}", types_of(&operands)));
    let parts = exchange_tensors(it, span, k, &group, operands)?;
    let order = reduction_order(&group);
    let n = parts.first().map_or(0, |p| p.len());
    (0..n)
        .map(|i| {
            let xs: Vec<&Tensor> = order.iter().map(|&m| &parts[m][i]).collect();
            let acc = kernels::fold(&xs, span, |acc, x| {
                it.charge(acc.num_elements() as u64, span)?;
                ops::elementwise::binary(StablehloOp::Add, acc, x, &Type::Tensor(acc.ty())).map_err(|e| e.at(span))
            })?;
            Ok(Value::Tensor(acc))
        })
        .collect()
}

/// With `has_dynamic_root`, the last operand holds the root index of each data operand.
fn split_roots(mut operands: Vec<Tensor>, dynamic: bool, span: Span) -> IResult<(Vec<Tensor>, Option<Tensor>)> {
    if !dynamic {
        return Ok((operands, None));
    }
    let roots = operands.pop().ok_or_else(|| InterpError::invalid(span, "has_dynamic_root needs a root operand"))?;
    Ok((operands, Some(roots)))
}

fn root_positions(roots: &Option<Tensor>, n: usize, group_size: usize, span: Span) -> IResult<Vec<usize>> {
    let Some(t) = roots else { return Ok(vec![0; n]) };
    if t.num_elements() < n {
        return Err(InterpError::invalid(
            span,
            format!("the root operand holds {} indices for {n} operands", t.num_elements()),
        ));
    }
    (0..n)
        .map(|i| {
            let x = ops::elementwise::scalar_i64(&scalar_at(t, i)).map_err(|e| e.at(span))?;
            usize::try_from(x).ok().filter(|&x| x < group_size).ok_or_else(|| {
                InterpError::trap(span, format!("root index {x} is outside the process group of {group_size}"))
            })
        })
        .collect()
}

/// The device context and the (sender, receiver) processes of channel `ch`.
fn channel_peers<'m>(it: &Interp<'m>, what: &str, ch: i64, span: Span) -> IResult<(&'m dyn Comm, usize, usize)> {
    let Some(d) = it.device else {
        return Err(InterpError::unsupported(
            span,
            format!("{what} needs a peer; run it through interpreter.run_parallel"),
        ));
    };
    let (from, to) = d.env().channel(ch).map_err(|e| InterpError::invalid(span, e))?;
    Ok((d, from, to))
}

/// The key under which a send and its receive meet.
fn p2p_key(ch: i64, types: &str) -> CollectiveKey {
    CollectiveKey { op: "stablehlo.send/stablehlo.recv".into(), signature: format!("channel {ch}: {types}") }
}

/// `send` (spec: send): meets the channel's receiver; returns a token.
pub fn send(it: &mut Interp<'_>, op: OpId, operands: Vec<Value>) -> IResult<Vec<Value>> {
    let span = it.m.op(op).span;
    let ch = channel_id(it, op);
    let (d, from, to) = channel_peers(it, "stablehlo.send", ch, span)?;
    let data: Vec<Value> = operands.into_iter().filter(|v| !matches!(v, Value::Token)).collect();
    let types = data.iter().map(value_type_name).collect::<Vec<_>>().join(", ");
    let k = p2p_key(ch, &types);
    d.exchange(span, k, &[from, to], data)?;
    Ok(vec![Value::Token])
}

/// `recv` (spec: recv): meets the channel's sender; returns its data and a token.
pub fn recv(it: &mut Interp<'_>, op: OpId) -> IResult<Vec<Value>> {
    let o = it.m.op(op);
    let span = o.span;
    let ch = channel_id(it, op);
    let (d, from, to) = channel_peers(it, "stablehlo.recv", ch, span)?;
    let types = o
        .results
        .iter()
        .map(|&r| it.m.value_type(r))
        .filter(|t| !matches!(t, Type::Token))
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let k = p2p_key(ch, &types);
    let mut got = d.exchange(span, k, &[from, to], vec![])?;
    let mut out = std::mem::take(&mut got[0]);
    out.push(Value::Token);
    Ok(out)
}

fn value_type_name(v: &Value) -> String {
    match v {
        Value::Tensor(t) => Type::Tensor(t.ty()).to_string(),
        Value::Token => "!stablehlo.token".into(),
        Value::Tuple(_) => "tuple".into(),
        Value::Future(v) => format!("!stablehlo.future<{}>", value_type_name(v)),
    }
}

/// `infeed` (spec: infeed): the next function of `run_parallel`'s `infeed` list, run on this process.
pub fn infeed(it: &mut Interp<'_>, op: OpId) -> IResult<Vec<Value>> {
    let span = it.m.op(op).span;
    let Some(d) = it.device else {
        return Err(InterpError::unsupported(
            span,
            "stablehlo.infeed reads run_parallel's infeed queue; this run has none",
        ));
    };
    let name = d.env().next_infeed().map_err(|e| InterpError::trap(span, e))?;
    let func = it.m.lookup_symbol(&name).ok_or_else(|| InterpError::invalid(span, format!("no function @{name}")))?;
    let mut out = it.call(func, vec![], span)?;
    out.push(Value::Token);
    Ok(out)
}

/// The groups of `#stablehlo.replica_group_mesh_axes<mesh = M, axes = [...]>` (the parser keeps the attribute
/// as text). M is an inlined `#stablehlo.mesh<axes = [...], device_ids = ...>` or a symbol whose
/// `stablehlo.mesh` (or `mesh`) attribute is a dictionary `{axes = [{name = ..., size = ...}], device_ids = ...}`.
/// Spec ("Replica groups"): a group is the devices that differ only in the named axes, listed with the named
/// axes in their given order (major to minor); groups are ordered by the other axes in mesh order (major to
/// minor). A sub-axis `sub_axis_info = (pre)size` of an axis of size N is the middle factor of N = pre × size ×
/// rest (major to minor); an axis is cut at every sub-axis boundary named, so each named (sub-)axis is a run of
/// consecutive factors.
fn mesh_axes_groups(m: &Module, text: &str) -> Result<Vec<Vec<i64>>, String> {
    let mesh_start = text.find("mesh =").ok_or("replica_group_mesh_axes without a mesh")?;
    let rest = text[mesh_start + "mesh =".len()..].trim_start();
    let (mesh_axes, device_ids) = if let Some(sym) = rest.strip_prefix('@') {
        let name: String = sym.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '.').collect();
        mesh_from_symbol(m, &name)?
    } else {
        let axes = parse_named(rest, "#stablehlo.mesh_axis<")?;
        let ids = match rest.find("device_ids") {
            Some(i) => {
                let s = &rest[i..];
                let l = s.find('[').ok_or("device_ids without a list")?;
                let r = s[l..].find(']').ok_or("device_ids without a list")?;
                Some(
                    s[l + 1..l + r]
                        .split(',')
                        .filter(|x| !x.trim().is_empty())
                        .map(|x| x.trim().parse::<i64>().map_err(|_| format!("bad device id '{x}'")))
                        .collect::<Result<Vec<_>, _>>()?,
                )
            }
            None => None,
        };
        (axes, ids)
    };
    let axes_at = text.rfind("axes = [").ok_or("replica_group_mesh_axes without axes")?;
    // The named axes: (name, pre, size), size 0 meaning the whole axis.
    let mut comm: Vec<(String, i64, i64)> = vec![];
    for piece in text[axes_at..].split("#stablehlo.axis_ref<").skip(1) {
        let name_at = piece.find("name = \"").ok_or("axis_ref without a name")? + "name = \"".len();
        let name: String = piece[name_at..].chars().take_while(|&c| c != '"').collect();
        let item = &piece[..piece.find('>').unwrap_or(piece.len())];
        let sub = match item.find("sub_axis_info") {
            Some(i) => {
                let t = &item[i..];
                let l = t.find('(').ok_or("sub_axis_info without (pre)size")?;
                let r = t.find(')').ok_or("sub_axis_info without (pre)size")?;
                let pre = t[l + 1..r].trim().parse::<i64>().map_err(|_| "bad sub-axis pre-size")?;
                let size: String = t[r + 1..].trim_start().chars().take_while(|c| c.is_ascii_digit()).collect();
                (pre, size.parse::<i64>().map_err(|_| "bad sub-axis size")?)
            }
            None => (1, 0),
        };
        comm.push((name, sub.0, sub.1));
    }
    if let Some((n, sz)) = mesh_axes.iter().find(|a| !(1..=1 << 16).contains(&a.1)) {
        return Err(format!("mesh axis \"{n}\" has size {sz}; shardref simulates 1 to 65536 devices per axis"));
    }
    let total = mesh_axes.iter().try_fold(1i64, |acc, a| acc.checked_mul(a.1).filter(|&t| t <= 1 << 16));
    let total = total.ok_or("the mesh has more than 65536 devices")?;
    if let Some((n, pre, sz)) =
        comm.iter().find(|c| c.2 != 0 && !(c.1 >= 1 && c.2 >= 1 && c.1 <= total && c.2 <= total))
    {
        return Err(format!("sub-axis \"{n}\":({pre}){sz} is out of range"));
    }
    let ids = device_ids.unwrap_or_else(|| (0..total).collect());
    if ids.len() as i64 != total {
        return Err(format!("the mesh has {total} devices but {} device ids", ids.len()));
    }
    // Cut each axis at the boundaries its named sub-axes need: factors (axis, lo, hi) with lo, hi
    // cumulative products from the major end.
    let mut factors: Vec<(usize, i64, i64)> = vec![];
    for (a, (name, size)) in mesh_axes.iter().enumerate() {
        let mut cuts = vec![1, *size];
        for (n, pre, sz) in &comm {
            if n == name && *sz > 0 {
                if pre * sz > *size || size % (pre * sz) != 0 || *pre < 1 {
                    return Err(format!("sub-axis \"{n}\":({pre}){sz} does not divide axis size {size}"));
                }
                cuts.extend([*pre, pre * sz]);
            }
        }
        cuts.sort_unstable();
        cuts.dedup();
        for w in cuts.windows(2) {
            if w[1] % w[0] != 0 {
                return Err(format!("sub-axes of \"{name}\" overlap inconsistently"));
            }
            factors.push((a, w[0], w[1]));
        }
    }
    let sizes: Vec<i64> = factors.iter().map(|f| f.2 / f.1).collect();
    let strides: Vec<i64> = (0..sizes.len()).map(|i| sizes[i + 1..].iter().product()).collect();
    let mut comm_pos: Vec<usize> = vec![];
    for (n, pre, sz) in &comm {
        let a = mesh_axes.iter().position(|x| &x.0 == n).ok_or_else(|| format!("no mesh axis '{n}'"))?;
        let (lo, hi) = if *sz > 0 { (*pre, pre * sz) } else { (1, mesh_axes[a].1) };
        for (i, f) in factors.iter().enumerate() {
            if f.0 == a && f.1 >= lo && f.2 <= hi {
                if comm_pos.contains(&i) {
                    return Err(format!("axis '{n}' is named twice"));
                }
                comm_pos.push(i);
            }
        }
    }
    let other: Vec<usize> = (0..factors.len()).filter(|i| !comm_pos.contains(i)).collect();
    let coords = |axes: &[usize], mut k: i64| -> Vec<(usize, i64)> {
        let mut out = vec![(0, 0); axes.len()];
        for (j, &a) in axes.iter().enumerate().rev() {
            out[j] = (a, k % sizes[a]);
            k /= sizes[a];
        }
        out
    };
    let per_group: i64 = comm_pos.iter().map(|&a| sizes[a]).product();
    let groups: i64 = other.iter().map(|&a| sizes[a]).product();
    Ok((0..groups)
        .map(|g| {
            (0..per_group)
                .map(|j| {
                    let lin: i64 =
                        coords(&other, g).into_iter().chain(coords(&comm_pos, j)).map(|(a, c)| c * strides[a]).sum();
                    ids[lin as usize]
                })
                .collect()
        })
        .collect())
}

/// `(name, size)` entries of `#prefix name = "x", size = N>` items.
fn parse_named(text: &str, prefix: &str) -> Result<Vec<(String, i64)>, String> {
    let mut out = vec![];
    for piece in text.split(prefix).skip(1) {
        let name_at = piece.find("name = \"").ok_or("axis without a name")? + "name = \"".len();
        let name: String = piece[name_at..].chars().take_while(|&c| c != '"').collect();
        let s = piece.find("size = ").ok_or("mesh axis without a size")? + "size = ".len();
        let size = piece[s..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect::<String>()
            .parse::<i64>()
            .map_err(|e| e.to_string())?;
        out.push((name, size));
    }
    Ok(out)
}

type MeshDesc = (Vec<(String, i64)>, Option<Vec<i64>>);

/// A mesh symbol's `stablehlo.mesh`/`mesh` attribute as printed in dictionary form.
fn mesh_from_symbol(m: &Module, name: &str) -> Result<MeshDesc, String> {
    let op = m.lookup_symbol(name).ok_or_else(|| format!("no mesh @{name}"))?;
    let o = m.op(op);
    let a = crate::attrs::Common::of(o)
        .stablehlo_mesh()
        .raw()
        .or_else(|| crate::attrs::sdy::Mesh::of(o).mesh().raw())
        .ok_or_else(|| format!("@{name} has no stablehlo.mesh"))?;
    let Attr::Dict(d) = a else { return Err(format!("@{name}'s mesh is not a dictionary")) };
    let Some(Attr::Array(axes)) = d.get(keys::AXES) else { return Err(format!("@{name}'s mesh has no axes")) };
    let mut out = vec![];
    for ax in axes {
        let Attr::Dict(ad) = ax else { return Err("mesh axes must be dictionaries".into()) };
        let n = ad.get(keys::AXIS_NAME).and_then(Attr::as_str).ok_or("mesh axis without a name")?;
        let s = ad.get(keys::AXIS_SIZE).and_then(Attr::as_int).ok_or("mesh axis without a size")?;
        out.push((String::from_utf8_lossy(n).into_owned(), s as i64));
    }
    let ids = d.get(keys::DEVICE_IDS).and_then(crate::attrs::ints_of);
    Ok((out, ids))
}
