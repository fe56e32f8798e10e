//! The evaluator: the only place that dispatches on op kinds.
//!
//! It moves values between frames and kernels: look up operands, call the
//! op family's pure function, bind results. Every match over op kinds is
//! exhaustive, so a new op in the table does not compile until it has
//! semantics here (or an explicit `Unsupported`).
//!
//! Conventions: `m` the module, `op` an `OpId`, `o` its `Operation`, `f` a
//! frame, `v` a `ValueId`, `t` a `Tensor`.
//!
//! Layers: the evaluator sits between the process runtime below it, which it
//! sees only through `devices::runtime::Comm` (one process of a run, or
//! `Solo`), and the drivers above it (`interpreter.run_parallel`,
//! `sdy.manual_computation`), which it reaches only through the `Host` trait
//! (`devices::host`); it imports neither the sharded driver nor its policy.
//!
//! Frames: every value of a function (its nested regions included) has a
//! slot in that function's frame, numbered once per module (`Slots`). A
//! region runs in its function's frame; a call gets a new frame.
//!
//! Files: this one holds the frames, the op loop (`exec`, with its fuel and
//! memory budget) and the dispatch over dialects. The dialects' own
//! dispatchers are in `stablehlo`, `chlo` (CHLO and MHLO) and `mpmd` (the
//! global reading of the mpmd ops, public for `devices::mpmd`), the ops that
//! apply regions as kernel bodies in `regions`, quantized math in `quant`,
//! the checks that read the evaluator's state in `checks`, and free helpers
//! in `util`.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use shardref_spec::ir::{Attr, BlockId, ElemType, FloatKind, Module, OpId, RegionId, Span, Type, ValueId};
use shardref_spec::ops::{ArithOp, BuiltinOp, FuncOp, MpmdOp, OpKind, OpName, SdyOp, StablehloOp};

use crate::check::{self, CheckFailure};
use crate::devices::runtime::Comm;
use crate::error::{IResult, InterpError};
use crate::value::{Buffer, Tensor, Value};

pub use crate::limits::Limits;

mod checks;
mod chlo;
pub mod mpmd;
mod quant;
mod regions;
mod stablehlo;
mod util;

use util::{one, type_bytes};
pub use util::{scalar_at, value_has_type};

/// What a completed run produced.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub results: Vec<Value>,
    /// Check ops (`check.*`, `custom_call @check.*`) that did not hold.
    pub check_failures: Vec<CheckFailure>,
    /// Number of check ops executed.
    pub checks_run: usize,
    /// Output of `interpreter.print`.
    pub printed: Vec<String>,
    /// Values recorded by `interpreter.probe`, per probe id, one per execution
    /// (upstream serializes them to files; `check.expect_serialized_eq` reads them back).
    pub probes: HashMap<String, Vec<Value>>,
    /// The inputs of each executed `stablehlo.outfeed`, in order (its other end is implementation-defined).
    pub outfeed: Vec<Vec<Value>>,
}

/// The totals of one op kind in a profiled run (`run_profiled`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpStats {
    /// Executions, counting every loop iteration and region application.
    pub calls: u64,
    /// Wall time, inclusive: an op with regions includes the ops it runs.
    pub nanos: u128,
    /// Bytes of the operands and results, by their static types, summed over calls.
    pub bytes: u64,
}

/// Runs function `entry` of `m` on `inputs` as `run` does, and times every op
/// it executes: the totals per op name, in name order. Timing adds a clock
/// read around each op and changes no result.
pub fn run_profiled_with_host(
    m: &Module,
    entry: &str,
    inputs: Vec<Value>,
    limits: Limits,
    host: Option<&dyn Host>,
) -> IResult<(Outcome, BTreeMap<String, OpStats>)> {
    let func = m
        .lookup_symbol(entry)
        .filter(|&f| m.op(f).name == OpName::Known(OpKind::Func(FuncOp::Func)))
        .ok_or_else(|| InterpError::invalid(Span::NONE, format!("no function @{entry} in the module")))?;
    let mut it = Interp::new(m, limits);
    it.host = host;
    it.profile = Some(BTreeMap::new());
    let results = it.call(func, inputs, m.op(func).span)?;
    it.outcome.results = results;
    let profile = it.profile.take().unwrap_or_default().into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    Ok((it.outcome, profile))
}

