//! CHLO kernels: the special functions, `mulhi`, `next_after`, `top_k`,
//! numpy-style broadcasting and `ragged_dot`.
//!
//! Numerics (the ground truth is XLA's, via the CHLO decompositions):
//! - Real special functions compute in f64 and round once to the operand's
//!   type (as the reference interpreter's `mapWithUpcastToDouble`); f32 and
//!   narrower results are then almost always correctly rounded.
//! - `erf`, `erfc`, `lgamma`, the trigonometric and hyperbolic functions use
//!   `libm` (FreeBSD msun ports, within 1 ulp in f64).
//! - `erf_inv`: Giles' approximation as a starting point, refined by Newton
//!   steps on `erf` (or on `erfc` when |y| > 0.5, where `1 - |y|` is exact);
//!   erf_inv(±1) = ±inf, NaN outside [-1, 1].
//! - `lgamma`: libm; +inf at the poles (0 and the negative integers) and at ±inf.
//! - `digamma`: reflection `ψ(1-x) - π/tan(πx)` below 1/2 (with πx reduced
//!   exactly), recurrence up to x ≥ 10, then the asymptotic series. NaN at
//!   the poles (0 and the negative integers), as XLA.
//! - `bessel_i1e`: the power series of I1 times e^-|x| below 30, the
//!   asymptotic expansion above; odd in x.
//! - `zeta(x, q)` (Hurwitz): Euler–Maclaurin as in Cephes, with XLA's domain
//!   rules: NaN for x < 1, +inf for x = 1, at q ≤ 0 a non-integer x gives NaN
//!   and an integer q gives +inf for even x and NaN otherwise.
//! - `polygamma(n, x)` = (-1)^(n+1) n! zeta(n+1, x), digamma for n = 0, NaN
//!   for non-natural n.
//! - Complex functions compute in complex128 and round once. asin, acos,
//!   asinh and acosh use upstream's `_asin_acos_kernel` (a modified Hull et
//!   al. algorithm); the others num-complex's principal branches.
//! - `cosh` follows upstream's decomposition e^(x + log ½) + e^(log ½ - x)
//!   (in f32 for f32 and narrower types), whose rounding XLA's results carry.
//! - `top_k` orders by XLA's total order (NaN above +inf, -0.0 below +0.0),
//!   descending, ties by lower index.

use half::{bf16, f16};
use shardref_spec::ir::{ElemType, FloatKind};

use crate::error::{IResult, invalid, unsupported};
use crate::ops::elementwise::{f8_to_f32, f32_to_f8};
use crate::value::{Buffer, C64, C128, Tensor};

/// The elementwise unary CHLO functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unary {
    Acos,
    Acosh,
    Asin,
    Asinh,
    Atan,
    Atanh,
    BesselI1e,
    Conj,
    Cosh,
    Digamma,
    Erf,
    ErfInv,
    Erfc,
    Lgamma,
    Sinh,
    Square,
    Tan,
    AsinAcosKernel,
}

/// The classification predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InfKind {
    Any,
    Neg,
    Pos,
}

/// Applies a real f64 function to a float tensor (narrow formats computed in f64, rounded once).
fn map_f64(t: &Tensor, f: fn(f64) -> f64) -> IResult<Buffer> {
    Ok(match &t.buf {
        Buffer::F32(s) => Buffer::F32(s.iter().map(|&x| f(x as f64) as f32).collect()),
        Buffer::F64(s) => Buffer::F64(s.iter().map(|&x| f(x)).collect()),
        Buffer::BF16(s) => Buffer::BF16(s.iter().map(|&x| bf16::from_f64(f(x.to_f64()))).collect()),
        Buffer::F16(s) => Buffer::F16(s.iter().map(|&x| f16::from_f64(f(x.to_f64()))).collect()),
        Buffer::F8(s) => {
            let kind = f8_kind(&t.elem)?;
            Buffer::F8(f32_to_f8(kind, f8_to_f32(kind, s).into_iter().map(|x| f(x as f64) as f32)).into())
        }
        _ => return invalid(format!("expected a floating-point tensor, got {}", t.elem)),
    })
}

/// Applies a real f64 function of two arguments to float tensors of one type and shape.
fn zip_f64(a: &Tensor, b: &Tensor, f: fn(f64, f64) -> f64) -> IResult<Buffer> {
    if a.shape != b.shape || a.elem != b.elem {
        return invalid(format!("operands differ: {:?}{} vs {:?}{}", a.shape, a.elem, b.shape, b.elem));
    }
    Ok(match (&a.buf, &b.buf) {
        (Buffer::F32(x), Buffer::F32(y)) => {
            Buffer::F32(x.iter().zip(y.iter()).map(|(&p, &q)| f(p as f64, q as f64) as f32).collect())
        }
        (Buffer::F64(x), Buffer::F64(y)) => Buffer::F64(x.iter().zip(y.iter()).map(|(&p, &q)| f(p, q)).collect()),
        (Buffer::BF16(x), Buffer::BF16(y)) => {
            Buffer::BF16(x.iter().zip(y.iter()).map(|(&p, &q)| bf16::from_f64(f(p.to_f64(), q.to_f64()))).collect())
        }
        (Buffer::F16(x), Buffer::F16(y)) => {
            Buffer::F16(x.iter().zip(y.iter()).map(|(&p, &q)| f16::from_f64(f(p.to_f64(), q.to_f64()))).collect())
        }
        (Buffer::F8(x), Buffer::F8(y)) => {
            let kind = f8_kind(&a.elem)?;
            let (xs, ys) = (f8_to_f32(kind, x), f8_to_f32(kind, y));
            Buffer::F8(f32_to_f8(kind, xs.into_iter().zip(ys).map(|(p, q)| f(p as f64, q as f64) as f32)).into())
        }
        _ => return invalid(format!("expected floating-point tensors, got {}", a.elem)),
    })
}

