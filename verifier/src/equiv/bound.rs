//! A rounding bound propagated through every op, for `equiv`'s default
//! tolerance: per element of every value of the unpartitioned twin, a radius
//! around the twin's computed value that holds every *compliant evaluation*
//! of the same program on the same inputs.
//!
//! A compliant evaluation applies the same ops to the same inputs, with each
//! float op's result within its ulp allowance (`rules::ulps`) of the exact
//! result of the op on the evaluation's own operands, and each sum (`reduce`
//! and `reduce_window` with an `add` body, `dot_general`, `dot`,
//! `convolution`, a scatter that adds) in any order of its terms. The
//! twin's run is one, the exact real-number evaluation is another (allowance
//! 0), and a partitioned program that computes the same ops on shards, whose
//! sums add each device's partial and then the partials, is a third: so
//! when the partitioned value lies farther from the twin's than the radius,
//! it is not a rounding of the same computation. The radius is the bound of
//! *both* programs' rounding: it covers the twin's own rounding and the
//! partitioned program's, whatever their orders, and needs no hand-set
//! tolerance.
//!
//! How (midpoint-radius interval arithmetic, also called ball arithmetic).
//! Each value carries, beside the twin's computed value `ŷ`, a radius `R`
//! (an f64 tensor of the same shape, `+inf` when nothing is known) such that
//! every compliant evaluation's value lies in `[ŷ - R, ŷ + R]`. Arguments
//! have radius 0. For each op, `rules` encloses the exact op over its
//! operands' balls in `[lo, hi]`, then widens it by the op's rounding
//! allowance: `R = max(hi - ŷ, ŷ - lo) + k·(2u·max(|lo|, |hi|) + η)`, with
//! `k` the op's allowance in ulp, `u = 2^-p` the unit roundoff of the result
//! type (`p` significand bits) and `η = 2^emin` its smallest normal number
//! (which also covers flushing subnormals to zero, as XLA's CPU backend
//! does). Integer and boolean values carry a radius too: 0 when exact, in
//! integer units (or 1 for an i1 that may flip) when they come from floats
//! through comparisons and conversions. The enclosures, per op family, are
//! in `rules`' header; in short: data movement is exact (the op itself
//! moves the radii), elementwise ops are enclosed by monotonicity or by
//! their Lipschitz constant (their condition), sums by Higham's bound
//! `γ(n)·Σ|x_i|` over any order, selections by their 1-Lipschitz property,
//! and comparisons and selects by whether the balls may cross.
//!
//! Control flow: `while`, `if`, `case` and `func.call` run their regions
//! under the same propagation; a predicate or branch index whose radius is
//! not 0 (it may differ between evaluations) stops the bound with a reason,
//! and so does an op with no rule (`rules::family` names them): the judge
//! then falls back to the element type's default tolerance, and says so.
//!
//! The propagation runs the twin once more, op by op, with the interpreter's
//! own kernels for the values (`Interp::eval_op`) and, for the radii of
//! data movement and sums, on a copy of the module whose tensors are all f64
//! (`f64_module`), so that the op's index arithmetic stays in one place. The
//! radii are computed in f64 and widened by `4·2^-53` of the magnitude and a
//! relative `2^-40`, which covers the f64 arithmetic of the bound itself.

mod rules;

use std::collections::HashMap;

use shardref_interp::eval::{Interp, Limits};
use shardref_interp::{Buffer, Tensor, Value};
use shardref_spec::ir::{BlockId, ElemType, Module, OpId, RegionId, Type, ValueId};
use shardref_spec::ops::{FuncOp, OpKind, OpName, StablehloOp};

use super::erase::find_func;
pub use rules::{Family, family};

/// Why no bound could be propagated.
pub type BoundError = String;

/// The radius of every element of each result of `func` run on `args`,
/// flattened row-major (empty for non-tensor results), and the results
/// the propagation computed (the twin's values, run op by op).
#[derive(Clone, Debug)]
pub struct Bounds {
    pub results: Vec<Value>,
    pub radii: Vec<Vec<f64>>,
}