/// Runs function `entry` of `m` on `inputs`, with `host` for the ops that
/// need drivers above the evaluator (`shardref_interp::run` passes the device layer).
pub fn run_with_host(
    m: &Module,
    entry: &str,
    inputs: Vec<Value>,
    limits: Limits,
    host: Option<&dyn Host>,
) -> IResult<Outcome> {
    run_with_host_fusing(m, entry, inputs, limits, host, true)
}

/// `run_with_host`, with fused elementwise groups (`crate::fusion`) on or off: the results are
/// the same bit for bit; off runs every op on its own, as a check of the fused path.
pub fn run_with_host_fusing(
    m: &Module,
    entry: &str,
    inputs: Vec<Value>,
    limits: Limits,
    host: Option<&dyn Host>,
    fuse: bool,
) -> IResult<Outcome> {
    let func = m
        .lookup_symbol(entry)
        .filter(|&f| m.op(f).name == OpName::Known(OpKind::Func(FuncOp::Func)))
        .ok_or_else(|| InterpError::invalid(Span::NONE, format!("no function @{entry} in the module")))?;
    let mut it = Interp::new(m, limits);
    it.host = host;
    it.fuse = fuse;
    let results = it.call(func, inputs, m.op(func).span)?;
    it.outcome.results = results;
    Ok(it.outcome)
}

/// Slot numbering: `slot[v]` is v's index in its function's frame.
struct Slots {
    slot: Vec<u32>,
    frame_size: HashMap<OpId, usize>,
}

impl Slots {
    fn new(m: &Module) -> Slots {
        let mut slot = vec![u32::MAX; m.values.len()];
        let mut frame_size = HashMap::new();
        for &top in &m.block(m.body()).ops {
            if m.op(top).name != OpName::Known(OpKind::Func(FuncOp::Func)) {
                continue;
            }
            let mut n = 0u32;
            let mut stack: Vec<RegionId> = m.op(top).regions.clone();
            while let Some(r) = stack.pop() {
                for &b in &m.region(r).blocks {
                    for &a in &m.block(b).args {
                        slot[a.index()] = n;
                        n += 1;
                    }
                    for &op in &m.block(b).ops {
                        for &v in &m.op(op).results {
                            slot[v.index()] = n;
                            n += 1;
                        }
                        stack.extend(m.op(op).regions.iter().copied());
                    }
                }
            }
            frame_size.insert(top, n as usize);
        }
        Slots { slot, frame_size }
    }
}

/// A function activation: one slot per value of the function.
pub struct Frame {
    vals: Vec<Option<Value>>,
}

/// What the evaluator precomputes about a module (frame slots and
/// liveness): a pure function of the module, so the interpreters of every
/// simulated process of a run share one instead of each recomputing it.
pub struct ModuleAnalysis {
    slots: Slots,
    live: crate::liveness::Liveness,
    fusion: crate::fusion::Fusion,
}

impl ModuleAnalysis {
    pub fn new(m: &Module) -> Arc<ModuleAnalysis> {
        Arc::new(ModuleAnalysis {
            slots: Slots::new(m),
            live: crate::liveness::Liveness::new(m),
            fusion: crate::fusion::Fusion::new(m),
        })
    }
}

