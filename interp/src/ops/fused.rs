//! Fused groups of f32 elementwise ops: one pass over memory for a chain (a DAG) of elementwise
//! ops, splat constants and iotas of one shape, instead of one full-size buffer per op.
//!
//! A group is a [`Graph`]: nodes in topological order (every operand index is smaller than its
//! node's), each an external input, a splat, an iota or an elementwise op of earlier nodes, and
//! the nodes whose values leave the group (its outputs). [`run`] computes the group in tasks of
//! [`TASK`] consecutive elements, each in slices of [`SLICE`]: within a slice every node is
//! computed into a small scratch buffer, in node order, and the outputs are copied out; tasks
//! run in parallel when the group is large and never share an output element.
//!
//! A group may also fold one node's values with a reduce over all of its elements
//! ([`Graph::fold`]): each task folds its elements from the init value (a left fold continued
//! slice by slice), and the tasks' results fold left to right. With [`TASK`] equal to
//! `reduce::BLOCK` and tasks starting at multiples of it, that is `reduce`'s documented order for
//! a reduction over every dimension, so the node's value never needs a buffer.
//!
//! Invariant: every element of every output is computed by the same element function as the
//! op-at-a-time kernel of its op (`elementwise::f32fn`, `tanh32::tanh_f32_kernel`, the iota's
//! `index as f32`, the splat's bits), from the same operand elements, so a fused group's
//! outputs are bitwise those of running its ops one by one, whatever the task split and the
//! thread count.

use std::sync::Arc;

use shardref_spec::ops::StablehloOp;

use crate::ops::elementwise::{BLOCK, f32fn, fresh_buffer, run_here};
use crate::ops::reduce::LANES;

/// Elements per task: one block of `reduce`'s documented order (`Graph::fold`), and the unit
/// of parallel work.
pub const TASK: usize = 4096;
const _: () = assert!(TASK == crate::ops::reduce::BLOCK);

/// Elements per slice of a task: a task's nodes are computed slice by slice, so that a worker's
/// scratch is small (4 KiB per scratch slot, see `scratch_slots`, plus one slice per folded
/// task): fewer fresh pages to fault in (each costs microseconds) and values that stay in the
/// nearest caches.
pub const SLICE: usize = 1024;
const _: () = assert!(TASK % SLICE == 0);

/// The unary ops a group computes (f32 operands and result).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unary {
    Negate,
    Abs,
    Sign,
    Sqrt,
    Rsqrt,
    Cbrt,
    Exponential,
    ExponentialMinusOne,
    Log,
    LogPlusOne,
    Logistic,
    Sine,
    Cosine,
    Tan,
    Tanh,
    Floor,
    Ceil,
    RoundNearestAfz,
    RoundNearestEven,
}

/// The binary ops a group computes (f32 operands and result).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binary {
    Add,
    Subtract,
    Multiply,
    Divide,
    Remainder,
    Maximum,
    Minimum,
    Power,
    Atan2,
}

impl Unary {
    /// The fused form of StableHLO op `k` on f32, if it is a unary op groups compute.
    pub fn of(k: StablehloOp) -> Option<Unary> {
        use StablehloOp as S;
        Some(match k {
            S::Negate => Unary::Negate,
            S::Abs => Unary::Abs,
            S::Sign => Unary::Sign,
            S::Sqrt => Unary::Sqrt,
            S::Rsqrt => Unary::Rsqrt,
            S::Cbrt => Unary::Cbrt,
            S::Exponential => Unary::Exponential,
            S::ExponentialMinusOne => Unary::ExponentialMinusOne,
            S::Log => Unary::Log,
            S::LogPlusOne => Unary::LogPlusOne,
            S::Logistic => Unary::Logistic,
            S::Sine => Unary::Sine,
            S::Cosine => Unary::Cosine,
            S::Tan => Unary::Tan,
            S::Tanh => Unary::Tanh,
            S::Floor => Unary::Floor,
            S::Ceil => Unary::Ceil,
            S::RoundNearestAfz => Unary::RoundNearestAfz,
            S::RoundNearestEven => Unary::RoundNearestEven,
            // Every other op is not a unary f32 op with a fused form (complex, integer, bitwise
            // or non-elementwise ops).
            _ => return None,
        })
    }

