//! Complex `power` as XLA CPU (jaxlib 0.10.2) computes it, step for step.
//!
//! What XLA's elemental IR emitter emits for `power` on (a + bi)^(c + di),
//! read from the LLVM IR and object code XLA CPU dumps for a complex64 and a
//! complex128 `stablehlo.power` (`XLA_FLAGS=--xla_dump_to=...`):
//!
//! - h = |a + bi| as a scaled hypot: with M = max(|a|, |b|) and
//!   m = min(|a|, |b|) (NaN-propagating), h = M · sqrt(fma(m/M, m/M, 1));
//!   when that is NaN (both parts zero or both infinite), h = m.
//! - θ = atan2(b, a); r = pow(h, c) · exp(-d·θ); q = fma(θ, c, d · log h)
//!   (LLVM contracts `c·θ + d·log h` into one fused multiply-add);
//!   the result is (r cos q, r sin q).
//! - Special cases, each overriding the ones before: h = 0, d = 0, c ≥ 0
//!   gives 1 if c = 0 else 0; c = 0 and d = 0 give 1; a = 1, b = 0 gives 1;
//!   a = +∞, b = 0, d = 0 gives +∞ for c > 0 and 0 for c < 0 (imaginary
//!   part +0 in all of them).
//!
//! In complex64 the pieces are:
//! - `exp` and `log`: XLA CPU's own f32 approximations (the Cephes `expf`
//!   and `logf` algorithms that XLA inlines instead of calling the C
//!   library), with the fused multiply-adds LLVM forms in them:
//!   [`xla_cpu_expf`], [`xla_cpu_logf`].
//! - `pow`, `atan2`, `sin`/`cos`: calls to the C library's `powf`, `atan2f`
//!   and `sincosf` (the object code's relocations name them). shardref calls
//!   its host's C library the same way (Rust's `f32::powf`, `f32::atan2`,
//!   `f32::sin`/`cos` lower to `powf`, `atan2f`, `sinf`/`cosf`; glibc's
//!   `sincosf` returns the same bits as its `sinf` and `cosf`). On a host
//!   with the same C library as XLA's (glibc 2.36 here), results are XLA's bit
//!   for bit; on another C library they may differ by an ulp of these
//!   intermediates — this op is the one place where shardref's results depend
//!   on the host.
//! - XLA CPU runs with denormals flushed (MXCSR FTZ and DAZ): subnormal
//!   inputs count as zero and subnormal results of every step become zero.
//!   The complex64 path flushes the same way ([`ftz`]).
//!
//! complex128 follows the same formula with libm's f64 functions (XLA's
//! own f64 `exp` approximation and FTZ are not followed there).

use num_complex::Complex;

/// Flush-to-zero: a subnormal f32 becomes a zero of the same sign, as with
/// MXCSR's FTZ (results) and DAZ (inputs).
#[inline]
pub fn ftz(x: f32) -> f32 {
    if x != 0.0 && x.abs() < f32::MIN_POSITIVE { 0.0f32.copysign(x) } else { x }
}

fn f(bits: u32) -> f32 {
    f32::from_bits(bits)
}

/// `x` clamped to `[lo, hi]` the way the emitted code does it: a NaN passes.
fn clamp_nan_passes(x: f32, lo: f32, hi: f32) -> f32 {
    let x = if x >= lo || x.is_nan() { x } else { lo };
    if x <= hi || x.is_nan() { x } else { hi }
}

