//! Inputs from the program's domain, beside `equiv`'s random trials
//! (issue #28): the integer and boolean arguments whose values decide which
//! elements a program selects take the values where that decision changes.
//!
//! Why. A partitioned program can be wrong only for some values of an
//! index: a KV-cache decode step whose softmax max is completed with a sum
//! returns NaN only when a whole shard of the cache is masked, that is when
//! its position argument lies in [0, 11] of a 16-position cache on 4
//! devices, and the random integers of `inputs` ([-64, 64]) rarely land
//! there. The values that matter are the boundaries of what the program
//! compares the argument with, and every position of a small range (each
//! residue that decides which device holds the selected slice).
//!
//! What is traced. From each argument whose element type is an integer or
//! i1, through the ops that carry its values unchanged in the global view
//! (`broadcast_in_dim`, `broadcast`, `reshape`, `convert`, `transpose`, sdy's
//! sharding ops and collectives), to the ops that use them to decide:
//! - `compare` with an `iota` of length n (through the same ops): every value
//!   of [-1, n] when n + 2 <= 64, else -1, 0, 1, n - 2, n - 1, n and the
//!   quarter, half and eighth points of [0, n) with their neighbours; with
//!   a constant c: c - 1, c, c + 1;
//! - a start index of `dynamic_slice` / `dynamic_update_slice` along a
//!   dimension of size D with a slice of size S: the values of [-1, D - S +
//!   1] (clamped starts included), or their boundaries and block points when
//!   the range is larger;
//! - the indices of `gather` and `scatter`: the values of [-1, D] for D the
//!   largest dimension of the operand (the same rule for large D);
//! - the predicate of `select`: all false and all true.
//!
//! Each candidate value becomes one extra trial in which that argument is
//! filled with it and every other argument is the random draw of trial 0
//! (`inputs`); at most `MAX_DOMAIN_TRIALS` in all, the boundary values of
//! every argument first. Given inputs (`--input`) always win: there are no
//! random or domain trials then.

use std::collections::{BTreeSet, HashMap};

use shardref_interp::{Buffer, Tensor, Value};
use shardref_spec::ir::{Attr, ElemType, Module, OpId, Type, ValueDef, ValueId};
use shardref_spec::ops::{OpKind, OpName, SdyOp, StablehloOp as S};

use super::erase::find_func;

/// Most domain trials one pair gets.
pub const MAX_DOMAIN_TRIALS: usize = 48;

/// Ranges up to this many values are enumerated completely.
const ENUMERATE: i64 = 64;

/// One domain trial: argument `arg` filled with `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub arg: usize,
    pub value: i64,
}

/// Whether `op` carries its first operand's values unchanged in the global view.
fn carries(k: OpKind) -> bool {
    matches!(
        k,
        OpKind::Stablehlo(S::BroadcastInDim | S::Broadcast | S::Reshape | S::Convert | S::Transpose)
            | OpKind::Sdy(
                SdyOp::ShardingConstraint
                    | SdyOp::Reshard
                    | SdyOp::AllGather
                    | SdyOp::AllSlice
                    | SdyOp::AllToAll
                    | SdyOp::CollectivePermute
                    | SdyOp::AllReduce
                    | SdyOp::ReduceScatter
                    | SdyOp::PropagationBarrier
            )
    )
}

fn kind(m: &Module, op: OpId) -> Option<OpKind> {
    match m.op(op).name {
        OpName::Known(k) => Some(k),
        OpName::Unknown(_) => None,
    }
}

fn shape(m: &Module, v: ValueId) -> Option<Vec<i64>> {
    match &m.value(v).ty {
        Type::Tensor(t) => t.static_shape().map(|s| s.iter().map(|&d| d as i64).collect()),
        _ => None,
    }
}

/// The values an op's values of `v` may be compared with: an iota's length,
/// or a constant's value (a scalar or a splat), through carrying ops.
enum Other {
    Iota(i64),
    Constant(i64),
}

