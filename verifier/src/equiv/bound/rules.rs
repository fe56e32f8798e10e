//! The rounding bound of each op family (see `bound`'s header for what a
//! radius means). Notation: `x̂` an operand's value in the twin, `r` its
//! radius, `ŷ` the op's value in the twin, `u = 2^-p` and `η = 2^emin` of
//! the result type, `γ(n) = n·u / (1 - n·u)` (infinite when `n·u >= 1`).
//! Every float rule ends with `ball`: the exact op over the operands' balls
//! is enclosed in `[lo, hi]`, and the radius is `max(hi - ŷ, ŷ - lo) +
//! k·(2u·max(|lo|, |hi|) + η)` for an allowance of `k` ulp per evaluation.
//!
//! | family | ops | radius |
//! |---|---|---|
//! | exact | constants, iota, rng, ids, tokens | 0 |
//! | data movement | reshape, transpose, broadcast, slice, concatenate, pad, reverse, gather, dynamic_slice, dynamic_update_slice, tuple ops, copies, sdy's global identities | the op applied to the radii (index operands must have radius 0, else unbounded) |
//! | arithmetic | add, subtract (k = 1/2) | `r_a + r_b` |
//! | | multiply (k = 1/2) | `|a|·r_b + |b|·r_a + r_a·r_b` |
//! | | divide (k = 1: also covers `x·(1/c)`) | `(r_a·|b| + |a|·r_b) / (|b|·(|b| - r_b))`, unbounded when `|b| <= r_b` |
//! | monotone | exp, expm1, log, log1p, sqrt (k = 1), rsqrt (k = 2), cbrt, tanh, logistic, atan, asin, acos, asinh, acosh, atanh, sinh, erf, erfc, erf_inv (k = 4) | the function at `x̂ ± r`, evaluated by the interpreter's own f64 kernel (a NaN or infinity there, outside the domain, is unbounded) |
//! | even, convex | cosh, square | as monotone, with the minimum at 0 when the ball holds 0 |
//! | 1-Lipschitz | sine, cosine (k = 4) | `f(x̂) ± r` |
//! | | tan (k = 4) | monotone within a branch; unbounded across a pole |
//! | | abs, negate, maximum, minimum, clamp (k = 0) | the largest operand radius |
//! | two-argument | power (k = 4) | the four corners when the base's ball is positive, else unbounded unless exact |
//! | | atan2 (k = 4) | `ρ / (d - ρ)` with `ρ = r_y + r_x` and `d` the distance from 0; unbounded across the branch cut or when `d <= ρ` |
//! | rounding to integers | floor, ceil, round_*, convert to an integer | `max |g(x̂ ± r) - g(x̂)|` |
//! | convert between floats | convert (k = 1/2 when narrowing, else 0) | the ball in the target type |
//! | comparisons | compare, is_finite, is_inf, sign | a boolean has radius 1 when the balls may cross (then the result may differ), else 0; sign 2 likewise |
//! | selects | select | the chosen operand's radius; with a predicate that may flip, `max(r_chosen, |a - b| + r_other)` |
//! | logic | and, or, xor, not | booleans: 1 if any operand may flip; integers: 0 if exact, else unknown |
//! | bit manipulation | shifts, popcnt, clz, mulhi, bitcast_convert, remainder | 0 if exact, else unknown |
//! | sums | reduce, reduce_window (add), scatter (add) | `Σr + γ(n)·(2·Σ|x̂| + Σr) + 2nη`, n the terms of the element (the init value included) |
//! | | dot, dot_general, convolution | `D + γ(n)·(2A + D) + 2nη`, `A = Σ|a||b|`, `D = Σ(|a|r_b + r_a|b| + r_a r_b)`, n the contraction size |
//! | selections | reduce and reduce_window with maximum or minimum, sort of one operand, top_k values | the largest radius among the candidates (an order statistic is 1-Lipschitz) |
//! | | argmax-like reduces and sorts of several operands | 0 if exact, else unknown |
//! | | top_k indices | 0 if exact, else unbounded |
//! | no rule | custom_call, fft, triangular_solve, cholesky, batch_norm_*, map, einsum, quantization, complex numbers, collectives, lgamma, digamma, polygamma, zeta, bessel_i1e, next_after, reduce_precision, chlo's broadcasting ops | 0 if exact with integer results, else unknown |
//!
//! Two kinds of "no finite radius": *unbounded* (`+inf`) where rounding
//! alone may move the element anywhere (a division by a ball holding 0, a
//! function leaving its domain, an index or a branch that may differ); and
//! *unknown* (NaN, `UNKNOWN`) where an op on the way has no rule. Unknown
//! wins over unbounded (`nmax`, `elementwise`), and the judge treats the two
//! differently (`compare::judge`).
//!
//! The allowances `k` are those of correctly rounded IEEE operations for
//! add, subtract, multiply and convert, one ulp for divide and sqrt (what a
//! compiler's rewrite of `x / c` into `x · (1/c)` can cost), and 4 ulp for
//! the transcendental functions, which covers XLA's CPU approximations as
//! well as the interpreter's libm (both are documented within a few ulp).
//! Sums accumulated in a wider type (XLA's bf16 reductions in f32) round
//! less than the bound assumes, so they are covered too.

use shardref_interp::{Tensor, Value};
use shardref_spec::ir::stablehlo::ComparisonDirection;
use shardref_spec::ir::{ElemType, FloatKind, OpId, RegionId};
use shardref_spec::ops::{ArithOp, BuiltinOp, ChloOp, FuncOp, MhloOp, OpKind, OpName, SdyOp, StablehloOp as S};

use super::{BoundError, Shadow, f64_tensor, f64s, filled_radius, is_exact};
use crate::equiv::float_format::format;

/// What kind of rule an op follows (the table of the module header).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Family {
    Terminator,
    Control,
    Exact,
    /// Data movement: the op applied to the radii of its first `n`
    /// operands (`None`: all), the others being indices.
    Move(Option<usize>),
    Arith(Arith),
    Monotone(f64),
    EvenConvex(f64),
    SinCos,
    Tan,
    Lipschitz,
    Power,
    Atan2,
    Round(RoundKind),
    Convert,
    Compare,
    Predicate,
    Sign,
    Select,
    Logic,
    Bits,
    Reduce,
    ReduceWindow,
    Bilinear,
    Scatter,
    Sort,
    TopK,
    NoRule,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    Add,
    Subtract,
    Multiply,
    Divide,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundKind {
    Floor,
    Ceil,
    AwayFromZero,
    ToEven,
}

/// Allowance of the transcendental functions, in ulp.
const TRANSCENDENTAL: f64 = 4.0;

