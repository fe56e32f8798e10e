//! `rng_bit_generator` and `rng`: counter-based random bits.
//!
//! `rng_bit_generator` is bit-exact with XLA, which fixes what the spec
//! leaves implementation-defined (the bit layout and the state update):
//! - `THREE_FRY` is Threefry-2x32 with 20 rounds (Salmon et al., SC 2011)
//!   laid out as XLA's `ThreeFryBitGenerator` (`xla/hlo/builder/lib/prng.cc`):
//!   the state is `[key, counter]`; the key's low and high 32-bit halves are
//!   the Threefry key. 64-bit elements take one counter each (the row-major
//!   index added to the counter) and are `x0 | x1 << 32`. Elements of at most
//!   32 bits split the shape in two along its first even dimension (else its
//!   largest), take one counter per element of the half shape and fill the
//!   two halves' interleaved positions with `x0` and `x1`; narrower elements
//!   keep the low bits. The counter advances by the counters used.
//! - `PHILOX` is Philox-4x32 with 10 rounds, laid out as XLA's
//!   `PhiloxBitGenerator`: a `ui64[3]` state is `[key, counter_lo,
//!   counter_hi]` (a 128-bit counter); a `ui64[2]` state `[key, counter]`
//!   uses the key as the counter's high word and returns only the new low
//!   word. Each 128-bit counter yields four 32-bit words, taken round-robin
//!   (or two 64-bit words `w0 | w1 << 32`, `w2 | w3 << 32`).
//! - `DEFAULT` is `PHILOX`: XLA's CPU compiler expands `RNG_DEFAULT` with
//!   `RngBitGeneratorExpander(RandomAlgorithm::RNG_PHILOX)`.
//!
//! Floating-point results are the generated bits reinterpreted as the
//! element type (bitcast), as XLA's generators do.
//!
//! `rng` (spec: the algorithm is implementation-defined). shardref's choice:
//! each element `i` (row-major) gets the 64-bit word `w(i)` =
//! Threefry-2x32-20 with key `RNG_KEY` of the counter `c + i`, where `c` is
//! the run's rng counter (0 at the start of a run, advanced by the number of
//! words each `rng` op consumes, so repeated ops in a run differ and every
//! run is reproducible).
//! - UNIFORM, integers: `a + (w(i) mod (b - a))`, computed exactly and
//!   wrapped to the type; `a` when `b <= a`.
//! - UNIFORM, floats: `u = (w(i) >> 11) · 2⁻⁵³` in [0, 1); the result is
//!   `a + (b - a)·u` computed in f64 and rounded once to the element type; a
//!   value that rounds up to `b` (when `a < b`) becomes `a`, so results stay in
//!   [a, b). NaN or infinite bounds propagate through the formula.
//! - NORMAL (floats): Box–Muller on two words per element: `u1 = 1 - u(w(2i))`
//!   in (0, 1], `u2 = u(w(2i+1))`, `z = sqrt(-2 ln u1)·cos(2π u2)`; the
//!   result is `a + b·z` in f64, rounded once (`a` is the mean, `b` the
//!   standard deviation).

use shardref_spec::ir::ElemType;

use crate::error::{IResult, invalid, unsupported};
use crate::value::{Buffer, Repr, Tensor};

/// Threefry-2x32 with 20 rounds (Random123's `threefry2x32_20`).
pub fn threefry2x32(key: [u32; 2], ctr: [u32; 2]) -> [u32; 2] {
    const ROT: [u32; 8] = [13, 15, 26, 6, 17, 29, 16, 24];
    let ks = [key[0], key[1], 0x1BD1_1BDA ^ key[0] ^ key[1]];
    let mut x = [ctr[0].wrapping_add(ks[0]), ctr[1].wrapping_add(ks[1])];
    for block in 0..5u32 {
        for r in 0..4 {
            let rot = ROT[(block as usize % 2) * 4 + r];
            x[0] = x[0].wrapping_add(x[1]);
            x[1] = x[1].rotate_left(rot) ^ x[0];
        }
        // Key injection after every four rounds.
        let s = block as usize + 1;
        x[0] = x[0].wrapping_add(ks[s % 3]);
        x[1] = x[1].wrapping_add(ks[(s + 1) % 3]).wrapping_add(s as u32);
    }
    x
}