fn f8_kind(e: &ElemType) -> IResult<FloatKind> {
    match e {
        ElemType::Float(k) => Ok(*k),
        _ => invalid("f8 buffer without a float type"),
    }
}

/// Applies a complex128 function to a complex tensor (complex64 computed in complex128, rounded once).
fn map_c128(t: &Tensor, f: fn(C128) -> C128) -> IResult<Buffer> {
    Ok(match &t.buf {
        Buffer::C64(s) => Buffer::C64(
            s.iter()
                .map(|c| {
                    let r = f(C128::new(c.re as f64, c.im as f64));
                    C64::new(r.re as f32, r.im as f32)
                })
                .collect(),
        ),
        Buffer::C128(s) => Buffer::C128(s.iter().map(|&c| f(c)).collect()),
        _ => return invalid("expected a complex tensor"),
    })
}

/// Elementwise unary CHLO functions.
pub fn unary(k: Unary, t: &Tensor) -> IResult<Tensor> {
    let is_complex = matches!(t.buf, Buffer::C64(_) | Buffer::C128(_));
    let buf = if is_complex {
        let f: fn(C128) -> C128 = match k {
            Unary::Acos => cacos,
            Unary::Acosh => cacosh,
            Unary::Asin => casin,
            Unary::Asinh => casinh,
            Unary::Atan => |z| z.atan(),
            Unary::Atanh => |z| z.atanh(),
            Unary::Conj => |z| z.conj(),
            Unary::Cosh => |z| z.cosh(),
            Unary::Sinh => |z| z.sinh(),
            Unary::Tan => |z| z.tan(),
            Unary::Square => |z| C128::new((z.re - z.im) * (z.re + z.im), 2.0 * z.re * z.im),
            Unary::AsinAcosKernel => asin_acos_kernel,
            Unary::BesselI1e | Unary::Digamma | Unary::Erf | Unary::ErfInv | Unary::Erfc | Unary::Lgamma => {
                return unsupported(format!("{k:?} on complex numbers"));
            }
        };
        map_c128(t, f)?
    } else {
        let is_float =
            matches!(t.buf, Buffer::F32(_) | Buffer::F64(_) | Buffer::BF16(_) | Buffer::F16(_) | Buffer::F8(_));
        if !is_float {
            return match k {
                // Square of an integer wraps, as multiply does.
                Unary::Square => crate::ops::elementwise::binary(
                    shardref_spec::ops::StablehloOp::Multiply,
                    t,
                    t,
                    &shardref_spec::ir::Type::Tensor(t.ty()),
                ),
                _ => invalid(format!("{k:?} expects a floating-point or complex tensor, got {}", t.elem)),
            };
        }
        let f: fn(f64) -> f64 = match k {
            Unary::Acos => libm::acos,
            Unary::Acosh => libm::acosh,
            Unary::Asin => libm::asin,
            Unary::Asinh => libm::asinh,
            Unary::Atan => libm::atan,
            Unary::Atanh => libm::atanh,
            Unary::BesselI1e => bessel_i1e,
            Unary::Conj => |x| x,
            Unary::Cosh => cosh_f64,
            Unary::Digamma => digamma,
            Unary::Erf => libm::erf,
            Unary::ErfInv => erf_inv,
            Unary::Erfc => libm::erfc,
            Unary::Lgamma => lgamma,
            Unary::Sinh => sinh_f64,
            Unary::Square => |x| x * x,
            Unary::Tan => libm::tan,
            Unary::AsinAcosKernel => return invalid("_asin_acos_kernel expects a complex tensor"),
        };
        if k == Unary::Cosh {
            // The f32 decomposition for every type but f64.
            match &t.buf {
                Buffer::F64(_) => map_f64(t, cosh_f64)?,
                _ => map_f64(t, cosh_f32)?,
            }
        } else if k == Unary::Sinh {
            // The decomposition's numerics, in f32 for every type but f64.
            match &t.buf {
                Buffer::F64(_) => map_f64(t, sinh_f64)?,
                _ => map_f64(t, sinh_f32)?,
            }
        } else if k == Unary::Square {
            // f32 and f64 squares are correctly rounded natively; narrow formats via f64 are too.
            match &t.buf {
                Buffer::F32(s) => Buffer::F32(s.iter().map(|&x| x * x).collect()),
                _ => map_f64(t, f)?,
            }
        } else {
            map_f64(t, f)?
        }
    };
    Ok(Tensor::new(t.shape.clone(), t.elem.clone(), buf))
}

