//! The ops that apply regions as kernel bodies (reduce, scatter, while) and
//! the shared `body` and `window` helpers. The fast paths of reduce and while
//! charge the fuel of the body applications they save.

use shardref_spec::ir::{OpId, RegionId, Span, ValueId};
use shardref_spec::ops::StablehloOp;

use super::util::scalar_at;
use super::{Frame, Interp};
use crate::attrs;
use crate::error::{IResult, InterpError};
use crate::ops;
use crate::value::{Tensor, Value};

impl<'m> Interp<'m> {
    /// `reduce`: N inputs, N init values, a body of 2N scalar arguments
    /// (accumulators, then elements) returning N scalars.
    pub(super) fn reduce(&mut self, f: &mut Frame, op: OpId) -> IResult<Vec<Value>> {
        let o = self.m.op(op);
        let span = o.span;
        let ts: Vec<Tensor> = self.tensor_operands(f, op)?.into_iter().cloned().collect();
        let n = ts.len() / 2;
        if n == 0 || ts.len() != 2 * n {
            return Err(InterpError::invalid(span, "reduce needs as many init values as inputs"));
        }
        let (inputs, inits) = ts.split_at(n);
        let dims = ops::reduce::check_dims(inputs[0].rank(), &attrs::stablehlo::Dimensions::of(o).dimensions().req()?)?;
        if inputs.iter().any(|t| t.shape != inputs[0].shape) || inits.iter().any(|t| t.num_elements() != 1) {
            return Err(InterpError::invalid(span, "reduce inputs must share a shape and inits must be scalars"));
        }
        let body = *o.regions.first().ok_or_else(|| InterpError::invalid(span, "reduce without a body"))?;
        if n == 1 {
            if let Some(k) = self.single_op_body(body) {
                // Fuel first: the fast path does the work of that many body applications.
                let fuel = self.fuel;
                self.charge(inputs[0].num_elements() as u64, span)?;
                if let Some(buf) = ops::reduce::fold_single_op_dims(k, &inputs[0], &inits[0], &dims) {
                    let out_shape: Vec<usize> =
                        (0..inputs[0].rank()).filter(|d| !dims.contains(d)).map(|d| inputs[0].shape[d]).collect();
                    return Ok(vec![Value::Tensor(Tensor::new(out_shape, inits[0].elem.clone(), buf))]);
                }
                self.fuel = fuel;
            }
        }
        // A body of scalar ops runs compiled (`crate::body`), in the same order; one unit of fuel
        // per element, as the single-op path.
        let elems: Vec<_> = inits.iter().chain(inputs.iter()).map(|t| t.elem.clone()).collect();
        if let Some(p) = crate::body::compile(self.m, body, &elems) {
            let fuel = self.fuel;
            self.charge(inputs[0].num_elements() as u64, span)?;
            let ins: Vec<&Tensor> = inputs.iter().collect();
            let ini: Vec<&Tensor> = inits.iter().collect();
            if let Some(out) = crate::body::reduce(&p, &ins, &ini, &dims) {
                return Ok(out.into_iter().map(Value::Tensor).collect());
            }
            self.fuel = fuel;
        }
        // The generic path: run the body on scalars, in the documented order (`ops::reduce`).
        let ins: Vec<&Tensor> = inputs.iter().collect();
        let ini: Vec<&Tensor> = inits.iter().collect();
        let out = ops::reduce::reduce_with(&ins, &ini, &dims, &mut |args| self.body(f, body, args, span))?;
        Ok(out.into_iter().map(Value::Tensor).collect())
    }

    /// If `r`'s body is `%x = stablehlo.OP %arg0, %arg1; return %x`, that OP.
    pub(crate) fn single_op_body(&self, r: RegionId) -> Option<StablehloOp> {
        crate::fusion::single_op_body(self.m, r)
    }

    /// Runs a region as a kernel body: tensors in, tensors out.
    pub(super) fn body(&mut self, f: &mut Frame, r: RegionId, args: Vec<Tensor>, span: Span) -> IResult<Vec<Tensor>> {
        let out = self.apply_region(f, r, args.into_iter().map(Value::Tensor).collect(), span)?;
        out.into_iter()
            .map(|v| match v {
                Value::Tensor(t) => Ok(t),
                _ => Err(InterpError::invalid(span, "region must return tensors")),
            })
            .collect()
    }

    /// The window attributes of reduce_window / select_and_scatter.
    pub(super) fn window(&self, op: OpId, rank: usize) -> IResult<ops::windows::Window> {
        let o = self.m.op(op);
        // select_and_scatter's fields are a subset of reduce_window's, with the same names.
        let w = attrs::stablehlo::ReduceWindow::of(o);
        ops::windows::Window::new(
            rank,
            w.window_dimensions().req()?,
            w.window_strides().opt()?,
            w.base_dilations().opt()?,
            w.window_dilations().opt()?,
            w.padding().opt()?,
        )
        .map_err(|e| e.at(o.span))
    }

