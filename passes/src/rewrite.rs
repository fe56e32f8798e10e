//! Rewriting primitives over the arena IR: use lists computed on demand,
//! op insertion and erasure, deep cloning, symbol tables with MLIR's
//! uniquing, and upstream's `getSharding`/`setSharding` for every kind of
//! value.
//!
//! Invariants: an erased op is detached from its block (the arena keeps it,
//! but no walk from the root reaches it), so every query here walks from the
//! root and never sees erased ops. No function here panics on any module:
//! missing attributes and out-of-range indices read as absent.

use std::collections::HashMap;

use shardref_spec::ir::sdy::{DimensionSharding, Mesh, MeshOrRef, SdyAttr, ShardingPerValue, TensorSharding};
use shardref_spec::ir::{Attr, BlockId, Dict, Module, OpId, Span, Type, ValueDef, ValueId};
use shardref_spec::ops::{FuncOp, OpKind, OpName, SdyOp, StablehloOp};
use shardref_spec::schema::{Field, kind};

/// Whether `op` is the known op `kind`.
pub fn is(m: &Module, op: OpId, kind: OpKind) -> bool {
    m.op(op).name == OpName::Known(kind)
}

pub fn is_sdy(m: &Module, op: OpId, k: SdyOp) -> bool {
    is(m, op, OpKind::Sdy(k))
}

pub fn is_func(m: &Module, op: OpId) -> bool {
    is(m, op, OpKind::Func(FuncOp::Func))
}

pub fn is_call(m: &Module, op: OpId) -> bool {
    is(m, op, OpKind::Func(FuncOp::Call))
}

pub fn is_shlo(m: &Module, op: OpId, k: StablehloOp) -> bool {
    is(m, op, OpKind::Stablehlo(k))
}

/// Whether an op ends its block (`func.return`, `stablehlo.return`, `sdy.return`, ...).
pub fn is_terminator(m: &Module, op: OpId) -> bool {
    m.op(op).name.kind().is_some_and(|k| k.has(shardref_spec::ops::Traits::TERMINATOR))
}

/// Every live op in post-order (nested ops before their parent), as MLIR's default walk.
pub fn post_order(m: &Module) -> Vec<OpId> {
    let mut out = post_order_within(m, m.root);
    out.push(m.root);
    out
}

/// The ops nested in `op` (not `op` itself), in post-order.
pub fn post_order_within(m: &Module, op: OpId) -> Vec<OpId> {
    let mut out = vec![];
    let mut stack: Vec<(OpId, bool)> = vec![];
    push_nested(m, op, &mut stack);
    while let Some((o, expanded)) = stack.pop() {
        if expanded {
            out.push(o);
            continue;
        }
        stack.push((o, true));
        push_nested(m, o, &mut stack);
    }
    out
}

fn push_nested(m: &Module, op: OpId, stack: &mut Vec<(OpId, bool)>) {
    for &r in m.op(op).regions.iter().rev() {
        for &b in m.region(r).blocks.iter().rev() {
            stack.extend(m.block(b).ops.iter().rev().map(|&x| (x, false)));
        }
    }
}

/// The ops nested in `op` (not `op` itself), in pre-order.
pub fn pre_order_within(m: &Module, op: OpId) -> Vec<OpId> {
    let mut out = vec![];
    let mut stack: Vec<OpId> = vec![];
    let push = |m: &Module, o: OpId, stack: &mut Vec<OpId>| {
        for &r in m.op(o).regions.iter().rev() {
            for &b in m.region(r).blocks.iter().rev() {
                stack.extend(m.block(b).ops.iter().rev());
            }
        }
    };
    push(m, op, &mut stack);
    while let Some(o) = stack.pop() {
        out.push(o);
        push(m, o, &mut stack);
    }
    out
}

/// Every use of every value, as (user op, operand index), in pre-order of the users.
pub struct Uses {
    pub by_value: HashMap<ValueId, Vec<(OpId, usize)>>,
}

