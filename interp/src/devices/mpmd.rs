//! MPMD execution (issue #10): pipelines over several meshes on simulated
//! devices.
//!
//! Topology and devices. Each mesh of the entry function's `#mpmd.topology`
//! is its own set of simulated devices with the sdy device model (its axes,
//! its device order). Global device ids are numbered across meshes in
//! topology order: mesh k's devices are `offset_k + local id`, where
//! `offset_k` is the number of devices of the meshes before it and the local
//! ids are the mesh's own (`0..n` unless the mesh lists `device_ids`). With
//! `<"m1" : <["x"=4]>>, <"m2" : <["x"=4]>>` m1 holds devices 0..3 and m2
//! devices 4..7, as the corpus' `meta.json` `device_ids` say.
//!
//! Values. A `!mpmd.mesh_tensor` value is a `ShardedValue` on its mesh's
//! devices: one local shard per mesh position, per the type's sharding
//! (replicated when it has none), with the type's memory kind. A plain
//! tensor (an argument, an `unassign`ed value, what `reduce`, `broadcast` or
//! other ops outside fragments compute) is a global value.
//!
//! Ops. A `fragment` body is outlined into a function of a prepared copy of
//! the module and runs SPMD on its mesh with `sharded::run_sharded`, its
//! arguments and results declared with the fragment's `in_shardings` /
//! `out_shardings` (else the mesh tensors' shardings); a `fragment_call`
//! runs its callee the same way on the mesh its `mesh_shape` gives.
//! Fragments are SPMD programs that the compiler partitions later, so their
//! implicit reshards are performed (`ImplicitReshards::Insert`). `transfer`
//! reassembles the global value and lays it out on the target mesh, sharding
//! and memory kind (the global value is unchanged); `assign` lays a global
//! value out on a mesh, `unassign` reassembles it; `reduce<kind>` combines
//! its operands elementwise (shard by shard on one mesh, else globally);
//! `broadcast` and `named_tensor` are identities; `named_computation` and
//! every other op outside fragments run on global values with the reference
//! interpreter; `call` and `for` run their bodies with this driver, so
//! fragments inside them run on their meshes (the `for` index argument is
//! the iteration number; the unroll factor does not change values).
//!
//! Schedule. Each mesh executes its fragments in program order; a fragment
//! starts when its mesh is free and every operand has arrived, and takes one
//! step; transfers and the ops outside fragments run as soon as their
//! operands exist. When nothing can run but ops remain, the run stops with a
//! deadlock error at the first waiting fragment, naming every waiting
//! fragment and the operand it waits for. Values never depend on the order
//! in which ready ops are picked.

use std::collections::{HashMap, VecDeque};

use shardref_spec::ir::mpmd::{MeshTensorType, MpmdAttr};
use shardref_spec::ir::sdy::{self, DimensionSharding, MeshOrRef, SdyAttr, TensorSharding};
use shardref_spec::ir::{Attr, BlockId, Dict, Module, OpId, Span, Type, ValueId};
use shardref_spec::ops::{FuncOp, MpmdOp, OpKind, OpName};

use crate::attrs::mpmd as view;
use crate::attrs::{Field, Func, arg, keys, kind};
use crate::devices::mesh::{Mesh, Sharding, UnshardError};
use crate::devices::sharded::{
    ImplicitReshards, ShardedInputs, ShardedOptions, ShardedValue, captured_values, run_sharded,
};
use crate::error::{IResult, InterpError};
use crate::eval::mpmd::{index_value, op_reduction, reduce_tensors};
use crate::eval::{Interp, Limits};
use crate::value::{Tensor, Value};

/// One mesh of the topology.
#[derive(Clone, Debug)]
pub struct TopoMesh {
    pub name: String,
    /// The mesh with global device ids (see the module header).
    pub mesh: Mesh,
    /// The mesh attribute with local ids `0..n`, as its fragments run on it.
    pub local: sdy::Mesh,
    /// The first global device id of the mesh.
    pub offset: i64,
}

/// The meshes of an entry function's `#mpmd.topology`, in order.
#[derive(Clone, Debug)]
pub struct Topology {
    pub meshes: Vec<TopoMesh>,
}

impl Topology {
    pub fn get(&self, name: &str) -> Option<&TopoMesh> {
        self.meshes.iter().find(|t| t.name == name)
    }
}

/// The `#mpmd.topology` of function `f`, if it has one.
pub fn topology_of(m: &Module, f: OpId) -> Option<Result<Topology, String>> {
    let Some(a) = Func::of(m.op(f)).topology().get() else { return None };
    let MpmdAttr::Topology(t) = a else { return Some(Err("topology is not an #mpmd.topology".into())) };
    let mut meshes = vec![];
    let mut offset: i64 = 0;
    for nm in &t.meshes {
        let local = Mesh::from_attr(Some(&nm.name), &nm.mesh).map_err(|e| format!("mesh \"{}\": {e}", nm.name));
        let local = match local {
            Ok(l) => l,
            Err(e) => return Some(Err(e)),
        };
        let n = local.num_devices() as i64;
        let mesh = Mesh { device_ids: local.device_ids.iter().map(|&d| d + offset).collect(), ..local };
        meshes.push(TopoMesh {
            name: nm.name.clone(),
            mesh,
            local: sdy::Mesh { axes: nm.mesh.axes.clone(), device_ids: None },
            offset,
        });
        offset += n.max(nm.mesh.device_ids.as_ref().and_then(|ids| ids.iter().max().map(|x| x + 1)).unwrap_or(0));
    }
    Some(Ok(Topology { meshes }))
}

/// A mesh tensor held on its mesh's devices.
#[derive(Clone, Debug)]
pub struct MeshValue {
    /// The topology mesh's name.
    pub mesh: String,
    /// Shards per mesh position; `value.mesh` has the global device ids.
    pub value: ShardedValue,
    pub memory_kind: Option<String>,
}

