//! `convert`, `bitcast_convert`, `reduce_precision`, and the element
//! encoders other kernels share.
//!
//! Conversion rules (StableHLO spec `convert`, and the reference
//! interpreter's `Element convert` where the spec is silent):
//! - integer → integer: sign- or zero-extend from the source, then wrap.
//! - integer → float: round to nearest, ties to even.
//! - float → integer: truncate toward zero; NaN gives 0; values beyond the
//!   range saturate to the type's minimum or maximum (negative values give 0
//!   for unsigned types). This is LLVM APFloat's `convertToInteger`, which the
//!   reference interpreter uses.
//! - anything → i1: "is not zero" (so NaN gives true).
//! - float → float: round to nearest even. f64 → f4/f6/f8 goes through f32
//!   (choice: the ml_dtypes route, via `microfloat`); every other pair rounds
//!   once.
//! - complex → real: the real part; real → complex: imaginary part 0.

use half::{bf16, f16};
use shardref_spec::ir::{ElemType, FloatKind, Signedness};

use crate::error::{IResult, invalid, unsupported};
use crate::ops::elementwise::{f8_to_f32, f32_to_f8};
use std::sync::Arc;

use crate::value::{Buffer, C64, C128, Repr, Tensor};

/// A decoded column of elements, in the widest form of its kind.
enum Column {
    Bool(Vec<bool>),
    Int(Vec<i128>),
    Float(Vec<f64>),
    Complex(Vec<(f64, f64)>),
}

fn float_kind(e: &ElemType) -> Option<FloatKind> {
    match e {
        ElemType::Float(k) => Some(*k),
        _ => None,
    }
}

fn decode(t: &Tensor) -> IResult<Column> {
    Ok(match &t.buf {
        Buffer::Bool(s) => Column::Bool(s.to_vec()),
        Buffer::I8(s) => Column::Int(s.iter().map(|&x| x as i128).collect()),
        Buffer::I16(s) => Column::Int(s.iter().map(|&x| x as i128).collect()),
        Buffer::I32(s) => Column::Int(s.iter().map(|&x| x as i128).collect()),
        Buffer::I64(s) => Column::Int(s.iter().map(|&x| x as i128).collect()),
        Buffer::U8(s) => Column::Int(s.iter().map(|&x| x as i128).collect()),
        Buffer::U16(s) => Column::Int(s.iter().map(|&x| x as i128).collect()),
        Buffer::U32(s) => Column::Int(s.iter().map(|&x| x as i128).collect()),
        Buffer::U64(s) => Column::Int(s.iter().map(|&x| x as i128).collect()),
        Buffer::F8(s) => {
            let k = float_kind(&t.elem).ok_or_else(|| {
                crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "f8 buffer without a float type")
            })?;
            Column::Float(f8_to_f32(k, s).into_iter().map(|x| x as f64).collect())
        }
        Buffer::BF16(s) => Column::Float(s.iter().map(|x| x.to_f64()).collect()),
        Buffer::F16(s) => Column::Float(s.iter().map(|x| x.to_f64()).collect()),
        Buffer::F32(s) => Column::Float(s.iter().map(|&x| x as f64).collect()),
        Buffer::F64(s) => Column::Float(s.to_vec()),
        Buffer::C64(s) => Column::Complex(s.iter().map(|c| (c.re as f64, c.im as f64)).collect()),
        Buffer::C128(s) => Column::Complex(s.iter().map(|c| (c.re, c.im)).collect()),
    })
}

/// Saturating float → integer conversion toward zero (NaN → 0).
fn float_to_int(x: f64, width: u32, signedness: Signedness) -> i128 {
    let (min, max) = int_range(width, signedness);
    if x.is_nan() {
        return 0;
    }
    let t = x.trunc();
    if t <= min as f64 {
        min
    } else if t >= max as f64 {
        max
    } else {
        t as i128
    }
}

fn int_range(width: u32, signedness: Signedness) -> (i128, i128) {
    match signedness {
        Signedness::Unsigned => (0, (1i128 << width) - 1),
        _ => (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1),
    }
}