/// Runs function `func` of `m` on `args` with the rounding bound propagated
/// (see the module header).
pub fn propagate(m: &Module, func: &str, args: Vec<Value>, limits: Limits) -> Result<Bounds, BoundError> {
    let f = find_func(m, func).ok_or_else(|| format!("no function @{func}"))?;
    let fm = f64_module(m);
    let mut s = Shadow {
        m,
        it: Interp::new(m, limits),
        fit: Interp::new(&fm, limits),
        env: vec![None; m.values.len()],
        captured: HashMap::new(),
        depth: 0,
        max_depth: limits.max_call_depth,
    };
    let entry = entry_block(m, f).ok_or_else(|| format!("@{func} has no body"))?;
    let args = args
        .into_iter()
        .map(|v| {
            let r = zero_radius(&v);
            (v, r)
        })
        .collect();
    let out = s.run_block(entry, args)?;
    let mut results = vec![];
    let mut radii = vec![];
    for (v, r) in out {
        radii.push(match &r {
            Value::Tensor(t) => f64s(t)?,
            _ => vec![],
        });
        results.push(v);
    }
    Ok(Bounds { results, radii })
}

fn entry_block(m: &Module, op: OpId) -> Option<BlockId> {
    let r = *m.op(op).regions.first()?;
    m.region(r).blocks.first().copied()
}

/// A copy of `m` in which every tensor's element type is f64, to run data
/// movement and sums on radii and magnitudes.
pub fn f64_module(m: &Module) -> Module {
    let mut out = m.clone();
    for v in out.values.iter_mut() {
        widen(&mut v.ty);
    }
    out
}

fn widen(t: &mut Type) {
    match t {
        Type::Tensor(tt) => tt.elem = ElemType::F64,
        Type::Tuple(items) => items.iter_mut().for_each(widen),
        Type::Vector(..)
        | Type::Function(..)
        | Type::Elem(_)
        | Type::None
        | Type::Token
        | Type::Future(_)
        | Type::MeshTensor(_)
        | Type::Opaque { .. } => {}
    }
}

/// A value and its radius.
type Ball = (Value, Value);

/// The propagation's state: the interpreters for values (`it`) and for
/// radii (`fit`, on the f64 copy), and every value's ball.
pub(crate) struct Shadow<'m> {
    m: &'m Module,
    it: Interp<'m>,
    fit: Interp<'m>,
    env: Vec<Option<Ball>>,
    /// Values used inside an op's regions and defined outside it, per op.
    captured: HashMap<OpId, Vec<ValueId>>,
    depth: usize,
    max_depth: usize,
}

/// The f64 elements of a tensor (every numeric type; complex numbers by their real parts).
pub(crate) fn f64s(t: &Tensor) -> Result<Vec<f64>, BoundError> {
    Ok(match &t.buf {
        Buffer::F64(s) => s.to_vec(),
        Buffer::Bool(s) => s.iter().map(|&b| f64::from(u8::from(b))).collect(),
        Buffer::C64(s) => s.iter().map(|c| f64::from(c.re)).collect(),
        Buffer::C128(s) => s.iter().map(|c| c.re).collect(),
        _ => match shardref_interp::ops::convert::convert(t, &ElemType::F64) {
            Ok(Tensor { buf: Buffer::F64(s), .. }) => s.to_vec(),
            Ok(_) | Err(_) => return Err(format!("no f64 view of {}", Type::Tensor(t.ty()))),
        },
    })
}

/// An f64 tensor of shape `shape`.
pub(crate) fn f64_tensor(shape: &[usize], v: Vec<f64>) -> Tensor {
    Tensor::new(shape.to_vec(), ElemType::F64, Buffer::F64(v.into()))
}

/// The radius of `v` filled with `x` (tensors become f64 tensors of the same shape).
pub(crate) fn filled_radius(v: &Value, x: f64) -> Value {
    match v {
        Value::Tensor(t) => Value::Tensor(f64_tensor(&t.shape, vec![x; t.num_elements()])),
        Value::Tuple(items) => Value::Tuple(items.iter().map(|i| filled_radius(i, x)).collect()),
        Value::Token => Value::Token,
        Value::Future(inner) => Value::Future(Box::new(filled_radius(inner, x))),
    }
}

pub(crate) fn zero_radius(v: &Value) -> Value {
    filled_radius(v, 0.0)
}