/// The family of an op kind.
pub fn family(k: OpKind) -> Family {
    use Family as F;
    match k {
        OpKind::Stablehlo(s) => match s {
            S::Return => F::Terminator,
            S::While | S::If | S::Case => F::Control,
            S::Constant
            | S::Iota
            | S::DynamicIota
            | S::GetDimensionSize
            | S::Rng
            | S::RngBitGenerator
            | S::CreateToken
            | S::AfterAll
            | S::PartitionId
            | S::ReplicaId => F::Exact,
            S::Broadcast
            | S::BroadcastInDim
            | S::Reshape
            | S::Transpose
            | S::Concatenate
            | S::Slice
            | S::Pad
            | S::Reverse
            | S::OptimizationBarrier
            | S::Tuple
            | S::GetTupleElement => F::Move(None),
            S::DynamicBroadcastInDim
            | S::DynamicReshape
            | S::DynamicSlice
            | S::RealDynamicSlice
            | S::Gather
            | S::DynamicGather
            | S::TorchIndexSelect
            | S::SetDimensionSize => F::Move(Some(1)),
            S::DynamicUpdateSlice | S::DynamicPad => F::Move(Some(2)),
            S::Add => F::Arith(Arith::Add),
            S::Subtract => F::Arith(Arith::Subtract),
            S::Multiply => F::Arith(Arith::Multiply),
            S::Divide => F::Arith(Arith::Divide),
            S::Sqrt => F::Monotone(1.0),
            S::Rsqrt => F::Monotone(2.0),
            S::Exponential | S::ExponentialMinusOne | S::Log | S::LogPlusOne | S::Cbrt | S::Tanh | S::Logistic => {
                F::Monotone(TRANSCENDENTAL)
            }
            S::Sine | S::Cosine => F::SinCos,
            S::Tan => F::Tan,
            S::Abs | S::Negate | S::Maximum | S::Minimum | S::Clamp => F::Lipschitz,
            S::Power => F::Power,
            S::Atan2 => F::Atan2,
            S::Floor => F::Round(RoundKind::Floor),
            S::Ceil => F::Round(RoundKind::Ceil),
            S::RoundNearestAfz => F::Round(RoundKind::AwayFromZero),
            S::RoundNearestEven => F::Round(RoundKind::ToEven),
            S::Convert => F::Convert,
            S::Compare => F::Compare,
            S::IsFinite => F::Predicate,
            S::Sign => F::Sign,
            S::Select => F::Select,
            S::And | S::Or | S::Xor | S::Not => F::Logic,
            S::ShiftLeft
            | S::ShiftRightArithmetic
            | S::ShiftRightLogical
            | S::Popcnt
            | S::CountLeadingZeros
            | S::BitcastConvert
            | S::Remainder => F::Bits,
            S::Reduce => F::Reduce,
            S::ReduceWindow => F::ReduceWindow,
            S::Dot | S::DotGeneral | S::Convolution => F::Bilinear,
            S::Scatter => F::Scatter,
            S::Sort => F::Sort,
            S::Imag
            | S::Real
            | S::Complex
            | S::ReducePrecision
            | S::UniformQuantize
            | S::UniformDequantize
            | S::SelectAndScatter
            | S::Map
            | S::Einsum
            | S::UnaryEinsum
            | S::DynamicConv
            | S::Fft
            | S::TriangularSolve
            | S::Cholesky
            | S::BatchNormGrad
            | S::BatchNormInference
            | S::BatchNormTraining
            | S::Composite
            | S::CustomCall
            | S::Infeed
            | S::Outfeed
            | S::Send
            | S::Recv
            | S::AllGather
            | S::AllReduce
            | S::AllToAll
            | S::ReduceScatter
            | S::CollectivePermute
            | S::CollectiveBroadcast
            | S::CollectiveReduce
            | S::CrossReplicaSum
            | S::AsyncStart
            | S::AsyncDone => F::NoRule,
        },
        OpKind::Chlo(c) => match c {
            ChloOp::Atan
            | ChloOp::Asin
            | ChloOp::Acos
            | ChloOp::Asinh
            | ChloOp::Acosh
            | ChloOp::Atanh
            | ChloOp::Sinh
            | ChloOp::Erf
            | ChloOp::Erfc
            | ChloOp::ErfInv => F::Monotone(TRANSCENDENTAL),
            ChloOp::Cosh => F::EvenConvex(TRANSCENDENTAL),
            ChloOp::Square => F::EvenConvex(0.5),
            ChloOp::Tan => F::Tan,
            ChloOp::IsInf | ChloOp::IsNegInf | ChloOp::IsPosInf => F::Predicate,
            ChloOp::Constant | ChloOp::ConstantLike => F::Exact,
            ChloOp::TopK => F::TopK,
            ChloOp::AsinAcosKernel
            | ChloOp::BesselI1e
            | ChloOp::Conj
            | ChloOp::Digamma
            | ChloOp::Lgamma
            | ChloOp::Mulhi
            | ChloOp::NextAfter
            | ChloOp::Polygamma
            | ChloOp::Zeta
            | ChloOp::BroadcastAdd
            | ChloOp::BroadcastAnd
            | ChloOp::BroadcastAtan2
            | ChloOp::BroadcastCompare
            | ChloOp::BroadcastComplex
            | ChloOp::BroadcastDivide
            | ChloOp::BroadcastMaximum
            | ChloOp::BroadcastMinimum
            | ChloOp::BroadcastMultiply
            | ChloOp::BroadcastNextAfter
            | ChloOp::BroadcastOr
            | ChloOp::BroadcastPolygamma
            | ChloOp::BroadcastPower
            | ChloOp::BroadcastRemainder
            | ChloOp::BroadcastSelect
            | ChloOp::BroadcastShiftLeft
            | ChloOp::BroadcastShiftRightArithmetic
            | ChloOp::BroadcastShiftRightLogical
            | ChloOp::BroadcastSubtract
            | ChloOp::BroadcastXor
            | ChloOp::BroadcastZeta
            | ChloOp::RaggedDot
            | ChloOp::Scan => F::NoRule,
        },
        OpKind::Mhlo(h) => match h {
            MhloOp::Acos
            | MhloOp::Asin
            | MhloOp::Asinh
            | MhloOp::Acosh
            | MhloOp::Atanh
            | MhloOp::Sinh
            | MhloOp::Erf => F::Monotone(TRANSCENDENTAL),
            MhloOp::Cosh => F::EvenConvex(TRANSCENDENTAL),
            MhloOp::Copy | MhloOp::Domain => F::Move(None),
            MhloOp::AddDependency => F::Move(Some(1)),
            MhloOp::TopK => F::TopK,
            MhloOp::Bitcast => F::NoRule,
        },
        OpKind::Sdy(s) => match s {
            SdyOp::Return => F::Terminator,
            SdyOp::NamedComputation => F::Control,
            SdyOp::Constant | SdyOp::ShardingGroup => F::Exact,
            // The global view of every collective and sharding op is the identity.
            SdyOp::ShardingConstraint
            | SdyOp::Reshard
            | SdyOp::DataFlowEdge
            | SdyOp::PropagationBarrier
            | SdyOp::FuncDataFlowEdge
            | SdyOp::AllGather
            | SdyOp::AllSlice
            | SdyOp::AllToAll
            | SdyOp::CollectivePermute
            | SdyOp::AllReduce
            | SdyOp::ReduceScatter
            | SdyOp::ShardedToUnreduced
            | SdyOp::ReplicatedToUnreduced => F::Move(None),
            SdyOp::Mesh | SdyOp::ManualComputation => F::NoRule,
        },
        OpKind::Func(f) => match f {
            FuncOp::Return => F::Terminator,
            FuncOp::Call => F::Control,
            FuncOp::Func => F::NoRule,
        },
        OpKind::Arith(ArithOp::Constant) => F::Exact,
        OpKind::Builtin(BuiltinOp::Module) => F::NoRule,
        // Dialects that never appear in an unpartitioned StableHLO twin.
        OpKind::Mpmd(_) | OpKind::Check(_) | OpKind::Interpreter(_) | OpKind::Hlo(_) => F::NoRule,
    }
}

