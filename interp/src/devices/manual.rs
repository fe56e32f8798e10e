//! `sdy.manual_computation`: the body runs once per device on the operands'
//! blocks along the manual axes; results are reassembled per out_shardings.
//!
//! - Entering: each operand is split along the manual axes of its in_sharding
//!   (free axes stay global inside the body, as upstream's body types say).
//! - The body runs once per device of the mesh, as simulated process with
//!   partition id = the device's id, so StableHLO collectives inside use the
//!   mesh's device ids (`use_global_device_ids`). The processes are
//!   coroutines on the runtime's worker pool (`runtime`), so a mesh of
//!   thousands of devices costs a stack per device, not a thread.
//! - Leaving: results are reassembled along the manual axes of their
//!   out_shardings; a result replicated along a manual axis (or along a free
//!   axis) whose per-device values differ is an error naming the devices and
//!   the first differing element.
//! - A manual computation inside a body (nested, or inside a per-device
//!   program) runs inline on the current device and exchanges its results
//!   with the devices that differ from it only along its manual axes.
//! - In sharded runs (`sharded`), operands must be held as their
//!   in_shardings (else an implicit reshard), and results are held per their
//!   out_shardings.

use std::sync::Arc;

use shardref_spec::ir::sdy::SdyAttr;
use shardref_spec::ir::{Module, OpId, RegionId, Span};

use crate::attrs::sdy as view;
use crate::devices::mesh::{AxisPart, Mesh, Sharding, UnshardError, global_shape, per_value, sharding_string};
use crate::devices::options::{ImplicitReshards, ShardedOptions};
use crate::devices::runtime::{CollectiveKey, Comm, ProcessId, run_processes};
use crate::devices::sdy_ops::{Held, block_of};
use crate::error::{IResult, InterpError, Need, Refusal, RefusedValue, ReplicaMismatch};
use crate::eval::{Interp, ModuleAnalysis};
use crate::value::{Tensor, Value};

/// A manual computation's shardings, restricted to its manual axes.
struct Plan {
    mesh: Mesh,
    manual: Vec<AxisPart>,
    ins: Vec<Sharding>,
    outs: Vec<Sharding>,
    /// The full out_shardings (free axes included), for sharded runs.
    outs_full: Vec<Sharding>,
    ins_full: Vec<Sharding>,
    body: RegionId,
}

fn plan(m: &Module, op: OpId) -> IResult<Plan> {
    let o = m.op(op);
    let span = o.span;
    let err = |e: String| InterpError::invalid(span, e);
    let mc = view::ManualComputation::of(o);
    let names: Vec<String> = match mc.manual_axes().get() {
        Some(SdyAttr::ManualAxes(a)) => a.axes.clone(),
        _ => vec![],
    };
    let ins_attr = per_value(mc.in_shardings());
    let outs_attr = per_value(mc.out_shardings());
    let body = *o.regions.first().ok_or_else(|| err("manual_computation without a body".into()))?;
    let first = ins_attr.first().or(outs_attr.first());
    let mesh = match first {
        Some(s) => Mesh::resolve(m, &s.mesh).map_err(err)?,
        None => Mesh { name: None, axes: vec![], device_ids: vec![0] },
    };
    let manual = names
        .iter()
        .map(|n| {
            let a = mesh.axis_index(n).ok_or_else(|| err(format!("manual axis \"{n}\" is not in the mesh")))?;
            Ok(AxisPart { axis: a, pre: 1, size: mesh.axes[a].1 })
        })
        .collect::<IResult<Vec<_>>>()?;
    let resolve = |v: &[shardref_spec::ir::sdy::TensorSharding]| -> IResult<Vec<Sharding>> {
        v.iter().map(|s| Sharding::from_attr(m, s).map_err(err)).collect()
    };
    let (ins_full, outs_full) = (resolve(&ins_attr)?, resolve(&outs_attr)?);
    let only_manual = |s: &Sharding| {
        let keep = |x: &AxisPart| manual.iter().any(|y| y.axis == x.axis);
        Sharding {
            mesh: mesh.clone(),
            dims: s.dims.iter().map(|d| d.iter().filter(|x| keep(x)).copied().collect()).collect(),
            replicated: vec![],
            unreduced: s.unreduced.iter().filter(|x| keep(x)).copied().collect(),
            reduction: s.reduction,
        }
    };
    let ins = ins_full.iter().map(only_manual).collect();
    let outs = outs_full.iter().map(only_manual).collect();
    Ok(Plan { mesh, manual, ins, outs, outs_full, ins_full, body })
}

