//! Seeded random inputs for `equiv`, one tensor per argument type.
//!
//! The generator is SplitMix64, stepped once per element in argument order,
//! so the inputs depend on the seed and the signature only (never on the
//! thread count). Trial `t` of seed `s` uses the stream seeded with
//! `mix(s) ^ mix(t + 1)`; rerunning with the same seed gives the same
//! inputs.
//!
//! Ranges (chosen so that a partitioned program and its twin agree bitwise
//! whenever they compute the same function, see `equiv`'s header):
//! - integers (signed, signless, `index`): uniform in [-64, 64], clipped to
//!   the type's range for i2/i4/i8-sized types that are narrower; unsigned:
//!   [0, 128] clipped likewise; i1: either. A small range keeps index
//!   arguments meaningful (gather/dynamic_slice clamp them anyway) and keeps
//!   products and sums of a few hundred terms from wrapping, which both
//!   sides would do identically anyway.
//! - floats: multiples of 1/8 in [-8, 8] (k/8 with |k| <= 64), negative
//!   values included. Each needs at most 7 significant bits, so it is exact
//!   in bf16, f16, f32 and f64 (the f8 formats round some). A sum of n of
//!   them needs at most 7 + log2(n) significant bits, so sums of up to
//!   2^(p-7) terms are exact in a type with p significand bits and a
//!   reduction gives the same bits in any order (2^17 terms for f32, 2 for
//!   bf16). Products of two are multiples of 1/64 below 64 in magnitude, so
//!   a dot_general stays exact for up to 2^(p-13) terms (2^11 in f32).
//! - complex: real and imaginary parts drawn as floats.
//! - `!mpmd.mesh_tensor<"m", T>`: drawn as its global tensor T.
//! - other element types (quantized, f80, tf32) are refused with an error.

use half::{bf16, f16};
use num_complex::Complex;
use shardref_interp::ops::convert::{encode_floats, from_i64s};
use shardref_interp::{Buffer, Tensor, Value};
use shardref_spec::ir::{ElemType, FloatKind, Signedness, Type};

/// SplitMix64.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }
    /// Uniform in [lo, hi] (inclusive), for small ranges.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi - lo + 1) as u64;
        lo + (self.next_u64() % span) as i64
    }
}

/// SplitMix64's output function.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of trial `trial` under `seed`.
pub fn trial_rng(seed: u64, trial: u64) -> SplitMix {
    SplitMix(mix(seed) ^ mix(trial.wrapping_add(1)))
}

/// Most elements one input may have.
pub const MAX_INPUT_ELEMENTS: usize = 1 << 26;

/// Random inputs for a function taking `types` (see the module header).
pub fn random_inputs(types: &[Type], rng: &mut SplitMix) -> Result<Vec<Value>, String> {
    types.iter().enumerate().map(|(i, ty)| random_value(ty, rng).map_err(|e| format!("argument {i}: {e}"))).collect()
}

fn random_value(ty: &Type, rng: &mut SplitMix) -> Result<Value, String> {
    let tt = match ty {
        Type::Tensor(tt) => tt,
        // A mesh tensor stands for its global tensor (laid out on its mesh by the MPMD driver).
        Type::MeshTensor(mt) => &mt.tensor,
        _ => return Err(format!("cannot make a random input of type {ty}")),
    };
    let Some(dims) = tt.static_shape() else {
        return Err(format!("cannot make a random input of the dynamic or unranked type {ty}"));
    };
    let shape: Vec<usize> = dims.iter().map(|&d| usize::try_from(d).unwrap_or(usize::MAX)).collect();
    let n = shape.iter().try_fold(1usize, |a, &b| a.checked_mul(b)).filter(|&n| n <= MAX_INPUT_ELEMENTS);
    let Some(n) = n else {
        return Err(format!("{ty} is too large for a random input (at most {MAX_INPUT_ELEMENTS} elements)"));
    };
    let buf = random_buffer(&tt.elem, n, rng).map_err(|e| format!("{ty}: {e}"))?;
    Ok(Value::Tensor(Tensor::new(shape, tt.elem.clone(), buf)))
}

fn float_draw(rng: &mut SplitMix) -> f64 {
    rng.range(-64, 64) as f64 / 8.0
}

