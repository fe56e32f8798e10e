//! The CHLO and MHLO dispatch: one exhaustive match per dialect, the math
//! ops as `ops::chlo` kernels and `chlo.scan` as a loop over its body region.

use shardref_spec::ir::stablehlo::ComparisonType;
use shardref_spec::ir::{Attr, OpId, Type};
use shardref_spec::ops::{ChloOp, MhloOp, OpKind, StablehloOp};

use super::util::{compare_direction, one, result_tensor, static_shape, three, two};
use super::{Frame, Interp};
use crate::attrs;
use crate::attrs::chlo as view;
use crate::error::{IResult, InterpError};
use crate::ops;
use crate::value::{Buffer, Tensor, Value};

impl<'m> Interp<'m> {
    /// The MHLO ops XLA leaves in StableHLO modules. `copy`, `add_dependency`
    /// and `domain` pass their first operand through (their effects concern
    /// XLA's scheduling and layouts, not values); `bitcast` reinterprets the
    /// row-major bytes as the result type; the math ops and `topk` are their
    /// CHLO counterparts.
    pub(super) fn mhlo(&mut self, f: &mut Frame, op: OpId, k: MhloOp) -> IResult<Vec<Value>> {
        use MhloOp as M;
        use ops::chlo::Unary;
        let o = self.m.op(op);
        let span = o.span;
        let unary = match k {
            M::Acos => Unary::Acos,
            M::Acosh => Unary::Acosh,
            M::Asin => Unary::Asin,
            M::Asinh => Unary::Asinh,
            M::Atanh => Unary::Atanh,
            M::Cosh => Unary::Cosh,
            M::Erf => Unary::Erf,
            M::Sinh => Unary::Sinh,
            M::Copy | M::AddDependency | M::Domain => {
                let Some(&v) = o.operands.first() else {
                    return Err(InterpError::invalid(span, format!("{} needs an operand", OpKind::Mhlo(k).name())));
                };
                return Ok(vec![self.get(f, v, span)?.clone()]);
            }
            M::Bitcast => {
                let ts = self.tensor_operands(f, op)?;
                let rt = o
                    .results
                    .first()
                    .map(|&r| self.m.value_type(r))
                    .ok_or_else(|| InterpError::invalid(span, "missing result"))?;
                let rt = result_tensor(rt)?;
                let shape = static_shape(rt)?;
                return Ok(vec![Value::Tensor(ops::convert::bitcast_convert(one(&ts)?, &rt.elem, shape)?)]);
            }
            M::TopK => {
                let top_k = view::TopK::of(o);
                let largest = match top_k.largest().raw() {
                    None => true,
                    Some(Attr::Bool(b)) => *b,
                    Some(_) => return Err(InterpError::invalid(span, "mhlo.topk: 'largest' must be a bool")),
                };
                if !largest {
                    return Err(InterpError::unsupported(span, "mhlo.topk with largest = false"));
                }
                let ts = self.tensor_operands(f, op)?;
                let (v, i) = ops::chlo::top_k(one(&ts)?, top_k.k().req()?)?;
                return Ok(vec![Value::Tensor(v), Value::Tensor(i)]);
            }
        };
        let ts = self.tensor_operands(f, op)?;
        Ok(vec![Value::Tensor(ops::chlo::unary(unary, one(&ts)?)?)])
    }