fn tensors(vals: Vec<Value>, span: Span) -> IResult<Vec<Tensor>> {
    vals.into_iter()
        .map(|v| match v {
            Value::Tensor(t) => Ok(t),
            _ => Err(InterpError::unsupported(span, "manual_computation over non-tensor values")),
        })
        .collect()
}

fn unshard_error(mesh: &Mesh, e: UnshardError, span: Span, j: usize) -> InterpError {
    match e {
        UnshardError::Disagreement(d) => {
            let devices: Vec<String> = d
                .devices
                .iter()
                .zip(&d.values)
                .map(|(&p, v)| format!("device {} holds {v}", mesh.device_id(p)))
                .collect();
            let what = format!("sdy.manual_computation result #{j}");
            InterpError::trap(
                span,
                format!(
                    "{what} is replicated but differs between devices: at element {:?}, {}",
                    d.index,
                    devices.join(", ")
                ),
            )
            .with_mismatch(ReplicaMismatch {
                what,
                index: d.index.clone(),
                devices: d.devices.iter().map(|&p| mesh.device_id(p)).collect(),
                values: d.values.clone(),
            })
        }
        UnshardError::Malformed(s) => InterpError::invalid(span, format!("sdy.manual_computation result #{j}: {s}")),
    }
}

/// A manual computation in the ordinary interpreter (global operand values).
pub fn global(it: &mut Interp, op: OpId, operands: Vec<Value>) -> IResult<Vec<Value>> {
    let m = it.m;
    let span = m.op(op).span;
    let plan = plan(m, op)?;
    let operands = tensors(operands, span)?;
    if operands.len() != plan.ins.len() {
        return Err(InterpError::invalid(span, "manual_computation needs one in_sharding per operand"));
    }
    let result_shapes = m
        .op(op)
        .results
        .iter()
        .map(|&r| global_shape(m.value_type(r)).map_err(|e| InterpError::unsupported(span, e)))
        .collect::<IResult<Vec<_>>>()?;
    if result_shapes.len() != plan.outs.len() {
        return Err(InterpError::invalid(span, "manual_computation needs one out_sharding per result"));
    }
    if let Some(ctx) = it.device {
        return nested(it, ctx, op, &plan, operands, &result_shapes);
    }
    let n = plan.mesh.num_devices();
    let args: Vec<Vec<Value>> = (0..n)
        .map(|p| operands.iter().zip(&plan.ins).map(|(t, s)| Value::Tensor(block_of(s, t, p))).collect())
        .collect();
    let per_device_results = run_bodies(it, op, &plan, args)?;
    let mut out = vec![];
    for (j, (s, shape)) in plan.outs.iter().zip(&result_shapes).enumerate() {
        let shards: Vec<Tensor> = per_device_results
            .iter()
            .map(|r| r.get(j).cloned().ok_or_else(|| InterpError::invalid(span, "body returned too few values")))
            .collect::<IResult<_>>()?;
        out.push(Value::Tensor(s.unshard(&shards, shape).map_err(|e| unshard_error(&plan.mesh, e, span, j))?));
    }
    Ok(out)
}

