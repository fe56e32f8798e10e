//! The checks the evaluator runs itself rather than through `check::run`
//! alone: `check.expect_serialized_eq` against the values `interpreter.probe`
//! recorded, and `custom_call`'s `check.*` targets, `shape_assertion` and XLA's sharding
//! annotations.

use shardref_spec::ir::{Attr, OpId};

use super::{Frame, Interp};
use crate::attrs::{self, keys};
use crate::check::{self, CheckFailure};
use crate::error::{IResult, InterpError};
use crate::ops;
use crate::value::{Buffer, Tensor, Value};

impl<'m> Interp<'m> {
    /// Compares `expected` with what `interpreter.probe` recorded under
    /// `probe_id` at execution `iter` (0 by default), by value and type.
    pub(super) fn expect_serialized_eq(&self, op: OpId, expected: &Tensor) -> IResult<Option<CheckFailure>> {
        let o = self.m.op(op);
        let view = attrs::check::ExpectSerializedEq::of(o);
        let Some(id) = view.probe_id().get() else {
            return Err(InterpError::invalid(o.span, "expect_serialized_eq without a probe_id"));
        };
        let id = String::from_utf8_lossy(id).into_owned();
        let iter = view.iteration().get().unwrap_or(0) as usize;
        let failure = |message: String| Ok(Some(CheckFailure { span: o.span, message }));
        match self.outcome.probes.get(&id).and_then(|vs| vs.get(iter)) {
            None => failure(format!("no value was probed as '{id}' at iteration {iter}")),
            Some(Value::Tensor(t)) if t == expected => Ok(None),
            Some(Value::Tensor(t)) if t.shape != expected.shape || t.elem != expected.elem => failure(format!(
                "probe '{id}' holds a {:?}x{} tensor, expected {:?}x{}",
                t.shape, t.elem, expected.shape, expected.elem
            )),
            Some(Value::Tensor(t)) => {
                // Same type: compare exactly, as upstream's expect_eq does.
                check::run(shardref_spec::ops::CheckOp::ExpectEq, &[t, expected], &o.attrs)
            }
            Some(_) => failure(format!("probe '{id}' is not a tensor")),
        }
    }

