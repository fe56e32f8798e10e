//! Sharded execution of global-view sdy programs (issue #5).
//!
//! A global-view program carries shardings on its function arguments and
//! results (`sdy.sharding`), on op results (`sdy.sharding` per-value
//! attributes, collectives' `out_sharding`, `sdy.sharding_constraint` and
//! `sdy.reshard`), and moves data only through explicit sdy collectives.
//! `run_sharded` holds every value as per-device local shards (no sharding =
//! replicated on every device of the mesh) and runs the function in lockstep
//! over the devices (`Driver`):
//! - sdy collectives move data between the devices' shards (`sdy_ops`);
//!   control flow (`while`, `case`, calls) runs its regions on held values;
//!   `sdy.manual_computation` runs its body per device (`manual`);
//! - every other op is run as `factors::decide` says (`Driver::generic`, one
//!   `match` over the typed `Decision`): each device's own id, the op on a
//!   single device, a local form with offsets and halos (`local_forms`), the
//!   op's kernel on local shards with local result types (`Driver::local`),
//!   a reduce with no known monoid completed per reduction group
//!   (`Driver::reduce_in_groups`), the op on global-shaped canvases (`Driver::compute`), or a reshard the
//!   program does not perform: with `ImplicitReshards::Error` the run stops
//!   with the error (its typed `Refusal` names the op, the operand, the
//!   dimension, the factor and the axes), with `ImplicitReshards::Insert` the
//!   communication is performed (operands gathered to global values, the op
//!   run once, the results re-sliced to their declared shardings,
//!   `Driver::global_fallback`).
//!
//! Local runs give each result its local type, which the decision carries
//! (`factors::LocalTypes`), through `Interp::eval_op_local`, for the one call. On a canvas, a device lays out
//! the elements it holds at their global positions, fills every other element
//! with the neutral value of the op's reductions (zero for sums and products,
//! the reduce's init value for `stablehlo.reduce`), runs the op's ordinary
//! kernel in global coordinates, and keeps its own result block; the canvas
//! check (`factors::canvas::plan`) guarantees that nothing else the device
//! does not hold can reach its block, and padding of a non-divisible
//! dimension is never read.

use std::collections::HashMap;
use std::ops::Range;

use shardref_spec::ir::sdy::{MeshOrRef, ReductionKind, SdyAttr, TensorSharding};
use shardref_spec::ir::{Attr, BlockId, Module, OpId, Span, Type, ValueId};
use shardref_spec::ops::{FuncOp, OpKind, OpName, SdyOp, StablehloOp};

use crate::attrs::{self, Field, Func, kind, sdy as view};
use crate::devices::factors::canvas::{self, CanvasPlan};
use crate::devices::factors::{self, Decision, LocalPlan, LocalTypes, maximal_device};
use crate::devices::local_forms;
use crate::devices::mesh::{AxisPart, Disagreement, Mesh, Sharding, UnshardError};
pub use crate::devices::mesh::{global_shape, per_value, sharding_string};
use crate::devices::options;
pub use crate::devices::options::{ImplicitReshards, ShardedOptions};
use crate::devices::sdy_ops::{Held, block_of, collective, reshard};
use crate::error::{IResult, InterpError, Need, Refusal, RefusedValue};
use crate::eval::Interp;
use crate::ops::shape::{for_each_index, gather_many};
use crate::value::{Buffer, Tensor, Value, strides};

/// A value held by the devices of a mesh.
#[derive(Clone, Debug)]
pub struct ShardedValue {
    pub mesh: Mesh,
    /// `None`: replicated on every device.
    pub sharding: Option<Sharding>,
    /// The value's global (logical) type.
    pub global_type: Type,
    /// One local value per mesh position (not device id).
    pub shards: Vec<Value>,
}

impl ShardedValue {
    /// The global value: unreduced partials reduced, replicas required to agree.
    pub fn reassemble(&self) -> Result<Value, UnshardError> {
        let sharding = self.effective_sharding()?;
        let shards: Vec<_> = self
            .shards
            .iter()
            .map(|v| match v {
                Value::Tensor(t) => Ok(t.clone()),
                _ => Err(UnshardError::Malformed("only tensors can be sharded".into())),
            })
            .collect::<Result<_, _>>()?;
        let global = global_shape(&self.global_type).map_err(UnshardError::Malformed)?;
        Ok(Value::Tensor(sharding.unshard(&shards, &global)?))
    }

    /// Mesh positions holding global element `index` (every member of an
    /// unreduced group holds a partial of it).
    pub fn holders(&self, index: &[usize]) -> Vec<usize> {
        let Ok(sharding) = self.effective_sharding() else { return vec![] };
        let Ok(global) = global_shape(&self.global_type) else { return vec![] };
        (0..self.mesh.num_devices())
            .filter(|&p| sharding.block(&global, p).iter().zip(index).all(|(r, i)| r.contains(i)))
            .collect()
    }

    /// The sharding, with `None` read as fully replicated.
    pub fn effective_sharding(&self) -> Result<Sharding, UnshardError> {
        match &self.sharding {
            Some(s) => Ok(s.clone()),
            None => {
                let rank = global_shape(&self.global_type).map_err(UnshardError::Malformed)?.len();
                Ok(Sharding::replicated(self.mesh.clone(), rank))
            }
        }
    }
}

/// The inputs of a sharded run.
#[derive(Clone, Debug)]
pub enum ShardedInputs {
    /// Global values, split per the argument shardings.
    Global(Vec<Value>),
    /// Per device, in device-id order: `[device][arg]`, each the device's local
    /// slice (the local type of the argument's sharding).
    PerDevice(Vec<Vec<Value>>),
}

/// A disagreement between replicas, as an interpreter error at `span`.
pub fn disagreement_error(span: shardref_spec::ir::Span, what: &str, d: &Disagreement) -> InterpError {
    InterpError::trap(span, format!("{what}: {d}"))
}

