//! Exact sums for `equiv`: the exact value of a result that is a sum, and
//! whether a parallel value lies within the rounding bound of its summation.
//!
//! Why. A partitioned reduction sums each device's partial and then the
//! partials: another association than the unpartitioned run, so the two can
//! differ in the last bits while both are correct roundings of the same
//! sum. A formal reference should say *how* correct: floats are dyadic
//! rationals (m·2^e), so the exact sum of floats is computable with big
//! integers (num-bigint), and any order of summing n terms x_i in a type
//! with unit roundoff u = 2^-p (p significand bits) stays within
//!
//! ```text
//! |computed - exact| <= γ(n) · Σ|x_i| + n · η,    γ(n) = n·u / (1 - n·u)
//! ```
//!
//! (Higham, Accuracy and Stability of Numerical Algorithms, §4.2: recursive
//! summation of n terms has error at most γ(n-1)·Σ|x_i|, and every
//! summation tree of n terms has depth at most n-1; η, the spacing of the
//! type's subnormals, covers roundings below the normal range, where the
//! relative bound does not hold). A partitioned sum reduces each device's
//! n/d terms and then d partials, so every term passes through at most
//! n/d + d - 1 <= n roundings: the bound with n holds for it, whatever the
//! devices and their order. A parallel value outside this bound is not a
//! reassociation of the sum.
//!
//! Where the check reaches (documented choice). The *final* results of the
//! unpartitioned twin whose defining op is a sum:
//! - `stablehlo.reduce` of one float tensor whose body is a single `add` of
//!   its two arguments: n = the number of reduced elements, the terms are
//!   the elements and the init value;
//! - `stablehlo.dot_general` and `stablehlo.dot`: n = the contraction size
//!   (each term is a product, rounded once more when products are rounded),
//!   the terms are the products;
//! - `stablehlo.convolution`: n = the kernel's input features times its
//!   window size, the terms are the products of the window;
//! - each of these followed by up to 8 elementwise `add`s of other values or
//!   `subtract`s of them (a bias): each adds one term to the sum, whose
//!   value is taken from the twin's run.
//!
//! `sdy.all_reduce` and `sdy.reduce_scatter` are the identity in the erased
//! twin, so a result they produce is judged by the sum that precedes them;
//! with an explicit twin (`--sequential`), a `stablehlo.all_reduce` inside a
//! manual computation is judged by the twin's own final sum. Results made by
//! any other op (a sum followed by a tanh, a scaling, a reshape) are judged
//! by the per-type tolerances (`compare`): the rounding of a sum before
//! them propagates through them, and no exact bound follows from the sum's
//! alone. Only bf16, f16, f32 and f64 results are checked (the types the
//! interpreter sums in); complex and other float results use tolerances.
//!
//! How. The twin is cloned as a *probe* function that also returns the
//! operands of those final sums (`add_probe`); the probe runs instead of the
//! twin, so the operands are the twin's own, on the same inputs. For
//! `reduce`, the exact sums are accumulated directly in big integers on a
//! common exponent. For `dot_general`, `dot` and `convolution` (bilinear in
//! their operands), each operand is written on a common exponent as an
//! integer and split into signed 16-bit limbs; the op itself then runs on
//! every pair of limb tensors with an i64 result (each entry is at most n ·
//! 2^32 in magnitude, exact for n < 2^31), and the pairs are recombined in
//! big integers. Reusing the interpreter's kernel keeps the op's index
//! arithmetic (batching, dilation, padding, groups) in one place. Σ|x_i| is
//! computed the same way from unsigned limbs. Operands with an infinity or
//! a NaN have no exact sum; operands needing more than 64 limb pairs (a
//! range of more than about 128 bits of magnitude in both operands), and
//! sums whose exact evaluation would take more than 2^30 multiply-adds (limb
//! pairs × result elements × n, or reduced elements) are left to the
//! tolerances: these results are simply not checked exactly.

use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};

use shardref_interp::eval::{Interp, Limits};
use shardref_interp::ops::reduce::reduction_map;
use shardref_interp::{Buffer, Tensor, Value};
use shardref_spec::ir::stablehlo::StablehloAttr;
use shardref_spec::ir::{Attr, ElemType, FloatKind, Module, OpId, Type, ValueDef, ValueId};
use shardref_spec::ops::{OpKind, OpName, StablehloOp};

use super::erase::{clone_func, find_func};
use super::float_format::{Format, float_parts, scale};

/// What kind of sum an op is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SumOp {
    /// A single-input `reduce` with an `add` body over `dims`.
    Reduce { dims: Vec<usize> },
    /// `dot_general`, `dot` or `convolution`: bilinear in the two operands.
    Bilinear,
}