/// Wraps an integer to `width` bits, reading the result as signed or unsigned.
fn wrap(v: i128, width: u32, signedness: Signedness) -> i128 {
    let m = v & ((1i128 << width) - 1);
    match signedness {
        Signedness::Unsigned => m,
        _ if m >> (width - 1) & 1 == 1 => m - (1i128 << width),
        _ => m,
    }
}

/// Builds a buffer for `elem` from integer values (already in range).
fn encode_ints(elem: &ElemType, v: &[i128]) -> IResult<Buffer> {
    let repr = Repr::of(elem).ok_or_else(|| {
        crate::error::InterpError::unsupported(shardref_spec::ir::Span::NONE, format!("element type {elem}"))
    })?;
    Ok(match repr {
        Repr::Bool => Buffer::Bool(v.iter().map(|&x| x != 0).collect()),
        Repr::I8 => Buffer::I8(v.iter().map(|&x| x as i8).collect()),
        Repr::I16 => Buffer::I16(v.iter().map(|&x| x as i16).collect()),
        Repr::I32 => Buffer::I32(v.iter().map(|&x| x as i32).collect()),
        Repr::I64 => Buffer::I64(v.iter().map(|&x| x as i64).collect()),
        Repr::U8 => Buffer::U8(v.iter().map(|&x| x as u8).collect()),
        Repr::U16 => Buffer::U16(v.iter().map(|&x| x as u16).collect()),
        Repr::U32 => Buffer::U32(v.iter().map(|&x| x as u32).collect()),
        Repr::U64 => Buffer::U64(v.iter().map(|&x| x as u64).collect()),
        _ => return invalid("expected an integer element type"),
    })
}

/// Builds a float buffer for `elem` from f64 values, rounding once (see header).
pub fn encode_floats(elem: &ElemType, v: &[f64]) -> IResult<Buffer> {
    Ok(match elem {
        ElemType::Float(FloatKind::F64) => Buffer::F64(v.into()),
        ElemType::Float(FloatKind::F32) => Buffer::F32(v.iter().map(|&x| x as f32).collect()),
        ElemType::Float(FloatKind::BF16) => Buffer::BF16(v.iter().map(|&x| bf16::from_f64(x)).collect()),
        ElemType::Float(FloatKind::F16) => Buffer::F16(v.iter().map(|&x| f16::from_f64(x)).collect()),
        ElemType::Float(k @ (FloatKind::TF32 | FloatKind::F80 | FloatKind::F128)) => {
            return unsupported(format!("{} arithmetic", k.name()));
        }
        ElemType::Float(k) => Buffer::F8(f32_to_f8(*k, v.iter().map(|&x| x as f32)).into()),
        _ => return invalid("expected a float element type"),
    })
}

/// Integer values (i64) as elements of `elem` (used by iota and friends).
pub fn from_i64s(elem: &ElemType, v: &[i64]) -> IResult<Buffer> {
    convert_column(Column::Int(v.iter().map(|&x| x as i128).collect()), elem)
}