/// Whether every radius in `r` is 0.
pub(crate) fn is_exact(r: &Value) -> bool {
    match r {
        Value::Tensor(Tensor { buf: Buffer::F64(s), .. }) => s.iter().all(|&x| x == 0.0),
        Value::Tensor(_) => false,
        Value::Tuple(items) => items.iter().all(is_exact),
        Value::Token => true,
        Value::Future(inner) => is_exact(inner),
    }
}

impl<'m> Shadow<'m> {
    fn ball(&self, v: ValueId) -> Result<&Ball, BoundError> {
        self.env.get(v.index()).and_then(Option::as_ref).ok_or_else(|| "a value is used before its definition".into())
    }

    fn bind(&mut self, v: ValueId, b: Ball) {
        if let Some(cell) = self.env.get_mut(v.index()) {
            *cell = Some(b);
        }
    }

    /// A located reason.
    fn at(&self, op: OpId, why: impl AsRef<str>) -> BoundError {
        let o = self.m.op(op);
        let line = self.m.source.as_ref().filter(|_| !o.span.is_none()).map(|src| {
            let (line, _) = shardref_spec::diag::location(src, &shardref_spec::diag::LineIndex::new(&src.text), o.span);
            format!(" (line {line})")
        });
        format!("'{}'{}: {}", o.name.as_str(), line.unwrap_or_default(), why.as_ref())
    }

    /// Runs block `b` on `args` to its terminator; the returned balls.
    fn run_block(&mut self, b: BlockId, args: Vec<Ball>) -> Result<Vec<Ball>, BoundError> {
        let m = self.m;
        let block = m.block(b);
        if block.args.len() != args.len() {
            return Err(format!("a block takes {} arguments, given {}", block.args.len(), args.len()));
        }
        for (&a, ball) in block.args.iter().zip(args) {
            self.bind(a, ball);
        }
        for &op in &block.ops {
            if let Some(out) = self.run_op(op)? {
                return Ok(out);
            }
        }
        Err("a block without a terminator".into())
    }

    fn run_region(&mut self, r: RegionId, args: Vec<Ball>) -> Result<Vec<Ball>, BoundError> {
        match self.m.region(r).blocks[..] {
            [b] => self.run_block(b, args),
            _ => Err("a region without exactly one block".into()),
        }
    }

    /// Runs one op: `Some(balls)` for a terminator, else binds its results.
    fn run_op(&mut self, op: OpId) -> Result<Option<Vec<Ball>>, BoundError> {
        let m = self.m;
        let o = m.op(op);
        let kind = match &o.name {
            OpName::Known(k) => *k,
            OpName::Unknown(n) => return Err(format!("'{n}' has no semantics")),
        };
        let ins: Vec<Ball> = o.operands.iter().map(|&v| self.ball(v).cloned()).collect::<Result<_, _>>()?;
        let out = match family(kind) {
            Family::Terminator => return Ok(Some(ins)),
            Family::Control => self.control(op, kind, ins)?,
            fam => {
                let vals: Vec<Value> = ins.iter().map(|b| b.0.clone()).collect();
                let captured = self.captured_values(op)?;
                let primal = self
                    .it
                    .eval_op(op, vals, captured.iter().map(|(v, b)| (*v, b.0.clone())).collect())
                    .map_err(|e| self.at(op, e.message))?;
                let radii = rules::radii(self, op, fam, &ins, &primal)?;
                primal.into_iter().zip(radii).collect()
            }
        };
        if out.len() != o.results.len() {
            return Err(self.at(op, "result count"));
        }
        for (&r, b) in o.results.iter().zip(out) {
            self.bind(r, b);
        }
        Ok(None)
    }