/// A final result of the probed function that is a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    /// Which result of the function.
    pub result: usize,
    /// The sum op, in the probe function.
    pub op: OpId,
    pub kind: SumOp,
    /// The number of terms of each result element's sum (n of the bound).
    pub terms: u64,
    /// Where the probe returns the op's operands (indices into its results).
    pub operands: Vec<usize>,
    /// Values added to (or, `true`, subtracted from) the sum by `add` and
    /// `subtract` ops on the way to the result (a bias), where the probe
    /// returns them: each is one more term.
    pub addends: Vec<(usize, bool)>,
}

/// A probe function: a clone of the twin that also returns the operands of its final sums.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    pub func: String,
    /// The twin's result count: the probe's first results are the twin's.
    pub results: usize,
    pub sites: Vec<Site>,
}

/// The float kinds whose sums are checked exactly.
fn checked_kind(elem: &ElemType) -> Option<FloatKind> {
    match elem {
        ElemType::Float(k @ (FloatKind::BF16 | FloatKind::F16 | FloatKind::F32 | FloatKind::F64)) => Some(*k),
        _ => None,
    }
}

fn tensor_shape(ty: &Type) -> Option<Vec<u64>> {
    match ty {
        Type::Tensor(t) => t.static_shape().map(|s| s.to_vec()),
        _ => None,
    }
}

fn is_stablehlo(m: &Module, op: OpId, k: StablehloOp) -> bool {
    m.op(op).name == OpName::Known(OpKind::Stablehlo(k))
}

/// Whether region `r` of `op` is `^bb(a, b): return add(a, b)` (either order).
fn is_add_body(m: &Module, op: OpId) -> bool {
    let [r] = m.op(op).regions[..] else { return false };
    let [b] = m.region(r).blocks[..] else { return false };
    let blk = m.block(b);
    let ([a0, a1], [add, ret]) = (&blk.args[..], &blk.ops[..]) else { return false };
    is_stablehlo(m, *add, StablehloOp::Add)
        && is_stablehlo(m, *ret, StablehloOp::Return)
        && m.op(*ret).operands == m.op(*add).results
        && (m.op(*add).operands == [*a0, *a1] || m.op(*add).operands == [*a1, *a0])
}

/// The sum op defining `v` and its term count, if `v` is the result of a checked sum.
fn sum_of(m: &Module, v: ValueId) -> Option<(OpId, SumOp, u64)> {
    let ValueDef::Result { op, index: 0 } = m.value(v).def else { return None };
    let o = m.op(op);
    let Type::Tensor(rt) = &m.value(v).ty else { return None };
    checked_kind(&rt.elem)?;
    let OpName::Known(OpKind::Stablehlo(k)) = o.name else { return None };
    let operand_shape = |i: usize| o.operands.get(i).and_then(|&x| tensor_shape(&m.value(x).ty));
    let size = |shape: &[u64], dims: &[i64]| -> Option<u64> {
        dims.iter().try_fold(1u64, |acc, &d| acc.checked_mul(*shape.get(usize::try_from(d).ok()?)?))
    };
    // The four sums of the module header; every other op is not one.
    if k == StablehloOp::Reduce {
        if o.operands.len() != 2 || o.results.len() != 1 || !is_add_body(m, op) {
            return None;
        }
        let dims = crate::attrs::stablehlo::Dimensions::of(o).dimensions().req().ok()?;
        let terms = size(&operand_shape(0)?, &dims)?;
        let dims = dims.iter().map(|&d| usize::try_from(d).ok()).collect::<Option<Vec<_>>>()?;
        Some((op, SumOp::Reduce { dims }, terms))
    } else if k == StablehloOp::DotGeneral {
        let Some(StablehloAttr::Dot(d)) =
            crate::attrs::stablehlo::DotGeneral::of(o).dot_dimension_numbers().raw().and_then(Attr::as_stablehlo)
        else {
            return None;
        };
        let terms = size(&operand_shape(0)?, &d.lhs_contracting_dimensions)?;
        Some((op, SumOp::Bilinear, terms))
    } else if k == StablehloOp::Dot {
        let lhs = operand_shape(0)?;
        Some((op, SumOp::Bilinear, *lhs.last()?))
    } else if k == StablehloOp::Convolution {
        let Some(StablehloAttr::Conv(d)) =
            crate::attrs::stablehlo::Gather::of(o).dimension_numbers().raw().and_then(Attr::as_stablehlo)
        else {
            return None;
        };
        let mut dims = vec![d.kernel_input_feature_dimension];
        dims.extend(&d.kernel_spatial_dimensions);
        Some((op, SumOp::Bilinear, size(&operand_shape(1)?, &dims)?))
    } else {
        None
    }
}