/// The drivers above the evaluator, which it re-enters through this trait
/// (as StableHLO's interpreter calls its `InterpreterFallback`): the device
/// layer (`devices::host`) runs `interpreter.run_parallel` and
/// `sdy.manual_computation` on simulated processes, each of which runs an
/// `Interp` again. The evaluator itself knows processes only through
/// `devices::runtime::Comm`.
pub trait Host: Sync {
    /// `interpreter.run_parallel` (operands read from `f`).
    fn run_parallel(&self, it: &mut Interp<'_>, f: &mut Frame, op: OpId) -> IResult<Vec<Value>>;
    /// `sdy.manual_computation` on global (or, on a device, local) operand values.
    fn manual_computation(&self, it: &mut Interp<'_>, op: OpId, operands: Vec<Value>) -> IResult<Vec<Value>>;
}

pub struct Interp<'m> {
    pub m: &'m Module,
    /// `ModuleAnalysis` of `m` (never of another module).
    an: Arc<ModuleAnalysis>,
    fuel: u64,
    limits: Limits,
    depth: usize,
    /// The counter of `stablehlo.rng` (see `ops::rng`), advanced in execution order.
    rng_counter: u64,
    pub outcome: Outcome,
    /// The simulated process this interpreter runs as; `None` is the single process
    /// (replica 0, partition 0) of an ordinary run (`devices::runtime::Solo`).
    pub device: Option<&'m dyn Comm>,
    /// The drivers above the evaluator (`interpreter.run_parallel`,
    /// `sdy.manual_computation`); `None` makes those ops unsupported.
    pub host: Option<&'m dyn Host>,
    /// Local types that replace the module's types of some values: the
    /// results of the op a sharded device runs on its local shards, for the
    /// duration of one `eval_op_local` call; empty otherwise.
    local_types: HashMap<ValueId, Type>,
    /// Per-op totals when the run is profiled (`run_profiled`).
    profile: Option<BTreeMap<&'m str, OpStats>>,
    /// Whether groups of elementwise ops run fused (`crate::fusion`); the results are the same
    /// either way, bit for bit.
    pub fuse: bool,
}

/// How a block ended.
enum Exit {
    /// A terminator returned these values.
    Return(Vec<Value>),
}

impl<'m> Interp<'m> {
    pub fn new(m: &'m Module, limits: Limits) -> Interp<'m> {
        Interp::with_analysis(m, limits, ModuleAnalysis::new(m))
    }

    /// An interpreter of `m` reusing `an`, which must be `m`'s analysis.
    pub(crate) fn with_analysis(m: &'m Module, limits: Limits, an: Arc<ModuleAnalysis>) -> Interp<'m> {
        Interp {
            m,
            an,
            fuel: limits.fuel,
            limits,
            depth: 0,
            rng_counter: 0,
            outcome: Outcome::default(),
            device: None,
            host: None,
            local_types: HashMap::new(),
            profile: None,
            fuse: true,
        }
    }

    /// Adds one execution of fused group `g`, which took `elapsed`, to the profile: one call of
    /// the entry `fused elementwise group`, with the bytes of its inputs and outputs.
    fn record_group(&mut self, g: &crate::fusion::Group, elapsed: std::time::Duration) {
        let bytes = (g.inputs.len() + g.outputs.len()) as u64 * g.graph.n as u64 * 4;
        if let Some(p) = self.profile.as_mut() {
            let e = p.entry("fused elementwise group").or_default();
            e.calls += 1;
            e.nanos += elapsed.as_nanos();
            e.bytes = e.bytes.saturating_add(bytes);
        }
    }

    /// Adds one execution of `op`, which took `elapsed`, to the profile.
    fn record(&mut self, op: OpId, elapsed: std::time::Duration) {
        let m = self.m;
        let o = m.op(op);
        let bytes =
            o.operands.iter().chain(&o.results).map(|&v| type_bytes(m.value_type(v))).fold(0u64, u64::saturating_add);
        if let Some(p) = self.profile.as_mut() {
            let e = p.entry(o.name.as_str()).or_default();
            e.calls += 1;
            e.nanos += elapsed.as_nanos();
            e.bytes = e.bytes.saturating_add(bytes);
        }
    }

    /// An interpreter running as one simulated process of a multi-process run.
    pub fn on_device(m: &'m Module, limits: Limits, ctx: &'m dyn Comm) -> Interp<'m> {
        Interp::on_device_sharing(m, limits, ctx, ModuleAnalysis::new(m))
    }

    /// As `on_device`, reusing `an` (from `analysis()` of an interpreter of
    /// the same module `m`), as the processes of one run do.
    pub fn on_device_sharing(m: &'m Module, limits: Limits, ctx: &'m dyn Comm, an: Arc<ModuleAnalysis>) -> Interp<'m> {
        ctx.set_source(m.source.clone());
        Interp { device: Some(ctx), ..Interp::with_analysis(m, limits, an) }
    }

    /// The host, for an op that needs a driver above the evaluator.
    fn host(&self, span: Span, what: &str) -> IResult<&'m dyn Host> {
        self.host.ok_or_else(|| {
            InterpError::unsupported(span, format!("{what} needs the device layer, and this interpreter has none"))
        })
    }

