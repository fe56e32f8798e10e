//! Partial-state checking (issue #28): which values are partial, over which
//! mesh axes and combining how, inferred statically for every value of a
//! partitioned program, and every place where partials are combined wrongly,
//! fed to an op that is not linear in them, or left uncombined. No inputs are
//! needed: a finding holds whatever the inputs are. `shardref check FILE`
//! prints the findings, and `equiv` runs this first (a program with a finding
//! differs, with the finding as the reason, before any run).
//!
//! The state of a value along each (sub-)axis of its mesh is one point of the
//! lattice of `state` (replicated, reduced, sharded on a dimension, partial
//! with a reduction kind, device-varying, unknown; docs/PARTIAL_STATES.md).
//! States flow forward through every op:
//! - function arguments and op results start from their declared shardings
//!   (dimension shardings, and unreduced axes as partials of the declared
//!   reduction);
//! - an op with a Shardy sharding rule (`shardref_spec::rules`) whose
//!   operand shards a reduction factor makes partials of the op's monoid (the
//!   body of a reduce, reduce_window or scatter; a sum for dot, convolution
//!   and gather); partial operands go through `algebra::through`, one
//!   decision per op kind; device-varying and unknown states spread;
//! - the sdy collectives move states (all_reduce and reduce_scatter complete
//!   partials of their kind, all_gather/all_slice/all_to_all/permute follow
//!   their out_sharding, sharded/replicated_to_unreduced make sum-partials),
//!   and so do the StableHLO collectives, whose replica groups are mapped
//!   back to (sub-)axes of the mesh;
//! - a manual computation binds its arguments by its in_shardings; in its
//!   body the manual axes are followed through the rules (a local op on a
//!   block sharded on a manual axis keeps it sharded on the dimension its
//!   factor maps to, or makes partials over a reduction factor); its results
//!   are checked against its out_shardings;
//! - while loops iterate to a fixpoint of their carried states (joins in the
//!   lattice), case/if branches are joined, calls are followed into the
//!   callee; environments are persistent maps (imbl), forked per region.
//!
//! Strict or inserting, per checked function: in one that holds (or calls
//! one that holds) explicit collectives or manual computations (the
//! evidence `equiv::partitioned_evidence` looks for module-wide), every
//! partial is the program's own business; in one without (what `jax.jit` lowers), the
//! partitioner completes every partial the result shardings do not keep
//! unreduced, with the op's own kind (as shardref's sharded execution does),
//! so only declared unreduced values are checked.
//!
//! Findings, each located at its op and labelled (`rules::RULES`, section
//! `check`), name the op, the (sub-)axis and the states:
//! `partial_kind_mismatch`, `partial_not_linear`, `partial_unreduced_result`,
//! `partial_subaxes_incomplete`, `partial_reduced_twice`,
//! `partial_no_monoid`, `partial_replicas_diverge`.
//!
//! Invariant: a finding is drawn only from definite states; whatever the
//! checker does not model becomes `Unknown` and is never reported, so that
//! every correct program is accepted (verifier/tests/check and the corpus
//! step of conformance/tests/check_corpus.rs hold it to 0 false findings).
//! Reads shardings through the interpreter's mesh model; runs nothing.

pub mod algebra;
pub mod state;

use std::collections::HashSet;

use imbl::OrdMap;
use shardref_interp::devices::mesh::{AxisPart, Mesh, Sharding};
use shardref_spec::Diagnostic;
use shardref_spec::diag::{LineIndex, location};
use shardref_spec::ir::sdy::{OpShardingRule, ReductionKind, SdyAttr, TensorSharding};
use shardref_spec::ir::types::FloatKind;
use shardref_spec::ir::{Attr, BlockId, DenseData, ElemType, Module, OpId, RegionId, Span, Type, ValueDef, ValueId};
use shardref_spec::ops::{FuncOp, OpKind, SdyOp, StablehloOp, Traits};

use crate::attrs;
use algebra::{Site, Through};
use state::{AxisState, Kind, ValState, refinement};

/// One finding: the op, its rule label and the message.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub op: OpId,
    pub span: Span,
    pub label: &'static str,
    pub message: String,
}

impl Finding {
    pub fn diagnostic(&self) -> Diagnostic {
        Diagnostic::error(self.span, self.message.clone()).with_code(self.label)
    }
}

/// Checks every function of `m` that no other function calls (callees are
/// checked through their calls), in module order; findings in source order.
pub fn check(m: &Module) -> Vec<Finding> {
    let funcs: Vec<OpId> = m
        .block(m.body())
        .ops
        .iter()
        .copied()
        .filter(|&f| m.op(f).name.kind() == Some(OpKind::Func(FuncOp::Func)))
        .collect();
    let called: HashSet<String> = m
        .walk()
        .into_iter()
        .filter(|&op| m.op(op).name.kind() == Some(OpKind::Func(FuncOp::Call)))
        .filter_map(|op| attrs::Call::of(m.op(op)).callee().get().and_then(|c| c.first().cloned()))
        .collect();
    let name = |f: OpId| attrs::Symbol::of(m.op(f)).sym_name().get().map(|s| String::from_utf8_lossy(s).into_owned());
    let roots: Vec<OpId> = funcs.iter().copied().filter(|&f| name(f).is_none_or(|n| !called.contains(&n))).collect();
    let mut cx = Cx {
        m,
        strict: false,
        mesh: None,
        manual: vec![],
        findings: vec![],
        seen: HashSet::new(),
        quiet: 0,
        depth: 0,
        lines: m.source.as_ref().map(|s| LineIndex::new(&s.text)),
    };
    for f in if roots.is_empty() { funcs } else { roots } {
        cx.mesh = None;
        cx.strict = claims_partitioned(m, f, &mut HashSet::new());
        cx.function(f);
    }
    let mut out = cx.findings;
    out.sort_by_key(|f| (f.span.start, f.span.end));
    out
}

/// The findings as located, labelled diagnostics.
pub fn diagnostics(m: &Module) -> Vec<Diagnostic> {
    check(m).iter().map(Finding::diagnostic).collect()
}

type Env = OrdMap<ValueId, ValState>;

struct Cx<'m> {
    m: &'m Module,
    strict: bool,
    /// The mesh of the function being checked (the first one a sharding names).
    mesh: Option<Mesh>,
    /// The manual axes of the enclosing manual computations.
    manual: Vec<usize>,
    findings: Vec<Finding>,
    seen: HashSet<(Span, &'static str, String)>,
    /// Findings are dropped while above 0 (fixpoint iterations).
    quiet: usize,
    depth: usize,
    lines: Option<LineIndex>,
}