/// XLA CPU's f32 `exp` (Cephes `expf` scheme): x clamped to [-87.8, 88.8];
/// n = floor(x·log2(e) + 1/2) clamped to [-127, 127]; r = x − n·ln 2 with
/// ln 2 split in two (0.693359375 and −2.12194440e-4, Cody–Waite); e^r ≈
/// 1 + r + r²·P(r) with Cephes' degree-5 P; the result is e^r · 2^n, 2^n
/// built from its exponent bits. Every multiply feeding an add is one fused
/// multiply-add, as LLVM contracts them for XLA. Denormals as with FTZ
/// (2^-127 is the zero pattern).
pub fn xla_cpu_expf(x: f32) -> f32 {
    let x = clamp_nan_passes(ftz(x), -87.8, 88.8);
    let n = clamp_nan_passes(x.mul_add(f(0x3FB8_AA3B), 0.5).floor(), -127.0, 127.0);
    let r = (-n).mul_add(f(0x3F31_8000), x);
    let r = (-n).mul_add(f(0xB95E_8083), r);
    // Cephes expf's coefficients, highest degree first, then 1/2.
    let mut p = f(0x3950_6967);
    for c in [f(0x3AB7_43CE), f(0x3C08_8908), f(0x3D2A_A9C1), f(0x3E2A_AAAA), 0.5] {
        p = r.mul_add(p, c);
    }
    let y = 1.0 + p.mul_add(r * r, r);
    let scale = f((((n as i32) + 127) as u32) << 23);
    ftz(y * scale)
}

/// XLA CPU's f32 `log` (Cephes `logf` scheme): x = m · 2^e with m in
/// [1/2, 1) (x raised to the smallest normal first); if m < √2/2 then
/// t = 2m − 1 and e − 1, else t = m − 1; log x ≈ t − t²/2 + t³·P(t) +
/// e·ln 2 with Cephes' degree-8 P evaluated as three cubic pieces
/// combined in t³ (Estrin-like, as XLA emits it) and ln 2 split in two.
/// Fused multiply-adds where LLVM contracts. 0 → −∞, +∞ → +∞, negative
/// or NaN → NaN.
pub fn xla_cpu_logf(x0: f32) -> f32 {
    let x0 = ftz(x0);
    if x0.is_nan() || x0 < 0.0 {
        return f32::NAN;
    }
    if x0 == 0.0 {
        return f32::NEG_INFINITY;
    }
    if x0 == f32::INFINITY {
        return f32::INFINITY;
    }
    let x = if f32::MIN_POSITIVE >= x0 { f32::MIN_POSITIVE } else { x0 };
    let bits = x.to_bits();
    let e = 1.0 + (((bits >> 23) as i32) - 127) as f32;
    let m = f((bits & 0x807F_FFFF) | 0x3F00_0000);
    let small = m < f(0x3F35_04F3);
    let t = (m - 1.0) + if small { m } else { 0.0 };
    let e = e - if small { 1.0 } else { 0.0 };
    let t2 = t * t;
    let t3 = t2 * t;
    let pa = t.mul_add(f(0x3D90_21BB), f(0xBDEB_D1B8)).mul_add(t, f(0x3DEF_251A));
    let pb = t.mul_add(f(0xBDFE_5D4F), f(0x3E11_E9BF)).mul_add(t, f(0xBE2A_AE50));
    let pc = t.mul_add(f(0x3E4C_CEAC), f(0xBE7F_FFFC)).mul_add(t, f(0x3EAA_AAAA));
    let y = pa.mul_add(t3, pb).mul_add(t3, pc).mul_add(t3, e * f(0xB95E_8083));
    let z = (-0.5f32).mul_add(t2, t) + y;
    f(0x3F31_8000).mul_add(e, z)
}

/// The scaled hypot XLA emits for |a + bi| (see the module comment).
fn hypot_xla<F: num_traits::Float>(a: F, b: F) -> F {
    let (x, y) = (a.abs(), b.abs());
    let (big, small) = if x.is_nan() || y.is_nan() { (F::nan(), F::nan()) } else { (x.max(y), x.min(y)) };
    let ratio = small / big;
    let h = big * ratio.mul_add(ratio, F::one()).sqrt();
    if h.is_nan() { small } else { h }
}

