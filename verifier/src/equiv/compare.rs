//! Element comparison for `equiv`: bitwise by default, within tolerances for
//! floats when asked.
//!
//! Bitwise means the elements' storage bits are equal: a NaN equals a NaN
//! only with the same payload and sign, and -0.0 differs from 0.0. This is
//! the strongest claim (the partitioned program computes *exactly* what the
//! unpartitioned one does) and holds whenever both compute the same
//! operations in the same order on each element.
//!
//! With tolerances (`|p - s| <= atol + rtol * |s|`, `s` the sequential
//! value), floats and each part of a complex number compare numerically:
//! NaN equals NaN (any payload), an infinity equals only the same infinity,
//! and -0.0 equals 0.0. Integers and booleans always compare exactly.

use shardref_interp::ops::convert::element_strings;
use shardref_interp::ops::elementwise::to_f32_vec;
use shardref_interp::{Buffer, Tensor};

/// Relative and absolute tolerance for float elements.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    pub rtol: f64,
    pub atol: f64,
}

/// The first element (row-major) where `p` and `s` differ, or `None`.
/// Tensors of different shapes or element types differ at element 0
/// (`shape_mismatch` tells them apart).
pub fn first_difference(p: &Tensor, s: &Tensor, tol: Option<Tolerance>) -> Option<usize> {
    if shape_mismatch(p, s) {
        return Some(0);
    }
    match tol {
        Some(tol) => {
            if let (Some(x), Some(y)) = (float_parts(p), float_parts(s)) {
                return x.iter().zip(&y).position(|(a, b)| !close(a.0, b.0, tol) || !close(a.1, b.1, tol));
            }
            bitwise(p, s)
        }
        None => bitwise(p, s),
    }
}

/// Whether the two tensors differ in shape or element type.
pub fn shape_mismatch(p: &Tensor, s: &Tensor) -> bool {
    p.shape != s.shape || p.elem != s.elem
}

fn bitwise(p: &Tensor, s: &Tensor) -> Option<usize> {
    if p.buf == s.buf && !has_float(&p.buf) {
        return None;
    }
    let (x, y) = (p.buf.to_le_bytes(), s.buf.to_le_bytes());
    let w = (x.len() / p.num_elements().max(1)).max(1);
    x.chunks(w).zip(y.chunks(w)).position(|(a, b)| a != b)
}

/// Whether `PartialEq` on the buffer is IEEE equality (so not bitwise).
fn has_float(b: &Buffer) -> bool {
    matches!(b, Buffer::BF16(_) | Buffer::F16(_) | Buffer::F32(_) | Buffer::F64(_) | Buffer::C64(_) | Buffer::C128(_))
}

fn close(p: f64, s: f64, tol: Tolerance) -> bool {
    if p.is_nan() || s.is_nan() {
        return p.is_nan() && s.is_nan();
    }
    if p.is_infinite() || s.is_infinite() {
        return p == s;
    }
    (p - s).abs() <= tol.atol + tol.rtol * s.abs()
}

/// (real, imaginary) per element, for float and complex tensors.
fn float_parts(t: &Tensor) -> Option<Vec<(f64, f64)>> {
    Some(match &t.buf {
        Buffer::F64(s) => s.iter().map(|&x| (x, 0.0)).collect(),
        Buffer::C64(s) => s.iter().map(|c| (f64::from(c.re), f64::from(c.im))).collect(),
        Buffer::C128(s) => s.iter().map(|c| (c.re, c.im)).collect(),
        Buffer::F32(_) | Buffer::BF16(_) | Buffer::F16(_) | Buffer::F8(_) => {
            to_f32_vec(t).ok()?.into_iter().map(|x| (f64::from(x), 0.0)).collect()
        }
        _ => return None,
    })
}

/// Element `i` of `t` as MLIR prints it.
pub fn element_string(t: &Tensor, i: usize) -> String {
    let one = Tensor::new(vec![], t.elem.clone(), t.buf.gather(&[i]));
    element_strings(&one).ok().and_then(|v| v.into_iter().next()).unwrap_or_else(|| "?".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardref_spec::ir::ElemType;

    fn f32s(v: &[f32]) -> Tensor {
        Tensor::new(vec![v.len()], ElemType::F32, Buffer::F32(v.into()))
    }

    #[test]
    fn bitwise_tells_signed_zeros_and_nan_payloads_apart() {
        assert_eq!(first_difference(&f32s(&[1.0, 0.0]), &f32s(&[1.0, -0.0]), None), Some(1));
        let nan2 = f32::from_bits(f32::NAN.to_bits() | 1);
        assert_eq!(first_difference(&f32s(&[f32::NAN]), &f32s(&[nan2]), None), Some(0));
        assert_eq!(first_difference(&f32s(&[f32::NAN, 2.0]), &f32s(&[f32::NAN, 2.0]), None), None);
    }

    #[test]
    fn tolerances_accept_close_values_only() {
        let tol = Some(Tolerance { rtol: 1e-6, atol: 0.0 });
        assert_eq!(first_difference(&f32s(&[1.0, 1e6]), &f32s(&[1.0, 1e6 + 0.5]), tol), None);
        assert_eq!(first_difference(&f32s(&[1.0, 2.0]), &f32s(&[1.0, 2.001]), tol), Some(1));
        assert_eq!(first_difference(&f32s(&[f32::INFINITY]), &f32s(&[f32::NEG_INFINITY]), tol), Some(0));
    }

    #[test]
    fn integers_compare_exactly_even_with_tolerances() {
        let a = Tensor::new(vec![2], ElemType::I32, Buffer::I32(vec![1, 2].into()));
        let b = Tensor::new(vec![2], ElemType::I32, Buffer::I32(vec![1, 3].into()));
        assert_eq!(first_difference(&a, &b, Some(Tolerance { rtol: 1.0, atol: 1.0 })), Some(1));
        assert_eq!(element_string(&b, 1), "3");
    }
}