    pub(super) fn chlo(&mut self, f: &mut Frame, op: OpId, k: ChloOp) -> IResult<Vec<Value>> {
        use ChloOp as C;
        use ops::chlo::{Binary, InfKind, Unary};
        let o = self.m.op(op);
        let span = o.span;
        let result_ty = |i: usize| -> IResult<&Type> {
            o.results.get(i).map(|&r| self.ty(r)).ok_or_else(|| InterpError::invalid(span, "missing result"))
        };
        let unary = match k {
            C::AsinAcosKernel => Some(Unary::AsinAcosKernel),
            C::Acos => Some(Unary::Acos),
            C::Acosh => Some(Unary::Acosh),
            C::Asin => Some(Unary::Asin),
            C::Asinh => Some(Unary::Asinh),
            C::Atan => Some(Unary::Atan),
            C::Atanh => Some(Unary::Atanh),
            C::BesselI1e => Some(Unary::BesselI1e),
            C::Conj => Some(Unary::Conj),
            C::Cosh => Some(Unary::Cosh),
            C::Digamma => Some(Unary::Digamma),
            C::Erf => Some(Unary::Erf),
            C::ErfInv => Some(Unary::ErfInv),
            C::Erfc => Some(Unary::Erfc),
            C::Lgamma => Some(Unary::Lgamma),
            C::Sinh => Some(Unary::Sinh),
            C::Square => Some(Unary::Square),
            C::Tan => Some(Unary::Tan),
            C::IsInf
            | C::IsNegInf
            | C::IsPosInf
            | C::Mulhi
            | C::NextAfter
            | C::Polygamma
            | C::Zeta
            | C::BroadcastAdd
            | C::BroadcastAnd
            | C::BroadcastAtan2
            | C::BroadcastCompare
            | C::BroadcastComplex
            | C::BroadcastDivide
            | C::BroadcastMaximum
            | C::BroadcastMinimum
            | C::BroadcastMultiply
            | C::BroadcastNextAfter
            | C::BroadcastOr
            | C::BroadcastPolygamma
            | C::BroadcastPower
            | C::BroadcastRemainder
            | C::BroadcastSelect
            | C::BroadcastShiftLeft
            | C::BroadcastShiftRightArithmetic
            | C::BroadcastShiftRightLogical
            | C::BroadcastSubtract
            | C::BroadcastXor
            | C::BroadcastZeta
            | C::Constant
            | C::ConstantLike
            | C::TopK
            | C::RaggedDot
            | C::Scan => None,
        };
        if let Some(u) = unary {
            let ts = self.tensor_operands(f, op)?;
            return Ok(vec![Value::Tensor(ops::chlo::unary(u, one(&ts)?)?)]);
        }
        // The broadcasting binary ops: the stablehlo or chlo kernel they broadcast.
        enum Bin {
            S(StablehloOp),
            C(Binary),
            Compare,
        }
        let bin = match k {
            C::BroadcastAdd => Some(Bin::S(StablehloOp::Add)),
            C::BroadcastAnd => Some(Bin::S(StablehloOp::And)),
            C::BroadcastAtan2 => Some(Bin::S(StablehloOp::Atan2)),
            C::BroadcastComplex => Some(Bin::S(StablehloOp::Complex)),
            C::BroadcastDivide => Some(Bin::S(StablehloOp::Divide)),
            C::BroadcastMaximum => Some(Bin::S(StablehloOp::Maximum)),
            C::BroadcastMinimum => Some(Bin::S(StablehloOp::Minimum)),
            C::BroadcastMultiply => Some(Bin::S(StablehloOp::Multiply)),
            C::BroadcastOr => Some(Bin::S(StablehloOp::Or)),
            C::BroadcastPower => Some(Bin::S(StablehloOp::Power)),
            C::BroadcastRemainder => Some(Bin::S(StablehloOp::Remainder)),
            C::BroadcastShiftLeft => Some(Bin::S(StablehloOp::ShiftLeft)),
            C::BroadcastShiftRightArithmetic => Some(Bin::S(StablehloOp::ShiftRightArithmetic)),
            C::BroadcastShiftRightLogical => Some(Bin::S(StablehloOp::ShiftRightLogical)),
            C::BroadcastSubtract => Some(Bin::S(StablehloOp::Subtract)),
            C::BroadcastXor => Some(Bin::S(StablehloOp::Xor)),
            C::BroadcastNextAfter => Some(Bin::C(Binary::NextAfter)),
            C::BroadcastPolygamma => Some(Bin::C(Binary::Polygamma)),
            C::BroadcastZeta => Some(Bin::C(Binary::Zeta)),
            C::BroadcastCompare => Some(Bin::Compare),
            C::AsinAcosKernel
            | C::Acos
            | C::Acosh
            | C::Asin
            | C::Asinh
            | C::Atan
            | C::Atanh
            | C::BesselI1e
            | C::Conj
            | C::Cosh
            | C::Digamma
            | C::Erf
            | C::ErfInv
            | C::Erfc
            | C::Lgamma
            | C::Sinh
            | C::Square
            | C::Tan
            | C::IsInf
            | C::IsNegInf
            | C::IsPosInf
            | C::Mulhi
            | C::NextAfter
            | C::Polygamma
            | C::Zeta
            | C::BroadcastSelect
            | C::Constant
            | C::ConstantLike
            | C::TopK
            | C::RaggedDot
            | C::Scan => None,
        };
        if let Some(bin) = bin {
            let ts = self.tensor_operands(f, op)?;
            let [a, b] = two(&ts)?;
            let shape = match result_tensor(result_ty(0)?).ok().and_then(|t| static_shape(t).ok()) {
                Some(s) => s,
                None => ops::chlo::broadcast_shape(&a.shape, &b.shape)?,
            };
            let dims = view::Broadcasting::of(o).broadcast_dimensions().opt()?;
            // broadcast_dimensions maps the lower-rank operand's dimensions.
            let (da, db) = match &dims {
                Some(d) if a.rank() < b.rank() => (Some(d.as_slice()), None),
                Some(d) if b.rank() < a.rank() => (None, Some(d.as_slice())),
                _ => (None, None),
            };
            let (a, b) = (ops::chlo::broadcast_to(a, &shape, da)?, ops::chlo::broadcast_to(b, &shape, db)?);
            let out = match bin {
                Bin::S(s) => ops::elementwise::binary(s, &a, &b, result_ty(0)?)?,
                Bin::C(c) => ops::chlo::binary(c, &a, &b)?,
                Bin::Compare => {
                    let c = view::BroadcastCompare::of(o);
                    let dir = match c.comparison_direction().get() {
                        Some(d) => d,
                        None => {
                            return Err(InterpError::invalid(span, "broadcast_compare without a comparison_direction"));
                        }
                    };
                    let total = c.compare_type().get() == Some(ComparisonType::TotalOrder);
                    ops::compare::compare(&a, &b, compare_direction(dir), total)?
                }
            };
            return Ok(vec![Value::Tensor(out)]);
        }
        match k {
            C::IsInf => self.chlo_is_inf(f, op, InfKind::Any),
            C::IsNegInf => self.chlo_is_inf(f, op, InfKind::Neg),
            C::IsPosInf => self.chlo_is_inf(f, op, InfKind::Pos),
            C::Mulhi => self.chlo_binary(f, op, Binary::Mulhi),
            C::NextAfter => self.chlo_binary(f, op, Binary::NextAfter),
            C::Polygamma => self.chlo_binary(f, op, Binary::Polygamma),
            C::Zeta => self.chlo_binary(f, op, Binary::Zeta),
            C::BroadcastSelect => {
                let ts = self.tensor_operands(f, op)?;
                let [p, a, b] = three(&ts)?;
                let shape = match result_tensor(result_ty(0)?).ok().and_then(|t| static_shape(t).ok()) {
                    Some(s) => s,
                    None => ops::chlo::broadcast_shape(&ops::chlo::broadcast_shape(&p.shape, &a.shape)?, &b.shape)?,
                };
                let [p, a, b] = [p, a, b].map(|t| ops::chlo::broadcast_to(t, &shape, None));
                Ok(vec![Value::Tensor(ops::elementwise::select(&p?, &a?, &b?)?)])
            }
            C::Constant => self.constant(op),
            C::ConstantLike => {
                let ts = self.tensor_operands(f, op)?;
                let t = one(&ts)?;
                let rt = result_tensor(result_ty(0)?)?;
                let scalar = match view::Constant::of(o).value().raw() {
                    Some(Attr::Float(fa)) => {
                        ops::convert::encode_floats(&rt.elem, &[shardref_spec::float::bits_to_f64(fa.kind, fa.bits)])?
                    }
                    Some(Attr::Int(i)) => ops::convert::from_i64s(&rt.elem, &[i.value as i64])?,
                    Some(Attr::Bool(b)) => ops::convert::from_i64s(&rt.elem, &[*b as i64])?,
                    Some(Attr::Dense(d)) => match Tensor::from_dense(d) {
                        Some(c) if c.num_elements() == 1 => c.buf,
                        _ => return Err(InterpError::unsupported(span, "constant_like with a non-scalar value")),
                    },
                    _ => return Err(InterpError::invalid(span, "constant_like without a scalar 'value'")),
                };
                let n = t.num_elements();
                Ok(vec![Value::Tensor(Tensor::new(t.shape.clone(), rt.elem.clone(), scalar.splat_of(0, n)))])
            }
            C::TopK => {
                let ts = self.tensor_operands(f, op)?;
                let (v, i) = ops::chlo::top_k(one(&ts)?, view::TopK::of(o).k().req()?)?;
                Ok(vec![Value::Tensor(v), Value::Tensor(i)])
            }
            C::RaggedDot => {
                let ts = self.tensor_operands(f, op)?;
                let [a, b, g] = three(&ts)?;
                let Some(d) = view::RaggedDot::of(o).ragged_dot_dimension_numbers().get() else {
                    return Err(InterpError::invalid(span, "ragged_dot without ragged_dot_dimension_numbers"));
                };
                let [lr] = d.lhs_ragged_dimensions.as_slice() else {
                    return Err(InterpError::invalid(span, "ragged_dot needs exactly one lhs ragged dimension"));
                };
                let rd = ops::chlo::RaggedDims {
                    lhs_batch: d.lhs_batching_dimensions.clone(),
                    rhs_batch: d.rhs_batching_dimensions.clone(),
                    lhs_contract: d.lhs_contracting_dimensions.clone(),
                    rhs_contract: d.rhs_contracting_dimensions.clone(),
                    lhs_ragged: *lr,
                    rhs_group: d.rhs_group_dimensions.first().copied(),
                };
                let rt = result_tensor(result_ty(0)?)?;
                Ok(vec![Value::Tensor(ops::chlo::ragged_dot(a, b, g, &rd, &rt.elem)?)])
            }
            C::Scan => self.scan(f, op),
            C::AsinAcosKernel
            | C::Acos
            | C::Acosh
            | C::Asin
            | C::Asinh
            | C::Atan
            | C::Atanh
            | C::BesselI1e
            | C::Conj
            | C::Cosh
            | C::Digamma
            | C::Erf
            | C::ErfInv
            | C::Erfc
            | C::Lgamma
            | C::Sinh
            | C::Square
            | C::Tan
            | C::BroadcastAdd
            | C::BroadcastAnd
            | C::BroadcastAtan2
            | C::BroadcastCompare
            | C::BroadcastComplex
            | C::BroadcastDivide
            | C::BroadcastMaximum
            | C::BroadcastMinimum
            | C::BroadcastMultiply
            | C::BroadcastNextAfter
            | C::BroadcastOr
            | C::BroadcastPolygamma
            | C::BroadcastPower
            | C::BroadcastRemainder
            | C::BroadcastShiftLeft
            | C::BroadcastShiftRightArithmetic
            | C::BroadcastShiftRightLogical
            | C::BroadcastSubtract
            | C::BroadcastXor
            | C::BroadcastZeta => Err(InterpError::invalid(span, "unreachable: handled above")),
        }
    }

