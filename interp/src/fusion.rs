//! Which ops the evaluator runs as fused elementwise groups (`ops::fused`): a pure function of
//! the module, computed once with the frame slots and liveness (`eval::ModuleAnalysis`).
//!
//! A group is a maximal run of at least two consecutive ops of one block that are all fusible
//! on one shape with at least `MIN_ELEMENTS` elements, and that contains an elementwise op. An op
//! is fusible when it is a StableHLO splat `constant`, an `iota` or a unary or binary op with a
//! fused form (`ops::fused::Unary`, `Binary`) whose one result is a static f32 tensor of that
//! shape without an encoding, and whose operands (for the elementwise ops) have exactly the
//! result's type. The group's inputs are the operands defined outside it; its outputs are the
//! results of its ops that some op outside it uses (in this block, a nested region or another
//! block). Results used only inside the group never get a buffer of their own.
//!
//! A group may also absorb a reduce that follows it in its block: a `stablehlo.reduce` of one of
//! the group's values that nothing else uses, over every dimension, with a single-op f32 body
//! (add, multiply, maximum, minimum) and an init value defined by a `stablehlo.constant`. The
//! group folds that value as it computes it (`ops::fused::Graph::fold`, in `reduce`'s documented
//! order), so the value never gets a buffer; the evaluator binds the reduce's result when the
//! group runs, and when the reduce's own turn comes it only charges the reduce's fuel and checks
//! its budget, as the reduce's fast path would (a run that fails there fails the same way).
//!
//! Because the ops of a group are consecutive, no other op runs between them: the evaluator
//! runs a group at its first op, after charging every op of it fuel and checking every op's
//! result against the memory budget in order (so a run that fails, fails at the same op with
//! the same error as op by op), and binds the outputs before any later op can read them.
//!
//! Invariants: every `Graph` here is well formed for its inputs (`Graph::is_well_formed`); a
//! group's ops are consecutive ops of one block, in order; no op is in two groups; an absorbed
//! reduce comes after its group in the same block, and its folded operand has no other use.

use std::collections::{HashMap, HashSet};

use shardref_spec::ir::{Attr, BlockId, DenseData, ElemType, FloatKind, Module, OpId, RegionId, Type, ValueId};
use shardref_spec::ops::{OpKind, OpName, StablehloOp};

use crate::ops::fused::{Binary, Combine, Fold, Graph, Node, Unary};

/// Groups smaller than this run op by op: below it the op-at-a-time kernels run on one thread
/// and their buffers are not worth avoiding.
pub const MIN_ELEMENTS: usize = 1 << 16;

/// One fused group (see the module header).
#[derive(Debug)]
pub struct Group {
    /// The group's ops, consecutive in their block.
    pub ops: Vec<OpId>,
    /// The external values read, by input number.
    pub inputs: Vec<ValueId>,
    /// The values bound after the group runs, in `graph.outputs` order.
    pub outputs: Vec<ValueId>,
    /// The shape of every value of the group.
    pub shape: Vec<usize>,
    pub graph: Graph,
    /// The absorbed reduce, when the group folds (`graph.fold`).
    pub reduce: Option<OpId>,
}

/// The module's groups, by their first op.
#[derive(Debug, Default)]
pub struct Fusion {
    by_first: HashMap<OpId, Group>,
    /// Absorbed reduces, to the first op of their group.
    absorbed: HashMap<OpId, OpId>,
}

/// What a fusible op computes, before its operands are resolved to nodes.
enum Kind {
    Splat(f32),
    Iota(usize),
    Unary(Unary),
    Binary(Binary),
}

impl Fusion {
    pub fn new(m: &Module) -> Fusion {
        // The ops that use each value, directly (as an operand or a successor argument).
        let mut users: Vec<Vec<OpId>> = vec![vec![]; m.values.len()];
        for (u, o) in m.ops.iter().enumerate() {
            for &v in o.operands.iter().chain(o.successors.iter().flat_map(|s| s.args.iter())) {
                if let Some(list) = users.get_mut(v.index()) {
                    list.push(OpId(u as u32));
                }
            }
        }
        let mut by_first = HashMap::new();
        for (bi, b) in m.blocks.iter().enumerate() {
            let close = |run, shape, by_first: &mut HashMap<OpId, Group>| {
                close(m, BlockId(bi as u32), &users, run, shape, by_first)
            };
            let mut run: Vec<(OpId, Kind)> = vec![];
            let mut run_shape: Option<Vec<usize>> = None;
            for &op in &b.ops {
                match fusible(m, op) {
                    Some((kind, shape)) if run_shape.as_ref() == Some(&shape) => run.push((op, kind)),
                    next => {
                        if let Some(shape) = run_shape.take() {
                            close(std::mem::take(&mut run), shape, &mut by_first);
                        }
                        if let Some((kind, shape)) = next {
                            run.push((op, kind));
                            run_shape = Some(shape);
                        }
                    }
                }
            }
            if let Some(shape) = run_shape {
                close(run, shape, &mut by_first);
            }
        }
        let absorbed = by_first.iter().filter_map(|(&first, g)| g.reduce.map(|r| (r, first))).collect();
        Fusion { by_first, absorbed }
    }