/// Runs the body once per mesh position, each as a simulated process whose
/// partition id is the position's device id; returns each position's results.
fn run_bodies(it: &mut Interp, op: OpId, plan: &Plan, args: Vec<Vec<Value>>) -> IResult<Vec<Vec<Tensor>>> {
    let m = it.m;
    let span = m.op(op).span;
    let n = plan.mesh.num_devices();
    let ids: Vec<ProcessId> =
        (0..n).map(|p| ProcessId { index: p, replica: 0, partition: plan.mesh.device_id(p).max(0) as u32 }).collect();
    let mut limits = it.limits();
    limits.fuel = it.fuel_left();
    let host = it.host;
    let an = it.analysis();
    let per_device = run_processes(&ids, limits, |ctx| {
        let p = ctx.id().index;
        let mut dev = Interp::on_device_sharing(m, ctx.limits(), ctx, an.clone());
        dev.host = host;
        let results = dev.apply_region_fresh(plan.body, args[p].clone(), span)?;
        Ok((results, dev.outcome))
    })?;
    let mut per_device_results = vec![];
    for (results, outcome) in per_device {
        it.outcome.check_failures.extend(outcome.check_failures);
        it.outcome.checks_run += outcome.checks_run;
        it.outcome.printed.extend(outcome.printed);
        per_device_results.push(tensors(results, span)?);
    }
    Ok(per_device_results)
}

/// A manual computation run by a simulated process: inline on this device,
/// then an exchange with the devices that differ only along the manual axes.
fn nested(
    it: &mut Interp,
    ctx: &dyn Comm,
    op: OpId,
    plan: &Plan,
    operands: Vec<Tensor>,
    result_shapes: &[Vec<usize>],
) -> IResult<Vec<Value>> {
    let span = it.m.op(op).span;
    let me_id = i64::from(ctx.id().partition);
    let me = plan.mesh.position_of(me_id).ok_or_else(|| {
        InterpError::invalid(span, format!("device {me_id} runs a manual computation whose mesh does not contain it"))
    })?;
    let args: Vec<Value> = operands.iter().zip(&plan.ins).map(|(t, s)| Value::Tensor(block_of(s, t, me))).collect();
    let results = tensors(it.apply_region_fresh(plan.body, args, span)?, span)?;
    // The devices along the manual axes, in the sub-mesh's row-major order.
    let group = plan.mesh.group(&plan.manual, me);
    let procs = ctx.processes();
    let members = group
        .iter()
        .map(|&q| {
            let id = plan.mesh.device_id(q);
            procs.iter().find(|p| i64::from(p.partition) == id).map(|p| p.index).ok_or_else(|| {
                InterpError::invalid(span, format!("device {id} of the manual computation's mesh is not running"))
            })
        })
        .collect::<IResult<Vec<_>>>()?;
    let key = CollectiveKey { op: "sdy.manual_computation".into(), signature: format!("{}:{}", span.start, span.end) };
    let gathered = ctx.exchange(span, key, &members, results.into_iter().map(Value::Tensor).collect())?;
    // A mesh of the manual axes only, whose positions are the group's members.
    let sub = Mesh {
        name: None,
        axes: plan.manual.iter().map(|x| plan.mesh.axes[x.axis].clone()).collect(),
        device_ids: group.iter().map(|&q| plan.mesh.device_id(q)).collect(),
    };
    let remap = |x: &AxisPart| AxisPart { axis: plan.manual.iter().position(|y| y.axis == x.axis).unwrap_or(0), ..*x };
    let mut out = vec![];
    for (j, (s, shape)) in plan.outs.iter().zip(result_shapes).enumerate() {
        let s = Sharding {
            mesh: sub.clone(),
            dims: s.dims.iter().map(|d| d.iter().map(remap).collect()).collect(),
            replicated: vec![],
            unreduced: s.unreduced.iter().map(remap).collect(),
            reduction: s.reduction,
        };
        let shards = gathered
            .iter()
            .map(|vals| match vals.get(j) {
                Some(Value::Tensor(t)) => Ok(t.clone()),
                _ => Err(InterpError::invalid(span, "body returned too few values")),
            })
            .collect::<IResult<Vec<_>>>()?;
        out.push(Value::Tensor(s.unshard(&shards, shape).map_err(|e| unshard_error(&sub, e, span, j))?));
    }
    Ok(out)
}