/// `is_inf`, `is_neg_inf`, `is_pos_inf`.
pub fn is_inf(k: InfKind, t: &Tensor) -> IResult<Tensor> {
    let test: fn(f64) -> bool = match k {
        InfKind::Any => |x| x.is_infinite(),
        InfKind::Neg => |x| x == f64::NEG_INFINITY,
        InfKind::Pos => |x| x == f64::INFINITY,
    };
    let v: Vec<bool> = match &t.buf {
        Buffer::F32(s) => s.iter().map(|&x| test(x as f64)).collect(),
        Buffer::F64(s) => s.iter().map(|&x| test(x)).collect(),
        Buffer::BF16(s) => s.iter().map(|&x| test(x.to_f64())).collect(),
        Buffer::F16(s) => s.iter().map(|&x| test(x.to_f64())).collect(),
        Buffer::F8(s) => f8_to_f32(f8_kind(&t.elem)?, s).into_iter().map(|x| test(x as f64)).collect(),
        _ => {
            return invalid(format!("is_inf expects a floating-point tensor, got {}", t.elem));
        }
    };
    Ok(Tensor::new(t.shape.clone(), ElemType::I1, Buffer::Bool(v.into())))
}

/// The elementwise binary CHLO functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binary {
    Mulhi,
    NextAfter,
    Polygamma,
    Zeta,
}

pub fn binary(k: Binary, a: &Tensor, b: &Tensor) -> IResult<Tensor> {
    if a.shape != b.shape || a.elem != b.elem {
        return invalid(format!("operands differ: {:?}{} vs {:?}{}", a.shape, a.elem, b.shape, b.elem));
    }
    let buf = match k {
        Binary::Mulhi => mulhi(a, b)?,
        Binary::NextAfter => next_after(a, b)?,
        Binary::Polygamma => zip_f64(a, b, polygamma)?,
        Binary::Zeta => zip_f64(a, b, zeta)?,
    };
    Ok(Tensor::new(a.shape.clone(), a.elem.clone(), buf))
}

/// The high half of the double-width product.
fn mulhi(a: &Tensor, b: &Tensor) -> IResult<Buffer> {
    if matches!(a.elem, ElemType::Int { width, .. } if width < 8) {
        return unsupported(format!("mulhi on {}", a.elem));
    }
    macro_rules! hi {
        ($($v:ident, $t:ty, $w:ty);*) => {
            match (&a.buf, &b.buf) {
                $((Buffer::$v(x), Buffer::$v(y)) => Buffer::$v(
                    x.iter().zip(y.iter()).map(|(&p, &q)| (((p as $w) * (q as $w)) >> <$t>::BITS) as $t).collect()
                ),)*
                _ => return invalid(format!("mulhi expects integer tensors, got {}", a.elem)),
            }
        };
    }
    Ok(
        hi!(I8, i8, i16; I16, i16, i32; I32, i32, i64; I64, i64, i128; U8, u8, u16; U16, u16, u32; U32, u32, u64; U64, u64, u128),
    )
}

/// One `next_after` step on `width`-bit patterns, as XLA's decomposition:
/// NaN if either is NaN, `y` when equal (±0 included), the smallest
/// subnormal signed like `y` from ±0, else one ulp toward `y`.
fn next_after_bits(bx: u64, by: u64, width: u32, nan: bool, nan_bits: u64) -> u64 {
    let sign = 1u64 << (width - 1);
    let (ax, ay) = (bx & !sign, by & !sign);
    if nan {
        nan_bits
    } else if bx == by || (ax == 0 && ay == 0) {
        by
    } else if ax == 0 {
        (by & sign) | 1
    } else if (bx ^ by) & sign != 0 || ax > ay {
        bx - 1
    } else {
        bx + 1
    }
}

fn next_after(a: &Tensor, b: &Tensor) -> IResult<Buffer> {
    macro_rules! go {
        ($x:expr, $y:expr, $v:ident, $t:ty, $w:expr, $bits:ty) => {
            Buffer::$v(
                $x.iter()
                    .zip($y.iter())
                    .map(|(&p, &q)| {
                        let r = next_after_bits(
                            p.to_bits() as u64,
                            q.to_bits() as u64,
                            $w,
                            p.is_nan() || q.is_nan(),
                            <$t>::NAN.to_bits() as u64,
                        );
                        <$t>::from_bits(r as $bits)
                    })
                    .collect(),
            )
        };
    }
    Ok(match (&a.buf, &b.buf) {
        (Buffer::F32(x), Buffer::F32(y)) => go!(x, y, F32, f32, 32, u32),
        (Buffer::F64(x), Buffer::F64(y)) => go!(x, y, F64, f64, 64, u64),
        (Buffer::BF16(x), Buffer::BF16(y)) => go!(x, y, BF16, bf16, 16, u16),
        (Buffer::F16(x), Buffer::F16(y)) => go!(x, y, F16, f16, 16, u16),
        _ => return unsupported(format!("next_after on {}", a.elem)),
    })
}