impl Uses {
    pub fn compute(m: &Module) -> Uses {
        let mut by_value: HashMap<ValueId, Vec<(OpId, usize)>> = HashMap::new();
        for op in m.walk() {
            for (i, &v) in m.op(op).operands.iter().enumerate() {
                by_value.entry(v).or_default().push((op, i));
            }
        }
        Uses { by_value }
    }
    pub fn of(&self, v: ValueId) -> &[(OpId, usize)] {
        self.by_value.get(&v).map(Vec::as_slice).unwrap_or(&[])
    }
}

/// The users of `v` (one entry per use), in pre-order.
pub fn users(m: &Module, v: ValueId) -> Vec<OpId> {
    let mut out = vec![];
    for op in m.walk() {
        for &o in &m.op(op).operands {
            if o == v {
                out.push(op);
            }
        }
    }
    out
}

/// Replaces every use of `from` by `to` in the operands of the ops `keep` accepts.
pub fn replace_uses_if(m: &mut Module, from: ValueId, to: ValueId, keep: impl Fn(&Module, OpId) -> bool) {
    for op in m.walk() {
        if !m.op(op).operands.contains(&from) || !keep(m, op) {
            continue;
        }
        for o in &mut m.op_mut(op).operands {
            if *o == from {
                *o = to;
            }
        }
    }
}

/// Replaces every use of `from` by `to` except in `except`.
pub fn replace_uses_except(m: &mut Module, from: ValueId, to: ValueId, except: OpId) {
    replace_uses_if(m, from, to, |_, op| op != except);
}

/// The op defining `v`, if it is an op result.
pub fn def_op(m: &Module, v: ValueId) -> Option<OpId> {
    match m.value(v).def {
        ValueDef::Result { op, .. } => Some(op),
        ValueDef::BlockArg { .. } => None,
    }
}

/// The position of `op` in its block.
pub fn position(m: &Module, op: OpId) -> Option<(BlockId, usize)> {
    let b = m.op(op).parent?;
    let i = m.block(b).ops.iter().position(|&o| o == op)?;
    Some((b, i))
}

/// Inserts the detached `op` at index `at` of `block`.
pub fn insert_at(m: &mut Module, block: BlockId, at: usize, op: OpId) {
    m.op_mut(op).parent = Some(block);
    let ops = &mut m.blocks[block.index()].ops;
    let at = at.min(ops.len());
    ops.insert(at, op);
}

pub fn insert_before(m: &mut Module, anchor: OpId, op: OpId) {
    if let Some((b, i)) = position(m, anchor) {
        insert_at(m, b, i, op);
    }
}

pub fn insert_after(m: &mut Module, anchor: OpId, op: OpId) {
    if let Some((b, i)) = position(m, anchor) {
        insert_at(m, b, i + 1, op);
    }
}

/// Detaches `op` from its block, keeping it intact (to be inserted elsewhere).
pub fn detach(m: &mut Module, op: OpId) {
    if let Some((b, i)) = position(m, op) {
        m.blocks[b.index()].ops.remove(i);
    }
    m.op_mut(op).parent = None;
}

/// Erases `op`: detaches it and drops the uses it and its nested ops make,
/// so that no count of uses over the arena sees them.
pub fn erase(m: &mut Module, op: OpId) {
    detach(m, op);
    for o in post_order_within(m, op) {
        m.op_mut(o).operands.clear();
    }
    m.op_mut(op).operands.clear();
}

/// Creates a detached op with the given operands, result types and attributes.
pub fn create(m: &mut Module, kind: OpKind, operands: Vec<ValueId>, results: &[Type], attrs: Dict) -> OpId {
    let op = m.add_op(OpName::Known(kind), Span::NONE);
    m.op_mut(op).operands = operands;
    m.op_mut(op).attrs = attrs;
    for t in results {
        m.add_result(op, t.clone(), Span::NONE);
    }
    op
}