/// Philox-4x32 with 10 rounds (Random123's `philox4x32_10`).
pub fn philox4x32(key: [u32; 2], ctr: [u32; 4]) -> [u32; 4] {
    const W_A: u32 = 0x9E37_79B9;
    const W_B: u32 = 0xBB67_AE85;
    const M_A: u64 = 0xD251_1F53;
    const M_B: u64 = 0xCD9E_8D57;
    let (mut k, mut x) = (key, ctr);
    for _ in 0..10 {
        let p0 = x[0] as u64 * M_A;
        let p1 = x[2] as u64 * M_B;
        x = [(p1 >> 32) as u32 ^ x[1] ^ k[0], p1 as u32, (p0 >> 32) as u32 ^ x[3] ^ k[1], p0 as u32];
        k = [k[0].wrapping_add(W_A), k[1].wrapping_add(W_B)];
    }
    x
}

/// The bit generators of `rng_bit_generator` (`DEFAULT` resolves to `Philox`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    ThreeFry,
    Philox,
}

fn split(x: u64) -> [u32; 2] {
    [x as u32, (x >> 32) as u32]
}

fn join(lo: u32, hi: u32) -> u64 {
    lo as u64 | (hi as u64) << 32
}

/// The bit width of the elements `rng_bit_generator` may produce.
fn output_bits(elem: &ElemType) -> IResult<u32> {
    match elem {
        ElemType::Int { width, .. } if *width >= 2 && *width <= 64 => Ok(*width),
        ElemType::Float(k) if Repr::of(elem).is_some() => Ok(k.bit_width()),
        _ => invalid(format!("rng_bit_generator produces integers or floats, not {elem}")),
    }
}

/// Threefry words for the elements of `shape`: (raw words, counters used).
fn threefry_words(key: u64, counter: u64, shape: &[usize], bits: u32) -> (Vec<u64>, u64) {
    let k = split(key);
    let n: usize = shape.iter().product();
    if bits > 32 {
        let out = (0..n)
            .map(|i| {
                let x = threefry2x32(k, split(counter.wrapping_add(i as u64)));
                join(x[0], x[1])
            })
            .collect();
        return (out, n as u64);
    }
    if shape.is_empty() {
        // A scalar is the first half of a two-element vector.
        return (vec![threefry2x32(k, split(counter))[0] as u64], 1);
    }
    // Split along the first even dimension, else the first largest one.
    let d = match shape.iter().position(|&s| s % 2 == 0) {
        Some(d) => d,
        None => (0..shape.len()).fold(0, |best, i| if shape[i] > shape[best] { i } else { best }),
    };
    let half = shape[d].div_ceil(2);
    let pre: usize = shape[..d].iter().product();
    let post: usize = shape[d + 1..].iter().product();
    // No elements: no words and no counters (the loops below would still count 2^62 rows).
    if n == 0 {
        return (vec![], 0);
    }
    let mut out = Vec::with_capacity(n);
    for p in 0..pre {
        for s in 0..shape[d] {
            for q in 0..post {
                let h = ((p * half + s / 2) * post + q) as u64;
                let x = threefry2x32(k, split(counter.wrapping_add(h)));
                out.push(x[s % 2] as u64);
            }
        }
    }
    (out, (pre * half * post) as u64)
}

/// Philox words for `n` elements from a 128-bit counter: (raw words, counters used).
fn philox_words(key: u64, lo: u64, hi: u64, n: usize, bits: u32) -> (Vec<u64>, u64) {
    let k = split(key);
    let per = if bits > 32 { 2 } else { 4 };
    let blocks = n.div_ceil(per);
    let mut out = Vec::with_capacity(blocks * per);
    for i in 0..blocks as u64 {
        let l = lo.wrapping_add(i);
        let h = if l < lo { hi.wrapping_add(1) } else { hi };
        let (a, b) = (split(l), split(h));
        let w = philox4x32(k, [a[0], a[1], b[0], b[1]]);
        if per == 2 {
            out.extend([join(w[0], w[1]), join(w[2], w[3])]);
        } else {
            out.extend(w.iter().map(|&x| x as u64));
        }
    }
    out.truncate(n);
    (out, blocks as u64)
}