/// A float format's unit roundoff and smallest normal number.
#[derive(Clone, Copy, Debug)]
struct Fmt {
    u: f64,
    eta: f64,
}

/// The format of a real float element type; `None` for integers, booleans
/// and complex numbers.
fn fmt_of(e: &ElemType) -> Option<Fmt> {
    match e {
        ElemType::Float(k) => {
            let f = format(*k);
            Some(Fmt { u: 2f64.powi(-(f.precision as i32)), eta: 2f64.powi(f.emin) })
        }
        ElemType::Int { .. } | ElemType::Index | ElemType::Complex(_) | ElemType::Quant(_) => None,
    }
}

/// The largest finite value of a float kind (for `is_finite`).
fn max_finite(k: FloatKind) -> f64 {
    match k {
        FloatKind::F64 => f64::MAX,
        FloatKind::F32 | FloatKind::TF32 => f64::from(f32::MAX),
        FloatKind::BF16 => 3.3895313892515355e38,
        FloatKind::F16 => 65504.0,
        // The narrow formats: any radius may reach their (small) limits.
        _ => 0.0,
    }
}

const SLACK_ABS: f64 = 4.0 * f64::EPSILON / 2.0;
const SLACK_REL: f64 = 1.0 + 1.0 / (1u64 << 40) as f64;

/// The radius around `y` of every evaluation whose exact value lies in
/// `[lo, hi]`, rounded within `k` ulp of format `f` (module header).
fn ball(y: f64, lo: f64, hi: f64, k: f64, f: Fmt) -> f64 {
    // An infinity that every evaluation reaches exactly (a masked -inf minus a finite value).
    if y.is_infinite() && lo == y && hi == y {
        return 0.0;
    }
    if !(y.is_finite() && lo.is_finite() && hi.is_finite()) || lo > hi {
        return f64::INFINITY;
    }
    let mag = lo.abs().max(hi.abs());
    let round = k * (2.0 * f.u * mag + f.eta);
    ((hi - y).max(y - lo).max(0.0) + round + SLACK_ABS * mag) * SLACK_REL
}

/// `γ(n)` of unit roundoff `u`.
fn gamma(n: f64, u: f64) -> f64 {
    let nu = n * u;
    if nu >= 1.0 { f64::INFINITY } else { nu / (1.0 - nu) }
}

/// The radius of a sum of `n` terms whose magnitudes sum to `abs` and radii to `rs`.
fn sum_radius(abs: f64, rs: f64, n: f64, f: Option<Fmt>) -> f64 {
    let Some(f) = f else { return rs };
    let abs = abs * (1.0 + n * f64::EPSILON);
    let g = gamma(n, f.u);
    let r = rs + g * (2.0 * abs + rs) + 2.0 * n * f.eta;
    if rs.is_nan() {
        UNKNOWN
    } else if r.is_nan() {
        f64::INFINITY
    } else {
        r * SLACK_REL
    }
}

/// The radius of an element that depends on an op with no rule: unknown,
/// which the judge tells apart from unbounded (`+inf`, an ill-conditioned
/// element: rounding alone may move it anywhere).
pub const UNKNOWN: f64 = f64::NAN;

/// Whether no radius of `r` is unknown.
fn all_known(r: &Value) -> Result<bool, BoundError> {
    Ok(match tensor(r) {
        Some(t) => f64s(t)?.iter().all(|x| !x.is_nan()),
        None => true,
    })
}

/// The larger radius, unknown when either is.
fn nmax(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() { UNKNOWN } else { a.max(b) }
}

/// The radii of an elementwise op's result: NaN from `inf · 0` is unbounded,
/// and an element whose operands have an unknown radius is unknown.
fn elementwise(ins: &[(Value, Value)], r: Vec<f64>) -> Result<Vec<f64>, BoundError> {
    let n = r.len();
    let mut unknown = vec![false; n];
    for b in ins {
        if let Some(t) = tensor(&b.1) {
            let v = f64s(t)?;
            if v.len() == n {
                unknown.iter_mut().zip(&v).for_each(|(u, x)| *u |= x.is_nan());
            } else if v.len() == 1 && v[0].is_nan() {
                unknown.iter_mut().for_each(|u| *u = true);
            }
        }
    }
    Ok(r.into_iter()
        .zip(unknown)
        .map(|(x, u)| {
            if u {
                UNKNOWN
            } else if x.is_nan() {
                f64::INFINITY
            } else {
                x.max(0.0)
            }
        })
        .collect())
}

fn tensor(v: &Value) -> Option<&Tensor> {
    v.as_tensor()
}

/// The f64 values and radii of operand `b`, broadcast to `n` elements when it is a scalar.
fn operand(b: &(Value, Value), n: usize) -> Result<(Vec<f64>, Vec<f64>), BoundError> {
    let (Some(t), Some(r)) = (tensor(&b.0), tensor(&b.1)) else { return Err("a non-tensor operand".into()) };
    let (mut x, mut rv) = (f64s(t)?, f64s(r)?);
    if x.len() == 1 && n != 1 {
        x = vec![x[0]; n];
        rv = vec![rv[0]; n];
    }
    if x.len() != n || rv.len() != n {
        return Err("operand and result sizes differ".into());
    }
    Ok((x, rv))
}