    /// The global-view semantics of sdy op `k` (shardy-inventory §2.1–§2.2):
    /// every sdy op is the identity on the logical value except
    /// `sdy.constant` (a constant), `sdy.named_computation` (its body applied
    /// to its operands), `sdy.manual_computation` (per-device bodies, run by
    /// the host) and the region/terminator ops. The collectives only move
    /// data or change the reduction state of a value, never its logical
    /// value: in a global interpreter there are no partials, so all_reduce,
    /// reduce_scatter and the `*_to_unreduced` ops are the identity too.
    fn sdy_global(&mut self, op: OpId, k: SdyOp, operands: Vec<Value>) -> IResult<Vec<Value>> {
        let m = self.m;
        let o = m.op(op);
        let span = o.span;
        match k {
            SdyOp::ShardingConstraint
            | SdyOp::Reshard
            | SdyOp::DataFlowEdge
            | SdyOp::PropagationBarrier
            | SdyOp::FuncDataFlowEdge
            | SdyOp::AllGather
            | SdyOp::AllSlice
            | SdyOp::AllToAll
            | SdyOp::CollectivePermute
            | SdyOp::AllReduce
            | SdyOp::ReduceScatter
            | SdyOp::ShardedToUnreduced
            | SdyOp::ReplicatedToUnreduced => Ok(operands),
            SdyOp::ShardingGroup => Ok(vec![]),
            SdyOp::Constant => match crate::attrs::sdy::Constant::of(o).value().raw() {
                Some(Attr::Dense(d)) => match Tensor::from_dense(d) {
                    Some(t) => Ok(vec![Value::Tensor(t)]),
                    None => Err(InterpError::unsupported(span, format!("constants of type {}", d.ty))),
                },
                _ => Err(InterpError::invalid(span, "sdy.constant without a dense 'value'")),
            },
            SdyOp::NamedComputation => {
                let r =
                    *o.regions.first().ok_or_else(|| InterpError::invalid(span, "named_computation without a body"))?;
                self.apply_region_fresh(r, operands, span)
            }
            SdyOp::ManualComputation => {
                self.host(span, "sdy.manual_computation")?.manual_computation(self, op, operands)
            }
            SdyOp::Mesh | SdyOp::Return => {
                Err(InterpError::invalid(span, format!("{} cannot run here", o.name.as_str())))
            }
        }
    }

    /// This interpreter's module analysis, for the processes it starts.
    pub fn analysis(&self) -> Arc<ModuleAnalysis> {
        Arc::clone(&self.an)
    }

    /// Calls a `func.func` with `args`.
    pub fn call(&mut self, func: OpId, args: Vec<Value>, at: Span) -> IResult<Vec<Value>> {
        if self.depth >= self.limits.max_call_depth {
            return Err(InterpError::exhausted(at, format!("call depth exceeds {}", self.limits.max_call_depth)));
        }
        let o = self.m.op(func);
        let Some(&body) = o.regions.first() else {
            return Err(InterpError::invalid(at, "call to a function without a body"));
        };
        let Some(&entry) = self.m.region(body).blocks.first() else {
            return Err(InterpError::invalid(at, "call to a function without a body"));
        };
        let size = self.an.slots.frame_size.get(&func).copied().unwrap_or(0);
        let mut f = Frame { vals: vec![None; size] };
        self.depth += 1;
        let r = self.run_block(&mut f, entry, args, at);
        self.depth -= 1;
        r
    }

    /// A fresh frame for the function enclosing `op` (sharded execution and
    /// manual computations run single ops and regions outside a call).
    pub fn frame_for(&self, op: OpId) -> Frame {
        let mut top = op;
        while let Some(p) = self.m.parent_op(top) {
            if p == self.m.root {
                break;
            }
            top = p;
        }
        Frame { vals: vec![None; self.an.slots.frame_size.get(&top).copied().unwrap_or(0)] }
    }

    /// Runs the single non-terminator op `op` on `operands` (values of its
    /// operand types) and returns its results; regions the op applies run in
    /// a fresh frame of its function, where `captured` binds the values they
    /// use from outside the op.
    pub fn eval_op(&mut self, op: OpId, operands: Vec<Value>, captured: Vec<(ValueId, Value)>) -> IResult<Vec<Value>> {
        let mut f = self.frame_for(op);
        let o = self.m.op(op);
        if operands.len() != o.operands.len() {
            return Err(InterpError::invalid(o.span, "wrong number of operands"));
        }
        for (v, val) in captured {
            self.set(&mut f, v, val);
        }
        for (&v, val) in o.operands.iter().zip(operands) {
            self.set(&mut f, v, val);
        }
        if self.exec(&mut f, op)?.is_some() {
            return Err(InterpError::invalid(o.span, "a terminator cannot be run as a single op"));
        }
        o.results.iter().map(|&r| self.get(&f, r, o.span).cloned()).collect()
    }

