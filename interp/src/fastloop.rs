//! The scalar `while` fast path: a loop whose state, condition and body are
//! rank-0 integers, floats and booleans, built from a handful of ops
//! (constant, add, subtract, multiply, maximum, minimum, and, or, xor,
//! compare), compiles once to register instructions on 64-bit cells.
//!
//! It computes exactly what the evaluator computes (the same kernels'
//! semantics: wrapping integers, IEEE f32/f64, NaN-propagating max/min,
//! IEEE comparisons) and keeps the evaluator's accounting: one unit of fuel
//! per op, operand and result types checked once at compile time (they
//! cannot change between iterations), the memory budget of every op checked
//! once. When the remaining fuel does not cover a whole iteration, it hands
//! the current state back and the evaluator finishes the loop op by op, so
//! running out of fuel reports the same op as before.

use std::collections::HashMap;

use shardref_spec::ir::stablehlo::{ComparisonDirection, ComparisonType};
use shardref_spec::ir::{Attr, ElemType, FloatKind, Module, RegionId, Signedness, Type, ValueId};
use shardref_spec::ops::{OpKind, OpName, StablehloOp};

use crate::attrs;
use crate::ops::elementwise::{max_nan32, max_nan64, min_nan32, min_nan64};
use crate::value::{Buffer, Tensor, Value};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    Bool,
    I32,
    I64,
    U32,
    U64,
    F32,
    F64,
}

fn ty_of(e: &ElemType) -> Option<Ty> {
    Some(match e {
        ElemType::Int { width: 1, .. } => Ty::Bool,
        ElemType::Int { width: 32, signedness: Signedness::Unsigned } => Ty::U32,
        ElemType::Int { width: 32, .. } => Ty::I32,
        ElemType::Int { width: 64, signedness: Signedness::Unsigned } => Ty::U64,
        ElemType::Int { width: 64, .. } => Ty::I64,
        ElemType::Float(FloatKind::F32) => Ty::F32,
        ElemType::Float(FloatKind::F64) => Ty::F64,
        _ => return None,
    })
}

/// The element type of a rank-0 tensor type this path handles.
fn scalar_ty(t: &Type) -> Option<Ty> {
    match t {
        Type::Tensor(tt) if tt.shape.as_deref() == Some(&[]) => ty_of(&tt.elem),
        _ => None,
    }
}

fn to_cell(t: &Tensor) -> Option<u64> {
    if !t.shape.is_empty() {
        return None;
    }
    Some(match &t.buf {
        Buffer::Bool(s) => s[0] as u64,
        Buffer::I32(s) => s[0] as u32 as u64,
        Buffer::U32(s) => s[0] as u64,
        Buffer::I64(s) => s[0] as u64,
        Buffer::U64(s) => s[0],
        Buffer::F32(s) => s[0].to_bits() as u64,
        Buffer::F64(s) => s[0].to_bits(),
        _ => return None,
    })
}

fn from_cell(ty: Ty, elem: &ElemType, c: u64) -> Tensor {
    let buf = match ty {
        Ty::Bool => Buffer::Bool(vec![c != 0].into()),
        Ty::I32 => Buffer::I32(vec![c as u32 as i32].into()),
        Ty::U32 => Buffer::U32(vec![c as u32].into()),
        Ty::I64 => Buffer::I64(vec![c as i64].into()),
        Ty::U64 => Buffer::U64(vec![c].into()),
        Ty::F32 => Buffer::F32(vec![f32::from_bits(c as u32)].into()),
        Ty::F64 => Buffer::F64(vec![f64::from_bits(c)].into()),
    };
    Tensor::new(vec![], elem.clone(), buf)
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Add,
    Sub,
    Mul,
    Max,
    Min,
    And,
    Or,
    Xor,
    Cmp(ComparisonDirection),
}

#[derive(Clone, Copy, Debug)]
struct Ins {
    op: Op,
    ty: Ty,
    dst: u32,
    a: u32,
    b: u32,
}

fn cmp<T: PartialOrd>(d: ComparisonDirection, x: T, y: T) -> bool {
    use ComparisonDirection as D;
    match d {
        D::Eq => x == y,
        D::Ne => x != y,
        D::Ge => x >= y,
        D::Gt => x > y,
        D::Le => x <= y,
        D::Lt => x < y,
    }
}

