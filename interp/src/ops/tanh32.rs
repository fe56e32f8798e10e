//! f32 `tanh`, fast and bit-identical to the reference numerics.
//!
//! The reference numerics (see `elementwise`) compute tanh in f64 with
//! libm and round once to f32: `libm::tanh(x as f64) as f32`. This kernel
//! returns exactly those bits, faster:
//!
//! - |x| < 2^-12: the result is x itself. tanh x = x(1 − δ) with
//!   0 ≤ δ < x²/3 < 2^-25.5, while the nearest f32 rounding boundary below
//!   |x| is at least 2^-25 |x| away (2^-25 when |x| is a power of two), and
//!   libm's error (under 1 ulp of f64) is far smaller than the gap.
//! - Otherwise a branch-free candidate in f64, vectorizable over a block:
//!   tanh|x| = e/(e + 2) with e = expm1(2|x|), where expm1(z) = 2^k (1 + p(r)) − 1,
//!   z = k ln2 + r, |r| ≤ ln2/2 and p the degree-11 Taylor polynomial of
//!   expm1, evaluated by Estrin's scheme (relative error below 1e-14; for
//!   k = 0, e = p(r) has no cancellation). |x| is clamped to 20 first (on
//!   its bits), where tanh rounds to 1 anyway.
//! - The candidate is kept only when it lies safely inside one f32 rounding
//!   interval: its f64 bits are more than 2^13 units in the last place away
//!   from an f32 rounding midpoint (the low 29 bits of the significand are
//!   not within 2^13 of 2^28), which is at least 2^-40 of its value. Both
//!   the candidate's error and libm's are far below that, so libm's f64
//!   result rounds to the same f32.
//! - Otherwise (about one element in 2^15, and NaN) the elements of that
//!   sub-block are recomputed with libm, so the result is always libm's
//!   rounded value.
//!
//! On CPUs with fused multiply-add (x86-64-v3) the candidate uses it; the
//! candidate's value then differs in its last bits, but the error bound,
//! and so the returned f32, does not depend on it.
//!
//! Tested for bit equality against `libm::tanh(x as f64) as f32` on a
//! strided sample of 2^24 f32 bit patterns (every pattern when
//! `SHARDREF_TANH_STRIDE=1`).

/// The reference: libm's f64 tanh rounded once to f32.
pub fn tanh_ref(x: f32) -> f32 {
    libm::tanh(x as f64) as f32
}

/// 1.5 · 2^52: adding and subtracting it rounds an f64 of magnitude < 2^51 to an integer.
const MAGIC: f64 = 6_755_399_441_055_744.0;
const LOG2E: f64 = std::f64::consts::LOG2_E;
/// ln 2 split so that k · LN2_HI is exact for |k| < 2^20 (fdlibm's ln2_hi and ln2_lo).
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
/// Bits of |x| below 2^-12 (f32): the result is x.
const SMALL: u32 = 0x3980_0000;
/// Bits of 20.0f32: |x| is clamped there (2|x| = 40).
const CLAMP: u32 = 0x41a0_0000;
/// Bits of f32 infinity: larger |x| bits are NaN.
const INF: u32 = 0x7f80_0000;
/// Half-width, in f64 units in the last place, of the doubtful band around
/// an f32 rounding midpoint (2^13 ulp ≥ 2^-40 relative).
const BAND: u64 = 1 << 13;
/// Elements whose candidates are judged together; a doubtful one sends its
/// sub-block to libm.
const SUB: usize = 256;

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

/// a · b + c, fused when `FMA`.
#[inline(always)]
fn madd<const FMA: bool>(a: f64, b: f64, c: f64) -> f64 {
    if FMA { a.mul_add(b, c) } else { a * b + c }
}

/// The f64 candidate for tanh|x|, given the bits of |x| (NaN bits give a meaningless value).
#[inline(always)]
fn candidate<const FMA: bool>(abs_bits: u32) -> f64 {
    let a = f32::from_bits(abs_bits.min(CLAMP)) as f64;
    let z = a + a;
    let t = madd::<FMA>(z, LOG2E, MAGIC);
    let kf = t - MAGIC;
    // k is in 0..=58, so 2^k is the exponent field k + 1023.
    let s = f64::from_bits(t.to_bits().wrapping_add(1023u64.wrapping_sub(MAGIC.to_bits())) << 52);
    let r = madd::<FMA>(-kf, LN2_LO, madd::<FMA>(-kf, LN2_HI, z));
    // p(r) = r + r² q(r), q(r) = Σ_{k=2..11} r^(k−2)/k!, by Estrin's scheme.
    let r2 = r * r;
    let r4 = r2 * r2;
    let a0 = madd::<FMA>(r, C[3], C[2]);
    let a1 = madd::<FMA>(r, C[5], C[4]);
    let a2 = madd::<FMA>(r, C[7], C[6]);
    let a3 = madd::<FMA>(r, C[9], C[8]);
    let a4 = madd::<FMA>(r, C[11], C[10]);
    let b0 = madd::<FMA>(r2, a1, a0);
    let b1 = madd::<FMA>(r2, a3, a2);
    let q = madd::<FMA>(r4 * r4, a4, madd::<FMA>(r4, b1, b0));
    let p = madd::<FMA>(r2, q, r);
    let e = madd::<FMA>(s, p, s - 1.0);
    e / (e + 2.0)
}