// ---------------------------------------------------------------------------
// Special functions in f64.

const PI: f64 = std::f64::consts::PI;

/// lgamma: libm, with +inf at the poles and at ±inf (XLA).
fn lgamma(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.is_infinite() || (x <= 0.0 && x == x.floor()) {
        return f64::INFINITY;
    }
    libm::lgamma(x)
}

/// π / tan(πx), with πx reduced exactly (x - round(x) is exact in f64).
fn pi_over_tan_pi(x: f64) -> f64 {
    let r = x - x.round();
    PI / libm::tan(PI * r)
}

/// Digamma (ψ).
fn digamma(x: f64) -> f64 {
    if x.is_nan() || x == f64::NEG_INFINITY {
        return f64::NAN;
    }
    if x == f64::INFINITY {
        return x;
    }
    if x <= 0.0 && x == x.floor() {
        return f64::NAN;
    }
    if x < 0.5 {
        return digamma_pos(1.0 - x) - pi_over_tan_pi(x);
    }
    digamma_pos(x)
}

/// ψ(x) for x ≥ 1/2: recurrence to x ≥ 10, then the asymptotic series.
fn digamma_pos(mut x: f64) -> f64 {
    let mut acc = 0.0;
    while x < 10.0 {
        acc -= 1.0 / x;
        x += 1.0;
    }
    let z = 1.0 / (x * x);
    // Σ B_2k / (2k x^2k), k = 1..8.
    const C: [f64; 8] = [
        1.0 / 12.0,
        -1.0 / 120.0,
        1.0 / 252.0,
        -1.0 / 240.0,
        1.0 / 132.0,
        -691.0 / 32760.0,
        1.0 / 12.0,
        -3617.0 / 8160.0,
    ];
    let mut s = 0.0;
    for c in C.iter().rev() {
        s = s * z + c;
    }
    s *= z;
    libm::log(x) - 0.5 / x - s + acc
}

/// The inverse error function.
fn erf_inv(y: f64) -> f64 {
    if y.is_nan() || y.abs() > 1.0 {
        return f64::NAN;
    }
    if y.abs() == 1.0 {
        return y * f64::INFINITY;
    }
    if y == 0.0 {
        return y;
    }
    // Giles' single-precision approximation as the starting point.
    let w = -libm::log((1.0 - y) * (1.0 + y));
    let mut x = if w < 5.0 {
        let w = w - 2.5;
        let mut p = 2.81022636e-08;
        for c in [
            3.43273939e-07,
            -3.5233877e-06,
            -4.39150654e-06,
            0.00021858087,
            -0.00125372503,
            -0.00417768164,
            0.246640727,
            1.50140941,
        ] {
            p = c + p * w;
        }
        p * y
    } else {
        let w = w.sqrt() - 3.0;
        let mut p = -0.000200214257;
        for c in [
            0.000100950558,
            0.00134934322,
            -0.00367342844,
            0.00573950773,
            -0.0076224613,
            0.00943887047,
            1.00167406,
            2.83297682,
        ] {
            p = c + p * w;
        }
        p * y
    };
    // Newton steps on erf (or erfc for |y| > 1/2, where 1 - |y| is exact).
    let (s, a) = (y.signum(), y.abs());
    x = x.abs();
    for _ in 0..4 {
        let d = 2.0 / PI.sqrt() * libm::exp(-x * x);
        if d == 0.0 {
            break;
        }
        let err = if a > 0.5 { (1.0 - a) - libm::erfc(x) } else { libm::erf(x) - a };
        // Halley's correction: f''/f' = -2x.
        let step = err / d;
        let nx = x - step / (1.0 + x * step);
        if !nx.is_finite() {
            break;
        }
        if nx == x {
            break;
        }
        x = nx;
    }
    s * x
}

/// e^-|x| I1(x).
fn bessel_i1e(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let a = x.abs();
    let r = if a == 0.0 {
        return x;
    } else if a.is_infinite() {
        0.0
    } else if a <= 30.0 {
        // I1(x) = Σ (x/2)^(2k+1) / (k! (k+1)!); all terms positive.
        let h = a / 2.0;
        let q = h * h;
        let mut term = h;
        let mut sum = h;
        let mut k = 0.0;
        loop {
            k += 1.0;
            term *= q / (k * (k + 1.0));
            sum += term;
            if term < sum * 1e-18 {
                break;
            }
        }
        sum * libm::exp(-a)
    } else {
        // e^-x I_ν(x) ~ 1/sqrt(2πx) Σ (-1)^k a_k(ν) / x^k, with 4ν² = 4.
        let mut term = 1.0;
        let mut sum = 1.0;
        for k in 1..60 {
            let kf = k as f64;
            let m = 2.0 * kf - 1.0;
            let next = -term * (4.0 - m * m) / (kf * 8.0 * a);
            if next.abs() >= term.abs() {
                break;
            }
            term = next;
            sum += term;
            if term.abs() < sum.abs() * 1e-18 {
                break;
            }
        }
        sum / (2.0 * PI * a).sqrt()
    };
    if x < 0.0 { -r } else { r }
}