impl Ins {
    #[inline]
    fn run(&self, r: &mut [u64]) {
        let (a, b) = (r[self.a as usize], r[self.b as usize]);
        macro_rules! int {
            ($t:ty, $u:ty) => {{
                let (x, y) = (a as $u as $t, b as $u as $t);
                match self.op {
                    Op::Add => x.wrapping_add(y) as $u as u64,
                    Op::Sub => x.wrapping_sub(y) as $u as u64,
                    Op::Mul => x.wrapping_mul(y) as $u as u64,
                    Op::Max => x.max(y) as $u as u64,
                    Op::Min => x.min(y) as $u as u64,
                    Op::And => (x & y) as $u as u64,
                    Op::Or => (x | y) as $u as u64,
                    Op::Xor => (x ^ y) as $u as u64,
                    Op::Cmp(d) => cmp(d, x, y) as u64,
                }
            }};
        }
        macro_rules! float {
            ($t:ty, $u:ty, $max:expr, $min:expr) => {{
                let (x, y) = (<$t>::from_bits(a as $u), <$t>::from_bits(b as $u));
                match self.op {
                    Op::Add => (x + y).to_bits() as u64,
                    Op::Sub => (x - y).to_bits() as u64,
                    Op::Mul => (x * y).to_bits() as u64,
                    Op::Max => $max(x, y).to_bits() as u64,
                    Op::Min => $min(x, y).to_bits() as u64,
                    Op::Cmp(d) => cmp(d, x, y) as u64,
                    // Not compiled for floats.
                    Op::And | Op::Or | Op::Xor => 0,
                }
            }};
        }
        r[self.dst as usize] = match self.ty {
            Ty::Bool => {
                let (x, y) = (a != 0, b != 0);
                (match self.op {
                    Op::And | Op::Mul | Op::Min => x & y,
                    Op::Or | Op::Add | Op::Max => x | y,
                    Op::Xor | Op::Sub => x ^ y,
                    Op::Cmp(d) => cmp(d, x, y),
                }) as u64
            }
            Ty::I32 => int!(i32, u32),
            Ty::U32 => int!(u32, u32),
            Ty::I64 => int!(i64, u64),
            Ty::U64 => int!(u64, u64),
            Ty::F32 => float!(f32, u32, max_nan32, min_nan32),
            Ty::F64 => float!(f64, u64, max_nan64, min_nan64),
        };
    }
}

/// A compiled region: its instructions, its op count (fuel), the registers it returns.
struct Code {
    ins: Vec<Ins>,
    ops: u64,
    ret: Vec<u32>,
}

/// A compiled loop, ready to run from a state.
pub struct ScalarLoop {
    cond: Code,
    body: Code,
    regs: Vec<u64>,
    state_tys: Vec<Ty>,
    state_elems: Vec<ElemType>,
}