fn radius_value(like: &Tensor, r: Vec<f64>) -> Value {
    Value::Tensor(f64_tensor(&like.shape, r.into_iter().map(|x| if x.is_nan() { x } else { x.max(0.0) }).collect()))
}

/// Every result unknown (or 0 when everything is exact and no result is a float).
fn no_rule(ins: &[(Value, Value)], primal: &[Value]) -> Vec<Value> {
    let exact = ins.iter().all(|b| is_exact(&b.1));
    let all_discrete = primal.iter().all(discrete);
    primal.iter().map(|v| filled_radius(v, if exact && all_discrete { 0.0 } else { UNKNOWN })).collect()
}

/// Whether a value holds no floats (integers, booleans, tokens).
fn discrete(v: &Value) -> bool {
    match v {
        Value::Tensor(t) => matches!(t.elem, ElemType::Int { .. } | ElemType::Index),
        Value::Tuple(items) => items.iter().all(discrete),
        Value::Token => true,
        Value::Future(inner) => discrete(inner),
    }
}

/// The radii of `op`'s results (`primal`, its values) from its operands' balls `ins`.
pub(crate) fn radii(
    s: &mut Shadow<'_>,
    op: OpId,
    fam: Family,
    ins: &[(Value, Value)],
    primal: &[Value],
) -> Result<Vec<Value>, BoundError> {
    let m = s.module();
    let o = m.op(op);
    // Complex results have no rule except data movement.
    let complex = primal.iter().any(|v| matches!(v, Value::Tensor(t) if matches!(t.elem, ElemType::Complex(_))));
    if complex && !matches!(fam, Family::Move(_) | Family::Exact) {
        return Ok(no_rule(ins, primal));
    }
    let one_result = |r: Vec<f64>| -> Result<Vec<Value>, BoundError> {
        let t = primal.first().and_then(tensor).ok_or("a non-tensor result")?;
        Ok(vec![radius_value(t, elementwise(ins, r)?)])
    };
    let y = || -> Result<(Vec<f64>, Option<Fmt>, &Tensor), BoundError> {
        let t = primal.first().and_then(tensor).ok_or("a non-tensor result")?;
        Ok((f64s(t)?, fmt_of(&t.elem), t))
    };
    match fam {
        Family::Terminator | Family::Control => Err(s.located(op, "not a single op")),
        Family::Exact => Ok(primal.iter().map(|v| filled_radius(v, 0.0)).collect()),
        Family::NoRule => Ok(no_rule(ins, primal)),
        Family::Move(data) => {
            let n = data.unwrap_or(ins.len());
            if ins[n.min(ins.len())..].iter().any(|b| !is_exact(&b.1)) {
                return Ok(primal.iter().map(|v| filled_radius(v, f64::INFINITY)).collect());
            }
            let operands = ins.iter().enumerate().map(|(i, b)| if i < n { b.1.clone() } else { b.0.clone() }).collect();
            s.run_f64(op, operands)
        }
        Family::Arith(a) => {
            let (yv, f, _) = y()?;
            let [p, q] = ins else { return Err(s.located(op, "not two operands")) };
            let ((a_, ra), (b_, rb)) = (operand(p, yv.len())?, operand(q, yv.len())?);
            let r = (0..yv.len())
                .map(|i| {
                    let (x1, r1, x2, r2) = (a_[i], ra[i], b_[i], rb[i]);
                    // An exact infinity with a finite ball stays that infinity.
                    if (x1.is_infinite() && r1 == 0.0 && x2.is_finite() && r2.is_finite())
                        || (x2.is_infinite() && r2 == 0.0 && x1.is_finite() && r1.is_finite())
                    {
                        let inf = if x1.is_infinite() { x1 } else { x2 };
                        let same = match a {
                            Arith::Add => yv[i] == inf,
                            Arith::Subtract => yv[i] == if x1.is_infinite() { x1 } else { -x2 },
                            Arith::Multiply | Arith::Divide => false,
                        };
                        if same {
                            return 0.0;
                        }
                    }
                    let (c, w, k) = match a {
                        Arith::Add => (x1 + x2, r1 + r2, 0.5),
                        Arith::Subtract => (x1 - x2, r1 + r2, 0.5),
                        Arith::Multiply => (x1 * x2, x1.abs() * r2 + x2.abs() * r1 + r1 * r2, 0.5),
                        Arith::Divide => {
                            if f.is_none() {
                                // Integer division truncates: exact or unbounded.
                                return if r1 == 0.0 && r2 == 0.0 { 0.0 } else { f64::INFINITY };
                            }
                            if x2.abs() <= r2 {
                                return f64::INFINITY;
                            }
                            (x1 / x2, (r1 * x2.abs() + x1.abs() * r2) / (x2.abs() * (x2.abs() - r2)), 1.0)
                        }
                    };
                    match f {
                        Some(f) => ball(yv[i], c - w, c + w, k, f),
                        None => w,
                    }
                })
                .collect();
            one_result(r)
        }
        Family::Monotone(k) | Family::EvenConvex(k) => {
            let (yv, f, t) = y()?;
            let f = f.ok_or_else(|| s.located(op, "a non-float result"))?;
            let [p] = ins else { return Err(s.located(op, "not one operand")) };
            let (x, r) = operand(p, yv.len())?;
            // The ends, widened by the f64 rounding of x ± r (an exact value is its own end).
            let widen = |v: f64| if v.is_finite() { v.abs() * f64::EPSILON } else { 0.0 };
            let lo_in: Vec<f64> =
                x.iter().zip(&r).map(|(&x, &r)| if r == 0.0 { x } else { (x - r) - widen(x - r) }).collect();
            let hi_in: Vec<f64> =
                x.iter().zip(&r).map(|(&x, &r)| if r == 0.0 { x } else { (x + r) + widen(x + r) }).collect();
            let fl = eval_f64(s, op, &t.shape, lo_in.clone())?;
            let fh = eval_f64(s, op, &t.shape, hi_in.clone())?;
            let at0 =
                if matches!(fam, Family::EvenConvex(_)) { Some(eval_f64(s, op, &[], vec![0.0])?[0]) } else { None };
            let r = (0..yv.len())
                .map(|i| {
                    if r[i].is_infinite() || x[i].is_nan() {
                        return f64::INFINITY;
                    }
                    if yv[i].is_infinite() && fl[i] == yv[i] && fh[i] == yv[i] {
                        return 0.0;
                    }
                    let (mut lo, hi) = (fl[i].min(fh[i]), fl[i].max(fh[i]));
                    if let Some(z) = at0
                        && lo_in[i] <= 0.0
                        && hi_in[i] >= 0.0
                    {
                        lo = z;
                    }
                    ball(yv[i], lo, hi, k, f)
                })
                .collect();
            one_result(r)
        }
        Family::SinCos | Family::Tan => {
            let (yv, f, t) = y()?;
            let f = f.ok_or_else(|| s.located(op, "a non-float result"))?;
            let [p] = ins else { return Err(s.located(op, "not one operand")) };
            let (x, r) = operand(p, yv.len())?;
            let center = eval_f64(s, op, &t.shape, x.clone())?;
            let (lo_v, hi_v) = if fam == Family::Tan {
                let lo_in: Vec<f64> = x.iter().zip(&r).map(|(&x, &r)| x - r).collect();
                let hi_in: Vec<f64> = x.iter().zip(&r).map(|(&x, &r)| x + r).collect();
                (eval_f64(s, op, &t.shape, lo_in)?, eval_f64(s, op, &t.shape, hi_in)?)
            } else {
                (vec![], vec![])
            };
            let r = (0..yv.len())
                .map(|i| {
                    if fam == Family::Tan {
                        let branch = |v: f64| (v / std::f64::consts::PI + 0.5).floor();
                        // A pole between the ends (or within rounding of one) leaves the ball unbounded.
                        let w = r[i] * (1.0 + 1e-12) + x[i].abs() * 1e-15;
                        if branch(x[i] - w) != branch(x[i] + w) {
                            return f64::INFINITY;
                        }
                        let (lo, hi) = (lo_v[i].min(hi_v[i]), lo_v[i].max(hi_v[i]));
                        return ball(yv[i], lo.min(center[i]), hi.max(center[i]), TRANSCENDENTAL, f);
                    }
                    ball(yv[i], center[i] - r[i], center[i] + r[i], TRANSCENDENTAL, f)
                })
                .collect();
            one_result(r)
        }
        Family::Lipschitz => {
            let (yv, _, _) = y()?;
            let mut r = vec![0.0f64; yv.len()];
            for b in ins {
                let (_, rb) = operand(b, yv.len())?;
                for (a, x) in r.iter_mut().zip(rb) {
                    *a = nmax(*a, x);
                }
            }
            one_result(r)
        }
        Family::Power | Family::Atan2 => {
            let (yv, f, t) = y()?;
            let [p, q] = ins else { return Err(s.located(op, "not two operands")) };
            let ((a, ra), (b, rb)) = (operand(p, yv.len())?, operand(q, yv.len())?);
            let Some(f) = f else { return Ok(no_rule(ins, primal)) };
            if fam == Family::Atan2 {
                let center = eval2_f64(s, op, &t.shape, a.clone(), b.clone())?;
                let r = (0..yv.len())
                    .map(|i| {
                        // atan2(y = a, x = b): |∇| = 1/d, so a ball of radius ρ at distance d > ρ moves it at most ρ/(d - ρ).
                        let rho = ra[i] + rb[i];
                        let d = a[i].hypot(b[i]);
                        if d <= rho || (b[i] - rb[i] <= 0.0 && a[i].abs() <= ra[i] && rho > 0.0) {
                            return f64::INFINITY;
                        }
                        let w = rho / (d - rho);
                        ball(yv[i], center[i] - w, center[i] + w, TRANSCENDENTAL, f)
                    })
                    .collect();
                return one_result(r);
            }
            let mut corners = vec![];
            for (da, db) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)] {
                let ca: Vec<f64> = a.iter().zip(&ra).map(|(&x, &r)| x + da * r).collect();
                let cb: Vec<f64> = b.iter().zip(&rb).map(|(&x, &r)| x + db * r).collect();
                corners.push(eval2_f64(s, op, &t.shape, ca, cb)?);
            }
            let r = (0..yv.len())
                .map(|i| {
                    let exact = ra[i] == 0.0 && rb[i] == 0.0;
                    if !exact && a[i] - ra[i] <= 0.0 {
                        return f64::INFINITY;
                    }
                    // For a positive base, a^b is monotone in each argument: its extremes are at the corners.
                    let lo = corners.iter().map(|c| c[i]).fold(f64::INFINITY, f64::min);
                    let hi = corners.iter().map(|c| c[i]).fold(f64::NEG_INFINITY, f64::max);
                    ball(yv[i], lo, hi, TRANSCENDENTAL, f)
                })
                .collect();
            one_result(r)
        }
        Family::Round(kind) => {
            let (yv, _, _) = y()?;
            let [p] = ins else { return Err(s.located(op, "not one operand")) };
            let (x, r) = operand(p, yv.len())?;
            let g = |v: f64| match kind {
                RoundKind::Floor => v.floor(),
                RoundKind::Ceil => v.ceil(),
                RoundKind::AwayFromZero => v.round(),
                RoundKind::ToEven => v.round_ties_even(),
            };
            one_result(x.iter().zip(&r).map(|(&x, &r)| step_radius(x, r, g)).collect())
        }
        Family::Convert => {
            let (yv, f, _) = y()?;
            let [p] = ins else { return Err(s.located(op, "not one operand")) };
            let (x, r) = operand(p, yv.len())?;
            let pt = tensor(&p.0).ok_or("a non-tensor operand")?;
            let from = fmt_of(&pt.elem);
            let to_bool = matches!(tensor(&primal[0]).map(|t| &t.elem), Some(ElemType::Int { width: 1, .. }));
            let out = (0..yv.len())
                .map(|i| match (f, to_bool) {
                    (Some(f), _) => {
                        // Widening between floats is exact; narrowing, or from an integer, rounds once.
                        let k = if from.is_some_and(|fr| fr.u >= f.u && fr.eta >= f.eta) { 0.0 } else { 0.5 };
                        ball(yv[i], x[i] - r[i], x[i] + r[i], k, f)
                    }
                    (None, true) => {
                        if r[i] > 0.0 && x[i] - r[i] <= 0.0 && x[i] + r[i] >= 0.0 {
                            1.0
                        } else {
                            0.0
                        }
                    }
                    // To an integer: truncation toward zero.
                    (None, false) => step_radius(x[i], r[i], f64::trunc),
                })
                .collect();
            one_result(out)
        }
        Family::Compare => {
            let (yv, _, _) = y()?;
            let [p, q] = ins else { return Err(s.located(op, "not two operands")) };
            let ((a, ra), (b, rb)) = (operand(p, yv.len())?, operand(q, yv.len())?);
            let dir = crate::attrs::stablehlo::Compare::of(o).comparison_direction().get();
            let out = (0..yv.len())
                .map(|i| {
                    let w = ra[i] + rb[i];
                    if w == 0.0 {
                        return 0.0;
                    }
                    let d = a[i] - b[i];
                    if !(d.is_finite() && w.is_finite()) {
                        return 1.0;
                    }
                    let w = w * SLACK_REL + SLACK_ABS * (a[i].abs() + b[i].abs());
                    let (lo, hi) = (d - w, d + w);
                    let certain = match dir {
                        Some(ComparisonDirection::Eq | ComparisonDirection::Ne) => lo > 0.0 || hi < 0.0,
                        Some(ComparisonDirection::Lt | ComparisonDirection::Ge) => hi < 0.0 || lo >= 0.0,
                        Some(ComparisonDirection::Le | ComparisonDirection::Gt) => hi <= 0.0 || lo > 0.0,
                        None => false,
                    };
                    if certain { 0.0 } else { 1.0 }
                })
                .collect();
            one_result(out)
        }
        Family::Predicate => {
            let (yv, _, _) = y()?;
            let [p] = ins else { return Err(s.located(op, "not one operand")) };
            let (x, r) = operand(p, yv.len())?;
            let limit = match tensor(&p.0).map(|t| &t.elem) {
                Some(ElemType::Float(k)) => max_finite(*k),
                _ => 0.0,
            };
            one_result(
                x.iter()
                    .zip(&r)
                    .map(|(&x, &r)| if r > 0.0 && !(x.is_finite() && x.abs() + r < limit) { 1.0 } else { 0.0 })
                    .collect(),
            )
        }
        Family::Sign => {
            let (yv, _, _) = y()?;
            let [p] = ins else { return Err(s.located(op, "not one operand")) };
            let (x, r) = operand(p, yv.len())?;
            one_result(
                x.iter()
                    .zip(&r)
                    .map(|(&x, &r)| if r > 0.0 && x - r <= 0.0 && x + r >= 0.0 { 2.0 } else { 0.0 })
                    .collect(),
            )
        }
        Family::Select => {
            let (yv, _, _) = y()?;
            let [p, a, b] = ins else { return Err(s.located(op, "not three operands")) };
            let n = yv.len();
            let ((pv, pr), (av, ar), (bv, br)) = (operand(p, n)?, operand(a, n)?, operand(b, n)?);
            let out = (0..n)
                .map(|i| {
                    let (chosen, rc, other, ro) =
                        if pv[i] != 0.0 { (av[i], ar[i], bv[i], br[i]) } else { (bv[i], br[i], av[i], ar[i]) };
                    if pr[i] == 0.0 {
                        return rc;
                    }
                    if !(chosen.is_finite() && other.is_finite()) {
                        return f64::INFINITY;
                    }
                    rc.max((chosen - other).abs() * SLACK_REL + ro)
                })
                .collect();
            one_result(out)
        }
        Family::Logic => {
            let (yv, _, t) = y()?;
            let boolean = matches!(t.elem, ElemType::Int { width: 1, .. });
            let mut r = vec![0.0f64; yv.len()];
            for b in ins {
                let (_, rb) = operand(b, yv.len())?;
                for (a, x) in r.iter_mut().zip(rb) {
                    *a = nmax(*a, x);
                }
            }
            if !boolean {
                r.iter_mut().for_each(|x| *x = if *x == 0.0 { 0.0 } else { UNKNOWN });
            } else {
                r.iter_mut().for_each(|x| *x = x.min(1.0));
            }
            one_result(r)
        }
        Family::Bits => Ok(primal
            .iter()
            .map(|v| filled_radius(v, if ins.iter().all(|b| is_exact(&b.1)) { 0.0 } else { UNKNOWN }))
            .collect()),
        Family::Reduce => reduce(s, op, ins, primal),
        Family::ReduceWindow => reduce_window(s, op, ins, primal),
        Family::Bilinear => bilinear(s, op, ins, primal),
        Family::Scatter => scatter(s, op, ins, primal),
        Family::Sort => sort(s, op, ins, primal),
        Family::TopK => top_k(ins, primal),
    }
}