/// The number of terms of each element of `v` when it is the result of a
/// checked sum (the module header's list), for the propagated bound (`bound`).
pub(crate) fn term_count(m: &Module, v: ValueId) -> Option<u64> {
    sum_of(m, v).map(|(_, _, n)| n)
}

/// Most `add`/`subtract` ops between a sum and the result (`sum_chain`).
const MAX_ADDENDS: usize = 8;

/// A sum op, its kind and term count, and its addends (value, subtracted).
type Chain = (OpId, SumOp, u64, Vec<(ValueId, bool)>);

/// A sum followed by elementwise `add`s of other values and `subtract`s of
/// them (a bias): the sum op, its kind and term count, and the addends
/// (value, subtracted). Adding a value to a sum of n terms makes a sum of
/// n + 1 terms, so the bound of the module header holds for the chain.
fn sum_chain(m: &Module, v: ValueId) -> Option<Chain> {
    sum_chain_within(m, v, MAX_ADDENDS)
}

/// `sum_chain` with at most `budget` addends (which also bounds the search).
fn sum_chain_within(m: &Module, v: ValueId, budget: usize) -> Option<Chain> {
    let mut addends = vec![];
    let mut v = v;
    loop {
        if let Some((op, kind, terms)) = sum_of(m, v) {
            addends.reverse();
            return Some((op, kind, terms, addends));
        }
        let ValueDef::Result { op, index: 0 } = m.value(v).def else { return None };
        let o = m.op(op);
        let [a, b] = o.operands[..] else { return None };
        if addends.len() >= budget || m.value(a).ty != m.value(v).ty || m.value(b).ty != m.value(v).ty {
            return None;
        }
        if is_stablehlo(m, op, StablehloOp::Subtract) {
            addends.push((b, true));
            v = a;
        } else if is_stablehlo(m, op, StablehloOp::Add) {
            // The sum is whichever operand leads to one (the first, if both do).
            let rest = budget - addends.len() - 1;
            let (sum, other) = if sum_chain_within(m, a, rest).is_some() { (a, b) } else { (b, a) };
            addends.push((other, false));
            v = sum;
        } else {
            return None;
        }
    }
}

/// The entry block's terminator of function `f` (its `return`).
fn terminator(m: &Module, f: OpId) -> Option<OpId> {
    let r = *m.op(f).regions.first()?;
    let [b] = m.region(r).blocks[..] else { return None };
    m.block(b).ops.last().copied()
}

/// Adds to `m` a probe of function `func` named `probe` (see the module
/// header); `None` (and `m` unchanged) when no final result is a checked sum.
pub fn add_probe(m: &mut Module, func: &str, probe: &str) -> Option<Probe> {
    let f = find_func(m, func)?;
    let ret = terminator(m, f)?;
    if !m.op(ret).operands.iter().any(|&v| sum_chain(m, v).is_some()) || find_func(m, probe).is_some() {
        return None;
    }
    let Some(Attr::Type(Type::Function(args, results))) =
        crate::attrs::Func::of(m.op(f)).function_type().raw().cloned()
    else {
        return None;
    };
    let copy = clone_func(m, f, probe);
    let ret = terminator(m, copy)?;
    let returned = m.op(ret).operands.clone();
    let mut extra = vec![];
    let mut sites = vec![];
    for (i, &v) in returned.iter().enumerate() {
        let Some((op, kind, terms, chain)) = sum_chain(m, v) else { continue };
        let operands: Vec<_> = match kind {
            SumOp::Reduce { .. } => m.op(op).operands.clone(),
            SumOp::Bilinear => m.op(op).operands[..2].to_vec(),
        };
        let at = returned.len() + extra.len();
        let addends = chain.iter().enumerate().map(|(k, &(_, neg))| (at + operands.len() + k, neg)).collect();
        sites.push(Site { result: i, op, kind, terms, operands: (at..at + operands.len()).collect(), addends });
        extra.extend(operands);
        extra.extend(chain.iter().map(|&(v, _)| v));
    }
    let mut new_results = results.clone();
    new_results.extend(extra.iter().map(|&v| m.value(v).ty.clone()));
    m.op_mut(ret).operands.extend(extra);
    let o = m.op_mut(copy);
    o.attrs.insert(crate::attrs::keys::FUNCTION_TYPE, Attr::Type(Type::Function(args, new_results)));
    o.attrs.remove(crate::attrs::keys::RES_ATTRS);
    Some(Probe { func: probe.to_string(), results: results.len(), sites })
}

/// A copy of `m` in which the bilinear sums of `probe` have i64 results, for
/// running them on integer limbs (`exact_sums`).
pub fn limb_module(m: &Module, probe: &Probe) -> Module {
    let mut out = m.clone();
    for s in probe.sites.iter().filter(|s| s.kind == SumOp::Bilinear) {
        let r = out.op(s.op).results[0];
        if let Type::Tensor(t) = &mut out.values[r.index()].ty {
            t.elem = ElemType::I64;
        }
    }
    out
}