/// The Hurwitz zeta function ζ(x, q) = Σ_k (k + q)^-x.
fn zeta(x: f64, q: f64) -> f64 {
    if x.is_nan() || q.is_nan() {
        return f64::NAN;
    }
    if x == 1.0 {
        return f64::INFINITY;
    }
    if x < 1.0 {
        return f64::NAN;
    }
    if q <= 0.0 {
        if x != x.floor() {
            return f64::NAN;
        }
        if q == q.floor() {
            return if x % 2.0 == 0.0 { f64::INFINITY } else { f64::NAN };
        }
    }
    // Euler–Maclaurin (Cephes): direct sum of N terms, then the tail.
    // A[k] = (2k)! / B_2k.
    const A: [f64; 12] = [
        12.0,
        -720.0,
        30240.0,
        -1209600.0,
        47900160.0,
        -1.8924375803183791606e9,
        7.47242496e10,
        -2.950130727918164224e12,
        1.1646782814350067249e14,
        -4.5979787224074726105e15,
        1.8152105401943546773e17,
        -7.1661652561756670113e18,
    ];
    let mut s = libm::pow(q, -x);
    let mut a = q;
    let mut i = 0;
    let mut b = 0.0;
    while i < 9 || a <= 9.0 {
        i += 1;
        a += 1.0;
        b = libm::pow(a, -x);
        s += b;
        if (b / s).abs() < f64::EPSILON / 2.0 {
            return s;
        }
        if i > 100_000 {
            break;
        }
    }
    let w = a;
    s += b * w / (x - 1.0);
    s -= 0.5 * b;
    let mut aa = 1.0;
    let mut k = 0.0;
    for c in A {
        aa *= x + k;
        b /= w;
        let t = aa * b / c;
        s += t;
        if (t / s).abs() < f64::EPSILON / 2.0 {
            break;
        }
        k += 1.0;
        aa *= x + k;
        b /= w;
        k += 1.0;
    }
    s
}

/// polygamma(n, x) = (-1)^(n+1) n! ζ(n+1, x) for natural n > 0, ψ(x) for n = 0.
fn polygamma(n: f64, x: f64) -> f64 {
    if n.is_nan() || x.is_nan() || n != n.floor() || n < 0.0 {
        return f64::NAN;
    }
    if n == 0.0 {
        return digamma(x);
    }
    let sign = if n % 2.0 == 0.0 { -1.0 } else { 1.0 };
    sign * libm::exp(libm::lgamma(n + 1.0)) * zeta(n + 1.0, x)
}

/// `_asin_acos_kernel(z)`: the w with
/// asin(z) = (atan2(z.re, w.re), sign(z.im) w.im),
/// acos(z) = (atan2(w.re, z.re), -sign(z.im) w.im),
/// asinh(z) = (sign(z.re) w'.im, atan2(z.im, w'.re)) with w' = kernel(i z),
/// acosh(z) = (w.im, sign(z.im) atan2(w.re, z.re)).
/// It is the modified Hull et al. algorithm of upstream's decomposition
/// (functional_algorithms): w = sqrt(a² - x²) + i log(a + sqrt(a² - 1)) with
/// a = (hypot(x + 1, y) + hypot(x - 1, y)) / 2, x = |z.re|, y = |z.im|,
/// evaluated per region to avoid cancellation and overflow.
fn asin_acos_kernel(z: C128) -> C128 {
    let (x, y) = (z.re.abs(), z.im.abs());
    let safe_min = f64::MIN_POSITIVE.sqrt() * 4.0;
    let safe_max = f64::MAX.sqrt() / 8.0;
    let (xp1, xm1) = (x + 1.0, x - 1.0);
    let (r, s) = (libm::hypot(xp1, y), libm::hypot(xm1, y));
    let a = 0.5 * (r + s);
    let ap1 = a + 1.0;
    let yy = y * y;
    let half_yy = 0.5 * yy;
    let rpxp1 = r + xp1;
    let spxm1 = s + xm1;
    let smxm1 = s - xm1;
    let mx = x.max(y);
    let mn = x.min(y);
    let re = if mx >= safe_max {
        y
    } else if x <= 1.0 {
        (0.5 * (a + x) * (yy / rpxp1 + smxm1)).sqrt()
    } else {
        y * (0.5 * (a + x) * (1.0 / rpxp1 + 1.0 / spxm1)).sqrt()
    };
    let safe_max_opt = if x < safe_max * 1e12 { safe_max * 1e-6 } else { safe_max * 1e2 };
    let im = if mx >= safe_max_opt {
        std::f64::consts::LN_2 + libm::log(mx) + 0.5 * libm::log1p((mn / mx) * (mn / mx))
    } else if y < safe_min && x < 1.0 {
        let am1 = -(xp1 * xm1) / ap1;
        y / (am1 * ap1).sqrt()
    } else {
        let am1 = if x >= 1.0 {
            half_yy / rpxp1 + 0.5 * spxm1
        } else if a <= 1.5 {
            half_yy / rpxp1 + half_yy / smxm1
        } else {
            a - 1.0
        };
        libm::log1p(am1 + (am1 * ap1).sqrt())
    };
    C128::new(re, im)
}

