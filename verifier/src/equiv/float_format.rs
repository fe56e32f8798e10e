//! Float formats as the comparison (`compare`) and the exact-sum bounds (`exact`) both read
//! them: each float kind's precision and smallest normal exponent (`Format`), the exponent of
//! one ulp, `x * 2^e` without overflow in the intermediate, and a float or complex tensor's
//! elements as (real, imaginary) pairs of f64. Below both, so that neither imports the other.

use shardref_interp::Buffer;
use shardref_interp::Tensor;
use shardref_interp::ops::elementwise::to_f32_vec;
use shardref_spec::ir::FloatKind;

/// A float format's parameters: `precision` significand bits (with the
/// implicit one) and the smallest normal exponent `emin`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub precision: u32,
    pub emin: i32,
}

impl Format {
    /// The exponent of the spacing of subnormal numbers (the smallest positive value).
    pub fn subnormal_exponent(self) -> i64 {
        i64::from(self.emin) - i64::from(self.precision) + 1
    }

    /// The exponent of one ulp of `r` (a value of any magnitude; 0 has the subnormal spacing).
    pub fn ulp_exponent_of_f64(self, r: f64) -> i64 {
        let e = if r == 0.0 || !r.is_finite() { i64::from(self.emin) } else { floor_log2(r.abs()) };
        e.max(i64::from(self.emin)) - i64::from(self.precision) + 1
    }
}

/// `floor(log2 x)` for a finite positive `x`.
fn floor_log2(x: f64) -> i64 {
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    if exp == 0 {
        // Subnormal: 2^-1074 times the fraction.
        let frac = bits & ((1u64 << 52) - 1);
        return 63 - i64::from(frac.leading_zeros()) - 1074;
    }
    exp - 1023
}

/// The format of a float kind (IEEE 754 and the OCP/ML formats MLIR names).
pub fn format(kind: FloatKind) -> Format {
    let (precision, emin) = match kind {
        FloatKind::F4E2M1FN => (2, 0),
        FloatKind::F6E2M3FN => (4, 0),
        FloatKind::F6E3M2FN => (3, -2),
        FloatKind::F8E3M4 => (5, -2),
        FloatKind::F8E4M3 | FloatKind::F8E4M3FN => (4, -6),
        FloatKind::F8E4M3FNUZ => (4, -7),
        FloatKind::F8E4M3B11FNUZ => (4, -10),
        FloatKind::F8E5M2 => (3, -14),
        FloatKind::F8E5M2FNUZ => (3, -15),
        FloatKind::F8E8M0FNU => (1, -127),
        FloatKind::BF16 => (8, -126),
        FloatKind::F16 => (11, -14),
        FloatKind::TF32 => (11, -126),
        FloatKind::F32 => (24, -126),
        FloatKind::F64 => (53, -1022),
        FloatKind::F80 => (64, -16382),
        FloatKind::F128 => (113, -16382),
    };
    Format { precision, emin }
}

/// (real, imaginary) per element, for float and complex tensors.
pub fn float_parts(t: &Tensor) -> Option<Vec<(f64, f64)>> {
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

/// `x * 2^e`, saturating to 0 and infinity.
pub fn scale(x: f64, e: i64) -> f64 {
    let e = e.clamp(-2200, 2200) as i32;
    let half = e / 2;
    x * 2f64.powi(half) * 2f64.powi(e - half)
}
