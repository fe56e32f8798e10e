//! HLO's collectives on the simulated device grid: the participants of §3.2 of
//! `hlo-text-and-async.md`, then the shared kernels of `crate::devices::collectives` (so each
//! collective's semantics exists once, for StableHLO and HLO alike).
//!
//! Participants. `all-reduce`, `all-gather` and `reduce-scatter` choose by `channel_id` and
//! `use_global_device_ids`: no channel is cross-replica (groups of replica ids within a partition), a
//! channel alone cross-replica-and-partition (groups of replica ids, all partitions together), a
//! channel with global ids flattened ids (`r * P + p`); global ids without a channel are invalid.
//! `all-to-all`, `collective-permute` and `collective-broadcast` are cross-replica without a channel
//! and cross-partition (partition ids) with one. Empty `replica_groups` (`{}` or absent) is one group
//! of every replica (every partition when cross-partition); flattened ids need explicit groups. A
//! device takes the first group that names it; the order of a group fixes concatenation and chunk
//! order. The channel's value only names the rendezvous, as in XLA.
//!
//! Forms: variadic operands give a tuple (one result per operand); `all-to-all` without `dimensions`
//! is the tuple form (operand j to member j); with `dimensions={d}` it splits and concatenates along
//! d. A combined `collective-permute` permutes each operand. `collective-broadcast` broadcasts the
//! group's first member's operands (XLA's root; §5 leaves it open, StableHLO's spec fixes it).
//! Reductions fold in ascending device order (see `devices::collectives`).

use shardref_spec::hlo as sh;
use shardref_spec::ir::{ElemType, OpId, Type};
use shardref_spec::schema::{Field, kind};

use super::{Exec, zero_value};
use crate::devices::collectives::{self as coll, Combiner, Grid, Strategy};
use crate::devices::runtime::CollectiveKey;
use crate::error::{IResult, InterpError};
use crate::eval::Interp;
use crate::hlo::attrs as a;
use crate::value::{Tensor, Value};

/// This device's group of collective `op` and the strategy that chose it.
fn participants(ex: &Exec<'_, '_>, op: OpId, global_ids_op: bool) -> IResult<(Strategy, Vec<usize>)> {
    let m = ex.it.m;
    let span = m.op(op).span;
    let v = a::Collective::of(m.op(op));
    let channel = v.channel_id().present();
    let strategy = if global_ids_op {
        let global = a::opt(v.use_global_device_ids())?.unwrap_or(false);
        coll::strategy_with_global_ids(i64::from(channel), global).map_err(|_| {
            InterpError::invalid(span, "Invalid combination of has_channel_id and use_global_device_ids")
        })?
    } else {
        coll::strategy_by_channel(i64::from(channel))
    };
    let grid = Grid::of(ex.it);
    let mut groups = a::replica_groups(v.replica_groups())?.unwrap_or_default();
    if groups.is_empty() {
        groups = match strategy {
            Strategy::CrossReplica | Strategy::CrossReplicaAndPartition => {
                vec![(0..i64::from(grid.num_replicas)).collect()]
            }
            Strategy::CrossPartition => vec![(0..i64::from(grid.num_partitions)).collect()],
            Strategy::FlattenedIds => {
                return Err(InterpError::invalid(span, "Replica groups must be specified in flattened-id mode"));
            }
        };
    }
    let groups = grid.process_groups(strategy, &groups).map_err(|e| e.at(span))?;
    let group = coll::my_group(&grid, &groups).ok_or_else(|| {
        InterpError::invalid(
            span,
            format!(
                "replica {} partition {} is in no group of this {}",
                grid.me.replica,
                grid.me.partition,
                sh::opcode(m, op).map(sh::opcode_name).unwrap_or("collective")
            ),
        )
    })?;
    Ok((strategy, group))
}

fn key(ex: &Exec<'_, '_>, op: OpId, strategy: Strategy, extra: String, ts: &[Tensor]) -> CollectiveKey {
    let m = ex.it.m;
    let channel = a::Collective::of(m.op(op)).channel_id().get().map_or("none".to_string(), |c| c.to_string());
    let types = ts.iter().map(|t| Type::Tensor(t.ty()).to_string()).collect::<Vec<_>>().join(", ");
    CollectiveKey {
        op: format!("hlo.{}", sh::opcode(m, op).map(sh::opcode_name).unwrap_or("collective")),
        signature: format!("channel {channel}, {}{extra}: {types}", strategy.name()),
    }
}

/// The one dimension of a `dimensions={d}` field.
fn single_dimension(f: Field<'_, kind::HloInts>) -> IResult<i64> {
    match a::req(f)?[..] {
        [d] => Ok(d),
        _ => Err(InterpError::invalid(f.span, "dimensions must name one dimension")),
    }
}

