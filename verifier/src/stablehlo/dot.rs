//! Contractions: `dot`, `dot_general`, `convolution` and `dynamic_conv`, with their
//! quantization rules (upstream's `checkDotGeneralConstraints`,
//! `verifyConvolutionAttributes`, `inferConvolutionOp` and the common
//! quantization checks).

use shardref_spec::ir::stablehlo::StablehloAttr;
use shardref_spec::ir::{Attr, Dim, ElemType, Type};

use super::common::*;
use super::elementwise::{Cats, operand_in};
use super::reduce::{num_windows, padding, window};
use crate::{Check, Fail};

/// `dot_general_c11`, `convolution_c24`: at most two precision values
/// (upstream accepts an empty or absent config).
fn precision_config(op: Op<'_>) -> Check {
    match crate::attrs::stablehlo::Dot::of(op.o).precision_config().raw() {
        Some(Attr::Array(a)) if a.len() > 2 => Err(Fail::new(
            "dot_general_c11|convolution_c24",
            format!("expects precision config to be empty or have <= 2 elements, got {}", a.len()),
        )),
        _ => Ok(()),
    }
}

/// `dot_general_c14`..`dot_general_c20` and `convolution_c28`..`convolution_c34`
/// (upstream's `verifyConvolutionDotGeneralCommonQuantizationConstraints`).
fn quantized_contraction(lhs: &ElemType, rhs: &ElemType, result: &ElemType) -> Check {
    // dot_general_c14, convolution_c28
    let Some(qr) = quant(rhs) else {
        return Err(Fail::new(
            "dot_general_c14|convolution_c28",
            "rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold",
        ));
    };
    if is_quant(lhs) != is_quant(result) {
        return Err(Fail::new(
            "dot_general_c14|convolution_c28",
            "rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold",
        ));
    }
    match (quant(lhs), quant(result)) {
        (Some(ql), Some(qo)) => {
            // dot_general_c17, convolution_c31
            if ql.storage != qr.storage {
                return Err(Fail::new(
                    "dot_general_c17|convolution_c31",
                    "mismatched lhs and rhs quantization storage types",
                ));
            }
            // dot_general_c18, convolution_c32
            if ql.expressed != qr.expressed || ql.expressed != qo.expressed {
                return Err(Fail::new(
                    "dot_general_c18|convolution_c32",
                    "mismatched lhs, rhs and result quantization expressed types",
                ));
            }
            // dot_general_c19, convolution_c33
            if !qr.per_axis && qo.per_axis {
                return Err(Fail::new(
                    "dot_general_c19|convolution_c33",
                    "mismatched rhs and result quantization granularity",
                ));
            }
        }
        _ => {
            // dot_general_c20, convolution_c34
            if *lhs != ElemType::Float(qr.expressed) || lhs != result {
                return Err(Fail::new(
                    "dot_general_c20|convolution_c34",
                    "mismatched rhs quantization expressed type and lhs and result element type",
                ));
            }
        }
    }
    Ok(())
}

/// `dot`: the legacy matrix/vector product (ranks 1 or 2).
pub fn dot(op: Op<'_>) -> Check {
    let [a, b] = op.args::<2>()?;
    let ta = expect_tensor(a, "operand #0")?;
    let tb = expect_tensor(b, "operand #1")?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    precision_config(op)?;
    let (Some(sa), Some(sb)) = (shape(ta), shape(tb)) else { return Ok(()) };
    // dot_c1
    if !(1..=2).contains(&sa.len()) || !(1..=2).contains(&sb.len()) {
        return Err(Fail::new("dot_c1", "expected both lhs/rhs ranks to be either 1 or 2"));
    }
    // dot_c2
    if !dim_compat(sa[sa.len() - 1], sb[0]) {
        return Err(Fail::new(
            "dot_c2",
            format!("expected lhs dimension {} to be compatible with rhs dimension 0", sa.len() - 1),
        ));
    }
    let mut out: Vec<Dim> = sa[..sa.len() - 1].to_vec();
    out.extend_from_slice(&sb[1..]);
    check_inferred_shape("dot_c2", &out, tr)
}