/// The radius of a step function `g` (floor, trunc, ...) over the ball of `x`.
fn step_radius(x: f64, r: f64, g: impl Fn(f64) -> f64) -> f64 {
    if r == 0.0 {
        return 0.0;
    }
    if !(x.is_finite() && r.is_finite()) {
        return f64::INFINITY;
    }
    let c = g(x);
    (g(x + r) - c).abs().max((g(x - r) - c).abs())
}

/// Runs unary `op` on the f64 copy on `v` (shaped `shape`).
fn eval_f64(s: &mut Shadow<'_>, op: OpId, shape: &[usize], v: Vec<f64>) -> Result<Vec<f64>, BoundError> {
    let out = s.run_f64(op, vec![Value::Tensor(f64_tensor(shape, v))])?;
    out.first().and_then(tensor).ok_or_else(|| "no result".to_string()).and_then(f64s)
}

fn eval2_f64(s: &mut Shadow<'_>, op: OpId, shape: &[usize], a: Vec<f64>, b: Vec<f64>) -> Result<Vec<f64>, BoundError> {
    let ts = vec![Value::Tensor(f64_tensor(shape, a)), Value::Tensor(f64_tensor(shape, b))];
    let out = s.run_f64(op, ts)?;
    out.first().and_then(tensor).ok_or_else(|| "no result".to_string()).and_then(f64s)
}