/// The collectives (an instruction's own opcode, or what a dedicated `-start` starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    AllReduce,
    ReduceScatter,
    AllGather,
    AllToAll,
    CollectivePermute,
    CollectiveBroadcast,
}

/// Runs collective `k` of instruction `op` on `args`; one value per operand, a tuple when there are
/// several (or the tuple-form all-to-all).
pub fn run<'m>(ex: &mut Exec<'_, 'm>, op: OpId, k: Kind, args: Vec<Value>) -> IResult<Value> {
    let m = ex.it.m;
    let span = m.op(op).span;
    let ts: Vec<Tensor> = args
        .into_iter()
        .map(|v| match v {
            Value::Tensor(t) => Ok(t),
            _ => Err(InterpError::invalid(span, "collective operands are arrays")),
        })
        .collect::<IResult<_>>()?;
    let n = ts.len();
    let pack = |mut vs: Vec<Value>| if n == 1 { vs.pop().unwrap_or(Value::Token) } else { Value::Tuple(vs) };
    match k {
        Kind::AllReduce | Kind::ReduceScatter => {
            let (strategy, group) = participants(ex, op, true)?;
            let f = a::AllReduce::of(m.op(op)).to_apply();
            let comp = sh::called(m, f)
                .ok_or_else(|| InterpError::invalid(span, format!("attribute {} is expected but not seen", f.name)))?;
            let elem = ts.first().map(|t| t.elem.clone()).unwrap_or(ElemType::F32);
            let single_op = ex.single_binary(comp, &elem);
            let (prog, depth) = (ex.prog, ex.depth);
            let mut apply = move |it: &mut Interp<'m>, x: Tensor, y: Tensor| -> IResult<Tensor> {
                let mut sub = Exec::new(it, prog);
                sub.depth = depth;
                match sub.call(comp, vec![Value::Tensor(x), Value::Tensor(y)], span)? {
                    Value::Tensor(t) if t.num_elements() == 1 => Ok(t),
                    _ => Err(InterpError::invalid(span, "the reduction computation must return one scalar")),
                }
            };
            let mut c = Combiner { single_op, apply: &mut apply };
            if k == Kind::AllReduce {
                let kk = key(ex, op, strategy, String::new(), &ts);
                let types: Vec<Type> = ts.iter().map(|t| Type::Tensor(t.ty())).collect();
                Ok(pack(coll::all_reduce_in(ex.it, span, kk, &group, ts, &types, &mut c)?))
            } else {
                let d = single_dimension(a::AllReduce::of(m.op(op)).dimensions())?;
                let kk = key(ex, op, strategy, format!(", scatter dimension {d}"), &ts);
                Ok(pack(coll::reduce_scatter_in(ex.it, span, kk, &group, ts, d, &mut c)?))
            }
        }
        Kind::AllGather => {
            let (strategy, group) = participants(ex, op, true)?;
            let d = single_dimension(a::AllGather::of(m.op(op)).dimensions())?;
            let kk = key(ex, op, strategy, format!(", gather dimension {d}"), &ts);
            Ok(pack(coll::all_gather_in(ex.it, span, kk, &group, ts, d)?))
        }
        Kind::AllToAll => {
            let (strategy, group) = participants(ex, op, false)?;
            if a::AllToAll::of(m.op(op)).dimensions().present() {
                let d = single_dimension(a::AllToAll::of(m.op(op)).dimensions())?;
                let kk = key(ex, op, strategy, format!(", split dimension {d}"), &ts);
                Ok(pack(coll::all_to_all_in(ex.it, span, kk, &group, ts, d, d)?))
            } else {
                let kk = key(ex, op, strategy, ", tuple form".into(), &ts);
                Ok(Value::Tuple(coll::all_to_all_tuple_in(ex.it, span, kk, &group, ts)?))
            }
        }
        Kind::CollectivePermute => {
            let v = a::CollectivePermute::of(m.op(op));
            let strategy = coll::strategy_by_channel(i64::from(v.channel_id().present()));
            let pairs = a::source_target_pairs(v.source_target_pairs())?;
            let mut out = Vec::with_capacity(n);
            for t in ts {
                let kk = key(ex, op, strategy, String::new(), std::slice::from_ref(&t));
                let zeros = match zero_value(&Type::Tensor(t.ty()), span)? {
                    Value::Tensor(z) => z,
                    _ => return Err(InterpError::invalid(span, "collective-permute operands are arrays")),
                };
                out.push(Value::Tensor(coll::collective_permute_in(ex.it, span, kk, strategy, &pairs, t, zeros)?));
            }
            Ok(pack(out))
        }
        Kind::CollectiveBroadcast => {
            let (strategy, group) = participants(ex, op, false)?;
            let kk = key(ex, op, strategy, ", root 0".into(), &ts);
            let roots = vec![0; n];
            Ok(pack(coll::collective_broadcast_in(ex.it, span, kk, &group, ts, &roots)?))
        }
    }
}