/// Raw words (low `bits` bits significant) as a buffer of `elem`.
fn words_to_buffer(elem: &ElemType, words: &[u64], bits: u32) -> IResult<Buffer> {
    let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
    // Sub-byte signed integers are stored sign-extended from their width.
    let sext = |w: u64| -> i64 {
        let v = w & mask;
        if bits < 64 && (v >> (bits - 1)) & 1 == 1 { (v | !mask) as i64 } else { v as i64 }
    };
    let Some(repr) = Repr::of(elem) else {
        return unsupported(format!("rng_bit_generator of {elem}"));
    };
    Ok(match repr {
        Repr::I8 => Buffer::I8(words.iter().map(|&w| sext(w) as i8).collect()),
        Repr::I16 => Buffer::I16(words.iter().map(|&w| w as i16).collect()),
        Repr::I32 => Buffer::I32(words.iter().map(|&w| w as i32).collect()),
        Repr::I64 => Buffer::I64(words.iter().map(|&w| w as i64).collect()),
        Repr::U8 => Buffer::U8(words.iter().map(|&w| (w & mask) as u8).collect()),
        Repr::F8 => Buffer::F8(words.iter().map(|&w| (w & mask) as u8).collect()),
        Repr::U16 => Buffer::U16(words.iter().map(|&w| w as u16).collect()),
        Repr::U32 => Buffer::U32(words.iter().map(|&w| w as u32).collect()),
        Repr::U64 => Buffer::U64(words.into()),
        Repr::BF16 => Buffer::BF16(words.iter().map(|&w| half::bf16::from_bits(w as u16)).collect()),
        Repr::F16 => Buffer::F16(words.iter().map(|&w| half::f16::from_bits(w as u16)).collect()),
        Repr::F32 => Buffer::F32(words.iter().map(|&w| f32::from_bits(w as u32)).collect()),
        Repr::F64 => Buffer::F64(words.iter().map(|&w| f64::from_bits(w)).collect()),
        Repr::Bool | Repr::C64 | Repr::C128 => {
            return invalid(format!("rng_bit_generator produces integers or floats, not {elem}"));
        }
    })
}

/// `rng_bit_generator(initial_state)`: (output_state, output) of `shape` and `elem`.
pub fn rng_bit_generator(
    alg: Algorithm,
    state: &Tensor,
    elem: &ElemType,
    shape: &[usize],
) -> IResult<(Tensor, Tensor)> {
    // The state is 64-bit words; a signless i64 state is read and written as the same bits.
    let s: Vec<u64> = match &state.buf {
        Buffer::U64(s) => s.to_vec(),
        Buffer::I64(s) => s.iter().map(|&x| x as u64).collect(),
        _ => return invalid("rng_bit_generator's initial_state must be a 64-bit integer tensor"),
    };
    if state.rank() != 1 {
        return invalid("rng_bit_generator's initial_state must be 1-dimensional");
    }
    let bits = output_bits(elem)?;
    let n: usize = shape.iter().product();
    let (words, new_state) = match (alg, &s[..]) {
        (Algorithm::ThreeFry, &[key, counter]) => {
            let (w, used) = threefry_words(key, counter, shape, bits);
            (w, vec![key, counter.wrapping_add(used)])
        }
        (Algorithm::Philox, &[key, counter]) => {
            let (w, used) = philox_words(key, counter, key, n, bits);
            (w, vec![key, counter.wrapping_add(used)])
        }
        (Algorithm::Philox, &[key, lo, hi]) => {
            let (w, used) = philox_words(key, lo, hi, n, bits);
            let l = lo.wrapping_add(used);
            (w, vec![key, l, if l < lo { hi.wrapping_add(1) } else { hi }])
        }
        (Algorithm::ThreeFry, _) => return invalid("THREE_FRY needs a ui64[2] state"),
        (Algorithm::Philox, _) => return invalid("PHILOX needs a ui64[2] or ui64[3] state"),
    };
    let out = Tensor::new(shape.to_vec(), elem.clone(), words_to_buffer(elem, &words, bits)?);
    let buf = match &state.buf {
        Buffer::I64(_) => Buffer::I64(new_state.iter().map(|&x| x as i64).collect()),
        _ => Buffer::U64(new_state.into()),
    };
    let st = Tensor::new(state.shape.clone(), state.elem.clone(), buf);
    Ok((st, out))
}

/// The float values of a tensor, widened exactly to f64.
fn floats_f64(t: &Tensor) -> IResult<Vec<f64>> {
    match &t.buf {
        Buffer::F64(s) => Ok(s.to_vec()),
        _ => Ok(crate::ops::elementwise::to_f32_vec(t)?.into_iter().map(f64::from).collect()),
    }
}

fn scalar_f64(t: &Tensor) -> IResult<f64> {
    floats_f64(t)?.first().copied().map_or_else(|| invalid("rng bounds must be scalars"), Ok)
}

/// The Threefry key of `rng` (the first 64 bits of π's fraction, 0x243F6A8885A308D3).
pub const RNG_KEY: u64 = 0x243F_6A88_85A3_08D3;

/// The distributions of `rng`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distribution {
    Uniform,
    Normal,
}