/// What a reduction body computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Body {
    Add,
    Max,
    Min,
    /// Returns its second argument (a scatter that assigns).
    Assign,
    /// Only compares, selects and picks: exact on exact operands.
    Selection,
    Other,
}

/// The kind of body of region `r` (of a single-input reduction when `Add`/`Max`/`Min`).
fn body_of(s: &Shadow<'_>, r: RegionId) -> Body {
    let m = s.module();
    let [b] = m.region(r).blocks[..] else { return Body::Other };
    let blk = m.block(b);
    let is = |op: OpId, k: S| m.op(op).name == OpName::Known(OpKind::Stablehlo(k));
    if let ([a0, a1], [ret]) = (&blk.args[..], &blk.ops[..])
        && m.op(*ret).operands[..] == [*a1]
        && a0 != a1
    {
        return Body::Assign;
    }
    if let ([a0, a1], [one, ret]) = (&blk.args[..], &blk.ops[..])
        && m.op(*ret).operands == m.op(*one).results
        && (m.op(*one).operands == [*a0, *a1] || m.op(*one).operands == [*a1, *a0])
    {
        for (k, body) in [(S::Add, Body::Add), (S::Maximum, Body::Max), (S::Minimum, Body::Min)] {
            if is(*one, k) {
                return body;
            }
        }
    }
    let selection = blk.ops.iter().all(|&op| {
        [S::Compare, S::Select, S::And, S::Or, S::Maximum, S::Minimum, S::Return, S::Constant, S::Not]
            .iter()
            .any(|&k| is(op, k))
    });
    if selection { Body::Selection } else { Body::Other }
}