    fn chlo_is_inf(&self, f: &Frame, op: OpId, kind: ops::chlo::InfKind) -> IResult<Vec<Value>> {
        let ts = self.tensor_operands(f, op)?;
        Ok(vec![Value::Tensor(ops::chlo::is_inf(kind, one(&ts)?)?)])
    }

    fn chlo_binary(&self, f: &Frame, op: OpId, b: ops::chlo::Binary) -> IResult<Vec<Value>> {
        let ts = self.tensor_operands(f, op)?;
        let [x, y] = two(&ts)?;
        Ok(vec![Value::Tensor(ops::chlo::binary(b, x, y)?)])
    }

    /// `chlo.scan`: N inputs and M inits (`operandSegmentSizes`); the body
    /// takes the N input slices at position i along `dimension` and the M
    /// carries, and returns the output slices then the new carries. Outputs
    /// stack the slices along `dimension`; `is_reverse` runs from the end.
    fn scan(&mut self, f: &mut Frame, op: OpId) -> IResult<Vec<Value>> {
        let o = self.m.op(op);
        let span = o.span;
        let ts: Vec<Tensor> = self.tensor_operands(f, op)?.into_iter().cloned().collect();
        let scan = view::Scan::of(o);
        let seg = |field: attrs::Field<'_, attrs::kind::Ints>, total: usize| -> IResult<(usize, usize)> {
            let name = field.name;
            match field.opt()?.as_deref() {
                Some([a, b])
                    if *a >= 0 && *b >= 0 && a.checked_add(*b).and_then(|s| usize::try_from(s).ok()) == Some(total) =>
                {
                    Ok((*a as usize, *b as usize))
                }
                Some(_) => Err(InterpError::invalid(span, format!("bad '{name}'"))),
                None => Err(InterpError::invalid(span, format!("scan without '{name}'"))),
            }
        };
        let (ni, nc) = seg(scan.operand_segment_sizes(), ts.len())?;
        let (no, nc2) = seg(scan.result_segment_sizes(), o.results.len())?;
        if nc2 != nc {
            return Err(InterpError::invalid(span, "scan has as many carries as inits"));
        }
        let dim = scan.dimension().req()?;
        let is_reverse = scan.is_reverse().get() == Some(true);
        let (inputs, inits) = ts.split_at(ni);
        let d = usize::try_from(dim)
            .ok()
            .filter(|&d| inputs.iter().all(|t| d < t.rank()))
            .ok_or_else(|| InterpError::invalid(span, "scan dimension out of range"))?;
        let len = match inputs.first() {
            Some(t) => t.shape[d],
            None => match scan.scan_dim_size().req() {
                Ok(n) => usize::try_from(n).map_err(|_| InterpError::invalid(span, "negative scan_dim_size"))?,
                Err(_) => return Err(InterpError::unsupported(span, "scan without inputs or scan_dim_size")),
            },
        };
        if inputs.iter().any(|t| t.shape[d] != len) {
            return Err(InterpError::invalid(span, "scan inputs differ in the scanned dimension"));
        }
        let body = *o.regions.first().ok_or_else(|| InterpError::invalid(span, "scan without a body"))?;
        let mut carries: Vec<Tensor> = inits.to_vec();
        // Outputs in step order, grown as the steps run (a scanned dimension of an empty input may
        // be far longer than any run's fuel allows, so nothing is sized by it up front); a
        // reverse scan's outputs are put back in index order after the loop.
        let mut slices: Vec<Vec<Option<Tensor>>> = vec![Vec::new(); no];
        for step in 0..len {
            let i = if is_reverse { len - 1 - step } else { step };
            let mut args = Vec::with_capacity(ni + nc);
            for t in inputs {
                let mut start = vec![0i64; t.rank()];
                let mut limit: Vec<i64> = t.shape.iter().map(|&x| x as i64).collect();
                start[d] = i as i64;
                limit[d] = i as i64 + 1;
                let s = ops::shape::slice(t, &start, &limit, &vec![1; t.rank()])?;
                let mut shape = t.shape.clone();
                shape.remove(d);
                args.push(ops::shape::reshape(&s, shape)?);
            }
            args.extend(carries.iter().cloned());
            let out = self.body(f, body, args, span)?;
            if out.len() != no + nc {
                return Err(InterpError::invalid(span, "scan body returns the wrong number of values"));
            }
            let mut out = out.into_iter();
            for s in slices.iter_mut() {
                s.push(out.next());
            }
            carries = out.collect();
        }
        if is_reverse {
            slices.iter_mut().for_each(|s| s.reverse());
        }
        let mut results = Vec::with_capacity(no + nc);
        for (j, s) in slices.into_iter().enumerate() {
            let rt = result_tensor(self.ty(o.results[j]))?;
            let parts: Vec<Tensor> = s
                .into_iter()
                .map(|t| {
                    let t = t.ok_or_else(|| InterpError::invalid(span, "scan output missing"))?;
                    let mut shape = t.shape.clone();
                    if d > shape.len() {
                        return Err(InterpError::invalid(span, "scan output slice rank is too small"));
                    }
                    shape.insert(d, 1);
                    ops::shape::reshape(&t, shape)
                })
                .collect::<IResult<_>>()?;
            if parts.is_empty() {
                let shape = static_shape(rt)?;
                let n = shape.iter().product();
                results.push(Value::Tensor(Tensor::new(
                    shape,
                    rt.elem.clone(),
                    Buffer::zeros(ops::chlo::repr_of(&rt.elem)?, n),
                )));
                continue;
            }
            let refs: Vec<&Tensor> = parts.iter().collect();
            results.push(Value::Tensor(ops::shape::concatenate(&refs, d as i64)?));
        }
        results.extend(carries.into_iter().map(Value::Tensor));
        Ok(results)
    }
}