    /// `o[i] = op(x[i])` for every i (equal lengths).
    pub fn apply(self, x: &[f32], o: &mut [f32]) {
        fn map(x: &[f32], o: &mut [f32], f: impl Fn(f32) -> f32) {
            for (o, &x) in o.iter_mut().zip(x) {
                *o = f(x);
            }
        }
        match self {
            Unary::Negate => map(x, o, f32fn::neg),
            Unary::Abs => map(x, o, f32fn::abs),
            Unary::Sign => map(x, o, f32fn::sign),
            Unary::Sqrt => map(x, o, f32fn::sqrt),
            Unary::Rsqrt => map(x, o, f32fn::rsqrt),
            Unary::Cbrt => map(x, o, f32fn::cbrt),
            Unary::Exponential => map(x, o, f32fn::exp),
            Unary::ExponentialMinusOne => map(x, o, f32fn::expm1),
            Unary::Log => map(x, o, f32fn::log),
            Unary::LogPlusOne => map(x, o, f32fn::log1p),
            Unary::Logistic => map(x, o, f32fn::logistic),
            Unary::Sine => map(x, o, f32fn::sin),
            Unary::Cosine => map(x, o, f32fn::cos),
            Unary::Tan => map(x, o, f32fn::tan),
            // The slice kernel, in the blocks the op-at-a-time path gives it.
            Unary::Tanh => {
                for (o, x) in o.chunks_mut(BLOCK).zip(x.chunks(BLOCK)) {
                    crate::ops::tanh32::tanh_f32_kernel(x, o);
                }
            }
            Unary::Floor => map(x, o, f32fn::floor),
            Unary::Ceil => map(x, o, f32fn::ceil),
            Unary::RoundNearestAfz => map(x, o, f32fn::round_afz),
            Unary::RoundNearestEven => map(x, o, f32fn::round_even),
        }
    }
}

impl Binary {
    /// The fused form of StableHLO op `k` on f32, if it is a binary op groups compute.
    pub fn of(k: StablehloOp) -> Option<Binary> {
        use StablehloOp as S;
        Some(match k {
            S::Add => Binary::Add,
            S::Subtract => Binary::Subtract,
            S::Multiply => Binary::Multiply,
            S::Divide => Binary::Divide,
            S::Remainder => Binary::Remainder,
            S::Maximum => Binary::Maximum,
            S::Minimum => Binary::Minimum,
            S::Power => Binary::Power,
            S::Atan2 => Binary::Atan2,
            // Every other op is not a binary f32 op with a fused form.
            _ => return None,
        })
    }

    /// `o[i] = op(x[i], y[i])` for every i (equal lengths).
    pub fn apply(self, x: &[f32], y: &[f32], o: &mut [f32]) {
        fn zip(x: &[f32], y: &[f32], o: &mut [f32], f: impl Fn(f32, f32) -> f32) {
            for ((o, &x), &y) in o.iter_mut().zip(x).zip(y) {
                *o = f(x, y);
            }
        }
        match self {
            Binary::Add => zip(x, y, o, f32fn::add),
            Binary::Subtract => zip(x, y, o, f32fn::sub),
            Binary::Multiply => zip(x, y, o, f32fn::mul),
            Binary::Divide => zip(x, y, o, f32fn::div),
            Binary::Remainder => zip(x, y, o, f32fn::rem),
            Binary::Maximum => zip(x, y, o, f32fn::max),
            Binary::Minimum => zip(x, y, o, f32fn::min),
            Binary::Power => zip(x, y, o, f32fn::pow),
            Binary::Atan2 => zip(x, y, o, f32fn::atan2),
        }
    }
}

/// One node of a group; operands are indices of earlier nodes.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// The group's external input number `i` (a full-size f32 buffer).
    Input(usize),
    /// Every element is this value (its bits, as the constant's).
    Splat(f32),
    /// Element `i` is `(i / step) % len` as f32: the iota along a dimension of `len` elements
    /// whose row-major stride is `step`.
    Iota {
        step: usize,
        len: usize,
    },
    Unary(Unary, usize),
    Binary(Binary, usize, usize),
}

impl Node {
    /// The nodes this one reads (none, one or two).
    pub fn operands(&self) -> impl Iterator<Item = usize> {
        let pair = match *self {
            Node::Input(_) | Node::Splat(_) | Node::Iota { .. } => [None, None],
            Node::Unary(_, a) => [Some(a), None],
            Node::Binary(_, a, b) => [Some(a), Some(b)],
        };
        pair.into_iter().flatten()
    }
}