fn other_of(m: &Module, v: ValueId) -> Option<Other> {
    let mut v = v;
    for _ in 0..16 {
        let ValueDef::Result { op, .. } = m.value(v).def else { return None };
        let o = m.op(op);
        match kind(m, op)? {
            OpKind::Stablehlo(S::Iota) => {
                let d = crate::attrs::stablehlo::Iota::of(o).iota_dimension().get()?;
                return Some(Other::Iota(*shape(m, o.results[0])?.get(usize::try_from(d).ok()?)?));
            }
            OpKind::Stablehlo(S::Constant) => {
                return constant(crate::attrs::stablehlo::Constant::of(o).value().raw()?).map(Other::Constant);
            }
            OpKind::Sdy(SdyOp::Constant) => {
                return constant(crate::attrs::sdy::Constant::of(o).value().raw()?).map(Other::Constant);
            }
            k if carries(k) => v = *o.operands.first()?,
            _ => return None,
        }
    }
    None
}

/// The integer value of a scalar or splat integer constant.
fn constant(a: &Attr) -> Option<i64> {
    let Attr::Dense(d) = a else { return None };
    let t = Tensor::from_dense(d)?;
    if !matches!(t.elem, ElemType::Int { .. }) {
        return None;
    }
    let v = match shardref_interp::ops::convert::convert(&t, &ElemType::I64).ok()?.buf {
        Buffer::I64(s) => s.to_vec(),
        _ => return None,
    };
    let first = *v.first()?;
    v.iter().all(|&x| x == first).then_some(first)
}

/// The candidates of a range [lo, hi] (module header).
fn range(lo: i64, hi: i64, out: &mut BTreeSet<i64>) {
    if hi < lo {
        return;
    }
    if hi - lo + 1 <= ENUMERATE {
        out.extend(lo..=hi);
        return;
    }
    out.extend([lo, lo + 1, lo + 2, hi - 2, hi - 1, hi]);
    let n = hi - lo;
    for part in [2, 4, 8] {
        for k in 1..part {
            let p = lo + n * k / part;
            out.extend([p - 1, p, p + 1]);
        }
    }
}

/// The uses of every value of function `f` (op, operand index), its regions included.
fn uses(m: &Module, f: OpId) -> HashMap<ValueId, Vec<(OpId, usize)>> {
    let mut out: HashMap<ValueId, Vec<(OpId, usize)>> = HashMap::new();
    let mut stack = vec![f];
    while let Some(op) = stack.pop() {
        let o = m.op(op);
        for (i, &v) in o.operands.iter().enumerate() {
            out.entry(v).or_default().push((op, i));
        }
        for &r in &o.regions {
            for &b in &m.region(r).blocks {
                stack.extend(m.block(b).ops.iter().copied());
            }
        }
    }
    out
}