/// A manual computation inside a sharded run. Operands must be held as
/// their in_shardings (otherwise an implicit reshard). When no free axis
/// shards a dimension, each device's held block is its body argument as is
/// (so per-device inputs that are not replicas of one global value, as
/// `run_parallel` may pass, stay per device); otherwise operands are
/// reassembled and split along the manual axes. Results are checked along
/// the manual axes and held per out_shardings.
pub fn sharded(
    m: &Module,
    an: Arc<ModuleAnalysis>,
    op: OpId,
    operands: Vec<Held>,
    opts: ShardedOptions,
) -> IResult<Vec<Held>> {
    let span = m.op(op).span;
    let plan = plan(m, op)?;
    let n = plan.mesh.num_devices();
    let mut per_operand: Vec<Vec<Tensor>> = vec![];
    for (i, h) in operands.iter().enumerate() {
        let declared = plan.ins_full.get(i).ok_or_else(|| InterpError::invalid(span, "missing in_sharding"))?;
        let h = if h.sharding.dims == declared.dims && h.sharding.unreduced == declared.unreduced {
            h.clone()
        } else {
            match opts.implicit {
                ImplicitReshards::Insert => crate::devices::sdy_ops::reshard(h, declared.clone())?,
                ImplicitReshards::Error => {
                    let message = format!(
                        "sdy.manual_computation operand #{i} is held as {} but its in_sharding is {} (implicit communication)",
                        sharding_string(&h.sharding),
                        sharding_string(declared)
                    );
                    let d = (0..h.sharding.dims.len()).find(|&d| h.sharding.dims.get(d) != declared.dims.get(d));
                    let axes = d.map_or_else(
                        || h.sharding.mesh.parts_name(&h.sharding.unreduced),
                        |d| h.sharding.mesh.parts_name(&h.sharding.dims[d]),
                    );
                    let refusal = Refusal {
                        need: if d.is_some() { Need::Reshard } else { Need::AllReduce },
                        op: "sdy.manual_computation".to_string(),
                        value: RefusedValue::Operand(i),
                        dim: d,
                        factor: None,
                        axes,
                    };
                    return Err(InterpError::refused(span, refusal, message));
                }
            }
        };
        if h.sharding.dims == plan.ins[i].dims && h.sharding.mesh.device_ids == plan.mesh.device_ids {
            per_operand.push(h.shards.clone());
        } else {
            let t = h.sharding.unshard(&h.shards, &h.global).map_err(|e| InterpError::trap(span, e.to_string()))?;
            per_operand.push((0..n).map(|p| block_of(&plan.ins[i], &t, p)).collect());
        }
    }
    let args: Vec<Vec<Value>> =
        (0..n).map(|p| per_operand.iter().map(|shards| Value::Tensor(shards[p].clone())).collect()).collect();
    let mut it = Interp::with_analysis(m, opts.limits, an);
    it.host = Some(crate::devices::options::host(opts.implicit));
    let results = run_bodies(&mut it, op, &plan, args)?;
    let mut out = vec![];
    for (j, (s, full)) in plan.outs.iter().zip(&plan.outs_full).enumerate() {
        let global = global_shape(m.value_type(m.op(op).results[j])).map_err(|e| InterpError::unsupported(span, e))?;
        let shards: Vec<Tensor> = results
            .iter()
            .map(|r| r.get(j).cloned().ok_or_else(|| InterpError::invalid(span, "body returned too few values")))
            .collect::<IResult<_>>()?;
        // The replicas along the manual axes must agree.
        let t = s.unshard(&shards, &global).map_err(|e| unshard_error(&plan.mesh, e, span, j))?;
        if full.dims == s.dims {
            out.push(Held { shards, sharding: full.clone(), global });
        } else {
            out.push(Held { shards: full.shard(&t), sharding: full.clone(), global });
        }
    }
    Ok(out)
}
