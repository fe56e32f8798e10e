//! f32 `tanh`, fast and bit-identical to the reference numerics.
//!
//! The reference numerics (see `elementwise`) compute tanh in f64 with
//! libm and round once to f32: `libm::tanh(x as f64) as f32`. This kernel
//! returns exactly those bits, faster:
//!
//! - A branch-free candidate in f64, vectorizable over a block:
//!   tanh|x| = e/(e + 2) with e = expm1(2|x|), where expm1(z) = 2^k (1 + p(r)) − 1,
//!   z = k ln2 + r, |r| ≤ ln2/2 (plus rounding), and p(r) = r + r² q(r) with q the
//!   degree-6 minimax polynomial for (expm1(r) − r)/r² (coefficients `Q`; the Remez
//!   computation is `interp/tools/tanh32_remez.py`). r is z − k·ln2 in one multiply-add
//!   (one rounding of a product that is exact, or two roundings without fused
//!   multiply-add): its absolute error, below 2^-47, is a relative error of e^z.
//!   For k = 0, e = p(r) has no cancellation. |x| is clamped to 20 first (on its bits),
//!   where tanh rounds to 1 anyway. Every input takes this path: for tiny |x| the
//!   candidate is within a few f64 units in the last place of x, so it rounds to
//!   libm's result too (subnormal results included: their rounding interval is wider).
//! - The candidate is kept only when it lies safely inside one f32 rounding
//!   interval: its f64 bits are at least 2^19 units in the last place away
//!   from an f32 rounding midpoint (the low 29 bits of the significand are
//!   not within 2^19 of 2^28). The candidate's largest distance from libm's
//!   f64 result, over every f32 in [0, 20], is 66,553 units in the last place,
//!   13% of the band (a test keeps it under a quarter), so libm's result
//!   rounds to the same f32.
//! - Otherwise (about one element in 2^9: the band is wide because the
//!   polynomial is short) that element is recomputed with libm, as are NaN
//!   inputs, so the result is always libm's rounded value.
//!
//! On x86-64 with AVX2 and fused multiply-add (x86-64-v3) a hand-scheduled kernel
//! computes four groups of four lanes at once, step by step across the groups, so
//! that four independent dependency chains are interleaved in program order (the
//! chain of one group, with its division, is long enough that out-of-order
//! execution alone leaves most of the floating-point units idle). Elsewhere the
//! candidate loop is the portable one below, vectorized by the compiler with the
//! widest instructions pulp's run-time dispatch finds, with fused multiply-add
//! where that level has it. Fused or not, the candidate's error bound holds, and
//! so the returned f32 does not depend on the path.
//!
//! Tested for bit equality against `libm::tanh(x as f64) as f32`, on the
//! AVX2 kernel and the portable one with and without fused multiply-add, on a
//! strided sample of 2^24 f32 bit patterns (every pattern when
//! `SHARDREF_TANH_STRIDE=1`: `cargo test --release -p shardref-interp --lib tanh`).

/// The reference: libm's f64 tanh rounded once to f32.
pub fn tanh_ref(x: f32) -> f32 {
    libm::tanh(x as f64) as f32
}

/// 1.5 · 2^52: adding and subtracting it rounds an f64 of magnitude < 2^51 to an integer.
const MAGIC: f64 = 6_755_399_441_055_744.0;
const LOG2E: f64 = std::f64::consts::LOG2_E;
const LN2: f64 = std::f64::consts::LN_2;
/// Bits of 20.0f32: |x| is clamped there (2|x| = 40).
const CLAMP: u32 = 0x41a0_0000;
/// Bits of f32 infinity: larger |x| bits are NaN.
const INF: u32 = 0x7f80_0000;
/// Half-width, in f64 units in the last place, of the doubtful band around
/// an f32 rounding midpoint.
const BAND: u64 = 1 << 19;
/// `candidate`'s bits plus `BAND`, masked with `BAND_MASK`, equal `BAND_AT` exactly
/// when the low 29 bits lie within `BAND` of 2^28 (below it or from it up to
/// `BAND` − 1 above): one add, one and, one compare per lane.
const BAND_MASK: u64 = ((1 << 29) - 1) & !((2 * BAND) - 1);
const BAND_AT: u64 = 1 << 28;
/// Elements whose candidates are computed before their doubtful ones go to libm.
const SUB: usize = 256;