/// Runs `func` of a global-view sdy program on the simulated devices of its
/// mesh and returns each result as per-device shards.
pub fn run_sharded(m: &Module, func: &str, inputs: ShardedInputs, opts: &ShardedOptions) -> IResult<Vec<ShardedValue>> {
    let f = m
        .lookup_symbol(func)
        .filter(|&f| m.op(f).name == OpName::Known(OpKind::Func(FuncOp::Func)))
        .ok_or_else(|| InterpError::invalid(Span::NONE, format!("no function @{func} in the module")))?;
    let span = m.op(f).span;
    let mesh = function_mesh(m, f).map_err(|e| InterpError::invalid(span, e))?;
    let mut it = Interp::new(m, opts.limits);
    it.host = Some(options::host(opts.implicit));
    let mut d = Driver { m, it, opts: *opts, mesh: mesh.clone(), fuel: opts.limits.fuel };
    let entry = entry_block(m, f)?;
    let arg_types: Vec<Type> = m.block(entry).args.iter().map(|&a| m.value_type(a).clone()).collect();
    let mut args = Vec::with_capacity(arg_types.len());
    for (i, ty) in arg_types.iter().enumerate() {
        let sharding = d.func_sharding(Func::of(m.op(f)).arg_attrs(), i, ty)?;
        let global = global_shape(ty).map_err(|e| InterpError::unsupported(span, e))?;
        let held = match &inputs {
            ShardedInputs::Global(vals) => {
                let t = vals
                    .get(i)
                    .and_then(Value::as_tensor)
                    .ok_or_else(|| InterpError::invalid(span, format!("@{func} expects a tensor for argument #{i}")))?;
                if t.shape != global {
                    return Err(InterpError::invalid(
                        span,
                        format!("argument #{i} has shape {:?}, expected {global:?}", t.shape),
                    ));
                }
                Held { shards: sharding.shard(t), sharding, global }
            }
            ShardedInputs::PerDevice(per) => {
                let n = sharding.mesh.num_devices();
                if per.len() != n {
                    return Err(InterpError::invalid(
                        span,
                        format!("{} devices of inputs for a mesh of {n} devices", per.len()),
                    ));
                }
                let local = sharding.local_shape(&global);
                let mut shards = Vec::with_capacity(n);
                for p in 0..n {
                    let id =
                        usize::try_from(sharding.mesh.device_id(p)).ok().filter(|&id| id < n).ok_or_else(|| {
                            InterpError::invalid(span, "per-device inputs need device ids 0..N-1".to_string())
                        })?;
                    let t = per[id].get(i).and_then(Value::as_tensor).ok_or_else(|| {
                        InterpError::invalid(span, format!("device {id} has no tensor for argument #{i}"))
                    })?;
                    if t.shape != local {
                        return Err(InterpError::invalid(
                            span,
                            format!("device {id}: argument #{i} has local shape {:?}, expected {local:?}", t.shape),
                        ));
                    }
                    shards.push(t.clone());
                }
                Held { shards, sharding, global }
            }
        };
        args.push(held);
    }
    let results = d.run_block(entry, args, &[])?;
    let result_types: Vec<Type> = func_result_types(m, f);
    let mut out = Vec::with_capacity(results.len());
    for (i, h) in results.into_iter().enumerate() {
        let ty = result_types.get(i).cloned().unwrap_or_else(|| {
            Type::Tensor(shardref_spec::ir::TensorType::ranked(
                h.global.iter().map(|&x| x as u64).collect(),
                h.shards[0].elem.clone(),
            ))
        });
        let declared = d.func_sharding(Func::of(m.op(f)).res_attrs(), i, &ty)?;
        let h = d.conform(h, declared, span, &format!("result #{i} of @{func}"))?;
        out.push(ShardedValue {
            mesh: h.sharding.mesh.clone(),
            sharding: Some(h.sharding),
            global_type: ty,
            shards: h.shards.into_iter().map(Value::Tensor).collect(),
        });
    }
    Ok(out)
}

fn entry_block(m: &Module, f: OpId) -> IResult<BlockId> {
    m.op(f)
        .regions
        .first()
        .and_then(|&r| m.region(r).blocks.first().copied())
        .ok_or_else(|| InterpError::invalid(m.op(f).span, "function without a body"))
}

fn func_result_types(m: &Module, f: OpId) -> Vec<Type> {
    match Func::of(m.op(f)).function_type().get() {
        Some(Type::Function(_, results)) => results.clone(),
        _ => vec![],
    }
}

/// The typed sharding attribute in an attribute dictionary entry `sdy.sharding`.
fn dict_sharding(a: &Attr) -> Option<&TensorSharding> {
    match a {
        Attr::Dict(d) => attrs::arg::sdy_sharding(d, Span::NONE).get(),
        _ => None,
    }
}

