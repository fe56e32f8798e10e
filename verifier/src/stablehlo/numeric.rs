//! Batch normalization and random numbers: `batch_norm_grad`,
//! `batch_norm_inference`, `batch_norm_training`, `rng`,
//! `rng_bit_generator` (upstream's `verifyBatchNorm`, `inferBatchNormOp`,
//! `inferRngOp`, `verifyRngBitGeneratorOp`).

use shardref_spec::ir::stablehlo::{RngAlgorithm, RngDistribution, StablehloAttr};
use shardref_spec::ir::{Dim, ElemType, TensorType, Type};

use super::common::*;
use super::elementwise::{Cats, operand_in};
use crate::{Check, Fail};

/// Which batch norm op: the labels of its feature-index, element-type and
/// size constraints differ.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum BatchNorm {
    Grad,
    Inference,
    Training,
}

/// `batch_norm_*`: the multi-dimensional operands (operand, and
/// grad_output for grad) share a shape, the one-dimensional ones (scale,
/// offset, mean, variance) share a shape whose size is the feature count,
/// every operand and result has one element type, and the results are the
/// operand's type and the feature vectors' type.
pub fn batch_norm(op: Op<'_>, kind: BatchNorm) -> Check {
    let (n_in, n_out) = match kind {
        BatchNorm::Grad => (5, 3),
        BatchNorm::Inference => (5, 1),
        BatchNorm::Training => (3, 3),
    };
    let ins = op.operands(n_in)?;
    let outs = op.results(n_out)?;
    let mut ts = vec![];
    for (i, t) in ins.iter().enumerate() {
        ts.push(operand_in(t, i, Cats::FLOAT.or(Cats::QUANT))?);
    }
    let (multi, single): (Vec<&TensorType>, Vec<&TensorType>) = match kind {
        BatchNorm::Grad => (vec![ts[0], ts[4]], vec![ts[1], ts[2], ts[3]]),
        BatchNorm::Inference | BatchNorm::Training => (vec![ts[0]], ts[1..].to_vec()),
    };
    let (c1, c2, c_single, c_multi, c_size, c_result) = match kind {
        BatchNorm::Grad => (
            "batch_norm_grad_c1",
            "batch_norm_grad_c2",
            "batch_norm_grad_c4",
            "batch_norm_grad_c3",
            "batch_norm_grad_c5",
            "batch_norm_grad_c3",
        ),
        BatchNorm::Inference => (
            "batch_norm_inference_c1",
            "batch_norm_inference_c2",
            "batch_norm_inference_c3",
            "batch_norm_inference_c3",
            "batch_norm_inference_c3",
            "batch_norm_inference_c7",
        ),
        BatchNorm::Training => (
            "batch_norm_training_c1",
            "batch_norm_training_c2",
            "batch_norm_training_c3",
            "batch_norm_training_c3",
            "batch_norm_training_c3",
            "batch_norm_training_c7",
        ),
    };
    // batch_norm_*_c2: one element type throughout.
    let e = &ts[0].elem;
    if let Some(bad) = ts.iter().find(|t| !elem_compat(&t.elem, e)) {
        return Err(Fail::new(
            c2,
            format!("expects all operands to have the same element type, got {} and {}", qt(ts[0]), qt(bad)),
        ));
    }
    // batch_norm_grad_c3
    if multi.windows(2).any(|w| !shape_compat(w[0], w[1])) {
        return Err(Fail::new(c_multi, "expects multi-dimensional operands to have compatible shapes."));
    }
    // batch_norm_grad_c4, batch_norm_inference_c3..c6, batch_norm_training_c3, batch_norm_training_c4
    if single.windows(2).any(|w| !shape_compat(w[0], w[1])) {
        return Err(Fail::new(c_single, "expects single-dimensional operands to have compatible shapes."));
    }
    let fi = op.int(crate::attrs::stablehlo::BatchNorm::of(op.o).feature_index())?;
    let Some(sm) = shape(multi[0]) else { return Ok(()) };
    // batch_norm_*_c1
    if fi < 0 || fi >= sm.len() as i64 {
        return Err(Fail::new(
            c1,
            format!(
                "expects featureIndex to be smaller than the rank of multi-dimensional operands; got featureIndex {fi}, and rank {}.",
                sm.len()
            ),
        ));
    }
    let features = sm[fi as usize];
    // stablehlo_signature: the feature vectors are one-dimensional.
    let single_dim = match shape(single[0]) {
        Some([d]) => *d,
        Some(s) => {
            return Err(Fail::new(
                "stablehlo_signature",
                format!("expects the feature operands to be one-dimensional, got {}", dims_str(s)),
            ));
        }
        None => None,
    };
    // batch_norm_grad_c5, batch_norm_inference_c3..c6, batch_norm_training_c3..c4
    if !dim_compat(single_dim, features) {
        let s = |d: Dim| d.map_or("?".to_string(), |v| v.to_string());
        return Err(Fail::new(
            c_size,
            format!(
                "expects the size of single-dimensional operands to be compatible with feature count, but the size of single-dimensional operands is {} and the feature count is {}.",
                s(single_dim),
                s(features)
            ),
        ));
    }
    // batch_norm_grad_c3, batch_norm_inference_c7, batch_norm_training_c7
    check_inferred(c_result, &Type::Tensor(multi[0].clone()), outs[0])?;
    // batch_norm_grad_c4, batch_norm_training_c5, batch_norm_training_c6
    let vector = Type::Tensor(make(vec![features], e.clone()));
    for r in &outs[1..] {
        check_inferred(
            if kind == BatchNorm::Grad { "batch_norm_grad_c4" } else { "batch_norm_training_c5" },
            &vector,
            r,
        )?;
    }
    Ok(())
}