/// Deep-clones `op` (with its regions); operands are remapped through `map`,
/// which receives the clone's results and block arguments.
pub fn clone_op(m: &mut Module, op: OpId, map: &mut HashMap<ValueId, ValueId>) -> OpId {
    let src = m.op(op).clone();
    let new = m.add_op(src.name.clone(), src.span);
    {
        let n = m.op_mut(new);
        n.operands = src.operands.iter().map(|v| *map.get(v).unwrap_or(v)).collect();
        n.attrs = src.attrs.clone();
        n.loc = src.loc.clone();
    }
    for &r in &src.results {
        let v = m.value(r).clone();
        let nv = m.add_result(new, v.ty, v.span);
        map.insert(r, nv);
    }
    for &r in &src.regions {
        let nr = m.add_region(new);
        clone_region_into(m, r, nr, map);
    }
    new
}

/// Clones the blocks of region `from` into the (empty) region `to`.
pub fn clone_region_into(
    m: &mut Module,
    from: shardref_spec::ir::RegionId,
    to: shardref_spec::ir::RegionId,
    map: &mut HashMap<ValueId, ValueId>,
) {
    let blocks = m.region(from).blocks.clone();
    let mut new_blocks = vec![];
    for &b in &blocks {
        let span = m.block(b).span;
        let nb = m.add_block(to, span);
        for &a in &m.block(b).args.clone() {
            let v = m.value(a).clone();
            let na = m.add_block_arg(nb, v.ty, v.span);
            map.insert(a, na);
        }
        new_blocks.push(nb);
    }
    for (&b, &nb) in blocks.iter().zip(&new_blocks) {
        for o in m.block(b).ops.clone() {
            let c = clone_op(m, o, map);
            m.append_op(nb, c);
        }
    }
}

/// The symbol name of an op (`sym_name`).
pub fn sym_name(m: &Module, op: OpId) -> Option<String> {
    shardref_spec::schema::Func::of(m.op(op))
        .sym_name()
        .raw()
        .and_then(Attr::as_str)
        .map(|s| String::from_utf8_lossy(s).into_owned())
}

/// The callee of a `func.call`.
pub fn callee(m: &Module, call: OpId) -> Option<String> {
    match shardref_spec::schema::Call::of(m.op(call)).callee().raw() {
        Some(Attr::SymbolRef(path)) if path.len() == 1 => Some(path[0].clone()),
        _ => None,
    }
}

/// The functions of the module body, in order.
pub fn funcs(m: &Module) -> Vec<OpId> {
    m.block(m.body()).ops.iter().copied().filter(|&o| is_func(m, o)).collect()
}

/// The function named `name` in the module body.
pub fn func_named(m: &Module, name: &str) -> Option<OpId> {
    funcs(m).into_iter().find(|&f| sym_name(m, f).as_deref() == Some(name))
}

/// The entry block of an op's first region.
pub fn entry_block(m: &Module, op: OpId) -> Option<BlockId> {
    m.op(op).regions.first().and_then(|&r| m.region(r).blocks.first().copied())
}

/// A module symbol table with MLIR's uniquing counter (`SymbolTable::insert`).
pub struct SymbolTable {
    pub counter: u64,
}

impl SymbolTable {
    pub fn new() -> SymbolTable {
        SymbolTable { counter: 0 }
    }

    /// Appends the detached symbol op to the module body, renaming it
    /// `name_N` when its name is taken (one counter for all names).
    pub fn insert(&mut self, m: &mut Module, op: OpId) -> String {
        let base = sym_name(m, op).unwrap_or_default();
        let taken = |m: &Module, n: &str| {
            m.block(m.body()).ops.iter().any(|&o| o != op && sym_name(m, o).as_deref() == Some(n))
        };
        let mut name = base.clone();
        if taken(m, &name) {
            loop {
                name = format!("{base}_{}", self.counter);
                self.counter += 1;
                if !taken(m, &name) {
                    break;
                }
            }
            m.op_mut(op).attrs.insert(shardref_spec::schema::keys::SYM_NAME, Attr::str(&name));
        }
        let body = m.body();
        m.append_op(body, op);
        name
    }
}

