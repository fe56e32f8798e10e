//! Quantized math (spec: dequantize_op_quantize): the ops that compute on
//! quantized tensors dequantize their operands, run in the expressed type and
//! quantize the result.

use shardref_spec::ir::{OpId, Type};
use shardref_spec::ops::{OpKind, StablehloOp};

use super::util::{one, result_tensor, three, two};
use super::{Frame, Interp};
use crate::error::{IResult, InterpError};
use crate::ops;
use crate::value::{Tensor, Value};

impl<'m> Interp<'m> {
    /// Dequantizes the quantized operands, runs the op's kernel in the
    /// expressed types, and quantizes each quantized result.
    pub(super) fn dequantize_op_quantize(&mut self, f: &mut Frame, op: OpId, k: StablehloOp) -> IResult<Vec<Value>> {
        let o = self.m.op(op);
        let ts = self.tensor_operands(f, op)?;
        let float_inputs: Vec<Tensor> = ts
            .iter()
            .map(|t| if ops::quant::is_quantized(&t.elem) { ops::quant::dequantize(t) } else { Ok((*t).clone()) })
            .collect::<IResult<_>>()?;
        let refs: Vec<&Tensor> = float_inputs.iter().collect();
        let rt = result_tensor(self.ty(o.results[0]))?.clone();
        let float_ty =
            Type::Tensor(shardref_spec::ir::TensorType { elem: ops::quant::expressed(&rt.elem), ..rt.clone() });
        let out = match k.quantized_arity() {
            1 => ops::elementwise::unary(k, one(&refs)?, &float_ty)?,
            2 => {
                let [a, b] = two(&refs)?;
                ops::elementwise::binary(k, a, b, &float_ty)?
            }
            _ => match k {
                StablehloOp::Select => {
                    let [p, a, b] = three(&refs)?;
                    ops::elementwise::select(p, a, b)?
                }
                StablehloOp::Clamp => {
                    let [lo, x, hi] = three(&refs)?;
                    ops::elementwise::clamp(lo, x, hi)?
                }
                _ => {
                    return Err(InterpError::unsupported(
                        o.span,
                        format!("{} on quantized tensors", OpKind::Stablehlo(k).name()),
                    ));
                }
            },
        };
        let out = if ops::quant::is_quantized(&rt.elem) { ops::quant::quantize(&out, &rt.elem)? } else { out };
        Ok(vec![Value::Tensor(out)])
    }
}

/// Dequantizes a quantized tensor; other tensors pass through.
pub(super) fn dequantized(t: &Tensor) -> IResult<Tensor> {
    if ops::quant::is_quantized(&t.elem) { ops::quant::dequantize(t) } else { Ok(t.clone()) }
}

/// Quantizes a result computed in the expressed type when the result type is quantized.
pub(super) fn requantized(t: Tensor, elem: &shardref_spec::ir::ElemType) -> IResult<Tensor> {
    if ops::quant::is_quantized(elem) { ops::quant::quantize(&t, elem) } else { Ok(t) }
}

/// Which ops compute on quantized tensors through dequantize_op_quantize.
pub(super) trait QuantizedMath {
    fn has_quantized_math(self) -> bool;
    /// 1 or 2 for elementwise unary/binary ops; 0 otherwise.
    fn quantized_arity(self) -> usize;
}

impl QuantizedMath for StablehloOp {
    fn has_quantized_math(self) -> bool {
        self.quantized_arity() > 0 || matches!(self, StablehloOp::Select | StablehloOp::Clamp)
    }
    fn quantized_arity(self) -> usize {
        use StablehloOp as S;
        match self {
            S::Abs
            | S::Cbrt
            | S::Ceil
            | S::Cosine
            | S::Exponential
            | S::ExponentialMinusOne
            | S::Floor
            | S::Log
            | S::LogPlusOne
            | S::Logistic
            | S::Negate
            | S::RoundNearestAfz
            | S::RoundNearestEven
            | S::Rsqrt
            | S::Sign
            | S::Sine
            | S::Sqrt
            | S::Tan
            | S::Tanh => 1,
            S::Add
            | S::Atan2
            | S::Divide
            | S::Maximum
            | S::Minimum
            | S::Multiply
            | S::Power
            | S::Remainder
            | S::Subtract => 2,
            _ => 0,
        }
    }
}