/// A value of an MPMD run. (Values are moved a few times per op; the size
/// of the mesh variant does not matter next to its shards.)
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum MpmdValue {
    Mesh(MeshValue),
    /// A plain (global, unassigned) value.
    Global(Value),
}

impl MpmdValue {
    /// The global value (a mesh tensor reassembled from its shards).
    pub fn global(&self) -> Result<Value, UnshardError> {
        match self {
            MpmdValue::Mesh(mv) => mv.value.reassemble(),
            MpmdValue::Global(v) => Ok(v.clone()),
        }
    }

    /// The mesh and the global device ids holding element `index` (no mesh
    /// and no devices for a global value).
    pub fn holders(&self, index: &[usize]) -> (Option<String>, Vec<i64>) {
        match self {
            MpmdValue::Mesh(mv) => (
                Some(mv.mesh.clone()),
                mv.value.holders(index).into_iter().map(|p| mv.value.mesh.device_id(p)).collect(),
            ),
            MpmdValue::Global(_) => (None, vec![]),
        }
    }
}

/// One fragment execution of the schedule.
#[derive(Clone, Debug)]
pub struct Event {
    pub mesh: String,
    pub step: usize,
    /// The fragment's origins, as printed in its header (`"s1"(1)`), or
    /// `inferred` for a fragment without origin.
    pub origin: String,
    /// The fragment's `call_counter`, else the enclosing `mpmd.call`'s, else
    /// the enclosing `mpmd.for` iteration.
    pub microbatch: Option<u64>,
    pub stage: Option<i64>,
    pub span: Span,
}

/// What an MPMD run produced.
#[derive(Clone, Debug)]
pub struct MpmdOutcome {
    pub results: Vec<MpmdValue>,
    pub schedule: Vec<Event>,
    pub topology: Topology,
}

/// Options of an MPMD run.
#[derive(Clone, Copy, Debug, Default)]
pub struct MpmdOptions {
    pub limits: Limits,
}

/// Whether `entry` of `m` is an MPMD entry function (it has a topology).
pub fn is_mpmd(m: &Module, entry: &str) -> bool {
    m.lookup_symbol(entry).is_some_and(|f| Func::of(m.op(f)).topology().present())
}

/// Runs MPMD function `entry` of `m` on global inputs (one per argument;
/// mesh-tensor arguments are laid out per their types).
pub fn run_mpmd(m: &Module, entry: &str, inputs: Vec<Value>, opts: &MpmdOptions) -> IResult<MpmdOutcome> {
    let f = m
        .lookup_symbol(entry)
        .filter(|&f| m.op(f).name == OpName::Known(OpKind::Func(FuncOp::Func)))
        .ok_or_else(|| InterpError::invalid(Span::NONE, format!("no function @{entry} in the module")))?;
    let span = m.op(f).span;
    let topo = match topology_of(m, f) {
        Some(Ok(t)) => t,
        Some(Err(e)) => return Err(InterpError::invalid(span, e)),
        None => return Err(InterpError::invalid(span, format!("@{entry} has no #mpmd.topology"))),
    };
    let (prepared, outlined) = prepare(m, &topo)?;
    let mut d = Driver {
        m: &prepared,
        it: {
            let mut it = Interp::new(&prepared, opts.limits);
            it.host = Some(crate::devices::options::strict());
            it
        },
        topo: topo.clone(),
        outlined,
        mesh_time: HashMap::new(),
        events: vec![],
        opts: ShardedOptions { limits: opts.limits, implicit: ImplicitReshards::Insert, canvas: false },
    };
    let entry_block = first_block(&prepared, f)?;
    let arg_ids = prepared.block(entry_block).args.clone();
    if arg_ids.len() != inputs.len() {
        return Err(InterpError::invalid(
            span,
            format!("@{entry} takes {} arguments, {} given", arg_ids.len(), inputs.len()),
        ));
    }
    let mut args = Vec::with_capacity(inputs.len());
    for (i, (a, v)) in arg_ids.iter().zip(inputs).enumerate() {
        let at = prepared.value(*a).span;
        let at = if at.is_none() { span } else { at };
        let mv = match prepared.value_type(*a) {
            Type::MeshTensor(mt) => {
                let t =
                    v.as_tensor().ok_or_else(|| InterpError::invalid(at, format!("argument #{i} must be a tensor")))?;
                if !crate::eval::value_has_type(&v, &Type::Tensor(mt.tensor.clone())) {
                    return Err(InterpError::invalid(
                        at,
                        format!(
                            "argument #{i} is a {}, expected {}",
                            Type::Tensor(t.ty()),
                            Type::Tensor(mt.tensor.clone())
                        ),
                    ));
                }
                MpmdValue::Mesh(d.place(mt, t, at)?)
            }
            _ => MpmdValue::Global(v),
        };
        args.push((mv, 0));
    }
    let results = d.run_block(entry_block, args, None, &HashMap::new())?;
    Ok(MpmdOutcome { results: results.into_iter().map(|(v, _)| v).collect(), schedule: d.events, topology: topo })
}

fn first_block(m: &Module, op: OpId) -> IResult<BlockId> {
    m.op(op)
        .regions
        .first()
        .and_then(|&r| m.region(r).blocks.first().copied())
        .ok_or_else(|| InterpError::invalid(m.op(op).span, "op without a body"))
}

/// A fragment's (or fragment call's) `mesh_name`.
fn mesh_name(m: &Module, op: OpId) -> Option<String> {
    view::Fragment::of(m.op(op)).mesh_name().get().map(|s| String::from_utf8_lossy(s).into_owned())
}

fn is_kind(m: &Module, op: OpId, k: OpKind) -> bool {
    m.op(op).name == OpName::Known(k)
}