fn convert_column(col: Column, elem: &ElemType) -> IResult<Buffer> {
    let elem = match elem {
        ElemType::Quant(q) => &q.storage,
        e => e,
    };
    match (col, elem) {
        (Column::Bool(b), _) => convert_column(Column::Int(b.into_iter().map(|x| x as i128).collect()), elem),
        (Column::Int(v), ElemType::Int { width: 1, .. }) => {
            encode_ints(elem, &v.iter().map(|&x| (x != 0) as i128).collect::<Vec<_>>())
        }
        (Column::Int(v), ElemType::Int { width, signedness }) => {
            encode_ints(elem, &v.iter().map(|&x| wrap(x, *width, *signedness)).collect::<Vec<_>>())
        }
        (Column::Int(v), ElemType::Index) => {
            encode_ints(elem, &v.iter().map(|&x| wrap(x, 64, Signedness::Signless)).collect::<Vec<_>>())
        }
        (Column::Int(v), ElemType::Float(FloatKind::F32)) => Ok(Buffer::F32(v.iter().map(|&x| x as f32).collect())),
        (Column::Int(v), ElemType::Float(_)) => encode_floats(elem, &v.iter().map(|&x| x as f64).collect::<Vec<_>>()),
        (Column::Int(v), ElemType::Complex(inner)) => complex_from(inner, v.iter().map(|&x| (x as f64, 0.0)).collect()),
        (Column::Float(v), ElemType::Int { width: 1, .. }) => Ok(Buffer::Bool(v.iter().map(|&x| x != 0.0).collect())),
        (Column::Float(v), ElemType::Int { width, signedness }) => {
            encode_ints(elem, &v.iter().map(|&x| float_to_int(x, *width, *signedness)).collect::<Vec<_>>())
        }
        (Column::Float(v), ElemType::Index) => {
            encode_ints(elem, &v.iter().map(|&x| float_to_int(x, 64, Signedness::Signless)).collect::<Vec<_>>())
        }
        (Column::Float(v), ElemType::Float(_)) => encode_floats(elem, &v),
        (Column::Float(v), ElemType::Complex(inner)) => complex_from(inner, v.into_iter().map(|x| (x, 0.0)).collect()),
        (Column::Complex(v), ElemType::Complex(inner)) => complex_from(inner, v),
        (Column::Complex(v), _) => convert_column(Column::Float(v.into_iter().map(|c| c.0).collect()), elem),
        (_, ElemType::Quant(_)) => unsupported("conversion to a quantized type (use uniform_quantize)"),
    }
}

fn complex_from(inner: &ElemType, v: Vec<(f64, f64)>) -> IResult<Buffer> {
    Ok(match inner {
        ElemType::Float(FloatKind::F32) => {
            Buffer::C64(v.into_iter().map(|(r, i)| C64::new(r as f32, i as f32)).collect())
        }
        ElemType::Float(FloatKind::F64) => Buffer::C128(v.into_iter().map(|(r, i)| C128::new(r, i)).collect()),
        _ => return unsupported(format!("complex<{inner}>")),
    })
}

/// `convert`: every element to `elem`.
pub fn convert(t: &Tensor, elem: &ElemType) -> IResult<Tensor> {
    // A conversion to the operand's own (unquantized) type is the identity.
    if t.elem == *elem && !matches!(elem, ElemType::Quant(_)) {
        return Ok(t.clone());
    }
    // Plain types convert in one typed loop per pair (the same casts as the `Column` route).
    if let Some(buf) = convert_plain(t, elem) {
        return Ok(Tensor::new(t.shape.clone(), elem.clone(), buf));
    }
    convert_columns(t, elem)
}

/// `convert` through decoded columns: every pair, element by element in the widest form.
fn convert_columns(t: &Tensor, elem: &ElemType) -> IResult<Tensor> {
    // f32 → f64 and the narrow floats widen exactly; everything else funnels through `Column`.
    let col = decode(t)?;
    let col = match (&t.buf, col) {
        // Direct f32 → narrow rounding (no f64 detour), as ml_dtypes does.
        (Buffer::F32(s), _) if matches!(elem, ElemType::Float(k) if k.bit_width() <= 8) => {
            let k = float_kind(elem).unwrap_or(FloatKind::F8E4M3FN);
            return Ok(Tensor::new(t.shape.clone(), elem.clone(), Buffer::F8(f32_to_f8(k, s.iter().copied()).into())));
        }
        (_, c) => c,
    };
    Ok(Tensor::new(t.shape.clone(), elem.clone(), convert_column(col, elem)?))
}

/// A source element of the typed conversions (`convert_plain`): what `decode` makes of it.
trait SrcEl: Copy {
    /// Whether `decode` reads this type as a float column (else as integers; i1 as 0 and 1).
    const FLOAT: bool;
    fn int(self) -> i128;
    fn float(self) -> f64;
}

/// A destination element of the typed conversions: what `convert_column` makes of an integer or
/// float column value for this buffer type (full-width types only, so wrapping is the cast).
trait DstEl: Copy {
    fn from_int(v: i128) -> Self;
    fn from_float(v: f64) -> Self;
}