/// `v` (shaped `shape`) combined over `dims` with `f` from `init`: the
/// result row-major over the remaining dimensions.
fn fold_dims(v: &[f64], shape: &[usize], dims: &[usize], init: f64, f: impl Fn(f64, f64) -> f64) -> Vec<f64> {
    let keep: Vec<usize> = (0..shape.len()).filter(|d| !dims.contains(d)).collect();
    let out_len: usize = keep.iter().map(|&d| shape[d]).product();
    let mut out = vec![init; out_len];
    let strides = shardref_interp::value::strides(shape);
    let keep_strides = shardref_interp::value::strides(&keep.iter().map(|&d| shape[d]).collect::<Vec<_>>());
    for (i, &x) in v.iter().enumerate() {
        let mut o = 0;
        for (k, &d) in keep.iter().enumerate() {
            o += (i / strides[d]) % shape[d] * keep_strides[k];
        }
        out[o] = f(out[o], x);
    }
    out
}

fn scalar(v: &Value) -> Result<f64, BoundError> {
    tensor(v)
        .ok_or_else(|| "a non-tensor init".to_string())
        .and_then(f64s)?
        .first()
        .copied()
        .ok_or("an empty init".into())
}

fn reduce(s: &mut Shadow<'_>, op: OpId, ins: &[(Value, Value)], primal: &[Value]) -> Result<Vec<Value>, BoundError> {
    let m = s.module();
    let o = m.op(op);
    let Some(&r) = o.regions.first() else { return Ok(no_rule(ins, primal)) };
    let body = body_of(s, r);
    let exact = ins.iter().all(|b| is_exact(&b.1));
    let [x, init] = ins else {
        return Ok(if exact && body == Body::Selection {
            primal.iter().map(|v| filled_radius(v, 0.0)).collect()
        } else {
            no_rule(ins, primal)
        });
    };
    let dims: Vec<usize> = match crate::attrs::stablehlo::Dimensions::of(o).dimensions().get() {
        Some(d) => d.iter().map(|&d| d as usize).collect(),
        None => return Ok(no_rule(ins, primal)),
    };
    let (Some(xt), Some(rt), Some(yt)) = (tensor(&x.0), tensor(&x.1), primal.first().and_then(tensor)) else {
        return Ok(no_rule(ins, primal));
    };
    if dims.iter().any(|&d| d >= xt.shape.len()) {
        return Ok(no_rule(ins, primal));
    }
    let (xv, rv) = (f64s(xt)?, f64s(rt)?);
    let (iv, ir) = (scalar(&init.0)?, scalar(&init.1)?);
    let out = match body {
        Body::Add => {
            let n = dims.iter().map(|&d| xt.shape[d]).product::<usize>() as f64 + 1.0;
            let abs =
                fold_dims(&xv.iter().map(|v| v.abs()).collect::<Vec<_>>(), &xt.shape, &dims, iv.abs(), |a, b| a + b);
            let rs = fold_dims(&rv, &xt.shape, &dims, ir, |a, b| a + b);
            let f = fmt_of(&yt.elem);
            abs.iter().zip(&rs).map(|(&a, &r)| sum_radius(a, r, n, f)).collect()
        }
        // Maxima and minima (and their boolean forms, and, or) are 1-Lipschitz: the largest radius.
        Body::Max | Body::Min => fold_dims(&rv, &xt.shape, &dims, ir, nmax),
        Body::Selection if exact => vec![0.0; yt.num_elements()],
        Body::Assign | Body::Selection | Body::Other => return Ok(no_rule(ins, primal)),
    };
    Ok(vec![radius_value(yt, out)])
}

fn reduce_window(
    s: &mut Shadow<'_>,
    op: OpId,
    ins: &[(Value, Value)],
    primal: &[Value],
) -> Result<Vec<Value>, BoundError> {
    let m = s.module();
    let o = m.op(op);
    let Some(&r) = o.regions.first() else { return Ok(no_rule(ins, primal)) };
    let body = body_of(s, r);
    let exact = ins.iter().all(|b| is_exact(&b.1));
    let ([x, init], Some(yt)) = (ins, primal.first().and_then(tensor)) else {
        return Ok(if exact && body == Body::Selection {
            primal.iter().map(|v| filled_radius(v, 0.0)).collect()
        } else {
            no_rule(ins, primal)
        });
    };
    let (Some(xt), Some(rt)) = (tensor(&x.0), tensor(&x.1)) else { return Ok(no_rule(ins, primal)) };
    let (xv, rv) = (f64s(xt)?, f64s(rt)?);
    let (iv, ir) = (scalar(&init.0)?, scalar(&init.1)?);
    let run = |s: &mut Shadow<'_>, v: Vec<f64>, i: f64| -> Result<Vec<f64>, BoundError> {
        let ops = vec![Value::Tensor(f64_tensor(&xt.shape, v)), Value::Tensor(f64_tensor(&[], vec![i]))];
        let out = s.run_f64(op, ops)?;
        out.first().and_then(tensor).ok_or_else(|| "no result".to_string()).and_then(f64s)
    };
    let out = match body {
        Body::Add => {
            let window: f64 = crate::attrs::stablehlo::ReduceWindow::of(o)
                .window_dimensions()
                .get()
                .map_or(f64::INFINITY, |w| w.iter().map(|&d| d as f64).product());
            let abs = run(s, xv.iter().map(|v| v.abs()).collect(), iv.abs())?;
            let rs = run(s, rv, ir)?;
            let f = fmt_of(&yt.elem);
            abs.iter().zip(&rs).map(|(&a, &r)| sum_radius(a, r, window + 1.0, f)).collect()
        }
        Body::Max => run(s, rv, ir)?,
        // The body takes minima: the largest radius is minus the minimum of the negated radii.
        Body::Min => run(s, rv.iter().map(|r| -r).collect(), -ir)?.into_iter().map(|r| -r).collect(),
        Body::Selection if exact => vec![0.0; yt.num_elements()],
        Body::Assign | Body::Selection | Body::Other => return Ok(no_rule(ins, primal)),
    };
    Ok(vec![radius_value(yt, out)])
}