/// `rng`: `rng_c1`..`rng_c3`.
pub fn rng(op: Op<'_>) -> Check {
    let [a, b, s] = op.args::<3>()?;
    let ta = operand_in(a, 0, Cats::BOOL.or(Cats::INT).or(Cats::FLOAT))?;
    let tb = operand_in(b, 1, Cats::BOOL.or(Cats::INT).or(Cats::FLOAT))?;
    let ts = operand_in(s, 2, Cats::INT)?;
    let r = expect_tensor(op.result()?, "result #0")?;
    // stablehlo_operand_types: a and b are 0-dimensional, shape is one-dimensional.
    if ta.rank().is_some_and(|x| x != 0) || tb.rank().is_some_and(|x| x != 0) {
        return Err(Fail::new("stablehlo_operand_types", "expects a and b to be 0-dimensional tensors"));
    }
    if ts.rank().is_some_and(|x| x != 1) {
        return Err(Fail::new("stablehlo_operand_types", "expects shape to be a 1-dimensional tensor"));
    }
    // rng_c1
    if ta.elem != tb.elem || ta.elem != r.elem {
        return Err(Fail::new(
            "rng_c1",
            format!("expects a, b and result to have one element type, got {}, {} and {}", q(a), q(b), qt(r)),
        ));
    }
    // rng_c2
    let normal = matches!(
        crate::attrs::stablehlo::Rng::of(op.o).rng_distribution().raw().and_then(shardref_spec::ir::Attr::as_stablehlo),
        Some(StablehloAttr::RngDistribution(RngDistribution::Normal))
    );
    if normal && !matches!(ta.elem, ElemType::Float(_)) {
        return Err(Fail::new("rng_c2", "mu and sigma must be floats"));
    }
    // rng_c3
    if let Some(dims) = op.const_ints(2) {
        let want: Vec<Dim> = dims.iter().map(|&d| u64::try_from(d).ok()).collect();
        check_inferred_shape("rng_c3", &want, r)?;
    } else if let (Some([Some(n)]), Some(rs)) = (shape(ts), shape(r))
        && rs.len() as u64 != *n
    {
        return Err(Fail::new(
            "rng_c3",
            format!("expects the result to have rank {n} (the size of shape), got {}", qt(r)),
        ));
    }
    Ok(())
}

/// `rng_bit_generator`: `rng_bit_generator_c1`, `rng_bit_generator_c2`.
pub fn rng_bit_generator(op: Op<'_>) -> Check {
    let [s] = op.args::<1>()?;
    let ts = operand_in(s, 0, Cats::INT)?;
    let rs = op.results(2)?;
    let out_state = expect_tensor(rs[0], "result #0")?;
    operand_in(rs[1], 1, Cats::INT.or(Cats::FLOAT)).map_err(|f| f.relabel("stablehlo_operand_types"))?;
    // rng_bit_generator_c1
    if !type_compat(s, rs[0]) {
        return Err(Fail::new(
            "rng_bit_generator_c1",
            format!(
                "output state shape must be compatible with initial state shape. Got: {} and {}",
                q(s),
                qt(out_state)
            ),
        ));
    }
    // rng_bit_generator_c2: the state sizes of the algorithms, in 64-bit
    // words (shardref's kernels read the state as u64 words).
    let alg = match crate::attrs::stablehlo::RngBitGenerator::of(op.o)
        .rng_algorithm()
        .raw()
        .and_then(shardref_spec::ir::Attr::as_stablehlo)
    {
        Some(StablehloAttr::RngAlgorithm(a)) => *a,
        _ => return Err(Fail::new("stablehlo_signature", "requires attribute 'rng_algorithm'")),
    };
    let size = match shape(ts) {
        Some([Some(n)]) => Some(*n),
        Some([None]) | None => None,
        Some(other) => {
            return Err(Fail::new(
                "stablehlo_operand_types",
                format!("expects initial_state to be a 1-dimensional tensor, got {}", dims_str(other)),
            ));
        }
    };
    let words = |n: u64| bit_width(&ts.elem).and_then(|w| n.checked_mul(w)).map(|bits| bits / 64);
    if let Some(w) = size.and_then(words) {
        let ok = match alg {
            RngAlgorithm::ThreeFry => w == 2,
            RngAlgorithm::Philox => w == 2 || w == 3,
            // DEFAULT is PHILOX in shardref (ops::rng in the interpreter).
            RngAlgorithm::Default => w == 2 || w == 3,
        };
        if !ok {
            return Err(Fail::new(
                "rng_bit_generator_c2",
                format!(
                    "the initial state of {} must hold {} 64-bit words, got {}",
                    alg.as_str(),
                    if alg == RngAlgorithm::ThreeFry { "2" } else { "2 or 3" },
                    qt(ts)
                ),
            ));
        }
    }
    Ok(())
}