/// The mesh a function runs on: the mesh of the first sharding it mentions
/// (argument, result, or op), else the module's only `sdy.mesh`.
fn function_mesh(m: &Module, f: OpId) -> Result<Mesh, String> {
    let o = m.op(f);
    let fa = Func::of(o);
    for field in [fa.arg_attrs(), fa.res_attrs()] {
        if let Some(items) = field.get() {
            for a in items {
                if let Some(s) = dict_sharding(a) {
                    return Mesh::resolve(m, &s.mesh);
                }
            }
        }
    }
    let mut stack: Vec<OpId> = vec![];
    for &r in &o.regions {
        for &b in &m.region(r).blocks {
            stack.extend(m.block(b).ops.iter().copied());
        }
    }
    for op in stack {
        for (_, a) in m.op(op).attrs.iter() {
            if let Attr::Sdy(s) = a {
                match &**s {
                    SdyAttr::Sharding(t) => return Mesh::resolve(m, &t.mesh),
                    SdyAttr::ShardingPerValue(v) => {
                        if let Some(t) = v.shardings.first() {
                            return Mesh::resolve(m, &t.mesh);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    let meshes: Vec<OpId> = m
        .block(m.body())
        .ops
        .iter()
        .copied()
        .filter(|&op| m.op(op).name == OpName::Known(OpKind::Sdy(SdyOp::Mesh)))
        .collect();
    match meshes.as_slice() {
        [one] => match attrs::Symbol::of(m.op(*one)).sym_name().get() {
            Some(name) => Mesh::resolve(m, &MeshOrRef::Ref(String::from_utf8_lossy(name).into_owned())),
            None => Err("sdy.mesh without a name".into()),
        },
        // A program without any mesh runs on one device (the empty mesh `<[]>`).
        [] => Ok(Mesh { name: None, axes: vec![], device_ids: vec![0] }),
        _ => Err("the function mentions no sharding and the module has several sdy.mesh ops".into()),
    }
}

/// Lockstep execution over the devices of a mesh.
struct Driver<'m> {
    m: &'m Module,
    it: Interp<'m>,
    opts: ShardedOptions,
    mesh: Mesh,
    /// Ops the driver may still run (its own loops count against the limit).
    fuel: u64,
}

/// The environments of the enclosing blocks, innermost last (region bodies
/// of while and case see the values defined around them).
type Scopes<'a> = [&'a HashMap<ValueId, Held>];

/// The value of `v` in `env` or an enclosing scope.
fn lookup(env: &HashMap<ValueId, Held>, outer: &Scopes<'_>, v: ValueId) -> Option<Held> {
    env.get(&v).or_else(|| outer.iter().rev().find_map(|e| e.get(&v))).cloned()
}

impl<'m> Driver<'m> {
    fn resolve(&self, s: &TensorSharding, span: Span) -> IResult<Sharding> {
        Sharding::from_attr(self.m, s).map_err(|e| InterpError::invalid(span, e))
    }

    /// The declared sharding of a function argument or result (replicated when absent).
    fn func_sharding(&self, field: Field<'_, kind::Array>, i: usize, ty: &Type) -> IResult<Sharding> {
        let span = field.span;
        match field.get() {
            Some(items) => match items.get(i).and_then(dict_sharding) {
                Some(s) => {
                    let s = self.resolve(s, span)?;
                    let rank = global_shape(ty).map_err(|e| InterpError::unsupported(span, e))?.len();
                    let mut s = s;
                    s.fit_rank(rank);
                    s.check_rank(rank).map_err(|e| InterpError::invalid(span, e))?;
                    Ok(s)
                }
                None => self.replicated(ty, span),
            },
            _ => self.replicated(ty, span),
        }
    }

    fn replicated(&self, ty: &Type, span: Span) -> IResult<Sharding> {
        let rank = global_shape(ty).map_err(|e| InterpError::unsupported(span, e))?.len();
        Ok(Sharding::replicated(self.mesh.clone(), rank))
    }

    /// The declared sharding of result `i` of `op` (`sdy.sharding` per-value attribute).
    fn result_sharding(&self, op: OpId, i: usize) -> IResult<Option<Sharding>> {
        let o = self.m.op(op);
        match attrs::Common::of(o).sdy_sharding().raw() {
            Some(Attr::Sdy(a)) => match &**a {
                SdyAttr::ShardingPerValue(v) => match v.shardings.get(i) {
                    Some(s) => Ok(Some(self.resolve(s, o.span)?)),
                    None => Err(InterpError::invalid(o.span, format!("sdy.sharding has no sharding for result #{i}"))),
                },
                SdyAttr::Sharding(s) => Ok(Some(self.resolve(s, o.span)?)),
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }

    /// Makes a value held per `declared`: unchanged when it already is (axes
    /// declared unreduced but not partial become partial on a representative,
    /// which is free); otherwise an implicit reshard: an error naming `what`,
    /// or, with `ImplicitReshards::Insert`, the reshard.
    fn conform(&mut self, h: Held, declared: Sharding, span: Span, what: &str) -> IResult<Held> {
        let same_layout = h.sharding.mesh.device_ids == declared.mesh.device_ids && h.sharding.dims == declared.dims;
        let hidden: Vec<AxisPart> =
            h.sharding.unreduced.iter().filter(|x| !declared.unreduced.contains(x)).copied().collect();
        if same_layout && hidden.is_empty() {
            let extra: Vec<AxisPart> =
                declared.unreduced.iter().filter(|x| !h.sharding.unreduced.contains(x)).copied().collect();
            if extra.is_empty() {
                return Ok(Held { sharding: Sharding { mesh: declared.mesh, ..h.sharding }, ..h });
            }
            let shards = h.sharding.mesh.keep_one_representative(&h.shards, &extra);
            return Ok(Held { shards, sharding: declared, global: h.global });
        }
        match self.opts.implicit {
            ImplicitReshards::Insert => reshard(&h, declared).map_err(|e| e.at(span)),
            ImplicitReshards::Error => {
                let mesh = &h.sharding.mesh;
                let held = |need, dim, axes| Refusal {
                    need,
                    op: String::new(),
                    value: RefusedValue::Held(what.to_string()),
                    dim,
                    factor: None,
                    axes,
                };
                let (refusal, msg) = if !hidden.is_empty() {
                    let axes = mesh.parts_name(&hidden);
                    let msg = format!(
                        "{what} is unreduced over {axes} (partial results that are never all-reduced) but is declared {}",
                        sharding_string(&declared)
                    );
                    (held(Need::AllReduce, None, axes), msg)
                } else {
                    let d = (0..h.global.len()).find(|&d| h.sharding.dims.get(d) != declared.dims.get(d)).unwrap_or(0);
                    let axes = mesh.parts_name(h.sharding.dims.get(d).map_or(&[][..], |v| v));
                    let msg = format!(
                        "{what} is held as {} but declared {}: dimension {d} is sharded on {axes} instead of {} (implicit communication)",
                        sharding_string(&h.sharding),
                        sharding_string(&declared),
                        declared.mesh.parts_name(declared.dims.get(d).map_or(&[][..], |v| v)),
                    );
                    (held(Need::Reshard, Some(d), axes), msg)
                };
                Err(InterpError::refused(span, refusal, msg))
            }
        }
    }

    /// Runs a block on held arguments and returns what its terminator returns.
    fn run_block(&mut self, b: BlockId, args: Vec<Held>, outer: &Scopes<'_>) -> IResult<Vec<Held>> {
        let m = self.m;
        let block = m.block(b);
        if block.args.len() != args.len() {
            return Err(InterpError::invalid(block.span, "wrong number of block arguments"));
        }
        let mut env: HashMap<ValueId, Held> = block.args.iter().copied().zip(args).collect();
        for &op in &block.ops {
            let o = m.op(op);
            if self.fuel == 0 {
                return Err(InterpError::exhausted(o.span, "sharded execution ran out of fuel"));
            }
            self.fuel -= 1;
            // The memory budget of one op's results, as the global evaluator applies it.
            self.it.check_budget(op)?;
            let get = |env: &HashMap<ValueId, Held>, v: ValueId| {
                lookup(env, outer, v).ok_or_else(|| {
                    InterpError::unsupported(o.span, "sharded execution of a value defined outside the function body")
                })
            };
            let operands = o.operands.iter().map(|&v| get(&env, v)).collect::<IResult<Vec<_>>>()?;
            let kind = o.name.kind().ok_or_else(|| {
                InterpError::unsupported(o.span, format!("op '{}' has no semantics in shardref", o.name.as_str()))
            })?;
            let results = match kind {
                OpKind::Func(FuncOp::Return) | OpKind::Sdy(SdyOp::Return) | OpKind::Stablehlo(StablehloOp::Return) => {
                    return Ok(operands);
                }
                OpKind::Sdy(k) => self.sdy(op, k, operands)?,
                OpKind::Func(FuncOp::Call) => self.call(op, operands)?,
                OpKind::Stablehlo(StablehloOp::While) if !self.opts.canvas => {
                    let mut chain: Vec<&HashMap<ValueId, Held>> = outer.to_vec();
                    chain.push(&env);
                    self.while_loop(op, operands, &chain)?
                }
                OpKind::Stablehlo(StablehloOp::Case) if !self.opts.canvas => {
                    let mut chain: Vec<&HashMap<ValueId, Held>> = outer.to_vec();
                    chain.push(&env);
                    self.case(op, operands, &chain)?
                }
                OpKind::Stablehlo(StablehloOp::OptimizationBarrier) => self.barrier(op, operands)?,
                _ => {
                    let captured = captured_values(m, op)
                        .into_iter()
                        .map(|v| Ok((v, get(&env, v)?)))
                        .collect::<IResult<Vec<_>>>()?;
                    self.generic(op, kind, operands, captured)?
                }
            };
            if results.len() != o.results.len() {
                return Err(InterpError::invalid(o.span, "op produced the wrong number of results"));
            }
            env.extend(o.results.iter().copied().zip(results));
        }
        Err(InterpError::invalid(block.span, "block has no terminator"))
    }

    /// `stablehlo.optimization_barrier`: the identity on each operand, so result #i is operand #i
    /// held as it is, made to match result #i's declared sharding when the op declares one (an
    /// implicit reshard otherwise, as for any declared sharding). Each result keeps its own
    /// sharding: a barrier over values sharded differently (a remat'd scan's carry) needs no
    /// communication.
    fn barrier(&mut self, op: OpId, operands: Vec<Held>) -> IResult<Vec<Held>> {
        let span = self.m.op(op).span;
        let mut out = Vec::with_capacity(operands.len());
        for (i, h) in operands.into_iter().enumerate() {
            out.push(match self.result_sharding(op, i)? {
                Some(mut s) => {
                    s.fit_rank(h.global.len());
                    self.conform(h, s, span, &format!("result #{i}"))?
                }
                None => h,
            });
        }
        Ok(out)
    }

    /// `func.call` of another function: its arguments are made to match the
    /// callee's declared shardings, and its body runs sharded.
    fn call(&mut self, op: OpId, operands: Vec<Held>) -> IResult<Vec<Held>> {
        let o = self.m.op(op);
        let Some(callee) = attrs::Call::of(o).callee().get() else {
            return Err(InterpError::invalid(o.span, "call without a callee"));
        };
        let f = callee
            .first()
            .and_then(|c| self.m.lookup_symbol(c))
            .ok_or_else(|| InterpError::invalid(o.span, format!("no function @{}", callee.join("::@"))))?;
        let entry = entry_block(self.m, f)?;
        let mut args = vec![];
        for (i, h) in operands.into_iter().enumerate() {
            let ty = self.m.value_type(self.m.block(entry).args[i]).clone();
            let s = self.func_sharding(Func::of(self.m.op(f)).arg_attrs(), i, &ty)?;
            args.push(self.conform(h, s, o.span, &format!("call operand #{i}"))?);
        }
        self.run_block(entry, args, &[])
    }

    /// The sharding every device holds result `i` of `op` with: its declared
    /// `sdy.sharding`, else replicated.
    fn result_sharding_or_replicated(&self, op: OpId, i: usize) -> IResult<Sharding> {
        let o = self.m.op(op);
        let r = *o.results.get(i).ok_or_else(|| InterpError::invalid(o.span, "missing result"))?;
        match self.result_sharding(op, i)? {
            Some(s) => Ok(s),
            None => self.replicated(self.m.value_type(r), o.span),
        }
    }

    /// The one value a replicated scalar holds on every device, as an i64
    /// (predicates: 0 or 1); an error naming two devices that disagree.
    fn uniform_scalar(&self, h: &Held, span: Span, what: &str) -> IResult<i64> {
        let mesh = &h.sharding.mesh;
        if !h.sharding.unreduced.is_empty() {
            // Inserting reshards, the partial values are all-reduced first, as upstream's
            // partitioner does for any use of an unreduced value that needs the whole one.
            if self.opts.implicit == ImplicitReshards::Insert {
                let whole = reshard(h, Sharding::replicated(mesh.clone(), h.global.len())).map_err(|e| e.at(span))?;
                return self.uniform_scalar(&whole, span, what);
            }
            let axes = mesh.parts_name(&h.sharding.unreduced);
            let refusal = Refusal {
                need: Need::AllReduce,
                op: String::new(),
                value: RefusedValue::Held(what.to_string()),
                dim: None,
                factor: None,
                axes: axes.clone(),
            };
            return Err(InterpError::refused(
                span,
                refusal,
                format!("{what} is unreduced over {axes} (a missing sdy.all_reduce)"),
            ));
        }
        let first = h.shards.first().ok_or_else(|| InterpError::invalid(span, format!("{what} has no shards")))?;
        if let Some(p) = h.shards.iter().position(|t| t != first) {
            return Err(InterpError::trap(
                span,
                format!(
                    "{what} differs between devices: device {} holds {}, device {} holds {}",
                    mesh.device_id(0),
                    crate::devices::mesh::element_string(first, 0),
                    mesh.device_id(p),
                    crate::devices::mesh::element_string(&h.shards[p], 0)
                ),
            ));
        }
        crate::ops::elementwise::scalar_i64(first).map_err(|e| e.at(span))
    }

    /// `stablehlo.while` on local values: the carried values take the while's
    /// result shardings (operands and body results are made to match them),
    /// and every device must agree on the predicate.
    fn while_loop(&mut self, op: OpId, operands: Vec<Held>, outer: &Scopes<'_>) -> IResult<Vec<Held>> {
        let m = self.m;
        let o = m.op(op);
        let span = o.span;
        let block = |i: usize| {
            o.regions
                .get(i)
                .and_then(|&r| m.region(r).blocks.first().copied())
                .ok_or_else(|| InterpError::invalid(span, "while without a cond and a body"))
        };
        let (cond, body) = (block(0)?, block(1)?);
        let targets =
            (0..o.results.len()).map(|i| self.result_sharding_or_replicated(op, i)).collect::<IResult<Vec<_>>>()?;
        let mut carried = vec![];
        for (i, (h, t)) in operands.into_iter().zip(&targets).enumerate() {
            carried.push(self.conform(h, t.clone(), span, &format!("'stablehlo.while' operand #{i}"))?);
        }
        loop {
            let pred = self.run_block(cond, carried.clone(), outer)?;
            let pred = pred.first().ok_or_else(|| InterpError::invalid(span, "while cond returns nothing"))?;
            if self.uniform_scalar(pred, span, "the predicate of 'stablehlo.while'")? == 0 {
                return Ok(carried);
            }
            let next = self.run_block(body, carried, outer)?;
            if next.len() != targets.len() {
                return Err(InterpError::invalid(span, "while body returns the wrong number of values"));
            }
            carried = vec![];
            for (i, (h, t)) in next.into_iter().zip(&targets).enumerate() {
                carried.push(self.conform(h, t.clone(), span, &format!("'stablehlo.while' body result #{i}"))?);
            }
        }
    }

    /// `stablehlo.case` on local values: every device must agree on the
    /// branch index; the branch's results take the case's result shardings.
    fn case(&mut self, op: OpId, operands: Vec<Held>, outer: &Scopes<'_>) -> IResult<Vec<Held>> {
        let m = self.m;
        let o = m.op(op);
        let span = o.span;
        let index = operands.first().ok_or_else(|| InterpError::invalid(span, "case without an index"))?;
        let i = self.uniform_scalar(index, span, "the branch index of 'stablehlo.case'")?;
        let n = o.regions.len();
        let k = usize::try_from(i).ok().filter(|&k| k < n).unwrap_or(n.saturating_sub(1));
        let b = o.regions.get(k).and_then(|&r| m.region(r).blocks.first().copied());
        let b = b.ok_or_else(|| InterpError::invalid(span, "case without branches"))?;
        let out = self.run_block(b, vec![], outer)?;
        let mut v = vec![];
        for (j, h) in out.into_iter().enumerate() {
            let t = self.result_sharding_or_replicated(op, j)?;
            v.push(self.conform(h, t, span, &format!("'stablehlo.case' result #{j}"))?);
        }
        Ok(v)
    }

    fn sdy(&mut self, op: OpId, k: SdyOp, operands: Vec<Held>) -> IResult<Vec<Held>> {
        let m = self.m;
        let o = m.op(op);
        let span = o.span;
        match k {
            SdyOp::AllGather
            | SdyOp::AllSlice
            | SdyOp::AllToAll
            | SdyOp::CollectivePermute
            | SdyOp::AllReduce
            | SdyOp::ReduceScatter
            | SdyOp::ShardedToUnreduced
            | SdyOp::ReplicatedToUnreduced => {
                let input = operands.first().ok_or_else(|| InterpError::invalid(span, "collective without operand"))?;
                Ok(vec![collective(m, op, k, input, !self.opts.canvas)?])
            }
            SdyOp::ShardingConstraint | SdyOp::Reshard => {
                let input = operands.into_iter().next().ok_or_else(|| InterpError::invalid(span, "missing operand"))?;
                let (target, device) = match view::Sharding::of(o).sharding().get() {
                    Some(s) => (self.resolve(s, span)?, maximal_device(m, s)),
                    None => return Err(InterpError::invalid(span, "missing sharding")),
                };
                // To a single device d (a maximal mesh): a value the devices hold whole is d's own
                // copy, as upstream's single-device resolution reads the reshard's input on d.
                if let Some(d) = device
                    && input.sharding.dims.iter().all(|x| x.is_empty())
                    && input.sharding.unreduced.is_empty()
                    && let Some(p) = input.sharding.mesh.position_of(d)
                {
                    let mut target = target;
                    target.fit_rank(input.global.len());
                    let shards = vec![input.shards[p].clone()];
                    return Ok(vec![Held { sharding: target, shards, global: input.global }]);
                }
                // Both move the data to their sharding: after propagation a
                // constraint's sharding is its value's sharding.
                if input.sharding.dims == target.dims
                    && input.sharding.unreduced == target.unreduced
                    && input.sharding.mesh.device_ids == target.mesh.device_ids
                {
                    return Ok(vec![Held { sharding: target, ..input }]);
                }
                Ok(vec![reshard(&input, target).map_err(|e| e.at(span))?])
            }
            SdyOp::PropagationBarrier | SdyOp::DataFlowEdge | SdyOp::FuncDataFlowEdge => Ok(operands),
            SdyOp::ShardingGroup => Ok(vec![]),
            SdyOp::Constant => self.generic(op, OpKind::Sdy(k), operands, vec![]),
            SdyOp::NamedComputation => {
                let body = o.regions.first().and_then(|&r| m.region(r).blocks.first().copied());
                let body = body.ok_or_else(|| InterpError::invalid(span, "named_computation without a body"))?;
                let ins = per_value(view::NamedComputation::of(o).in_shardings());
                let mut args = vec![];
                for (i, h) in operands.into_iter().enumerate() {
                    args.push(match ins.get(i) {
                        Some(s) => self.conform(h, self.resolve(s, span)?, span, &format!("operand #{i}"))?,
                        None => h,
                    });
                }
                let outs = per_value(view::NamedComputation::of(o).out_shardings());
                let results = self.run_block(body, args, &[])?;
                let mut v = vec![];
                for (i, h) in results.into_iter().enumerate() {
                    v.push(match outs.get(i) {
                        Some(s) => self.conform(h, self.resolve(s, span)?, span, &format!("result #{i}"))?,
                        None => h,
                    });
                }
                Ok(v)
            }
            SdyOp::ManualComputation => {
                crate::devices::manual::sharded(self.m, self.it.analysis(), op, operands, self.opts)
            }
            SdyOp::Mesh | SdyOp::Return => {
                Err(InterpError::invalid(span, format!("{} inside a function", o.name.as_str())))
            }
        }
    }

    /// Any other op: as `factors::decide` says.
    fn generic(
        &mut self,
        op: OpId,
        kind: OpKind,
        operands: Vec<Held>,
        captured: Vec<(ValueId, Held)>,
    ) -> IResult<Vec<Held>> {
        let m = self.m;
        let o = m.op(op);
        let span = o.span;
        let name = o.name.as_str().to_string();
        let mut results: Vec<(Vec<usize>, Sharding)> = vec![];
        for (i, &r) in o.results.iter().enumerate() {
            let global = global_shape(m.value_type(r))
                .map_err(|e| InterpError::unsupported(span, format!("sharded '{name}': {e}")))?;
            let s = match self.result_sharding(op, i)? {
                Some(s) => s,
                None => Sharding::replicated(
                    operands.first().map_or(self.mesh.clone(), |h| h.sharding.mesh.clone()),
                    global.len(),
                ),
            };
            let mut s = s;
            s.fit_rank(global.len());
            s.check_rank(global.len()).map_err(|e| InterpError::invalid(span, format!("result #{i}: {e}")))?;
            results.push((global, s));
        }
        let mut operands = operands;
        let decision = factors::decide(m, &self.mesh, op, kind, &mut operands, &captured, &results, &self.opts)?;
        let insert = self.opts.implicit == ImplicitReshards::Insert;
        match decision {
            Decision::DeviceId(k) => device_ids(k, &results, span),
            Decision::SingleDevice(d) => self.on_single_device(op, d, &operands, &captured, &results),
            Decision::LocalForm(form) => local_forms::run(&mut self.it, op, form, &operands, &results, insert),
            Decision::Local(plan, types) => self.local(op, operands, &captured, &results, plan, types),
            Decision::ReduceInGroups(axes, types) => self.reduce_in_groups(op, &operands, &results, &axes, types),
            Decision::Reshard(e) if !insert => Err(e),
            Decision::Reshard(_) => self.global_fallback(op, &operands, &captured, &results),
            Decision::Canvas(_, plan) => self.compute(op, &operands, &captured, &results, plan),
        }
    }

    /// Runs `op` on device `d` alone (its results have single-device shardings on `d`): the
    /// device reads its own copy of every operand that the run's devices hold whole (so a value
    /// computed from `partition_id` is d's), and the operands other devices hold (sharded,
    /// partial, or on another single device) are moved to it, which is an implicit reshard
    /// (upstream's export inserts `sdy.reshard`s to replicated then to the single device).
    /// The results live on `d` alone.
    fn on_single_device(
        &mut self,
        op: OpId,
        d: i64,
        operands: &[Held],
        captured: &[(ValueId, Held)],
        results: &[(Vec<usize>, Sharding)],
    ) -> IResult<Vec<Held>> {
        let o = self.m.op(op);
        let span = o.span;
        let name = o.name.as_str();
        let implicit = self.opts.implicit;
        let on_d = |value: RefusedValue, h: &Held| -> IResult<Tensor> {
            let s = &h.sharding;
            let whole = s.dims.iter().all(|x| x.is_empty()) && s.unreduced.is_empty();
            if whole && let Some(p) = s.mesh.position_of(d) {
                return Ok(h.shards[p].clone());
            }
            match implicit {
                ImplicitReshards::Insert => {
                    s.unshard(&h.shards, &h.global).map_err(|e| InterpError::trap(span, e.to_string()))
                }
                ImplicitReshards::Error => {
                    let what = match &value {
                        RefusedValue::Operand(i) => format!("operand #{i}"),
                        _ => "a value its regions use".to_string(),
                    };
                    let message = format!(
                        "'{name}' runs on device {d} (a single-device sharding) but {what} is held as {} (implicit communication)",
                        sharding_string(s)
                    );
                    let dim = (0..s.dims.len()).find(|&k| !s.dims[k].is_empty());
                    let (need, axes) = match dim {
                        Some(k) => (Need::Reshard, s.mesh.parts_name(&s.dims[k])),
                        None if !s.unreduced.is_empty() => (Need::AllReduce, s.mesh.parts_name(&s.unreduced)),
                        None => (Need::Reshard, String::new()),
                    };
                    let refusal = Refusal { need, op: name.to_string(), value, dim, factor: None, axes };
                    Err(InterpError::refused(span, refusal, message))
                }
            }
        };
        let args = operands
            .iter()
            .enumerate()
            .map(|(i, h)| on_d(RefusedValue::Operand(i), h).map(Value::Tensor))
            .collect::<IResult<Vec<_>>>()?;
        let caps = captured
            .iter()
            .map(|(v, h)| Ok((*v, Value::Tensor(on_d(RefusedValue::Captured, h)?))))
            .collect::<IResult<Vec<_>>>()?;
        let outs = self.it.eval_op(op, args, caps)?;
        outs.into_iter()
            .zip(results)
            .map(|(v, (global, s))| match v {
                Value::Tensor(t) => {
                    let mesh = Mesh { name: None, axes: vec![], device_ids: vec![d] };
                    let sharding =
                        if s.mesh.device_ids == [d] { s.clone() } else { Sharding::replicated(mesh, global.len()) };
                    Ok(Held { sharding, shards: vec![t], global: global.clone() })
                }
                _ => Err(InterpError::unsupported(span, "sharded execution of non-tensor values")),
            })
            .collect()
    }

    /// `Decision::ReduceInGroups`: every device reduces its own block, the partials of each
    /// reduction group (over `axes`) are gathered in block order (row-major over the reduced
    /// dimensions' blocks) and reduced once more with the body from the init values
    /// (`factors::decide` checked the form: inputs sharded alike and whole, init values
    /// replicated, results sharded as the inputs' kept dimensions).
    fn reduce_in_groups(
        &mut self,
        op: OpId,
        operands: &[Held],
        results: &[(Vec<usize>, Sharding)],
        axes: &[AxisPart],
        mut local_types: LocalTypes,
    ) -> IResult<Vec<Held>> {
        let m = self.m;
        let o = m.op(op);
        let span = o.span;
        let n = operands.len() / 2;
        let (inputs, inits) = operands.split_at(n);
        let Some(first) = inputs.first() else { return Err(InterpError::invalid(span, "missing operand")) };
        let s = &first.sharding;
        let Some(&body) = o.regions.first() else { return Err(InterpError::invalid(span, "reduce without a body")) };
        // Each device's partial: the reduce of its own block.
        let mesh = s.mesh.clone();
        let devices = mesh.num_devices();
        let partials = (0..devices)
            .map(|p| {
                let args = operands.iter().map(|h| Value::Tensor(h.shards[p].clone())).collect();
                self.it.eval_op_local(op, args, vec![], &mut local_types)
            })
            .collect::<IResult<Vec<_>>>()?;
        let init_values: Vec<Tensor> = inits.iter().map(|h| h.shards[0].clone()).collect();
        let mut out: Vec<Vec<Tensor>> = vec![Vec::with_capacity(devices); n];
        for p in 0..devices {
            let group = mesh.group(axes, p);
            // The group's partials stacked along a new leading dimension, one stack per result.
            let mut stacked = vec![];
            for j in 0..n {
                let parts = group
                    .iter()
                    .map(|&q| match partials[q].get(j) {
                        Some(Value::Tensor(t)) => Ok(t.clone()),
                        _ => Err(InterpError::unsupported(span, "sharded execution of non-tensor values")),
                    })
                    .collect::<IResult<Vec<Tensor>>>()?;
                let mut shape = vec![1];
                shape.extend(parts[0].shape.iter().copied());
                let rows = parts
                    .iter()
                    .map(|t| crate::ops::shape::reshape(t, shape.clone()))
                    .collect::<IResult<Vec<Tensor>>>()
                    .map_err(|e| e.at(span))?;
                let refs: Vec<&Tensor> = rows.iter().collect();
                stacked.push(crate::ops::shape::concatenate(&refs, 0).map_err(|e| e.at(span))?);
            }
            let ins: Vec<&Tensor> = stacked.iter().collect();
            let ini: Vec<&Tensor> = init_values.iter().collect();
            let it = &mut self.it;
            let folded = crate::ops::reduce::reduce_with(&ins, &ini, &[0], &mut |args| {
                let vals = it.apply_region_fresh(body, args.into_iter().map(Value::Tensor).collect(), span)?;
                vals.into_iter()
                    .map(|v| match v {
                        Value::Tensor(t) => Ok(t),
                        _ => Err(InterpError::invalid(span, "a reduce body must return tensors")),
                    })
                    .collect()
            })
            .map_err(|e| e.at(span))?;
            for (j, t) in folded.into_iter().enumerate() {
                out[j].push(t);
            }
        }
        Ok(out
            .into_iter()
            .zip(results)
            .map(|(shards, (g, rs))| Held { sharding: rs.clone(), shards, global: g.clone() })
            .collect())
    }

    /// Every device runs the op's kernel on its local shards (`factors::decide`
    /// said it may): operands replicated along a factor the op shards are
    /// sliced first, padding of reduced non-divisible dimensions takes the
    /// reduction's identity, and the results are partial over the reduction
    /// factors' axes.
    fn local(
        &mut self,
        op: OpId,
        mut operands: Vec<Held>,
        captured: &[(ValueId, Held)],
        results: &[(Vec<usize>, Sharding)],
        plan: LocalPlan,
        mut local_types: LocalTypes,
    ) -> IResult<Vec<Held>> {
        let m = self.m;
        let o = m.op(op);
        let span = o.span;
        for (h, target) in operands.iter_mut().zip(&plan.slice_to) {
            if let Some(t) = target {
                *h = slice_held(h, t.clone());
            }
        }
        let n = results.first().map_or(self.mesh.num_devices(), |(_, s)| s.mesh.num_devices());
        let is_reduce = matches!(o.name.kind(), Some(OpKind::Stablehlo(StablehloOp::Reduce)));
        let mut out: Vec<Vec<Tensor>> = vec![Vec::with_capacity(n); results.len()];
        // Devices whose inputs are all the same storage as device 0's compute
        // what device 0 computes: they share its results.
        let shared_with_0 = |p: usize| {
            plan.partial.is_empty()
                && plan.mask.iter().all(|d| d.is_empty())
                && operands.iter().all(|h| crate::value::same_storage(&h.shards[p].buf, &h.shards[0].buf))
                && captured.iter().all(|(_, h)| crate::value::same_storage(&h.shards[p].buf, &h.shards[0].buf))
                && results.iter().all(|(_, s)| s.dims.iter().all(|d| d.is_empty()))
        };
        let run = (|| {
            for p in 0..n {
                if p > 0 && shared_with_0(p) {
                    for shards in out.iter_mut() {
                        let first = shards[0].clone();
                        shards.push(first);
                    }
                    continue;
                }
                let mut args = Vec::with_capacity(operands.len());
                for (i, h) in operands.iter().enumerate() {
                    let t = &h.shards[p];
                    if plan.mask[i].is_empty() {
                        args.push(Value::Tensor(t.clone()));
                        continue;
                    }
                    let fill = if is_reduce {
                        operands.get(i + operands.len() / 2).map(|x| x.shards[p].clone())
                    } else {
                        None
                    };
                    let fill =
                        fill.unwrap_or_else(|| Tensor::new(vec![], t.elem.clone(), Buffer::zeros(t.buf.repr(), 1)));
                    let block = h.sharding.block(&h.global, p);
                    args.push(Value::Tensor(fill_padding(t, &plan.mask[i], &block, &fill)));
                }
                if o.name.kind() == Some(OpKind::Stablehlo(StablehloOp::Scatter)) {
                    let sum = plan.kind == ReductionKind::Sum;
                    crate::devices::local_forms::scatter_args(m, op, &operands, &plan.partial, sum, p, &mut args)?;
                }
                let caps = captured.iter().map(|(v, h)| (*v, Value::Tensor(h.shards[p].clone()))).collect();
                let vals = match full_slice_kernel(m, op, &operands, &args, p)? {
                    Some(v) => vec![v],
                    None => self.it.eval_op_local(op, args, caps, &mut local_types)?,
                };
                for (j, v) in vals.into_iter().enumerate() {
                    match v {
                        Value::Tensor(t) => out[j].push(t),
                        _ => return Err(InterpError::unsupported(span, "sharded execution of non-tensor values")),
                    }
                }
            }
            Ok(())
        })();
        run?;
        Ok(out
            .into_iter()
            .zip(results)
            .map(|(shards, (g, declared))| {
                let mut s = declared.clone();
                s.unreduced = plan.partial.clone();
                if !plan.partial.is_empty() {
                    s.reduction = plan.kind;
                }
                // Axes declared unreduced that the op did not make partial become partial for free.
                let extra: Vec<AxisPart> =
                    declared.unreduced.iter().filter(|x| !plan.partial.contains(x)).copied().collect();
                if extra.is_empty() {
                    return Held { sharding: s, shards, global: g.clone() };
                }
                let shards = s.mesh.keep_one_representative(&shards, &extra);
                s.unreduced.extend(extra);
                Held { sharding: s, shards, global: g.clone() }
            })
            .collect())
    }

    /// `ImplicitReshards::Insert`: gathers the operands, runs the op once on
    /// global values, and slices the results to their declared shardings.
    fn global_fallback(
        &mut self,
        op: OpId,
        operands: &[Held],
        captured: &[(ValueId, Held)],
        results: &[(Vec<usize>, Sharding)],
    ) -> IResult<Vec<Held>> {
        let span = self.m.op(op).span;
        let globals = operands
            .iter()
            .map(|h| {
                h.sharding
                    .unshard(&h.shards, &h.global)
                    .map(Value::Tensor)
                    .map_err(|e| InterpError::trap(span, e.to_string()))
            })
            .collect::<IResult<Vec<_>>>()?;
        let captured = captured
            .iter()
            .map(|(v, h)| {
                let t = h.sharding.unshard(&h.shards, &h.global).map_err(|e| InterpError::trap(span, e.to_string()))?;
                Ok((*v, Value::Tensor(t)))
            })
            .collect::<IResult<Vec<_>>>()?;
        let partial = self.fallback_partial(op, operands, results);
        let outs = self.it.eval_op(op, globals, captured)?;
        outs.into_iter()
            .zip(results)
            .map(|(v, (global, s))| match v {
                Value::Tensor(t) => {
                    let mut s = s.clone();
                    if let Some((axes, kind)) = &partial
                        && (s.unreduced.is_empty()
                            || (*kind == ReductionKind::Sum && s.reduction == ReductionKind::Sum))
                    {
                        // `shard` keeps a sum's value on one device of each
                        // group (zeros elsewhere); a max or min over copies of
                        // one value is that value.
                        for x in axes {
                            if !s.unreduced.contains(x) {
                                s.unreduced.push(*x);
                            }
                        }
                        s.unreduced.sort_by_key(|x| (x.axis, x.pre));
                        s.reduction = *kind;
                    }
                    Ok(Held { shards: s.shard(&t), sharding: s, global: global.clone() })
                }
                _ => Err(InterpError::unsupported(span, "sharded execution of non-tensor values")),
            })
            .collect()
    }

    /// The axes over which running `op` on its local shards would have left
    /// its results partial, had the op not needed communication: the axes of
    /// its reduction factors, sharded alike on every operand that carries
    /// them (or replicated there), less the axes that shard a result. An
    /// explicit program completes such a partial result itself (an
    /// `sdy.all_reduce` or `sdy.reduce_scatter` over those axes), so the
    /// global fallback must leave it partial too, or that collective would
    /// count it once per device of the group. `None` when the op reduces over
    /// no sharded axis, or its reduction is not a sum, max or min.
    fn fallback_partial(
        &self,
        op: OpId,
        operands: &[Held],
        results: &[(Vec<usize>, Sharding)],
    ) -> Option<(Vec<AxisPart>, ReductionKind)> {
        let m = self.m;
        let kind = m.op(op).name.kind()?;
        let shapes: Vec<Vec<usize>> = operands.iter().map(|h| h.global.clone()).collect();
        let rshapes: Vec<Vec<usize>> = results.iter().map(|(g, _)| g.clone()).collect();
        let deps = canvas::deps(m, op, kind, &shapes, &rshapes).ok()?;
        let combine = canvas::reduction_kind(deps.combine)?;
        let (_, mut axes) = canvas::reduction_factors(&deps, operands).ok()?;
        axes.retain(|x| results.iter().all(|(_, s)| s.dims.iter().flatten().all(|y| !y.overlaps_any(&[*x]))));
        (!axes.is_empty()).then_some((axes, combine))
    }

    /// Each device lays out what it holds at global positions (neutral fill
    /// elsewhere), runs the op's kernel, and keeps its result block.
    fn compute(
        &mut self,
        op: OpId,
        operands: &[Held],
        captured: &[(ValueId, Held)],
        results: &[(Vec<usize>, Sharding)],
        plan: CanvasPlan,
    ) -> IResult<Vec<Held>> {
        let span = self.m.op(op).span;
        let n = results.first().map_or(0, |(_, s)| s.mesh.num_devices());
        let mut out: Vec<Vec<Tensor>> = vec![Vec::with_capacity(n); results.len()];
        for p in 0..n {
            let mut args = Vec::with_capacity(operands.len());
            for (i, h) in operands.iter().enumerate() {
                let fill = match plan.fill_from {
                    Some(k) if i < k => operands.get(k + i).map(|init| init.shards[p].clone()),
                    _ => None,
                };
                let fill = fill.unwrap_or_else(|| {
                    Tensor::new(vec![], h.shards[p].elem.clone(), Buffer::zeros(h.shards[p].buf.repr(), 1))
                });
                let held = h.sharding.block(&h.global, p);
                let clip: Vec<Range<usize>> =
                    held.iter().zip(&plan.masks[p][i]).map(|(a, b)| a.start.max(b.start)..a.end.min(b.end)).collect();
                args.push(Value::Tensor(canvas(&h.shards[p], &held, &clip, &h.global, &fill)));
            }
            let held_captures = captured.iter().map(|(v, h)| (*v, Value::Tensor(h.shards[p].clone()))).collect();
            let vals = self.it.eval_op(op, args, held_captures)?;
            for (j, v) in vals.into_iter().enumerate() {
                let Value::Tensor(t) = v else {
                    return Err(InterpError::unsupported(span, "sharded execution of non-tensor values"));
                };
                let (_, s) = &results[j];
                out[j].push(block_of(s, &t, p));
            }
        }
        let mut held = vec![];
        for (j, shards) in out.into_iter().enumerate() {
            let (global, declared) = &results[j];
            let mut s = declared.clone();
            s.unreduced = plan.partial.clone();
            s.reduction = plan.combine;
            let h = Held { sharding: s, shards, global: global.clone() };
            // Axes declared unreduced that the op did not make partial become partial for free.
            let extra: Vec<AxisPart> =
                declared.unreduced.iter().filter(|x| !plan.partial.contains(x)).copied().collect();
            held.push(if extra.is_empty() {
                h
            } else {
                let shards = h.sharding.mesh.keep_one_representative(&h.shards, &extra);
                let mut s = h.sharding.clone();
                s.unreduced.extend(extra);
                Held { sharding: s, shards, global: h.global }
            });
        }
        Ok(held)
    }
}

/// The values that `op`'s regions use but that are defined outside `op`.
pub(crate) fn captured_values(m: &Module, op: OpId) -> Vec<ValueId> {
    let mut inside = std::collections::HashSet::new();
    let mut uses = vec![];
    let mut stack: Vec<OpId> = vec![];
    for &r in &m.op(op).regions {
        for &b in &m.region(r).blocks {
            inside.extend(m.block(b).args.iter().copied());
            stack.extend(m.block(b).ops.iter().copied());
        }
    }
    while let Some(x) = stack.pop() {
        let o = m.op(x);
        inside.extend(o.results.iter().copied());
        uses.extend(o.operands.iter().copied());
        for &r in &o.regions {
            for &b in &m.region(r).blocks {
                inside.extend(m.block(b).args.iter().copied());
                stack.extend(m.block(b).ops.iter().copied());
            }
        }
    }
    let mut out: Vec<ValueId> = uses.into_iter().filter(|v| !inside.contains(v)).collect();
    out.sort();
    out.dedup();
    out
}

/// The local form of slice, dynamic_slice and gather, whose attributes
/// carry global sizes: the factor rule lets a dimension stay sharded only
/// where the op takes it whole, so on a device that dimension's slice size
/// (or limit) is its local size; a gather's sharded sliced dimensions
/// (reduction factors) are rebased to device `p`'s block
/// (`local_forms::gather_kernel`). `None` for every other op.
fn full_slice_kernel(m: &Module, op: OpId, operands: &[Held], args: &[Value], p: usize) -> IResult<Option<Value>> {
    let o = m.op(op);
    let span = o.span;
    let Some(OpKind::Stablehlo(k @ (StablehloOp::Slice | StablehloOp::DynamicSlice | StablehloOp::Gather))) =
        o.name.kind()
    else {
        return Ok(None);
    };
    let (Some(h), Some(Value::Tensor(t))) = (operands.first(), args.first()) else {
        return Err(InterpError::invalid(span, "missing operand"));
    };
    let local = |sizes: Vec<i64>| -> Vec<i64> {
        sizes
            .into_iter()
            .enumerate()
            .map(|(d, x)| if h.sharding.num_shards(d) > 1 { t.shape.get(d).map_or(x, |&l| l as i64) } else { x })
            .collect()
    };
    let tensor = |i: usize| match args.get(i) {
        Some(Value::Tensor(t)) => Ok(t),
        _ => Err(InterpError::invalid(span, "missing tensor operand")),
    };
    let out = match k {
        StablehloOp::Slice => crate::ops::shape::slice(
            t,
            &attrs::stablehlo::Slice::of(o).start_indices().req()?,
            &local(attrs::stablehlo::Slice::of(o).limit_indices().req()?),
            &attrs::stablehlo::Slice::of(o).strides().req()?,
        )?,
        StablehloOp::DynamicSlice => {
            let starts = (1..args.len())
                .map(|i| crate::ops::elementwise::scalar_i64(tensor(i)?))
                .collect::<IResult<Vec<_>>>()?;
            crate::ops::shape::dynamic_slice(
                t,
                &starts,
                &local(attrs::stablehlo::DynamicSlice::of(o).slice_sizes().req()?),
            )?
        }
        _ => crate::devices::local_forms::gather_kernel(m, op, h, p, t, tensor(1)?)?,
    };
    Ok(Some(Value::Tensor(out)))
}

/// `h` re-held per `target`, which shards only dimensions `h` holds
/// replicated: each device keeps its block (an all_slice, no communication).
fn slice_held(h: &Held, target: Sharding) -> Held {
    let local = target.local_shape(&h.global);
    let shards = (0..target.mesh.num_devices())
        .map(|p| {
            let held = h.sharding.block(&h.global, p);
            let want = target.block(&h.global, p);
            let ranges: Vec<Range<usize>> =
                held.iter().zip(&want).map(|(a, b)| (b.start - a.start)..(b.end - a.start)).collect();
            crate::devices::mesh::extract_block(&h.shards[p], &ranges, &local)
        })
        .collect();
    Held { sharding: target, shards, global: h.global.clone() }
}

/// `t` (a local shard holding global block `block`) with the padding of
/// dimensions `dims` (past the block's length) set to the scalar `fill`.
fn fill_padding(t: &Tensor, dims: &[usize], block: &[Range<usize>], fill: &Tensor) -> Tensor {
    let ls = strides(&t.shape);
    let mut parts = Vec::with_capacity(t.num_elements());
    let mut any = false;
    for_each_index(&t.shape, |i| {
        if dims.iter().all(|&d| i[d] < block[d].len()) {
            parts.push((0, i.iter().zip(&ls).map(|(x, s)| x * s).sum()));
        } else {
            any = true;
            parts.push((1, 0));
        }
    });
    if !any {
        return t.clone();
    }
    let buf = gather_many(&[t, fill], &parts).unwrap_or_else(|_| Buffer::zeros(t.buf.repr(), parts.len()));
    Tensor::new(t.shape.clone(), t.elem.clone(), buf)
}

/// The global-shaped tensor holding `local` (whose data is the global block
/// `block`) inside `clip`, and `fill` (one element) everywhere else.
fn canvas(local: &Tensor, block: &[Range<usize>], clip: &[Range<usize>], global: &[usize], fill: &Tensor) -> Tensor {
    let ls = strides(&local.shape);
    let mut parts = Vec::with_capacity(global.iter().product());
    for_each_index(global, |g| {
        if g.iter().zip(clip).all(|(&x, r)| r.contains(&x)) {
            parts.push((0, g.iter().zip(block).zip(&ls).map(|((&x, r), s)| (x - r.start) * s).sum()));
        } else {
            parts.push((1, 0));
        }
    });
    let buf = gather_many(&[local, fill], &parts).unwrap_or_else(|_| Buffer::zeros(local.buf.repr(), parts.len()));
    Tensor::new(global.to_vec(), local.elem.clone(), buf)
}

/// `partition_id` or `replica_id` on every device: its own id (partition id = device id, one
/// replica).
fn device_ids(k: StablehloOp, results: &[(Vec<usize>, Sharding)], span: Span) -> IResult<Vec<Held>> {
    let (global, s) = results.first().cloned().ok_or_else(|| InterpError::invalid(span, "missing result"))?;
    let u32_ty = shardref_spec::ir::ElemType::Int { width: 32, signedness: shardref_spec::ir::Signedness::Unsigned };
    let shards = (0..s.mesh.num_devices())
        .map(|p| {
            let x = if k == StablehloOp::PartitionId { s.mesh.device_id(p) as u32 } else { 0 };
            Tensor::new(vec![], u32_ty.clone(), Buffer::U32(vec![x].into()))
        })
        .collect();
    Ok(vec![Held { sharding: s, shards, global }])
}

/// Whether `f` is a global-view sdy function: it carries `sdy.sharding`
/// argument or result attributes, or its body uses sdy ops or shardings.
pub fn is_global_view(m: &Module, f: OpId) -> bool {
    let o = m.op(f);
    let fa = Func::of(o);
    let attr_sharded = [fa.arg_attrs(), fa.res_attrs()]
        .iter()
        .any(|k| k.get().is_some_and(|items| items.iter().any(|a| dict_sharding(a).is_some())));
    if attr_sharded {
        return true;
    }
    let mut stack: Vec<OpId> = vec![];
    for &r in &o.regions {
        for &b in &m.region(r).blocks {
            stack.extend(m.block(b).ops.iter().copied());
        }
    }
    stack.iter().any(|&op| {
        let x = m.op(op);
        matches!(x.name.kind(), Some(OpKind::Sdy(_))) || attrs::Common::of(x).sdy_sharding().present()
    })
}

/// `interpreter.run_parallel` over global-view sdy functions: when every
/// program slot runs the same such function, the run is a sharded run with
/// `ShardedInputs::PerDevice`, program slot i (replica-major) being device id
/// i of the function's mesh (upstream's convert-global-to-local pipeline: a
/// partition runs as the mesh device with its id, so with custom `device_ids`
/// slot i holds the block of the mesh position whose id is i). Returns each
/// slot's local result shards, flattened in slot order; `None` when the
/// programs are not global-view sdy functions.
pub fn run_parallel_hook(
    it: &mut Interp<'_>,
    programs: &[OpId],
    inputs: &[Vec<Value>],
    span: Span,
    implicit: ImplicitReshards,
) -> IResult<Option<Vec<Value>>> {
    let m = it.m;
    let Some(&f) = programs.first() else { return Ok(None) };
    if programs.iter().any(|&p| p != f) || !is_global_view(m, f) {
        return Ok(None);
    }
    let name = attrs::Symbol::of(m.op(f)).sym_name().get().map(|s| String::from_utf8_lossy(s).into_owned());
    let name = name.ok_or_else(|| InterpError::invalid(span, "run_parallel program without a name"))?;
    let mut limits = it.limits();
    limits.fuel = it.fuel_left();
    let opts = ShardedOptions { limits, implicit, canvas: false };
    let results = run_sharded(m, &name, ShardedInputs::PerDevice(inputs.to_vec()), &opts).map_err(|e| e.at(span))?;
    let mut out = vec![];
    for id in 0..programs.len() {
        for r in &results {
            let p = r.mesh.position_of(id as i64).ok_or_else(|| {
                InterpError::invalid(span, format!("run_parallel slot {id} is no device of the mesh of @{name}"))
            })?;
            out.push(r.shards[p].clone());
        }
    }
    Ok(Some(out))
}