/// q(r) ≈ (expm1(r) − r)/r² on |r| ≤ 0.3467: the degree-6 polynomial that
/// minimizes the largest error of r + r² q(r) against expm1(r) (1.2e-12),
/// coefficients of r^0..r^6 rounded to f64.
const Q: [f64; 7] = [
    f64::from_bits(0x3fdf_ffff_ffff_ad1d),
    f64::from_bits(0x3fc5_5555_57e9_f4f0),
    f64::from_bits(0x3fa5_5555_58ab_091f),
    f64::from_bits(0x3f81_110a_122d_859b),
    f64::from_bits(0x3f56_c162_260e_4f9f),
    f64::from_bits(0x3f2a_1872_5755_9561),
    f64::from_bits(0x3efa_18bb_2416_3ae9),
];

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
    // k is in 0..=58, so 2^k is the exponent field k + 1023; t's low bits are k.
    let s = f64::from_bits((t.to_bits() << 52).wrapping_add(1023 << 52));
    let r = madd::<FMA>(-kf, LN2, z);
    // p(r) = r + r² q(r), q by Estrin's scheme.
    let r2 = r * r;
    let r4 = r2 * r2;
    let a0 = madd::<FMA>(r, Q[1], Q[0]);
    let a1 = madd::<FMA>(r, Q[3], Q[2]);
    let a2 = madd::<FMA>(r, Q[5], Q[4]);
    let b0 = madd::<FMA>(r2, a1, a0);
    let b1 = madd::<FMA>(r2, Q[6], a2);
    let q = madd::<FMA>(r4, b1, b0);
    let p = madd::<FMA>(r2, q, r);
    let e = madd::<FMA>(s, p, s - 1.0);
    e / (e + 2.0)
}

/// True when the candidate's bits lie in the doubtful band.
#[inline(always)]
fn doubtful(y: f64) -> bool {
    (y.to_bits().wrapping_add(BAND) & BAND_MASK) == BAND_AT
}

/// One element: the rounded candidate with x's sign, and whether it is doubtful.
#[inline(always)]
fn one<const FMA: bool>(x: f32) -> (f32, bool) {
    let bits = x.to_bits();
    let y = candidate::<FMA>(bits & 0x7fff_ffff);
    (f32::from_bits((y as f32).to_bits() | (bits & 0x8000_0000)), doubtful(y))
}

/// True when some input is NaN (bits of |x| above infinity's): those go to libm.
#[inline(always)]
fn has_nan(input: &[f32]) -> bool {
    input.iter().fold(false, |n, x| n | ((x.to_bits() & 0x7fff_ffff) > INF))
}

/// The doubtful elements of a sub-block, one bit per element (bit j % 64 of word j / 64).
type Doubts = [u64; SUB / 64];

/// Recomputes with libm the elements whose bits are set in `doubt` and the NaN inputs: the
/// last step of both kernels.
#[inline(always)]
fn finish(input: &[f32], out: &mut [f32], doubt: &Doubts) {
    for (w, &word) in doubt.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let j = w * 64 + bits.trailing_zeros() as usize;
            out[j] = tanh_ref(input[j]);
            bits &= bits - 1;
        }
    }
    if has_nan(input) {
        nans_to_libm(input, out);
    }
}

/// Recomputes the NaN inputs with libm (which returns them quiet, payload kept).
#[cold]
#[inline(never)]
fn nans_to_libm(input: &[f32], out: &mut [f32]) {
    for (o, &x) in out.iter_mut().zip(input) {
        if (x.to_bits() & 0x7fff_ffff) > INF {
            *o = tanh_ref(x);
        }
    }
}