/// Negates `v` when `s` is negative (upstream's `select(s < 0, -v, v)`).
fn signed_by(s: f64, v: f64) -> f64 {
    if s < 0.0 { -v } else { v }
}

fn casin(z: C128) -> C128 {
    let w = asin_acos_kernel(z);
    C128::new(libm::atan2(z.re, w.re), signed_by(z.im, w.im))
}

fn cacos(z: C128) -> C128 {
    let w = asin_acos_kernel(z);
    C128::new(libm::atan2(w.re, z.re), -signed_by(z.im, w.im))
}

fn casinh(z: C128) -> C128 {
    let w = asin_acos_kernel(C128::new(-z.im, z.re));
    C128::new(signed_by(z.re, w.im), libm::atan2(z.im, w.re))
}

fn cacosh(z: C128) -> C128 {
    let w = asin_acos_kernel(z);
    C128::new(w.im, signed_by(z.im, libm::atan2(w.re, z.re)))
}

/// cosh as upstream's decomposition: e^(x + log ½) + e^(log ½ - x), in f32
/// arithmetic for f32 and narrower types (XLA upcasts those to f32), each
/// step rounded as XLA's would be.
fn cosh_f32(x: f64) -> f64 {
    let x = x as f32;
    let lh = libm::log(0.5) as f32;
    let (p, q) = (x + lh, lh - x);
    ((libm::exp(p as f64) as f32) + (libm::exp(q as f64) as f32)) as f64
}

/// sinh as upstream's decomposition: for |x| < 1, (e + e / (e + 1)) / 2 with
/// e = expm1(x) (no cancellation near 0); otherwise e^(x + log ½) - e^(log ½ - x)
/// (no overflow before the result does). In f32 arithmetic for f32 and narrower
/// types, each step rounded as XLA's would be; this matches XLA CPU bit for bit
/// at large |x| (and the decomposition is not odd: sinh(-0.999) differs from
/// -sinh(0.999) by one ulp in f32, as XLA's does).
fn sinh_f32(x: f64) -> f64 {
    let x = x as f32;
    if x.abs() < 1.0 {
        let e = libm::expm1(x as f64) as f32;
        let ratio = e / (e + 1.0);
        ((e + ratio) * 0.5) as f64
    } else {
        let lh = libm::log(0.5) as f32;
        let (p, q) = (x + lh, lh - x);
        ((libm::exp(p as f64) as f32) - (libm::exp(q as f64) as f32)) as f64
    }
}

/// sinh as upstream's decomposition (see `sinh_f32`), in f64.
fn sinh_f64(x: f64) -> f64 {
    if x.abs() < 1.0 {
        let e = libm::expm1(x);
        (e + e / (e + 1.0)) * 0.5
    } else {
        let lh = libm::log(0.5);
        libm::exp(x + lh) - libm::exp(lh - x)
    }
}

fn cosh_f64(x: f64) -> f64 {
    let lh = libm::log(0.5);
    libm::exp(x + lh) + libm::exp(lh - x)
}

// ---------------------------------------------------------------------------
// top_k.

/// The k largest elements along the last dimension and their indices (i32),
/// descending in XLA's total order, ties by lower index.
pub fn top_k(t: &Tensor, k: i64) -> IResult<(Tensor, Tensor)> {
    let Some(&n) = t.shape.last() else {
        return invalid("top_k needs an operand of rank ≥ 1");
    };
    let k = usize::try_from(k).ok().filter(|&k| k <= n).ok_or_else(|| {
        crate::error::InterpError::invalid(
            shardref_spec::ir::Span::NONE,
            format!("top_k: k = {k} is out of range for a last dimension of {n}"),
        )
    })?;
    let rows = if n == 0 { 0 } else { t.num_elements() / n };
    // Keys in one comparable representation, chosen once per op.
    enum Keys {
        F(Vec<f64>),
        I(Vec<i128>),
    }
    let keys = match &t.buf {
        Buffer::F32(s) => Keys::F(s.iter().map(|&x| x as f64).collect()),
        Buffer::F64(s) => Keys::F(s.to_vec()),
        Buffer::BF16(s) => Keys::F(s.iter().map(|x| x.to_f64()).collect()),
        Buffer::F16(s) => Keys::F(s.iter().map(|x| x.to_f64()).collect()),
        Buffer::F8(s) => Keys::F(f8_to_f32(f8_kind(&t.elem)?, s).into_iter().map(|x| x as f64).collect()),
        Buffer::I8(s) => Keys::I(s.iter().map(|&x| x as i128).collect()),
        Buffer::I16(s) => Keys::I(s.iter().map(|&x| x as i128).collect()),
        Buffer::I32(s) => Keys::I(s.iter().map(|&x| x as i128).collect()),
        Buffer::I64(s) => Keys::I(s.iter().map(|&x| x as i128).collect()),
        Buffer::U8(s) => Keys::I(s.iter().map(|&x| x as i128).collect()),
        Buffer::U16(s) => Keys::I(s.iter().map(|&x| x as i128).collect()),
        Buffer::U32(s) => Keys::I(s.iter().map(|&x| x as i128).collect()),
        Buffer::U64(s) => Keys::I(s.iter().map(|&x| x as i128).collect()),
        Buffer::Bool(s) => Keys::I(s.iter().map(|&x| x as i128).collect()),
        Buffer::C64(_) | Buffer::C128(_) => return unsupported("top_k on complex numbers"),
    };
    let mut picks: Vec<usize> = Vec::with_capacity(rows * k);
    let mut idx: Vec<i32> = Vec::with_capacity(rows * k);
    // No rows (an empty operand) need no order, however long the last dimension says a row is.
    let mut order: Vec<usize> = Vec::with_capacity(if rows == 0 { 0 } else { n });
    for r in 0..rows {
        order.clear();
        order.extend(0..n);
        let base = r * n;
        // A stable sort, descending: equal keys keep their index order.
        match &keys {
            Keys::F(v) => order.sort_by(|&a, &b| v[base + b].total_cmp(&v[base + a])),
            Keys::I(v) => order.sort_by(|&a, &b| v[base + b].cmp(&v[base + a])),
        }
        for &j in &order[..k] {
            picks.push(base + j);
            idx.push(j as i32);
        }
    }
    let mut shape = t.shape.clone();
    if let Some(last) = shape.last_mut() {
        *last = k;
    }
    let values = Tensor::new(shape.clone(), t.elem.clone(), t.buf.gather(&picks));
    let indices = Tensor::new(shape, ElemType::I32, Buffer::I32(idx.into()));
    Ok((values, indices))
}

