//! Scalar region bodies compiled once: a comparator of `sort` or a reducer of a multi-operand
//! `reduce` (JAX's argmax/argmin pairs) whose block takes and returns rank-0 tensors and uses
//! only constant, compare, select, and, or, xor, not, add, subtract, multiply, maximum and
//! minimum compiles to register instructions on 64-bit cells (a value's bits, zero-extended),
//! run per comparison or per element instead of walking the region op by op.
//!
//! Every instruction computes what the evaluator's kernel for that op computes on one element:
//! `compare` as `ops::compare` (integers and booleans by their type's order, whatever the
//! comparison type says; floats by IEEE order, or by the total order on bits with TOTALORDER;
//! bf16 and f16 compared as f64, which orders them exactly), `select` picking its operand's bits,
//! the bitwise ops on bits (`not` within the type's width), and the arithmetic ops as
//! `ops::monoid::fns` (wrapping integers; bf16/f16 through f64 rounded once; NaN-propagating
//! maximum/minimum). Types: i1, 8-, 16-, 32- and 64-bit integers, bf16, f16, f32, f64 (not
//! sub-byte integers, f8 formats, complex or quantized types). Anything else: `compile` returns
//! `None` and the caller runs the region.

use std::collections::HashMap;

use half::{bf16, f16};
use shardref_spec::ir::stablehlo::{ComparisonDirection, ComparisonType};
use shardref_spec::ir::{Attr, ElemType, FloatKind, Module, RegionId, Signedness, Type, ValueId};
use shardref_spec::ops::{OpKind, OpName, StablehloOp};

use crate::attrs;
use crate::ops::monoid::fns;
use crate::value::{Buffer, Tensor};

/// The element type of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    BF16,
    F16,
    F32,
    F64,
}

impl Ty {
    /// The cell type of a plain element type (`value::plain`).
    pub fn of(e: &ElemType) -> Option<Ty> {
        use Signedness::Unsigned as U;
        Some(match e {
            ElemType::Int { width: 1, .. } => Ty::Bool,
            ElemType::Int { width: 8, signedness: U } => Ty::U8,
            ElemType::Int { width: 16, signedness: U } => Ty::U16,
            ElemType::Int { width: 32, signedness: U } => Ty::U32,
            ElemType::Int { width: 64, signedness: U } => Ty::U64,
            ElemType::Int { width: 8, .. } => Ty::I8,
            ElemType::Int { width: 16, .. } => Ty::I16,
            ElemType::Int { width: 32, .. } => Ty::I32,
            ElemType::Int { width: 64, .. } => Ty::I64,
            ElemType::Float(FloatKind::BF16) => Ty::BF16,
            ElemType::Float(FloatKind::F16) => Ty::F16,
            ElemType::Float(FloatKind::F32) => Ty::F32,
            ElemType::Float(FloatKind::F64) => Ty::F64,
            _ => return None,
        })
    }

    fn width(self) -> u32 {
        match self {
            Ty::Bool => 1,
            Ty::I8 | Ty::U8 => 8,
            Ty::I16 | Ty::U16 | Ty::BF16 | Ty::F16 => 16,
            Ty::I32 | Ty::U32 | Ty::F32 => 32,
            Ty::I64 | Ty::U64 | Ty::F64 => 64,
        }
    }

    fn mask(self) -> u64 {
        if self.width() == 64 { u64::MAX } else { (1u64 << self.width()) - 1 }
    }
}