impl Default for SymbolTable {
    fn default() -> Self {
        SymbolTable::new()
    }
}

// ------------------------------------------------------------ shardings

/// The `sdy` attribute named `name` on `op`.
pub fn sdy_attr<'a>(m: &'a Module, op: OpId, name: &'static str) -> Option<&'a SdyAttr> {
    Field::<kind::Sdy>::new(m.op(op), name).get()
}

pub fn sharding_attr(m: &Module, op: OpId, name: &'static str) -> Option<TensorSharding> {
    match sdy_attr(m, op, name) {
        Some(SdyAttr::Sharding(s)) => Some(s.clone()),
        _ => None,
    }
}

pub fn sharding_list(m: &Module, op: OpId, name: &'static str) -> Option<Vec<TensorSharding>> {
    match sdy_attr(m, op, name) {
        Some(SdyAttr::ShardingPerValue(s)) => Some(s.shardings.clone()),
        _ => None,
    }
}

pub fn set_sharding_list(m: &mut Module, op: OpId, name: &'static str, list: Vec<TensorSharding>) {
    m.op_mut(op)
        .attrs
        .insert(name, Attr::Sdy(Box::new(SdyAttr::ShardingPerValue(ShardingPerValue { shardings: list }))));
}

pub fn set_sharding_attr(m: &mut Module, op: OpId, name: &'static str, s: TensorSharding) {
    m.op_mut(op).attrs.insert(name, Attr::Sdy(Box::new(SdyAttr::Sharding(s))));
}

/// The manual axes of a `sdy.manual_computation`.
pub fn manual_axes(m: &Module, op: OpId) -> Vec<String> {
    match sdy_attr(m, op, shardref_spec::schema::keys::MANUAL_AXES) {
        Some(SdyAttr::ManualAxes(a)) => a.axes.clone(),
        _ => vec![],
    }
}

/// A function's per-argument (`arg_attrs`) or per-result (`res_attrs`) attribute dictionaries.
pub fn func_attr_dicts(m: &Module, func: OpId, which: &'static str, n: usize) -> Vec<Dict> {
    let mut out = match Field::<kind::Array>::new(m.op(func), which).get() {
        Some(a) => a.iter().map(|d| if let Attr::Dict(d) = d { d.clone() } else { Dict::default() }).collect(),
        _ => vec![],
    };
    out.resize(n, Dict::default());
    out
}

pub fn set_func_attr_dicts(m: &mut Module, func: OpId, which: &'static str, dicts: Vec<Dict>) {
    if dicts.iter().all(Dict::is_empty) {
        m.op_mut(func).attrs.remove(which);
    } else {
        m.op_mut(func).attrs.insert(which, Attr::Array(dicts.into_iter().map(Attr::Dict).collect()));
    }
}

/// A function's signature: (inputs, results).
pub fn func_type(m: &Module, func: OpId) -> (Vec<Type>, Vec<Type>) {
    match shardref_spec::schema::Func::of(m.op(func)).function_type().raw() {
        Some(Attr::Type(Type::Function(i, r))) => (i.clone(), r.clone()),
        _ => (vec![], vec![]),
    }
}

fn dict_sharding(d: &Dict) -> Option<TensorSharding> {
    match d.get(shardref_spec::schema::keys::SDY_SHARDING) {
        Some(Attr::Sdy(a)) => match a.as_ref() {
            SdyAttr::Sharding(s) => Some(s.clone()),
            _ => None,
        },
        _ => None,
    }
}

