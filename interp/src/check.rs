//! The test dialect's checks, with the semantics of upstream's reference
//! implementation (stablehlo/tests/CheckOps.cpp, and the `custom_call
//! @check.*` fallback of stablehlo-translate):
//! - `expect_eq(_const)`: every element equal (floats by IEEE `==`, so NaN
//!   never equals and -0.0 equals 0.0; complex numbers part by part).
//! - `expect_almost_eq(_const)`: floats within an absolute `tolerance`
//!   (default 1e-4; `custom_call @check.expect_almost_eq` uses 1e-3), with
//!   NaN equal to NaN, infinities equal only to themselves.
//! - `expect_close`: ULP distance within [min_ulp_difference,
//!   max_ulp_difference] (defaults 0 and 1; `custom_call @check.expect_close`
//!   uses 0 and 3); NaNs are all 0 ULP apart; a non-finite value is
//!   infinitely far from anything not bitwise equal to it.

use shardref_spec::ir::{Attr, Dict, Span};
use shardref_spec::ops::CheckOp;

use crate::attrs::check;
use crate::error::{IResult, invalid, unsupported};
use crate::ops::elementwise::to_f32_vec;
use crate::value::{Buffer, Tensor};

/// A check that did not hold: where, and what differed.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckFailure {
    pub span: Span,
    pub message: String,
}

impl CheckFailure {
    pub fn at(mut self, span: Span) -> CheckFailure {
        self.span = span;
        self
    }
}

fn fail(message: String) -> IResult<Option<CheckFailure>> {
    Ok(Some(CheckFailure { span: Span::NONE, message }))
}

/// Runs a check op on its operands (and `value` attribute for the `_const` forms).
pub fn run(k: CheckOp, operands: &[&Tensor], attrs: &Dict) -> IResult<Option<CheckFailure>> {
    let constant;
    let (actual, expected): (&Tensor, &Tensor) = match (k, operands) {
        (CheckOp::ExpectEqConst | CheckOp::ExpectAlmostEqConst, [a]) => {
            constant = match check::ExpectEqConst::of_dict(attrs, Span::NONE).value().raw() {
                Some(Attr::Dense(d)) => Tensor::from_dense(d)
                    .ok_or_else(|| crate::error::InterpError::unsupported(Span::NONE, "check constant of this type"))?,
                _ => return invalid("check without a dense 'value'"),
            };
            (a, &constant)
        }
        (CheckOp::ExpectEq | CheckOp::ExpectAlmostEq | CheckOp::ExpectClose, [a, b]) => (a, b),
        (CheckOp::ExpectSerializedEq, _) => {
            return unsupported("check.expect_serialized_eq needs probe files from a previous instrumented run");
        }
        _ => return invalid("check op with the wrong number of operands"),
    };
    if actual.shape != expected.shape || actual.elem != expected.elem {
        return fail(format!(
            "types differ: {:?}x{} (actual) vs {:?}x{} (expected)",
            actual.shape, actual.elem, expected.shape, expected.elem
        ));
    }
    match k {
        CheckOp::ExpectEq | CheckOp::ExpectEqConst => expect_eq(actual, expected),
        CheckOp::ExpectAlmostEq | CheckOp::ExpectAlmostEqConst => {
            let tol = match check::ExpectAlmostEq::of_dict(attrs, Span::NONE).tolerance().raw() {
                Some(Attr::Float(f)) => f.to_f64(),
                _ => 1e-4,
            };
            expect_almost_eq(actual, expected, tol)
        }
        CheckOp::ExpectClose => {
            let v = check::ExpectClose::of_dict(attrs, Span::NONE);
            let (min, max) = (v.min_ulp_difference().get(), v.max_ulp_difference().get());
            expect_close(actual, expected, min.map_or(0, |v| v as u64), max.map_or(1, |v| v as u64))
        }
        CheckOp::ExpectSerializedEq => unreachable_serialized(),
    }
}

fn unreachable_serialized() -> IResult<Option<CheckFailure>> {
    unsupported("check.expect_serialized_eq")
}

/// Row-major index of element `i` of `shape`, for messages.
pub fn index_of(shape: &[usize], mut i: usize) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        if shape[d] > 0 {
            idx[d] = i % shape[d];
            i /= shape[d];
        }
    }
    idx
}

/// The elements as f64 pairs (real, imaginary) for float and complex tensors.
fn as_f64_pairs(t: &Tensor) -> Option<Vec<(f64, f64)>> {
    Some(match &t.buf {
        Buffer::F64(s) => s.iter().map(|&x| (x, 0.0)).collect(),
        Buffer::C64(s) => s.iter().map(|c| (c.re as f64, c.im as f64)).collect(),
        Buffer::C128(s) => s.iter().map(|c| (c.re, c.im)).collect(),
        Buffer::F32(_) | Buffer::BF16(_) | Buffer::F16(_) | Buffer::F8(_) => {
            to_f32_vec(t).ok()?.into_iter().map(|x| (x as f64, 0.0)).collect()
        }
        _ => return None,
    })
}

fn expect_eq(a: &Tensor, b: &Tensor) -> IResult<Option<CheckFailure>> {
    let n = a.num_elements();
    if let (Some(x), Some(y)) = (as_f64_pairs(a), as_f64_pairs(b)) {
        for i in 0..n {
            if x[i] != y[i] {
                return fail(format!(
                    "element values don't match: {:?} (actual) vs {:?} (expected) at index {:?}",
                    x[i],
                    y[i],
                    index_of(&a.shape, i)
                ));
            }
        }
        return Ok(None);
    }
    if a.buf != b.buf {
        let i = first_difference(a, b);
        return fail(format!("element values don't match at index {:?}", index_of(&a.shape, i)));
    }
    Ok(None)
}

