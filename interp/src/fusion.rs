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
//! Because the ops of a group are consecutive, no other op runs between them: the evaluator
//! runs a group at its first op, after charging every op of it fuel and checking every op's
//! result against the memory budget in order (so a run that fails, fails at the same op with
//! the same error as op by op), and binds the outputs before any later op can read them.
//!
//! Invariants: every `Graph` here is well formed for its inputs (`Graph::is_well_formed`); a
//! group's ops are consecutive ops of one block, in order; no op is in two groups.

use std::collections::{HashMap, HashSet};

use shardref_spec::ir::{Attr, DenseData, ElemType, FloatKind, Module, OpId, Type, ValueId};
use shardref_spec::ops::{OpKind, OpName, StablehloOp};

use crate::ops::fused::{Binary, Graph, Node, Unary};

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
}

/// The module's groups, by their first op.
#[derive(Debug, Default)]
pub struct Fusion {
    by_first: HashMap<OpId, Group>,
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
        for b in &m.blocks {
            let mut run: Vec<(OpId, Kind)> = vec![];
            let mut run_shape: Option<Vec<usize>> = None;
            for &op in &b.ops {
                match fusible(m, op) {
                    Some((kind, shape)) if run_shape.as_ref() == Some(&shape) => run.push((op, kind)),
                    next => {
                        if let Some(shape) = run_shape.take() {
                            close(m, &users, std::mem::take(&mut run), shape, &mut by_first);
                        }
                        if let Some((kind, shape)) = next {
                            run.push((op, kind));
                            run_shape = Some(shape);
                        }
                    }
                }
            }
            if let Some(shape) = run_shape {
                close(m, &users, run, shape, &mut by_first);
            }
        }
        Fusion { by_first }
    }

    /// The group whose first op is `op`, if any.
    pub fn group_at(&self, op: OpId) -> Option<&Group> {
        self.by_first.get(&op)
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
fn close(m: &Module, users: &[Vec<OpId>], run: Vec<(OpId, Kind)>, shape: Vec<usize>, out: &mut HashMap<OpId, Group>) {
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
    let mut out_nodes = vec![];
    for (op, _) in &run {
        let r = m.op(*op).results[0];
        if users.get(r.index()).is_some_and(|us| us.iter().any(|u| !members.contains(u))) {
            outputs.push(r);
            out_nodes.push(node_of[&r]);
        }
    }
    let graph = Graph { nodes, outputs: out_nodes, n };
    debug_assert!(graph.is_well_formed(inputs.len()));
    let ops = run.iter().map(|(op, _)| *op).collect();
    out.insert(run[0].0, Group { ops, inputs, outputs, shape, graph });
}