    /// `scatter`: N inputs, indices, N updates; the update computation runs
    /// per update element in row-major order (see `ops::gather`).
    pub(super) fn scatter(&mut self, f: &mut Frame, op: OpId) -> IResult<Vec<Value>> {
        let o = self.m.op(op);
        let span = o.span;
        let ts: Vec<Tensor> = self.tensor_operands(f, op)?.into_iter().cloned().collect();
        let n = (ts.len().saturating_sub(1)) / 2;
        if n == 0 || ts.len() != 2 * n + 1 {
            return Err(InterpError::invalid(span, "scatter takes N inputs, the indices and N updates"));
        }
        let (inputs, rest) = ts.split_at(n);
        let (indices, updates) =
            rest.split_first().ok_or_else(|| InterpError::invalid(span, "scatter without indices"))?;
        let Some(d) = attrs::stablehlo::Scatter::of(o).scatter_dimension_numbers().get() else {
            return Err(InterpError::invalid(span, "scatter without scatter_dimension_numbers"));
        };
        ops::gather::check_variadic_shapes(inputs, updates).map_err(|e| e.at(span))?;
        let targets = ops::gather::scatter_targets(&inputs[0].shape, indices, &updates[0].shape, d)?;
        let body =
            *o.regions.first().ok_or_else(|| InterpError::invalid(span, "scatter without an update computation"))?;
        // A single-op update computation runs as a typed kernel (`ops::monoid`), same order.
        if n == 1
            && let Some(k) = self.single_op_body(body)
            && let Some(t) = ops::monoid::scatter(k, &inputs[0], &updates[0], &targets)
        {
            // One unit of fuel per body application saved, as reduce's single-op path.
            self.charge(targets.iter().flatten().count() as u64, span)?;
            return Ok(vec![Value::Tensor(t)]);
        }
        // Results as scalars, updated in place in the documented order.
        let mut results: Vec<Vec<Tensor>> =
            inputs.iter().map(|t| (0..t.num_elements()).map(|i| scalar_at(t, i)).collect()).collect();
        for (e, target) in targets.iter().enumerate() {
            let Some(t) = *target else { continue };
            let mut args: Vec<Tensor> = results.iter().map(|r| r[t].clone()).collect();
            args.extend(updates.iter().map(|u| scalar_at(u, e)));
            let out = self.body(f, body, args, span)?;
            if out.len() != n {
                return Err(InterpError::invalid(
                    span,
                    "scatter update computation returns the wrong number of values",
                ));
            }
            for (i, v) in out.into_iter().enumerate() {
                results[i][t] = v;
            }
        }
        results
            .into_iter()
            .zip(inputs)
            .map(|(scalars, input)| {
                if scalars.is_empty() {
                    return Ok(Value::Tensor(input.clone()));
                }
                let refs: Vec<&Tensor> = scalars.iter().collect();
                let parts: Vec<(usize, usize)> = (0..scalars.len()).map(|k| (k, 0)).collect();
                Ok(Value::Tensor(Tensor::new(
                    input.shape.clone(),
                    scalars[0].elem.clone(),
                    ops::shape::gather_many(&refs, &parts)?,
                )))
            })
            .collect()
    }

    pub(super) fn while_loop(&mut self, f: &mut Frame, op: OpId) -> IResult<Vec<Value>> {
        let o = self.m.op(op);
        let span = o.span;
        let (cond, body) = match o.regions.as_slice() {
            [c, b] => (*c, *b),
            _ => return Err(InterpError::invalid(span, "while needs a cond and a body region")),
        };
        let mut state: Vec<Value> =
            o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<_>>()?;
        // Scalar loops run compiled (same results, same fuel); the fuel left
        // for a partial iteration is spent op by op below.
        let frame: &Frame = f;
        let outer = |v: ValueId| {
            let s = *self.an.slots.slot.get(v.index())? as usize;
            frame.vals.get(s).cloned().flatten()
        };
        if let Some(l) = crate::fastloop::compile(self.m, cond, body, &state, self.limits.max_value_bytes, &outer) {
            match l.run(&mut self.fuel) {
                crate::fastloop::LoopEnd::Done(s) => return Ok(s),
                crate::fastloop::LoopEnd::Continue(s) => state = s,
            }
        }
        loop {
            let c = self.apply_region(f, cond, state.clone(), span)?;
            let go = match c.as_slice() {
                [Value::Tensor(t)] => ops::elementwise::scalar_bool(t)?,
                _ => return Err(InterpError::invalid(span, "while condition must return one i1 tensor")),
            };
            if !go {
                return Ok(state);
            }
            state = self.apply_region(f, body, state, span)?;
        }
    }
}
