//! Elementwise ops: unary and binary math, `compare`, `select`, `clamp`,
//! `complex`/`real`/`imag`/`abs`, `convert`, `bitcast_convert`,
//! `reduce_precision` and the uniform (de)quantization ops.
//!
//! Which element types an op accepts (the spec's Inputs tables, ODS's
//! operand constraints upstream) is data: a `Cats` set given by the
//! dispatcher's table in `mod.rs`, checked under `stablehlo_operand_types`.

use shardref_spec::ir::stablehlo::{ComparisonType, StablehloAttr};
use shardref_spec::ir::{ElemType, FloatKind, Signedness, TensorType, Type};

use super::common::*;
use crate::{Check, Fail};

/// A set of element type categories.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cats(u8);

impl Cats {
    pub const BOOL: Cats = Cats(1);
    /// Signed and signless integers (StableHLO treats signless as signed).
    pub const SINT: Cats = Cats(2);
    pub const UINT: Cats = Cats(4);
    pub const FLOAT: Cats = Cats(8);
    pub const COMPLEX: Cats = Cats(16);
    /// Per-tensor and per-axis quantized types.
    pub const QUANT: Cats = Cats(32);
    pub const INT: Cats = Cats(2 | 4);
    pub const ANY: Cats = Cats(63);

    pub const fn or(self, o: Cats) -> Cats {
        Cats(self.0 | o.0)
    }

    fn of(e: &ElemType) -> Cats {
        match e {
            ElemType::Int { width: 1, .. } => Cats::BOOL,
            ElemType::Int { signedness: Signedness::Unsigned, .. } => Cats::UINT,
            ElemType::Int { .. } => Cats::SINT,
            ElemType::Float(_) => Cats::FLOAT,
            ElemType::Complex(_) => Cats::COMPLEX,
            ElemType::Quant(_) => Cats::QUANT,
            // The spec has no `index` element type and upstream's ODS rejects
            // it; shardref's interpreter and `.npy` I/O support it as a
            // 64-bit integer, so it counts as a signed integer here.
            ElemType::Index => Cats::SINT,
        }
    }

    fn admits(self, e: &ElemType) -> bool {
        self.0 & Cats::of(e).0 != 0
    }

    fn describe(self) -> String {
        let mut parts = vec![];
        if self.0 & Cats::BOOL.0 != 0 {
            parts.push("boolean");
        }
        match (self.0 & Cats::SINT.0 != 0, self.0 & Cats::UINT.0 != 0) {
            (true, true) => parts.push("integer"),
            (true, false) => parts.push("signed integer"),
            (false, true) => parts.push("unsigned integer"),
            (false, false) => {}
        }
        if self.0 & Cats::FLOAT.0 != 0 {
            parts.push("floating-point");
        }
        if self.0 & Cats::COMPLEX.0 != 0 {
            parts.push("complex");
        }
        let mut s = parts.join(" or ");
        s.push_str(" type");
        if self.0 & Cats::QUANT.0 != 0 {
            s.push_str(" or quantized");
        }
        s
    }
}

/// stablehlo_operand_types: operand `i` is a tensor whose element type is in `cats`.
pub fn operand_in<'t>(t: &'t Type, i: usize, cats: Cats) -> Result<&'t TensorType, Fail> {
    match tensor(t) {
        Some(tt) if cats.admits(&tt.elem) => Ok(tt),
        _ => Err(Fail::new(
            "stablehlo_operand_types",
            format!("operand #{i} must be tensor of {} values, but got {}", cats.describe(), q(t)),
        )),
    }
}

fn compatible_all(code: &'static str, ts: &[&Type]) -> Check {
    for a in ts {
        for b in ts {
            if !type_compat(a, b) {
                return Err(Fail::new(code, "requires compatible types for all operands and results"));
            }
        }
    }
    Ok(())
}