    /// `eval_op` on one device's local shards: `local_types` replace the
    /// module's types of the op's results (their local shapes) for this call
    /// only, so the kernels build and check local results.
    pub fn eval_op_local(
        &mut self,
        op: OpId,
        operands: Vec<Value>,
        captured: Vec<(ValueId, Value)>,
        local_types: &mut HashMap<ValueId, Type>,
    ) -> IResult<Vec<Value>> {
        std::mem::swap(&mut self.local_types, local_types);
        let r = self.eval_op(op, operands, captured);
        std::mem::swap(&mut self.local_types, local_types);
        r
    }

    /// Applies single-block region `r` to `args` in a fresh frame of its function.
    pub fn apply_region_fresh(&mut self, r: RegionId, args: Vec<Value>, at: Span) -> IResult<Vec<Value>> {
        let Some(op) = self.m.region(r).parent else {
            return Err(InterpError::invalid(at, "region without a parent op"));
        };
        let mut f = self.frame_for(op);
        self.apply_region(&mut f, r, args, at)
    }

    /// Binds `args` to the block's arguments and runs it to its terminator.
    fn run_block(&mut self, f: &mut Frame, b: BlockId, args: Vec<Value>, at: Span) -> IResult<Vec<Value>> {
        let block = self.m.block(b);
        if block.args.len() != args.len() {
            return Err(InterpError::invalid(
                at,
                format!("block expects {} arguments, got {}", block.args.len(), args.len()),
            ));
        }
        for (&a, v) in block.args.iter().zip(args) {
            self.check_type(a, &v, at)?;
            self.set(f, a, v);
        }
        let an = self.an.clone();
        let mut i = 0;
        while let Some(&op) = block.ops.get(i) {
            let start = self.profile.as_ref().map(|_| std::time::Instant::now());
            // A fused group runs at its first op (see `crate::fusion`); only ordinary runs fuse,
            // where every value has its module type (a device's local types may differ).
            let ran: &[OpId] = match an.fusion.group_at(op) {
                Some(g) if self.fuse && self.local_types.is_empty() => {
                    self.run_group(f, g)?;
                    if let Some(start) = start {
                        self.record_group(g, start.elapsed());
                    }
                    &g.ops
                }
                _ if let Some(g) = an.fusion.absorber_of(op)
                    && self.fuse
                    && self.local_types.is_empty() =>
                {
                    self.finish_absorbed(f, op, g)?;
                    if let Some(start) = start {
                        self.record(op, start.elapsed());
                    }
                    std::slice::from_ref(&block.ops[i])
                }
                _ => {
                    let exit = self.exec(f, op)?;
                    if let Some(start) = start {
                        self.record(op, start.elapsed());
                    }
                    if let Some(Exit::Return(vals)) = exit {
                        return Ok(vals);
                    }
                    std::slice::from_ref(&block.ops[i])
                }
            };
            i += ran.len();
            // Dead values leave the frame; their buffers go to the pool for reuse.
            for &done in ran {
                for &v in an.live.dead_after(done) {
                    if let Some(Some(Value::Tensor(t))) =
                        f.vals.get_mut(an.slots.slot[v.index()] as usize).map(Option::take)
                    {
                        crate::pool::give(t.buf);
                    }
                }
            }
        }
        Err(InterpError::invalid(at, "block has no terminator"))
    }

    /// Runs a single-block region with `args` and returns what its terminator returns.
    pub fn apply_region(&mut self, f: &mut Frame, r: RegionId, args: Vec<Value>, at: Span) -> IResult<Vec<Value>> {
        let region = self.m.region(r);
        match region.blocks.as_slice() {
            [b] => self.run_block(f, *b, args, at),
            [] => Err(InterpError::invalid(at, "region has no block")),
            _ => Err(InterpError::unsupported(at, "regions with several blocks")),
        }
    }

    fn set(&self, f: &mut Frame, v: ValueId, val: Value) {
        let s = self.an.slots.slot[v.index()] as usize;
        if let Some(cell) = f.vals.get_mut(s) {
            *cell = Some(val);
        }
    }

