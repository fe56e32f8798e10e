//! Exact conversions between float formats' bit patterns, f64 and text.
//!
//! Choices, documented where the spec leaves them open:
//! - Decimal text is rounded to f32 and f64 directly (Rust's correctly rounded
//!   `str::parse`). For the narrower formats it is rounded to f64 first and
//!   then to the format (ml_dtypes' route: it converts through f32/f64 too),
//!   so a decimal lying within 2^-53 relative of a halfway point between two
//!   narrow values can round differently from a direct rounding. Literals
//!   printed by MLIR never hit this: they are exact in the format.
//! - f80 and f128 are held with f64 precision (shardref computes with neither).
//! - tf32 is f32 with the low 13 mantissa bits dropped after rounding to nearest even.

use crate::ir::FloatKind;
use half::{bf16, f16};
use microfloat::{
    f4e2m1fn, f6e2m3fn, f6e3m2fn, f8e3m4, f8e4m3, f8e4m3b11fnuz, f8e4m3fn, f8e4m3fnuz, f8e5m2, f8e5m2fnuz, f8e8m0fnu,
};

/// The value of `bits` in format `kind`, widened exactly to f64.
pub fn bits_to_f64(kind: FloatKind, bits: u128) -> f64 {
    let b8 = bits as u8;
    match kind {
        FloatKind::F4E2M1FN => f4e2m1fn::from_bits(b8).to_f64(),
        FloatKind::F6E2M3FN => f6e2m3fn::from_bits(b8).to_f64(),
        FloatKind::F6E3M2FN => f6e3m2fn::from_bits(b8).to_f64(),
        FloatKind::F8E3M4 => f8e3m4::from_bits(b8).to_f64(),
        FloatKind::F8E4M3 => f8e4m3::from_bits(b8).to_f64(),
        FloatKind::F8E4M3FN => f8e4m3fn::from_bits(b8).to_f64(),
        FloatKind::F8E4M3FNUZ => f8e4m3fnuz::from_bits(b8).to_f64(),
        FloatKind::F8E4M3B11FNUZ => f8e4m3b11fnuz::from_bits(b8).to_f64(),
        FloatKind::F8E5M2 => f8e5m2::from_bits(b8).to_f64(),
        FloatKind::F8E5M2FNUZ => f8e5m2fnuz::from_bits(b8).to_f64(),
        FloatKind::F8E8M0FNU => f8e8m0fnu::from_bits(b8).to_f64(),
        FloatKind::BF16 => bf16::from_bits(bits as u16).to_f64(),
        FloatKind::F16 => f16::from_bits(bits as u16).to_f64(),
        FloatKind::TF32 => f32::from_bits((bits as u32) << 13) as f64,
        FloatKind::F32 => f32::from_bits(bits as u32) as f64,
        FloatKind::F64 | FloatKind::F80 | FloatKind::F128 => f64::from_bits(bits as u64),
    }
}

/// Rounds `v` to the nearest value of `kind` (ties to even), per the format's
/// overflow and NaN rules.
pub fn f64_to_bits(kind: FloatKind, v: f64) -> u128 {
    match kind {
        FloatKind::F4E2M1FN => f4e2m1fn::from_f64(v).to_bits() as u128,
        FloatKind::F6E2M3FN => f6e2m3fn::from_f64(v).to_bits() as u128,
        FloatKind::F6E3M2FN => f6e3m2fn::from_f64(v).to_bits() as u128,
        FloatKind::F8E3M4 => f8e3m4::from_f64(v).to_bits() as u128,
        FloatKind::F8E4M3 => f8e4m3::from_f64(v).to_bits() as u128,
        FloatKind::F8E4M3FN => f8e4m3fn::from_f64(v).to_bits() as u128,
        FloatKind::F8E4M3FNUZ => f8e4m3fnuz::from_f64(v).to_bits() as u128,
        FloatKind::F8E4M3B11FNUZ => f8e4m3b11fnuz::from_f64(v).to_bits() as u128,
        FloatKind::F8E5M2 => f8e5m2::from_f64(v).to_bits() as u128,
        FloatKind::F8E5M2FNUZ => f8e5m2fnuz::from_f64(v).to_bits() as u128,
        FloatKind::F8E8M0FNU => f8e8m0fnu::from_f64(v).to_bits() as u128,
        FloatKind::BF16 => bf16::from_f64(v).to_bits() as u128,
        FloatKind::F16 => f16::from_f64(v).to_bits() as u128,
        FloatKind::TF32 => tf32_from_f32(v as f32) as u128,
        FloatKind::F32 => (v as f32).to_bits() as u128,
        FloatKind::F64 | FloatKind::F80 | FloatKind::F128 => v.to_bits() as u128,
    }
}