    /// `while`, `if`, `case`, `func.call`, `sdy.named_computation`: their
    /// regions under the same propagation; a predicate or index that may
    /// differ between evaluations stops the bound.
    fn control(&mut self, op: OpId, kind: OpKind, ins: Vec<Ball>) -> Result<Vec<Ball>, BoundError> {
        let m = self.m;
        let o = m.op(op);
        let certain_scalar = |s: &Self, b: &Ball| -> Result<i64, BoundError> {
            if !is_exact(&b.1) {
                return Err(s.at(op, "its predicate or branch index may differ between evaluations"));
            }
            let Value::Tensor(t) = &b.0 else { return Err(s.at(op, "a non-tensor predicate")) };
            let v = f64s(t)?;
            v.first().map(|&x| x as i64).ok_or_else(|| s.at(op, "an empty predicate"))
        };
        match kind {
            OpKind::Stablehlo(StablehloOp::While) => {
                let [cond, body] = o.regions[..] else { return Err(self.at(op, "not two regions")) };
                let mut cur = ins;
                loop {
                    let c = self.run_region(cond, cur.clone())?;
                    let [pred] = &c[..] else { return Err(self.at(op, "a condition without one result")) };
                    if certain_scalar(self, pred)? == 0 {
                        return Ok(cur);
                    }
                    // The interpreter's fuel bounds the loop (each op of the body charges it).
                    cur = self.run_region(body, cur)?;
                }
            }
            OpKind::Stablehlo(StablehloOp::If) => {
                let [pred] = &ins[..] else { return Err(self.at(op, "not one operand")) };
                let p = certain_scalar(self, pred)?;
                let r = *o.regions.get(if p != 0 { 0 } else { 1 }).ok_or_else(|| self.at(op, "a missing branch"))?;
                self.run_region(r, vec![])
            }
            OpKind::Stablehlo(StablehloOp::Case) => {
                let [index] = &ins[..] else { return Err(self.at(op, "not one operand")) };
                let n = o.regions.len() as i64;
                let i = certain_scalar(self, index)?;
                // An out-of-range index selects the last branch (as the interpreter does).
                let i = if i < 0 || i >= n { n - 1 } else { i };
                let r = *o.regions.get(i as usize).ok_or_else(|| self.at(op, "no branches"))?;
                self.run_region(r, vec![])
            }
            OpKind::Func(FuncOp::Call) => {
                let callee = crate::attrs::Call::of(o).callee().get().and_then(|c| c.first().cloned());
                let target = callee.and_then(|c| m.lookup_symbol(&c)).ok_or_else(|| self.at(op, "no callee"))?;
                let entry = entry_block(m, target).ok_or_else(|| self.at(op, "a callee without a body"))?;
                if self.depth >= self.max_depth {
                    return Err(self.at(op, "call depth"));
                }
                self.depth += 1;
                let r = self.run_block(entry, ins);
                self.depth -= 1;
                r
            }
            _ => {
                let r = *o.regions.first().ok_or_else(|| self.at(op, "no region"))?;
                self.run_region(r, ins)
            }
        }
    }

    /// The balls of the values `op`'s regions use from outside it.
    fn captured_values(&mut self, op: OpId) -> Result<Vec<(ValueId, Ball)>, BoundError> {
        let m = self.m;
        if m.op(op).regions.is_empty() {
            return Ok(vec![]);
        }
        let free = self.captured.entry(op).or_insert_with(|| free_values(m, op)).clone();
        free.into_iter().map(|v| Ok((v, self.ball(v)?.clone()))).collect()
    }

    /// Runs `op` on the f64 copy of the module (radii or magnitudes as operands).
    pub(crate) fn run_f64(&mut self, op: OpId, operands: Vec<Value>) -> Result<Vec<Value>, BoundError> {
        let captured = self.captured_values(op)?.into_iter().map(|(v, b)| (v, b.1)).collect();
        self.fit.eval_op(op, operands, captured).map_err(|e| self.at(op, format!("on radii: {}", e.message)))
    }

    pub(crate) fn module(&self) -> &'m Module {
        self.m
    }

    pub(crate) fn located(&self, op: OpId, why: impl AsRef<str>) -> BoundError {
        self.at(op, why)
    }
}

/// The values `op`'s regions use that are defined outside `op`.
fn free_values(m: &Module, op: OpId) -> Vec<ValueId> {
    let mut inside = std::collections::HashSet::new();
    let mut used = vec![];
    let mut stack = vec![op];
    while let Some(x) = stack.pop() {
        let o = m.op(x);
        if x != op {
            used.extend(o.operands.iter().copied());
        }
        inside.extend(o.results.iter().copied());
        for &r in &o.regions {
            for &b in &m.region(r).blocks {
                inside.extend(m.block(b).args.iter().copied());
                stack.extend(m.block(b).ops.iter().copied());
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    used.into_iter().filter(|v| !inside.contains(v) && seen.insert(*v)).collect()
}