/// A sharding attribute bound to the inline mesh `mesh` (the `@sym` of a
/// mesh tensor's sharding is not resolved: its topology mesh is meant).
fn rebind(s: &TensorSharding, mesh: &sdy::Mesh) -> TensorSharding {
    TensorSharding { mesh: MeshOrRef::Inline(mesh.clone()), ..s.clone() }
}

/// The fully replicated sharding of a rank-`rank` value on `mesh`.
fn replicated_attr(mesh: &sdy::Mesh, rank: usize) -> TensorSharding {
    TensorSharding {
        mesh: MeshOrRef::Inline(mesh.clone()),
        dims: (0..rank).map(|_| DimensionSharding { axes: vec![], is_closed: true, priority: None }).collect(),
        replicated: vec![],
        unreduced: vec![],
        reduction: Default::default(),
    }
}

fn rank_of(t: &Type) -> usize {
    match t {
        Type::Tensor(tt) => tt.shape.as_ref().map_or(0, Vec::len),
        Type::MeshTensor(mt) => mt.tensor.shape.as_ref().map_or(0, Vec::len),
        _ => 0,
    }
}

fn sharding_dict(base: Option<&Attr>, s: TensorSharding) -> Attr {
    let mut d = match base {
        Some(Attr::Dict(d)) => d.clone(),
        _ => Dict::default(),
    };
    d.insert(arg::SDY_SHARDING, Attr::Sdy(Box::new(SdyAttr::Sharding(s))));
    Attr::Dict(d)
}

fn dict_sharding(a: Option<&Attr>) -> Option<TensorSharding> {
    match a {
        Some(Attr::Dict(d)) => arg::sdy_sharding(d, Span::NONE).get().cloned(),
        _ => None,
    }
}

fn per_value(field: Field<'_, kind::ShardingPerValue>) -> Vec<TensorSharding> {
    field.get().map(|v| v.shardings.clone()).unwrap_or_default()
}

/// The prepared copy of the module: every fragment body outlined into a
/// function `@__mpmd_fragment_N` of its mesh (op ids unchanged), and every
/// function with `mesh_shape` given argument and result shardings on that
/// mesh (see `rebind`). Returns the copy and fragment → outlined function.
fn prepare(m: &Module, topo: &Topology) -> IResult<(Module, HashMap<OpId, String>)> {
    let mut p = m.clone();
    let mut outlined = HashMap::new();
    let body = p.body();
    let frags: Vec<OpId> = m.walk().into_iter().filter(|&op| is_kind(m, op, OpKind::Mpmd(MpmdOp::Fragment))).collect();
    for op in frags {
        let o = m.op(op).clone();
        let mesh_name = mesh_name(m, op).unwrap_or_default();
        let tm = topo.get(&mesh_name).ok_or_else(|| {
            InterpError::invalid(o.span, format!("Topology doesn't have a mesh with name: {mesh_name}"))
        })?;
        let b = first_block(m, op)?;
        let term = *m.block(b).ops.last().ok_or_else(|| InterpError::invalid(o.span, "fragment without a body"))?;
        let name = format!("__mpmd_fragment_{}", op.index());
        let f = p.add_op(OpName::Known(OpKind::Func(FuncOp::Func)), o.span);
        let r = p.add_region(f);
        p.regions[r.index()].blocks.push(b);
        p.blocks[b.index()].parent = Some(r);
        let ret = p.add_op(OpName::Known(OpKind::Func(FuncOp::Return)), m.op(term).span);
        p.op_mut(ret).operands = m.op(term).operands.clone();
        p.blocks[b.index()].ops.pop();
        p.append_op(b, ret);
        for &old in &o.regions {
            p.regions[old.index()].blocks.clear();
        }
        p.op_mut(op).regions.clear();
        let arg_types: Vec<Type> = m.block(b).args.iter().map(|&a| m.value_type(a).clone()).collect();
        let result_types: Vec<Type> = o
            .results
            .iter()
            .map(|&r| match m.value_type(r) {
                Type::MeshTensor(mt) => Type::Tensor(mt.tensor.clone()),
                t => t.clone(),
            })
            .collect();
        let frag = view::Fragment::of(m.op(op));
        let (ins, outs) = (per_value(frag.in_shardings()), per_value(frag.out_shardings()));
        let declared = |i: usize, v: ValueId, given: &[TensorSharding]| -> TensorSharding {
            let from_type = match m.value_type(v) {
                Type::MeshTensor(mt) => mt.sharding.clone(),
                _ => None,
            };
            match given.get(i).cloned().or(from_type) {
                Some(s) => rebind(&s, &tm.local),
                None => replicated_attr(&tm.local, rank_of(m.value_type(v))),
            }
        };
        let arg_attrs: Vec<Attr> =
            o.operands.iter().enumerate().map(|(i, &v)| sharding_dict(None, declared(i, v, &ins))).collect();
        let res_attrs: Vec<Attr> =
            o.results.iter().enumerate().map(|(i, &v)| sharding_dict(None, declared(i, v, &outs))).collect();
        let attrs = &mut p.op_mut(f).attrs;
        attrs.insert(keys::SYM_NAME, Attr::Str(name.clone().into_bytes(), None));
        attrs.insert(keys::FUNCTION_TYPE, Attr::Type(Type::Function(arg_types, result_types)));
        attrs.insert(keys::ARG_ATTRS, Attr::Array(arg_attrs));
        attrs.insert(keys::RES_ATTRS, Attr::Array(res_attrs));
        attrs.insert(keys::MESH_SHAPE, Attr::Sdy(Box::new(SdyAttr::Mesh(tm.local.clone()))));
        p.append_op(body, f);
        outlined.insert(op, name);
    }
    // Functions with `mesh_shape`: shardings bound to that mesh, replicated where absent.
    let funcs: Vec<OpId> = p.block(body).ops.clone();
    for f in funcs {
        let fa = Func::of(p.op(f));
        let Some(SdyAttr::Mesh(mesh)) = fa.mesh_shape().get() else { continue };
        let local = sdy::Mesh { axes: mesh.axes.clone(), device_ids: None };
        let Some(Type::Function(args, results)) = fa.function_type().get().cloned() else {
            continue;
        };
        let olds = [fa.arg_attrs().get().map(<[Attr]>::to_vec), fa.res_attrs().get().map(<[Attr]>::to_vec)];
        for ((key, tys), old) in [(keys::ARG_ATTRS, args), (keys::RES_ATTRS, results)].into_iter().zip(olds) {
            let old = old.unwrap_or_default();
            let new: Vec<Attr> = tys
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let s = match dict_sharding(old.get(i)) {
                        Some(s) => rebind(&s, &local),
                        None => replicated_attr(&local, rank_of(t)),
                    };
                    sharding_dict(old.get(i), s)
                })
                .collect();
            p.op_mut(f).attrs.insert(key, Attr::Array(new));
        }
    }
    Ok((p, outlined))
}