fn same_shape_all(code: &'static str, ts: &[&TensorType]) -> Check {
    for a in ts {
        for b in ts {
            if !shape_compat(a, b) {
                return Err(Fail::new(code, "requires the same shape for all operands and results"));
            }
        }
    }
    Ok(())
}

/// A unary op whose operand and result have one baseline type (`<op>_c1`).
pub fn unary_same(op: Op<'_>, cats: Cats) -> Check {
    let [x] = op.args::<1>()?;
    let r = op.result()?;
    operand_in(x, 0, cats)?;
    compatible_all("{op}_c1", &[x, r])
}

/// A binary op whose operands and result have one baseline type (`<op>_c1`).
pub fn binary_same(op: Op<'_>, cats: Cats) -> Check {
    let [a, b] = op.args::<2>()?;
    let r = op.result()?;
    operand_in(a, 0, cats)?;
    operand_in(b, 1, cats)?;
    compatible_all("{op}_c1", &[a, b, r])
}

/// `add`: `add_c1` for plain tensors, `add_c2`..`add_c7` for quantized ones
/// (upstream's `verifyBinaryOpQuantizationConstraints`).
pub fn add(op: Op<'_>) -> Check {
    let [a, b] = op.args::<2>()?;
    let r = op.result()?;
    let ta = operand_in(a, 0, Cats::ANY)?;
    let tb = operand_in(b, 1, Cats::ANY)?;
    let tr = expect_tensor(r, "result #0")?;
    // add_c1 (shapes, in both the plain and the quantized case)
    same_shape_all("add_c1", &[ta, tb, tr])
        .map_err(|_| Fail::new("add_c1", "requires compatible types for all operands and results"))?;
    let es = [&ta.elem, &tb.elem, &tr.elem];
    if !es.iter().any(|e| is_quant(e)) {
        // add_c1
        if ta.elem != tb.elem || ta.elem != tr.elem {
            return Err(Fail::new("add_c1", "op requires the same element type for all operands and results"));
        }
        return Ok(());
    }
    // add_c2
    let (Some(ql), Some(qr), Some(qo)) = (quant(&ta.elem), quant(&tb.elem), quant(&tr.elem)) else {
        return Err(Fail::new("add_c2", "expects  all operands and results to be either quantized or non-quantized"));
    };
    // add_c3
    if ql.storage != qr.storage || ql.storage != qo.storage {
        return Err(Fail::new("add_c3", "mismatched operands and result quantization storage types"));
    }
    // add_c4
    if ql.expressed != qr.expressed || ql.expressed != qo.expressed {
        return Err(Fail::new("add_c4", "mismatched operands and result quantization expressed types"));
    }
    if ql.per_axis || qr.per_axis {
        // add_c5
        if !qo.per_axis {
            return Err(Fail::new("add_c5", "result is not per_axis quantized but lhs or rhs are"));
        }
        // add_c6
        if ql.per_axis && ql.axis != qo.axis {
            return Err(Fail::new(
                "add_c6",
                format!("quantization_dimension of lhs and result are not same {} vs {}", ta.elem, tr.elem),
            ));
        }
        // add_c7
        if qr.per_axis && qr.axis != qo.axis {
            return Err(Fail::new(
                "add_c7",
                format!("quantization_dimension of rhs and result are not same {} vs {}", tb.elem, tr.elem),
            ));
        }
    } else if qo.per_axis {
        // add_c5
        return Err(Fail::new("add_c5", "result per_axis quantized but none from rhs and lhs are per_axis quantized"));
    }
    Ok(())
}

/// `abs`, `real`, `imag`: `<op>_c1` (same shape) and `<op>_c2` (a complex
/// operand gives its part type; any other keeps its element type).
pub fn complex_part(op: Op<'_>, cats: Cats) -> Check {
    let [x] = op.args::<1>()?;
    let tx = operand_in(x, 0, cats)?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    // abs_c1, real_c1, imag_c1
    let elem = match &tx.elem {
        ElemType::Complex(e) => (**e).clone(),
        e => e.clone(),
    };
    let inferred = TensorType { shape: tx.shape.clone(), elem, encoding: tx.encoding.clone() };
    // abs_c2, real_c2, imag_c2
    check_inferred_parts(
        "abs_c1|real_c1|imag_c1",
        "abs_c2|real_c2|imag_c2",
        &Type::Tensor(inferred),
        &Type::Tensor(tr.clone()),
    )
}