/// The domain candidates of function `func`'s arguments, boundaries first
/// (see the module header); empty when no argument reaches a decision.
pub fn candidates(m: &Module, func: &str) -> Vec<Candidate> {
    let Some(f) = find_func(m, func) else { return vec![] };
    let Some(&r) = m.op(f).regions.first() else { return vec![] };
    let Some(&entry) = m.region(r).blocks.first() else { return vec![] };
    let uses = uses(m, f);
    let mut per_arg: Vec<(usize, Vec<i64>)> = vec![];
    for (i, &a) in m.block(entry).args.iter().enumerate() {
        let Type::Tensor(tt) = &m.value(a).ty else { continue };
        let boolean = matches!(tt.elem, ElemType::Int { width: 1, .. });
        if !matches!(tt.elem, ElemType::Int { .. } | ElemType::Index) {
            continue;
        }
        let mut values = BTreeSet::new();
        let mut boundaries = BTreeSet::new();
        let mut todo = vec![a];
        let mut seen = BTreeSet::new();
        while let Some(v) = todo.pop() {
            if !seen.insert(v) {
                continue;
            }
            for &(op, k) in uses.get(&v).map(Vec::as_slice).unwrap_or_default() {
                let o = m.op(op);
                let Some(kd) = kind(m, op) else { continue };
                match kd {
                    k2 if carries(k2) && k == 0 => todo.extend(o.results.iter().copied()),
                    OpKind::Stablehlo(S::Compare) => match other_of(m, o.operands[1 - k.min(1)]) {
                        Some(Other::Iota(n)) => {
                            range(-1, n, &mut values);
                            boundaries.extend([-1, 0, n - 1, n]);
                        }
                        Some(Other::Constant(c)) => {
                            values.extend([c - 1, c, c + 1]);
                            boundaries.extend([c - 1, c, c + 1]);
                        }
                        None => {}
                    },
                    OpKind::Stablehlo(S::DynamicSlice) if k >= 1 => {
                        let d = k - 1;
                        let sizes = crate::attrs::stablehlo::DynamicSlice::of(o).slice_sizes().get();
                        if let (Some(sh), Some(sz)) = (shape(m, o.operands[0]), sizes)
                            && let (Some(&dim), Some(&s)) = (sh.get(d), sz.get(d))
                        {
                            range(-1, dim - s + 1, &mut values);
                            boundaries.extend([-1, 0, dim - s, dim - s + 1]);
                        }
                    }
                    OpKind::Stablehlo(S::DynamicUpdateSlice) if k >= 2 => {
                        let d = k - 2;
                        if let (Some(sh), Some(up)) = (shape(m, o.operands[0]), shape(m, o.operands[1]))
                            && let (Some(&dim), Some(&s)) = (sh.get(d), up.get(d))
                        {
                            range(-1, dim - s + 1, &mut values);
                            boundaries.extend([-1, 0, dim - s, dim - s + 1]);
                        }
                    }
                    OpKind::Stablehlo(S::Gather | S::Scatter) if k >= 1 => {
                        if let Some(dim) = shape(m, o.operands[0]).and_then(|s| s.into_iter().max()) {
                            range(-1, dim, &mut values);
                            boundaries.extend([-1, 0, dim - 1, dim]);
                        }
                    }
                    OpKind::Stablehlo(S::Select) if k == 0 && boolean => {
                        values.extend([0, 1]);
                        boundaries.extend([0, 1]);
                    }
                    _ => {}
                }
            }
        }
        if boolean {
            values.retain(|&v| v == 0 || v == 1);
        }
        if values.is_empty() {
            continue;
        }
        // Boundaries first, then the rest in order.
        let mut ordered: Vec<i64> = boundaries.iter().copied().filter(|v| values.contains(v)).collect();
        ordered.extend(values.iter().copied().filter(|v| !boundaries.contains(v)));
        per_arg.push((i, ordered));
    }
    // Round-robin over the arguments, so every argument gets its boundaries within the cap.
    let mut out = vec![];
    let longest = per_arg.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
    for j in 0..longest {
        for (arg, vals) in &per_arg {
            if let Some(&value) = vals.get(j) {
                out.push(Candidate { arg: *arg, value });
            }
        }
    }
    out.truncate(MAX_DOMAIN_TRIALS);
    out
}

/// `base` with argument `c.arg` filled with `c.value` (converted to its element type).
pub fn apply(base: &[Value], c: Candidate) -> Option<Vec<Value>> {
    let mut out = base.to_vec();
    let Value::Tensor(t) = out.get(c.arg)? else { return None };
    let n = t.num_elements();
    let filled = Tensor::new(t.shape.clone(), ElemType::I64, Buffer::I64(vec![c.value; n].into()));
    let converted = shardref_interp::ops::convert::convert(&filled, &t.elem).ok()?;
    out[c.arg] = Value::Tensor(converted);
    Some(out)
}