type Timed = (MpmdValue, usize);

struct Driver<'m> {
    m: &'m Module,
    it: Interp<'m>,
    topo: Topology,
    outlined: HashMap<OpId, String>,
    /// The first free step of each mesh.
    mesh_time: HashMap<String, usize>,
    events: Vec<Event>,
    opts: ShardedOptions,
}

impl<'m> Driver<'m> {
    fn line(&self, span: Span) -> String {
        match &self.m.source {
            Some(src) if !span.is_none() => {
                let (l, c) = shardref_spec::diag::location(src, &shardref_spec::diag::LineIndex::new(&src.text), span);
                format!("{l}:{c}")
            }
            _ => "an unknown line".into(),
        }
    }

    fn topo_mesh(&self, name: &str, span: Span) -> IResult<TopoMesh> {
        self.topo
            .get(name)
            .cloned()
            .ok_or_else(|| InterpError::invalid(span, format!("Topology doesn't have a mesh with name: {name}")))
    }

    /// A global tensor laid out on the mesh of `mt` per its sharding.
    fn place(&self, mt: &MeshTensorType, t: &Tensor, span: Span) -> IResult<MeshValue> {
        let tm = self.topo_mesh(&mt.mesh_name, span)?;
        let sharding = match &mt.sharding {
            Some(s) => Sharding::with_mesh(tm.mesh.clone(), s).map_err(|e| InterpError::invalid(span, e))?,
            None => Sharding::replicated(tm.mesh.clone(), t.shape.len()),
        };
        sharding.check_rank(t.shape.len()).map_err(|e| InterpError::invalid(span, e))?;
        let shards = sharding.shard(t).into_iter().map(Value::Tensor).collect();
        Ok(MeshValue {
            mesh: mt.mesh_name.clone(),
            value: ShardedValue {
                mesh: tm.mesh.clone(),
                sharding: Some(sharding),
                global_type: Type::Tensor(mt.tensor.clone()),
                shards,
            },
            memory_kind: mt.memory_kind.clone(),
        })
    }

    fn reassemble(&self, mv: &MeshValue, span: Span, what: &str) -> IResult<Tensor> {
        match mv.value.reassemble() {
            Ok(Value::Tensor(t)) => Ok(t),
            Ok(_) => Err(InterpError::invalid(span, format!("{what} is not a tensor"))),
            Err(UnshardError::Disagreement(d)) => {
                let each: Vec<String> = d
                    .devices
                    .iter()
                    .zip(&d.values)
                    .map(|(&p, v)| format!("device {} holds {v}", mv.value.mesh.device_id(p)))
                    .collect();
                Err(InterpError::trap(
                    span,
                    format!(
                        "{what}: replicas of element {:?} on mesh \"{}\" disagree: {}",
                        d.index,
                        mv.mesh,
                        each.join(", ")
                    ),
                ))
            }
            Err(UnshardError::Malformed(e)) => Err(InterpError::invalid(span, format!("{what}: {e}"))),
        }
    }

    fn ready(&self, env: &HashMap<ValueId, Timed>, op: OpId) -> Option<ValueId> {
        let o = self.m.op(op);
        o.operands.iter().copied().chain(captured_values(self.m, op)).find(|v| !env.contains_key(v))
    }

