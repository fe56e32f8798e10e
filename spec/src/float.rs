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

/// Formats a float the way MLIR's `printFloatValue` does: `%e` style with six
/// digits when that reads back to the same bits, else the shortest decimal
/// that does, else (NaN, infinities) the bit pattern in hex.
pub fn format_mlir(kind: FloatKind, bits: u128) -> String {
    let v = bits_to_f64(kind, bits);
    if v.is_finite() {
        let short = format!("{v:.6e}");
        let short = mlir_exponent(&short);
        if parse_decimal(kind, &short) == Some(bits) {
            return short;
        }
        let shortest = shortest_round_trip(kind, v);
        if parse_decimal(kind, &shortest) == Some(bits) {
            return shortest;
        }
    }
    format!("0x{:0width$X}", bits, width = hex_digits(kind))
}

/// The shortest decimal for `v` in `kind`, written with a `.` so MLIR's lexer reads it as a float.
fn shortest_round_trip(kind: FloatKind, v: f64) -> String {
    let s = match kind {
        FloatKind::F32 => format!("{:?}", v as f32),
        _ => format!("{v:?}"),
    };
    let s = if s.contains('e') { mlir_exponent(&s) } else { s };
    if s.contains('.') {
        s
    } else if let Some(i) = s.find('e') {
        format!("{}.0{}", &s[..i], &s[i..])
    } else {
        format!("{s}.0")
    }
}

/// Rust prints `1.5e3`; MLIR (printf) prints `1.500000e+03`. Rewrites the exponent part.
fn mlir_exponent(s: &str) -> String {
    match s.find('e') {
        None => s.to_string(),
        Some(i) => {
            let (mant, exp) = (&s[..i], &s[i + 1..]);
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exp.strip_prefix('+').unwrap_or(exp)),
            };
            format!("{mant}e{sign}{digits:0>2}")
        }
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
        assert_eq!(format_mlir(FloatKind::F64, third), "0.3333333333333333");
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