fn tf32_from_f32(x: f32) -> u32 {
    let b = x.to_bits();
    if x.is_nan() {
        return (b >> 13) | 0x200;
    }
    // Round to nearest even on the 13 dropped bits.
    let rounded = b.wrapping_add(0x0FFF + ((b >> 13) & 1));
    rounded >> 13
}

/// Parses a decimal float literal (`1.5e3`, `-0.0`, `inf`, `nan`) into `kind`.
pub fn parse_decimal(kind: FloatKind, text: &str) -> Option<u128> {
    let t = text.strip_prefix('+').unwrap_or(text);
    let (neg, body) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t),
    };
    let v: f64 = match body {
        "inf" => f64::INFINITY,
        "nan" => f64::NAN,
        _ => {
            if kind == FloatKind::F32 {
                let f: f32 = body.parse().ok()?;
                let f = if neg { -f } else { f };
                return Some(f.to_bits() as u128);
            }
            body.parse().ok()?
        }
    };
    Some(f64_to_bits(kind, if neg { -v } else { v }))
}

/// Width in hex digits of a format's bit pattern, as MLIR prints it.
pub fn hex_digits(kind: FloatKind) -> usize {
    (kind.storage_bytes() * 2).max(1)
}

/// Formats a float the way MLIR's `printFloatValue` does: APFloat's
/// `toString(6, 0, false)` (six significant digits, `%e` style) when that
/// reads back to the same bits; else APFloat's default `toString()` (enough
/// digits to round-trip) when that has a `.`; else (NaN, infinities, large
/// integral values) the bit pattern in hex.
pub fn format_mlir(kind: FloatKind, bits: u128) -> String {
    let v = bits_to_f64(kind, bits);
    if v.is_finite() {
        let short = apfloat_to_string(kind, v, 6, 0, false);
        if parse_decimal(kind, &short) == Some(bits) {
            return short;
        }
        let default = apfloat_to_string(kind, v, 0, 3, true);
        if default.contains('.') {
            return default;
        }
    }
    format!("0x{:0width$X}", bits, width = hex_digits(kind))
}

/// Bits of precision (including the implicit bit) of each format, as APFloat's semantics give them.
fn semantics_precision(kind: FloatKind) -> u32 {
    match kind {
        FloatKind::F4E2M1FN => 2,
        FloatKind::F6E2M3FN => 4,
        FloatKind::F6E3M2FN => 3,
        FloatKind::F8E3M4 => 5,
        FloatKind::F8E4M3 | FloatKind::F8E4M3FN | FloatKind::F8E4M3FNUZ | FloatKind::F8E4M3B11FNUZ => 4,
        FloatKind::F8E5M2 | FloatKind::F8E5M2FNUZ => 3,
        FloatKind::F8E8M0FNU => 1,
        FloatKind::BF16 => 8,
        FloatKind::F16 | FloatKind::TF32 => 11,
        FloatKind::F32 => 24,
        FloatKind::F64 => 53,
        FloatKind::F80 => 64,
        FloatKind::F128 => 113,
    }
}