/// `dot_general`: `dot_general_c1`..`dot_general_c20`.
pub fn dot_general(op: Op<'_>) -> Check {
    let [a, b] = op.args::<2>()?;
    let ta = expect_tensor(a, "operand #0")?;
    let tb = expect_tensor(b, "operand #1")?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let Some(StablehloAttr::Dot(d)) = crate::attrs::stablehlo::DotGeneral::of(op.o)
        .dot_dimension_numbers()
        .raw()
        .and_then(shardref_spec::ir::Attr::as_stablehlo)
    else {
        // stablehlo_signature
        return Err(Fail::new("stablehlo_signature", "requires attribute 'dot_dimension_numbers'"));
    };
    // dot_general_c11
    precision_config(op)?;
    let (lb, rb, lc, rc) = (
        &d.lhs_batching_dimensions,
        &d.rhs_batching_dimensions,
        &d.lhs_contracting_dimensions,
        &d.rhs_contracting_dimensions,
    );
    // dot_general_c1
    if lb.len() != rb.len() {
        return Err(Fail::new("dot_general_c1", "lhs and rhs should have the same number of batching dimensions"));
    }
    // dot_general_c2
    if lc.len() != rc.len() {
        return Err(Fail::new("dot_general_c2", "lhs and rhs should have the same number of contracting dimensions"));
    }
    // dot_general_c3
    dims_distinct("dot_general_c3", lb, lc, "lhs_batching_dimensions", "lhs_contracting_dimensions")?;
    // dot_general_c4
    dims_distinct("dot_general_c4", rb, rc, "rhs_batching_dimensions", "rhs_contracting_dimensions")?;
    let (Some(sa), Some(sb)) = (shape(ta), shape(tb)) else { return Ok(()) };
    let in_range = |code: &'static str, dims: &[i64], r: usize, name: &str| -> Check {
        match dims.iter().find(|&&x| x < 0 || x >= r as i64) {
            Some(x) => Err(Fail::new(code, format!("{name} value: {x} is out of range: [0, {r})"))),
            None => Ok(()),
        }
    };
    // dot_general_c5
    in_range("dot_general_c5", lb, sa.len(), "lhs_batching_dimensions")?;
    // dot_general_c6
    in_range("dot_general_c6", lc, sa.len(), "lhs_contracting_dimensions")?;
    // dot_general_c7
    in_range("dot_general_c7", rb, sb.len(), "rhs_batching_dimensions")?;
    // dot_general_c8
    in_range("dot_general_c8", rc, sb.len(), "rhs_contracting_dimensions")?;
    // dot_general_c9
    for (&l, &r) in lb.iter().zip(rb) {
        if !dim_compat(sa[l as usize], sb[r as usize]) {
            return Err(Fail::new("dot_general_c9", "batching dimension sizes must match for lhs/rhs"));
        }
    }
    // dot_general_c10
    for (&l, &r) in lc.iter().zip(rc) {
        if !dim_compat(sa[l as usize], sb[r as usize]) {
            return Err(Fail::new("dot_general_c10", "contracting dimension sizes must match for lhs/rhs"));
        }
    }
    // dot_general_c12
    let mut out: Vec<Dim> = lb.iter().zip(rb).map(|(&l, &r)| sa[l as usize].or(sb[r as usize])).collect();
    out.extend((0..sa.len() as i64).filter(|i| !lb.contains(i) && !lc.contains(i)).map(|i| sa[i as usize]));
    out.extend((0..sb.len() as i64).filter(|i| !rb.contains(i) && !rc.contains(i)).map(|i| sb[i as usize]));
    check_inferred_shape("dot_general_c12", &out, tr)?;
    // dot_general_c21
    if let Some(Attr::Stablehlo(alg)) = crate::attrs::stablehlo::DotGeneral::of(op.o).algorithm().raw()
        && let StablehloAttr::DotAlgorithm(_) = alg.as_ref()
        && let Some(Attr::Array(p)) = crate::attrs::stablehlo::Dot::of(op.o).precision_config().raw()
        && p.iter().any(|x| {
            !matches!(
                x.as_stablehlo(),
                Some(StablehloAttr::Precision(_, shardref_spec::ir::stablehlo::Precision::Default))
            )
        })
    {
        return Err(Fail::new("dot_general_c21", "must specify DEFAULT precision config when algorithm is set."));
    }
    if [&ta.elem, &tb.elem, &tr.elem].iter().any(|e| is_quant(e)) {
        if let Some(qb) = quant(&tb.elem) {
            // dot_general_c15
            if qb.params.iter().any(|&(_, zp)| zp != 0) {
                return Err(Fail::new(
                    "dot_general_c15",
                    if qb.per_axis { "Zero points of rhs should be 0" } else { "Zero point of rhs should be 0" },
                ));
            }
            // dot_general_c16
            if qb.per_axis && qb.axis.is_some_and(|ax| rc.contains(&i64::from(ax))) {
                return Err(Fail::new(
                    "dot_general_c16",
                    "Quantization dimension of rhs should not be in the contracting dimension of rhs",
                ));
            }
        }
        return quantized_contraction(&ta.elem, &tb.elem, &tr.elem);
    }
    // dot_general_c13
    if ta.elem != tb.elem {
        return Err(Fail::new(
            "dot_general_c13",
            format!("expects lhs and rhs to have the same element type, got {} and {}", ta.elem, tb.elem),
        ));
    }
    Ok(())
}