/// The cells of a tensor's elements (bits, zero-extended), when its buffer matches `ty`.
pub fn cells(t: &Tensor, ty: Ty) -> Option<Vec<u64>> {
    Some(match (&t.buf, ty) {
        (Buffer::Bool(s), Ty::Bool) => s.iter().map(|&x| x as u64).collect(),
        (Buffer::I8(s), Ty::I8) => s.iter().map(|&x| x as u8 as u64).collect(),
        (Buffer::I16(s), Ty::I16) => s.iter().map(|&x| x as u16 as u64).collect(),
        (Buffer::I32(s), Ty::I32) => s.iter().map(|&x| x as u32 as u64).collect(),
        (Buffer::I64(s), Ty::I64) => s.iter().map(|&x| x as u64).collect(),
        (Buffer::U8(s), Ty::U8) => s.iter().map(|&x| x as u64).collect(),
        (Buffer::U16(s), Ty::U16) => s.iter().map(|&x| x as u64).collect(),
        (Buffer::U32(s), Ty::U32) => s.iter().map(|&x| x as u64).collect(),
        (Buffer::U64(s), Ty::U64) => s.to_vec(),
        (Buffer::BF16(s), Ty::BF16) => s.iter().map(|x| x.to_bits() as u64).collect(),
        (Buffer::F16(s), Ty::F16) => s.iter().map(|x| x.to_bits() as u64).collect(),
        (Buffer::F32(s), Ty::F32) => s.iter().map(|x| x.to_bits() as u64).collect(),
        (Buffer::F64(s), Ty::F64) => s.iter().map(|x| x.to_bits()).collect(),
        _ => return None,
    })
}