/// `is_finite`: `is_finite_c1`, and an `i1` result.
pub fn is_finite(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let tx = operand_in(x, 0, Cats::FLOAT.or(Cats::QUANT))?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    // is_finite_c1
    let inferred = TensorType { shape: tx.shape.clone(), elem: ElemType::I1, encoding: tx.encoding.clone() };
    check_inferred("is_finite_c1", &Type::Tensor(inferred), &Type::Tensor(tr.clone()))
}

/// `convert`: `convert_c1`.
pub fn convert(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let tx = expect_tensor(x, "operand #0")?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    // convert_c1
    same_shape_all("convert_c1", &[tx, tr])
}

/// `bitcast_convert`: `bitcast_convert_c1`, `bitcast_convert_c2`
/// (upstream's `verifyBitcastConvertOp`).
pub fn bitcast_convert(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let r = op.result()?;
    let tx = expect_tensor(x, "operand #0")?;
    let tr = expect_tensor(r, "result #0")?;
    // bitcast_convert_c2
    if is_complex(&tx.elem) != is_complex(&tr.elem) {
        return Err(Fail::new(
            "bitcast_convert_c2",
            format!("cannot convert between real and complex types, but got: {} and {}", q(x), q(r)),
        ));
    }
    let (Some(wx), Some(wr)) = (bit_width(&tx.elem), bit_width(&tr.elem)) else {
        return Err(Fail::new("bitcast_convert_c2", format!("cannot bitcast {} to {}", q(x), q(r))));
    };
    let (Some(sx), Some(sr)) = (shape(tx), shape(tr)) else { return Ok(()) };
    let (small, big, ws, wb) = if wx < wr { (sx, sr, wx, wr) } else { (sr, sx, wr, wx) };
    let prefix = if wx != wr {
        // bitcast_convert_c1
        if small.len() != big.len() + 1 {
            return Err(Fail::new(
                "bitcast_convert_c1",
                format!(
                    "rank of smaller element type ({}) should be 1 more than rank of larger element type ({}), but {} != {} + 1.",
                    small.len(),
                    big.len(),
                    small.len(),
                    big.len()
                ),
            ));
        }
        let last = small[small.len() - 1];
        if let Some(l) = last
            && l.checked_mul(ws) != Some(wb)
        {
            return Err(Fail::new(
                "bitcast_convert_c1",
                format!("requires compatible bit widths. Got: {} and {}, but {ws} * {l} != {wb}.", q(x), q(r)),
            ));
        }
        &small[..small.len() - 1]
    } else {
        small
    };
    // bitcast_convert_c1
    if prefix.len() != big.len() || !prefix.iter().zip(big).all(|(&a, &b)| dim_compat(a, b)) {
        return Err(Fail::new(
            "bitcast_convert_c1",
            format!(
                "operand and result shapes must match except for the innermost dimension of the shape with the smaller element type. Got: {} and {}.",
                q(x),
                q(r)
            ),
        ));
    }
    Ok(())
}