/// The reduction kinds an op's reduction factors make, per result.
enum Monoid {
    Kinds(Vec<Kind>),
    /// A reduction whose body is no monoid the checker knows, or whose init
    /// value is not the identity: why.
    None(String),
    Unknown,
}

const MAX_CALL_DEPTH: usize = 16;
const MAX_LOOP_ROUNDS: usize = 8;

impl<'m> Cx<'m> {
    fn find(&mut self, op: OpId, label: &'static str, message: String) {
        if self.quiet > 0 {
            return;
        }
        let span = self.m.op(op).span;
        if self.seen.insert((span, label, message.clone())) {
            self.findings.push(Finding { op, span, label, message });
        }
    }

    /// `'stablehlo.reduce' at 12:5`.
    fn at(&self, op: OpId) -> String {
        let o = self.m.op(op);
        match (&self.m.source, &self.lines) {
            (Some(s), Some(ix)) if !o.span.is_none() => {
                let (l, c) = location(s, ix, o.span);
                format!("'{}' at {l}:{c}", o.name.as_str())
            }
            _ => format!("'{}'", o.name.as_str()),
        }
    }

    fn describe(&self, s: AxisState) -> String {
        match s {
            AxisState::Replicated => "replicated".into(),
            AxisState::Reduced(o) => format!("already reduced (by {})", self.at(o)),
            AxisState::Sharded(d) => format!("sharded on dimension {d}"),
            AxisState::Partial(k, o) => format!("{}-partial (from {})", k.name(), self.at(o)),
            AxisState::Varying(o) => format!("device-varying (from {})", self.at(o)),
            AxisState::Unknown => "unknown".into(),
        }
    }

    fn part_name(&self, x: AxisPart) -> String {
        match &self.mesh {
            Some(mesh) if x.axis < mesh.axes.len() => mesh.part_name(x),
            _ => format!("axis #{}", x.axis),
        }
    }

    fn sizes(&self) -> Vec<usize> {
        self.mesh.as_ref().map(|m| m.axes.iter().map(|a| a.1).collect()).unwrap_or_default()
    }

    /// Whether the state of `x` comes from declared shardings (not a manual axis).
    fn governed(&self, x: AxisPart) -> bool {
        !self.manual.contains(&x.axis)
    }

    /// The state a declared sharding gives a value: its dimension shardings and
    /// its unreduced axes (partials of its reduction, made by `origin`).
    fn declared(&mut self, attr: &TensorSharding, origin: OpId) -> ValState {
        let Ok(s) = Sharding::from_attr(self.m, attr) else { return ValState::opaque() };
        match &self.mesh {
            None => self.mesh = Some(s.mesh.clone()),
            Some(mesh) if mesh.axes != s.mesh.axes => return ValState::opaque(),
            Some(_) => {}
        }
        let mut v = ValState::replicated();
        for (d, parts) in s.dims.iter().enumerate() {
            for &x in parts.iter().filter(|x| x.size > 1) {
                v.set(x, AxisState::Sharded(d));
            }
        }
        for &x in s.unreduced.iter().filter(|x| x.size > 1) {
            v.set(x, AxisState::Partial(Kind::of_reduction(s.reduction), origin));
        }
        v
    }

    /// The declared sharding of result `i` of `op`, as a state.
    fn result_declared(&mut self, op: OpId, i: usize) -> Option<ValState> {
        let o = self.m.op(op);
        let attr = match attrs::Common::of(o).sdy_sharding().raw() {
            Some(Attr::Sdy(a)) => match &**a {
                SdyAttr::ShardingPerValue(v) => v.shardings.get(i).cloned(),
                SdyAttr::Sharding(s) => Some(s.clone()),
                _ => None,
            },
            _ => None,
        }?;
        Some(self.declared(&attr, op))
    }