/// APFloat's `IEEEFloat::toString(Str, FormatPrecision, FormatMaxPadding, TruncateZero)`
/// for a finite value `v` of format `kind` (exact in f64): the exact decimal
/// expansion, cut to `format_precision` significant digits (0: enough to
/// round-trip) rounding half up, then written plainly or in scientific notation.
fn apfloat_to_string(kind: FloatKind, v: f64, format_precision: u32, max_padding: u32, truncate_zero: bool) -> String {
    let mut out = String::new();
    let fp = if format_precision == 0 { 2 + semantics_precision(kind) * 59 / 196 } else { format_precision };
    if v == 0.0 {
        if v.is_sign_negative() {
            out.push('-');
        }
        if max_padding == 0 {
            if truncate_zero {
                out.push_str("0.0E+0");
            } else {
                out.push_str("0.0");
                for _ in 1..fp {
                    out.push('0');
                }
                out.push_str("e+00");
            }
        } else {
            out.push('0');
        }
        return out;
    }
    if v.is_sign_negative() {
        out.push('-');
    }
    // |v| = m * 2^e with m odd.
    let raw = v.abs().to_bits();
    let (mut m, mut e) =
        if raw >> 52 == 0 { (raw, -1074i32) } else { ((raw & ((1 << 52) - 1)) | (1 << 52), (raw >> 52) as i32 - 1075) };
    let tz = m.trailing_zeros();
    m >>= tz;
    e += tz as i32;
    // sig * 10^exp == |v|.
    let mut sig = Big::from_u64(m);
    let mut exp: i32 = 0;
    if e > 0 {
        sig.shl(e as u32);
    } else if e < 0 {
        for _ in 0..-e {
            sig.mul_small(5);
        }
        exp = e;
    }
    // Drop decimal digits beyond what the precision needs (truncating).
    let bits = sig.bit_len();
    let bits_required = (fp * 196).div_ceil(59);
    if bits > bits_required {
        let removable = (bits - bits_required) * 59 / 196;
        exp += removable as i32;
        for _ in 0..removable {
            sig.divmod_small(10);
        }
    }
    // Digits, least significant first, without trailing zeros.
    let mut buf: Vec<u8> = vec![];
    let mut in_trail = true;
    while !sig.is_zero() {
        let d = sig.divmod_small(10) as u8;
        if in_trail && d == 0 {
            exp += 1;
        } else {
            buf.push(b'0' + d);
            in_trail = false;
        }
    }
    // Round half up to `fp` digits.
    let n = buf.len();
    if n > fp as usize {
        let mut first = n - fp as usize;
        if buf[first - 1] < b'5' {
            while first < n && buf[first] == b'0' {
                first += 1;
            }
            exp += first as i32;
            buf.drain(..first);
        } else {
            let mut i = first;
            while i != n {
                if buf[i] == b'9' {
                    first += 1;
                    i += 1;
                } else {
                    buf[i] += 1;
                    break;
                }
            }
            if first == n {
                exp += first as i32;
                buf.clear();
                buf.push(b'1');
            } else {
                exp += first as i32;
                buf.drain(..first);
            }
        }
    }
    let nd = buf.len();
    let digit = |i: usize| buf[nd - 1 - i] as char;
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as u32 > max_padding || nd as u32 + exp as u32 > fp
    } else {
        let msd = exp + nd as i32 - 1;
        msd < 0 && (-msd) as u32 > max_padding
    };
    if scientific {
        let e10 = exp + nd as i32 - 1;
        out.push(digit(0));
        out.push('.');
        if nd == 1 && truncate_zero {
            out.push('0');
        } else {
            for i in 1..nd {
                out.push(digit(i));
            }
        }
        if !truncate_zero && fp as usize > nd - 1 {
            for _ in 0..(fp as usize - nd + 1) {
                out.push('0');
            }
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if e10 >= 0 { '+' } else { '-' });
        let digits = e10.unsigned_abs().to_string();
        if !truncate_zero && digits.len() < 2 {
            out.push('0');
        }
        out.push_str(&digits);
        return out;
    }
    if exp >= 0 {
        for i in 0..nd {
            out.push(digit(i));
        }
        for _ in 0..exp {
            out.push('0');
        }
        return out;
    }
    let whole = exp + nd as i32;
    let mut i = 0;
    if whole > 0 {
        while i < whole as usize {
            out.push(digit(i));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        for _ in 0..-whole {
            out.push('0');
        }
    }
    while i < nd {
        out.push(digit(i));
        i += 1;
    }
    out
}

