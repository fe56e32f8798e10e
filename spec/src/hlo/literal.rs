//! Literals of `constant(...)`: structure and range checks against the instruction's shape, with
//! XLA's messages, and decoding into element values.
//!
//! A literal is kept as canonical token text in the IR (`hlo.literal`); `check` is what XLA's
//! `ParseLiteral` rejects (nesting that does not follow the rank, wrong element counts, values out of
//! range of the element type, NaN payloads on types without them), and `elements` gives the values
//! in row-major order for evaluation.

use super::tok::{Tok, split_commas};
use crate::ir::{ElemType, FloatKind, Signedness, Type};

/// One scalar of a literal.
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar {
    Int(i128),
    Float(f64),
    Bool(bool),
    Complex(f64, f64),
}

/// Checks a literal against its shape.
pub fn check(items: &[(bool, Tok)], shape: &Type) -> Result<(), String> {
    elements(items, shape).map(|_| ())
}

/// The scalars of an array literal in row-major order (`None` for an elided `...` literal or a
/// tuple literal, which are only checked structurally).
pub fn elements(items: &[(bool, Tok)], shape: &Type) -> Result<Option<Vec<Scalar>>, String> {
    match shape {
        Type::Tuple(elems) => {
            let inner = match items {
                [(_, Tok::Group('(', inner))] => split_commas(inner),
                _ => return Err("expects '(' to start a tuple literal".into()),
            };
            if inner.len() != elems.len() {
                return Err(format!("expects {} elements in the tuple literal, but sees {}", elems.len(), inner.len()));
            }
            for (i, e) in inner.iter().zip(elems) {
                elements(i, e)?;
            }
            Ok(None)
        }
        Type::Tensor(t) => {
            let dims: Vec<u64> = t.shape.iter().flatten().map(|d| d.unwrap_or(0)).collect();
            if items.iter().any(|(_, t)| matches!(t, Tok::Word(w) if w == "...")) || contains_elision(items) {
                return Ok(None);
            }
            let mut out = vec![];
            walk(items, &dims, 0, &t.elem, &mut out, None)?;
            Ok(Some(out))
        }
        Type::Token => Ok(None),
        _ => Ok(None),
    }
}

fn contains_elision(items: &[(bool, Tok)]) -> bool {
    items.iter().any(|(_, t)| match t {
        Tok::Word(w) => w == "...",
        Tok::Group(_, inner) => contains_elision(inner),
        _ => false,
    })
}

fn walk(
    items: &[(bool, Tok)],
    dims: &[u64],
    depth: usize,
    elem: &ElemType,
    out: &mut Vec<Scalar>,
    index: Option<usize>,
) -> Result<(), String> {
    if depth == dims.len() {
        if let [(_, Tok::Group('{', _))] = items {
            return Err(format!("expects nested array in rank {}, but sees larger", dims.len()));
        }
        out.push(scalar(items, elem)?);
        return Ok(());
    }
    let inner = match items {
        [(_, Tok::Group('{', inner))] => split_commas(inner),
        // A scalar for a whole array fills it (XLA accepts the broadcast form).
        _ if depth == 0 && !items.is_empty() => {
            out.push(scalar(items, elem)?);
            return Ok(());
        }
        // A rank-1 literal of one element may omit nothing; a bare scalar for an array is an error.
        _ => return Err(format!("expects nested array in rank {}, but sees {}", dims.len(), depth)),
    };
    for (i, e) in inner.iter().enumerate() {
        walk(e, dims, depth + 1, elem, out, Some(i))?;
    }
    if inner.len() as u64 != dims[depth] {
        return Err(match index {
            Some(i) => format!("expects {} elements in the [{i}]th element, but sees {}", dims[depth], inner.len()),
            None => format!("expects {} elements, but sees {}", dims[depth], inner.len()),
        });
    }
    Ok(())
}

/// XLA's upper-case name of an element type in range messages (`U4`, `BF16`).
fn type_name(e: &ElemType) -> String {
    super::shape::elem_name(e).to_ascii_uppercase()
}