    /// The group whose first op is `op`, if any.
    pub fn group_at(&self, op: OpId) -> Option<&Group> {
        self.by_first.get(&op)
    }

    /// The group that absorbed the reduce `op`, if any.
    pub fn absorber_of(&self, op: OpId) -> Option<&Group> {
        self.absorbed.get(&op).and_then(|first| self.by_first.get(first))
    }

    /// The number of groups.
    pub fn len(&self) -> usize {
        self.by_first.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_first.is_empty()
    }
}

/// The static f32 shape of `t` when groups may hold a value of that type.
fn f32_shape(t: &Type) -> Option<Vec<usize>> {
    let Type::Tensor(tt) = t else { return None };
    if tt.elem != ElemType::Float(FloatKind::F32) || tt.encoding.is_some() {
        return None;
    }
    let shape: Vec<usize> = tt.static_shape()?.into_iter().map(usize::try_from).collect::<Result<_, _>>().ok()?;
    let n = crate::value::element_count(&shape)?;
    (n >= MIN_ELEMENTS).then_some(shape)
}

/// What `op` computes in a group and its shape, when it is fusible (module header).
fn fusible(m: &Module, op: OpId) -> Option<(Kind, Vec<usize>)> {
    let o = m.op(op);
    let OpName::Known(OpKind::Stablehlo(k)) = o.name else { return None };
    let [r] = o.results.as_slice() else { return None };
    if !o.regions.is_empty() {
        return None;
    }
    let ty = m.value_type(*r);
    let shape = f32_shape(ty)?;
    let same = |n: usize| o.operands.len() == n && o.operands.iter().all(|&v| m.value_type(v) == ty);
    let kind = match k {
        StablehloOp::Constant => match crate::attrs::Constant::of(o).value().raw() {
            Some(Attr::Dense(d)) if &d.ty == ty && o.operands.is_empty() => match &d.data {
                DenseData::Splat(bytes) => Kind::Splat(f32::from_le_bytes(<[u8; 4]>::try_from(bytes.as_slice()).ok()?)),
                DenseData::Elements(_) | DenseData::Strings(_) => return None,
            },
            _ => return None,
        },
        StablehloOp::Iota if o.operands.is_empty() => {
            let d = crate::attrs::stablehlo::Iota::of(o).iota_dimension().get()?;
            let d = usize::try_from(d).ok().filter(|&d| d < shape.len())?;
            Kind::Iota(d)
        }
        _ => {
            if let Some(u) = Unary::of(k).filter(|_| same(1)) {
                Kind::Unary(u)
            } else if let Some(b) = Binary::of(k).filter(|_| same(2)) {
                Kind::Binary(b)
            } else {
                return None;
            }
        }
    };
    Some((kind, shape))
}

/// Makes a group of `run` (consecutive fusible ops of one shape) when it is worth one.
fn close(
    m: &Module,
    block: BlockId,
    users: &[Vec<OpId>],
    run: Vec<(OpId, Kind)>,
    shape: Vec<usize>,
    out: &mut HashMap<OpId, Group>,
) {
    let computes = run.iter().any(|(_, k)| matches!(k, Kind::Unary(_) | Kind::Binary(..)));
    if run.len() < 2 || !computes {
        return;
    }
    let n = crate::value::element_count(&shape).unwrap_or(0);
    let strides = crate::value::strides(&shape);
    let members: HashSet<OpId> = run.iter().map(|(op, _)| *op).collect();
    let mut node_of: HashMap<ValueId, usize> = HashMap::new();
    let mut inputs: Vec<ValueId> = vec![];
    let mut nodes: Vec<Node> = vec![];
    let mut operand = |v: ValueId, nodes: &mut Vec<Node>, node_of: &mut HashMap<ValueId, usize>| -> usize {
        if let Some(&j) = node_of.get(&v) {
            return j;
        }
        inputs.push(v);
        nodes.push(Node::Input(inputs.len() - 1));
        node_of.insert(v, nodes.len() - 1);
        nodes.len() - 1
    };
    for (op, kind) in &run {
        let o = m.op(*op);
        let node = match *kind {
            Kind::Splat(x) => Node::Splat(x),
            Kind::Iota(d) => Node::Iota { step: strides[d], len: shape[d] },
            Kind::Unary(u) => Node::Unary(u, operand(o.operands[0], &mut nodes, &mut node_of)),
            Kind::Binary(b) => {
                let x = operand(o.operands[0], &mut nodes, &mut node_of);
                let y = operand(o.operands[1], &mut nodes, &mut node_of);
                Node::Binary(b, x, y)
            }
        };
        nodes.push(node);
        node_of.insert(o.results[0], nodes.len() - 1);
    }
    let mut outputs = vec![];
    let mut out_nodes: Vec<usize> = vec![];
    for (op, _) in &run {
        let r = m.op(*op).results[0];
        if users.get(r.index()).is_some_and(|us| us.iter().any(|u| !members.contains(u))) {
            outputs.push(r);
            out_nodes.push(node_of[&r]);
        }
    }
    // The first output that a following reduce can absorb leaves the outputs for the fold.
    let last = run[run.len() - 1].0;
    let absorbed =
        outputs.iter().enumerate().find_map(|(i, &v)| absorbable(m, block, last, users, v, &shape).map(|a| (i, a)));
    let mut fold = None;
    let mut reduce = None;
    if let Some((i, (op, combine, init))) = absorbed {
        let v = outputs.remove(i);
        fold = Some(Fold { node: out_nodes.remove(i), combine, init });
        reduce = Some(op);
        debug_assert_eq!(m.op(op).operands[0], v);
    }
    let graph = Graph { nodes, outputs: out_nodes, n, fold };
    debug_assert!(graph.is_well_formed(inputs.len()));
    let ops = run.iter().map(|(op, _)| *op).collect();
    out.insert(run[0].0, Group { ops, inputs, outputs, shape, graph, reduce });
}