// ---------------------------------------------------------------------------
// Broadcasting.

/// The numpy-style broadcast of two shapes (trailing dimensions aligned; a 1 stretches).
pub fn broadcast_shape(a: &[usize], b: &[usize]) -> IResult<Vec<usize>> {
    let r = a.len().max(b.len());
    let mut out = vec![0; r];
    for i in 0..r {
        let da = if i + a.len() >= r { a[i + a.len() - r] } else { 1 };
        let db = if i + b.len() >= r { b[i + b.len() - r] } else { 1 };
        out[i] = match (da, db) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => return invalid(format!("shapes {a:?} and {b:?} do not broadcast")),
        };
    }
    Ok(out)
}

/// Broadcasts `t` to `shape`: its dimensions map to `dims` when given
/// (`broadcast_dimensions`), else to the trailing dimensions.
pub fn broadcast_to(t: &Tensor, shape: &[usize], dims: Option<&[i64]>) -> IResult<Tensor> {
    if t.shape == shape {
        return Ok(t.clone());
    }
    let dims: Vec<i64> = match dims {
        Some(d) if d.len() == t.rank() => d.to_vec(),
        Some(_) | None => {
            if t.rank() > shape.len() {
                return invalid(format!("cannot broadcast {:?} to {:?}", t.shape, shape));
            }
            let off = shape.len() - t.rank();
            (0..t.rank()).map(|i| (off + i) as i64).collect()
        }
    };
    crate::ops::shape::broadcast_in_dim(t, &dims, shape.to_vec())
}

// ---------------------------------------------------------------------------
// ragged_dot.

/// `#chlo.ragged_dot` dimension numbers.
pub struct RaggedDims {
    pub lhs_batch: Vec<i64>,
    pub rhs_batch: Vec<i64>,
    pub lhs_contract: Vec<i64>,
    pub rhs_contract: Vec<i64>,
    pub lhs_ragged: i64,
    pub rhs_group: Option<i64>,
}

