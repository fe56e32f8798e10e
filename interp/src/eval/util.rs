//! Free helpers of the evaluator: operand-count destructuring, result types
//! and shapes, attribute enum conversions and the value/type checks. None of
//! them touches an interpreter's state.

use shardref_spec::ir::stablehlo::ComparisonDirection;
use shardref_spec::ir::{Span, Type};
use shardref_spec::ops::OpKind;

use crate::error::{IResult, InterpError};
use crate::ops;
use crate::value::{Tensor, Value};

pub(super) fn result_tensor(t: &Type) -> IResult<&shardref_spec::ir::TensorType> {
    match t {
        Type::Tensor(tt) => Ok(tt),
        other => Err(InterpError::invalid(Span::NONE, format!("expected a tensor result type, got {other}"))),
    }
}

/// The static shape of a result type (dynamic results need the operands, and are refined by the kernels).
pub(super) fn static_shape(t: &shardref_spec::ir::TensorType) -> IResult<Vec<usize>> {
    t.static_shape().and_then(|s| s.into_iter().map(|d| usize::try_from(d).ok()).collect()).ok_or_else(|| {
        InterpError::unsupported(Span::NONE, format!("dynamic result shape {}", Type::Tensor(t.clone())))
    })
}

/// The result shape of a bitcast_convert from `t` to `elem` (spec C?): the
/// same shape for equal widths, a trailing dimension of the width ratio when
/// narrowing, and the operand's shape without its last dimension when widening.
pub(super) fn bitcast_shape(t: &Tensor, elem: &shardref_spec::ir::ElemType) -> IResult<Vec<usize>> {
    let bits = |e: &shardref_spec::ir::ElemType| match e {
        shardref_spec::ir::ElemType::Int { width: 1, .. } => Some(1usize),
        e => crate::value::Repr::of(e).map(|r| r.byte_width() * 8),
    };
    let (Some(from), Some(to)) = (bits(&t.elem), bits(elem)) else {
        return Err(InterpError::unsupported(Span::NONE, format!("bitcast_convert from {} to {elem}", t.elem)));
    };
    let mut shape = t.shape.clone();
    if from > to {
        shape.push(from / to);
    } else if from < to {
        shape.pop();
    }
    Ok(shape)
}

pub(super) fn k_name(k: OpKind) -> &'static str {
    k.name()
}

pub(super) fn compare_direction(d: ComparisonDirection) -> ops::compare::Direction {
    match d {
        ComparisonDirection::Eq => ops::compare::Direction::Eq,
        ComparisonDirection::Ne => ops::compare::Direction::Ne,
        ComparisonDirection::Ge => ops::compare::Direction::Ge,
        ComparisonDirection::Gt => ops::compare::Direction::Gt,
        ComparisonDirection::Le => ops::compare::Direction::Le,
        ComparisonDirection::Lt => ops::compare::Direction::Lt,
    }
}

pub(super) fn one<'a>(ts: &[&'a Tensor]) -> IResult<&'a Tensor> {
    match ts {
        [a] => Ok(a),
        _ => Err(InterpError::invalid(Span::NONE, format!("expected 1 operand, got {}", ts.len()))),
    }
}

pub(super) fn two<'a>(ts: &[&'a Tensor]) -> IResult<[&'a Tensor; 2]> {
    match ts {
        [a, b] => Ok([a, b]),
        _ => Err(InterpError::invalid(Span::NONE, format!("expected 2 operands, got {}", ts.len()))),
    }
}

pub(super) fn three<'a>(ts: &[&'a Tensor]) -> IResult<[&'a Tensor; 3]> {
    match ts {
        [a, b, c] => Ok([a, b, c]),
        _ => Err(InterpError::invalid(Span::NONE, format!("expected 3 operands, got {}", ts.len()))),
    }
}

/// Element `i` of `t` as a rank-0 tensor.
pub fn scalar_at(t: &Tensor, i: usize) -> Tensor {
    Tensor::new(vec![], t.elem.clone(), t.buf.gather(&[i]))
}

/// Whether a runtime value has an IR type (static tensor shapes must match exactly).
pub fn value_has_type(v: &Value, ty: &Type) -> bool {
    match (v, ty) {
        (Value::Tensor(t), Type::Tensor(tt)) => {
            t.elem == tt.elem
                && match &tt.shape {
                    None => true,
                    Some(dims) => {
                        dims.len() == t.shape.len()
                            && dims.iter().zip(&t.shape).all(|(d, &s)| d.is_none_or(|d| d == s as u64))
                    }
                }
        }
        (Value::Tuple(items), Type::Tuple(tys)) => {
            items.len() == tys.len() && items.iter().zip(tys).all(|(i, t)| value_has_type(i, t))
        }
        (Value::Token, Type::Token) => true,
        (Value::Future(inner), Type::Future(tys)) => tys.len() == 1 && value_has_type(inner, &tys[0]),
        // A mesh tensor's global reading is its global tensor (`eval::mpmd`).
        (Value::Tensor(_), Type::MeshTensor(mt)) => value_has_type(v, &Type::Tensor(mt.tensor.clone())),
        _ => false,
    }
}

/// Upper bound of the bytes a value of this type occupies (0 when dynamic).
pub(super) fn type_bytes(t: &Type) -> u64 {
    match t {
        Type::Tensor(tt) => crate::value::type_elements_saturating(tt).saturating_mul(tt.elem.storage_bytes() as u64),
        Type::Tuple(ts) => ts.iter().map(type_bytes).fold(0u64, u64::saturating_add),
        _ => 0,
    }
}