    /// Runs a block (the entry function's, a `call`ee's, a `for` body) with
    /// the schedule of the module header; returns its terminator's operands.
    /// `outer` holds the values of enclosing blocks a `for` body may use.
    fn run_block(
        &mut self,
        b: BlockId,
        args: Vec<Timed>,
        mb: Option<u64>,
        outer: &HashMap<ValueId, Timed>,
    ) -> IResult<Vec<Timed>> {
        let m = self.m;
        let block = m.block(b);
        if block.args.len() != args.len() {
            return Err(InterpError::invalid(block.span, "wrong number of block arguments"));
        }
        let mut env: HashMap<ValueId, Timed> = outer.clone();
        env.extend(block.args.iter().copied().zip(args));
        let Some((&term, body)) = block.ops.split_last() else {
            return Err(InterpError::invalid(block.span, "block has no terminator"));
        };
        let mut lanes: Vec<(String, VecDeque<OpId>)> =
            self.topo.meshes.iter().map(|t| (t.name.clone(), VecDeque::new())).collect();
        let mut free: Vec<OpId> = vec![];
        for &op in body {
            let o = m.op(op);
            if matches!(o.name, OpName::Known(OpKind::Mpmd(MpmdOp::Fragment | MpmdOp::FragmentCall))) {
                let mesh = mesh_name(m, op).unwrap_or_default();
                match lanes.iter_mut().find(|(n, _)| *n == mesh) {
                    Some((_, q)) => q.push_back(op),
                    None => {
                        return Err(InterpError::invalid(
                            o.span,
                            format!("Topology doesn't have a mesh with name: {mesh}"),
                        ));
                    }
                }
            } else {
                free.push(op);
            }
        }
        loop {
            let mut progressed = false;
            let mut i = 0;
            while i < free.len() {
                if self.ready(&env, free[i]).is_none() {
                    let op = free.remove(i);
                    self.exec(&mut env, op, mb)?;
                    progressed = true;
                    i = 0;
                } else {
                    i += 1;
                }
            }
            for lane in lanes.iter_mut() {
                let Some(&op) = lane.1.front() else { continue };
                if self.ready(&env, op).is_none() {
                    lane.1.pop_front();
                    self.exec(&mut env, op, mb)?;
                    progressed = true;
                }
            }
            if !progressed {
                break;
            }
        }
        let waiting: Vec<OpId> = lanes.iter().filter_map(|(_, q)| q.front().copied()).collect();
        if !waiting.is_empty() || !free.is_empty() {
            let mut parts = vec![];
            for &op in waiting.iter().chain(&free) {
                let o = m.op(op);
                let Some(v) = self.ready(&env, op) else { continue };
                let k = o.operands.iter().position(|&x| x == v);
                let what = match o.name {
                    OpName::Known(OpKind::Mpmd(MpmdOp::Fragment | MpmdOp::FragmentCall)) => format!(
                        "fragment {} on mesh \"{}\" ({})",
                        origin_text(m, op),
                        mesh_name(m, op).unwrap_or_default(),
                        self.line(o.span)
                    ),
                    _ => format!("{} ({})", o.name.as_str(), self.line(o.span)),
                };
                let operand = k.map_or("a value it captures".to_string(), |k| format!("operand #{k}"));
                parts.push(format!("{what} waits for {operand}, defined at {}", self.line(m.value(v).span)));
            }
            let at = waiting.first().or(free.first()).map_or(block.span, |&op| m.op(op).span);
            return Err(InterpError::trap(at, format!("deadlock: no mesh can make progress: {}", parts.join("; "))));
        }
        let o = m.op(term);
        match o.name {
            OpName::Known(OpKind::Func(FuncOp::Return) | OpKind::Mpmd(MpmdOp::Return)) => {}
            _ => return Err(InterpError::invalid(o.span, "block does not end in a return")),
        }
        o.operands
            .iter()
            .map(|v| env.get(v).cloned().ok_or_else(|| InterpError::invalid(o.span, "returned value is undefined")))
            .collect()
    }

    /// The operands of `op` and the step at which the last of them arrived.
    fn operands(&self, env: &HashMap<ValueId, Timed>, op: OpId) -> IResult<(Vec<MpmdValue>, usize)> {
        let o = self.m.op(op);
        let mut time = 0;
        let mut vals = Vec::with_capacity(o.operands.len());
        for v in &o.operands {
            let (val, t) =
                env.get(v).cloned().ok_or_else(|| InterpError::invalid(o.span, "operand not computed yet"))?;
            time = time.max(t);
            vals.push(val);
        }
        Ok((vals, time))
    }

    fn exec(&mut self, env: &mut HashMap<ValueId, Timed>, op: OpId, mb: Option<u64>) -> IResult<()> {
        let m = self.m;
        let o = m.op(op);
        let span = o.span;
        let (args, time) = self.operands(env, op)?;
        let results: Vec<Timed> = match o.name {
            OpName::Known(OpKind::Mpmd(k)) => self.mpmd(op, k, args, (time, mb), env)?,
            _ => {
                let vals = self.globals(op, args)?;
                let caps = captured_values(m, op)
                    .into_iter()
                    .map(|v| match env.get(&v).map(|x| &x.0) {
                        Some(MpmdValue::Global(x)) => Ok((v, x.clone())),
                        None => Err(InterpError::invalid(span, "a captured value is not computed yet")),
                        Some(MpmdValue::Mesh(_)) => Err(InterpError::invalid(
                            span,
                            format!("{} uses a mesh tensor outside a fragment", o.name.as_str()),
                        )),
                    })
                    .collect::<IResult<Vec<_>>>()?;
                let out = self.it.eval_op(op, vals, caps).map_err(|e| e.at(span))?;
                out.into_iter().map(|v| (MpmdValue::Global(v), time)).collect()
            }
        };
        if results.len() != o.results.len() {
            return Err(InterpError::invalid(span, "op produced the wrong number of results"));
        }
        env.extend(o.results.iter().copied().zip(results));
        Ok(())
    }

    /// Operands that must be global values (ops outside fragments).
    fn globals(&self, op: OpId, args: Vec<MpmdValue>) -> IResult<Vec<Value>> {
        let o = self.m.op(op);
        args.into_iter()
            .enumerate()
            .map(|(i, a)| match a {
                MpmdValue::Global(v) => Ok(v),
                MpmdValue::Mesh(mv) => Err(InterpError::invalid(
                    o.span,
                    format!(
                        "{} reads operand #{i}, a mesh tensor on mesh \"{}\", outside a fragment",
                        o.name.as_str(),
                        mv.mesh
                    ),
                )),
            })
            .collect()
    }