/// `complex`: `complex_c1`..`complex_c3`.
pub fn complex(op: Op<'_>) -> Check {
    let [a, b] = op.args::<2>()?;
    let f = Cats::FLOAT;
    let ta = operand_in(a, 0, f)?;
    operand_in(b, 1, f)?;
    if !matches!(ta.elem, ElemType::Float(FloatKind::F32 | FloatKind::F64)) {
        return Err(Fail::new(
            "complex_c1|complex_c3",
            format!("operand #0 must be tensor of 32/64-bit float values, but got {}", q(a)),
        ));
    }
    // complex_c1
    compatible_all("complex_c1", &[a, b])
        .map_err(|_| Fail::new("complex_c1", "requires compatible types for all operands"))?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    // complex_c2, complex_c3
    let inferred =
        TensorType { shape: ta.shape.clone(), elem: ElemType::Complex(Box::new(ta.elem.clone())), encoding: None };
    check_inferred_parts("complex_c2", "complex_c3", &Type::Tensor(inferred), &Type::Tensor(tr.clone()))
}

/// `compare`: `compare_c1`..`compare_c3`.
pub fn compare(op: Op<'_>) -> Check {
    let [a, b] = op.args::<2>()?;
    let ta = operand_in(a, 0, Cats::ANY)?;
    let tb = operand_in(b, 1, Cats::ANY)?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    if !matches!(
        crate::attrs::stablehlo::Compare::of(op.o)
            .comparison_direction()
            .raw()
            .and_then(shardref_spec::ir::Attr::as_stablehlo),
        Some(StablehloAttr::ComparisonDirection(..))
    ) {
        // stablehlo_signature
        return Err(Fail::new("stablehlo_signature", "requires attribute 'comparison_direction'"));
    }
    // compare_c1
    if !elem_compat(&ta.elem, &tb.elem) {
        return Err(Fail::new("compare_c1", "requires compatible types for all operands"));
    }
    // compare_c2
    same_shape_all("compare_c2", &[ta, tb, tr])?;
    if tr.elem != ElemType::I1 {
        // stablehlo_operand_types
        return Err(Fail::new(
            "stablehlo_operand_types",
            format!("result #0 must be tensor of bool values, but got {}", qt(tr)),
        ));
    }
    // compare_c3
    if let Some(StablehloAttr::ComparisonType(_, ct)) =
        crate::attrs::stablehlo::Compare::of(op.o).compare_type().raw().and_then(shardref_spec::ir::Attr::as_stablehlo)
    {
        let e = match &ta.elem {
            ElemType::Quant(qt) => qt.storage.clone(),
            e => e.clone(),
        };
        let ok = match ct {
            ComparisonType::NoType => true,
            ComparisonType::Signed => {
                matches!(e, ElemType::Int { signedness: Signedness::Signed | Signedness::Signless, width } if width > 1)
            }
            ComparisonType::Unsigned => {
                matches!(e, ElemType::Int { signedness: Signedness::Unsigned, .. } | ElemType::Int { width: 1, .. })
            }
            ComparisonType::Float => matches!(e, ElemType::Float(_) | ElemType::Complex(_)),
            ComparisonType::TotalOrder => matches!(e, ElemType::Float(_)),
        };
        if !ok {
            return Err(Fail::new(
                "compare_c3",
                format!("compare_type {} is not valid for element type {}", ct.as_str(), ta.elem),
            ));
        }
    }
    Ok(())
}

/// `select`: `select_c1`, `select_c2`.
pub fn select(op: Op<'_>) -> Check {
    let [p, a, b] = op.args::<3>()?;
    let tp = expect_tensor(p, "operand #0")?;
    if tp.elem != ElemType::I1 {
        // stablehlo_operand_types
        return Err(Fail::new(
            "stablehlo_operand_types",
            format!("operand #0 must be tensor of bool values, but got {}", q(p)),
        ));
    }
    let ta = expect_tensor(a, "operand #1")?;
    expect_tensor(b, "operand #2")?;
    let r = op.result()?;
    // select_c2
    if !type_compat(a, b) {
        return Err(Fail::new("select_c2", "requires compatible types for non-predicate operands"));
    }
    // select_c1
    if tp.rank() != Some(0) && !shape_compat(tp, ta) {
        return Err(Fail::new("select_c1", "requires the same shape for all operands"));
    }
    // select_c2
    check_inferred("select_c2", a, r)
}