fn first_difference(a: &Tensor, b: &Tensor) -> usize {
    let (x, y) = (a.buf.to_le_bytes(), b.buf.to_le_bytes());
    let w = (x.len() / a.num_elements().max(1)).max(1);
    x.chunks(w).zip(y.chunks(w)).position(|(p, q)| p != q).unwrap_or(0)
}

fn almost_equal(f: f64, g: f64, tol: f64) -> bool {
    if f == g {
        return true;
    }
    if f.is_nan() || g.is_nan() {
        return f.is_nan() == g.is_nan();
    }
    if !f.is_finite() || !g.is_finite() {
        return false;
    }
    (f - g).abs() <= tol
}

fn expect_almost_eq(a: &Tensor, b: &Tensor, tol: f64) -> IResult<Option<CheckFailure>> {
    let (Some(x), Some(y)) = (as_f64_pairs(a), as_f64_pairs(b)) else {
        return unsupported(format!("almost-equality of {} elements", a.elem));
    };
    for i in 0..a.num_elements() {
        if !almost_equal(x[i].0, y[i].0, tol) || !almost_equal(x[i].1, y[i].1, tol) {
            return fail(format!(
                "element values don't match with tolerance {tol}: {:?} (actual) vs {:?} (expected) at index {:?}",
                x[i],
                y[i],
                index_of(&a.shape, i)
            ));
        }
    }
    Ok(None)
}

/// Bit patterns of each float (and of each part of complex numbers), with their width.
fn float_bits(t: &Tensor) -> Option<(Vec<u64>, u32)> {
    Some(match &t.buf {
        Buffer::F64(s) => (s.iter().map(|x| x.to_bits()).collect(), 64),
        Buffer::F32(s) => (s.iter().map(|x| x.to_bits() as u64).collect(), 32),
        Buffer::BF16(s) => (s.iter().map(|x| x.to_bits() as u64).collect(), 16),
        Buffer::F16(s) => (s.iter().map(|x| x.to_bits() as u64).collect(), 16),
        Buffer::F8(s) => (s.iter().map(|&x| x as u64).collect(), 8),
        Buffer::C64(s) => (s.iter().flat_map(|c| [c.re.to_bits() as u64, c.im.to_bits() as u64]).collect(), 32),
        Buffer::C128(s) => (s.iter().flat_map(|c| [c.re.to_bits(), c.im.to_bits()]).collect(), 64),
        _ => return None,
    })
}

fn expect_close(a: &Tensor, b: &Tensor, min_ulp: u64, max_ulp: u64) -> IResult<Option<CheckFailure>> {
    let (Some((x, _)), Some((y, _))) = (float_bits(a), float_bits(b)) else {
        return unsupported(format!("expect_close on {} elements", a.elem));
    };
    let (Some(xv), Some(yv)) = (as_f64_pairs(a), as_f64_pairs(b)) else {
        return unsupported(format!("expect_close on {} elements", a.elem));
    };
    let parts = x.len() / a.num_elements().max(1);
    let sign_bit = |bits: u64, t: &Tensor| -> u64 {
        let w = match &t.buf {
            Buffer::F64(_) | Buffer::C128(_) => 64,
            Buffer::F32(_) | Buffer::C64(_) => 32,
            Buffer::BF16(_) | Buffer::F16(_) => 16,
            _ => 8,
        };
        let w = if let shardref_spec::ir::ElemType::Float(k) = &t.elem { k.bit_width().min(w) } else { w };
        (bits >> (w - 1)) & 1
    };
    let mut mismatches = 0;
    let mut first = None;
    for i in 0..x.len() {
        let (f, g) = (xv[i / parts], yv[i / parts]);
        let (fv, gv) = if i % parts == 0 { (f.0, g.0) } else { (f.1, g.1) };
        let d = ulp_difference(x[i], y[i], fv, gv, sign_bit(x[i], a), sign_bit(y[i], b), a);
        if d > max_ulp || d < min_ulp {
            mismatches += 1;
            first.get_or_insert((i / parts, fv, gv, d));
        }
    }
    match first {
        None => Ok(None),
        Some((i, fv, gv, d)) => fail(format!(
            "{mismatches} element(s) outside ULP difference [{min_ulp}, {max_ulp}]; first at index {:?}: actual={fv}, expected={gv}, ULP difference={d}",
            index_of(&a.shape, i)
        )),
    }
}

/// ULP distance of two floats of one format given their bits and values.
fn ulp_difference(fb: u64, gb: u64, f: f64, g: f64, fs: u64, gs: u64, t: &Tensor) -> u64 {
    if fb == gb {
        return 0;
    }
    if f.is_finite() && g.is_finite() {
        // Distance from +0 of |f| and |g|, in ulps: the magnitude bits.
        let mask = |bits: u64, s: u64| -> u64 {
            let w = match &t.elem {
                shardref_spec::ir::ElemType::Float(k) => k.bit_width(),
                shardref_spec::ir::ElemType::Complex(inner) => match **inner {
                    shardref_spec::ir::ElemType::Float(k) => k.bit_width(),
                    _ => 64,
                },
                _ => 64,
            };
            if s == 1 && w < 64 {
                bits & ((1u64 << (w - 1)) - 1)
            } else if w == 64 {
                bits & (u64::MAX >> 1)
            } else {
                bits
            }
        };
        let (a, b) = (mask(fb, fs), mask(gb, gs));
        // Formats without a sign bit (f8E8M0FNU) or with unsigned zero still compare by magnitude.
        return if fs != gs { a + b } else { a.abs_diff(b) };
    }
    if f.is_nan() && g.is_nan() {
        return 0;
    }
    u64::MAX
}