/// The exact sums of one result: element i is `exact[i] · 2^exp`, and
/// `abs[i] · 2^exp` is the sum of the terms' magnitudes.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactSums {
    exact: Vec<BigInt>,
    abs: Vec<BigInt>,
    exp: i64,
    terms: u64,
}

/// What the exact sum says about one parallel value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SumJudgement {
    /// Whether the value lies within the rounding bound.
    pub within: bool,
    /// Its distance from the exact value, in ulp of the exact value.
    pub ulps: f64,
    /// The rounding bound, in ulp of the exact value.
    pub bound_ulps: f64,
    /// The exact value, rounded to f64 (for messages).
    pub exact: f64,
}

/// `x = m · 2^e` exactly, with `m` odd (or zero); `None` for infinities and NaN.
fn decompose(x: f64) -> Option<(i64, i64)> {
    if !x.is_finite() {
        return None;
    }
    if x == 0.0 {
        return Some((0, 0));
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, e) = if exp == 0 { (frac, -1074) } else { (frac | (1u64 << 52), exp - 1075) };
    let tz = m.trailing_zeros();
    let m = (m >> tz) as i64;
    Some((if x < 0.0 { -m } else { m }, e + i64::from(tz)))
}

/// `m · 2^e` as the nearest-ish f64 (for figures, not for decisions).
fn big_to_f64(m: &BigInt, e: i64) -> f64 {
    let bits = m.bits() as i64;
    let (m, e) = if bits > 64 { (m >> (bits - 64) as usize, e + bits - 64) } else { (m.clone(), e) };
    scale(m.to_f64().unwrap_or(0.0), e)
}

/// Decomposes every value, with the smallest exponent of the nonzero ones.
fn decompose_all(vals: &[f64]) -> Option<(Vec<(i64, i64)>, i64)> {
    let parts = vals.iter().map(|&x| decompose(x)).collect::<Option<Vec<_>>>()?;
    let emin = parts.iter().filter(|p| p.0 != 0).map(|p| p.1).min().unwrap_or(0);
    Some((parts, emin))
}

fn scaled(m: i64, e: i64, emin: i64) -> BigInt {
    BigInt::from(m) << (e - emin) as usize
}

const LIMB_BITS: u32 = 16;
/// Most limb pairs (runs of the op) per bilinear sum.
const MAX_LIMB_PAIRS: usize = 64;
/// Most multiply-adds (or big-integer additions) one result's exact sums may
/// take: beyond, the result is left to the tolerances (seconds, not hours,
/// on a 1024×1024×1024 matmul).
const MAX_EXACT_WORK: u64 = 1 << 30;

/// Limb tensors, `[j][i]` being limb j of value i: signed, unsigned (of the
/// magnitudes), and the common exponent.
type Limbs = (Vec<Vec<i64>>, Vec<Vec<i64>>, i64);

/// Signed and unsigned 16-bit limbs of the values on a common exponent.
fn limbs(vals: &[f64]) -> Option<Limbs> {
    let (parts, emin) = decompose_all(vals)?;
    let width = |&(m, e): &(i64, i64)| {
        if m == 0 { 0 } else { 64 - u64::from(m.unsigned_abs().leading_zeros()) as i64 + (e - emin) }
    };
    let bits = parts.iter().map(width).max().unwrap_or(0).max(1);
    let count = (bits as u64).div_ceil(u64::from(LIMB_BITS)) as usize;
    let mut signed = vec![Vec::with_capacity(vals.len()); count];
    let mut unsigned = vec![Vec::with_capacity(vals.len()); count];
    for &(m, e) in &parts {
        let (mag, sign) = (u128::from(m.unsigned_abs()), m.signum());
        let s = e - emin;
        for j in 0..count {
            let shift = (j as i64) * i64::from(LIMB_BITS) - s;
            let limb = if m == 0 || shift >= 128 || shift <= -i64::from(LIMB_BITS) {
                0
            } else if shift >= 0 {
                ((mag >> shift) & 0xffff) as i64
            } else {
                ((mag << -shift) & 0xffff) as i64
            };
            signed[j].push(limb * sign);
            unsigned[j].push(limb);
        }
    }
    Some((signed, unsigned, emin))
}

fn real_parts(t: &Tensor) -> Option<Vec<f64>> {
    if !matches!(t.elem, ElemType::Float(_)) {
        return None;
    }
    Some(float_parts(t)?.into_iter().map(|(re, _)| re).collect())
}