pub fn func_arg_sharding(m: &Module, func: OpId, i: usize) -> Option<TensorSharding> {
    let n = func_type(m, func).0.len().max(i + 1);
    dict_sharding(&func_attr_dicts(m, func, shardref_spec::schema::keys::ARG_ATTRS, n)[i])
}

pub fn func_result_sharding(m: &Module, func: OpId, i: usize) -> Option<TensorSharding> {
    let n = func_type(m, func).1.len().max(i + 1);
    dict_sharding(&func_attr_dicts(m, func, shardref_spec::schema::keys::RES_ATTRS, n)[i])
}

pub fn set_func_arg_sharding(m: &mut Module, func: OpId, i: usize, s: TensorSharding) {
    let n = func_type(m, func).0.len().max(i + 1);
    let mut d = func_attr_dicts(m, func, shardref_spec::schema::keys::ARG_ATTRS, n);
    d[i].insert(shardref_spec::schema::keys::SDY_SHARDING, Attr::Sdy(Box::new(SdyAttr::Sharding(s))));
    set_func_attr_dicts(m, func, shardref_spec::schema::keys::ARG_ATTRS, d);
}

/// Whether an op's single result's sharding lives in its `sharding` attribute.
fn sharding_in_attr(k: SdyOp) -> Option<&'static str> {
    match k {
        SdyOp::ShardingConstraint | SdyOp::Reshard | SdyOp::DataFlowEdge => Some(shardref_spec::schema::keys::SHARDING),
        SdyOp::AllGather
        | SdyOp::AllSlice
        | SdyOp::AllToAll
        | SdyOp::CollectivePermute
        | SdyOp::AllReduce
        | SdyOp::ReduceScatter
        | SdyOp::ShardedToUnreduced
        | SdyOp::ReplicatedToUnreduced => Some(shardref_spec::schema::keys::OUT_SHARDING),
        SdyOp::Mesh
        | SdyOp::Return
        | SdyOp::ManualComputation
        | SdyOp::ShardingGroup
        | SdyOp::Constant
        | SdyOp::PropagationBarrier
        | SdyOp::NamedComputation
        | SdyOp::FuncDataFlowEdge => None,
    }
}

/// The name of the mesh a sharding refers to, or the inline mesh.
pub fn mesh_of<'a>(m: &'a Module, s: &'a TensorSharding) -> Option<&'a Mesh> {
    match &s.mesh {
        MeshOrRef::Inline(mesh) => Some(mesh),
        MeshOrRef::Ref(name) => mesh_named(m, name),
    }
}

/// The `sdy.mesh` symbol `name`.
pub fn mesh_named<'a>(m: &'a Module, name: &str) -> Option<&'a Mesh> {
    let op = m
        .block(m.body())
        .ops
        .iter()
        .copied()
        .find(|&o| is_sdy(m, o, SdyOp::Mesh) && sym_name(m, o).as_deref() == Some(name))?;
    match sdy_attr(m, op, shardref_spec::schema::keys::MESH) {
        Some(SdyAttr::Mesh(mesh)) => Some(mesh),
        _ => None,
    }
}

/// `sharding` without the axes in `manual` (upstream's `getInShardingWithoutManualAxes`).
pub fn without_manual_axes(s: &TensorSharding, manual: &[String]) -> TensorSharding {
    let keep = |a: &shardref_spec::ir::sdy::AxisRef| !manual.contains(&a.name);
    TensorSharding {
        mesh: s.mesh.clone(),
        dims: s
            .dims
            .iter()
            .map(|d| DimensionSharding {
                axes: d.axes.iter().filter(|a| keep(a)).cloned().collect(),
                is_closed: d.is_closed,
                priority: d.priority,
            })
            .collect(),
        replicated: s.replicated.iter().filter(|a| keep(a)).cloned().collect(),
        unreduced: s.unreduced.iter().filter(|a| keep(a)).cloned().collect(),
        reduction: s.reduction,
    }
}