    fn func_shardings(&self, f: OpId, results: bool) -> Vec<Option<TensorSharding>> {
        let fa = attrs::Func::of(self.m.op(f));
        let field = if results { fa.res_attrs() } else { fa.arg_attrs() };
        field
            .get()
            .map(|items| {
                items
                    .iter()
                    .map(|a| match a {
                        Attr::Dict(d) => attrs::arg::sdy_sharding(d, Span::NONE).get().cloned(),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    fn entry(&self, op: OpId) -> Option<BlockId> {
        let r = *self.m.op(op).regions.first()?;
        self.region_entry(r)
    }

    fn region_entry(&self, r: RegionId) -> Option<BlockId> {
        self.m.region(r).blocks.first().copied()
    }

    /// Checks a function on its declared argument shardings, and its results
    /// against its declared result shardings.
    fn function(&mut self, f: OpId) {
        let Some(entry) = self.entry(f) else { return };
        let n = self.m.block(entry).args.len();
        let arg_attrs = self.func_shardings(f, false);
        let args: Vec<ValState> = (0..n)
            .map(|i| match arg_attrs.get(i).cloned().flatten() {
                Some(a) => self.declared(&a, f),
                None => ValState::replicated(),
            })
            .collect();
        let rets = self.block(entry, args, &Env::new());
        let res_attrs = self.func_shardings(f, true);
        let fname = attrs::Symbol::of(self.m.op(f))
            .sym_name()
            .get()
            .map(|s| String::from_utf8_lossy(s).into_owned())
            .unwrap_or_default();
        let ret_op = self.m.block(entry).ops.last().copied().unwrap_or(f);
        for (j, r) in rets.iter().enumerate() {
            let declared = match res_attrs.get(j).cloned().flatten() {
                Some(a) => self.declared(&a, f),
                None => ValState::replicated(),
            };
            let boolean = self.m.op(ret_op).operands.get(j).is_some_and(|&v| is_bool(self.m, v));
            self.check_result(
                ret_op,
                &format!("result #{j} of @{fname}"),
                r,
                &declared,
                "its result sharding",
                boolean,
            );
        }
    }

    /// Checks a value leaving a function or manual computation against what
    /// its declared sharding says it is; returns the state it leaves with.
    fn check_result(
        &mut self,
        op: OpId,
        what: &str,
        r: &ValState,
        declared: &ValState,
        decl_name: &str,
        boolean: bool,
    ) -> ValState {
        let mut out = declared.clone();
        for (x, st) in r.entries() {
            let Some(pieces) = declared.read(x) else { continue };
            for (p, d) in pieces {
                let here = self.part_name(p);
                match (d, st) {
                    (AxisState::Sharded(_), _) if self.governed(p) || !matches!(st, AxisState::Unknown) => {}
                    (AxisState::Partial(kd, _), AxisState::Partial(k, _)) => {
                        if !k.completed_by(kd, boolean) {
                            let msg = format!(
                                "{what} is declared unreduced over {here} with {}, but it is {}",
                                kd.name(),
                                self.describe(st)
                            );
                            self.find(op, "partial_kind_mismatch", msg);
                        }
                    }
                    (AxisState::Partial(..), _) => {}
                    (_, AxisState::Partial(..)) if self.strict || !self.governed(p) => {
                        let reduced = r
                            .entries()
                            .into_iter()
                            .any(|(y, s)| y.axis == p.axis && y != p && matches!(s, AxisState::Reduced(_)));
                        // Another part of the same axis was reduced: `p` is the sub-axis left over.
                        if reduced {
                            let done: Vec<String> = r
                                .entries()
                                .into_iter()
                                .filter(|(y, s)| y.axis == p.axis && matches!(s, AxisState::Reduced(_)))
                                .map(|(y, _)| self.part_name(y))
                                .collect();
                            let msg = format!(
                                "{what} is left {} over {here}: the reductions over {{{}}} do not complete the axis",
                                self.describe(st),
                                done.join(", ")
                            );
                            self.find(op, "partial_subaxes_incomplete", msg);
                        } else {
                            let msg = format!(
                                "{what} is left {} over {here} and never combined ({decl_name} does not keep it unreduced)",
                                self.describe(st)
                            );
                            self.find(op, "partial_unreduced_result", msg);
                        }
                        out.set(p, AxisState::Unknown);
                    }
                    (_, AxisState::Partial(..)) => {}
                    (_, AxisState::Varying(_)) => {
                        let msg = format!(
                            "{what} is {} over {here}, but {decl_name} replicates it (its replicas diverge)",
                            self.describe(st)
                        );
                        self.find(op, "partial_replicas_diverge", msg);
                        out.set(p, AxisState::Unknown);
                    }
                    (_, AxisState::Sharded(dim)) if !self.governed(p) => {
                        let msg = format!(
                            "{what} holds a different block of dimension {dim} on each device along {here}, but {decl_name} replicates it (its replicas diverge)"
                        );
                        self.find(op, "partial_replicas_diverge", msg);
                        out.set(p, AxisState::Unknown);
                    }
                    (_, AxisState::Sharded(_)) => {}
                    (_, AxisState::Reduced(o)) => out.set(p, AxisState::Reduced(o)),
                    (_, AxisState::Unknown) => out.set(p, AxisState::Unknown),
                    (_, AxisState::Replicated) => {}
                }
            }
        }
        out
    }

    /// Runs a block on argument states; returns its terminator's operand states.
    fn block(&mut self, b: BlockId, args: Vec<ValState>, env: &Env) -> Vec<ValState> {
        let m = self.m;
        let block = m.block(b);
        let mut env = env.clone();
        for (v, s) in block.args.iter().zip(args) {
            env.insert(*v, s);
        }
        for &op in &block.ops {
            let o = m.op(op);
            let ins: Vec<ValState> = o.operands.iter().map(|v| env.get(v).cloned().unwrap_or_default()).collect();
            let Some(kind) = o.name.kind() else {
                for &r in &o.results {
                    env.insert(r, ValState::opaque());
                }
                continue;
            };
            let outs = match kind {
                OpKind::Func(FuncOp::Return) | OpKind::Sdy(SdyOp::Return) | OpKind::Stablehlo(StablehloOp::Return) => {
                    return ins;
                }
                OpKind::Func(FuncOp::Call) => self.call(op, ins),
                OpKind::Func(FuncOp::Func) => vec![],
                OpKind::Sdy(k) => self.sdy(op, k, ins, &env),
                OpKind::Stablehlo(StablehloOp::While) => self.while_loop(op, ins, &env),
                OpKind::Stablehlo(StablehloOp::If | StablehloOp::Case) => self.branches(op, &env),
                OpKind::Stablehlo(
                    s @ (StablehloOp::AllReduce
                    | StablehloOp::ReduceScatter
                    | StablehloOp::AllGather
                    | StablehloOp::AllToAll
                    | StablehloOp::CollectivePermute
                    | StablehloOp::CollectiveBroadcast
                    | StablehloOp::CrossReplicaSum),
                ) => self.hlo_collective(op, s, ins),
                OpKind::Stablehlo(StablehloOp::PartitionId | StablehloOp::ReplicaId) => {
                    let mut v = ValState::replicated();
                    for (a, (_, n)) in self.mesh.clone().map(|m| m.axes).unwrap_or_default().iter().enumerate() {
                        if *n > 1 {
                            v.set(AxisPart { axis: a, pre: 1, size: *n }, AxisState::Varying(op));
                        }
                    }
                    vec![v]
                }
                OpKind::Stablehlo(s) => self.generic(op, Some(s), &ins),
                OpKind::Builtin(_)
                | OpKind::Arith(_)
                | OpKind::Chlo(_)
                | OpKind::Mhlo(_)
                | OpKind::Mpmd(_)
                | OpKind::Check(_)
                | OpKind::Interpreter(_)
                | OpKind::Hlo(_) => self.generic(op, None, &ins),
            };
            for (i, &r) in o.results.iter().enumerate() {
                env.insert(r, outs.get(i).cloned().unwrap_or_else(ValState::opaque));
            }
        }
        vec![]
    }

    fn call(&mut self, op: OpId, ins: Vec<ValState>) -> Vec<ValState> {
        let m = self.m;
        let n = m.op(op).results.len();
        let callee = attrs::Call::of(m.op(op)).callee().get().and_then(|c| c.first()).and_then(|c| m.lookup_symbol(c));
        let (Some(f), true) = (callee, self.depth < MAX_CALL_DEPTH) else { return vec![ValState::opaque(); n] };
        let Some(entry) = self.entry(f) else { return vec![ValState::opaque(); n] };
        self.depth += 1;
        let outs = self.block(entry, ins, &Env::new());
        self.depth -= 1;
        outs
    }

    fn while_loop(&mut self, op: OpId, ins: Vec<ValState>, env: &Env) -> Vec<ValState> {
        let o = self.m.op(op);
        let (Some(&cond), Some(&body)) = (o.regions.first(), o.regions.get(1)) else {
            return vec![ValState::opaque(); o.results.len()];
        };
        let (Some(cond), Some(body)) = (self.region_entry(cond), self.region_entry(body)) else {
            return vec![ValState::opaque(); o.results.len()];
        };
        let mut carried = ins;
        let mut stable = false;
        self.quiet += 1;
        for _ in 0..MAX_LOOP_ROUNDS {
            let out = self.block(body, carried.clone(), env);
            let next = join_all(&carried, &out);
            if next == carried {
                stable = true;
                break;
            }
            carried = next;
        }
        self.quiet -= 1;
        if !stable {
            carried = vec![ValState::opaque(); carried.len()];
        }
        self.block(cond, carried.clone(), env);
        self.block(body, carried.clone(), env);
        carried
    }

    fn branches(&mut self, op: OpId, env: &Env) -> Vec<ValState> {
        let o = self.m.op(op);
        let n = o.results.len();
        let mut acc: Option<Vec<ValState>> = None;
        for &r in &o.regions {
            let Some(b) = self.region_entry(r) else { continue };
            let out = self.block(b, vec![], env);
            acc = Some(match acc {
                None => out,
                Some(a) => join_all(&a, &out),
            });
        }
        acc.filter(|a| a.len() == n).unwrap_or_else(|| vec![ValState::opaque(); n])
    }

    fn sdy(&mut self, op: OpId, k: SdyOp, ins: Vec<ValState>, env: &Env) -> Vec<ValState> {
        let m = self.m;
        let o = m.op(op);
        let first = ins.first().cloned().unwrap_or_default();
        let out_attr = || attrs::sdy::Collective::of(o).out_sharding().get().cloned();
        match k {
            SdyOp::ManualComputation => self.manual(op, ins, env),
            SdyOp::NamedComputation => match self.entry(op) {
                Some(b) => self.block(b, ins, env),
                None => vec![ValState::opaque(); o.results.len()],
            },
            SdyOp::AllReduce | SdyOp::ReduceScatter => {
                let axes: Vec<AxisPart> = match k {
                    SdyOp::AllReduce => match attrs::sdy::AllReduce::of(o).reduction_axes().get() {
                        Some(SdyAttr::AxisRefList(l)) => self.parts(&l.axes),
                        _ => None,
                    },
                    _ => match attrs::sdy::ReduceScatter::of(o).reduce_scatter_axes().get() {
                        Some(SdyAttr::ListOfAxisRefLists(l)) => {
                            self.parts(&l.lists.iter().flat_map(|l| l.axes.clone()).collect::<Vec<_>>())
                        }
                        _ => None,
                    },
                }
                .unwrap_or_default();
                let by = attrs::sdy::AllReduce::of(o)
                    .reduction_op()
                    .get()
                    .and_then(|v| ReductionKind::from_i32(v as i128))
                    .unwrap_or_default();
                let boolean = o.operands.first().is_some_and(|&v| is_bool(m, v));
                let reduced = self.combine(op, &first, &axes, Kind::of_reduction(by), boolean, true);
                vec![self.relayout(op, &reduced, out_attr())]
            }
            SdyOp::AllGather | SdyOp::AllSlice | SdyOp::AllToAll | SdyOp::CollectivePermute => {
                vec![self.relayout(op, &first, out_attr())]
            }
            SdyOp::Reshard | SdyOp::ShardingConstraint => {
                let s = attrs::sdy::Sharding::of(o).sharding().get().cloned();
                vec![self.relayout(op, &first, s)]
            }
            SdyOp::ShardedToUnreduced | SdyOp::ReplicatedToUnreduced => {
                let axes = match attrs::sdy::ToUnreduced::of(o).axes().get() {
                    Some(SdyAttr::AxisRefList(l)) => self.parts(&l.axes),
                    Some(SdyAttr::ListOfAxisRefLists(l)) => {
                        self.parts(&l.lists.iter().flat_map(|l| l.axes.clone()).collect::<Vec<_>>())
                    }
                    _ => None,
                };
                let mut v = first;
                match axes {
                    Some(axes) => {
                        for x in axes {
                            v.set(x, AxisState::Partial(Kind::Sum, op));
                        }
                    }
                    None => v = ValState::opaque(),
                }
                vec![self.relayout(op, &v, out_attr())]
            }
            SdyOp::Constant => {
                vec![self.result_declared(op, 0).unwrap_or_default()]
            }
            SdyOp::DataFlowEdge | SdyOp::PropagationBarrier | SdyOp::FuncDataFlowEdge => {
                vec![first; o.results.len()]
            }
            SdyOp::Mesh | SdyOp::ShardingGroup | SdyOp::Return => vec![ValState::opaque(); o.results.len()],
        }
    }

    fn parts(&mut self, refs: &[shardref_spec::ir::sdy::AxisRef]) -> Option<Vec<AxisPart>> {
        self.mesh.as_ref()?.axis_parts(refs).ok()
    }

    /// Checks the states `axes` combine with `by` and marks them reduced by `op`.
    /// `global`: an sdy collective, whose reading is the global value (a sum
    /// of a value that is not partial multiplies it); a StableHLO collective
    /// may sum device-varying or replicated values on purpose (`psum(1)`).
    fn combine(
        &mut self,
        op: OpId,
        v: &ValState,
        axes: &[AxisPart],
        by: Kind,
        boolean: bool,
        global: bool,
    ) -> ValState {
        let mut out = v.clone();
        let name = self.at(op);
        for &a in axes {
            let Some(pieces) = v.read(a) else {
                out.set(a, AxisState::Unknown);
                continue;
            };
            for (p, s) in pieces {
                let here = self.part_name(p);
                match s {
                    AxisState::Partial(k, _) if !k.completed_by(by, boolean) => {
                        let msg = format!(
                            "{name} combines {here} with {}, but its operand is {} over {here}",
                            by.name(),
                            self.describe(s)
                        );
                        self.find(op, "partial_kind_mismatch", msg);
                    }
                    AxisState::Reduced(_) if !by.idempotent() => {
                        let msg = format!(
                            "{name} reduces {here} with {} again: its operand is {} over {here}, so the result counts it once per device",
                            by.name(),
                            self.describe(s)
                        );
                        self.find(op, "partial_reduced_twice", msg);
                    }
                    AxisState::Replicated if global && !by.idempotent() => {
                        let msg = format!(
                            "{name} reduces {here} with {}, but its operand is replicated over {here} (not partial), so the result counts it once per device",
                            by.name()
                        );
                        self.find(op, "partial_reduced_twice", msg);
                    }
                    _ => {}
                }
                out.set(p, AxisState::Reduced(op));
            }
        }
        out
    }

    /// The value laid out per `out` (an sdy collective's out_sharding): its
    /// dimension shardings and declared unreduced axes, with the operand's
    /// other states kept where `out` leaves the axis replicated.
    fn relayout(&mut self, op: OpId, v: &ValState, out: Option<TensorSharding>) -> ValState {
        let Some(out) = out else { return ValState::opaque() };
        let mut r = self.declared(&out, op);
        if v.opaque {
            return ValState::opaque();
        }
        for (x, s) in v.entries() {
            if matches!(s, AxisState::Sharded(_)) && self.governed(x) {
                continue;
            }
            let Some(pieces) = r.read(x) else {
                r.set(x, AxisState::Unknown);
                continue;
            };
            for (p, d) in pieces {
                match d {
                    AxisState::Replicated => r.set(p, s),
                    AxisState::Partial(..) if matches!(s, AxisState::Partial(..)) => r.set(p, s),
                    _ => {}
                }
            }
        }
        r
    }

    fn manual(&mut self, op: OpId, ins: Vec<ValState>, env: &Env) -> Vec<ValState> {
        let m = self.m;
        let o = m.op(op);
        let mc = attrs::sdy::ManualComputation::of(o);
        let names: Vec<String> = match mc.manual_axes().get() {
            Some(SdyAttr::ManualAxes(a)) => a.axes.clone(),
            _ => vec![],
        };
        let ins_attr: Vec<TensorSharding> = mc.in_shardings().get().map(|v| v.shardings.clone()).unwrap_or_default();
        let outs_attr: Vec<TensorSharding> = mc.out_shardings().get().map(|v| v.shardings.clone()).unwrap_or_default();
        let n = o.results.len();
        let Some(body) = self.entry(op) else { return vec![ValState::opaque(); n] };
        let mut args = vec![];
        for (i, s_in) in ins.iter().enumerate() {
            let Some(attr) = ins_attr.get(i) else {
                args.push(ValState::opaque());
                continue;
            };
            let mut a = self.declared(attr, op);
            for (x, st) in s_in.entries() {
                if matches!(st, AxisState::Sharded(_)) {
                    continue;
                }
                let Some(pieces) = a.read(x) else { continue };
                for (p, d) in pieces {
                    match (d, st) {
                        (AxisState::Partial(..), _) | (AxisState::Sharded(_), _) => {}
                        (_, AxisState::Partial(..)) if self.strict => {
                            let msg = format!(
                                "{} takes operand #{i} as whole over {}, but it is {}",
                                self.at(op),
                                self.part_name(p),
                                self.describe(st)
                            );
                            self.find(op, "partial_not_linear", msg);
                            a.set(p, AxisState::Unknown);
                        }
                        (_, AxisState::Partial(..)) => {}
                        _ => a.set(p, st),
                    }
                }
            }
            args.push(a);
        }
        let Some(mesh) = self.mesh.clone() else { return vec![ValState::opaque(); n] };
        let manual: Vec<usize> = names.iter().filter_map(|a| mesh.axis_index(a)).collect();
        let saved = self.manual.clone();
        self.manual.extend(manual.iter().copied());
        let rets = self.block(body, args, env);
        let mut outs = vec![];
        for j in 0..n {
            let (Some(attr), Some(r)) = (outs_attr.get(j), rets.get(j)) else {
                outs.push(ValState::opaque());
                continue;
            };
            let declared = self.declared(attr, op);
            let what = format!("result #{j} of {}", self.at(op));
            let boolean = o.results.get(j).is_some_and(|&v| is_bool(m, v));
            let out = self.check_result(op, &what, r, &declared, "its out_sharding", boolean);
            outs.push(out);
        }
        self.manual = saved;
        outs
    }

    /// A StableHLO collective: its replica groups as (sub-)axes of the mesh.
    fn hlo_collective(&mut self, op: OpId, s: StablehloOp, ins: Vec<ValState>) -> Vec<ValState> {
        let m = self.m;
        let o = m.op(op);
        let n = o.results.len();
        let Some(mesh) = self.mesh.clone() else { return vec![ValState::opaque(); n] };
        if s == StablehloOp::CollectivePermute {
            let Ok(pairs) = attrs::stablehlo::CollectivePermute::of(o).source_target_pairs().req() else {
                return vec![ValState::opaque(); n];
            };
            let v = ins.into_iter().next().unwrap_or_default();
            let targets: HashSet<i64> = pairs.chunks(2).filter_map(|c| c.get(1).copied()).collect();
            let all_receive = (0..mesh.num_devices()).all(|p| targets.contains(&mesh.device_id(p)));
            if all_receive && !v.opaque && v.parts.is_empty() {
                return vec![v];
            }
            let mut out = v;
            for c in pairs.chunks(2) {
                let (Some(a), Some(b)) = (mesh.position_of(c[0]), c.get(1).and_then(|&t| mesh.position_of(t))) else {
                    return vec![ValState::opaque(); n];
                };
                let (ca, cb) = (mesh.coords(a), mesh.coords(b));
                for (axis, (_, size)) in mesh.axes.iter().enumerate() {
                    if ca[axis] != cb[axis] {
                        out.set(AxisPart { axis, pre: 1, size: *size }, AxisState::Varying(op));
                    }
                }
            }
            return vec![out];
        }
        let groups = match shardref_interp::devices::collectives::replica_groups(m, op) {
            Ok(g) => g,
            Err(_) => return vec![ValState::opaque(); n],
        };
        let Some(axes) = groups_to_parts(&mesh, &groups) else { return vec![ValState::opaque(); n] };
        let boolean = o.operands.first().is_some_and(|&v| is_bool(m, v));
        match s {
            StablehloOp::AllReduce | StablehloOp::CrossReplicaSum | StablehloOp::ReduceScatter => {
                let by = match s {
                    StablehloOp::CrossReplicaSum => Some(Kind::Sum),
                    _ => o
                        .regions
                        .first()
                        .and_then(|&r| combiners(m, r, 1))
                        .and_then(|v| v.first().copied())
                        .and_then(|k| kind_of(k, boolean)),
                };
                let Some(by) = by else { return vec![ValState::opaque(); n] };
                let dim = attrs::stablehlo::ReduceScatter::of(o).scatter_dimension().get();
                ins.iter()
                    .map(|v| {
                        let mut r = self.combine(op, v, &axes, by, boolean, false);
                        if s == StablehloOp::ReduceScatter {
                            for &x in &axes {
                                match dim.and_then(|d| usize::try_from(d).ok()) {
                                    Some(d) => r.set(x, AxisState::Sharded(d)),
                                    None => r.set(x, AxisState::Unknown),
                                }
                            }
                        }
                        r
                    })
                    .collect()
            }
            StablehloOp::AllGather | StablehloOp::CollectiveBroadcast => ins
                .iter()
                .map(|v| {
                    let mut r = v.clone();
                    for &x in &axes {
                        let st = match v.state(x) {
                            AxisState::Partial(..) | AxisState::Unknown => AxisState::Unknown,
                            _ => AxisState::Replicated,
                        };
                        r.set(x, st);
                    }
                    r
                })
                .collect(),
            StablehloOp::AllToAll => {
                let a = attrs::stablehlo::AllToAll::of(o);
                let (split, concat) = (a.split_dimension().get(), a.concat_dimension().get());
                ins.iter()
                    .map(|v| {
                        let mut r = v.clone();
                        for &x in &axes {
                            let st = match (v.state(x), split, concat) {
                                (AxisState::Sharded(d), Some(sp), Some(c)) if d as i64 == c => {
                                    AxisState::Sharded(sp as usize)
                                }
                                _ => AxisState::Unknown,
                            };
                            r.set(x, st);
                        }
                        r
                    })
                    .collect()
            }
            _ => vec![ValState::opaque(); n],
        }
    }

    /// Any other op: its rule's reduction factors make partials, partial
    /// operands go through `algebra`, and declared shardings give the layout
    /// of the axes they govern (inferred through the rule on manual axes).
    fn generic(&mut self, op: OpId, s: Option<StablehloOp>, ins: &[ValState]) -> Vec<ValState> {
        let m = self.m;
        let o = m.op(op);
        let n = o.results.len();
        let declared: Vec<Option<ValState>> = (0..n).map(|i| self.result_declared(op, i)).collect();
        let mut outs: Vec<ValState> = declared.iter().map(|d| d.clone().unwrap_or_default()).collect();
        if outs.iter().any(|v| v.opaque) {
            return outs;
        }
        if ins.iter().any(|v| v.opaque) {
            return vec![ValState::opaque(); n];
        }
        let sizes = self.sizes();
        let parts = refinement(ins.iter(), &sizes);
        if parts.is_empty() {
            return outs;
        }
        let rule = shardref_spec::rules::op_sharding_rule(m, op, false);
        for x in parts {
            let states: Vec<AxisState> = ins.iter().map(|v| v.state(x)).collect();
            let governed = self.governed(x);
            // Inserting: partials the results do not keep are completed by the
            // partitioner (before the op for partial operands).
            let keeps = self.strict
                || !governed
                || declared.iter().flatten().any(|d| matches!(d.state(x), AxisState::Partial(..)));
            let states: Vec<AxisState> = states
                .into_iter()
                .map(|st| match st {
                    AxisState::Partial(..) if !keeps => AxisState::Replicated,
                    st => st,
                })
                .collect();
            let inferred = self.infer(op, s, rule.as_ref(), x, &states, n, keeps);
            for (j, st) in inferred.into_iter().enumerate() {
                let Some(out) = outs.get_mut(j) else { continue };
                let d = out.state(x);
                let put = match (d, st) {
                    (_, None) => None,
                    (AxisState::Sharded(_), Some(_)) if governed => None,
                    (AxisState::Partial(kd, _), Some(AxisState::Partial(k, _))) => {
                        let boolean = o.results.get(j).is_some_and(|&v| is_bool(m, v));
                        if !k.completed_by(kd, boolean) {
                            let msg = format!(
                                "{} declares result #{j} unreduced over {} with {}, but computes {}-partials",
                                self.at(op),
                                self.part_name(x),
                                kd.name(),
                                k.name()
                            );
                            self.find(op, "partial_kind_mismatch", msg);
                        }
                        None
                    }
                    (AxisState::Partial(..), Some(AxisState::Replicated | AxisState::Reduced(_))) => None,
                    (_, Some(AxisState::Partial(..))) if !keeps => None,
                    (_, Some(st)) => Some(st),
                };
                if let Some(st) = put {
                    out.set(x, st);
                }
            }
        }
        outs
    }

    /// The result states along `x` (`None`: the declared state stands).
    #[allow(clippy::too_many_arguments)]
    fn infer(
        &mut self,
        op: OpId,
        s: Option<StablehloOp>,
        rule: Option<&OpShardingRule>,
        x: AxisPart,
        states: &[AxisState],
        n: usize,
        keeps: bool,
    ) -> Vec<Option<AxisState>> {
        let m = self.m;
        let all = |st: AxisState| vec![Some(st); n];
        if states.iter().any(|s| matches!(s, AxisState::Unknown)) {
            return all(AxisState::Unknown);
        }
        if let Some(AxisState::Varying(o)) = states.iter().find(|s| matches!(s, AxisState::Varying(_))) {
            return all(AxisState::Varying(*o));
        }
        let partial: Vec<usize> = (0..states.len()).filter(|&i| matches!(states[i], AxisState::Partial(..))).collect();
        if let Some(&first) = partial.first() {
            let AxisState::Partial(k, origin) = states[first] else { return all(AxisState::Unknown) };
            if partial.iter().any(|&i| !matches!(states[i], AxisState::Partial(k2, _) if k2 == k))
                || states.iter().any(|s| matches!(s, AxisState::Sharded(_)))
            {
                return all(AxisState::Unknown);
            }
            let Some(sop) = s else { return all(AxisState::Unknown) };
            let zero = |i: usize| m.op(op).operands.get(i).is_some_and(|&v| constant_is(m, v, false));
            let one = |i: usize| m.op(op).operands.get(i).is_some_and(|&v| constant_is(m, v, true));
            let body = body_kinds(m, op, sop);
            let site = Site { op: sop, operands: states.len(), partial: &partial, zero: &zero, one: &one, body };
            return match algebra::through(&site, k) {
                Through::Kind(k2) => all(AxisState::Partial(k2, origin)),
                Through::NotLinear(why) if keeps => {
                    let operands: Vec<String> = partial.iter().map(|i| format!("#{i}")).collect();
                    let msg = format!(
                        "{} is not linear in its {} operand{} {} over {}: {why}",
                        self.at(op),
                        self.describe(states[first]),
                        if partial.len() > 1 { "s" } else { "" },
                        operands.join(", "),
                        self.part_name(x)
                    );
                    self.find(op, "partial_not_linear", msg);
                    all(AxisState::Unknown)
                }
                Through::NotLinear(_) | Through::Unknown => all(AxisState::Unknown),
            };
        }
        let sharded: Vec<(usize, usize)> = (0..states.len())
            .filter_map(|i| match states[i] {
                AxisState::Sharded(d) => Some((i, d)),
                _ => None,
            })
            .collect();
        if sharded.is_empty() {
            return match states.iter().find(|s| matches!(s, AxisState::Reduced(_))) {
                Some(r) => all(*r),
                None => vec![None; n],
            };
        }
        let Some(rule) = rule else {
            return if self.governed(x) { vec![None; n] } else { all(AxisState::Unknown) };
        };
        // The factor each sharded operand dimension holds.
        let big = |f: &i64| usize::try_from(*f).ok().filter(|&f| rule.factor_sizes.get(f).is_some_and(|&s| s > 1));
        let mut factors = vec![];
        for &(i, d) in &sharded {
            let dm = rule.operand_mappings.get(i).and_then(|t| t.dims.get(d));
            let mut fs: Vec<usize> = dm.map(|dm| dm.factors.iter().filter_map(big).collect()).unwrap_or_default();
            // A dimension of size 1 sharded anyway (padding on every device but one) holds its one size-1 factor.
            if let (true, Some([f])) = (fs.is_empty(), dm.map(|dm| dm.factors.as_slice())) {
                fs.extend(usize::try_from(*f).ok());
            }
            match fs.as_slice() {
                [f] => factors.push(*f),
                _ => return if self.governed(x) { vec![None; n] } else { all(AxisState::Unknown) },
            }
        }
        factors.sort_unstable();
        factors.dedup();
        let [f] = factors[..] else {
            return if self.governed(x) { vec![None; n] } else { all(AxisState::Unknown) };
        };
        if rule.reduction_factors.contains(&(f as i64)) {
            return match s.map(|s| self.monoid(op, s, n)).unwrap_or(Monoid::Unknown) {
                Monoid::Kinds(ks) if ks.len() == n => ks.into_iter().map(|k| Some(AxisState::Partial(k, op))).collect(),
                Monoid::None(why) if keeps => {
                    let msg = format!(
                        "{} reduces over a dimension sharded on {} with {why}: its per-device results cannot be combined",
                        self.at(op),
                        self.part_name(x)
                    );
                    self.find(op, "partial_no_monoid", msg);
                    all(AxisState::Unknown)
                }
                _ => {
                    if self.governed(x) && !keeps {
                        vec![None; n]
                    } else {
                        all(AxisState::Unknown)
                    }
                }
            };
        }
        if self.governed(x) {
            return vec![None; n];
        }
        // A manual axis: the results hold blocks along the dimensions the factor maps to.
        (0..n)
            .map(|j| {
                let dims: Vec<usize> = rule
                    .result_mappings
                    .get(j)
                    .map(|t| (0..t.dims.len()).filter(|&d| t.dims[d].factors.contains(&(f as i64))).collect())
                    .unwrap_or_default();
                Some(match dims.as_slice() {
                    [d] => AxisState::Sharded(*d),
                    [] => AxisState::Varying(op),
                    _ => AxisState::Unknown,
                })
            })
            .collect()
    }

    /// The kinds the reduction factors of `op` make, per result.
    fn monoid(&self, op: OpId, s: StablehloOp, n: usize) -> Monoid {
        let m = self.m;
        let o = m.op(op);
        match s {
            StablehloOp::Dot
            | StablehloOp::DotGeneral
            | StablehloOp::Convolution
            | StablehloOp::Einsum
            | StablehloOp::Gather
            | StablehloOp::DynamicGather => Monoid::Kinds(vec![Kind::Sum; n]),
            StablehloOp::Reduce => {
                let inputs = o.operands.len() / 2;
                let Some(ops) = o.regions.first().and_then(|&r| combiners(m, r, inputs)) else {
                    return Monoid::None("a body that is no monoid (add, multiply, max, min, and, or)".into());
                };
                let mut kinds = vec![];
                for (i, c) in ops.into_iter().enumerate() {
                    let boolean = is_bool(m, o.operands[i]);
                    let Some(k) = kind_of(c, boolean) else {
                        return Monoid::None(format!(
                            "a body whose combiner '{}' is no monoid",
                            OpKind::Stablehlo(c).name()
                        ));
                    };
                    let init = o.operands[inputs + i];
                    let identity = match k {
                        Kind::Sum | Kind::Or => constant_is(m, init, false),
                        Kind::Product | Kind::And => constant_is(m, init, true),
                        Kind::Max | Kind::Min => true,
                    };
                    if !identity && is_constant(m, init) {
                        return Monoid::None(format!(
                            "an init value that is not the identity of its {} (each device would apply it)",
                            k.name()
                        ));
                    }
                    if !identity {
                        return Monoid::Unknown;
                    }
                    kinds.push(k);
                }
                Monoid::Kinds(kinds)
            }
            StablehloOp::Scatter => {
                let boolean = o.operands.first().is_some_and(|&v| is_bool(m, v));
                match o.regions.first().and_then(|&r| combiners(m, r, 1)).and_then(|v| v.first().copied()) {
                    Some(c) => match kind_of(c, boolean) {
                        Some(k) => Monoid::Kinds(vec![k; n]),
                        None => Monoid::None("an update body that is no monoid".into()),
                    },
                    None => Monoid::None("an update body that is no monoid".into()),
                }
            }
            _ => Monoid::Unknown,
        }
    }
}

/// Whether function `f` or a function it calls holds an explicit collective
/// (the op table's `COLLECTIVE` trait) or a manual computation: it is then
/// partitioned by hand, and every partial is its own business.
fn claims_partitioned(m: &Module, f: OpId, seen: &mut HashSet<OpId>) -> bool {
    if !seen.insert(f) {
        return false;
    }
    let mut stack: Vec<OpId> = vec![f];
    while let Some(op) = stack.pop() {
        let o = m.op(op);
        if let Some(k) = o.name.kind() {
            if op != f && (k.has(Traits::COLLECTIVE) || k == OpKind::Sdy(SdyOp::ManualComputation)) {
                return true;
            }
            if k == OpKind::Func(FuncOp::Call)
                && let Some(callee) =
                    attrs::Call::of(o).callee().get().and_then(|c| c.first()).and_then(|c| m.lookup_symbol(c))
                && claims_partitioned(m, callee, seen)
            {
                return true;
            }
        }
        for &r in &o.regions {
            for &b in &m.region(r).blocks {
                stack.extend(m.block(b).ops.iter().copied());
            }
        }
    }
    false
}

fn join_all(a: &[ValState], b: &[ValState]) -> Vec<ValState> {
    if a.len() != b.len() {
        return vec![ValState::opaque(); a.len()];
    }
    a.iter().zip(b).map(|(x, y)| x.join(y)).collect()
}

fn is_bool(m: &Module, v: ValueId) -> bool {
    matches!(m.value_type(v), Type::Tensor(t) if t.elem == ElemType::I1)
}

/// The combiner kind of a body op: add → sum, multiply → product, max, min,
/// and, or (on i1 an add is an or, a multiply an and, a max an or, a min an and).
fn kind_of(op: StablehloOp, boolean: bool) -> Option<Kind> {
    Some(match op {
        StablehloOp::Add if boolean => Kind::Or,
        StablehloOp::Add => Kind::Sum,
        StablehloOp::Multiply if boolean => Kind::And,
        StablehloOp::Multiply => Kind::Product,
        StablehloOp::Maximum if boolean => Kind::Or,
        StablehloOp::Maximum => Kind::Max,
        StablehloOp::Minimum if boolean => Kind::And,
        StablehloOp::Minimum => Kind::Min,
        StablehloOp::And => Kind::And,
        StablehloOp::Or => Kind::Or,
        _ => return None,
    })
}

/// The per-result combiner ops of a body with `n` accumulators: result j is
/// one binary op of block arguments j and n + j (either order).
fn combiners(m: &Module, r: RegionId, n: usize) -> Option<Vec<StablehloOp>> {
    let b = *m.region(r).blocks.first()?;
    let block = m.block(b);
    if block.args.len() != 2 * n {
        return None;
    }
    let ret = m.op(*block.ops.last()?);
    if ret.operands.len() != n {
        return None;
    }
    let mut out = vec![];
    for (j, &v) in ret.operands.iter().enumerate() {
        let def = block.ops.iter().copied().find(|&op| m.op(op).results.contains(&v))?;
        let d = m.op(def);
        let (a, c) = (block.args[j], block.args[n + j]);
        if !(d.operands == [a, c] || d.operands == [c, a]) {
            return None;
        }
        match d.name.kind()? {
            OpKind::Stablehlo(s) => out.push(s),
            _ => return None,
        }
    }
    Some(out)
}

fn body_kinds(m: &Module, op: OpId, s: StablehloOp) -> Option<Vec<Kind>> {
    let o = m.op(op);
    let n = match s {
        StablehloOp::Reduce | StablehloOp::ReduceWindow => o.operands.len() / 2,
        StablehloOp::Scatter => 1,
        _ => return None,
    };
    let boolean = o.operands.first().is_some_and(|&v| is_bool(m, v));
    combiners(m, *o.regions.first()?, n)?.into_iter().map(|c| kind_of(c, boolean)).collect()
}

/// The op defining `v`, through broadcasts, reshapes and converts.
fn source_constant(m: &Module, mut v: ValueId) -> Option<OpId> {
    for _ in 0..16 {
        let ValueDef::Result { op, .. } = m.value(v).def else { return None };
        match m.op(op).name.kind()? {
            OpKind::Stablehlo(StablehloOp::BroadcastInDim | StablehloOp::Reshape | StablehloOp::Convert) => {
                v = *m.op(op).operands.first()?;
            }
            OpKind::Stablehlo(StablehloOp::Constant) | OpKind::Sdy(SdyOp::Constant) | OpKind::Arith(_) => {
                return Some(op);
            }
            _ => return None,
        }
    }
    None
}

fn is_constant(m: &Module, v: ValueId) -> bool {
    source_constant(m, v).is_some()
}

/// Whether `v` is a constant whose every element is zero (`one`: one).
fn constant_is(m: &Module, v: ValueId, one: bool) -> bool {
    let Some(op) = source_constant(m, v) else { return false };
    let Some(Attr::Dense(d)) = attrs::sdy::Constant::of(m.op(op)).value().raw() else { return false };
    let Type::Tensor(t) = &d.ty else { return false };
    let elems: Vec<&[u8]> = match &d.data {
        DenseData::Splat(b) => vec![b.as_slice()],
        DenseData::Elements(b) => {
            let w = t.elem.storage_bytes().max(1);
            b.chunks(w).collect()
        }
        DenseData::Strings(_) => return false,
    };
    elems.iter().all(|e| {
        if !one {
            return e.iter().all(|&b| b == 0);
        }
        let bits = e.iter().rev().fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
        match t.elem {
            ElemType::Float(FloatKind::F32) => bits == 0x3f80_0000,
            ElemType::Float(FloatKind::F64) => bits == 0x3ff0_0000_0000_0000,
            ElemType::Float(FloatKind::BF16) => bits == 0x3f80,
            ElemType::Float(FloatKind::F16) => bits == 0x3c00,
            ElemType::Int { .. } => bits == 1,
            _ => false,
        }
    })
}

/// Replica groups (device ids) as (sub-)axes of `mesh`: the axes along which
/// the members of a group differ, each a progression of coordinates; `None`
/// when the groups are not the groups of such (sub-)axes.
fn groups_to_parts(mesh: &Mesh, groups: &[Vec<i64>]) -> Option<Vec<AxisPart>> {
    let first = groups.first()?;
    let pos: Vec<usize> = first.iter().map(|&id| mesh.position_of(id)).collect::<Option<_>>()?;
    let mut parts = vec![];
    for (a, (_, n)) in mesh.axes.iter().enumerate() {
        let mut cs: Vec<usize> = pos.iter().map(|&p| mesh.coords(p)[a]).collect();
        cs.sort_unstable();
        cs.dedup();
        if cs.len() <= 1 {
            continue;
        }
        let stride = cs[1] - cs[0];
        let size = cs.len();
        if stride == 0
            || !cs.iter().enumerate().all(|(j, &c)| c == cs[0] + j * stride)
            || !n.is_multiple_of(stride * size)
        {
            return None;
        }
        parts.push(AxisPart { axis: a, pre: n / (stride * size), size });
    }
    if parts.iter().map(|x| x.size).product::<usize>() != first.len() {
        return None;
    }
    let mut covered = 0;
    for g in groups {
        let mut ps: Vec<usize> = g.iter().map(|&id| mesh.position_of(id)).collect::<Option<_>>()?;
        ps.sort_unstable();
        let &p0 = ps.first()?;
        let mut want = mesh.group(&parts, p0);
        want.sort_unstable();
        if ps != want {
            return None;
        }
        covered += ps.len();
    }
    (covered == mesh.num_devices()).then_some(parts)
}