fn random_buffer(elem: &ElemType, n: usize, rng: &mut SplitMix) -> Result<Buffer, String> {
    let ints = |lo: i64, hi: i64, rng: &mut SplitMix| -> Vec<i64> { (0..n).map(|_| rng.range(lo, hi)).collect() };
    let buf = match elem {
        ElemType::Int { width: 1, .. } => Buffer::Bool((0..n).map(|_| rng.next_u64() & 1 == 1).collect()),
        ElemType::Int { width, signedness: Signedness::Unsigned } => {
            let max = if *width >= 8 { 128 } else { (1i64 << width) - 1 };
            from_i64s(elem, &ints(0, max, rng)).map_err(|e| e.message)?
        }
        ElemType::Int { width, .. } => {
            let (lo, hi) = if *width >= 8 { (-64, 64) } else { (-(1i64 << (width - 1)), (1i64 << (width - 1)) - 1) };
            from_i64s(elem, &ints(lo, hi, rng)).map_err(|e| e.message)?
        }
        ElemType::Index => from_i64s(elem, &ints(-64, 64, rng)).map_err(|e| e.message)?,
        ElemType::Float(FloatKind::BF16) => Buffer::BF16((0..n).map(|_| bf16::from_f64(float_draw(rng))).collect()),
        ElemType::Float(FloatKind::F16) => Buffer::F16((0..n).map(|_| f16::from_f64(float_draw(rng))).collect()),
        ElemType::Float(_) => {
            let v: Vec<f64> = (0..n).map(|_| float_draw(rng)).collect();
            encode_floats(elem, &v).map_err(|e| e.message)?
        }
        ElemType::Complex(inner) => match inner.as_ref() {
            ElemType::Float(FloatKind::F32) => Buffer::C64(
                (0..n)
                    .map(|_| {
                        let re = float_draw(rng) as f32;
                        Complex::new(re, float_draw(rng) as f32)
                    })
                    .collect(),
            ),
            ElemType::Float(FloatKind::F64) => Buffer::C128(
                (0..n)
                    .map(|_| {
                        let re = float_draw(rng);
                        Complex::new(re, float_draw(rng))
                    })
                    .collect(),
            ),
            other => return Err(format!("no random complex<{other}> inputs")),
        },
        other => return Err(format!("no random inputs of element type {other}")),
    };
    Ok(buf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardref_spec::ir::TensorType;

    fn tensor_ty(shape: &[u64], elem: ElemType) -> Type {
        Type::Tensor(TensorType::ranked(shape.to_vec(), elem))
    }

    #[test]
    fn same_seed_same_inputs_other_seed_other_inputs() {
        let tys = [tensor_ty(&[4, 3], ElemType::Float(FloatKind::F32)), tensor_ty(&[5], ElemType::I64)];
        let a = random_inputs(&tys, &mut trial_rng(7, 0)).unwrap();
        let b = random_inputs(&tys, &mut trial_rng(7, 0)).unwrap();
        let c = random_inputs(&tys, &mut trial_rng(8, 0)).unwrap();
        let d = random_inputs(&tys, &mut trial_rng(7, 1)).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, d);
    }

    #[test]
    fn floats_include_negative_values_and_are_eighths() {
        let tys = [tensor_ty(&[256], ElemType::Float(FloatKind::F32))];
        let v = random_inputs(&tys, &mut trial_rng(1, 0)).unwrap();
        let Value::Tensor(t) = &v[0] else { panic!() };
        let Buffer::F32(s) = &t.buf else { panic!() };
        assert!(s.iter().any(|&x| x < 0.0));
        assert!(s.iter().all(|&x| (x * 8.0).fract() == 0.0 && (-8.0..=8.0).contains(&x)));
    }

    #[test]
    fn every_element_type_of_the_corpus_is_covered() {
        for elem in [
            ElemType::Int { width: 1, signedness: Signedness::Signless },
            ElemType::Int { width: 4, signedness: Signedness::Signless },
            ElemType::Int { width: 8, signedness: Signedness::Unsigned },
            ElemType::I64,
            ElemType::Float(FloatKind::BF16),
            ElemType::Float(FloatKind::F16),
            ElemType::Float(FloatKind::F64),
            ElemType::Complex(Box::new(ElemType::Float(FloatKind::F32))),
            ElemType::Complex(Box::new(ElemType::Float(FloatKind::F64))),
        ] {
            let v = random_inputs(&[tensor_ty(&[3, 2], elem.clone())], &mut trial_rng(3, 0));
            assert!(v.is_ok(), "{elem}: {v:?}");
        }
        assert!(random_inputs(&[tensor_ty(&[2], ElemType::Float(FloatKind::F80))], &mut trial_rng(0, 0)).is_err());
    }
}