/// A small unsigned big integer (little-endian 32-bit limbs), enough for
/// exact decimal expansions of binary floats.
struct Big(Vec<u32>);

impl Big {
    fn from_u64(v: u64) -> Big {
        let mut b = Big(vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
    fn bit_len(&self) -> u32 {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() as u32 - 1) * 32 + (32 - top.leading_zeros()),
        }
    }
    fn mul_small(&mut self, k: u32) {
        let mut carry = 0u64;
        for limb in self.0.iter_mut() {
            let t = *limb as u64 * k as u64 + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    fn shl(&mut self, bits: u32) {
        let (words, rest) = ((bits / 32) as usize, bits % 32);
        if rest != 0 {
            let mut carry = 0u32;
            for limb in self.0.iter_mut() {
                let t = (*limb << rest) | carry;
                carry = *limb >> (32 - rest);
                *limb = t;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        if words != 0 && !self.0.is_empty() {
            self.0.splice(0..0, std::iter::repeat_n(0, words));
        }
    }
    /// Divides in place, returning the remainder.
    fn divmod_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let t = (rem << 32) | *limb as u64;
            *limb = (t / d as u64) as u32;
            rem = t % d as u64;
        }
        self.trim();
        rem as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mlir_style_formatting() {
        let one = parse_decimal(FloatKind::F32, "1.0").unwrap();
        assert_eq!(format_mlir(FloatKind::F32, one), "1.000000e+00");
        let tenth = parse_decimal(FloatKind::F32, "0.1").unwrap();
        assert_eq!(format_mlir(FloatKind::F32, tenth), "1.000000e-01");
        let third = parse_decimal(FloatKind::F64, "0.3333333333333333").unwrap();
        assert_eq!(format_mlir(FloatKind::F64, third), "0.33333333333333331");
        // Six significant digits, rounded half up, then a padding zero (APFloat's toString).
        let pi16 = parse_decimal(FloatKind::F16, "3.140625").unwrap();
        assert_eq!(format_mlir(FloatKind::F16, pi16), "3.140630e+00");
        let pi64 = parse_decimal(FloatKind::F64, "3.141592653589793").unwrap();
        assert_eq!(format_mlir(FloatKind::F64, pi64), "3.1415926535897931");
        let x = parse_decimal(FloatKind::F32, "-0.810447216").unwrap();
        assert_eq!(format_mlir(FloatKind::F32, x), "-0.810447216");
        // Integral values with no six-digit form print as hex (APFloat writes no `.`).
        let big = parse_decimal(FloatKind::F32, "16777216").unwrap();
        assert_eq!(format_mlir(FloatKind::F32, big), "0x4B800000");
        let ten7 = parse_decimal(FloatKind::F32, "1.0e7").unwrap();
        assert_eq!(format_mlir(FloatKind::F32, ten7), "1.000000e+07");
        let nan = f32::NAN.to_bits() as u128;
        assert_eq!(format_mlir(FloatKind::F32, nan), "0x7FC00000");
        let neg_zero = (-0.0f32).to_bits() as u128;
        assert_eq!(format_mlir(FloatKind::F32, neg_zero), "-0.000000e+00");
        let inf16 = f16::INFINITY.to_bits() as u128;
        assert_eq!(format_mlir(FloatKind::F16, inf16), "0x7C00");
    }

    #[test]
    fn every_f16_and_f8_pattern_round_trips_through_text() {
        for kind in [FloatKind::F16, FloatKind::BF16, FloatKind::F8E4M3FN, FloatKind::F8E5M2, FloatKind::F4E2M1FN] {
            let n = 1u32 << kind.bit_width().min(16);
            for b in 0..n {
                let bits = b as u128;
                let text = format_mlir(kind, bits);
                let back = if let Some(h) = text.strip_prefix("0x") {
                    u128::from_str_radix(h, 16).unwrap()
                } else {
                    parse_decimal(kind, &text).unwrap()
                };
                let v = bits_to_f64(kind, bits);
                if v.is_nan() {
                    assert!(bits_to_f64(kind, back).is_nan());
                } else {
                    assert_eq!(back, bits, "{kind:?} {b:#x} printed as {text}");
                }
            }
        }
    }
}