    /// The value of `v` in frame `f`.
    pub(crate) fn value<'f>(&self, f: &'f Frame, v: ValueId, at: Span) -> IResult<&'f Value> {
        self.get(f, v, at)
    }

    /// This interpreter's limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Fuel not used yet.
    pub fn fuel_left(&self) -> u64 {
        self.fuel
    }

    fn get<'f>(&self, f: &'f Frame, v: ValueId, at: Span) -> IResult<&'f Value> {
        let s = self.an.slots.slot[v.index()] as usize;
        f.vals
            .get(s)
            .and_then(|x| x.as_ref())
            .ok_or_else(|| InterpError::invalid(at, "use of a value before its definition"))
    }

    /// The type of `v`: its local type when one is set, else the module's.
    pub(crate) fn ty(&self, v: ValueId) -> &Type {
        if self.local_types.is_empty() {
            return self.m.value_type(v);
        }
        self.local_types.get(&v).unwrap_or_else(|| self.m.value_type(v))
    }

    /// Checks that a runtime value matches the IR type of `v` (static shapes only).
    fn check_type(&self, v: ValueId, val: &Value, at: Span) -> IResult<()> {
        let ty = self.ty(v);
        if !value_has_type(val, ty) {
            return Err(InterpError::invalid(at, format!("value does not have the expected type {ty}")));
        }
        Ok(())
    }

    fn tensor_operands<'f>(&self, f: &'f Frame, op: OpId) -> IResult<Vec<&'f Tensor>> {
        let o = self.m.op(op);
        o.operands
            .iter()
            .map(|&v| match self.get(f, v, o.span)? {
                Value::Tensor(t) => Ok(t),
                _ => Err(InterpError::invalid(o.span, "expected a tensor operand")),
            })
            .collect()
    }

    /// The op's tensor operands, moved out of the frame where this op is
    /// their last use (so a kernel may reuse their buffers), shared otherwise.
    /// An operand repeated in the list is moved once and shared by the others.
    fn owned_tensor_operands(&self, f: &mut Frame, op: OpId) -> IResult<Vec<Tensor>> {
        let o = self.m.op(op);
        let mut out: Vec<Tensor> = Vec::with_capacity(o.operands.len());
        for (i, &v) in o.operands.iter().enumerate() {
            if let Some(k) = o.operands[..i].iter().position(|&w| w == v) {
                let t = out[k].clone();
                out.push(t);
                continue;
            }
            let s = self.an.slots.slot[v.index()] as usize;
            let val = if o.regions.is_empty() && self.an.live.is_last_use(op, v) {
                f.vals.get_mut(s).and_then(Option::take)
            } else {
                f.vals.get(s).and_then(|x| x.clone())
            };
            match val {
                Some(Value::Tensor(t)) => out.push(t),
                Some(_) => return Err(InterpError::invalid(o.span, "expected a tensor operand")),
                None => return Err(InterpError::invalid(o.span, "use of a value before its definition")),
            }
        }
        Ok(out)
    }

    /// Binds results, checking their count and types and the memory budget.
    fn bind(&self, f: &mut Frame, op: OpId, vals: Vec<Value>) -> IResult<()> {
        let o = self.m.op(op);
        if vals.len() != o.results.len() {
            return Err(InterpError::invalid(
                o.span,
                format!("op produced {} values for {} results", vals.len(), o.results.len()),
            ));
        }
        for (&r, v) in o.results.iter().zip(vals) {
            self.check_type(r, &v, o.span)?;
            self.set(f, r, v);
        }
        Ok(())
    }

    /// Refuses to run an op whose results would exceed the memory budget.
    pub(crate) fn check_budget(&self, op: OpId) -> IResult<()> {
        let o = self.m.op(op);
        let mut total: u64 = 0;
        for &r in &o.results {
            total = total.saturating_add(type_bytes(self.ty(r)));
        }
        if total > self.limits.max_value_bytes {
            return Err(InterpError::exhausted(
                o.span,
                crate::value::over_budget_message(true, total, self.limits.max_value_bytes),
            ));
        }
        Ok(())
    }

    /// What every op passes before it runs: its results against the memory budget, then its
    /// fuel (one unit per result element, at least one).
    fn admit(&mut self, op: OpId) -> IResult<()> {
        let units = self.m.op(op).results.iter().fold(0u64, |acc, &r| match self.m.value_type(r) {
            Type::Tensor(tt) => acc.saturating_add(tt.num_elements().unwrap_or(0)),
            _ => acc,
        });
        // The budget first: a shape it refuses has no element count to charge.
        self.check_budget(op)?;
        self.charge_op(op, units.max(1))?;
        crate::value::set_value_budget(self.limits.max_value_bytes);
        Ok(())
    }

    /// Runs fused group `g` (`crate::fusion`): admits its ops in order, computes its outputs in
    /// one pass and binds them.
    fn run_group(&mut self, f: &mut Frame, g: &crate::fusion::Group) -> IResult<()> {
        for &op in &g.ops {
            self.admit(op)?;
        }
        let span = self.m.op(g.ops[0]).span;
        let outs = {
            let mut inputs: Vec<&[f32]> = Vec::with_capacity(g.inputs.len());
            for &v in &g.inputs {
                match self.get(f, v, span)? {
                    Value::Tensor(Tensor { buf: Buffer::F32(s), .. }) if s.len() == g.graph.n => inputs.push(s),
                    _ => return Err(InterpError::invalid(span, "a fused group's input is not its f32 tensor")),
                }
            }
            crate::ops::fused::run(&g.graph, &inputs)
        };
        let (outs, folded) = outs;
        for (&v, buf) in g.outputs.iter().zip(outs) {
            let val = Value::Tensor(Tensor::new(g.shape.clone(), ElemType::Float(FloatKind::F32), Buffer::F32(buf)));
            self.check_type(v, &val, span)?;
            self.set(f, v, val);
        }
        // The absorbed reduce's result is bound now and kept when the reduce's turn comes
        // (`finish_absorbed`); nothing reads it before (it is defined by that later op).
        if let (Some(reduce), Some(x)) = (g.reduce, folded) {
            let r = self.m.op(reduce).results[0];
            let val = Value::Tensor(Tensor::new(vec![], ElemType::Float(FloatKind::F32), Buffer::F32(vec![x].into())));
            self.check_type(r, &val, span)?;
            self.set(f, r, val);
        }
        Ok(())
    }

    /// The turn of a reduce that group `g` absorbed: admitted and charged the fuel of its
    /// elements as the reduce's fast path is; its result is already bound (`run_group`).
    fn finish_absorbed(&mut self, f: &mut Frame, op: OpId, g: &crate::fusion::Group) -> IResult<()> {
        self.admit(op)?;
        let span = self.m.op(op).span;
        self.charge(g.graph.n as u64, span)?;
        let bound =
            g.reduce == Some(op) && self.m.op(op).results.first().is_some_and(|&r| self.get(f, r, span).is_ok());
        if bound { Ok(()) } else { Err(InterpError::invalid(span, "an absorbed reduce's result is missing")) }
    }

    fn exec(&mut self, f: &mut Frame, op: OpId) -> IResult<Option<Exit>> {
        self.admit(op)?;
        let o = self.m.op(op);
        let span = o.span;
        let kind = match &o.name {
            OpName::Known(k) => *k,
            OpName::Unknown(n) => {
                return Err(InterpError::unsupported(span, format!("op '{n}' has no semantics in shardref")));
            }
        };
        let r = match kind {
            OpKind::Builtin(BuiltinOp::Module) => Err(InterpError::invalid(span, "nested module in a function")),
            OpKind::Func(FuncOp::Return)
            | OpKind::Stablehlo(StablehloOp::Return)
            | OpKind::Sdy(SdyOp::Return)
            | OpKind::Mpmd(MpmdOp::Return) => {
                let vals = o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<Vec<_>>>()?;
                return Ok(Some(Exit::Return(vals)));
            }
            OpKind::Func(FuncOp::Call) => {
                let Some(callee) = crate::attrs::Call::of(o).callee().get() else {
                    return Err(InterpError::invalid(span, "call without a callee"));
                };
                let target = callee
                    .first()
                    .and_then(|c| self.m.lookup_symbol(c))
                    .ok_or_else(|| InterpError::invalid(span, format!("no function @{}", callee.join("::@"))))?;
                let args = o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<Vec<_>>>()?;
                let vals = self.call(target, args, span)?;
                self.bind(f, op, vals)?;
                return Ok(None);
            }
            OpKind::Func(FuncOp::Func) => Err(InterpError::invalid(span, "nested function definition")),
            OpKind::Arith(ArithOp::Constant) => self.constant(op),
            OpKind::Stablehlo(k) => self.stablehlo(f, op, k),
            OpKind::Chlo(k) => self.chlo(f, op, k),
            OpKind::Mhlo(k) => self.mhlo(f, op, k),
            OpKind::Sdy(k) => {
                let vals = o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<Vec<_>>>()?;
                self.sdy_global(op, k, vals)
            }
            OpKind::Mpmd(k) => mpmd::eval(self, f, op, k),
            OpKind::Check(shardref_spec::ops::CheckOp::ExpectSerializedEq) => {
                let ts = self.tensor_operands(f, op)?;
                let result = self.expect_serialized_eq(op, one(&ts)?);
                self.outcome.checks_run += 1;
                match result {
                    Ok(None) => {}
                    Ok(Some(failure)) => self.outcome.check_failures.push(failure.at(span)),
                    Err(e) => return Err(e.at(span)),
                }
                Ok(vec![])
            }
            OpKind::Check(k) => {
                let ts = self.tensor_operands(f, op)?;
                let result = check::run(k, &ts, &o.attrs);
                self.outcome.checks_run += 1;
                match result {
                    Ok(None) => {}
                    Ok(Some(failure)) => self.outcome.check_failures.push(failure.at(span)),
                    Err(e) => return Err(e.at(span)),
                }
                Ok(vec![])
            }
            OpKind::Interpreter(k) => self.interpreter(f, op, k),
            // HLO instructions live in `hlo.computation`s, which the MLIR interpreter never enters.
            OpKind::Hlo(k) => {
                crate::error::unsupported(format!("`{}` outside an HLO module run", OpKind::Hlo(k).name()))
            }
        };
        match r {
            Ok(vals) => {
                self.bind(f, op, vals)?;
                Ok(None)
            }
            Err(e) => Err(e.at(span)),
        }
    }

    fn constant(&self, op: OpId) -> IResult<Vec<Value>> {
        let o = self.m.op(op);
        match crate::attrs::Constant::of(o).value().raw() {
            Some(Attr::Dense(d)) => match Tensor::from_dense(d) {
                Some(t) => Ok(vec![Value::Tensor(t)]),
                None => Err(InterpError::unsupported(o.span, format!("constants of type {}", d.ty))),
            },
            Some(Attr::DenseResource { name, .. }) => {
                Err(InterpError::unsupported(o.span, format!("dense_resource constant '{name}'")))
            }
            _ => Err(InterpError::invalid(o.span, "constant without a dense 'value'")),
        }
    }

    fn interpreter(&mut self, f: &mut Frame, op: OpId, k: shardref_spec::ops::InterpreterOp) -> IResult<Vec<Value>> {
        use shardref_spec::ops::InterpreterOp;
        let o = self.m.op(op);
        match k {
            InterpreterOp::Print => {
                let v = self.get(f, o.operands[0], o.span)?.clone();
                self.outcome.printed.push(crate::print::value(&v)?);
                Ok(vec![])
            }
            InterpreterOp::Probe => {
                let v = self.get(f, o.operands[0], o.span)?.clone();
                let Some(id) = crate::attrs::interpreter::Probe::of(o).probe_id().get() else {
                    return Err(InterpError::invalid(o.span, "probe without a probe_id"));
                };
                self.outcome.probes.entry(String::from_utf8_lossy(id).into_owned()).or_default().push(v.clone());
                Ok(vec![v])
            }
            InterpreterOp::RunParallel => self.host(o.span, "interpreter.run_parallel")?.run_parallel(self, f, op),
        }
    }

    /// Charges fuel for work done inside a kernel (one unit per body application it saves).
    pub(crate) fn charge(&mut self, units: u64, span: Span) -> IResult<()> {
        if self.fuel < units {
            return Err(InterpError::exhausted(span, "out of fuel"));
        }
        self.fuel -= units;
        Ok(())
    }

    /// Charges `units` of work for op `op` before it runs; when the fuel
    /// left does not cover them, the error names the op, its work and how
    /// much of the budget the run had used.
    pub(crate) fn charge_op(&mut self, op: OpId, units: u64) -> IResult<()> {
        if self.fuel < units {
            let o = self.m.op(op);
            let spent = self.limits.fuel.saturating_sub(self.fuel);
            return Err(InterpError::exhausted(
                o.span,
                format!(
                    "out of fuel: '{}' needs {units} work units, but {} of the budget of {} are left ({spent} already spent; raise it with --fuel N or --fuel unlimited)",
                    o.name.as_str(),
                    self.fuel,
                    self.limits.fuel
                ),
            ));
        }
        self.fuel -= units;
        Ok(())
    }
}