/// `ragged_dot(lhs, rhs, group_sizes)`, in its three modes by where the
/// ragged dimension of lhs is:
/// 1. a non-contracting dimension (rhs has a group dimension): each row
///    block of lhs multiplies its group's slice of rhs; rows past the groups are 0;
/// 2. a contracting dimension: result `[g, batch, lhs free, rhs free]`, each
///    group contracting over its own block;
/// 3. a batch dimension: an ordinary dot_general (rows past the groups are 0).
///
/// `group_sizes` is `[g]` (one split shared by every batch).
pub fn ragged_dot(lhs: &Tensor, rhs: &Tensor, gs: &Tensor, d: &RaggedDims, elem: &ElemType) -> IResult<Tensor> {
    use crate::ops::dot::dot_general;
    use crate::ops::shape::{reshape, slice};
    use shardref_spec::ir::stablehlo::DotDimensionNumbers;
    let sizes: Vec<i64> = match &gs.buf {
        Buffer::I32(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::I64(s) => s.to_vec(),
        Buffer::U32(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::U64(s) => s.iter().map(|&x| x.min(i64::MAX as u64) as i64).collect(),
        _ => return invalid("ragged_dot group_sizes must be an integer tensor"),
    };
    if gs.rank() != 1 {
        return unsupported("ragged_dot with per-batch group_sizes");
    }
    let g = sizes.len();
    let rank_l = lhs.rank() as i64;
    let lr = d.lhs_ragged;
    if lr < 0 || lr >= rank_l {
        return invalid("ragged_dot lhs_ragged_dimensions out of range");
    }
    let ragged_len = lhs.shape[lr as usize];
    // Group g covers rows [start_g, end_g) of the ragged dimension, clamped to it.
    let mut bounds = Vec::with_capacity(g);
    let mut start = 0usize;
    for &s in &sizes {
        let end = start.saturating_add(usize::try_from(s.max(0)).unwrap_or(0)).min(ragged_len);
        bounds.push((start, end));
        start = end;
    }
    let base_dims = DotDimensionNumbers {
        lhs_batching_dimensions: d.lhs_batch.clone(),
        rhs_batching_dimensions: d.rhs_batch.clone(),
        lhs_contracting_dimensions: d.lhs_contract.clone(),
        rhs_contracting_dimensions: d.rhs_contract.clone(),
    };
    let zeros_like =
        |t: &Tensor| Tensor::new(t.shape.clone(), t.elem.clone(), Buffer::zeros(t.buf.repr(), t.num_elements()));
    // A mask along lhs's ragged dimension, keeping [lo, hi).
    let mask_lhs = |lo: usize, hi: usize| -> IResult<Tensor> {
        let strides = crate::value::strides(&lhs.shape);
        let st = strides[lr as usize];
        let keep: Vec<bool> =
            (0..lhs.num_elements()).map(|i| (lo..hi).contains(&((i / st) % ragged_len.max(1)))).collect();
        let p = Tensor::new(lhs.shape.clone(), ElemType::I1, Buffer::Bool(keep.into()));
        crate::ops::elementwise::select(&p, lhs, &zeros_like(lhs))
    };
    if d.lhs_contract.contains(&lr) {
        // Mode 2.
        let mut parts = Vec::with_capacity(g);
        for &(lo, hi) in &bounds {
            let masked = mask_lhs(lo, hi)?;
            let r = dot_general(&masked, rhs, &base_dims, elem)?;
            let mut shape = vec![1];
            shape.extend(&r.shape);
            parts.push(reshape(&r, shape)?);
        }
        if parts.is_empty() {
            return unsupported("ragged_dot with no groups");
        }
        let refs: Vec<&Tensor> = parts.iter().collect();
        return crate::ops::shape::concatenate(&refs, 0);
    }
    if d.lhs_batch.contains(&lr) || d.rhs_group.is_none() {
        // Mode 3.
        let total = bounds.last().map_or(0, |b| b.1);
        let masked = mask_lhs(0, total)?;
        return dot_general(&masked, rhs, &base_dims, elem);
    }
    // Mode 1: one dot per group with rhs's group slice, rows picked by group.
    let Some(rg) = d.rhs_group else {
        return invalid("ragged_dot: no rhs group dimension");
    };
    let rg_u = usize::try_from(rg).ok().filter(|&r| r < rhs.rank()).ok_or_else(|| {
        crate::error::InterpError::invalid(
            shardref_spec::ir::Span::NONE,
            "ragged_dot rhs_group_dimensions out of range",
        )
    })?;
    if rhs.shape[rg_u] != g {
        return invalid(format!("ragged_dot: rhs has {} groups, group_sizes {}", rhs.shape[rg_u], g));
    }
    // rhs dimensions after removing the group dimension.
    let renum = |v: &[i64]| -> Vec<i64> { v.iter().map(|&x| if x > rg { x - 1 } else { x }).collect() };
    let dims = DotDimensionNumbers {
        lhs_batching_dimensions: d.lhs_batch.clone(),
        rhs_batching_dimensions: renum(&d.rhs_batch),
        lhs_contracting_dimensions: d.lhs_contract.clone(),
        rhs_contracting_dimensions: renum(&d.rhs_contract),
    };
    let mut out: Option<Tensor> = None;
    for (gi, &(lo, hi)) in bounds.iter().enumerate() {
        let mut start = vec![0i64; rhs.rank()];
        let mut limit: Vec<i64> = rhs.shape.iter().map(|&x| x as i64).collect();
        start[rg_u] = gi as i64;
        limit[rg_u] = gi as i64 + 1;
        let sl = slice(rhs, &start, &limit, &vec![1; rhs.rank()])?;
        let mut shape = rhs.shape.clone();
        shape.remove(rg_u);
        let rhs_g = reshape(&sl, shape)?;
        let r = dot_general(&mask_lhs(lo, hi)?, &rhs_g, &dims, elem)?;
        // Masked rows are exact zeros, so the groups' results add up exactly.
        out = Some(match out {
            None => r,
            Some(acc) => crate::ops::elementwise::binary(
                shardref_spec::ops::StablehloOp::Add,
                &acc,
                &r,
                &shardref_spec::ir::Type::Tensor(r.ty()),
            )?,
        });
    }
    match out {
        Some(t) => Ok(t),
        None => unsupported("ragged_dot with no groups"),
    }
}

/// The buffer representation of an element type.
pub fn repr_of(e: &ElemType) -> IResult<crate::value::Repr> {
    match crate::value::Repr::of(e) {
        Some(r) => Ok(r),
        None => unsupported(format!("tensors of {e}")),
    }
}
