//! f32 `tanh`, fast and bit-identical to the reference numerics.
//!
//! The reference numerics (see `elementwise`) compute tanh in f64 with
//! libm and round once to f32: `libm::tanh(x as f64) as f32`. This kernel
//! returns exactly those bits, faster:
//!
//! - A branch-free candidate in f64, vectorizable over a block:
//!   tanh|x| = e/(e + 2) with e = expm1(2|x|), where expm1(z) = 2^k (1 + p(r)) − 1,
//!   z = k ln2 + r, |r| ≤ ln2/2 and p the degree-11 Taylor polynomial of
//!   expm1 (relative error below 1e-14; for k = 0, e = p(r) has no
//!   cancellation). 2|x| is clamped to 40, where tanh rounds to 1 anyway.
//! - The candidate is kept only when it lies safely inside one f32 rounding
//!   interval: y(1 − 2^-40) and y(1 + 2^-40) round to the same f32. Both the
//!   candidate's error and libm's (under 1 ulp of f64) are far below 2^-40,
//!   so libm's f64 result rounds to that same f32.
//! - Otherwise (about one element in 2^15, and NaN) the element is
//!   recomputed with libm, so the result is always libm's rounded value.
//!
//! Tested for bit equality against `libm::tanh(x as f64) as f32` on a
//! strided sample of 2^24 f32 bit patterns (every pattern when
//! `SHARDREF_TANH_STRIDE=1`).

/// The reference: libm's f64 tanh rounded once to f32.
pub fn tanh_ref(x: f32) -> f32 {
    libm::tanh(x as f64) as f32
}

/// Relative guard band around the candidate.
const EPS: f64 = 1.0 / (1u64 << 40) as f64;
/// 1.5 · 2^52: adding and subtracting it rounds an f64 of magnitude < 2^51 to an integer.
const MAGIC: f64 = 6_755_399_441_055_744.0;
const LOG2E: f64 = std::f64::consts::LOG2_E;
/// ln 2 split so that k · LN2_HI is exact for |k| < 2^20 (fdlibm's ln2_hi and ln2_lo).
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);

/// 1/k! for k = 0..=11 (C[k]).
const C: [f64; 12] = {
    let mut c = [1.0f64; 12];
    let mut k = 1;
    while k < 12 {
        c[k] = c[k - 1] / k as f64;
        k += 1;
    }
    c
};

/// The f64 candidate for tanh|x| (x finite or not; NaN gives a meaningless value).
#[inline(always)]
fn candidate(x: f32) -> f64 {
    let a = (x as f64).abs();
    let z = (2.0 * a).min(40.0);
    let t = z * LOG2E + MAGIC;
    let kf = t - MAGIC;
    // k is in 0..=58, so 2^k is the exponent field k + 1023.
    let s = f64::from_bits((t.to_bits().wrapping_sub(MAGIC.to_bits()).wrapping_add(1023)) << 52);
    let r = (z - kf * LN2_HI) - kf * LN2_LO;
    // p(r) = expm1(r) to degree 11 (Taylor, Horner): r + r² (1/2! + r (1/3! + … + r/11!)).
    let mut q = C[11];
    for &c in C[2..11].iter().rev() {
        q = c + r * q;
    }
    let p = r + (r * r) * q;
    let e = s * p + (s - 1.0);
    e / (e + 2.0)
}

/// Candidates for a block; true when some element needs the fallback.
#[inline(always)]
fn candidates(input: &[f32], out: &mut [f32]) -> bool {
    let mut doubtful = false;
    for (o, &x) in out.iter_mut().zip(input) {
        let y = candidate(x);
        let (lo, hi) = ((y * (1.0 - EPS)) as f32, (y * (1.0 + EPS)) as f32);
        doubtful |= lo != hi || x.is_nan();
        *o = (y as f32).copysign(x);
    }
    doubtful
}

/// `out[i] = tanh_ref(input[i])` for slices of equal length.
///
/// The candidate loop runs with the widest vector instructions the CPU
/// has (pulp's runtime dispatch); it uses only IEEE-exact operations
/// (+, −, ×, ÷, min, conversions, no fused multiply-add), so its values do
/// not depend on the instruction set.
pub fn tanh_f32_kernel(input: &[f32], out: &mut [f32]) {
    if pulp::Arch::new().dispatch(|| candidates(input, out)) {
        for (o, &x) in out.iter_mut().zip(input) {
            let y = candidate(x);
            if (y * (1.0 - EPS)) as f32 != (y * (1.0 + EPS)) as f32 || x.is_nan() {
                *o = tanh_ref(x);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_range(bits: impl Iterator<Item = u32>) -> usize {
        let xs: Vec<f32> = bits.map(f32::from_bits).collect();
        let mut out = vec![0.0f32; xs.len()];
        for (i, o) in xs.chunks(256).zip(out.chunks_mut(256)) {
            tanh_f32_kernel(i, o);
        }
        for (&x, &y) in xs.iter().zip(&out) {
            assert_eq!(y.to_bits(), tanh_ref(x).to_bits(), "tanh({x:e}) bits {:#x}", x.to_bits());
        }
        xs.len()
    }

    #[test]
    fn tanh_kernel_is_bit_identical_to_libm_rounded() {
        // Every stride-th bit pattern (odd stride, so every exponent and low bits vary).
        let stride: u64 = std::env::var("SHARDREF_TANH_STRIDE").ok().and_then(|s| s.parse().ok()).unwrap_or(255);
        let mut n = 0;
        let mut start = 0u64;
        while start < 1 << 32 {
            let end = (start + (1 << 24) * stride).min(1 << 32);
            n += check_range((start..end).step_by(stride as usize).map(|b| b as u32));
            start = end;
        }
        assert!(n >= ((1u64 << 32) / stride) as usize);
    }

    #[test]
    fn tanh_kernel_special_values() {
        let specials = [0.0f32, -0.0, 1e-45, -1e-45, 1e-30, 0.25, 0.3466, 8.0, 9.0, 9.1, 10.0, 20.0, 1e30];
        let more = [f32::INFINITY, f32::NEG_INFINITY, f32::NAN, -f32::NAN, f32::MAX, f32::MIN, f32::MIN_POSITIVE];
        let n = check_range(specials.iter().chain(&more).map(|x| x.to_bits()));
        assert_eq!(n, 20);
        // A dense run around the polynomial's range boundary and near 1.
        check_range(0.34f32.to_bits()..0.35f32.to_bits());
        check_range(8.5f32.to_bits()..8.7f32.to_bits());
    }
}
