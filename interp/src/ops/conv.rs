//! `convolution`, as the spec defines it: dimension numbers, window strides,
//! padding, lhs (base) and rhs (window) dilation, window reversal, feature
//! groups and batch groups.
//!
//! Operands are first transposed to `[N, C, spatial...]` and `[O, I,
//! spatial...]`; each output element then sums, in order over input feature
//! and window position (row-major), the products of the elements the
//! dilated, padded window covers. Choices (the spec leaves the reduction
//! order to the implementation): accumulation happens in the result type,
//! except that bf16, f16 and the f8 formats accumulate in f32 and round once.

use shardref_spec::ir::ElemType;
use shardref_spec::ir::stablehlo::ConvDimensionNumbers;

use crate::error::{IResult, invalid, unsupported};
use crate::ops::{convert, elementwise, shape};
use crate::value::{Buffer, C64, C128, Tensor};

/// The convolution's attributes beside its dimension numbers (each is an
/// attribute of its own in the IR); `None` means the spec's default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ConvWindow {
    pub window_strides: Option<Vec<i64>>,
    /// `[low, high]` per spatial dimension, flattened.
    pub padding: Option<Vec<i64>>,
    pub lhs_dilation: Option<Vec<i64>>,
    pub rhs_dilation: Option<Vec<i64>>,
    pub window_reversal: Option<Vec<bool>>,
    pub feature_group_count: i64,
    pub batch_group_count: i64,
}

fn perm(first: &[i64], rest: &[i64]) -> Vec<i64> {
    first.iter().chain(rest).copied().collect()
}

