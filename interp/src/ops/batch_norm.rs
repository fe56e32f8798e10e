//! `batch_norm_inference`, `batch_norm_training` and `batch_norm_grad`.
//!
//! Each follows the spec's decomposition operation by operation, in the
//! spec's order: every elementwise step is computed exactly in f64 and
//! rounded to the element type (one rounding per StableHLO op, as the
//! decomposition's ops would round), and `compute_sum` is a `reduce` with
//! `add` from +0 over the non-feature dimensions in row-major order (the
//! order shardref's `reduce` uses). `epsilon` is converted to the element
//! type first (`constant(epsilon, element_type(operand))`). Formats of 8 bits
//! or fewer round through f32, as `convert` to them does. Quantized operands
//! are not supported.

use shardref_spec::ir::{ElemType, FloatKind};

use crate::error::{IResult, invalid, unsupported};
use crate::value::{Buffer, Tensor};

/// The float values of a tensor, widened exactly to f64.
fn floats(t: &Tensor) -> IResult<Vec<f64>> {
    match &t.buf {
        Buffer::F64(s) => Ok(s.to_vec()),
        _ => Ok(crate::ops::elementwise::to_f32_vec(t)?.into_iter().map(f64::from).collect()),
    }
}

/// Rounding of an exact f64 result to the element type.
#[derive(Clone, Copy)]
enum Round {
    F64,
    F32,
    BF16,
    F16,
    Narrow(FloatKind),
}

impl Round {
    fn of(elem: &ElemType) -> IResult<Round> {
        Ok(match elem {
            ElemType::Float(FloatKind::F64) => Round::F64,
            ElemType::Float(FloatKind::F32) => Round::F32,
            ElemType::Float(FloatKind::BF16) => Round::BF16,
            ElemType::Float(FloatKind::F16) => Round::F16,
            ElemType::Float(k) if k.bit_width() <= 8 => Round::Narrow(*k),
            ElemType::Quant(_) => return unsupported("batch norm on quantized tensors"),
            _ => return invalid(format!("batch norm needs floating-point tensors, got {elem}")),
        })
    }

    #[inline]
    fn r(self, x: f64) -> f64 {
        match self {
            Round::F64 => x,
            Round::F32 => x as f32 as f64,
            Round::BF16 => half::bf16::from_f64(x).to_f64(),
            Round::F16 => half::f16::from_f64(x).to_f64(),
            Round::Narrow(k) => {
                let b = crate::ops::elementwise::f32_to_f8(k, std::iter::once(x as f32));
                crate::ops::elementwise::f8_to_f32(k, &b)[0] as f64
            }
        }
    }
}

/// The operand's geometry: elements, feature count, and the stride of the feature dimension.
struct Geo {
    n: usize,
    f: usize,
    inner: usize,
}

impl Geo {
    fn new(operand: &Tensor, feature_index: i64) -> IResult<Geo> {
        let Some(fi) = usize::try_from(feature_index).ok().filter(|&d| d < operand.rank()) else {
            return invalid(format!("feature_index {feature_index} out of range"));
        };
        Ok(Geo { n: operand.num_elements(), f: operand.shape[fi], inner: operand.shape[fi + 1..].iter().product() })
    }
    #[inline]
    fn feature(&self, i: usize) -> usize {
        (i / self.inner.max(1)) % self.f.max(1)
    }
    /// `compute_sum`: per feature, in row-major order, rounding every addition.
    fn sum(&self, x: &[f64], rd: Round) -> Vec<f64> {
        let mut s = vec![0.0; self.f];
        for (i, &v) in x.iter().enumerate() {
            let k = self.feature(i);
            s[k] = rd.r(s[k] + v);
        }
        s
    }
    /// `size(operand) / dim(operand, feature_index)` as a constant of the element type.
    fn per_feature(&self, rd: Round) -> f64 {
        self.n.checked_div(self.f).map_or(0.0, |q| rd.r(q as f64))
    }
    fn mean(&self, x: &[f64], rd: Round) -> Vec<f64> {
        let d = self.per_feature(rd);
        self.sum(x, rd).into_iter().map(|s| rd.r(s / d)).collect()
    }
}

fn per_feature_operand(t: &Tensor, g: &Geo, what: &str) -> IResult<Vec<f64>> {
    if t.num_elements() != g.f {
        return invalid(format!("{what} must have one element per feature ({})", g.f));
    }
    floats(t)
}

fn out(like: &Tensor, v: &[f64]) -> IResult<Tensor> {
    Ok(Tensor::new(like.shape.clone(), like.elem.clone(), crate::ops::convert::encode_floats(&like.elem, v)?))
}

/// The per-feature inputs of the normalization.
#[derive(Clone, Copy)]
struct Params<'a> {
    scale: &'a [f64],
    offset: &'a [f64],
    mean: &'a [f64],
    var: &'a [f64],
    eps: f64,
}