macro_rules! int_src {
    ($($t:ty),*) => {$(
        impl SrcEl for $t {
            const FLOAT: bool = false;
            #[inline]
            fn int(self) -> i128 { self as i128 }
            #[inline]
            fn float(self) -> f64 { self as f64 }
        }
        impl DstEl for $t {
            #[inline]
            fn from_int(v: i128) -> Self { v as $t }
            #[inline]
            fn from_float(v: f64) -> Self {
                // `float_to_int` over this type's own range, at its full width: Rust's float to
                // integer cast truncates toward zero, saturates at the type's bounds and maps NaN
                // to 0, which is that function's definition.
                v as $t
            }
        }
    )*};
}
int_src!(i8, i16, i32, i64, u8, u16, u32, u64);

impl SrcEl for bool {
    const FLOAT: bool = false;
    #[inline]
    fn int(self) -> i128 {
        self as i128
    }
    #[inline]
    fn float(self) -> f64 {
        self as u8 as f64
    }
}
impl DstEl for bool {
    #[inline]
    fn from_int(v: i128) -> Self {
        v != 0
    }
    #[inline]
    fn from_float(v: f64) -> Self {
        v != 0.0
    }
}

macro_rules! float_src {
    ($($t:ty => $to:expr, $from_int:expr, $from_float:expr;)*) => {$(
        impl SrcEl for $t {
            const FLOAT: bool = true;
            #[inline]
            fn int(self) -> i128 { 0 }
            #[inline]
            fn float(self) -> f64 { $to(self) }
        }
        impl DstEl for $t {
            #[inline]
            fn from_int(v: i128) -> Self { $from_int(v) }
            #[inline]
            fn from_float(v: f64) -> Self { $from_float(v) }
        }
    )*};
}
float_src! {
    f32 => |x: f32| x as f64, |v: i128| v as f32, |v: f64| v as f32;
    f64 => |x: f64| x, |v: i128| v as f64, |v: f64| v;
    bf16 => |x: bf16| x.to_f64(), |v: i128| bf16::from_f64(v as f64), |v: f64| bf16::from_f64(v);
    f16 => |x: f16| x.to_f64(), |v: i128| f16::from_f64(v as f64), |v: f64| f16::from_f64(v);
}

/// One typed conversion loop: `decode` then `convert_column`, element by element, fused, into
/// a fresh buffer (`ops::elementwise::fresh_buffer`).
fn convert_slice<S: SrcEl, D: DstEl + bytemuck::Zeroable + Default + Send + Sync + 'static>(s: &[S]) -> Arc<[D]> {
    let mut out: Arc<[D]> = crate::ops::elementwise::fresh_buffer(s.len());
    let Some(o) = Arc::get_mut(&mut out) else {
        // A fresh buffer is never shared; should one be, the collected route is the same values.
        return if S::FLOAT {
            s.iter().map(|&x| D::from_float(x.float())).collect()
        } else {
            s.iter().map(|&x| D::from_int(x.int())).collect()
        };
    };
    if S::FLOAT {
        for (o, &x) in o.iter_mut().zip(s) {
            *o = D::from_float(x.float());
        }
    } else {
        for (o, &x) in o.iter_mut().zip(s) {
            *o = D::from_int(x.int());
        }
    }
    out
}