/// A buffer of `ty` from cells.
pub fn buffer(ty: Ty, c: &[u64]) -> Buffer {
    match ty {
        Ty::Bool => Buffer::Bool(c.iter().map(|&x| x != 0).collect()),
        Ty::I8 => Buffer::I8(c.iter().map(|&x| x as u8 as i8).collect()),
        Ty::I16 => Buffer::I16(c.iter().map(|&x| x as u16 as i16).collect()),
        Ty::I32 => Buffer::I32(c.iter().map(|&x| x as u32 as i32).collect()),
        Ty::I64 => Buffer::I64(c.iter().map(|&x| x as i64).collect()),
        Ty::U8 => Buffer::U8(c.iter().map(|&x| x as u8).collect()),
        Ty::U16 => Buffer::U16(c.iter().map(|&x| x as u16).collect()),
        Ty::U32 => Buffer::U32(c.iter().map(|&x| x as u32).collect()),
        Ty::U64 => Buffer::U64(c.into()),
        Ty::BF16 => Buffer::BF16(c.iter().map(|&x| bf16::from_bits(x as u16)).collect()),
        Ty::F16 => Buffer::F16(c.iter().map(|&x| f16::from_bits(x as u16)).collect()),
        Ty::F32 => Buffer::F32(c.iter().map(|&x| f32::from_bits(x as u32)).collect()),
        Ty::F64 => Buffer::F64(c.iter().map(|&x| f64::from_bits(x)).collect()),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    /// Direction, and whether floats compare in the total order.
    Cmp(ComparisonDirection, bool),
    Select,
    And,
    Or,
    Xor,
    Not,
    Add,
    Sub,
    Mul,
    Max,
    Min,
}

/// One instruction: `dst = op(a, b, c)` on operands of type `ty` (`c` only for select, whose
/// `a` is the predicate).
#[derive(Clone, Copy, Debug)]
struct Ins {
    op: Op,
    ty: Ty,
    dst: u32,
    a: u32,
    b: u32,
    c: u32,
}

/// `d` applied to an ordering (`None`: unordered, true only for NE).
fn holds(d: ComparisonDirection, o: Option<std::cmp::Ordering>) -> bool {
    use ComparisonDirection as D;
    use std::cmp::Ordering::*;
    match o {
        None => d == D::Ne,
        Some(o) => match d {
            D::Eq => o == Equal,
            D::Ne => o != Equal,
            D::Ge => o != Less,
            D::Gt => o == Greater,
            D::Le => o != Greater,
            D::Lt => o == Less,
        },
    }
}

/// `ops::compare`'s key for the total order of a float's bits.
fn total_key(bits: u64, width: u32) -> i64 {
    let sign = (bits >> (width - 1)) & 1 == 1;
    let mag = bits & ((1u64 << (width - 1)) - 1);
    if sign { -(mag as i64) - 1 } else { mag as i64 }
}

/// A float cell's value as f64 (exact for every float type).
fn float(ty: Ty, x: u64) -> f64 {
    match ty {
        Ty::BF16 => bf16::from_bits(x as u16).to_f64(),
        Ty::F16 => f16::from_bits(x as u16).to_f64(),
        Ty::F32 => f32::from_bits(x as u32) as f64,
        _ => f64::from_bits(x),
    }
}

fn compare(ty: Ty, d: ComparisonDirection, total: bool, x: u64, y: u64) -> bool {
    let o = match ty {
        Ty::Bool | Ty::U8 | Ty::U16 | Ty::U32 | Ty::U64 => Some(x.cmp(&y)),
        Ty::I8 => Some((x as i8).cmp(&(y as i8))),
        Ty::I16 => Some((x as i16).cmp(&(y as i16))),
        Ty::I32 => Some((x as i32).cmp(&(y as i32))),
        Ty::I64 => Some((x as i64).cmp(&(y as i64))),
        Ty::BF16 | Ty::F16 | Ty::F32 | Ty::F64 => {
            if total {
                Some(total_key(x, ty.width()).cmp(&total_key(y, ty.width())))
            } else {
                float(ty, x).partial_cmp(&float(ty, y))
            }
        }
    };
    holds(d, o)
}

fn arith(op: Op, ty: Ty, x: u64, y: u64) -> u64 {
    macro_rules! int {
        ($t:ty, $u:ty) => {{
            let (p, q) = (x as $u as $t, y as $u as $t);
            (match op {
                Op::Add => fns::int_add(p, q),
                Op::Sub => p.wrapping_sub(q),
                Op::Mul => fns::int_mul(p, q),
                Op::Max => fns::int_max(p, q),
                _ => fns::int_min(p, q),
            }) as $u as u64
        }};
    }
    macro_rules! float {
        ($t:ty, $u:ty, $from:expr, $to:expr, $add:expr, $mul:expr, $max:expr, $min:expr, $sub:expr) => {{
            let (p, q): ($t, $t) = ($from(x as $u), $from(y as $u));
            $to(match op {
                Op::Add => $add(p, q),
                Op::Sub => $sub(p, q),
                Op::Mul => $mul(p, q),
                Op::Max => $max(p, q),
                _ => $min(p, q),
            }) as u64
        }};
    }
    match ty {
        Ty::Bool => {
            let (p, q) = (x != 0, y != 0);
            (match op {
                Op::Add | Op::Max => p | q,
                Op::Sub => p ^ q,
                _ => p & q,
            }) as u64
        }
        Ty::I8 => int!(i8, u8),
        Ty::I16 => int!(i16, u16),
        Ty::I32 => int!(i32, u32),
        Ty::I64 => int!(i64, u64),
        Ty::U8 => int!(u8, u8),
        Ty::U16 => int!(u16, u16),
        Ty::U32 => int!(u32, u32),
        Ty::U64 => int!(u64, u64),
        Ty::F32 => float!(
            f32,
            u32,
            f32::from_bits,
            f32::to_bits,
            fns::f32_add,
            fns::f32_mul,
            fns::f32_max,
            fns::f32_min,
            |p: f32, q: f32| p - q
        ),
        Ty::F64 => float!(
            f64,
            u64,
            f64::from_bits,
            f64::to_bits,
            fns::f64_add,
            fns::f64_mul,
            fns::f64_max,
            fns::f64_min,
            |p: f64, q: f64| p - q
        ),
        Ty::BF16 => float!(
            bf16,
            u16,
            bf16::from_bits,
            bf16::to_bits,
            fns::bf16_add,
            fns::bf16_mul,
            fns::bf16_max,
            fns::bf16_min,
            |p: bf16, q: bf16| bf16::from_f64(p.to_f64() - q.to_f64())
        ),
        Ty::F16 => float!(
            f16,
            u16,
            f16::from_bits,
            f16::to_bits,
            fns::f16_add,
            fns::f16_mul,
            fns::f16_max,
            fns::f16_min,
            |p: f16, q: f16| f16::from_f64(p.to_f64() - q.to_f64())
        ),
    }
}

impl Ins {
    #[inline]
    fn run(&self, r: &mut [u64]) {
        let (x, y) = (r[self.a as usize], r[self.b as usize]);
        r[self.dst as usize] = match self.op {
            Op::Cmp(d, total) => compare(self.ty, d, total, x, y) as u64,
            Op::Select => {
                if x != 0 {
                    y
                } else {
                    r[self.c as usize]
                }
            }
            Op::And => x & y,
            Op::Or => x | y,
            Op::Xor => x ^ y,
            Op::Not => !x & self.ty.mask(),
            Op::Add | Op::Sub | Op::Mul | Op::Max | Op::Min => arith(self.op, self.ty, x, y),
        };
    }
}

/// A compiled body: registers `0..args` hold the arguments, then constants and temporaries.
#[derive(Clone, Debug)]
pub struct Program {
    ins: Vec<Ins>,
    /// The initial registers: arguments (overwritten per run), constants, temporaries.
    regs: Vec<u64>,
    /// The registers the body returns, and their types.
    pub ret: Vec<(u32, Ty)>,
    /// The arguments' types.
    pub args: Vec<Ty>,
}

impl Program {
    /// Fresh registers for `run`.
    pub fn registers(&self) -> Vec<u64> {
        self.regs.clone()
    }

    /// Runs the body on `r` (arguments in `r[..args]`); the results are at `ret`.
    #[inline]
    pub fn run(&self, r: &mut [u64]) {
        for i in &self.ins {
            i.run(r);
        }
    }
}

/// The rank-0 cell type of a value of the module, if it has one.
fn scalar(m: &Module, v: ValueId) -> Option<Ty> {
    match m.value_type(v) {
        Type::Tensor(tt) if tt.shape.as_deref() == Some(&[]) => Ty::of(&tt.elem),
        _ => None,
    }
}

/// Compiles region `r` for arguments of element types `args` (its block's arguments must have
/// exactly those rank-0 types). `None` when the body uses anything this compiler does not have.
pub fn compile(m: &Module, r: RegionId, args: &[ElemType]) -> Option<Program> {
    let region = m.region(r);
    let [b] = region.blocks.as_slice() else { return None };
    let block = m.block(*b);
    if block.args.len() != args.len() {
        return None;
    }
    let mut local: HashMap<ValueId, (u32, Ty)> = HashMap::new();
    let mut regs: Vec<u64> = vec![0; args.len()];
    let mut arg_tys = vec![];
    for (i, (&a, e)) in block.args.iter().zip(args).enumerate() {
        match m.value_type(a) {
            Type::Tensor(tt) if tt.shape.as_deref() == Some(&[]) && tt.elem == *e => {}
            _ => return None,
        }
        let ty = Ty::of(e)?;
        arg_tys.push(ty);
        local.insert(a, (i as u32, ty));
    }
    let (last, body) = block.ops.split_last()?;
    let mut ins = vec![];
    for &op in body {
        let o = m.op(op);
        let OpName::Known(OpKind::Stablehlo(k)) = o.name else { return None };
        if !o.regions.is_empty() {
            return None;
        }
        let [res] = o.results.as_slice() else { return None };
        let res_ty = scalar(m, *res)?;
        use StablehloOp as S;
        let get = |v: &ValueId| local.get(v).copied();
        let dst = regs.len() as u32;
        let same_elem = |x: ValueId, y: ValueId| m.value_type(x) == m.value_type(y);
        let i = match (k, o.operands.as_slice()) {
            (S::Constant, []) => {
                let Some(Attr::Dense(d)) = attrs::stablehlo::Constant::of(o).value().raw() else { return None };
                let t = Tensor::from_dense(d)?;
                let Type::Tensor(rt) = m.value_type(*res) else { return None };
                if t.elem != rt.elem || t.num_elements() != 1 {
                    return None;
                }
                regs.push(cells(&t, res_ty)?[0]);
                local.insert(*res, (dst, res_ty));
                continue;
            }
            (S::Compare, [x, y]) => {
                let c = attrs::stablehlo::Compare::of(o);
                let d = c.comparison_direction().get()?;
                let total = c.compare_type().get() == Some(ComparisonType::TotalOrder);
                let ((a, ta), (b, _)) = (get(x)?, get(y)?);
                if !same_elem(*x, *y) || res_ty != Ty::Bool {
                    return None;
                }
                Ins { op: Op::Cmp(d, total), ty: ta, dst, a, b, c: 0 }
            }
            (S::Select, [p, x, y]) => {
                let ((a, tp), (b, tb), (c, _)) = (get(p)?, get(x)?, get(y)?);
                if tp != Ty::Bool || !same_elem(*x, *y) || m.value_type(*x) != m.value_type(*res) {
                    return None;
                }
                Ins { op: Op::Select, ty: tb, dst, a, b, c }
            }
            (S::Not, [x]) => {
                let (a, ta) = get(x)?;
                if matches!(ta, Ty::BF16 | Ty::F16 | Ty::F32 | Ty::F64) || m.value_type(*x) != m.value_type(*res) {
                    return None;
                }
                Ins { op: Op::Not, ty: ta, dst, a, b: a, c: 0 }
            }
            (S::And | S::Or | S::Xor | S::Add | S::Subtract | S::Multiply | S::Maximum | S::Minimum, [x, y]) => {
                let ((a, ta), (b, _)) = (get(x)?, get(y)?);
                if !same_elem(*x, *y) || m.value_type(*x) != m.value_type(*res) {
                    return None;
                }
                let op = match k {
                    S::And => Op::And,
                    S::Or => Op::Or,
                    S::Xor => Op::Xor,
                    S::Add => Op::Add,
                    S::Subtract => Op::Sub,
                    S::Multiply => Op::Mul,
                    S::Maximum => Op::Max,
                    _ => Op::Min,
                };
                if matches!(op, Op::And | Op::Or | Op::Xor) && matches!(ta, Ty::BF16 | Ty::F16 | Ty::F32 | Ty::F64) {
                    return None;
                }
                Ins { op, ty: ta, dst, a, b, c: 0 }
            }
            _ => return None,
        };
        regs.push(0);
        ins.push(i);
        local.insert(*res, (dst, res_ty));
    }
    let lo = m.op(*last);
    if lo.name != OpName::Known(OpKind::Stablehlo(StablehloOp::Return)) {
        return None;
    }
    let ret = lo.operands.iter().map(|v| local.get(v).copied()).collect::<Option<Vec<_>>>()?;
    Some(Program { ins, regs, ret, args: arg_tys })
}

/// `reduce` of `inputs` (one shape) with scalar `inits` over `dims`, running the compiled body
/// in `ops::reduce::reduce_with`'s order (blocks of `ops::reduce::BLOCK` inputs per result, one
/// left fold when an accumulator's type differs from its input's), on cells. The program must
/// have been compiled for the init types then the input types. `None` when the operands or the
/// body's results do not have the types it was compiled for (the caller runs the region, which
/// reports what is wrong).
pub fn reduce(p: &Program, inputs: &[&Tensor], inits: &[&Tensor], dims: &[usize]) -> Option<Vec<Tensor>> {
    let n = inputs.len();
    if n == 0 || inits.len() != n || p.args.len() != 2 * n || p.ret.len() != n {
        return None;
    }
    if inputs.iter().any(|t| t.shape != inputs[0].shape) || inits.iter().any(|t| t.num_elements() != 1) {
        return None;
    }
    if (0..n).any(|i| p.ret[i].1 != p.args[i]) {
        return None;
    }
    let init_cells: Vec<u64> = (0..n).map(|i| cells(inits[i], p.args[i]).map(|c| c[0])).collect::<Option<_>>()?;
    let input_cells: Vec<Vec<u64>> = (0..n).map(|i| cells(inputs[i], p.args[n + i])).collect::<Option<_>>()?;
    let kept: Vec<usize> = (0..inputs[0].rank()).filter(|d| !dims.contains(d)).map(|d| inputs[0].shape[d]).collect();
    let out_n = crate::value::checked_numel(&kept).ok()?;
    let (map, out_shape) = crate::ops::reduce::reduction_map(&inputs[0].shape, dims);
    let same_types = inputs.iter().zip(inits).all(|(t, i)| t.elem == i.elem);
    let block = if same_types { crate::ops::reduce::BLOCK } else { usize::MAX };
    let mut regs = p.registers();
    let ret: Vec<usize> = p.ret.iter().map(|r| r.0 as usize).collect();
    // acc[j * n + i]: accumulator i of result j.
    let mut acc: Vec<u64> = (0..out_n).flat_map(|_| init_cells.iter().copied()).collect();
    let mut count = vec![0usize; out_n];
    let mut done: Vec<Option<Vec<u64>>> = vec![None; out_n];
    let step = |regs: &mut Vec<u64>, accs: &[u64], elems: &[u64], out: &mut [u64]| {
        regs[..n].copy_from_slice(accs);
        regs[n..2 * n].copy_from_slice(elems);
        p.run(regs);
        for (o, &r) in out.iter_mut().zip(&ret) {
            *o = regs[r];
        }
    };
    let mut elems = vec![0u64; n];
    let mut tmp = vec![0u64; n];
    for (e, &j) in map.iter().enumerate() {
        let a = &mut acc[j * n..(j + 1) * n];
        if count[j] == block {
            let blk = a.to_vec();
            a.copy_from_slice(&init_cells);
            done[j] = Some(match done[j].take() {
                None => blk,
                Some(d) => {
                    step(&mut regs, &d, &blk, &mut tmp);
                    tmp.clone()
                }
            });
            count[j] = 0;
        }
        for (x, c) in elems.iter_mut().zip(&input_cells) {
            *x = c[e];
        }
        step(&mut regs, a, &elems, &mut tmp);
        a.copy_from_slice(&tmp);
        count[j] += 1;
    }
    for (j, d) in done.into_iter().enumerate() {
        if let Some(d) = d {
            let a = &mut acc[j * n..(j + 1) * n];
            step(&mut regs, &d, a, &mut tmp);
            a.copy_from_slice(&tmp);
        }
    }
    Some(
        (0..n)
            .map(|i| {
                let col: Vec<u64> = (0..out_n).map(|j| acc[j * n + i]).collect();
                Tensor::new(out_shape.clone(), inits[i].elem.clone(), buffer(p.args[i], &col))
            })
            .collect(),
    )
}

/// The "a before b" test of a sort comparator compiled for `inputs` (arguments `a0, b0, a1, b1,
/// …`), on element indices, and the number of comparisons it made so far. `None` when the
/// operands' types are not the ones it was compiled for, or it does not return one i1.
pub struct SortLess<'p> {
    p: &'p Program,
    cells: Vec<Vec<u64>>,
    regs: Vec<u64>,
    ret: usize,
    pub comparisons: u64,
}