/// `convolution`: `convolution_c1`..`convolution_c34`.
pub fn convolution(op: Op<'_>) -> Check {
    let [a, b] = op.args::<2>()?;
    conv_checks(op, a, b, Some(padding(crate::attrs::stablehlo::Convolution::of(op.o).padding())?))
}

/// `dynamic_conv`: `convolution` with `padding` as its third operand
/// (`dynamic_conv_i3`, `dynamic_conv_c1`..`dynamic_conv_c34`, numbered like
/// `convolution`'s constraints). The padding's values enter the window
/// checks and the inferred result shape only when a `stablehlo.constant`
/// defines the operand (upstream's `matchInts`); otherwise the window
/// attributes are still checked (with zero padding, which none of those
/// checks reads) and the result's spatial dimensions are unknown. Upstream
/// skips the window checks in that case; checking them is stricter but
/// every one of them is independent of the padding values.
pub fn dynamic_conv(op: Op<'_>) -> Check {
    let [a, b, p] = op.args::<3>()?;
    // dynamic_conv_i3
    let tp = operand_in(p, 2, Cats::INT)?;
    let Some(sp) = shape(tp) else { return conv_checks(op, a, b, None) };
    if sp.len() != 2 {
        return Err(Fail::new("dynamic_conv_i3", format!("expects padding to be of rank 2 but got {}", sp.len())));
    }
    // dynamic_conv_c4 (checked once the ranks are known to be valid, as
    // dynamic_conv_c1 comes first).
    if let (Some(ra), Some(rb)) = (tensor(a).and_then(rank), tensor(b).and_then(rank))
        && ra >= 2
        && ra == rb
        && (!dim_compat(sp[0], Some(ra as u64 - 2)) || !dim_compat(sp[1], Some(2)))
    {
        return Err(Fail::new(
            "dynamic_conv_c4",
            format!("expects padding to be of shape [{}, 2], but got {}", ra - 2, dims_str(sp)),
        ));
    }
    let pairs =
        op.const_ints(2).filter(|v| v.len() % 2 == 0).map(|v| v.chunks(2).map(|c| (c[0], c[1])).collect::<Vec<_>>());
    conv_checks(op, a, b, pairs.map(Some))
}

