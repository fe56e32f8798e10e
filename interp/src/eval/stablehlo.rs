//! The StableHLO dispatch: one arm per `StablehloOp`, each reading its
//! operands and attributes and calling the op family's kernel. The match is
//! exhaustive; ops with regions or quantized math go through `regions` and `quant`.

use shardref_spec::ir::stablehlo::{ComparisonType, FftType, RngAlgorithm, RngDistribution, Transpose};
use shardref_spec::ir::{Attr, OpId, Span, Type};
use shardref_spec::ops::{OpKind, StablehloOp};

use super::quant::{QuantizedMath, dequantized, requantized};
use super::util::{bitcast_shape, compare_direction, k_name, one, result_tensor, static_shape, three, two};
use super::{Frame, Interp};
use crate::attrs;
use crate::attrs::stablehlo as view;
use crate::devices::collectives as coll;
use crate::error::{IResult, InterpError};
use crate::ops;
use crate::value::{Buffer, Tensor, Value};

impl<'m> Interp<'m> {
    pub(super) fn stablehlo(&mut self, f: &mut Frame, op: OpId, k: StablehloOp) -> IResult<Vec<Value>> {
        let o = self.m.op(op);
        let span = o.span;
        let result_ty = |i: usize| -> IResult<&Type> {
            o.results.get(i).map(|&r| self.ty(r)).ok_or_else(|| InterpError::invalid(span, "missing result"))
        };
        use StablehloOp as S;
        // Quantized math: dequantize, compute in the expressed type, quantize (spec: dequantize_op_quantize).
        let quantized = o
            .operands
            .iter()
            .chain(&o.results)
            .any(|&v| matches!(self.ty(v), Type::Tensor(t) if ops::quant::is_quantized(&t.elem)));
        if quantized && k.has_quantized_math() {
            return self.dequantize_op_quantize(f, op, k);
        }
        match k {
            S::Constant => self.constant(op),
            S::UniformQuantize => {
                let ts = self.tensor_operands(f, op)?;
                Ok(vec![Value::Tensor(ops::quant::quantize(one(&ts)?, &result_tensor(result_ty(0)?)?.elem)?)])
            }
            S::UniformDequantize => {
                let ts = self.tensor_operands(f, op)?;
                Ok(vec![Value::Tensor(ops::quant::dequantize(one(&ts)?)?)])
            }
            S::Return => Err(InterpError::invalid(span, "stablehlo.return is a terminator")),
            S::Abs
            | S::Cbrt
            | S::Ceil
            | S::Cosine
            | S::CountLeadingZeros
            | S::Exponential
            | S::ExponentialMinusOne
            | S::Floor
            | S::Imag
            | S::IsFinite
            | S::Log
            | S::LogPlusOne
            | S::Logistic
            | S::Negate
            | S::Not
            | S::Popcnt
            | S::Real
            | S::RoundNearestAfz
            | S::RoundNearestEven
            | S::Rsqrt
            | S::Sign
            | S::Sine
            | S::Sqrt
            | S::Tan
            | S::Tanh => {
                let ts = self.owned_tensor_operands(f, op)?;
                let n = ts.len();
                let Ok([t]) = <[Tensor; 1]>::try_from(ts) else {
                    return Err(InterpError::invalid(Span::NONE, format!("expected 1 operand, got {n}")));
                };
                let out = ops::elementwise::unary_owned(k, t, result_ty(0)?)?;
                Ok(vec![Value::Tensor(out)])
            }
            S::Add
            | S::And
            | S::Atan2
            | S::Complex
            | S::Divide
            | S::Maximum
            | S::Minimum
            | S::Multiply
            | S::Or
            | S::Power
            | S::Remainder
            | S::ShiftLeft
            | S::ShiftRightArithmetic
            | S::ShiftRightLogical
            | S::Subtract
            | S::Xor => {
                let ts = self.owned_tensor_operands(f, op)?;
                let n = ts.len();
                let Ok([a, b]) = <[Tensor; 2]>::try_from(ts) else {
                    return Err(InterpError::invalid(Span::NONE, format!("expected 2 operands, got {n}")));
                };
                let out = ops::elementwise::binary_owned(k, a, b, result_ty(0)?)?;
                Ok(vec![Value::Tensor(out)])
            }
            S::Select => {
                let ts = self.tensor_operands(f, op)?;
                let [p, a, b] = three(&ts)?;
                Ok(vec![Value::Tensor(ops::elementwise::select(p, a, b)?)])
            }
            S::Clamp => {
                let ts = self.tensor_operands(f, op)?;
                let [lo, x, hi] = three(&ts)?;
                Ok(vec![Value::Tensor(ops::elementwise::clamp(lo, x, hi)?)])
            }
            S::While => self.while_loop(f, op),
            S::If => {
                let ts = self.tensor_operands(f, op)?;
                let pred = ops::elementwise::scalar_bool(one(&ts)?)?;
                let r = o.regions[if pred { 0 } else { 1 }];
                self.apply_region(f, r, vec![], span)
            }
            S::Case => {
                let ts = self.tensor_operands(f, op)?;
                let n = o.regions.len() as i64;
                let idx = ops::elementwise::scalar_i64(one(&ts)?)?;
                // case_c? : an out-of-range index selects the last branch.
                let i = if idx < 0 || idx >= n { n - 1 } else { idx };
                let r =
                    *o.regions.get(i as usize).ok_or_else(|| InterpError::invalid(span, "case without branches"))?;
                self.apply_region(f, r, vec![], span)
            }
            S::OptimizationBarrier => o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect(),
            S::Tuple => Ok(vec![Value::Tuple(
                o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<_>>()?,
            )]),
            S::GetTupleElement => {
                let Some(index) = view::GetTupleElement::of(o).index().get() else {
                    return Err(InterpError::invalid(span, "get_tuple_element without an index"));
                };
                match self.get(f, o.operands[0], span)? {
                    Value::Tuple(items) => items
                        .get(index as usize)
                        .cloned()
                        .map(|v| vec![v])
                        .ok_or_else(|| InterpError::invalid(span, "tuple index out of range")),
                    _ => Err(InterpError::invalid(span, "get_tuple_element of a non-tuple")),
                }
            }
            S::CreateToken | S::AfterAll => Ok(vec![Value::Token]),
            S::Convert => {
                let ts = self.tensor_operands(f, op)?;
                Ok(vec![Value::Tensor(ops::convert::convert(one(&ts)?, &result_tensor(result_ty(0)?)?.elem)?)])
            }
            S::BitcastConvert => {
                let ts = self.tensor_operands(f, op)?;
                let rt = result_tensor(result_ty(0)?)?;
                let t = one(&ts)?;
                let shape = match static_shape(rt) {
                    Ok(s) => s,
                    Err(_) => bitcast_shape(t, &rt.elem).map_err(|e| e.at(span))?,
                };
                Ok(vec![Value::Tensor(ops::convert::bitcast_convert(t, &rt.elem, shape)?)])
            }
            S::ReducePrecision => {
                let ts = self.tensor_operands(f, op)?;
                let a = view::ReducePrecision::of(o);
                let (e, m) = (a.exponent_bits().req()?, a.mantissa_bits().req()?);
                let (Ok(e), Ok(m)) = (u32::try_from(e), u32::try_from(m)) else {
                    return Err(InterpError::invalid(span, "reduce_precision bit counts must be non-negative"));
                };
                Ok(vec![Value::Tensor(ops::convert::reduce_precision(one(&ts)?, e, m)?)])
            }
            S::Reshape => {
                let ts = self.tensor_operands(f, op)?;
                Ok(vec![Value::Tensor(ops::shape::reshape(one(&ts)?, static_shape(result_tensor(result_ty(0)?)?)?)?)])
            }
            S::Transpose => {
                let ts = self.tensor_operands(f, op)?;
                Ok(vec![Value::Tensor(ops::shape::transpose(one(&ts)?, &view::Transpose::of(o).permutation().req()?)?)])
            }
            S::BroadcastInDim => {
                let ts = self.tensor_operands(f, op)?;
                let shape = static_shape(result_tensor(result_ty(0)?)?)?;
                Ok(vec![Value::Tensor(ops::shape::broadcast_in_dim(
                    one(&ts)?,
                    &view::BroadcastInDim::of(o).broadcast_dimensions().req()?,
                    shape,
                )?)])
            }
            S::Concatenate => {
                let ts = self.tensor_operands(f, op)?;
                Ok(vec![Value::Tensor(ops::shape::concatenate(&ts, view::Dimension::of(o).dimension().req()?)?)])
            }
            S::Slice => {
                let ts = self.tensor_operands(f, op)?;
                let s = view::Slice::of(o);
                let (a, b, c) = (s.start_indices().req()?, s.limit_indices().req()?, s.strides().req()?);
                Ok(vec![Value::Tensor(ops::shape::slice(one(&ts)?, &a, &b, &c)?)])
            }
            S::DynamicSlice => {
                let ts = self.tensor_operands(f, op)?;
                let Some((t, starts)) = ts.split_first() else {
                    return Err(InterpError::invalid(span, "dynamic_slice without operands"));
                };
                let starts = starts.iter().map(|s| ops::elementwise::scalar_i64(s)).collect::<IResult<Vec<_>>>()?;
                Ok(vec![Value::Tensor(ops::shape::dynamic_slice(
                    t,
                    &starts,
                    &view::DynamicSlice::of(o).slice_sizes().req()?,
                )?)])
            }
            S::DynamicUpdateSlice => {
                let ts = self.tensor_operands(f, op)?;
                if ts.len() < 2 {
                    return Err(InterpError::invalid(span, "dynamic_update_slice needs an operand and an update"));
                }
                let starts = ts[2..].iter().map(|s| ops::elementwise::scalar_i64(s)).collect::<IResult<Vec<_>>>()?;
                Ok(vec![Value::Tensor(ops::shape::dynamic_update_slice(ts[0], ts[1], &starts)?)])
            }
            S::Pad => {
                let ts = self.tensor_operands(f, op)?;
                let [t, v] = two(&ts)?;
                let p = view::Pad::of(o);
                let (lo, hi, inner) =
                    (p.edge_padding_low().req()?, p.edge_padding_high().req()?, p.interior_padding().req()?);
                Ok(vec![Value::Tensor(ops::shape::pad(t, v, &lo, &hi, &inner)?)])
            }
            S::Reverse => {
                let ts = self.tensor_operands(f, op)?;
                Ok(vec![Value::Tensor(ops::shape::reverse(one(&ts)?, &view::Dimensions::of(o).dimensions().req()?)?)])
            }
            S::Iota => {
                let rt = result_tensor(result_ty(0)?)?;
                Ok(vec![Value::Tensor(ops::shape::iota(
                    static_shape(rt)?,
                    view::Iota::of(o).iota_dimension().req()?,
                    &rt.elem,
                )?)])
            }
            S::GetDimensionSize => {
                let ts = self.tensor_operands(f, op)?;
                let t = one(&ts)?;
                let d = view::Dimension::of(o).dimension().req()?;
                let size = usize::try_from(d)
                    .ok()
                    .and_then(|d| t.shape.get(d))
                    .ok_or_else(|| InterpError::invalid(span, "dimension out of range"))?;
                let rt = result_tensor(result_ty(0)?)?.clone();
                Ok(vec![Value::Tensor(Tensor::new(
                    vec![],
                    rt.elem.clone(),
                    ops::convert::from_i64s(&rt.elem, &[*size as i64])?,
                ))])
            }
            S::Reduce => self.reduce(f, op),
            S::CustomCall => self.custom_call(f, op),
            S::Sort => {
                let ts: Vec<Tensor> = self.tensor_operands(f, op)?.into_iter().cloned().collect();
                let sort = view::Sort::of(o);
                let dim = sort.dimension().req().unwrap_or(-1);
                let r = *o.regions.first().ok_or_else(|| InterpError::invalid(span, "sort without a comparator"))?;
                let refs: Vec<&Tensor> = ts.iter().collect();
                // n log n element moves (each comparison also runs the comparator's ops).
                let n = ts.first().map_or(0, |t| t.num_elements() as u64);
                self.charge_op(op, n.saturating_mul(u64::from(64 - n.leading_zeros())))?;
                let stable = sort.is_stable().get() == Some(true);
                // A comparator of scalar ops runs compiled (`crate::body`): the same algorithm,
                // the same comparisons; each comparison charges one unit of fuel.
                let elems: Vec<_> = ts.iter().flat_map(|t| [t.elem.clone(), t.elem.clone()]).collect();
                if let Some(p) = crate::body::compile(self.m, r, &elems) {
                    // A separable comparator (JAX's) compares per-element keys (`body::SortKeys`).
                    // Stable with LT or GT on one key, that is a strict weak order, whose stable
                    // order is unique: any stable sort gives it, so the library's does.
                    if let Some(keys) = crate::body::sort_keys(&p, &refs) {
                        use shardref_spec::ir::stablehlo::ComparisonDirection as D;
                        let mut comparisons = 0u64;
                        let out = if stable && matches!(keys.dir, D::Lt | D::Gt) && keys.left == keys.right {
                            let k = &keys.left;
                            let descending = keys.dir == D::Gt;
                            ops::windows::sort_rows(&refs, dim, &mut |mut idx| {
                                idx.sort_by(|&a, &b| {
                                    comparisons += 1;
                                    if descending { k[b].cmp(&k[a]) } else { k[a].cmp(&k[b]) }
                                });
                                Ok(idx)
                            })?
                        } else {
                            ops::windows::sort_by_less(&refs, dim, stable, &mut |a, b| {
                                comparisons += 1;
                                Ok(keys.less(a, b))
                            })?
                        };
                        self.charge(comparisons, span)?;
                        return Ok(out.into_iter().map(Value::Tensor).collect());
                    }
                    if let Some(mut l) = crate::body::SortLess::new(&p, &refs) {
                        let out = ops::windows::sort_by_less(&refs, dim, stable, &mut |a, b| Ok(l.less(a, b)))?;
                        self.charge(l.comparisons, span)?;
                        return Ok(out.into_iter().map(Value::Tensor).collect());
                    }
                }
                let out = ops::windows::sort(&refs, dim, stable, &mut |args| self.body(f, r, args, span))?;
                Ok(out.into_iter().map(Value::Tensor).collect())
            }
            S::Map => {
                let ts: Vec<Tensor> = self.tensor_operands(f, op)?.into_iter().cloned().collect();
                let r = *o.regions.first().ok_or_else(|| InterpError::invalid(span, "map without a computation"))?;
                let refs: Vec<&Tensor> = ts.iter().collect();
                let dims = view::Dimensions::of(o).dimensions().req()?;
                if refs.first().is_some_and(|t| dims != (0..t.rank() as i64).collect::<Vec<_>>()) {
                    return Err(InterpError::invalid(span, "map dimensions must be [0, ..., rank - 1]"));
                }
                Ok(vec![Value::Tensor(ops::windows::map(&refs, &mut |args| self.body(f, r, args, span))?)])
            }
            S::ReduceWindow => {
                let ts: Vec<Tensor> = self.tensor_operands(f, op)?.into_iter().cloned().collect();
                let n = ts.len() / 2;
                if n == 0 || ts.len() != 2 * n {
                    return Err(InterpError::invalid(span, "reduce_window needs as many init values as inputs"));
                }
                let w = self.window(op, ts[0].rank())?;
                let work = w.work(&ts[0].shape).map_err(|e| e.at(span))?;
                self.charge_op(op, work.saturating_mul(n as u64))?;
                let r = *o.regions.first().ok_or_else(|| InterpError::invalid(span, "reduce_window without a body"))?;
                // A single-op body runs as a typed kernel (`ops::monoid`), same order, same bits;
                // a shape the generic path refuses is left to it, which reports it.
                if n == 1
                    && let Some(k) = self.single_op_body(r)
                    && let Ok(shape) = w.result_shape(&ts[0].shape)
                    && crate::value::checked_numel(&shape).is_ok()
                    && let Some((t, applications)) = ops::monoid::reduce_window(k, &ts[0], &ts[1], &w, &shape)
                {
                    // One unit of fuel per body application saved, as reduce's single-op path.
                    self.charge(applications, span)?;
                    return Ok(vec![Value::Tensor(t)]);
                }
                let refs: Vec<&Tensor> = ts.iter().collect();
                let out =
                    ops::windows::reduce_window(&refs[..n], &refs[n..], &w, &mut |args| self.body(f, r, args, span))?;
                Ok(out.into_iter().map(Value::Tensor).collect())
            }
            S::SelectAndScatter => {
                let ts: Vec<Tensor> = self.tensor_operands(f, op)?.into_iter().cloned().collect();
                let [a, b, c] = three(&ts.iter().collect::<Vec<_>>())?.map(|t| t.clone());
                let w = self.window(op, a.rank())?;
                let work = w.work(&a.shape).map_err(|e| e.at(span))?;
                self.charge_op(op, work.saturating_mul(2))?;
                let (sel, sca) = match o.regions.as_slice() {
                    [x, y] => (*x, *y),
                    _ => return Err(InterpError::invalid(span, "select_and_scatter needs select and scatter regions")),
                };
                let out = ops::windows::select_and_scatter(&a, &b, &c, &w, &mut |which, args| {
                    let r = match which {
                        ops::windows::Region::Select => sel,
                        ops::windows::Region::Scatter => sca,
                    };
                    self.body(f, r, args, span)
                })?;
                Ok(vec![Value::Tensor(out)])
            }
            S::Compare => {
                let ts = self.tensor_operands(f, op)?;
                let [a, b] = two(&ts)?;
                let c = view::Compare::of(o);
                let Some(dir) = c.comparison_direction().get() else {
                    return Err(InterpError::invalid(span, "compare without a comparison_direction"));
                };
                let total = c.compare_type().get() == Some(ComparisonType::TotalOrder);
                let dir = compare_direction(dir);
                // Quantized operands compare by their dequantized values (spec: dequantize_compare).
                let (a, b) = (dequantized(a)?, dequantized(b)?);
                Ok(vec![Value::Tensor(ops::compare::compare(&a, &b, dir, total)?)])
            }
            S::DotGeneral | S::Dot => {
                let ts = self.tensor_operands(f, op)?;
                let [a, b] = two(&ts)?;
                let dot_dims;
                let d = if k == S::Dot {
                    // dot: contract lhs's last dimension with rhs's first.
                    dot_dims = shardref_spec::ir::stablehlo::DotDimensionNumbers {
                        lhs_contracting_dimensions: vec![a.rank() as i64 - 1],
                        rhs_contracting_dimensions: vec![0],
                        ..Default::default()
                    };
                    &dot_dims
                } else {
                    match view::DotGeneral::of(o).dot_dimension_numbers().get() {
                        Some(d) => d,
                        None => return Err(InterpError::invalid(span, "dot_general without dot_dimension_numbers")),
                    }
                };
                let rt = result_tensor(result_ty(0)?)?.clone();
                // Output times contraction multiply-adds.
                let contraction = d
                    .lhs_contracting_dimensions
                    .iter()
                    .map(|&i| usize::try_from(i).ok().and_then(|i| a.shape.get(i)).copied().unwrap_or(1) as u64)
                    .fold(1u64, u64::saturating_mul);
                self.charge_op(op, rt.num_elements().unwrap_or(0).saturating_mul(contraction))?;
                let (qa, qb) = (dequantized(a)?, dequantized(b)?);
                let out = ops::dot::dot_general(&qa, &qb, d, &ops::quant::expressed(&rt.elem))?;
                Ok(vec![Value::Tensor(requantized(out, &rt.elem)?)])
            }
            S::Convolution | S::DynamicConv => {
                let ts = self.tensor_operands(f, op)?;
                // dynamic_conv takes its padding as a third operand (a rank x 2 tensor).
                let (a, b, dynamic_padding) = match (k, ts.as_slice()) {
                    (S::DynamicConv, [a, b, p]) => (*a, *b, Some(ops::dynamic::int_values(p)?)),
                    (S::Convolution, [a, b]) => (*a, *b, None),
                    _ => {
                        return Err(InterpError::invalid(
                            span,
                            format!("{} has the wrong number of operands", k_name(OpKind::Stablehlo(k))),
                        ));
                    }
                };
                let c = view::Convolution::of(o);
                let Some(d) = c.dimension_numbers().get() else {
                    return Err(InterpError::invalid(span, "convolution without dimension_numbers"));
                };
                let reversal = c.window_reversal();
                let window_reversal = match reversal.raw() {
                    None => None,
                    Some(Attr::DenseArray(a)) => Some(a.values.iter().map(|&v| v != 0).collect()),
                    Some(a) => Some(
                        attrs::ints_of(a)
                            .ok_or_else(|| InterpError::invalid(span, format!("bad '{}'", reversal.name)))?
                            .into_iter()
                            .map(|v| v != 0)
                            .collect(),
                    ),
                };
                let padding = c.padding();
                let p = ops::conv::ConvWindow {
                    window_strides: c.window_strides().opt()?,
                    padding: match dynamic_padding {
                        Some(p) => Some(p),
                        None => padding.opt()?,
                    },
                    lhs_dilation: c.lhs_dilation().opt()?,
                    rhs_dilation: c.rhs_dilation().opt()?,
                    window_reversal,
                    feature_group_count: c.feature_group_count().req().unwrap_or(1),
                    batch_group_count: c.batch_group_count().req().unwrap_or(1),
                };
                let rt = result_tensor(result_ty(0)?)?.clone();
                // Each output element reads one kernel window of all input features of its group.
                let out_features = usize::try_from(d.kernel_output_feature_dimension)
                    .ok()
                    .and_then(|i| b.shape.get(i))
                    .copied()
                    .unwrap_or(1)
                    .max(1);
                let window = (b.num_elements() / out_features) as u64;
                self.charge_op(op, rt.num_elements().unwrap_or(0).saturating_mul(window))?;
                let (qa, qb) = (dequantized(a)?, dequantized(b)?);
                let out = ops::conv::convolution(&qa, &qb, d, &p, &ops::quant::expressed(&rt.elem))?;
                Ok(vec![Value::Tensor(requantized(out, &rt.elem)?)])
            }
            S::Gather => {
                let ts = self.tensor_operands(f, op)?;
                let [a, idx] = two(&ts)?;
                let g = view::Gather::of(o);
                let Some(d) = g.dimension_numbers().get() else {
                    return Err(InterpError::invalid(span, "gather without dimension_numbers"));
                };
                Ok(vec![Value::Tensor(ops::gather::gather(a, idx, d, &g.slice_sizes().req()?)?)])
            }
            S::Scatter => self.scatter(f, op),
            S::Fft => {
                let ts = self.tensor_operands(f, op)?;
                let fft = view::Fft::of(o);
                let kind = match fft.fft_type().get() {
                    Some(t) => match t {
                        FftType::Fft => ops::linalg::FftKind::Fft,
                        FftType::Ifft => ops::linalg::FftKind::Ifft,
                        FftType::Rfft => ops::linalg::FftKind::Rfft,
                        FftType::Irfft => ops::linalg::FftKind::Irfft,
                    },
                    None => return Err(InterpError::invalid(span, "fft without an fft_type")),
                };
                let rt = result_tensor(result_ty(0)?)?.clone();
                let n = one(&ts)?.num_elements().max(rt.num_elements().unwrap_or(0) as usize) as u64;
                self.charge_op(op, n.saturating_mul(u64::from(64 - n.leading_zeros())))?;
                Ok(vec![Value::Tensor(ops::linalg::fft(
                    one(&ts)?,
                    kind,
                    &fft.fft_length().req()?,
                    &rt.elem,
                    static_shape(&rt)?,
                )?)])
            }
            S::Cholesky => {
                let ts = self.tensor_operands(f, op)?;
                let lower = view::Cholesky::of(o).lower().get() == Some(true);
                // n^3 per n x n matrix: the elements times n.
                let t = one(&ts)?;
                let n = t.shape.last().copied().unwrap_or(1) as u64;
                self.charge_op(op, (t.num_elements() as u64).saturating_mul(n))?;
                Ok(vec![Value::Tensor(ops::linalg::cholesky(t, lower)?)])
            }
            S::TriangularSolve => {
                let ts = self.tensor_operands(f, op)?;
                let [a, b] = two(&ts)?;
                // Each element of b meets a row of a.
                let n = a.shape.last().copied().unwrap_or(1) as u64;
                self.charge_op(op, (b.num_elements() as u64).saturating_mul(n))?;
                let ts_attrs = view::TriangularSolve::of(o);
                let tr = match ts_attrs.transpose_a().get() {
                    Some(Transpose::Transpose) => ops::linalg::TransposeA::Transpose,
                    Some(Transpose::Adjoint) => ops::linalg::TransposeA::Adjoint,
                    _ => ops::linalg::TransposeA::No,
                };
                Ok(vec![Value::Tensor(ops::linalg::triangular_solve(
                    a,
                    b,
                    ts_attrs.left_side().get() == Some(true),
                    ts_attrs.lower().get() == Some(true),
                    ts_attrs.unit_diagonal().get() == Some(true),
                    tr,
                )?)])
            }
            S::DynamicIota => {
                let ts = self.tensor_operands(f, op)?;
                let rt = result_tensor(result_ty(0)?)?;
                Ok(vec![Value::Tensor(ops::dynamic::dynamic_iota(
                    one(&ts)?,
                    view::Iota::of(o).iota_dimension().req()?,
                    &rt.elem,
                )?)])
            }
            S::Broadcast => {
                let ts = self.tensor_operands(f, op)?;
                Ok(vec![Value::Tensor(ops::dynamic::broadcast(
                    one(&ts)?,
                    &view::Broadcast::of(o).broadcast_sizes().req()?,
                )?)])
            }
            S::DynamicBroadcastInDim => {
                let ts = self.tensor_operands(f, op)?;
                let [t, dims] = two(&ts)?;
                Ok(vec![Value::Tensor(ops::dynamic::dynamic_broadcast_in_dim(
                    t,
                    dims,
                    &view::DynamicBroadcastInDim::of(o).broadcast_dimensions().req()?,
                )?)])
            }
            S::DynamicReshape => {
                let ts = self.tensor_operands(f, op)?;
                let [t, shape] = two(&ts)?;
                Ok(vec![Value::Tensor(ops::dynamic::dynamic_reshape(t, shape)?)])
            }
            S::RealDynamicSlice => {
                let ts = self.tensor_operands(f, op)?;
                let [t, a, b, c] = ts.as_slice() else {
                    return Err(InterpError::invalid(
                        span,
                        "real_dynamic_slice takes an operand, start, limit and strides",
                    ));
                };
                Ok(vec![Value::Tensor(ops::dynamic::real_dynamic_slice(t, a, b, c)?)])
            }
            S::DynamicPad => {
                let ts = self.tensor_operands(f, op)?;
                let [t, v, lo, hi, inner] = ts.as_slice() else {
                    return Err(InterpError::invalid(
                        span,
                        "dynamic_pad takes an operand, a padding value, low, high and interior",
                    ));
                };
                Ok(vec![Value::Tensor(ops::dynamic::dynamic_pad(t, v, lo, hi, inner)?)])
            }
            S::DynamicGather => {
                let ts = self.tensor_operands(f, op)?;
                let [a, idx, sizes] = three(&ts)?;
                let Some(d) = view::DynamicGather::of(o).dimension_numbers().get() else {
                    return Err(InterpError::invalid(span, "dynamic_gather without dimension_numbers"));
                };
                Ok(vec![Value::Tensor(ops::gather::gather(a, idx, d, &ops::dynamic::int_values(sizes)?)?)])
            }
            S::PartitionId | S::ReplicaId => {
                // A single-process run is partition 0 of replica 0.
                let id = self.device.map(|d| d.id());
                let x = match k {
                    S::PartitionId => id.map_or(0, |i| i.partition),
                    _ => id.map_or(0, |i| i.replica),
                };
                let u32_ty =
                    shardref_spec::ir::ElemType::Int { width: 32, signedness: shardref_spec::ir::Signedness::Unsigned };
                Ok(vec![Value::Tensor(Tensor::new(vec![], u32_ty, Buffer::U32(vec![x].into())))])
            }
            S::Composite => {
                let Some(callee) = view::Composite::of(o).decomposition().get() else {
                    return Err(InterpError::invalid(span, "composite without a decomposition"));
                };
                let target = callee
                    .first()
                    .and_then(|c| self.m.lookup_symbol(c))
                    .ok_or_else(|| InterpError::invalid(span, format!("no function @{}", callee.join("::@"))))?;
                let args = o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<Vec<_>>>()?;
                self.call(target, args, span)
            }

            S::RngBitGenerator => {
                let ts = self.tensor_operands(f, op)?;
                let alg = match view::RngBitGenerator::of(o).rng_algorithm().get() {
                    Some(RngAlgorithm::ThreeFry) => ops::rng::Algorithm::ThreeFry,
                    // DEFAULT is PHILOX, as on XLA CPU (see ops::rng).
                    Some(RngAlgorithm::Philox | RngAlgorithm::Default) => ops::rng::Algorithm::Philox,
                    None => return Err(InterpError::invalid(span, "rng_bit_generator without an rng_algorithm")),
                };
                let rt = result_tensor(result_ty(1)?)?;
                let (state, out) = ops::rng::rng_bit_generator(alg, one(&ts)?, &rt.elem, &static_shape(rt)?)?;
                Ok(vec![Value::Tensor(state), Value::Tensor(out)])
            }
            S::Rng => {
                let ts = self.tensor_operands(f, op)?;
                let [a, b, shape] = three(&ts)?;
                let dist = match view::Rng::of(o).rng_distribution().get() {
                    Some(RngDistribution::Uniform) => ops::rng::Distribution::Uniform,
                    Some(RngDistribution::Normal) => ops::rng::Distribution::Normal,
                    None => return Err(InterpError::invalid(span, "rng without an rng_distribution")),
                };
                let shape = ops::dynamic::shape_values(shape)?;
                // The shape comes from an operand: check it against the memory budget before allocating.
                let bytes = shape.iter().try_fold(a.elem.storage_bytes() as u64, |acc, &d| acc.checked_mul(d as u64));
                if bytes.is_none_or(|b| b > self.limits.max_value_bytes) {
                    return Err(InterpError::exhausted(span, "rng result is over the memory budget"));
                }
                Ok(vec![Value::Tensor(ops::rng::rng(dist, a, b, &shape, &mut self.rng_counter)?)])
            }
            S::SetDimensionSize => {
                let ts = self.tensor_operands(f, op)?;
                let [t, size] = two(&ts)?;
                let dim = view::Dimension::of(o).dimension().req()?;
                let rt = result_tensor(result_ty(0)?)?;
                let is_static = rt.shape.as_ref().and_then(|s| s.get(dim as usize)).is_some_and(|d| d.is_some());
                Ok(vec![Value::Tensor(ops::dynamic::set_dimension_size(t, size, dim, is_static)?)])
            }
            S::TorchIndexSelect => {
                let ts = self.tensor_operands(f, op)?;
                let [t, idx] = two(&ts)?;
                let t_attrs = view::TorchIndexSelect::of(o);
                let (dim, bd) = (t_attrs.dim().req()?, t_attrs.batch_dims().req()?);
                Ok(vec![Value::Tensor(ops::gather::torch_index_select(t, idx, dim, bd)?)])
            }
            S::Einsum | S::UnaryEinsum => {
                let ts = self.tensor_operands(f, op)?;
                let Some(cfg) = view::Einsum::of(o).einsum_config().get() else {
                    return Err(InterpError::invalid(span, "einsum without an einsum_config"));
                };
                let cfg = String::from_utf8_lossy(cfg).into_owned();
                let out = if k == S::Einsum {
                    let [a, b] = two(&ts)?;
                    ops::einsum::einsum(a, b, &cfg, &result_tensor(result_ty(0)?)?.elem)?
                } else {
                    ops::einsum::unary_einsum(one(&ts)?, &cfg)?
                };
                Ok(vec![Value::Tensor(out)])
            }
            S::BatchNormGrad | S::BatchNormInference | S::BatchNormTraining => {
                let ts = self.tensor_operands(f, op)?;
                let bn = view::BatchNorm::of(o);
                let eps = match bn.epsilon().get() {
                    Some(eps) => eps,
                    None => return Err(InterpError::invalid(span, "batch norm without a float epsilon")),
                };
                let fi = bn.feature_index().req()?;
                let vals = match (k, ts.as_slice()) {
                    (S::BatchNormInference, [x, s, b, m, v]) => {
                        vec![ops::batch_norm::inference(x, s, b, m, v, eps, fi)?]
                    }
                    (S::BatchNormTraining, [x, s, b]) => {
                        let (y, m, v) = ops::batch_norm::training(x, s, b, eps, fi)?;
                        vec![y, m, v]
                    }
                    (S::BatchNormGrad, [x, s, m, v, dy]) => {
                        let (dx, ds, db) = ops::batch_norm::grad(x, s, m, v, dy, eps, fi)?;
                        vec![dx, ds, db]
                    }
                    _ => return Err(InterpError::invalid(span, "batch norm has the wrong number of operands")),
                };
                Ok(vals.into_iter().map(Value::Tensor).collect())
            }
            S::Infeed => coll::infeed(self, op),
            S::Outfeed => {
                let mut vals =
                    o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<Vec<_>>>()?;
                vals.pop();
                self.outcome.outfeed.push(vals);
                Ok(vec![Value::Token])
            }
            S::Send => {
                let vals = o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<Vec<_>>>()?;
                coll::send(self, op, vals)
            }
            S::Recv => coll::recv(self, op),
            S::AllGather => coll::all_gather(self, op, self.tensor_operands(f, op)?.into_iter().cloned().collect()),
            S::AllReduce => {
                let ts = self.tensor_operands(f, op)?.into_iter().cloned().collect();
                coll::all_reduce(self, f, op, ts)
            }
            S::AllToAll => coll::all_to_all(self, op, self.tensor_operands(f, op)?.into_iter().cloned().collect()),
            S::ReduceScatter => {
                let ts = self.tensor_operands(f, op)?.into_iter().cloned().collect();
                coll::reduce_scatter(self, f, op, ts)
            }
            S::CollectivePermute => {
                let t = one(&self.tensor_operands(f, op)?)?.clone();
                coll::collective_permute(self, op, t)
            }
            S::CollectiveBroadcast => {
                coll::collective_broadcast(self, op, self.tensor_operands(f, op)?.into_iter().cloned().collect())
            }
            S::CollectiveReduce => {
                let ts = self.tensor_operands(f, op)?.into_iter().cloned().collect();
                coll::collective_reduce(self, f, op, ts)
            }
            S::CrossReplicaSum => {
                coll::cross_replica_sum(self, op, self.tensor_operands(f, op)?.into_iter().cloned().collect())
            }
            // async_start (spec: "the asynchrony is not guaranteed; a backend may still choose to
            // perform the operation synchronously"): shardref performs the body's operation when
            // async_start runs, on the operands as the body's arguments, so every process meets a
            // collective at the same point of its program; the future holds the body's result.
            S::AsyncStart => {
                let args = o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<Vec<_>>>()?;
                let r = *o.regions.first().ok_or_else(|| InterpError::invalid(span, "async_start without a body"))?;
                let mut vals = self.apply_region_fresh(r, args, span)?;
                if vals.len() != 1 {
                    return Err(InterpError::invalid(span, "async_start's body must return exactly one value"));
                }
                Ok(vec![Value::Future(Box::new(vals.remove(0)))])
            }
            // async_done: the value the future holds.
            S::AsyncDone => match o.operands.first().map(|&v| self.get(f, v, span)).transpose()? {
                Some(Value::Future(v)) => Ok(vec![(**v).clone()]),
                _ => Err(InterpError::invalid(span, "async_done's operand is not a future")),
            },
        }
    }
}