/// `rng(a, b, shape)` with the run's counter `*counter` (advanced by the words used); see the header.
pub fn rng(dist: Distribution, a: &Tensor, b: &Tensor, shape: &[usize], counter: &mut u64) -> IResult<Tensor> {
    if a.num_elements() != 1 || b.num_elements() != 1 || a.elem != b.elem {
        return invalid("rng's a and b must be scalars of the result's element type");
    }
    let elem = a.elem.clone();
    let n: usize = shape.iter().product();
    let words_needed = if dist == Distribution::Normal { 2 * n } else { n } as u64;
    let key = split(RNG_KEY);
    let base = *counter;
    let word = |i: u64| {
        let x = threefry2x32(key, split(base.wrapping_add(i)));
        join(x[0], x[1])
    };
    let unit = |w: u64| (w >> 11) as f64 * (1.0f64 / (1u64 << 53) as f64);
    let buf = match (&elem, dist) {
        (ElemType::Int { .. }, Distribution::Uniform) => {
            let lo = crate::ops::dynamic::int_values(a).map(|v| v[0])?;
            let hi = crate::ops::dynamic::int_values(b).map(|v| v[0])?;
            // Unsigned 64-bit bounds above i64::MAX saturate in `int_values`; read them exactly instead.
            let (lo, hi) = match (&a.buf, &b.buf) {
                (Buffer::U64(x), Buffer::U64(y)) => (x[0] as i128, y[0] as i128),
                _ => (lo as i128, hi as i128),
            };
            let range = hi - lo;
            let v: Vec<i64> = (0..n as u64)
                .map(|i| if range <= 0 { lo as i64 } else { (lo + (word(i) as i128 % range)) as i64 })
                .collect();
            crate::ops::convert::from_i64s(&elem, &v)?
        }
        (ElemType::Float(_), _) => {
            let (lo, hi) = (scalar_f64(a)?, scalar_f64(b)?);
            let v: Vec<f64> = (0..n as u64)
                .map(|i| match dist {
                    Distribution::Uniform => lo + (hi - lo) * unit(word(i)),
                    Distribution::Normal => {
                        let u1 = 1.0 - unit(word(2 * i));
                        let u2 = unit(word(2 * i + 1));
                        let z = (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos();
                        lo + hi * z
                    }
                })
                .collect();
            let out = crate::ops::convert::encode_floats(&elem, &v)?;
            if dist == Distribution::Uniform && lo < hi {
                // Keep results in [a, b): a value that rounded up to b becomes a.
                let rounded = floats_f64(&Tensor::new(vec![n], elem.clone(), out))?;
                let fixed: Vec<f64> = rounded.into_iter().map(|x| if x >= hi { lo } else { x }).collect();
                crate::ops::convert::encode_floats(&elem, &fixed)?
            } else {
                out
            }
        }
        (ElemType::Int { .. }, Distribution::Normal) => return invalid("rng NORMAL needs a floating-point type"),
        _ => return unsupported(format!("rng of {elem}")),
    };
    *counter = counter.wrapping_add(words_needed);
    Ok(Tensor::new(shape.to_vec(), elem, buf))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threefry_known_answers() {
        // Random123 kat_vectors, threefry2x32 with 20 rounds.
        assert_eq!(threefry2x32([0, 0], [0, 0]), [0x6b20_0159, 0x99ba_4efe]);
        assert_eq!(threefry2x32([u32::MAX, u32::MAX], [u32::MAX, u32::MAX]), [0x1cb9_96fc, 0xbb00_2be7]);
        assert_eq!(threefry2x32([0x1319_8a2e, 0x0370_7344], [0x243f_6a88, 0x85a3_08d3]), [0xc492_3a9c, 0x483d_f7a0]);
    }

    #[test]
    fn philox_known_answers() {
        // Random123 kat_vectors, philox4x32 with 10 rounds.
        assert_eq!(philox4x32([0, 0], [0, 0, 0, 0]), [0x6627_e8d5, 0xe169_c58d, 0xbc57_ac4c, 0x9b00_dbd8]);
        assert_eq!(
            philox4x32([u32::MAX, u32::MAX], [u32::MAX; 4]),
            [0x408f_276d, 0x41c8_3b0e, 0xa20b_c7c6, 0x6d54_51fd]
        );
        assert_eq!(
            philox4x32([0xa409_3822, 0x299f_31d0], [0x243f_6a88, 0x85a3_08d3, 0x1319_8a2e, 0x0370_7344]),
            [0xd16c_fe09, 0x94fd_cceb, 0x5001_e420, 0x2412_6ea1]
        );
    }
}