/// Compiles `while` regions `cond` and `body` for `state`. `outer` looks up
/// values defined outside the loop (None: not available). `None` when the
/// loop is not a scalar loop this path handles; the caller runs it op by op.
pub fn compile(
    m: &Module,
    cond: RegionId,
    body: RegionId,
    state: &[Value],
    max_value_bytes: u64,
    outer: &dyn Fn(ValueId) -> Option<Value>,
) -> Option<ScalarLoop> {
    if max_value_bytes < 8 {
        return None;
    }
    let mut state_tys = vec![];
    let mut state_elems = vec![];
    let mut regs = vec![];
    for v in state {
        let Value::Tensor(t) = v else { return None };
        state_tys.push(ty_of(&t.elem)?);
        state_elems.push(t.elem.clone());
        regs.push(to_cell(t)?);
    }
    let n = state.len();
    let mut outer_regs: HashMap<ValueId, u32> = HashMap::new();
    let mut compile_region = |r: RegionId, regs: &mut Vec<u64>| -> Option<Code> {
        let region = m.region(r);
        let [b] = region.blocks.as_slice() else {
            return None;
        };
        let block = m.block(*b);
        if block.args.len() != n {
            return None;
        }
        let mut local: HashMap<ValueId, (u32, Ty)> = HashMap::new();
        for (i, &a) in block.args.iter().enumerate() {
            // The block argument's type must be exactly the state's (the evaluator checks it every iteration).
            let Type::Tensor(tt) = m.value_type(a) else {
                return None;
            };
            if tt.shape.as_deref() != Some(&[]) || tt.elem != state_elems[i] {
                return None;
            }
            local.insert(a, (i as u32, state_tys[i]));
        }
        let mut ins = vec![];
        let (last, body_ops) = block.ops.split_last()?;
        let mut operand = |v: ValueId, local: &HashMap<ValueId, (u32, Ty)>, regs: &mut Vec<u64>| -> Option<(u32, Ty)> {
            if let Some(&x) = local.get(&v) {
                return Some(x);
            }
            let ty = scalar_ty(m.value_type(v))?;
            if let Some(&r) = outer_regs.get(&v) {
                return Some((r, ty));
            }
            let Value::Tensor(t) = outer(v)? else {
                return None;
            };
            if ty_of(&t.elem)? != ty {
                return None;
            }
            let r = regs.len() as u32;
            regs.push(to_cell(&t)?);
            outer_regs.insert(v, r);
            Some((r, ty))
        };
        for &op in body_ops {
            let o = m.op(op);
            let OpName::Known(OpKind::Stablehlo(k)) = o.name else {
                return None;
            };
            if !o.regions.is_empty() || o.results.len() != 1 {
                return None;
            }
            let res = o.results[0];
            let res_ty = scalar_ty(m.value_type(res))?;
            use StablehloOp as S;
            if k == S::Constant {
                if !o.operands.is_empty() {
                    return None;
                }
                let Some(d) = attrs::stablehlo::Constant::of(o).value().raw().and_then(|a| match a {
                    Attr::Dense(d) => Some(d),
                    _ => None,
                }) else {
                    return None;
                };
                let t = Tensor::from_dense(d)?;
                let Type::Tensor(rt) = m.value_type(res) else {
                    return None;
                };
                if t.elem != rt.elem {
                    return None;
                }
                let r = regs.len() as u32;
                regs.push(to_cell(&t)?);
                local.insert(res, (r, res_ty));
                continue;
            }
            let op = match k {
                S::Add => Op::Add,
                S::Subtract => Op::Sub,
                S::Multiply => Op::Mul,
                S::Maximum => Op::Max,
                S::Minimum => Op::Min,
                S::And => Op::And,
                S::Or => Op::Or,
                S::Xor => Op::Xor,
                S::Compare => {
                    let c = attrs::stablehlo::Compare::of(o);
                    let Some(d) = c.comparison_direction().get() else {
                        return None;
                    };
                    let total = c.compare_type().get() == Some(ComparisonType::TotalOrder);
                    if total {
                        return None;
                    }
                    Op::Cmp(d)
                }
                _ => return None,
            };
            let [x, y] = o.operands.as_slice() else {
                return None;
            };
            let (a, ta) = operand(*x, &local, regs)?;
            let (b, tb) = operand(*y, &local, regs)?;
            // Same operand element types (exactly, signedness included), the result type the kernel gives.
            if m.value_type(*x) != m.value_type(*y) || ta != tb {
                return None;
            }
            let Type::Tensor(xt) = m.value_type(*x) else {
                return None;
            };
            let Type::Tensor(rt) = m.value_type(res) else {
                return None;
            };
            match op {
                Op::Cmp(_) => {
                    if rt.elem != ElemType::I1 {
                        return None;
                    }
                }
                Op::And | Op::Or | Op::Xor if matches!(ta, Ty::F32 | Ty::F64) => return None,
                _ => {
                    if rt.elem != xt.elem {
                        return None;
                    }
                }
            }
            let r = regs.len() as u32;
            regs.push(0);
            ins.push(Ins { op, ty: ta, dst: r, a, b });
            local.insert(res, (r, res_ty));
        }
        let lo = m.op(*last);
        if lo.name != OpName::Known(OpKind::Stablehlo(StablehloOp::Return)) {
            return None;
        }
        let mut ret = vec![];
        for &v in &lo.operands {
            ret.push(operand(v, &local, regs)?);
        }
        Some(Code { ins, ops: block.ops.len() as u64, ret: ret.into_iter().map(|(r, _)| r).collect() })
    };
    let cond_code = compile_region(cond, &mut regs)?;
    let body_code = compile_region(body, &mut regs)?;
    // The condition returns one i1; the body returns the state's types.
    let [c] = cond_code.ret.as_slice() else {
        return None;
    };
    let cond_ret_ty = m.value_type(m.op(*m.block(m.region(cond).blocks[0]).ops.last()?).operands[0]);
    if !matches!(cond_ret_ty, Type::Tensor(t) if t.elem == ElemType::I1 && t.shape.as_deref() == Some(&[])) {
        return None;
    }
    let _ = c;
    let body_ret = &m.op(*m.block(m.region(body).blocks[0]).ops.last()?).operands;
    if body_ret.len() != n {
        return None;
    }
    for (i, &v) in body_ret.iter().enumerate() {
        match m.value_type(v) {
            Type::Tensor(t) if t.elem == state_elems[i] && t.shape.as_deref() == Some(&[]) => {}
            _ => return None,
        }
    }
    Some(ScalarLoop { cond: cond_code, body: body_code, regs, state_tys, state_elems })
}

/// How a run of a compiled loop ended.
pub enum LoopEnd {
    /// The condition was false: the loop's results.
    Done(Vec<Value>),
    /// The fuel does not cover another whole iteration: the state to continue from.
    Continue(Vec<Value>),
}

impl ScalarLoop {
    /// Runs the loop, taking one unit of `fuel` per op executed.
    pub fn run(mut self, fuel: &mut u64) -> LoopEnd {
        let n = self.state_tys.len();
        let per_iter = self.cond.ops + self.body.ops;
        let mut tmp = vec![0u64; n];
        let c = self.cond.ret[0] as usize;
        let done = loop {
            if *fuel < per_iter {
                break false;
            }
            *fuel -= self.cond.ops;
            for i in &self.cond.ins {
                i.run(&mut self.regs);
            }
            if self.regs[c] == 0 {
                break true;
            }
            *fuel -= self.body.ops;
            for i in &self.body.ins {
                i.run(&mut self.regs);
            }
            for (t, &r) in tmp.iter_mut().zip(&self.body.ret) {
                *t = self.regs[r as usize];
            }
            self.regs[..n].copy_from_slice(&tmp);
        };
        let state =
            (0..n).map(|i| Value::Tensor(from_cell(self.state_tys[i], &self.state_elems[i], self.regs[i]))).collect();
        if done { LoopEnd::Done(state) } else { LoopEnd::Continue(state) }
    }
}