/// A fully open sharding of `rank` dimensions on `mesh`.
pub fn fully_open(mesh: MeshOrRef, rank: usize) -> TensorSharding {
    TensorSharding {
        mesh,
        dims: (0..rank).map(|_| DimensionSharding { axes: vec![], is_closed: false, priority: None }).collect(),
        replicated: vec![],
        unreduced: vec![],
        reduction: Default::default(),
    }
}

/// The rank of a tensor type (0 for other types).
pub fn rank(t: &Type) -> usize {
    match t {
        Type::Tensor(tt) => tt.rank().unwrap_or(0),
        Type::MeshTensor(mt) => mt.tensor.rank().unwrap_or(0),
        Type::Vector(..)
        | Type::Tuple(_)
        | Type::Function(..)
        | Type::Elem(_)
        | Type::None
        | Type::Token
        | Type::Future(_)
        | Type::Opaque { .. } => 0,
    }
}

/// Whether a type is a statically shaped ranked tensor (upstream's `isStaticShapedType`).
pub fn is_static_shaped(t: &Type) -> bool {
    match t {
        Type::Tensor(tt) => tt.static_shape().is_some(),
        Type::MeshTensor(mt) => mt.tensor.static_shape().is_some(),
        Type::Vector(..) => true,
        Type::Tuple(_)
        | Type::Function(..)
        | Type::Elem(_)
        | Type::None
        | Type::Token
        | Type::Future(_)
        | Type::Opaque { .. } => false,
    }
}

/// The edge owner a value belongs to: itself for an op result or a
/// block argument of a manual or named computation, the matching result for
/// a block argument of a `stablehlo.while`; `None` for other block arguments
/// (upstream's `getShardableValue`).
pub fn shardable_value(m: &Module, v: ValueId) -> Option<ValueId> {
    match m.value(v).def {
        ValueDef::Result { .. } => Some(v),
        ValueDef::BlockArg { block, index } => {
            let owner = m.block_parent_op(block)?;
            match m.op(owner).name {
                OpName::Known(OpKind::Func(FuncOp::Func))
                | OpName::Known(OpKind::Sdy(SdyOp::ManualComputation | SdyOp::NamedComputation)) => Some(v),
                OpName::Known(OpKind::Stablehlo(StablehloOp::While)) => {
                    m.op(owner).results.get(index as usize).copied()
                }
                _ => None,
            }
        }
    }
}

/// `DataFlowEdgeOp::lookup`: the `sdy.data_flow_edge` of the edge owner of `v`, if any.
pub fn data_flow_edge_of(m: &Module, v: ValueId) -> Option<OpId> {
    let owner = shardable_value(m, v)?;
    let us = users(m, owner);
    match us.as_slice() {
        [e] if is_sdy(m, *e, SdyOp::DataFlowEdge)
            && !matches!(m.value(v).def, ValueDef::Result { op, .. } if op == *e) =>
        {
            Some(*e)
        }
        _ => None,
    }
}