/// The portable path for one sub-block (at most `SUB` elements).
#[inline(always)]
fn sub_block<const FMA: bool>(input: &[f32], out: &mut [f32]) {
    let mut doubt: Doubts = [0; SUB / 64];
    // Per 64 elements: a flag each (a loop the compiler vectorizes), then one word of bits.
    for (word, (i, o)) in doubt.iter_mut().zip(input.chunks(64).zip(out.chunks_mut(64))) {
        let mut flags = [false; 64];
        for ((o, &x), f) in o.iter_mut().zip(i).zip(&mut flags) {
            let (y, d) = one::<FMA>(x);
            *o = y;
            *f = d;
        }
        *word = flags.iter().enumerate().fold(0, |w, (b, &f)| w | (u64::from(f) << b));
    }
    finish(input, out, &doubt);
}

#[inline(always)]
fn blocks<const FMA: bool>(input: &[f32], out: &mut [f32]) {
    for (i, o) in input.chunks(SUB).zip(out.chunks_mut(SUB)) {
        sub_block::<FMA>(i, o);
    }
}

/// `out[i] = tanh_ref(input[i])` for slices of equal length.
pub fn tanh_f32_kernel(input: &[f32], out: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if let Some(simd) = pulp::x86::V3::try_new() {
        return <pulp::x86::V3 as pulp::Simd>::vectorize(simd, v3::Kernel { simd, input, out });
    }
    pulp::Arch::new().dispatch(Kernel { input, out })
}

/// The portable kernel: pulp calls `with_simd` inside a function compiled
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

/// The x86-64-v3 kernel: the same candidate, band and rounding as `one::<true>`
/// written with AVX2 and FMA instructions (pulp's safe wrappers), four groups of
/// four lanes per step.
#[cfg(target_arch = "x86_64")]
mod v3 {
    use super::*;
    use core::arch::x86_64::{__m128, __m128i, __m256d, __m256i};
    use pulp::cast;
    use pulp::x86::V3;

    /// Groups of four lanes computed together.
    const GROUPS: usize = 4;

