//! `constant(...)` literals as runtime values.
//!
//! The lowering has checked each literal against its shape (`shardref_spec::hlo::literal`); here its
//! scalars become a typed buffer. Integers keep their bits (a `u64` literal read through int64 wraps
//! as XLA's parser does); floating-point literals are decoded to f64 and rounded once to the element
//! type (XLA prints literals with enough digits to identify the value of their type, so this is that
//! value). An elided literal (`{...}`, from dumps without `xla_dump_large_constants`) has no value and
//! is `Unsupported`.

use shardref_spec::hlo::literal::{self as lit, Scalar};
use shardref_spec::hlo::tok::{self, Tok};
use shardref_spec::ir::{ElemType, FloatKind, Span, Type};

use crate::error::{IResult, InterpError};
use crate::ops::convert;
use crate::value::{Buffer, C64, C128, Tensor, Value};

/// The value of literal `items` of shape `ty`.
pub fn value(items: &[(bool, Tok)], ty: &Type, span: Span) -> IResult<Value> {
    match ty {
        Type::Tuple(elems) => {
            let inner = match items {
                [(_, Tok::Group('(', inner))] => tok::split_commas(inner),
                _ => return Err(InterpError::invalid(span, "expects '(' to start a tuple literal")),
            };
            if inner.len() != elems.len() {
                return Err(InterpError::invalid(span, "tuple literal has the wrong number of elements"));
            }
            Ok(Value::Tuple(inner.iter().zip(elems).map(|(i, e)| value(i, e, span)).collect::<IResult<_>>()?))
        }
        Type::Token => Ok(Value::Token),
        Type::Tensor(t) => {
            let shape: Vec<usize> = t
                .static_shape()
                .ok_or_else(|| InterpError::unsupported(span, "constants of unbounded dynamic shape"))?
                .into_iter()
                .map(|d| d as usize)
                .collect();
            let n: usize = shape.iter().product();
            let scalars = lit::elements(items, ty)
                .map_err(|e| InterpError::invalid(span, e))?
                .ok_or_else(|| InterpError::unsupported(span, "an elided constant ({...}) has no value"))?;
            // A single scalar fills the whole array (XLA's broadcast form).
            let scalars = if scalars.len() == 1 && n != 1 { vec![scalars[0].clone(); n] } else { scalars };
            if scalars.len() != n {
                return Err(InterpError::invalid(
                    span,
                    format!("literal has {} elements for shape {shape:?}", scalars.len()),
                ));
            }
            let buf = buffer(&t.elem, &scalars).map_err(|e| e.at(span))?;
            Ok(Value::Tensor(Tensor::new(shape, t.elem.clone(), buf)))
        }
        other => Err(InterpError::unsupported(span, format!("constants of type {other}"))),
    }
}

fn buffer(elem: &ElemType, scalars: &[Scalar]) -> IResult<Buffer> {
    let re = |s: &Scalar| match s {
        Scalar::Int(i) => *i as f64,
        Scalar::Float(f) => *f,
        Scalar::Bool(b) => f64::from(u8::from(*b)),
        Scalar::Complex(r, _) => *r,
    };
    match elem {
        ElemType::Int { width: 1, .. } => Ok(Buffer::Bool(
            scalars
                .iter()
                .map(|s| match s {
                    Scalar::Bool(b) => *b,
                    Scalar::Int(i) => *i != 0,
                    other => re(other) != 0.0,
                })
                .collect(),
        )),
        ElemType::Int { .. } => {
            let v: Vec<i64> = scalars
                .iter()
                .map(|s| match s {
                    Scalar::Int(i) => *i as i64,
                    Scalar::Bool(b) => i64::from(*b),
                    other => re(other) as i64,
                })
                .collect();
            convert::from_i64s(elem, &v)
        }
        ElemType::Float(_) => convert::encode_floats(elem, &scalars.iter().map(re).collect::<Vec<_>>()),
        ElemType::Complex(inner) => {
            let pairs = scalars.iter().map(|s| match s {
                Scalar::Complex(r, i) => (*r, *i),
                other => (re(other), 0.0),
            });
            match **inner {
                ElemType::Float(FloatKind::F32) => {
                    Ok(Buffer::C64(pairs.map(|(r, i)| C64::new(r as f32, i as f32)).collect()))
                }
                ElemType::Float(FloatKind::F64) => Ok(Buffer::C128(pairs.map(|(r, i)| C128::new(r, i)).collect())),
                _ => Err(InterpError::unsupported(Span::NONE, format!("constants of type {elem}"))),
            }
        }
        other => Err(InterpError::unsupported(Span::NONE, format!("constants of type {other}"))),
    }
}