fn bilinear(s: &mut Shadow<'_>, op: OpId, ins: &[(Value, Value)], primal: &[Value]) -> Result<Vec<Value>, BoundError> {
    let m = s.module();
    let o = m.op(op);
    let ([a, b], Some(yt)) = (ins, primal.first().and_then(tensor)) else { return Ok(no_rule(ins, primal)) };
    let (Some(at), Some(bt)) = (tensor(&a.0), tensor(&b.0)) else { return Ok(no_rule(ins, primal)) };
    let f = fmt_of(&yt.elem);
    let Some(n) = crate::equiv::exact::term_count(m, o.results[0]).map(|n| n as f64) else {
        return Ok(no_rule(ins, primal));
    };
    let abs = |t: &Tensor| -> Result<Value, BoundError> {
        Ok(Value::Tensor(f64_tensor(&t.shape, f64s(t)?.iter().map(|v| v.abs()).collect())))
    };
    let mut run = |x: Value, y: Value| -> Result<Vec<f64>, BoundError> {
        let out = s.run_f64(op, vec![x, y])?;
        out.first().and_then(tensor).ok_or_else(|| "no result".to_string()).and_then(f64s)
    };
    let (aa, ba) = (abs(at)?, abs(bt)?);
    let big_a = run(aa.clone(), ba.clone())?;
    let exact = is_exact(&a.1) && is_exact(&b.1);
    let d = if exact {
        vec![0.0; big_a.len()]
    } else {
        let d1 = run(aa, b.1.clone())?;
        let d2 = run(a.1.clone(), ba)?;
        let d3 = run(a.1.clone(), b.1.clone())?;
        (0..d1.len()).map(|i| d1[i] + d2[i] + d3[i]).collect()
    };
    // `inf · 0` in D is unbounded, not unknown, when no radius is unknown.
    let unknown = !(all_known(&a.1)? && all_known(&b.1)?);
    let out = big_a
        .iter()
        .zip(&d)
        .map(|(&x, &dd)| if dd.is_nan() && !unknown { f64::INFINITY } else { sum_radius(x, dd, n, f) })
        .collect();
    Ok(vec![radius_value(yt, out)])
}

fn scatter(s: &mut Shadow<'_>, op: OpId, ins: &[(Value, Value)], primal: &[Value]) -> Result<Vec<Value>, BoundError> {
    let m = s.module();
    let o = m.op(op);
    let Some(&r) = o.regions.first() else { return Ok(no_rule(ins, primal)) };
    let body = body_of(s, r);
    let ([x, idx, upd], Some(yt)) = (ins, primal.first().and_then(tensor)) else {
        return Ok(no_rule(ins, primal));
    };
    if !is_exact(&idx.1) {
        return Ok(primal.iter().map(|v| filled_radius(v, f64::INFINITY)).collect());
    }
    let (Some(xt), Some(ut)) = (tensor(&x.0), tensor(&upd.0)) else { return Ok(no_rule(ins, primal)) };
    let mut run = |a: Vec<f64>, b: Vec<f64>| -> Result<Vec<f64>, BoundError> {
        let ops = vec![Value::Tensor(f64_tensor(&xt.shape, a)), idx.0.clone(), Value::Tensor(f64_tensor(&ut.shape, b))];
        let out = s.run_f64(op, ops)?;
        out.first().and_then(tensor).ok_or_else(|| "no result".to_string()).and_then(f64s)
    };
    let (rx, ru) = (f64s(tensor(&x.1).ok_or("radius")?)?, f64s(tensor(&upd.1).ok_or("radius")?)?);
    let out = match body {
        Body::Add => {
            let abs = run(f64s(xt)?.iter().map(|v| v.abs()).collect(), f64s(ut)?.iter().map(|v| v.abs()).collect())?;
            let rs = run(rx, ru)?;
            let n = run(vec![1.0; xt.num_elements()], vec![1.0; ut.num_elements()])?;
            let f = fmt_of(&yt.elem);
            (0..abs.len()).map(|i| sum_radius(abs[i], rs[i], n[i], f)).collect()
        }
        Body::Assign | Body::Max => run(rx, ru)?,
        Body::Min => {
            run(rx.iter().map(|r| -r).collect(), ru.iter().map(|r| -r).collect())?.into_iter().map(|r| -r).collect()
        }
        Body::Selection | Body::Other => return Ok(no_rule(ins, primal)),
    };
    Ok(vec![radius_value(yt, out)])
}

fn sort(s: &mut Shadow<'_>, op: OpId, ins: &[(Value, Value)], primal: &[Value]) -> Result<Vec<Value>, BoundError> {
    if ins.iter().all(|b| is_exact(&b.1)) {
        return Ok(primal.iter().map(|v| filled_radius(v, 0.0)).collect());
    }
    let m = s.module();
    let [x] = ins else { return Ok(no_rule(ins, primal)) };
    let (Some(rt), Some(yt)) = (tensor(&x.1), primal.first().and_then(tensor)) else {
        return Ok(no_rule(ins, primal));
    };
    let rank = rt.shape.len() as i64;
    let dim = crate::attrs::stablehlo::Sort::of(m.op(op)).dimension().get().unwrap_or(-1);
    let dim = if dim < 0 { dim + rank } else { dim };
    if dim < 0 || dim >= rank {
        return Ok(no_rule(ins, primal));
    }
    Ok(vec![radius_value(yt, spread_max(&f64s(rt)?, &rt.shape, dim as usize))])
}

/// The largest of `v` along `dim`, repeated along it.
fn spread_max(v: &[f64], shape: &[usize], dim: usize) -> Vec<f64> {
    let maxima = fold_dims(v, shape, &[dim], 0.0, nmax);
    let strides = shardref_interp::value::strides(shape);
    let keep: Vec<usize> = (0..shape.len()).filter(|&d| d != dim).collect();
    let keep_strides = shardref_interp::value::strides(&keep.iter().map(|&d| shape[d]).collect::<Vec<_>>());
    (0..v.len())
        .map(|i| {
            let o: usize = keep.iter().enumerate().map(|(k, &d)| (i / strides[d]) % shape[d] * keep_strides[k]).sum();
            maxima[o]
        })
        .collect()
}

fn top_k(ins: &[(Value, Value)], primal: &[Value]) -> Result<Vec<Value>, BoundError> {
    let ([x], [vals, idx]) = (ins, primal) else { return Ok(no_rule(ins, primal)) };
    let (Some(rt), Some(vt), Some(it)) = (tensor(&x.1), tensor(vals), tensor(idx)) else {
        return Ok(no_rule(ins, primal));
    };
    let Some(&last) = rt.shape.last() else { return Ok(no_rule(ins, primal)) };
    let rv = f64s(rt)?;
    let k = vt.shape.last().copied().unwrap_or(0);
    let rows: Vec<f64> = rv.chunks(last.max(1)).map(|c| c.iter().copied().fold(0.0, nmax)).collect();
    let per = |exact_zero: bool| -> Vec<f64> {
        rows.iter()
            .flat_map(|&m| {
                std::iter::repeat_n(if exact_zero { if m == 0.0 { 0.0 } else { f64::INFINITY } } else { m }, k)
            })
            .collect()
    };
    Ok(vec![radius_value(vt, per(false)), radius_value(it, per(true))])
}