    pub struct Kernel<'a> {
        pub simd: V3,
        pub input: &'a [f32],
        pub out: &'a mut [f32],
    }

    /// `G` groups of four lanes, each step applied to every group before the next
    /// step: the rounded results with their signs, and the doubtful-band masks.
    #[inline(always)]
    fn groups<const G: usize>(s: V3, x: [__m128; G]) -> ([__m128; G], [__m256i; G]) {
        let d = |v: f64| s.avx._mm256_set1_pd(v);
        let q = |v: u64| s.avx._mm256_set1_epi64x(v as i64);
        let w = |v: u32| s.sse2._mm_set1_epi32(v as i32);
        macro_rules! each {
            (|$i:ident| $e:expr) => {
                core::array::from_fn::<_, G, _>(|$i| $e)
            };
        }
        let bits: [__m128i; G] = each!(|i| cast(x[i]));
        let abs: [__m128i; G] = each!(|i| s.sse2._mm_and_si128(bits[i], w(0x7fff_ffff)));
        let clamped: [__m128; G] = each!(|i| cast(s.sse4_1._mm_min_epu32(abs[i], w(CLAMP))));
        let a: [__m256d; G] = each!(|i| s.avx._mm256_cvtps_pd(clamped[i]));
        let z: [__m256d; G] = each!(|i| s.avx._mm256_add_pd(a[i], a[i]));
        let t: [__m256d; G] = each!(|i| s.fma._mm256_fmadd_pd(z[i], d(LOG2E), d(MAGIC)));
        let kf: [__m256d; G] = each!(|i| s.avx._mm256_sub_pd(t[i], d(MAGIC)));
        let r: [__m256d; G] = each!(|i| s.fma._mm256_fnmadd_pd(kf[i], d(LN2), z[i]));
        let r2: [__m256d; G] = each!(|i| s.avx._mm256_mul_pd(r[i], r[i]));
        let a0: [__m256d; G] = each!(|i| s.fma._mm256_fmadd_pd(r[i], d(Q[1]), d(Q[0])));
        let a1: [__m256d; G] = each!(|i| s.fma._mm256_fmadd_pd(r[i], d(Q[3]), d(Q[2])));
        let a2: [__m256d; G] = each!(|i| s.fma._mm256_fmadd_pd(r[i], d(Q[5]), d(Q[4])));
        let r4: [__m256d; G] = each!(|i| s.avx._mm256_mul_pd(r2[i], r2[i]));
        let b0: [__m256d; G] = each!(|i| s.fma._mm256_fmadd_pd(r2[i], a1[i], a0[i]));
        let b1: [__m256d; G] = each!(|i| s.fma._mm256_fmadd_pd(r2[i], d(Q[6]), a2[i]));
        let sc: [__m256d; G] =
            each!(|i| cast(s.avx2._mm256_add_epi64(s.avx2._mm256_slli_epi64::<52>(cast(t[i])), q(1023 << 52))));
        let qq: [__m256d; G] = each!(|i| s.fma._mm256_fmadd_pd(r4[i], b1[i], b0[i]));
        let sm1: [__m256d; G] = each!(|i| s.avx._mm256_sub_pd(sc[i], d(1.0)));
        let p: [__m256d; G] = each!(|i| s.fma._mm256_fmadd_pd(r2[i], qq[i], r[i]));
        let e: [__m256d; G] = each!(|i| s.fma._mm256_fmadd_pd(sc[i], p[i], sm1[i]));
        let y: [__m256d; G] = each!(|i| s.avx._mm256_div_pd(e[i], s.avx._mm256_add_pd(e[i], d(2.0))));
        let doubt: [__m256i; G] = each!(|i| {
            let m = s.avx2._mm256_and_si256(s.avx2._mm256_add_epi64(cast(y[i]), q(BAND)), q(BAND_MASK));
            s.avx2._mm256_cmpeq_epi64(m, q(BAND_AT))
        });
        let out: [__m128; G] = each!(|i| {
            let rounded: __m128i = cast(s.avx._mm256_cvtpd_ps(y[i]));
            cast(s.sse2._mm_or_si128(rounded, s.sse2._mm_and_si128(bits[i], w(0x8000_0000))))
        });
        (out, doubt)
    }

    /// Writes `G` groups of four results; returns their doubtful lanes as bits
    /// (bit l for lane l).
    #[inline(always)]
    fn step<const G: usize>(s: V3, i: &[f32], o: &mut [f32]) -> u64 {
        let x: [__m128; G] = core::array::from_fn(|g| cast(<[f32; 4]>::try_from(&i[4 * g..4 * g + 4]).unwrap()));
        let (y, d) = groups::<G>(s, x);
        let mut lanes = 0;
        for g in 0..G {
            o[4 * g..4 * g + 4].copy_from_slice(&cast::<__m128, [f32; 4]>(y[g]));
            lanes |= (s.avx._mm256_movemask_pd(cast(d[g])) as u64) << (4 * g);
        }
        lanes
    }

    /// One sub-block (at most `SUB` elements): sixteen lanes per step, then four,
    /// then the portable candidate for the last few; the doubtful elements, found
    /// from a bit set, go to libm.
    #[inline(always)]
    fn sub_block(s: V3, input: &[f32], out: &mut [f32]) {
        let n = input.len().min(out.len());
        let (input, out) = (&input[..n], &mut out[..n]);
        let mut doubt: Doubts = [0; SUB / 64];
        let wide = n / (4 * GROUPS) * (4 * GROUPS);
        let fours = n / 4 * 4;
        let mut at = 0;
        while at < wide {
            doubt[at / 64] |=
                step::<GROUPS>(s, &input[at..at + 4 * GROUPS], &mut out[at..at + 4 * GROUPS]) << (at % 64);
            at += 4 * GROUPS;
        }
        while at < fours {
            doubt[at / 64] |= step::<1>(s, &input[at..at + 4], &mut out[at..at + 4]) << (at % 64);
            at += 4;
        }
        for j in fours..n {
            let (y, d) = one::<true>(input[j]);
            out[j] = y;
            doubt[j / 64] |= u64::from(d) << (j % 64);
        }
        finish(input, out, &doubt);
    }

    impl pulp::WithSimd for Kernel<'_> {
        type Output = ();

        #[inline(always)]
        fn with_simd<S: pulp::Simd>(self, _: S) {
            for (i, o) in self.input.chunks(SUB).zip(self.out.chunks_mut(SUB)) {
                sub_block(self.simd, i, o);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks the kernel (on x86-64-v3 machines, the AVX2 one), the portable kernel
    /// under pulp's dispatch (with fused multiply-add where the level has it) and the
    /// portable path without fused multiply-add on the given bit patterns.
    fn check_range(bits: impl Iterator<Item = u32>) -> usize {
        let xs: Vec<f32> = bits.map(f32::from_bits).collect();
        let mut kernel = vec![0.0f32; xs.len()];
        let mut portable = vec![0.0f32; xs.len()];
        let mut unfused = vec![0.0f32; xs.len()];
        // 997 elements per call: three full sub-blocks, then one whose sixteen-, four- and
        // one-lane parts are all used.
        let outs = kernel.chunks_mut(997).zip(portable.chunks_mut(997)).zip(unfused.chunks_mut(997));
        for (i, ((k, p), u)) in xs.chunks(997).zip(outs) {
            tanh_f32_kernel(i, k);
            pulp::Arch::new().dispatch(Kernel { input: i, out: p });
            blocks::<false>(i, u);
        }
        for (j, &x) in xs.iter().enumerate() {
            let want = tanh_ref(x).to_bits();
            for (path, got) in [("kernel", &kernel), ("portable", &portable), ("unfused", &unfused)] {
                assert_eq!(got[j].to_bits(), want, "{path} tanh({x:e}) bits {:#x}", x.to_bits());
            }
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

    /// The candidate's distance from libm's f64 result, in f64 units in the
    /// last place, is under a quarter of the band on a strided scan of every f32
    /// in [0, 20] (the whole scan gives at most 66,553, at x = 0.0626), with and
    /// without fused multiply-add.
    #[test]
    fn candidate_error_is_far_inside_the_band() {
        let mut worst = 0;
        for b in (0..=CLAMP).step_by(997).chain([0x3d80_2a51]) {
            let want = libm::tanh(f32::from_bits(b) as f64).to_bits();
            for y in [candidate::<true>(b), candidate::<false>(b)] {
                worst = worst.max(y.to_bits().abs_diff(want));
            }
        }
        assert!(worst >= 60_000, "the scan reaches the known worst case ({worst})");
        assert!(worst < BAND / 4, "candidate error {worst} ulps");
    }

    /// The band test's add-and-mask form is the definition: the low 29 bits lie
    /// within `BAND` of 2^28 (from 2^28 − BAND up to 2^28 + BAND − 1).
    #[test]
    fn band_test_matches_its_definition() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut lows: Vec<u64> = (0..200_000)
            .map(|_| {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                state >> 35
            })
            .collect();
        for edge in [(1 << 28) - BAND, (1 << 28) + BAND, 0, (1 << 29) - BAND] {
            lows.extend(edge.saturating_sub(3)..edge + 3);
        }
        for (n, low) in lows.into_iter().enumerate() {
            let bits = (0x3fe1_2345u64 + n as u64) << 29 | (low & ((1 << 29) - 1));
            let low = bits & ((1 << 29) - 1);
            let want = low.wrapping_sub((1 << 28) - BAND) < 2 * BAND;
            assert_eq!(doubtful(f64::from_bits(bits)), want, "low bits {low:#x}");
        }
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
        // Around 2^-12 (where tanh x first rounds below x), the subnormals' top and the clamp (20).
        const TWO_M12: u32 = 0x3980_0000;
        check_range(TWO_M12 - 100_000..TWO_M12 + 100_000);
        check_range((TWO_M12 - 100_000) | 0x8000_0000..(TWO_M12 + 100_000) | 0x8000_0000);
        check_range(0x007f_0000..0x0081_0000);
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