/// The normalization shared by inference and training.
fn normalize(x: &[f64], g: &Geo, rd: Round, p: Params<'_>) -> Vec<f64> {
    let Params { scale, offset, mean, var, eps } = p;
    let stddev: Vec<f64> = (0..g.f).map(|k| rd.r(rd.r(var[k] + eps).sqrt())).collect();
    x.iter()
        .enumerate()
        .map(|(i, &v)| {
            let k = g.feature(i);
            let centered = rd.r(v - mean[k]);
            let normalized = rd.r(centered / stddev[k]);
            rd.r(rd.r(scale[k] * normalized) + offset[k])
        })
        .collect()
}

/// `batch_norm_inference`.
pub fn inference(
    operand: &Tensor,
    scale: &Tensor,
    offset: &Tensor,
    mean: &Tensor,
    variance: &Tensor,
    epsilon: f64,
    feature_index: i64,
) -> IResult<Tensor> {
    let rd = Round::of(&operand.elem)?;
    let g = Geo::new(operand, feature_index)?;
    let x = floats(operand)?;
    let (s, o) = (per_feature_operand(scale, &g, "scale")?, per_feature_operand(offset, &g, "offset")?);
    let (m, v) = (per_feature_operand(mean, &g, "mean")?, per_feature_operand(variance, &g, "variance")?);
    out(operand, &normalize(&x, &g, rd, Params { scale: &s, offset: &o, mean: &m, var: &v, eps: rd.r(epsilon) }))
}

/// `batch_norm_training`: (output, batch_mean, batch_var).
pub fn training(
    operand: &Tensor,
    scale: &Tensor,
    offset: &Tensor,
    epsilon: f64,
    feature_index: i64,
) -> IResult<(Tensor, Tensor, Tensor)> {
    let rd = Round::of(&operand.elem)?;
    let g = Geo::new(operand, feature_index)?;
    let x = floats(operand)?;
    let (s, o) = (per_feature_operand(scale, &g, "scale")?, per_feature_operand(offset, &g, "offset")?);
    let mean = g.mean(&x, rd);
    let sq: Vec<f64> = x
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let c = rd.r(v - mean[g.feature(i)]);
            rd.r(c * c)
        })
        .collect();
    let var = g.mean(&sq, rd);
    let y = normalize(&x, &g, rd, Params { scale: &s, offset: &o, mean: &mean, var: &var, eps: rd.r(epsilon) });
    Ok((out(operand, &y)?, out(scale, &mean)?, out(scale, &var)?))
}

/// `batch_norm_grad`: (grad_operand, grad_scale, grad_offset).
pub fn grad(
    operand: &Tensor,
    scale: &Tensor,
    mean: &Tensor,
    variance: &Tensor,
    grad_output: &Tensor,
    epsilon: f64,
    feature_index: i64,
) -> IResult<(Tensor, Tensor, Tensor)> {
    let rd = Round::of(&operand.elem)?;
    let g = Geo::new(operand, feature_index)?;
    if grad_output.shape != operand.shape {
        return invalid("grad_output must have the operand's shape");
    }
    let x = floats(operand)?;
    let dy = floats(grad_output)?;
    let s = per_feature_operand(scale, &g, "scale")?;
    let (m, v) = (per_feature_operand(mean, &g, "mean")?, per_feature_operand(variance, &g, "variance")?);
    let eps = rd.r(epsilon);
    let var_eps: Vec<f64> = (0..g.f).map(|k| rd.r(v[k] + eps)).collect();
    let stddev: Vec<f64> = var_eps.iter().map(|&ve| rd.r(ve.sqrt())).collect();
    let centered: Vec<f64> = x.iter().enumerate().map(|(i, &xv)| rd.r(xv - m[g.feature(i)])).collect();
    let normalized: Vec<f64> = centered.iter().enumerate().map(|(i, &c)| rd.r(c / stddev[g.feature(i)])).collect();
    let epf = g.per_feature(rd);
    let i2 = g.sum(&dy, rd);
    let dy_c: Vec<f64> = dy.iter().zip(&centered).map(|(&a, &b)| rd.r(a * b)).collect();
    let i3 = g.sum(&dy_c, rd);
    let grad_operand: Vec<f64> = (0..g.n)
        .map(|i| {
            let k = g.feature(i);
            let i1 = rd.r(dy[i] * epf);
            let i4 = rd.r(i3[k] * centered[i]);
            let i5 = rd.r(i4 / var_eps[k]);
            let i6 = rd.r(rd.r(i1 - i2[k]) - i5);
            rd.r(rd.r(rd.r(s[k] / stddev[k]) / epf) * i6)
        })
        .collect();
    let dy_n: Vec<f64> = dy.iter().zip(&normalized).map(|(&a, &b)| rd.r(a * b)).collect();
    let grad_scale = g.sum(&dy_n, rd);
    Ok((out(operand, &grad_operand)?, out(scale, &grad_scale)?, out(scale, &i2)?))
}