/// The reduce bodies a group folds with (`stablehlo.reduce` of one f32 operand whose body is
/// this one op): the same element functions as `reduce`'s single-op fast path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    Add,
    Multiply,
    Maximum,
    Minimum,
}

impl Combine {
    /// The fold of a reduce body that is the one StableHLO op `k`, on f32.
    pub fn of(k: StablehloOp) -> Option<Combine> {
        use StablehloOp as S;
        Some(match k {
            S::Add => Combine::Add,
            S::Multiply => Combine::Multiply,
            S::Maximum => Combine::Maximum,
            S::Minimum => Combine::Minimum,
            // Every other body op has no f32 fast path in `reduce`.
            _ => return None,
        })
    }

    /// `body(accumulator, element)`.
    pub fn apply(self, acc: f32, x: f32) -> f32 {
        match self {
            Combine::Add => acc + x,
            Combine::Multiply => acc * x,
            Combine::Maximum => crate::ops::elementwise::max_nan32(acc, x),
            Combine::Minimum => crate::ops::elementwise::min_nan32(acc, x),
        }
    }

    /// `reduce::fold_lanes` with this body: continues `acc[l]`'s left fold over `segs[l]`. The
    /// match is outside the loop (each arm calls `apply` on a constant variant, so the fold is
    /// the same function).
    pub fn fold_lanes(self, acc: &mut [f32; LANES], segs: &[&[f32]; LANES]) {
        use crate::ops::reduce::fold_lanes;
        match self {
            Combine::Add => fold_lanes(acc, segs, &|a, x| Combine::Add.apply(a, x)),
            Combine::Multiply => fold_lanes(acc, segs, &|a, x| Combine::Multiply.apply(a, x)),
            Combine::Maximum => fold_lanes(acc, segs, &|a, x| Combine::Maximum.apply(a, x)),
            Combine::Minimum => fold_lanes(acc, segs, &|a, x| Combine::Minimum.apply(a, x)),
        }
    }
}

/// A reduce over every element of node `node`, folded by the group (module header).
#[derive(Clone, Debug, PartialEq)]
pub struct Fold {
    pub node: usize,
    pub combine: Combine,
    pub init: f32,
}

/// A group: its nodes in topological order, the nodes whose values leave it, the number of
/// elements of every node's value, and the node it folds, if any.
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    pub nodes: Vec<Node>,
    pub outputs: Vec<usize>,
    pub n: usize,
    pub fold: Option<Fold>,
}

impl Graph {
    /// Whether every operand refers to an earlier node, every input number is below `inputs`,
    /// every output and the folded node are nodes and iotas have non-zero strides and lengths.
    pub fn is_well_formed(&self, inputs: usize) -> bool {
        self.nodes.iter().enumerate().all(|(j, node)| {
            node.operands().all(|a| a < j)
                && match *node {
                    Node::Input(i) => i < inputs,
                    Node::Iota { step, len } => step > 0 && len > 0,
                    Node::Splat(_) | Node::Unary(..) | Node::Binary(..) => true,
                }
        }) && self.outputs.iter().chain(self.fold.as_ref().map(|f| &f.node)).all(|&o| o < self.nodes.len())
    }
}

/// The scratch slot of every node, and the number of slots: a node's values occupy its slot from
/// its computation to its last use (outputs and the folded node to the end of the slice), and a
/// node never shares a slot with its operands. Slots are reused in node order, so a chain of ops
/// needs a handful of slots however long it is, and a slice's values stay in the nearest cache.
fn scratch_slots(g: &Graph) -> (Vec<usize>, usize) {
    let mut last_use: Vec<usize> = (0..g.nodes.len()).collect();
    for (j, node) in g.nodes.iter().enumerate() {
        for a in node.operands() {
            last_use[a] = j;
        }
    }
    for &kept in g.outputs.iter().chain(g.fold.as_ref().map(|f| &f.node)) {
        last_use[kept] = usize::MAX;
    }
    let mut slot = Vec::with_capacity(g.nodes.len());
    let (mut free, mut slots) = (Vec::new(), 0);
    for (j, node) in g.nodes.iter().enumerate() {
        slot.push(free.pop().unwrap_or_else(|| {
            slots += 1;
            slots - 1
        }));
        // Operands whose last use is this node free their slots only now, after it has its own.
        for a in node.operands() {
            if last_use[a] == j && !free.contains(&slot[a]) {
                free.push(slot[a]);
            }
        }
        if last_use[j] == j {
            // An unused value: its slot is free again at once.
            free.push(slot[j]);
        }
    }
    (slot, slots)
}

