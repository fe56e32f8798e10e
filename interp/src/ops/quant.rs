//! Uniform quantization (spec: `quantize`, `dequantize`,
//! `dequantize_op_quantize`), per tensor and per axis.
//!
//! A quantized tensor's buffer holds storage integers; its element type
//! (`ElemType::Quant`) holds scales and zero points. Choices: `dequantize`
//! subtracts the zero point in 64-bit integers (the spec writes the
//! subtraction in the storage type, where it could wrap; the reference
//! interpreter's lowering widens too); scales are rounded to the expressed
//! type before use, as the lowering to math does.

use shardref_spec::ir::{ElemType, FloatKind, QuantType};

use crate::error::{IResult, invalid, unsupported};
use crate::ops::convert::encode_floats;
use crate::value::{Buffer, Tensor};

fn quant(e: &ElemType) -> Option<&QuantType> {
    match e {
        ElemType::Quant(q) => Some(q),
        _ => None,
    }
}

/// The storage range: explicit, or the storage type's full range.
fn storage_range(q: &QuantType) -> IResult<(i64, i64)> {
    if let Some(r) = q.storage_range {
        return Ok(r);
    }
    match &q.storage {
        ElemType::Int { width, signedness } => Ok(match signedness {
            shardref_spec::ir::Signedness::Unsigned => (0, ((1u64 << width) - 1) as i64),
            _ => (-(1i64 << (width - 1)), (1i64 << (width - 1)) - 1),
        }),
        other => unsupported(format!("quantized storage type {other}")),
    }
}

/// Per-element (scale, zero point) for a tensor of `shape`.
fn params_at(q: &QuantType, shape: &[usize]) -> IResult<Vec<(f64, i64)>> {
    let n: usize = shape.iter().product();
    let round = |s: u64| -> f64 {
        let s = f64::from_bits(s);
        if q.expressed == FloatKind::F32 { s as f32 as f64 } else { s }
    };
    if !q.per_axis {
        let (s, z) = *q.params.first().ok_or_else(|| {
            crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "quantized type without a scale")
        })?;
        return Ok(vec![(round(s), z); n]);
    }
    let axis = q.axis.unwrap_or(0) as usize;
    if axis >= shape.len() || shape[axis] != q.params.len() {
        return invalid("per-axis quantization parameters do not match the quantized dimension");
    }
    let st = crate::value::strides(shape);
    Ok((0..n)
        .map(|i| {
            let (s, z) = q.params[(i / st[axis]) % shape[axis]];
            (round(s), z)
        })
        .collect())
}

fn storage_values(t: &Tensor) -> IResult<Vec<i64>> {
    Ok(match &t.buf {
        Buffer::I8(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::I16(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::I32(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::U8(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::U16(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::U32(s) => s.iter().map(|&x| x as i64).collect(),
        _ => return invalid("quantized storage must be an integer of at most 32 bits"),
    })
}

/// `dequantize`: storage integers → expressed floats.
pub fn dequantize(t: &Tensor) -> IResult<Tensor> {
    let q = quant(&t.elem).ok_or_else(|| {
        crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "dequantize of a non-quantized tensor")
    })?;
    let params = params_at(q, &t.shape)?;
    let v = storage_values(t)?;
    let expressed = ElemType::Float(q.expressed);
    let out: Vec<f64> = if q.expressed == FloatKind::F32 {
        v.iter().zip(&params).map(|(&x, &(s, z))| ((x - z) as f32 * s as f32) as f64).collect()
    } else {
        v.iter().zip(&params).map(|(&x, &(s, z))| (x - z) as f64 * s).collect()
    };
    Ok(Tensor::new(t.shape.clone(), expressed.clone(), encode_floats(&expressed, &out)?))
}

/// `quantize`: expressed floats → storage integers of `elem` (a quantized type).
pub fn quantize(t: &Tensor, elem: &ElemType) -> IResult<Tensor> {
    let q = quant(elem).ok_or_else(|| {
        crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "quantize to a non-quantized type")
    })?;
    let x: Vec<f64> = match &t.elem {
        ElemType::Quant(_) => return quantize(&dequantize(t)?, elem),
        ElemType::Float(_) => match crate::ops::convert::convert(t, &ElemType::F64)?.buf {
            Buffer::F64(v) => v.to_vec(),
            _ => return invalid("internal: f64 conversion"),
        },
        other => return invalid(format!("quantize of {other} elements")),
    };
    let params = params_at(q, &t.shape)?;
    let (lo, hi) = storage_range(q)?;
    let f32_math = q.expressed == FloatKind::F32;
    let values: Vec<i128> = x
        .iter()
        .zip(&params)
        .map(|(&v, &(s, z))| {
            let scaled = if f32_math { ((v as f32 / s as f32) + z as f32) as f64 } else { v / s + z as f64 };
            let clamped = if scaled.is_nan() { scaled } else { scaled.clamp(lo as f64, hi as f64) };
            // NaN converts to 0 (saturating conversion).
            if clamped.is_nan() { 0 } else { clamped.round_ties_even() as i128 }
        })
        .collect();
    let storage = q.storage.clone();
    let buf = crate::ops::convert::convert(
        &Tensor::new(t.shape.clone(), ElemType::I64, Buffer::I64(values.iter().map(|&v| v as i64).collect())),
        &storage,
    )?
    .buf;
    Ok(Tensor::new(t.shape.clone(), elem.clone(), buf))
}

/// Whether an element type is quantized.
pub fn is_quantized(e: &ElemType) -> bool {
    matches!(e, ElemType::Quant(_))
}

/// The expressed type of a quantized element type (the type itself otherwise).
pub fn expressed(e: &ElemType) -> ElemType {
    match e {
        ElemType::Quant(q) => ElemType::Float(q.expressed),
        other => other.clone(),
    }
}