impl<'p> SortLess<'p> {
    pub fn new(p: &'p Program, inputs: &[&Tensor]) -> Option<SortLess<'p>> {
        if p.args.len() != 2 * inputs.len() || p.ret.len() != 1 || p.ret[0].1 != Ty::Bool {
            return None;
        }
        let cells = inputs
            .iter()
            .enumerate()
            .map(|(k, t)| if p.args[2 * k] == p.args[2 * k + 1] { cells(t, p.args[2 * k]) } else { None })
            .collect::<Option<Vec<_>>>()?;
        Some(SortLess { p, cells, regs: p.registers(), ret: p.ret[0].0 as usize, comparisons: 0 })
    }

    /// Whether element `a` goes before element `b`.
    #[inline]
    pub fn less(&mut self, a: usize, b: usize) -> bool {
        for (k, c) in self.cells.iter().enumerate() {
            self.regs[2 * k] = c[a];
            self.regs[2 * k + 1] = c[b];
        }
        self.p.run(&mut self.regs);
        self.comparisons += 1;
        self.regs[self.ret] != 0
    }
}

/// A comparator whose result is one comparison of a value computed from `a_k` alone with a value
/// computed from `b_k` alone (JAX's comparators: each side canonicalizes its element, then one
/// `compare`), as per-element keys: `less(i, j)` is `dir` applied to `order(left[i],
/// right[j])`, exactly the comparator's result, with each side computed once per element
/// instead of once per comparison.
#[derive(Debug)]
pub struct SortKeys {
    /// The left and right sides' keys, mapped to integers in the comparison's order.
    pub left: Vec<i64>,
    pub right: Vec<i64>,
    pub dir: ComparisonDirection,
}

impl SortKeys {
    /// Whether element `a` goes before element `b`.
    #[inline]
    pub fn less(&self, a: usize, b: usize) -> bool {
        holds(self.dir, Some(self.left[a].cmp(&self.right[b])))
    }
}

/// An integer whose signed order is the comparison's order on cells of `ty` (total order for
/// floats with `total`, IEEE order otherwise, where -0 and +0 are equal); `None` for a NaN under
/// IEEE order, which orders nothing.
fn order_key(ty: Ty, total: bool, x: u64) -> Option<i64> {
    Some(match ty {
        Ty::Bool | Ty::U8 | Ty::U16 | Ty::U32 => x as i64,
        Ty::U64 => (x ^ (1 << 63)) as i64,
        Ty::I8 => x as u8 as i8 as i64,
        Ty::I16 => x as u16 as i16 as i64,
        Ty::I32 => x as u32 as i32 as i64,
        Ty::I64 => x as i64,
        Ty::BF16 | Ty::F16 | Ty::F32 | Ty::F64 => {
            if total {
                total_key(x, ty.width())
            } else {
                let v = float(ty, x);
                if v.is_nan() {
                    return None;
                }
                // f64 values in IEEE order; -0 and +0 share +0's key.
                total_key((v + 0.0).to_bits(), 64)
            }
        }
    })
}

/// The keys of a separable comparator over `inputs` (see `SortKeys`), when the comparator is one:
/// its result is a `compare` whose left operand depends on argument `2k` only and whose right
/// operand on argument `2k + 1` only, for one operand `k`, and (IEEE order) no key is NaN.
pub fn sort_keys(p: &Program, inputs: &[&Tensor]) -> Option<SortKeys> {
    if p.args.len() != 2 * inputs.len() || p.ret.len() != 1 || p.ret[0].1 != Ty::Bool {
        return None;
    }
    let ret = p.ret[0].0;
    let last = p.ins.iter().rev().find(|i| i.dst == ret)?;
    let Op::Cmp(dir, total) = last.op else { return None };
    // The arguments every register depends on (a bit per argument; at most 64 of them).
    if p.args.len() > 64 {
        return None;
    }
    let mut deps = vec![0u64; p.regs.len()];
    for (i, d) in deps.iter_mut().enumerate().take(p.args.len()) {
        *d = 1 << i;
    }
    for i in &p.ins {
        let c = if i.op == Op::Select { deps[i.c as usize] } else { 0 };
        deps[i.dst as usize] = deps[i.a as usize] | deps[i.b as usize] | c;
    }
    let (l, r) = (deps[last.a as usize], deps[last.b as usize]);
    if l.count_ones() != 1 || l.trailing_zeros() % 2 != 0 || r != l << 1 {
        return None;
    }
    let k = l.trailing_zeros() as usize / 2;
    let c = cells(inputs[k], p.args[2 * k])?;
    let mut regs = p.registers();
    let (mut left, mut right) = (Vec::with_capacity(c.len()), Vec::with_capacity(c.len()));
    for &x in &c {
        regs[2 * k] = x;
        regs[2 * k + 1] = x;
        // Only the two sides matter; the comparison itself is redone on the keys.
        p.run(&mut regs);
        left.push(order_key(last.ty, total, regs[last.a as usize])?);
        right.push(order_key(last.ty, total, regs[last.b as usize])?);
    }
    Some(SortKeys { left, right, dir })
}