/// The special cases, in XLA's order of precedence (see the module comment).
fn special<F: num_traits::Float>(a: F, b: F, c: F, d: F, h: F, general: Complex<F>) -> Complex<F> {
    let (zero, one) = (F::zero(), F::one());
    let mut out = general;
    if h == zero && d == zero && c >= zero {
        out = Complex::new(if c == zero { one } else { zero }, zero);
    }
    if c == zero && d == zero {
        out = Complex::new(one, zero);
    }
    if a == one && b == zero {
        out = Complex::new(one, zero);
    }
    if a == F::infinity() && b == zero && d == zero && c > zero {
        out = Complex::new(F::infinity(), zero);
    }
    if a == F::infinity() && b == zero && d == zero && c < zero {
        out = Complex::new(zero, zero);
    }
    out
}

/// complex64 `power` bit for bit as XLA CPU (with the host C library's
/// `powf`, `atan2f`, `sinf`/`cosf`; see the module comment).
pub fn xla_cpu_complex64_power(p: Complex<f32>, q: Complex<f32>) -> Complex<f32> {
    let (a, b, c, d) = (ftz(p.re), ftz(p.im), ftz(q.re), ftz(q.im));
    let h = ftz(hypot_xla(a, b));
    let theta = ftz(b.atan2(a));
    let r = ftz(xla_cpu_expf(ftz(theta * -d)) * ftz(h.powf(c)));
    let qq = ftz(theta.mul_add(c, ftz(d * xla_cpu_logf(h))));
    let (s, co) = (ftz(qq.sin()), ftz(qq.cos()));
    special(a, b, c, d, h, Complex::new(ftz(r * co), ftz(r * s)))
}

/// complex128 `power` with XLA's formula and libm's f64 functions.
pub fn xla_complex128_power(p: Complex<f64>, q: Complex<f64>) -> Complex<f64> {
    let (a, b, c, d) = (p.re, p.im, q.re, q.im);
    let h = hypot_xla(a, b);
    let theta = libm::atan2(b, a);
    let r = libm::exp(theta * -d) * libm::pow(h, c);
    let qq = theta.mul_add(c, d * libm::log(h));
    let (s, co) = libm::sincos(qq);
    special(a, b, c, d, h, Complex::new(r * co, r * s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_and_log_are_close_to_the_true_functions() {
        for i in -800..800 {
            let x = i as f32 * 0.1;
            let e = xla_cpu_expf(x) as f64;
            let t = (x as f64).exp();
            assert!((e - t).abs() <= 4e-7 * t, "exp({x}) = {e}, true {t}");
            let y = (i as f32 * 0.15).exp2();
            let l = xla_cpu_logf(y) as f64;
            assert!((l - (y as f64).ln()).abs() <= 1e-6 * (1.0 + l.abs()), "log({y}) = {l}");
        }
        assert_eq!(xla_cpu_logf(0.0), f32::NEG_INFINITY);
        assert_eq!(xla_cpu_logf(f32::INFINITY), f32::INFINITY);
        assert!(xla_cpu_logf(-1.0).is_nan());
        assert_eq!(xla_cpu_expf(-100.0), 0.0);
    }

    #[test]
    fn special_cases() {
        let c = |re, im| Complex::new(re, im);
        assert_eq!(xla_cpu_complex64_power(c(0.0, 0.0), c(0.0, 0.0)), c(1.0, 0.0));
        assert_eq!(xla_cpu_complex64_power(c(0.0, 0.0), c(2.0, 0.0)), c(0.0, 0.0));
        assert_eq!(xla_cpu_complex64_power(c(1.0, 0.0), c(f32::NAN, 3.0)), c(1.0, 0.0));
        assert_eq!(xla_cpu_complex64_power(c(f32::INFINITY, 0.0), c(2.0, 0.0)), c(f32::INFINITY, 0.0));
        assert_eq!(xla_cpu_complex64_power(c(f32::INFINITY, 0.0), c(-2.0, 0.0)), c(0.0, 0.0));
        // A subnormal exponent counts as zero (DAZ).
        assert_eq!(xla_cpu_complex64_power(c(3.0, 1.0), c(1e-40, 0.0)), c(1.0, 0.0));
    }
}