/// One task of `run`: its first element and its slice of every output.
type Task<'a> = (usize, Vec<&'a mut [f32]>);

/// Computes `g` over `inputs` (each of `g.n` elements) and returns one fresh buffer per output,
/// in `g.outputs` order, and the result of `g.fold` when there is one. `g` must be well formed
/// for `inputs.len()` (`Graph::is_well_formed`).
pub fn run(g: &Graph, inputs: &[&[f32]]) -> (Vec<Arc<[f32]>>, Option<f32>) {
    use rayon::prelude::*;
    let n = g.n;
    let mut outs: Vec<Arc<[f32]>> = g.outputs.iter().map(|_| fresh_buffer(n)).collect();
    if n == 0 || (outs.is_empty() && g.fold.is_none()) {
        // A reduction of no elements is its init value.
        return (outs, g.fold.as_ref().map(|f| f.init));
    }
    let tasks: Vec<Task<'_>> = {
        let mut chunks: Vec<std::slice::ChunksMut<'_, f32>> =
            outs.iter_mut().map(|o| Arc::get_mut(o).expect("a fresh buffer is unique").chunks_mut(TASK)).collect();
        (0..n.div_ceil(TASK)).map(|t| (t * TASK, chunks.iter_mut().filter_map(Iterator::next).collect())).collect()
    };
    // A strip is `lanes` consecutive tasks run by one worker, slice by slice: slice s of every
    // task, then slice s + 1. When the group folds, each task's block is a left fold from the
    // init value (`reduce`'s block step) continued over its slices, the strip's `LANES` folds
    // interleaved (`reduce::fold_lanes`), so a block's values are never all kept at once.
    let lanes = if g.fold.is_some() { LANES } else { 1 };
    let mut strips: Vec<Vec<Task<'_>>> = Vec::with_capacity(tasks.len().div_ceil(lanes));
    let mut tasks = tasks.into_iter().peekable();
    while tasks.peek().is_some() {
        strips.push(tasks.by_ref().take(lanes).collect());
    }
    // Runs one strip; returns its blocks' folds when the group folds. The scratch holds every
    // node's values for one slice, then the folded node's slice of each task of the strip.
    let (slot, slots) = scratch_slots(g);
    let nodes = slots * SLICE;
    let strip = |scratch: &mut Vec<f32>, mut strip: Vec<Task<'_>>| -> Vec<f32> {
        scratch.resize(nodes + if g.fold.is_some() { LANES * SLICE } else { 0 }, 0.0);
        let (scratch, kept) = scratch.split_at_mut(nodes);
        let lens: Vec<usize> = strip.iter().map(|&(start, _)| TASK.min(n - start)).collect();
        // Elements of task k in the slice at `at0` (none past a short last task, or past the strip).
        let slice_len = |k: usize, at0: usize| lens.get(k).map_or(0, |&len| len.saturating_sub(at0).min(SLICE));
        let mut acc = [g.fold.as_ref().map_or(0.0, |f| f.init); LANES];
        for at0 in (0..TASK).step_by(SLICE) {
            for (k, (start, outs)) in strip.iter_mut().enumerate() {
                let sl = slice_len(k, at0);
                if sl == 0 {
                    continue;
                }
                let first = *start + at0;
                for (j, node) in g.nodes.iter().enumerate() {
                    // Node j's slot is never one of its operands' (`scratch_slots`).
                    let (below, rest) = scratch.split_at_mut(slot[j] * SLICE);
                    let (out, above) = rest.split_at_mut(SLICE);
                    let out = &mut out[..sl];
                    let at = |a: usize| match slot[a].checked_sub(slot[j] + 1) {
                        Some(i) => &above[i * SLICE..i * SLICE + sl],
                        None => &below[slot[a] * SLICE..slot[a] * SLICE + sl],
                    };
                    match *node {
                        Node::Input(i) => out.copy_from_slice(&inputs[i][first..first + sl]),
                        Node::Splat(x) => out.fill(x),
                        Node::Iota { step, len: dim } => crate::ops::shape::iota_f32_into(out, first, step, dim),
                        Node::Unary(u, a) => u.apply(at(a), out),
                        Node::Binary(b, x, y) => b.apply(at(x), at(y), out),
                    }
                }
                let values = |node: usize| &scratch[slot[node] * SLICE..slot[node] * SLICE + sl];
                for (o, &node) in outs.iter_mut().zip(&g.outputs) {
                    o[at0..at0 + sl].copy_from_slice(values(node));
                }
                if let Some(f) = &g.fold {
                    kept[k * SLICE..k * SLICE + sl].copy_from_slice(values(f.node));
                }
            }
            if let Some(f) = &g.fold {
                // This slice of each task (empty past a short last task) continues its fold.
                let segs: [&[f32]; LANES] = std::array::from_fn(|k| &kept[k * SLICE..k * SLICE + slice_len(k, at0)]);
                f.combine.fold_lanes(&mut acc, &segs);
            }
        }
        match g.fold {
            Some(_) => acc[..strip.len()].to_vec(),
            None => vec![],
        }
    };
    let blocks: Vec<f32> = if run_here(n) {
        let mut scratch = Vec::new();
        strips.into_iter().flat_map(|s| strip(&mut scratch, s)).collect()
    } else {
        let per_strip: Vec<Vec<f32>> = strips.into_par_iter().map_init(Vec::new, strip).collect();
        per_strip.concat()
    };
    // The blocks' results fold left to right (`reduce`'s order); there is at least one block.
    let folded = g.fold.as_ref().map(|f| crate::ops::reduce::fold_block_results(&blocks, |a, b| f.combine.apply(a, b)));
    (outs, folded)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The last node that reads each node (its own index when none does), or `usize::MAX` for
    /// outputs and the folded node: the definition `scratch_slots` must respect.
    fn last_uses(g: &Graph) -> Vec<usize> {
        let mut last: Vec<usize> = (0..g.nodes.len()).collect();
        for (j, node) in g.nodes.iter().enumerate() {
            match *node {
                Node::Unary(_, a) => last[a] = j,
                Node::Binary(_, a, b) => (last[a], last[b]) = (j, j),
                Node::Input(_) | Node::Splat(_) | Node::Iota { .. } => {}
            }
        }
        for &o in g.outputs.iter().chain(g.fold.as_ref().map(|f| &f.node)) {
            last[o] = usize::MAX;
        }
        last
    }

    /// No node's slot is the slot of a value still needed when it is computed (its operands
    /// included), and a long chain needs a few slots only.
    #[test]
    fn scratch_slots_never_overwrite_a_live_value() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % m as u64) as usize
        };
        for case in 0..500 {
            let len = 1 + next(40);
            let mut nodes = vec![Node::Input(0)];
            for j in 1..len {
                // Mostly recent operands, as chains of elementwise ops have.
                let reach = j.min(if case % 2 == 0 { 3 } else { j });
                let (a, b) = (j - 1 - next(reach), j - 1 - next(reach));
                nodes.push(match next(5) {
                    0 => Node::Splat(1.5),
                    1 => Node::Iota { step: 1, len: 7 },
                    2 => Node::Unary(Unary::Tanh, a),
                    _ => Node::Binary(Binary::Add, a, b),
                });
            }
            let outputs: Vec<usize> = (0..next(3)).map(|_| next(len)).collect();
            let fold = (next(2) == 0).then(|| Fold { node: next(len), combine: Combine::Add, init: 0.0 });
            let g = Graph { nodes, outputs, n: 10, fold };
            assert!(g.is_well_formed(1));
            let (slot, slots) = scratch_slots(&g);
            let last = last_uses(&g);
            assert!(slot.iter().all(|&s| s < slots));
            for j in 0..g.nodes.len() {
                for a in 0..j {
                    if last[a] >= j {
                        assert_ne!(slot[a], slot[j], "node {j} overwrites live node {a} in {g:?}");
                    }
                }
            }
        }
        // A chain of 100 unary ops: two slots.
        let chain = Graph {
            nodes: std::iter::once(Node::Input(0)).chain((0..100).map(|a| Node::Unary(Unary::Negate, a))).collect(),
            outputs: vec![100],
            n: 1,
            fold: None,
        };
        assert_eq!(scratch_slots(&chain).1, 2);
    }
}