/// `convolution(lhs, rhs)` with the IR's dimension numbers `dn`, the window
/// attributes `p` and result element type `elem`.
pub fn convolution(
    lhs: &Tensor,
    rhs: &Tensor,
    dn: &ConvDimensionNumbers,
    p: &ConvWindow,
    elem: &ElemType,
) -> IResult<Tensor> {
    let d = dn.input_spatial_dimensions.len();
    if dn.kernel_spatial_dimensions.len() != d
        || dn.output_spatial_dimensions.len() != d
        || lhs.rank() != d + 2
        || rhs.rank() != d + 2
    {
        return invalid("convolution dimension numbers do not match the operand ranks");
    }
    let ones = vec![1i64; d];
    let strides = p.window_strides.clone().unwrap_or_else(|| ones.clone());
    let lhs_dil = p.lhs_dilation.clone().unwrap_or_else(|| ones.clone());
    let rhs_dil = p.rhs_dilation.clone().unwrap_or_else(|| ones.clone());
    let padding = p.padding.clone().unwrap_or_else(|| vec![0; 2 * d]);
    let reversal = p.window_reversal.clone().unwrap_or_else(|| vec![false; d]);
    if strides.len() != d || lhs_dil.len() != d || rhs_dil.len() != d || padding.len() != 2 * d || reversal.len() != d {
        return invalid("convolution window attributes must have one entry per spatial dimension");
    }
    if strides.iter().chain(&lhs_dil).chain(&rhs_dil).any(|&x| x < 1)
        || p.feature_group_count < 1
        || p.batch_group_count < 1
    {
        return invalid("convolution strides, dilations and group counts must be positive");
    }
    // Canonical layouts.
    let x = shape::transpose(
        lhs,
        &perm(&[dn.input_batch_dimension, dn.input_feature_dimension], &dn.input_spatial_dimensions),
    )?;
    let w = shape::transpose(
        rhs,
        &perm(&[dn.kernel_output_feature_dimension, dn.kernel_input_feature_dimension], &dn.kernel_spatial_dimensions),
    )?;
    let (n, c) = (x.shape[0], x.shape[1]);
    let (o, i) = (w.shape[0], w.shape[1]);
    let (g, bg) = (p.feature_group_count as usize, p.batch_group_count as usize);
    if i.checked_mul(g) != Some(c) || o % g != 0 || n % bg != 0 || o % bg != 0 {
        return invalid(format!(
            "convolution feature/batch groups do not divide the dimensions (C={c}, I={i}, O={o}, N={n}, G={g}, BG={bg})"
        ));
    }
    let in_sp: Vec<usize> = x.shape[2..].to_vec();
    let k_sp: Vec<usize> = w.shape[2..].to_vec();
    let mut out_sp = Vec::with_capacity(d);
    for s in 0..d {
        // In i128 (sizes, dilations and paddings are i64s); a window geometry
        // that does not fit in i64 is an error, as in the verifier.
        let dilate = |n: usize, k: i64| if n == 0 { 0 } else { (n as i128 - 1) * k as i128 + 1 };
        let padded = dilate(in_sp[s], lhs_dil[s]) + padding[2 * s] as i128 + padding[2 * s + 1] as i128;
        let dilated_k = dilate(k_sp[s], rhs_dil[s]);
        if i64::try_from(padded).is_err() || i64::try_from(dilated_k).is_err() {
            return invalid(format!("the padded, dilated window geometry of spatial dimension {s} overflows i64"));
        }
        out_sp.push(if padded < dilated_k || k_sp[s] == 0 {
            0
        } else {
            usize::try_from((padded - dilated_k) / strides[s] as i128 + 1).or_else(|_| invalid("too many windows"))?
        });
    }
    let n_out = n / bg;
    // Work type: narrow floats widen to f32; everything else computes in the result type.
    let work = match elem {
        ElemType::Float(k) if k.bit_width() < 32 => ElemType::F32,
        other => other.clone(),
    };
    let xw = convert::convert(&x, &work)?;
    let ww = convert::convert(&w, &work)?;
    let mut out_shape = vec![n_out, o];
    out_shape.extend_from_slice(&out_sp);
    let out_total = crate::value::checked_numel(&out_shape)?;
    let x_st = xw.strides();
    let w_st = ww.strides();
    let k_count: usize = k_sp.iter().product();
    let o_per_g = o / g;
    let o_per_bg = o / bg;
    // For each output element, the (input, kernel) flat index pairs, in order.
    let plan = |out_idx: usize, pairs: &mut Vec<(usize, usize)>| {
        pairs.clear();
        let mut rem = out_idx;
        let mut os = vec![0usize; d];
        for s in (0..d).rev() {
            os[s] = rem % out_sp[s].max(1);
            rem /= out_sp[s].max(1);
        }
        let of = rem % o;
        let nb = rem / o;
        let fg = of / o_per_g;
        let bgi = of / o_per_bg;
        let batch = bgi * n_out + nb;
        for ci in 0..i {
            let cin = fg * i + ci;
            let mut ks = vec![0usize; d];
            for _ in 0..k_count {
                let mut xi = batch * x_st[0] + cin * x_st[1];
                let mut inside = true;
                for s in 0..d {
                    let pos = os[s] as i128 * strides[s] as i128 + ks[s] as i128 * rhs_dil[s] as i128
                        - padding[2 * s] as i128;
                    let ld = lhs_dil[s] as i128;
                    if pos < 0 || pos % ld != 0 || pos / ld >= in_sp[s] as i128 {
                        inside = false;
                        break;
                    }
                    xi += (pos / ld) as usize * x_st[2 + s];
                }
                if inside {
                    let mut wi = of * w_st[0] + ci * w_st[1];
                    for s in 0..d {
                        let kk = if reversal[s] { k_sp[s] - 1 - ks[s] } else { ks[s] };
                        wi += kk * w_st[2 + s];
                    }
                    pairs.push((xi, wi));
                }
                // Next kernel position, row-major.
                for s in (0..d).rev() {
                    ks[s] += 1;
                    if ks[s] < k_sp[s] {
                        break;
                    }
                    ks[s] = 0;
                }
            }
        }
    };
    macro_rules! run {
        ($xs:expr, $ws:expr, $zero:expr, $mac:expr) => {{
            let mut out = vec![$zero; out_total];
            let mut pairs = Vec::new();
            for (oi, slot) in out.iter_mut().enumerate() {
                plan(oi, &mut pairs);
                let mut acc = $zero;
                for &(a, b) in &pairs {
                    acc = $mac(acc, $xs[a], $ws[b]);
                }
                *slot = acc;
            }
            out
        }};
    }
    let buf = match (&xw.buf, &ww.buf) {
        (Buffer::F32(xs), Buffer::F32(ws)) => {
            Buffer::F32(run!(xs, ws, 0.0f32, |a: f32, u: f32, v: f32| a + u * v).into())
        }
        (Buffer::F64(xs), Buffer::F64(ws)) => {
            Buffer::F64(run!(xs, ws, 0.0f64, |a: f64, u: f64, v: f64| a + u * v).into())
        }
        (Buffer::C64(xs), Buffer::C64(ws)) => {
            Buffer::C64(run!(xs, ws, C64::new(0.0, 0.0), |a: C64, u: C64, v: C64| a + u * v).into())
        }
        (Buffer::C128(xs), Buffer::C128(ws)) => {
            Buffer::C128(run!(xs, ws, C128::new(0.0, 0.0), |a: C128, u: C128, v: C128| a + u * v).into())
        }
        (Buffer::I8(xs), Buffer::I8(ws)) => {
            Buffer::I8(run!(xs, ws, 0i8, |a: i8, u: i8, v: i8| a.wrapping_add(u.wrapping_mul(v))).into())
        }
        (Buffer::I16(xs), Buffer::I16(ws)) => {
            Buffer::I16(run!(xs, ws, 0i16, |a: i16, u: i16, v: i16| a.wrapping_add(u.wrapping_mul(v))).into())
        }
        (Buffer::I32(xs), Buffer::I32(ws)) => {
            Buffer::I32(run!(xs, ws, 0i32, |a: i32, u: i32, v: i32| a.wrapping_add(u.wrapping_mul(v))).into())
        }
        (Buffer::I64(xs), Buffer::I64(ws)) => {
            Buffer::I64(run!(xs, ws, 0i64, |a: i64, u: i64, v: i64| a.wrapping_add(u.wrapping_mul(v))).into())
        }
        (Buffer::U8(xs), Buffer::U8(ws)) => {
            Buffer::U8(run!(xs, ws, 0u8, |a: u8, u: u8, v: u8| a.wrapping_add(u.wrapping_mul(v))).into())
        }
        (Buffer::U32(xs), Buffer::U32(ws)) => {
            Buffer::U32(run!(xs, ws, 0u32, |a: u32, u: u32, v: u32| a.wrapping_add(u.wrapping_mul(v))).into())
        }
        (Buffer::Bool(xs), Buffer::Bool(ws)) => {
            Buffer::Bool(run!(xs, ws, false, |a: bool, u: bool, v: bool| a | (u & v)).into())
        }
        _ => return unsupported(format!("convolution with result type {elem}")),
    };
    let buf = if work != *elem {
        let Buffer::F32(v) = buf else { return invalid("internal: f32 convolution") };
        elementwise::from_f32_vec(elem, v.to_vec())?
    } else {
        buf
    };
    // Canonical result [N', O, spatial...] → the requested output layout.
    let canon_shape: Vec<usize> = [n_out, o].into_iter().chain(out_sp.iter().copied()).collect();
    let canon = Tensor::new(canon_shape, elem.clone(), buf);
    let out_order = perm(&[dn.output_batch_dimension, dn.output_feature_dimension], &dn.output_spatial_dimensions);
    // out_order[k] = output dimension holding canonical dimension k; invert it for transpose.
    let mut inverse = vec![0i64; d + 2];
    for (k, &od) in out_order.iter().enumerate() {
        let od = usize::try_from(od).ok().filter(|&x| x < d + 2).ok_or_else(|| {
            crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "output dimension number out of range")
        })?;
        inverse[od] = k as i64;
    }
    shape::transpose(&canon, &inverse)
}