/// `convert` between plain types (`value::plain`: full-width integers, i1, bf16, f16, f32,
/// f64) as one monomorphized loop per pair, computing per element exactly what the `Column`
/// route computes (the same casts and roundings in the same order); `None` for other pairs.
fn convert_plain(t: &Tensor, elem: &ElemType) -> Option<Buffer> {
    if !crate::value::plain(&t.elem) || !crate::value::plain(elem) {
        return None;
    }
    macro_rules! to {
        ($s:expr) => {
            match Repr::of(elem)? {
                Repr::Bool => Buffer::Bool(convert_slice($s)),
                Repr::I8 => Buffer::I8(convert_slice($s)),
                Repr::I16 => Buffer::I16(convert_slice($s)),
                Repr::I32 => Buffer::I32(convert_slice($s)),
                Repr::I64 => Buffer::I64(convert_slice($s)),
                Repr::U8 => Buffer::U8(convert_slice($s)),
                Repr::U16 => Buffer::U16(convert_slice($s)),
                Repr::U32 => Buffer::U32(convert_slice($s)),
                Repr::U64 => Buffer::U64(convert_slice($s)),
                Repr::BF16 => Buffer::BF16(convert_slice($s)),
                Repr::F16 => Buffer::F16(convert_slice($s)),
                Repr::F32 => Buffer::F32(convert_slice($s)),
                Repr::F64 => Buffer::F64(convert_slice($s)),
                _ => return None,
            }
        };
    }
    Some(match &t.buf {
        Buffer::Bool(s) => to!(&s[..]),
        Buffer::I8(s) => to!(&s[..]),
        Buffer::I16(s) => to!(&s[..]),
        Buffer::I32(s) => to!(&s[..]),
        Buffer::I64(s) => to!(&s[..]),
        Buffer::U8(s) => to!(&s[..]),
        Buffer::U16(s) => to!(&s[..]),
        Buffer::U32(s) => to!(&s[..]),
        Buffer::U64(s) => to!(&s[..]),
        Buffer::BF16(s) => to!(&s[..]),
        Buffer::F16(s) => to!(&s[..]),
        Buffer::F32(s) => to!(&s[..]),
        Buffer::F64(s) => to!(&s[..]),
        _ => return None,
    })
}

/// `bitcast_convert`: reinterpret the bits; when the widths differ, the
/// smaller-width side gains or loses a trailing dimension (spec).
pub fn bitcast_convert(t: &Tensor, elem: &ElemType, shape: Vec<usize>) -> IResult<Tensor> {
    let repr = Repr::of(elem).ok_or_else(|| {
        crate::error::InterpError::unsupported(shardref_spec::ir::Span::NONE, format!("bitcast to {elem}"))
    })?;
    let n: usize = shape.iter().product();
    let to_bool = repr == Repr::Bool;
    let from_bool = matches!(t.buf, Buffer::Bool(_));
    if to_bool && from_bool {
        return if n == t.num_elements() {
            Ok(Tensor::new(shape, elem.clone(), t.buf.clone()))
        } else {
            invalid("bitcast_convert between i1 tensors of different sizes")
        };
    }
    // i1 counts as one bit, element 0 being the least significant bit (as
    // upstream's reference interpreter bitcasts it); other types are their
    // little-endian bytes.
    let bytes = match &t.buf {
        Buffer::Bool(bits) => {
            if bits.len() % 8 != 0 {
                return invalid(format!("bitcast_convert of {} bits to {elem}", bits.len()));
            }
            bits.chunks(8).map(|c| c.iter().enumerate().fold(0u8, |acc, (i, &b)| acc | ((b as u8) << i))).collect()
        }
        buf => buf.to_le_bytes(),
    };
    if to_bool {
        if bytes.len() * 8 != n {
            return invalid(format!("bitcast_convert of {} bytes to {n} elements of {elem}", bytes.len()));
        }
        let bits: Vec<bool> = bytes.iter().flat_map(|&b| (0..8).map(move |i| (b >> i) & 1 != 0)).collect();
        return Ok(Tensor::new(shape, elem.clone(), Buffer::Bool(bits.into())));
    }
    if bytes.len() != n * repr.byte_width() {
        return invalid(format!("bitcast_convert of {} bytes to {n} elements of {elem}", bytes.len()));
    }
    let buf = Buffer::from_le_bytes(repr, &bytes);
    Ok(Tensor::new(shape, elem.clone(), buf))
}

/// `reduce_precision`: round to a float with `exponent_bits` and `mantissa_bits`
/// (ties to even), overflowing to infinity and keeping NaN, in the operand's type.
pub fn reduce_precision(t: &Tensor, exponent_bits: u32, mantissa_bits: u32) -> IResult<Tensor> {
    if exponent_bits < 1 {
        return invalid("reduce_precision needs exponent_bits ≥ 1");
    }
    // Values are rounded as f64s: more exponent or mantissa bits than f64 has
    // (11 and 52) round nothing, so the bit counts clamp there exactly.
    let (exponent_bits, mantissa_bits) = (exponent_bits.min(11), mantissa_bits.min(52));
    let v = match decode(t)? {
        Column::Float(v) => v,
        _ => return invalid("reduce_precision expects floats"),
    };
    let out: Vec<f64> = v.into_iter().map(|x| round_to_format(x, exponent_bits, mantissa_bits)).collect();
    // Values representable in (e, m) bits narrower than the operand type survive re-encoding exactly.
    Ok(Tensor::new(t.shape.clone(), t.elem.clone(), encode_floats(&t.elem, &out)?))
}