/// The exact sums of `site`'s result from its operands (the probe's extra
/// results), or `None` when they have none or need too many limbs (see the
/// module header). `limbs_m` is `limb_module` of the probe's module.
pub fn exact_sums(
    limbs_m: &Module,
    site: &Site,
    operands: &[&Tensor],
    addends: &[&Tensor],
    limits: Limits,
) -> Option<ExactSums> {
    let mut sums = base_sums(limbs_m, site, operands, limits)?;
    for (t, &(_, negative)) in addends.iter().zip(&site.addends) {
        sums.add(&real_parts(t)?, negative)?;
    }
    Some(sums)
}

/// The exact sums of the site's sum op alone.
fn base_sums(limbs_m: &Module, site: &Site, operands: &[&Tensor], limits: Limits) -> Option<ExactSums> {
    match &site.kind {
        SumOp::Reduce { dims } => {
            let [input, init] = operands else { return None };
            // Two big-integer additions per element (the sum and Σ|x|).
            if 2 * input.num_elements() as u64 > MAX_EXACT_WORK {
                return None;
            }
            let mut vals = real_parts(input)?;
            vals.extend(real_parts(init)?.first());
            let (parts, emin) = decompose_all(&vals)?;
            let (init_part, parts) = parts.split_last()?;
            let (map, out_shape) = reduction_map(&input.shape, dims);
            let n: usize = out_shape.iter().product();
            let init = scaled(init_part.0, init_part.1, emin);
            let mut exact = vec![init.clone(); n];
            let mut abs = vec![init.abs(); n];
            for (&(m, e), &o) in parts.iter().zip(&map) {
                if m != 0 {
                    let x = scaled(m, e, emin);
                    abs[o] += x.abs();
                    exact[o] += x;
                }
            }
            Some(ExactSums { exact, abs, exp: emin, terms: site.terms })
        }
        SumOp::Bilinear => {
            let [a, b] = operands else { return None };
            let (a_signed, a_abs, ea) = limbs(&real_parts(a)?)?;
            let (b_signed, b_abs, eb) = limbs(&real_parts(b)?)?;
            let pairs = a_signed.len() * b_signed.len();
            let out_elements = match &limbs_m.value(limbs_m.op(site.op).results[0]).ty {
                Type::Tensor(t) => t.num_elements()?,
                _ => return None,
            };
            let work = (2 * pairs as u64).checked_mul(out_elements)?.checked_mul(site.terms)?;
            if pairs > MAX_LIMB_PAIRS || work > MAX_EXACT_WORK {
                return None;
            }
            let mut it = Interp::new(limbs_m, limits);
            let as_tensor = |t: &Tensor, v: &[i64]| {
                Value::Tensor(Tensor::new(t.shape.clone(), ElemType::I64, Buffer::I64(v.into())))
            };
            let mut run = |x: &[i64], y: &[i64]| -> Option<Vec<i64>> {
                let out = it.eval_op(site.op, vec![as_tensor(a, x), as_tensor(b, y)], vec![]).ok()?;
                match out.into_iter().next()? {
                    Value::Tensor(Tensor { buf: Buffer::I64(v), .. }) => Some(v.to_vec()),
                    _ => None,
                }
            };
            let mut exact: Vec<BigInt> = vec![];
            let mut abs: Vec<BigInt> = vec![];
            for (j, (xs, xa)) in a_signed.iter().zip(&a_abs).enumerate() {
                for (k, (ys, ya)) in b_signed.iter().zip(&b_abs).enumerate() {
                    let shift = (j + k) * LIMB_BITS as usize;
                    let (c, ca) = (run(xs, ys)?, run(xa, ya)?);
                    if exact.is_empty() {
                        exact = vec![BigInt::zero(); c.len()];
                        abs = vec![BigInt::zero(); c.len()];
                    }
                    for ((acc, acc_abs), (&v, &va)) in exact.iter_mut().zip(abs.iter_mut()).zip(c.iter().zip(&ca)) {
                        if v != 0 {
                            *acc += BigInt::from(v) << shift;
                        }
                        if va != 0 {
                            *acc_abs += BigInt::from(va) << shift;
                        }
                    }
                }
            }
            Some(ExactSums { exact, abs, exp: ea + eb, terms: site.terms })
        }
    }
}

impl ExactSums {
    /// Adds (or subtracts) one value per element: one more term.
    fn add(&mut self, vals: &[f64], negative: bool) -> Option<()> {
        if vals.len() != self.exact.len() {
            return None;
        }
        let (parts, emin) = decompose_all(vals)?;
        if emin < self.exp {
            let up = (self.exp - emin) as usize;
            for x in self.exact.iter_mut().chain(self.abs.iter_mut()) {
                *x <<= up;
            }
            self.exp = emin;
        }
        for ((acc, acc_abs), &(m, e)) in self.exact.iter_mut().zip(self.abs.iter_mut()).zip(&parts) {
            if m != 0 {
                let x = scaled(m, e, self.exp);
                *acc_abs += x.abs();
                if negative {
                    *acc -= x;
                } else {
                    *acc += x;
                }
            }
        }
        self.terms += 1;
        Some(())
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.exact.len()
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.exact.is_empty()
    }