    /// `custom_call`: the `check.*` targets of the test suites, with the
    /// tolerances of upstream's interpreter fallback (`expect_close` 0–3 ulp,
    /// `expect_almost_eq` 1e-3, `check.eq` exact for integers and 1e-4
    /// otherwise, returning its verdict as an i1), and JAX's `shape_assertion`. Other targets are unsupported.
    pub(super) fn custom_call(&mut self, f: &mut Frame, op: OpId) -> IResult<Vec<Value>> {
        use shardref_spec::ir::{ElemType, FloatAttr, FloatKind, IntAttr, Signedness};
        use shardref_spec::ops::CheckOp;
        let o = self.m.op(op);
        let span = o.span;
        let cc = attrs::stablehlo::CustomCall::of(o);
        let target = match cc.call_target_name().get() {
            Some(s) => String::from_utf8_lossy(s).into_owned(),
            _ => return Err(InterpError::invalid(span, "custom_call without a call_target_name")),
        };
        // XLA's sharding annotations (`crate::annotations`): the identity on their one operand, once
        // the annotation has been read and checked against the operand's type.
        if target == "Sharding" || target == "xla.sdy.FuncResultSharding" {
            let [v] = self.tensor_operands(f, op)?[..] else {
                return Err(InterpError::invalid(span, format!("custom_call @{target} takes one operand")));
            };
            let ty = self.m.value_type(o.operands[0]);
            if o.results.len() != 1 || self.m.value_type(o.results[0]) != ty {
                return Err(InterpError::invalid(span, format!("custom_call @{target} returns its operand's type")));
            }
            let checked = if target == "Sharding" {
                match attrs::Common::of(o).mhlo_sharding().get() {
                    Some(text) => crate::annotations::check_hlo_sharding_text(&String::from_utf8_lossy(text), ty),
                    None => Err("it has no mhlo.sharding".to_string()),
                }
            } else {
                let text =
                    attrs::Common::of(o).mhlo_frontend_attributes().get().and_then(|d| d.get("xla.sdy.sharding"));
                match text.and_then(Attr::as_str) {
                    Some(text) => crate::annotations::check_sdy_sharding_text(&String::from_utf8_lossy(text), ty),
                    None => Err("it has no xla.sdy.sharding frontend attribute".to_string()),
                }
            };
            checked.map_err(|e| InterpError::invalid(span, format!("custom_call @{target}: {e}")))?;
            return Ok(vec![Value::Tensor(v.clone())]);
        }
        let ts: Vec<Tensor> = self.tensor_operands(f, op)?.into_iter().cloned().collect();
        let refs: Vec<&Tensor> = ts.iter().collect();
        // JAX's `shape_assertion` (in shape-polymorphic exports): the first operand, an i1 scalar,
        // must hold; otherwise the run stops with its `error_message`, `{k}` being operand k + 1.
        if target == "shape_assertion" {
            let holds = match refs.first().map(|t| &t.buf) {
                Some(Buffer::Bool(b)) if b.len() == 1 => b[0],
                _ => return Err(InterpError::invalid(span, "shape_assertion needs an i1 scalar first operand")),
            };
            if holds {
                return Ok(vec![]);
            }
            let mut message = match cc.error_message().get() {
                Some(s) => String::from_utf8_lossy(s).into_owned(),
                _ => "shape assertion failed".to_string(),
            };
            for (k, t) in refs.iter().skip(1).enumerate() {
                let v = ops::dynamic::int_values(t).ok().and_then(|v| v.first().copied());
                message = message.replace(&format!("{{{k}}}"), &v.map_or("?".to_string(), |v| v.to_string()));
            }
            return Err(InterpError::invalid(span, message));
        }
        let mut attrs = shardref_spec::ir::Dict::default();
        let (kind, verdict_result) = match target.as_str() {
            "check.expect_eq" => (CheckOp::ExpectEq, false),
            "check.expect_close" => {
                let ui64 = ElemType::Int { width: 64, signedness: Signedness::Unsigned };
                attrs.insert(keys::MIN_ULP_DIFFERENCE, Attr::Int(IntAttr { value: 0, ty: Some(ui64.clone()) }));
                attrs.insert(keys::MAX_ULP_DIFFERENCE, Attr::Int(IntAttr { value: 3, ty: Some(ui64) }));
                (CheckOp::ExpectClose, false)
            }
            "check.expect_almost_eq" | "check.eq" => {
                let tol: f64 = if target == "check.eq" { 1e-4 } else { 1e-3 };
                let is_int = refs.get(1).is_some_and(|t| matches!(t.elem, ElemType::Int { .. }));
                attrs.insert(
                    keys::TOLERANCE,
                    Attr::Float(FloatAttr { kind: FloatKind::F64, bits: tol.to_bits() as u128 }),
                );
                let k = if target == "check.eq" && is_int { CheckOp::ExpectEq } else { CheckOp::ExpectAlmostEq };
                (k, target == "check.eq")
            }
            other => return Err(InterpError::unsupported(span, format!("custom_call target '{other}'"))),
        };
        if refs.len() != 2 {
            return Err(InterpError::invalid(span, format!("custom_call @{target} takes two operands")));
        }
        let result = check::run(kind, &refs, &attrs).map_err(|e| e.at(span))?;
        self.outcome.checks_run += 1;
        let ok = result.is_none();
        if let Some(failure) = result {
            self.outcome.check_failures.push(failure.at(span));
        }
        if verdict_result {
            Ok(vec![Value::Tensor(Tensor::new(vec![], ElemType::I1, Buffer::Bool(vec![ok].into())))])
        } else {
            Ok(vec![])
        }
    }
}