/// The checks `convolution` and `dynamic_conv` share. `pad` is the padding
/// when known (itself `None` when absent, meaning zero padding); when it is
/// unknown the result's spatial dimensions are not inferred. Each check's
/// label is `convolution`'s; `dynamic_conv`'s has the same number.
fn conv_checks(op: Op<'_>, a: &Type, b: &Type, pad: Option<Option<Vec<(i64, i64)>>>) -> Check {
    let ta = expect_tensor(a, "operand #0")?;
    let tb = expect_tensor(b, "operand #1")?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let Some(StablehloAttr::Conv(d)) = crate::attrs::stablehlo::Gather::of(op.o)
        .dimension_numbers()
        .raw()
        .and_then(shardref_spec::ir::Attr::as_stablehlo)
    else {
        // stablehlo_signature
        return Err(Fail::new("stablehlo_signature", "requires attribute 'dimension_numbers'"));
    };
    let (Some(sa), Some(sb)) = (shape(ta), shape(tb)) else { return Ok(()) };
    // convolution_c1
    if sa.len() < 2 || sb.len() < 2 {
        return Err(Fail::new(
            "convolution_c1",
            format!("expects convolution arguments to have >= 2 dimensions. Got: {} and {}.", q(a), q(b)),
        ));
    }
    if sa.len() != sb.len() {
        return Err(Fail::new(
            "convolution_c1",
            format!("expects convolution arguments to have same number of dimensions. Got: {} and {}.", q(a), q(b)),
        ));
    }
    let n = sa.len();
    // convolution_c12
    if d.input_spatial_dimensions.len() + 2 != n {
        return Err(Fail::new(
            "convolution_c12",
            format!(
                "expects convolution arguments to have {} dimensions. Got: {n}",
                d.input_spatial_dimensions.len() + 2
            ),
        ));
    }
    let sp = d.input_spatial_dimensions.len();
    // convolution_c17, convolution_c19
    if d.kernel_spatial_dimensions.len() != sp || d.output_spatial_dimensions.len() != sp {
        // The label of the first list whose size is wrong.
        let code = if d.kernel_spatial_dimensions.len() != sp { "convolution_c17" } else { "convolution_c19" };
        return Err(Fail::new(
            code,
            format!(
                "expects the same size for input, kernel and output spatial-dimensions, but got {sp}, {}, and {} resp.",
                d.kernel_spatial_dimensions.len(),
                d.output_spatial_dimensions.len()
            ),
        ));
    }
    let mut input = vec![d.input_batch_dimension, d.input_feature_dimension];
    input.extend(&d.input_spatial_dimensions);
    let mut kernel = vec![d.kernel_input_feature_dimension, d.kernel_output_feature_dimension];
    kernel.extend(&d.kernel_spatial_dimensions);
    let mut output = vec![d.output_batch_dimension, d.output_feature_dimension];
    output.extend(&d.output_spatial_dimensions);
    // convolution_c13, convolution_c18, convolution_c20
    if input.iter().chain(&kernel).chain(&output).any(|&x| x < 0 || x >= n as i64) {
        return Err(Fail::new(
            "convolution_c13|convolution_c18|convolution_c20",
            format!("expects input, kernel, and output dimension-numbers to be in-range [0, {n})."),
        ));
    }
    // convolution_c13
    if !is_unique(&input) {
        return Err(Fail::new(
            "convolution_c13",
            format!("expects input dimension-numbers to be unique, got {{{}}}.", join(&input)),
        ));
    }
    // convolution_c18
    if !is_unique(&kernel) {
        return Err(Fail::new(
            "convolution_c18",
            format!("expects kernel dimension-numbers to be unique, got {{{}}}.", join(&kernel)),
        ));
    }
    // convolution_c20
    if !is_unique(&output) {
        return Err(Fail::new(
            "convolution_c20",
            format!("expects output dimension-numbers to be unique, got {{{}}}.", join(&output)),
        ));
    }
    let fgc = op.int_opt(crate::attrs::stablehlo::Convolution::of(op.o).feature_group_count())?.unwrap_or(1);
    let bgc = op.int_opt(crate::attrs::stablehlo::Convolution::of(op.o).batch_group_count())?.unwrap_or(1);
    // convolution_c21
    if fgc <= 0 {
        return Err(Fail::new(
            "convolution_c21",
            format!("expects feature_group_count to be a positive number, got {fgc}."),
        ));
    }
    // convolution_c22
    if bgc <= 0 {
        return Err(Fail::new(
            "convolution_c22",
            format!("expects batch_group_count to be a positive number, got {bgc}."),
        ));
    }
    // convolution_c23
    if bgc > 1 && fgc > 1 {
        return Err(Fail::new(
            "convolution_c23",
            format!(
                "expects batch_group_count and feature_group_count not to be both greater than 1. Got {bgc} and {fgc} resp."
            ),
        ));
    }
    let at = |s: &[Dim], i: i64| s[i as usize].map(|v| v as i64);
    // convolution_c10
    if let Some(ib) = at(sa, d.input_batch_dimension)
        && ib % bgc != 0
    {
        return Err(Fail::new(
            "convolution_c10",
            format!(
                "expects input batch dimension ({ib}) to be divisible by batch_group_count. Got batch_group_count = {bgc}."
            ),
        ));
    }
    if let Some(if_) = at(sa, d.input_feature_dimension) {
        // convolution_c11
        if if_ % fgc != 0 {
            return Err(Fail::new(
                "convolution_c11",
                format!(
                    "expects input feature dimension ({if_}) to be a multiple of feature_group_count. Got feature_group_count = {fgc}."
                ),
            ));
        }
        // convolution_c14
        if let Some(kif) = at(sb, d.kernel_input_feature_dimension)
            && if_ / fgc != kif
        {
            return Err(Fail::new(
                "convolution_c14",
                format!(
                    "expects input feature dimension ({if_}) / feature_group_count = kernel input feature dimension ({kif}). Got feature_group_count = {fgc}."
                ),
            ));
        }
    }
    if let Some(kof) = at(sb, d.kernel_output_feature_dimension) {
        // convolution_c15
        if kof % bgc != 0 {
            return Err(Fail::new(
                "convolution_c15",
                format!(
                    "expects output feature dimension size ({kof}) to be a multiple of batch_group_count. Got batch_group_count = {bgc}."
                ),
            ));
        }
        // convolution_c16
        if kof % fgc != 0 {
            return Err(Fail::new(
                "convolution_c16",
                format!(
                    "expects kernel output feature dimension ({kof}) to be divisible by feature_group_count. For feature_group_count = {fgc}."
                ),
            ));
        }
    }
    // convolution_c24
    precision_config(op)?;
    // convolution_c2..convolution_c9
    let reversal = match crate::attrs::stablehlo::Convolution::of(op.o).window_reversal().raw() {
        Some(Attr::DenseArray(x)) => Some(x.values.len()),
        Some(x) => ints_of(x).map(|v| v.len()),
        None => None,
    };
    let wdims: Vec<i64> = d.kernel_spatial_dimensions.iter().map(|&k| at(sb, k).unwrap_or(1).max(1)).collect();
    let known = pad.is_some();
    let w = window(
        wdims,
        op.ints_opt(crate::attrs::stablehlo::ReduceWindow::of(op.o).window_strides())?,
        pad.flatten(),
        op.ints_opt(crate::attrs::stablehlo::Convolution::of(op.o).lhs_dilation())?,
        op.ints_opt(crate::attrs::stablehlo::Convolution::of(op.o).rhs_dilation())?,
        reversal,
    )?;
    // convolution_c25, convolution_c26
    let mut out: Vec<Dim> = vec![None; n];
    out[d.output_batch_dimension as usize] = at(sa, d.input_batch_dimension).map(|v| (v / bgc) as u64);
    out[d.output_feature_dimension as usize] = sb[d.kernel_output_feature_dimension as usize];
    for i in 0..sp {
        let base = sa[d.input_spatial_dimensions[i] as usize];
        let win = sb[d.kernel_spatial_dimensions[i] as usize];
        out[d.output_spatial_dimensions[i] as usize] = if known { num_windows(base, &w, i, win)? } else { None };
    }
    // A result of another rank breaks convolution_c26; of another size, convolution_c25.
    let code = if shape(tr).is_some_and(|s| s.len() != n) { "convolution_c26" } else { "convolution_c25" };
    check_inferred_shape(code, &out, tr)?;
    if [&ta.elem, &tb.elem, &tr.elem].iter().any(|e| is_quant(e)) {
        if let Some(qb) = quant(&tb.elem)
            && qb.per_axis
            && qb.axis.map(i64::from) != Some(d.kernel_output_feature_dimension)
        {
            // convolution_c29
            return Err(Fail::new(
                "convolution_c29",
                "quantization dimension of rhs should be same with kernel_output_feature_dimension",
            ));
        }
        if let Some(qo) = quant(&tr.elem)
            && qo.per_axis
            && qo.axis.map(i64::from) != Some(d.output_feature_dimension)
        {
            // convolution_c30
            return Err(Fail::new(
                "convolution_c30",
                "quantization dimension of result should be same with output_feature_dimension",
            ));
        }
        return quantized_contraction(&ta.elem, &tb.elem, &tr.elem);
    }
    // convolution_c27
    if ta.elem != tb.elem {
        return Err(Fail::new(
            "convolution_c27",
            format!("expects lhs and rhs to have compatible element type. Got: {} and {}", ta.elem, tb.elem),
        ));
    }
    Ok(())
}

fn join(v: &[i64]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}