/// Upstream's `getSharding(value)`: the sharding recorded for a value, wherever its op keeps it.
pub fn sharding_of(m: &Module, v: ValueId) -> Option<TensorSharding> {
    if let Some(e) = data_flow_edge_of(m, v) {
        return sharding_attr(m, e, shardref_spec::schema::keys::SHARDING);
    }
    match m.value(v).def {
        ValueDef::BlockArg { block, index } => {
            let owner = m.block_parent_op(block)?;
            let i = index as usize;
            match m.op(owner).name {
                OpName::Known(OpKind::Func(FuncOp::Func)) => func_arg_sharding(m, owner, i),
                OpName::Known(OpKind::Sdy(SdyOp::ManualComputation)) => {
                    let s = sharding_list(m, owner, shardref_spec::schema::keys::IN_SHARDINGS)?.get(i)?.clone();
                    Some(without_manual_axes(&s, &manual_axes(m, owner)))
                }
                OpName::Known(OpKind::Sdy(SdyOp::NamedComputation)) => {
                    sharding_list(m, owner, shardref_spec::schema::keys::IN_SHARDINGS)?.get(i).cloned()
                }
                OpName::Known(OpKind::Stablehlo(StablehloOp::While)) => {
                    sharding_list(m, owner, shardref_spec::schema::keys::SDY_SHARDING)?.get(i).cloned()
                }
                _ => None,
            }
        }
        ValueDef::Result { op, index } => {
            let i = index as usize;
            match m.op(op).name {
                OpName::Known(OpKind::Sdy(k)) => match (k, sharding_in_attr(k)) {
                    (_, Some(name)) => sharding_attr(m, op, name),
                    (SdyOp::ManualComputation | SdyOp::NamedComputation, None) => {
                        sharding_list(m, op, shardref_spec::schema::keys::OUT_SHARDINGS)?.get(i).cloned()
                    }
                    _ => sharding_list(m, op, shardref_spec::schema::keys::SDY_SHARDING)?.get(i).cloned(),
                },
                _ => sharding_list(m, op, shardref_spec::schema::keys::SDY_SHARDING)?.get(i).cloned(),
            }
        }
    }
}

/// Upstream's `setSharding(value, sharding)`. Other results of a
/// multi-result op without shardings get fully open ones on the same mesh.
pub fn set_sharding(m: &mut Module, v: ValueId, s: TensorSharding) {
    if let Some(e) = data_flow_edge_of(m, v) {
        set_sharding_attr(m, e, shardref_spec::schema::keys::SHARDING, s);
        return;
    }
    match m.value(v).def {
        ValueDef::BlockArg { block, index } => {
            let Some(owner) = m.block_parent_op(block) else { return };
            let i = index as usize;
            match m.op(owner).name {
                OpName::Known(OpKind::Func(FuncOp::Func)) => set_func_arg_sharding(m, owner, i, s),
                OpName::Known(OpKind::Sdy(SdyOp::NamedComputation | SdyOp::ManualComputation)) => {
                    set_in_list(m, owner, shardref_spec::schema::keys::IN_SHARDINGS, i, s)
                }
                OpName::Known(OpKind::Stablehlo(StablehloOp::While)) => {
                    set_in_list(m, owner, shardref_spec::schema::keys::SDY_SHARDING, i, s)
                }
                _ => {}
            }
        }
        ValueDef::Result { op, index } => {
            let i = index as usize;
            match m.op(op).name {
                OpName::Known(OpKind::Sdy(k)) => match (k, sharding_in_attr(k)) {
                    (_, Some(name)) => set_sharding_attr(m, op, name, s),
                    (SdyOp::ManualComputation | SdyOp::NamedComputation, None) => {
                        set_in_list(m, op, shardref_spec::schema::keys::OUT_SHARDINGS, i, s)
                    }
                    _ => set_in_list(m, op, shardref_spec::schema::keys::SDY_SHARDING, i, s),
                },
                _ => set_in_list(m, op, shardref_spec::schema::keys::SDY_SHARDING, i, s),
            }
        }
    }
}

fn set_in_list(m: &mut Module, op: OpId, name: &'static str, i: usize, s: TensorSharding) {
    let types: Vec<Type> = if name == shardref_spec::schema::keys::IN_SHARDINGS {
        m.op(op).operands.iter().map(|&v| m.value_type(v).clone()).collect()
    } else {
        m.op(op).results.iter().map(|&v| m.value_type(v).clone()).collect()
    };
    let mut list = sharding_list(m, op, name).unwrap_or_default();
    while list.len() < types.len() {
        let r = rank(&types[list.len()]);
        list.push(fully_open(s.mesh.clone(), r));
    }
    if i < list.len() {
        list[i] = s;
    }
    set_sharding_list(m, op, name, list);
}