    fn mpmd(
        &mut self,
        op: OpId,
        k: MpmdOp,
        args: Vec<MpmdValue>,
        (time, mb): (usize, Option<u64>),
        outer: &HashMap<ValueId, Timed>,
    ) -> IResult<Vec<Timed>> {
        let m = self.m;
        let o = m.op(op);
        let span = o.span;
        let result_type = |i: usize| -> IResult<&Type> {
            o.results.get(i).map(|&r| m.value_type(r)).ok_or_else(|| InterpError::invalid(span, "missing result"))
        };
        match k {
            MpmdOp::Return => Err(InterpError::invalid(span, "mpmd.return is a terminator")),
            MpmdOp::Fragment | MpmdOp::FragmentCall => self.fragment(op, k, args, time, mb),
            MpmdOp::Transfer => {
                let [MpmdValue::Mesh(src)] = <[MpmdValue; 1]>::try_from(args)
                    .map_err(|_| InterpError::invalid(span, "mpmd.transfer takes one operand"))?
                else {
                    return Err(InterpError::invalid(span, "mpmd.transfer of a value that is not on a mesh"));
                };
                let Type::MeshTensor(mt) = result_type(0)? else {
                    return Err(InterpError::invalid(span, "mpmd.transfer to a type that is not a mesh tensor"));
                };
                let t = self.reassemble(&src, span, "the transferred value")?;
                Ok(vec![(MpmdValue::Mesh(self.place(mt, &t, span)?), time)])
            }
            MpmdOp::Assign => {
                let [MpmdValue::Global(Value::Tensor(t))] = <[MpmdValue; 1]>::try_from(args)
                    .map_err(|_| InterpError::invalid(span, "mpmd.assign takes one operand"))?
                else {
                    return Err(InterpError::invalid(span, "mpmd.assign of a value that is already on a mesh"));
                };
                let Type::MeshTensor(mt) = result_type(0)? else {
                    return Err(InterpError::invalid(span, "mpmd.assign to a type that is not a mesh tensor"));
                };
                Ok(vec![(MpmdValue::Mesh(self.place(mt, &t, span)?), time)])
            }
            MpmdOp::Unassign => {
                let [MpmdValue::Mesh(src)] = <[MpmdValue; 1]>::try_from(args)
                    .map_err(|_| InterpError::invalid(span, "mpmd.unassign takes one operand"))?
                else {
                    return Err(InterpError::invalid(span, "mpmd.unassign of a value that is not on a mesh"));
                };
                let t = self.reassemble(&src, span, "the unassigned value")?;
                Ok(vec![(MpmdValue::Global(Value::Tensor(t)), time)])
            }
            MpmdOp::NamedTensor | MpmdOp::Broadcast => {
                let [v] = <[MpmdValue; 1]>::try_from(args)
                    .map_err(|_| InterpError::invalid(span, format!("{} takes one operand", o.name.as_str())))?;
                Ok(vec![(v, time)])
            }
            MpmdOp::Reduce => {
                let r = op_reduction(o);
                let all_mesh: Option<Vec<&MeshValue>> = args
                    .iter()
                    .map(|a| match a {
                        MpmdValue::Mesh(mv) => Some(mv),
                        MpmdValue::Global(_) => None,
                    })
                    .collect();
                if let Some(mvs) = all_mesh {
                    // On one mesh with one layout: shard by shard, on the devices.
                    let first =
                        (*mvs.first().ok_or_else(|| InterpError::invalid(span, "mpmd.reduce without operands"))?)
                            .clone();
                    let same = mvs.iter().all(|mv| {
                        mv.mesh == first.mesh
                            && mv.value.sharding.as_ref().map(|s| (&s.dims, &s.unreduced))
                                == first.value.sharding.as_ref().map(|s| (&s.dims, &s.unreduced))
                    });
                    if !same {
                        return Err(InterpError::invalid(
                            span,
                            "mpmd.reduce of mesh tensors on different meshes or layouts",
                        ));
                    }
                    let mut shards = vec![];
                    for p in 0..first.value.shards.len() {
                        let ts: Vec<Tensor> = mvs
                            .iter()
                            .filter_map(|mv| mv.value.shards.get(p).and_then(Value::as_tensor).cloned())
                            .collect();
                        shards.push(Value::Tensor(reduce_tensors(r, &ts).map_err(|e| InterpError::invalid(span, e))?));
                    }
                    let value = ShardedValue { shards, ..first.value.clone() };
                    return Ok(vec![(MpmdValue::Mesh(MeshValue { value, ..first }), time)]);
                }
                let vals = self.globals(op, args)?;
                let ts = vals
                    .iter()
                    .map(|v| {
                        v.as_tensor().cloned().ok_or_else(|| InterpError::invalid(span, "mpmd.reduce of a non-tensor"))
                    })
                    .collect::<IResult<Vec<_>>>()?;
                let t = reduce_tensors(r, &ts).map_err(|e| InterpError::invalid(span, e))?;
                Ok(vec![(MpmdValue::Global(Value::Tensor(t)), time)])
            }
            MpmdOp::NamedComputation => {
                let vals = self.globals(op, args)?;
                let out = self.it.eval_op(op, vals, vec![]).map_err(|e| e.at(span))?;
                Ok(out.into_iter().map(|v| (MpmdValue::Global(v), time)).collect())
            }
            MpmdOp::Call => {
                let Some(c) = view::Call::of(o).callee().get() else {
                    return Err(InterpError::invalid(span, "call without a callee"));
                };
                let f = c
                    .first()
                    .and_then(|c| m.lookup_symbol(c))
                    .ok_or_else(|| InterpError::invalid(span, format!("no function @{}", c.join("::@"))))?;
                let counter = view::Call::of(m.op(op)).call_counter().get().and_then(|c| u64::try_from(c).ok()).or(mb);
                let b = first_block(m, f)?;
                self.run_block(b, args.into_iter().map(|a| (a, time)).collect(), counter, &HashMap::new())
            }
            MpmdOp::For => {
                let iterations = view::For::of(m.op(op)).iterations().get().unwrap_or(0);
                let b = first_block(m, op)?;
                let index_ty = m
                    .block(b)
                    .args
                    .last()
                    .map(|&a| m.value_type(a).clone())
                    .ok_or_else(|| InterpError::invalid(span, "mpmd.for body without an index argument"))?;
                let mut carried: Vec<Timed> = args.into_iter().map(|a| (a, time)).collect();
                for i in 0..u64::try_from(iterations).unwrap_or(0) {
                    let mut a = carried;
                    a.push((MpmdValue::Global(index_value(&index_ty, i, span)?), time));
                    carried = self.run_block(b, a, mb.or(Some(i)), outer)?;
                }
                Ok(carried)
            }
        }
    }