fn scalar(items: &[(bool, Tok)], elem: &ElemType) -> Result<Scalar, String> {
    match (items, elem) {
        ([(_, Tok::Group('(', parts))], ElemType::Complex(inner)) => {
            let parts = split_commas(parts);
            if parts.len() != 2 {
                return Err("expects a complex literal (re, im)".into());
            }
            let re = float_value(&parts[0], inner)?;
            let im = float_value(&parts[1], inner)?;
            Ok(Scalar::Complex(re, im))
        }
        (_, ElemType::Complex(inner)) => Ok(Scalar::Complex(float_value(items, inner)?, 0.0)),
        ([(_, Tok::Word(w))], ElemType::Int { width: 1, signedness: Signedness::Signless }) => match w.as_str() {
            "true" | "1" => Ok(Scalar::Bool(true)),
            "false" | "0" => Ok(Scalar::Bool(false)),
            _ => Err(format!("expects a boolean literal, but sees {w}")),
        },
        ([(_, Tok::Word(w))], ElemType::Int { width, signedness }) => {
            let v: i128 = match w.parse() {
                Ok(v) => v,
                Err(_) => match w.parse::<f64>() {
                    Ok(f) if f.fract() == 0.0 && f.abs() < 1e30 => f as i128,
                    _ => return Err(format!("expects integer literal, but sees {w}")),
                },
            };
            let (lo, hi) = match signedness {
                // XLA reads a u64 literal through int64, so -1 is the all-ones value.
                Signedness::Unsigned if *width == 64 => (i64::MIN as i128, (1i128 << width) - 1),
                Signedness::Unsigned => (0i128, (1i128 << width) - 1),
                _ => (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1),
            };
            if v < lo || v > hi {
                return Err(format!("value {w} is out of range for literal's primitive type {}", type_name(elem)));
            }
            Ok(Scalar::Int(v))
        }
        (_, ElemType::Float(k)) => Ok(Scalar::Float(float_value(items, &ElemType::Float(*k))?)),
        _ => Err("unexpected literal".into()),
    }
}

/// The largest finite value of a float format.
fn max_finite(k: FloatKind) -> f64 {
    match k {
        FloatKind::F4E2M1FN => 6.0,
        FloatKind::F6E2M3FN => 7.5,
        FloatKind::F6E3M2FN => 28.0,
        FloatKind::F8E3M4 => 15.5,
        FloatKind::F8E4M3 => 240.0,
        FloatKind::F8E4M3FN => 448.0,
        FloatKind::F8E4M3FNUZ => 240.0,
        FloatKind::F8E4M3B11FNUZ => 30.0,
        FloatKind::F8E5M2 | FloatKind::F8E5M2FNUZ => 57344.0,
        FloatKind::F8E8M0FNU => 1.7014118346046923e38,
        FloatKind::BF16 => 3.3895313892515355e38,
        FloatKind::F16 => 65504.0,
        FloatKind::TF32 | FloatKind::F32 => f32::MAX as f64,
        FloatKind::F64 | FloatKind::F80 | FloatKind::F128 => f64::MAX,
    }
}

fn float_value(items: &[(bool, Tok)], elem: &ElemType) -> Result<f64, String> {
    let k = match elem {
        ElemType::Float(k) => *k,
        _ => FloatKind::F64,
    };
    let (w, payload) = match items {
        [(_, Tok::Word(w))] => (w.as_str(), None),
        [(_, Tok::Word(w)), (_, Tok::Group('(', p))] => (w.as_str(), p.first().and_then(|(_, t)| t.as_word())),
        _ => return Err("expects a floating-point literal".into()),
    };
    let neg = w.starts_with('-');
    let body = w.trim_start_matches(['-', '+']);
    let v = match body {
        "inf" => f64::INFINITY,
        "nan" => {
            if let Some(p) = payload {
                if matches!(
                    k,
                    FloatKind::F8E4M3FNUZ
                        | FloatKind::F8E4M3B11FNUZ
                        | FloatKind::F8E5M2FNUZ
                        | FloatKind::F8E8M0FNU
                        | FloatKind::F4E2M1FN
                ) {
                    return Err(format!("tries to set NaN payload {p} for a type whose NaN has no payload"));
                }
            }
            f64::NAN
        }
        "true" => 1.0,
        "false" => 0.0,
        _ => {
            let v: f64 = body.parse().map_err(|_| format!("expects a floating-point literal, but sees {w}"))?;
            if v.is_infinite() {
                return Err(format!("value {w} is out of range for literal's primitive type {}", type_name(elem)));
            }
            let mantissa_nonzero =
                body.split(['e', 'E']).next().is_some_and(|m| m.chars().any(|c| ('1'..='9').contains(&c)));
            if v == 0.0 && mantissa_nonzero {
                return Err(format!("value {w} is out of range for literal's primitive type {}", type_name(elem)));
            }
            if v > max_finite(k) * 1.0001 {
                return Err(format!("value {w} is out of range for literal's primitive type {}", type_name(elem)));
            }
            v
        }
    };
    Ok(if neg { -v } else { v })
}