/// Applies `f` to every tensor sharding of the module, in upstream's
/// `transformShardings` order (pre-order; a function's arguments then
/// results; an op's sharding attributes in name order).
pub fn transform_shardings(m: &mut Module, mut f: impl FnMut(&mut Module, TensorSharding) -> TensorSharding) {
    for op in m.walk() {
        transform_op_shardings(m, op, &mut f);
    }
}

/// `transform_shardings` for the shardings of one op.
pub fn transform_op_shardings(
    m: &mut Module,
    op: OpId,
    f: &mut impl FnMut(&mut Module, TensorSharding) -> TensorSharding,
) {
    if is_func(m, op) {
        for which in [shardref_spec::schema::keys::ARG_ATTRS, shardref_spec::schema::keys::RES_ATTRS] {
            let Some(list) = Field::<kind::Array>::new(m.op(op), which).get().map(<[Attr]>::to_vec) else { continue };
            let mut changed = vec![];
            for d in list {
                let mut d = match d {
                    Attr::Dict(d) => d,
                    other => {
                        changed.push(other);
                        continue;
                    }
                };
                if let Some(s) = dict_sharding(&d) {
                    let s = f(m, s);
                    d.insert(shardref_spec::schema::keys::SDY_SHARDING, Attr::Sdy(Box::new(SdyAttr::Sharding(s))));
                }
                changed.push(Attr::Dict(d));
            }
            m.op_mut(op).attrs.insert(which, Attr::Array(changed));
        }
        return;
    }
    let entries: Vec<(String, Attr)> = m.op(op).attrs.iter().map(|(k, a)| (k.to_string(), a.clone())).collect();
    for (name, attr) in entries {
        let new = match Some(attr) {
            Some(Attr::Sdy(a)) => match *a {
                SdyAttr::Sharding(s) => Some(SdyAttr::Sharding(f(m, s))),
                SdyAttr::ShardingPerValue(l) => Some(SdyAttr::ShardingPerValue(ShardingPerValue {
                    shardings: l.shardings.into_iter().map(|s| f(m, s)).collect(),
                })),
                _ => None,
            },
            _ => None,
        };
        if let Some(a) = new {
            m.op_mut(op).attrs.insert(name, Attr::Sdy(Box::new(a)));
        }
    }
}

/// Upstream's `getOriginalFuncName`: `sdy.original_func_name`, else the symbol name.
pub fn original_func_name(m: &Module, f: OpId) -> String {
    match shardref_spec::schema::Func::of(m.op(f)).sdy_original_func_name().raw().and_then(Attr::as_str) {
        Some(s) => String::from_utf8_lossy(s).into_owned(),
        None => sym_name(m, f).unwrap_or_default(),
    }
}

/// Upstream's `cloneFuncRecursively`: a detached clone of `f` named after
/// its original, whose calls go to fresh clones of their callees (inserted
/// into the module as they are made). A call to a missing function is an
/// error naming it.
pub fn clone_func_recursively(m: &mut Module, st: &mut SymbolTable, f: OpId) -> Result<OpId, String> {
    let original = original_func_name(m, f);
    let clone = clone_op(m, f, &mut HashMap::new());
    m.op_mut(clone).attrs.insert(shardref_spec::schema::keys::SDY_ORIGINAL_FUNC_NAME, Attr::str(&original));
    for call in pre_order_within(m, clone) {
        if !is_call(m, call) {
            continue;
        }
        let name = callee(m, call).unwrap_or_default();
        let g = func_named(m, &name).ok_or_else(|| format!("Failed to lookup function: {name}"))?;
        let g_clone = clone_func_recursively(m, st, g)?;
        let new_name = st.insert(m, g_clone);
        m.op_mut(call).attrs.insert(shardref_spec::schema::keys::CALLEE, Attr::SymbolRef(vec![new_name]));
    }
    Ok(clone)
}