    fn fragment(
        &mut self,
        op: OpId,
        k: MpmdOp,
        args: Vec<MpmdValue>,
        time: usize,
        mb: Option<u64>,
    ) -> IResult<Vec<Timed>> {
        let m = self.m;
        let o = m.op(op);
        let span = o.span;
        let mesh_name = mesh_name(m, op).unwrap_or_default();
        let tm = self.topo_mesh(&mesh_name, span)?;
        let fname = match k {
            MpmdOp::FragmentCall => match view::Fragment::of(o).callee().get() {
                Some(c) if !c.is_empty() => c[0].clone(),
                _ => return Err(InterpError::invalid(span, "fragment_call without a callee")),
            },
            _ => self
                .outlined
                .get(&op)
                .cloned()
                .ok_or_else(|| InterpError::invalid(span, "fragment without an outlined body"))?,
        };
        let f = m
            .lookup_symbol(&fname)
            .ok_or_else(|| InterpError::invalid(span, format!("'{fname}' does not reference a valid function")))?;
        if !Func::of(m.op(f)).mesh_shape().present() {
            return Err(InterpError::invalid(span, format!("Function does not have a mesh_shape attribute: {fname}")));
        }
        // The arguments, each on this fragment's mesh.
        let mut held = vec![];
        for (i, a) in args.into_iter().enumerate() {
            match a {
                MpmdValue::Mesh(mv) if mv.mesh == mesh_name => held.push(mv),
                MpmdValue::Mesh(mv) => {
                    return Err(InterpError::invalid(
                        span,
                        format!(
                            "fragment on mesh \"{mesh_name}\" reads operand #{i}, which lives on mesh \"{}\"",
                            mv.mesh
                        ),
                    ));
                }
                MpmdValue::Global(_) => {
                    return Err(InterpError::invalid(
                        span,
                        format!("fragment on mesh \"{mesh_name}\" reads operand #{i}, which is on no mesh"),
                    ));
                }
            }
        }
        // Per-device inputs when every argument is held as the function declares it.
        let local_mesh = Mesh::from_attr(None, &tm.local).map_err(|e| InterpError::invalid(span, e))?;
        let declared: Vec<Option<Sharding>> = match Func::of(m.op(f)).arg_attrs().get() {
            Some(items) => (0..held.len())
                .map(|i| dict_sharding(items.get(i)).and_then(|s| Sharding::with_mesh(local_mesh.clone(), &s).ok()))
                .collect(),
            _ => vec![None; held.len()],
        };
        let same_layout = held.iter().zip(&declared).all(|(mv, d)| match (d, &mv.value.sharding) {
            (Some(d), Some(s)) => d.dims == s.dims && d.unreduced == s.unreduced,
            _ => false,
        });
        let n = local_mesh.num_devices();
        let inputs = if same_layout && n == tm.mesh.num_devices() && held.iter().all(|mv| mv.value.shards.len() == n) {
            ShardedInputs::PerDevice(
                (0..n).map(|p| held.iter().map(|mv| mv.value.shards[p].clone()).collect()).collect(),
            )
        } else {
            let mut g = vec![];
            for (i, mv) in held.iter().enumerate() {
                g.push(Value::Tensor(self.reassemble(mv, span, &format!("operand #{i}"))?));
            }
            ShardedInputs::Global(g)
        };
        let start = time.max(self.mesh_time.get(&mesh_name).copied().unwrap_or(0));
        let out =
            run_sharded(m, &fname, inputs, &self.opts).map_err(|e| if e.span.is_none() { e.at(span) } else { e })?;
        self.mesh_time.insert(mesh_name.clone(), start + 1);
        let microbatch = view::Call::of(m.op(op)).call_counter().get().and_then(|c| u64::try_from(c).ok()).or(mb);
        self.events.push(Event {
            mesh: mesh_name.clone(),
            step: start,
            origin: origin_text(m, op),
            microbatch,
            stage: view::Fragment::of(m.op(op)).stage_id().get().and_then(|s| i64::try_from(s).ok()),
            span,
        });
        let mut results = vec![];
        for (i, sv) in out.into_iter().enumerate() {
            let Some(Type::MeshTensor(mt)) = o.results.get(i).map(|&r| m.value_type(r)) else {
                return Err(InterpError::invalid(span, format!("result #{i} is not a mesh tensor")));
            };
            let sharding = sv.sharding.map(|s| Sharding { mesh: tm.mesh.clone(), ..s });
            let value = ShardedValue { mesh: tm.mesh.clone(), sharding, ..sv };
            let mv = MeshValue { mesh: mesh_name.clone(), value, memory_kind: mt.memory_kind.clone() };
            // Laid out as the result type says (a reshard on the mesh when the function declares another layout).
            let want = match &mt.sharding {
                Some(s) => Sharding::with_mesh(tm.mesh.clone(), s).map_err(|e| InterpError::invalid(span, e))?,
                None => Sharding::replicated(tm.mesh.clone(), rank_of(&mv.value.global_type)),
            };
            let held_as = mv.value.effective_sharding().ok();
            let mv = match held_as {
                Some(h) if h.dims == want.dims && h.unreduced == want.unreduced => mv,
                _ => {
                    let t = self.reassemble(&mv, span, &format!("result #{i}"))?;
                    self.place(mt, &t, span)?
                }
            };
            results.push((MpmdValue::Mesh(mv), start + 1));
        }
        Ok(results)
    }
}