/// The reduce that a group ending at `last` can absorb for its output `v` (module header), with
/// its body's fold and init value.
fn absorbable(
    m: &Module,
    block: BlockId,
    last: OpId,
    users: &[Vec<OpId>],
    v: ValueId,
    shape: &[usize],
) -> Option<(OpId, Combine, f32)> {
    let [r] = users.get(v.index())?.as_slice() else { return None };
    let o = m.op(*r);
    if o.name != OpName::Known(OpKind::Stablehlo(StablehloOp::Reduce)) || o.operands.len() != 2 || o.operands[0] != v {
        return None;
    }
    let scalar = Type::Tensor(shardref_spec::ir::TensorType::ranked(vec![], ElemType::Float(FloatKind::F32)));
    let [res] = o.results.as_slice() else { return None };
    if m.value_type(*res) != &scalar || m.value_type(o.operands[1]) != &scalar {
        return None;
    }
    // After the group, in its block.
    let ops = &m.block(block).ops;
    let at = |op: OpId| ops.iter().position(|&x| x == op);
    if at(*r)? <= at(last)? {
        return None;
    }
    // Over every dimension (in any order: the inputs still fold in row-major order).
    let mut dims: Vec<i64> = crate::attrs::stablehlo::Dimensions::of(o).dimensions().get()?;
    dims.sort_unstable();
    if !dims.iter().copied().eq(0..shape.len() as i64) {
        return None;
    }
    let body = *o.regions.first()?;
    let combine = Combine::of(single_op_body(m, body)?)?;
    let body_args = &m.block(*m.region(body).blocks.first()?).args;
    if body_args.iter().any(|&a| m.value_type(a) != &scalar) {
        return None;
    }
    // The init value: a constant's one element.
    let shardref_spec::ir::ValueDef::Result { op: init_op, .. } = m.values[o.operands[1].index()].def else {
        return None;
    };
    let c = m.op(init_op);
    if c.name != OpName::Known(OpKind::Stablehlo(StablehloOp::Constant)) {
        return None;
    }
    let Some(Attr::Dense(d)) = crate::attrs::Constant::of(c).value().raw() else { return None };
    let bytes: &[u8] = match &d.data {
        DenseData::Splat(b) => b,
        DenseData::Elements(b) => b,
        DenseData::Strings(_) => return None,
    };
    let init = f32::from_le_bytes(<[u8; 4]>::try_from(bytes).ok()?);
    Some((*r, combine, init))
}

/// If region `r`'s body is `%x = stablehlo.OP %arg0, %arg1; return %x`, that OP (the bodies of
/// `reduce`'s single-op fast paths).
pub(crate) fn single_op_body(m: &Module, r: RegionId) -> Option<StablehloOp> {
    let region = m.region(r);
    let [b] = region.blocks.as_slice() else { return None };
    let block = m.block(*b);
    let [first, ret] = block.ops.as_slice() else { return None };
    let (fo, ro) = (m.op(*first), m.op(*ret));
    let k = match fo.name {
        OpName::Known(OpKind::Stablehlo(k)) => k,
        _ => return None,
    };
    let ok = block.args.len() == 2
        && fo.operands == block.args
        && fo.results.len() == 1
        && matches!(ro.name, OpName::Known(OpKind::Stablehlo(StablehloOp::Return)))
        && ro.operands == fo.results;
    ok.then_some(k)
}