/// Results for one sub-block; true when some element needs libm.
#[inline(always)]
fn sub_block<const FMA: bool>(input: &[f32], out: &mut [f32]) -> bool {
    let mut doubtful = false;
    for (o, &x) in out.iter_mut().zip(input) {
        let bits = x.to_bits();
        let abs_bits = bits & 0x7fff_ffff;
        let y = candidate::<FMA>(abs_bits);
        let low = y.to_bits() & ((1 << 29) - 1);
        doubtful |= (low.wrapping_sub((1 << 28) - BAND) < 2 * BAND) | (abs_bits > INF);
        let rounded = (y as f32).to_bits() | (bits & 0x8000_0000);
        *o = f32::from_bits(if abs_bits < SMALL { bits } else { rounded });
    }
    doubtful
}

#[cold]
#[inline(never)]
fn with_libm(input: &[f32], out: &mut [f32]) {
    for (o, &x) in out.iter_mut().zip(input) {
        *o = tanh_ref(x);
    }
}

#[inline(always)]
fn blocks<const FMA: bool>(input: &[f32], out: &mut [f32]) {
    for (i, o) in input.chunks(SUB).zip(out.chunks_mut(SUB)) {
        if sub_block::<FMA>(i, o) {
            with_libm(i, o);
        }
    }
}

/// `out[i] = tanh_ref(input[i])` for slices of equal length.
///
/// The candidate loop runs vectorized with the widest instructions the CPU
/// has (pulp's run-time dispatch), with fused multiply-add when that level
/// has it (x86-64-v3 and up, aarch64's NEON).
pub fn tanh_f32_kernel(input: &[f32], out: &mut [f32]) {
    pulp::Arch::new().dispatch(Kernel { input, out })
}

/// The dispatched kernel: pulp calls `with_simd` inside a function compiled
/// for the detected instruction set, and everything below it is inlined
/// there (so `mul_add` becomes one instruction, never a library call).
struct Kernel<'a> {
    input: &'a [f32],
    out: &'a mut [f32],
}

impl pulp::WithSimd for Kernel<'_> {
    type Output = ();

    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, _simd: S) {
        const HAS_FMA: bool = cfg!(any(target_arch = "x86_64", target_arch = "aarch64"));
        if HAS_FMA && !S::IS_SCALAR {
            blocks::<true>(self.input, self.out)
        } else {
            blocks::<false>(self.input, self.out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks both the dispatched kernel and the portable (no fused
    /// multiply-add) path on the given bit patterns.
    fn check_range(bits: impl Iterator<Item = u32>) -> usize {
        let xs: Vec<f32> = bits.map(f32::from_bits).collect();
        let mut out = vec![0.0f32; xs.len()];
        let mut portable = vec![0.0f32; xs.len()];
        for ((i, o), p) in xs.chunks(1000).zip(out.chunks_mut(1000)).zip(portable.chunks_mut(1000)) {
            tanh_f32_kernel(i, o);
            blocks::<false>(i, p);
        }
        for ((&x, &y), &z) in xs.iter().zip(&out).zip(&portable) {
            let want = tanh_ref(x).to_bits();
            assert_eq!(y.to_bits(), want, "tanh({x:e}) bits {:#x}", x.to_bits());
            assert_eq!(z.to_bits(), want, "portable tanh({x:e}) bits {:#x}", x.to_bits());
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

    /// The band is only sound while the candidate stays far inside it: its
    /// distance from libm's f64 result, on every sampled input in the
    /// candidate's range, is under an eighth of the band (it is at most 153
    /// ulps on every f32 in [2^-12, 20]).
    #[test]
    fn candidate_error_is_far_inside_the_band() {
        let mut worst = 0;
        for b in (SMALL..CLAMP).step_by(997) {
            let want = libm::tanh(f32::from_bits(b) as f64).to_bits();
            for y in [candidate::<true>(b), candidate::<false>(b)] {
                worst = worst.max(y.to_bits().abs_diff(want));
            }
        }
        assert!(worst < BAND / 8, "candidate error {worst} ulps");
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
        // Around the small-|x| cut (2^-12) and the clamp (20).
        check_range(SMALL - 100_000..SMALL + 100_000);
        check_range((SMALL - 100_000) | 0x8000_0000..(SMALL + 100_000) | 0x8000_0000);
        check_range(CLAMP - 1000..CLAMP + 1000);
        // The inputs in [2^-12, 20] whose libm tanh lies closest to an f32
        // rounding midpoint (within 32 f64 ulps; found by scanning every f32).
        let hard = [
            0x3ac3_7de2,
            0x3eee_0566,
            0x3cd4_1b91,
            0x40ac_b4d0,
            0x3d7c_3055,
            0x40c5_e8ca,
            0x3c96_ae2e,
            0x40a6_ef82,
            0x3f20_b67f,
            0x3ff8_bc7e,
            0x4013_cd84,
            0x3bc8_b605,
            0x3f97_fbc7,
            0x3adb_c904,
            0x3ef6_afee,
            0x39b8_9ba2,
        ];
        check_range(hard.iter().flat_map(|&b| [b, b | 0x8000_0000]));
        // NaN payloads in a sub-block with ordinary values.
        check_range((0x7f80_0001..0x7f80_0101).chain(0x3f00_0000..0x3f00_0100));
    }
}