/// A fragment's origins as its header prints them, or `inferred`.
pub fn origin_text(m: &Module, op: OpId) -> String {
    let items: Vec<String> = match view::Fragment::of(m.op(op)).origin().get() {
        Some(xs) => xs
            .iter()
            .filter_map(|a| match a {
                Attr::Mpmd(b) => match &**b {
                    MpmdAttr::UserOrigin(u) if u.transpose_count > 0 => {
                        Some(format!("\"{}\"({})", u.user_name, u.transpose_count))
                    }
                    MpmdAttr::UserOrigin(u) => Some(format!("\"{}\"", u.user_name)),
                    _ => None,
                },
                _ => None,
            })
            .collect(),
        _ => vec![],
    };
    if items.is_empty() { "inferred".into() } else { items.join(",") }
}

/// Device ids as `a-b` when they are consecutive and ascending, else listed.
fn devices_label(ids: &[i64]) -> String {
    match (ids.first(), ids.last()) {
        (Some(a), Some(b)) if ids.len() > 1 && ids.windows(2).all(|w| w[1] == w[0] + 1) => format!("{a}-{b}"),
        _ => ids.iter().map(i64::to_string).collect::<Vec<_>>().join(","),
    }
}

/// The schedule as a per-mesh timeline: one row per step, one column per
/// mesh; a cell is the fragment that mesh runs in that step (origin,
/// `mb` microbatch, `stage`), or `.` when the mesh idles (a bubble).
pub fn schedule_text(out: &MpmdOutcome) -> String {
    use std::fmt::Write as _;
    let steps = out.schedule.iter().map(|e| e.step + 1).max().unwrap_or(0);
    let names: Vec<&str> = out.topology.meshes.iter().map(|t| t.name.as_str()).collect();
    let cell = |e: &Event| {
        let mut s = e.origin.clone();
        if let Some(mb) = e.microbatch {
            let _ = write!(s, " mb{mb}");
        }
        if let Some(st) = e.stage {
            let _ = write!(s, " stage{st}");
        }
        s
    };
    let mut grid = vec![vec![".".to_string(); names.len()]; steps];
    for e in &out.schedule {
        if let Some(j) = names.iter().position(|n| *n == e.mesh) {
            grid[e.step][j] = cell(e);
        }
    }
    let busy: Vec<usize> = (0..names.len()).map(|j| grid.iter().filter(|r| r[j] != ".").count()).collect();
    let mut header: Vec<String> = vec!["step".into()];
    for (j, t) in out.topology.meshes.iter().enumerate() {
        let ids = &t.mesh.device_ids;
        let range = devices_label(ids);
        header.push(format!("{} (devices {range})", names[j]));
    }
    let mut widths: Vec<usize> = header.iter().map(String::len).collect();
    for (i, row) in grid.iter().enumerate() {
        widths[0] = widths[0].max(i.to_string().len());
        for (j, c) in row.iter().enumerate() {
            widths[j + 1] = widths[j + 1].max(c.len());
        }
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "schedule: {} fragment(s) in {steps} step(s) on {} mesh(es); \".\" = idle",
        out.schedule.len(),
        names.len()
    );
    let line = |cells: &[String]| {
        cells.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}")).collect::<Vec<_>>().join("  ").trim_end().to_string()
    };
    let _ = writeln!(s, "{}", line(&header));
    for (i, row) in grid.iter().enumerate() {
        let mut cells = vec![i.to_string()];
        cells.extend(row.iter().cloned());
        let _ = writeln!(s, "{}", line(&cells));
    }
    let util: Vec<String> = names.iter().zip(&busy).map(|(n, b)| format!("{n} {b}/{steps}")).collect();
    let _ = writeln!(s, "busy steps: {}", util.join(", "));
    s
}

/// The schedule as an SVG picture: one row per mesh, one column per step,
/// a box per fragment (labelled as in `schedule_text`, shaded by origin so
/// that forward and transposed stages differ), empty cells are bubbles.
pub fn schedule_svg(out: &MpmdOutcome) -> String {
    use std::fmt::Write as _;
    let steps = out.schedule.iter().map(|e| e.step + 1).max().unwrap_or(0);
    let (cw, ch, lw, top) = (110usize, 34usize, 150usize, 28usize);
    let width = lw + cw * steps.max(1) + 10;
    let height = top + ch * out.topology.meshes.len() + 10;
    let esc = |t: &str| t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    let mut origins: Vec<&str> = out.schedule.iter().map(|e| e.origin.as_str()).collect();
    origins.sort_unstable();
    origins.dedup();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"monospace\" font-size=\"12\">"
    );
    for i in 0..steps {
        let _ = writeln!(s, "<text x=\"{}\" y=\"18\" text-anchor=\"middle\">step {i}</text>", lw + i * cw + cw / 2);
    }
    for (r, t) in out.topology.meshes.iter().enumerate() {
        let y = top + r * ch;
        let ids = &t.mesh.device_ids;
        let range = devices_label(ids);
        let _ = writeln!(s, "<text x=\"4\" y=\"{}\">{} ({range})</text>", y + ch / 2 + 4, esc(&t.name));
        for i in 0..steps {
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{y}\" width=\"{cw}\" height=\"{ch}\" fill=\"none\" stroke=\"#ccc\"/>",
                lw + i * cw
            );
        }
    }
    for e in &out.schedule {
        let Some(r) = out.topology.meshes.iter().position(|t| t.name == e.mesh) else { continue };
        let hue = origins.iter().position(|o| *o == e.origin).unwrap_or(0) * 137 % 360;
        let (x, y) = (lw + e.step * cw, top + r * ch);
        let mut label = e.origin.clone();
        if let Some(mb) = e.microbatch {
            let _ = write!(label, " mb{mb}");
        }
        if let Some(st) = e.stage {
            let _ = write!(label, " stage{st}");
        }
        let _ = writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"hsl({hue},60%,80%)\" stroke=\"#333\"/>",
            x + 2,
            y + 2,
            cw - 4,
            ch - 4
        );
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            x + cw / 2,
            y + ch / 2 + 4,
            esc(&label)
        );
    }
    s.push_str("</svg>\n");
    s
}