/// `clamp`: `clamp_c1`..`clamp_c4`.
pub fn clamp(op: Op<'_>) -> Check {
    let [lo, x, hi] = op.args::<3>()?;
    let tx = operand_in(x, 1, Cats::ANY)?;
    let tlo = operand_in(lo, 0, Cats::ANY)?;
    let thi = operand_in(hi, 2, Cats::ANY)?;
    let sx = shape(tx).map(dims_str).unwrap_or_default();
    // clamp_c1
    if tlo.rank() != Some(0) && !shape_compat(tlo, tx) {
        return Err(Fail::new(
            "clamp_c1",
            format!(
                "min shape {} is not scalar and is not compatible to operand shape {sx}",
                shape(tlo).map(dims_str).unwrap_or_default()
            ),
        ));
    }
    // clamp_c2
    if thi.rank() != Some(0) && !shape_compat(thi, tx) {
        return Err(Fail::new(
            "clamp_c2",
            format!(
                "max shape {} is not scalar and is not compatible to operand shape {sx}",
                shape(thi).map(dims_str).unwrap_or_default()
            ),
        ));
    }
    // clamp_c3
    if !elem_compat(&tlo.elem, &tx.elem) || !elem_compat(&thi.elem, &tx.elem) {
        return Err(Fail::new("clamp_c3", "requires the same element type for all operands"));
    }
    // clamp_c4
    check_inferred("clamp_c4", x, op.result()?)
}

/// `reduce_precision`: `reduce_precision_c1`..`reduce_precision_c3`.
pub fn reduce_precision(op: Op<'_>) -> Check {
    unary_same(op, Cats::FLOAT.or(Cats::QUANT))?;
    let e = op.int(crate::attrs::stablehlo::ReducePrecision::of(op.o).exponent_bits())?;
    let m = op.int(crate::attrs::stablehlo::ReducePrecision::of(op.o).mantissa_bits())?;
    // reduce_precision_c2
    if e < 1 {
        return Err(Fail::new("reduce_precision_c2", format!("exponent_bits must be at least 1, got: {e}")));
    }
    // reduce_precision_c3
    if m < 0 {
        return Err(Fail::new("reduce_precision_c3", format!("mantissa_bits must be non-negative, got: {m}")));
    }
    Ok(())
}

/// `uniform_quantize`: `uniform_quantize_c1`, `uniform_quantize_c2`.
pub fn uniform_quantize(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let tx = operand_in(x, 0, Cats::FLOAT.or(Cats::QUANT))?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let Some(qr) = quant(&tr.elem) else {
        // stablehlo_operand_types
        return Err(Fail::new(
            "stablehlo_operand_types",
            format!("result #0 must be tensor of quantized values, but got {}", qt(tr)),
        ));
    };
    // uniform_quantize_c1
    same_shape_all("uniform_quantize_c1", &[tx, tr])?;
    // uniform_quantize_c2
    let want = match &tx.elem {
        ElemType::Quant(qx) => ElemType::Float(qx.expressed),
        e => e.clone(),
    };
    if ElemType::Float(qr.expressed) != want {
        return Err(Fail::new(
            "uniform_quantize_c2",
            format!("Expressed type of result expected to be {want}, but got {}", ElemType::Float(qr.expressed)),
        ));
    }
    Ok(())
}

/// `uniform_dequantize`: `uniform_dequantize_c1`, `uniform_dequantize_c2`.
pub fn uniform_dequantize(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let tx = operand_in(x, 0, Cats::QUANT)?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let Some(qx) = quant(&tx.elem) else { return Ok(()) };
    // uniform_dequantize_c1, uniform_dequantize_c2
    let inferred = TensorType { shape: tx.shape.clone(), elem: ElemType::Float(qx.expressed), encoding: None };
    check_inferred_parts(
        "uniform_dequantize_c1",
        "uniform_dequantize_c2",
        &Type::Tensor(inferred),
        &Type::Tensor(tr.clone()),
    )
}