    /// The exact value of element `i` as the nearest-ish f64.
    pub fn value(&self, i: usize) -> Option<f64> {
        self.exact.get(i).map(|m| big_to_f64(m, self.exp))
    }

    /// Judges parallel value `p` of element `i` in format `fmt` against the
    /// bound of the module header; `None` when `p` is not finite, `i` is out
    /// of range, or the bound is void (n·u >= 1).
    pub fn judge(&self, i: usize, p: f64, fmt: Format) -> Option<SumJudgement> {
        let (pm, pe) = decompose(p)?;
        let (s, a) = (self.exact.get(i)?, self.abs.get(i)?);
        let t = fmt.precision;
        let two_t = BigInt::one() << t as usize;
        let k = BigInt::from(self.terms.max(1));
        if k >= two_t {
            return None;
        }
        let eta_e = fmt.subnormal_exponent();
        let e0 = self.exp.min(pe).min(eta_e);
        let s = s << (self.exp - e0) as usize;
        let a = a << (self.exp - e0) as usize;
        let p = BigInt::from(pm) << (pe - e0) as usize;
        let eta = BigInt::one() << (eta_e - e0) as usize;
        let d = (&p - &s).abs();
        let c = &two_t - &k;
        let lhs = &d * &c;
        let rhs = &k * &a + &k * &eta * &c;
        let log2 = if s.is_zero() { i64::from(fmt.emin) } else { s.bits() as i64 - 1 + e0 };
        let ue = log2.max(i64::from(fmt.emin)) - i64::from(t) + 1;
        let c_f = c.to_f64().unwrap_or(f64::INFINITY);
        Some(SumJudgement {
            within: lhs <= rhs,
            ulps: big_to_f64(&d, e0 - ue),
            bound_ulps: big_to_f64(&rhs, e0 - ue) / c_f,
            exact: big_to_f64(&s, e0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equiv::float_format::format;

    #[test]
    fn floats_decompose_into_odd_mantissas() {
        assert_eq!(decompose(0.375), Some((3, -3)));
        assert_eq!(decompose(-8.0), Some((-1, 3)));
        assert_eq!(decompose(f64::from_bits(1)), Some((1, -1074)));
        assert_eq!(decompose(0.0), Some((0, 0)));
        assert_eq!(decompose(f64::NAN), None);
    }

    #[test]
    fn limbs_recombine_to_the_values() {
        let vals = [1.5, -3.0e10, 2f64.powi(-40), 0.0, -0.1];
        let (signed, unsigned, e) = limbs(&vals).unwrap();
        for (i, &v) in vals.iter().enumerate() {
            let mut s = BigInt::zero();
            let mut u = BigInt::zero();
            for j in 0..signed.len() {
                s += BigInt::from(signed[j][i]) << (16 * j);
                u += BigInt::from(unsigned[j][i]) << (16 * j);
            }
            assert_eq!(big_to_f64(&s, e), v, "value {i}");
            assert_eq!(big_to_f64(&u, e), v.abs(), "value {i}");
        }
    }

    fn sums(exact: f64, abs: f64, terms: u64) -> ExactSums {
        let (m, e) = decompose(exact).unwrap();
        let (ma, ea) = decompose(abs).unwrap();
        let emin = e.min(ea);
        ExactSums { exact: vec![scaled(m, e, emin)], abs: vec![scaled(ma, ea, emin)], exp: emin, terms }
    }

    #[test]
    fn the_bound_grows_with_the_terms_and_their_magnitudes() {
        let f32_fmt = format(FloatKind::F32);
        let one_ulp_up = f64::from(f32::from_bits(1.0f32.to_bits() + 1));
        // A sum of 2 terms of magnitude sum 1: the bound is about 2u = 1 ulp of 1.0.
        let j = sums(1.0, 1.0, 2).judge(0, one_ulp_up, f32_fmt).unwrap();
        assert!(j.within, "{j:?}");
        assert_eq!(j.ulps, 1.0);
        let two_ulp_up = f64::from(f32::from_bits(1.0f32.to_bits() + 2));
        assert!(!sums(1.0, 1.0, 2).judge(0, two_ulp_up, f32_fmt).unwrap().within);
        // With cancellation (Σ|x| = 1000 for a sum of 1) the bound is 1000 ulp of 1.0 (γ(2)·1000 ≈ 2000u).
        let j = sums(1.0, 1000.0, 2).judge(0, two_ulp_up, f32_fmt).unwrap();
        assert!(j.within && j.bound_ulps > 999.0 && j.bound_ulps < 1001.0, "{j:?}");
        // Half the sum missing is never within the bound.
        assert!(!sums(1.0, 1.0, 64).judge(0, 0.5, f32_fmt).unwrap().within);
        // n·u >= 1: no bound.
        assert!(sums(1.0, 1.0, 300).judge(0, 1.0, format(FloatKind::BF16)).is_none());
        assert!(sums(1.0, 1.0, 2).judge(0, f64::INFINITY, f32_fmt).is_none());
    }

    /// A twin whose results are a dot_general plus a bias, a reduce, a
    /// convolution (with padding, dilation and two feature groups) and a tanh
    /// (not a sum).
    const TWIN: &str = r#"
func.func @twin(%a: tensor<3x5xf32>, %b: tensor<5x2xf32>, %bias: tensor<3x2xf32>, %x: tensor<1x4x6xf32>, %k: tensor<4x2x3xf32>)
    -> (tensor<3x2xf32>, tensor<5xf32>, tensor<1x4x5xf32>, tensor<3x5xf32>) {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x5xf32>, tensor<5x2xf32>) -> tensor<3x2xf32>
  %r0 = stablehlo.add %d, %bias : tensor<3x2xf32>
  %zero = stablehlo.constant dense<0.5> : tensor<f32>
  %r1 = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<3x5xf32>, tensor<f32>) -> tensor<5xf32>
  %r2 = "stablehlo.convolution"(%x, %k) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 2 : i64, padding = dense<[[2, 1]]> : tensor<1x2xi64>, rhs_dilation = array<i64: 2>} : (tensor<1x4x6xf32>, tensor<4x2x3xf32>) -> tensor<1x4x5xf32>
  %r3 = stablehlo.tanh %a : tensor<3x5xf32>
  return %r0, %r1, %r2, %r3 : tensor<3x2xf32>, tensor<5xf32>, tensor<1x4x5xf32>, tensor<3x5xf32>
}
"#;

    fn f32_tensor(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::new(shape.to_vec(), ElemType::F32, Buffer::F32(v.into()))
    }

    /// Runs the probe of `TWIN` on `inputs`; the twin's results and each site's exact sums.
    fn probe_run(inputs: Vec<Tensor>) -> (Vec<Tensor>, Vec<(usize, ExactSums)>) {
        let mut m = shardref_spec::parse("t.mlir", TWIN).unwrap();
        let probe = add_probe(&mut m, "twin", "probe").unwrap();
        let limbs_m = limb_module(&m, &probe);
        let args = inputs.into_iter().map(Value::Tensor).collect();
        let out = shardref_interp::run(&m, "probe", args, Limits::default()).unwrap().results;
        let ts: Vec<Tensor> = out
            .into_iter()
            .map(|v| match v {
                Value::Tensor(t) => t,
                other => panic!("{other:?}"),
            })
            .collect();
        let sums = probe
            .sites
            .iter()
            .map(|site| {
                let ops: Vec<&Tensor> = site.operands.iter().map(|&k| &ts[k]).collect();
                let adds: Vec<&Tensor> = site.addends.iter().map(|&(k, _)| &ts[k]).collect();
                (site.result, exact_sums(&limbs_m, site, &ops, &adds, Limits::default()).unwrap())
            })
            .collect();
        (ts[..probe.results].to_vec(), sums)
    }

    #[test]
    fn the_probe_finds_final_sums_through_a_bias_and_only_those() {
        let mut m = shardref_spec::parse("t.mlir", TWIN).unwrap();
        let probe = add_probe(&mut m, "twin", "probe").unwrap();
        let found: Vec<(usize, &SumOp, u64, usize)> =
            probe.sites.iter().map(|s| (s.result, &s.kind, s.terms, s.addends.len())).collect();
        assert_eq!(
            found,
            vec![(0, &SumOp::Bilinear, 5, 1), (1, &SumOp::Reduce { dims: vec![0] }, 3, 0), (2, &SumOp::Bilinear, 6, 0)]
        );
        assert_eq!(probe.results, 4);
    }

    #[test]
    fn exact_sums_equal_the_kernels_on_exactly_summable_inputs() {
        // Eighths: every sum here is exact in f32, so the interpreter's results are the exact sums.
        let eighths = |n: usize, seed: i32| (0..n).map(|i| ((i as i32 * 7 + seed) % 41 - 20) as f32 / 8.0).collect();
        let inputs = vec![
            f32_tensor(&[3, 5], eighths(15, 1)),
            f32_tensor(&[5, 2], eighths(10, 2)),
            f32_tensor(&[3, 2], eighths(6, 3)),
            f32_tensor(&[1, 4, 6], eighths(24, 4)),
            f32_tensor(&[4, 2, 3], eighths(24, 5)),
        ];
        let (results, sums) = probe_run(inputs);
        let f32_fmt = crate::equiv::float_format::format(FloatKind::F32);
        for (r, sums) in sums {
            let Buffer::F32(v) = &results[r].buf else { panic!() };
            assert_eq!(sums.len(), v.len());
            for (i, &x) in v.iter().enumerate() {
                assert_eq!(sums.value(i), Some(f64::from(x)), "result {r} element {i}");
                let j = sums.judge(i, f64::from(x), f32_fmt).unwrap();
                assert!(j.within && j.ulps == 0.0, "result {r} element {i}: {j:?}");
            }
        }
    }

    #[test]
    fn exact_sums_keep_every_bit_of_wide_ranges() {
        // 2^40 + 2^-40 needs 81 bits: not representable in f64, exact here.
        let a = f32_tensor(&[3, 5], vec![0.0; 15]);
        let mut av = vec![0.0f32; 15];
        av[0] = 2f32.powi(40);
        av[1] = 2f32.powi(-40);
        let a = Tensor { buf: Buffer::F32(av.into()), ..a };
        let b = f32_tensor(&[5, 2], vec![1.0; 10]);
        let zeros = |s: &[usize]| f32_tensor(s, vec![0.0; s.iter().product()]);
        let (results, sums) = probe_run(vec![a, b, zeros(&[3, 2]), zeros(&[1, 4, 6]), zeros(&[4, 2, 3])]);
        let (_, dot) = &sums[0];
        assert_eq!(dot.exact[0].clone() << 0usize, (BigInt::one() << 80usize) + BigInt::one());
        assert_eq!(dot.exp, -40);
        // The f32 result 2^40 is 2^-40 away from it: 2^-57 of its ulp (2^17), within the bound.
        let Buffer::F32(v) = &results[0].buf else { panic!() };
        let j = dot.judge(0, f64::from(v[0]), crate::equiv::float_format::format(FloatKind::F32)).unwrap();
        assert!(j.within && j.ulps == 2f64.powi(-57), "{j:?}");
    }

    /// The exact sums of one element made of `terms` (with a zero init).
    fn sums_of(terms: &[f64]) -> ExactSums {
        let (parts, emin) = decompose_all(terms).unwrap();
        let exact = parts.iter().map(|&(m, e)| scaled(m, e, emin)).sum::<BigInt>();
        let abs = parts.iter().map(|&(m, e)| scaled(m, e, emin).abs()).sum::<BigInt>();
        ExactSums { exact: vec![exact], abs: vec![abs], exp: emin, terms: terms.len() as u64 }
    }

    /// `xs` summed in f32 by a balanced tree.
    fn tree_sum(xs: &[f32]) -> f32 {
        match xs {
            [] => 0.0,
            [x] => *x,
            _ => tree_sum(&xs[..xs.len() / 2]) + tree_sum(&xs[xs.len() / 2..]),
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// Every order a partitioned sum may take stays within the bound:
        /// left to right, right to left, a balanced tree, and d device
        /// partials followed by their sum; and dropping one device's partial
        /// (a missing all-reduce contribution) is far outside it whenever
        /// that partial is not small against the magnitudes.
        #[test]
        fn every_summation_order_is_within_the_bound(
            xs in proptest::collection::vec((-1000i32..1000, -30i32..30), 1..300),
            d in 1usize..9,
        ) {
            let xs: Vec<f32> = xs.iter().map(|&(m, e)| (m as f32 / 7.0) * 2f32.powi(e)).collect();
            let terms: Vec<f64> = xs.iter().map(|&x| f64::from(x)).collect();
            let sums = sums_of(&terms);
            let fmt = crate::equiv::float_format::format(FloatKind::F32);
            let chunk = xs.len().div_ceil(d);
            let partials: Vec<f32> = xs.chunks(chunk).map(|c| c.iter().sum()).collect();
            let orders = [
                xs.iter().fold(0.0f32, |a, &x| a + x),
                xs.iter().rev().fold(0.0f32, |a, &x| a + x),
                tree_sum(&xs),
                partials.iter().sum(),
            ];
            for (k, p) in orders.into_iter().enumerate() {
                let j = sums.judge(0, f64::from(p), fmt).unwrap();
                proptest::prop_assert!(j.within, "order {k}: {j:?}");
            }
            if partials.len() > 1 {
                let dropped: f32 = partials[1..].iter().sum();
                let missing = f64::from(partials[0]).abs();
                let total: f64 = terms.iter().map(|x| x.abs()).sum();
                if missing > 1e-3 * total {
                    proptest::prop_assert!(!sums.judge(0, f64::from(dropped), fmt).unwrap().within);
                }
            }
        }
    }
}