/// Rounds an f64 to the nearest value with `e` exponent bits and `m` mantissa
/// bits (IEEE-like, with subnormals, infinities and NaN), ties to even.
fn round_to_format(x: f64, e: u32, m: u32) -> f64 {
    // With no mantissa bits a NaN cannot be represented: its truncated
    // mantissa is zero, which makes it an infinity of the same sign (as XLA).
    if x.is_nan() && m == 0 {
        return if x.is_sign_negative() { f64::NEG_INFINITY } else { f64::INFINITY };
    }
    if !x.is_finite() {
        return x;
    }
    let bits = x.to_bits();
    let sign = bits & (1 << 63);
    let mag = bits & !(1 << 63);
    // Round the mantissa to m bits (ties to even) in the f64 encoding.
    let drop = 52 - m;
    let mut rounded = if drop == 0 {
        mag
    } else {
        let half = 1u64 << (drop - 1);
        let rem = mag & ((1u64 << drop) - 1);
        let base = mag & !((1u64 << drop) - 1);
        if rem > half || (rem == half && (base >> drop) & 1 == 1) { base + (1u64 << drop) } else { base }
    };
    // Exponent range of the target format.
    let max_exp: i64 = (1i64 << (e - 1)) - 1; // largest unbiased exponent
    let min_exp: i64 = 1 - max_exp; // smallest normal exponent
    let exp = ((rounded >> 52) as i64) - 1023;
    if exp > max_exp {
        rounded = 0x7FF0_0000_0000_0000; // infinity
    } else if exp < min_exp {
        // Subnormal in the target: quantize to multiples of 2^(min_exp - m).
        let quantum = 2f64.powi((min_exp - m as i64) as i32);
        let y = f64::from_bits(mag) / quantum;
        let r = y.round_ties_even() * quantum;
        return f64::from_bits(sign | r.to_bits());
    }
    f64::from_bits(sign | rounded)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(buf: Buffer, elem: ElemType) -> Tensor {
        Tensor::new(vec![buf.len()], elem, buf)
    }

    #[test]
    fn float_to_int_saturates_and_maps_nan_to_zero() {
        let x = t(Buffer::F32(vec![f32::NAN, 1e10, -1e10, -2.7, 2.7].into()), ElemType::F32);
        let r = convert(&x, &ElemType::I32).unwrap();
        assert_eq!(r.buf, Buffer::I32(vec![0, i32::MAX, i32::MIN, -2, 2].into()));
        let u8t = ElemType::Int { width: 8, signedness: Signedness::Unsigned };
        let r = convert(&x, &u8t).unwrap();
        assert_eq!(r.buf, Buffer::U8(vec![0, 255, 0, 0, 2].into()));
    }

    #[test]
    fn int_to_int_wraps_and_to_bool_tests_zero() {
        let x = t(Buffer::I32(vec![300, -1, 0].into()), ElemType::I32);
        let i8t = ElemType::Int { width: 8, signedness: Signedness::Signless };
        assert_eq!(convert(&x, &i8t).unwrap().buf, Buffer::I8(vec![44, -1, 0].into()));
        assert_eq!(convert(&x, &ElemType::I1).unwrap().buf, Buffer::Bool(vec![true, true, false].into()));
        let i4 = ElemType::Int { width: 4, signedness: Signedness::Signless };
        assert_eq!(convert(&x, &i4).unwrap().buf, Buffer::I8(vec![-4, -1, 0].into()));
    }

    /// The typed loops against the column route, for every pair of plain types, on bit patterns
    /// full of special values (NaN payloads and signs, ±0, ±inf, subnormals, integer extremes,
    /// values just past an integer type's range).
    #[test]
    fn typed_converts_match_the_column_route() {
        use shardref_spec::ir::FloatKind as K;
        let int = |width, signedness| ElemType::Int { width, signedness };
        let types = [
            ElemType::I1,
            int(8, Signedness::Signless),
            int(16, Signedness::Signless),
            ElemType::I32,
            ElemType::I64,
            int(8, Signedness::Unsigned),
            int(16, Signedness::Unsigned),
            int(32, Signedness::Unsigned),
            int(64, Signedness::Unsigned),
            ElemType::Float(K::BF16),
            ElemType::Float(K::F16),
            ElemType::F32,
            ElemType::F64,
        ];
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut bits = |n: usize| -> Vec<u64> {
            let special = [
                0u64,
                1,
                u64::MAX,
                0x8000_0000_0000_0000,
                0x7FF0_0000_0000_0000,
                0xFFF8_0000_0000_0001,
                0x7F80_0001,
                0xFF80_0000,
                0x7C01,
                0xFF81,
                0x4F00_0000,
                0xCF00_0001,
                0x41E0_0000_0000_0000,
                0xC3E0_0000_0000_0001,
                0x0000_0000_0000_0001,
                0x0080_0000,
                0x3F00_0000,
                0xBF00_0000,
            ];
            (0..n)
                .map(|i| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    if i < special.len() { special[i] } else { x >> (x % 48) }
                })
                .collect()
        };
        for from in &types {
            let repr = Repr::of(from).unwrap();
            let width = repr.byte_width();
            let raw = bits(400);
            let buf = if repr == Repr::Bool {
                Buffer::Bool(raw.iter().map(|b| b & 1 == 1).collect())
            } else {
                let bytes: Vec<u8> = raw.iter().flat_map(|b| b.to_le_bytes()[..width].to_vec()).collect();
                Buffer::from_le_bytes(repr, &bytes)
            };
            let t = Tensor::new(vec![raw.len()], from.clone(), buf);
            for to in &types {
                if to == from {
                    continue;
                }
                let typed = convert_plain(&t, to).expect("a typed loop for every plain pair");
                let columns = convert_columns(&t, to).unwrap();
                assert_eq!(typed.to_le_bytes(), columns.buf.to_le_bytes(), "{from} -> {to}");
            }
        }
    }

    #[test]
    fn reduce_precision_to_bf16_shape() {
        let x = t(Buffer::F32(vec![1.0 + 1.0 / 256.0, 3.0e38, 1.0e-45].into()), ElemType::F32);
        let r = reduce_precision(&x, 8, 7).unwrap();
        let Buffer::F32(v) = r.buf else { panic!() };
        assert_eq!(v[0], 1.0); // tie rounds to even
        assert_eq!(v[1], half::bf16::from_f32(3.0e38).to_f32()); // rounds like bf16, stays finite
        assert_eq!(v[2], 0.0); // below bf16's smallest subnormal
    }
}

/// Every element printed as upstream's interpreter prints it: integers in
/// decimal, i1 as `true`/`false`, floats in C's `%e` form
/// (`1.000000e+00`, `nan`, `inf`), complex numbers as `[re, im]`.
pub fn element_strings(t: &Tensor) -> IResult<Vec<String>> {
    Ok(match decode(t)? {
        Column::Bool(v) => v.iter().map(|b| b.to_string()).collect(),
        Column::Int(v) => v.iter().map(|x| x.to_string()).collect(),
        Column::Float(v) => v.iter().map(|&x| c_exp(x)).collect(),
        Column::Complex(v) => v.iter().map(|&(r, i)| format!("[{}, {}]", c_exp(r), c_exp(i))).collect(),
    })
}

/// `x` as C's `printf("%e")` prints it.
fn c_exp(x: f64) -> String {
    if x.is_nan() {
        return if x.is_sign_negative() { "-nan".into() } else { "nan".into() };
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf".into() } else { "inf".into() };
    }
    let s = format!("{x:.6e}");
    match s.split_once('e') {
        Some((mantissa, exp)) => {
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exp),
            };
            format!("{mantissa}e{sign}{digits:0>2}")
        }
        None => s,
    }
}
