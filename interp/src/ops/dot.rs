//! `dot_general` (and `dot` through it).
//!
//! Operands are converted to the result element type, permuted to
//! `[batch, free, contracting]` × `[batch, contracting, free]`, and multiplied
//! per batch. Choices (the spec leaves the reduction order to the
//! implementation): f32 and f64 use faer's sequential GEMM (its blocking
//! order, same bits for the same inputs on a given CPU, independent of the
//! thread count), with zero results made +0 as the spec's reduction from +0
//! gives them; bf16, f16 and the f8 formats accumulate in f32 and round once
//! per result element (as XLA does); integers accumulate with wrap-around in
//! the result type; complex numbers accumulate in order.

use faer::{Accum, MatMut, MatRef, Par};
use shardref_spec::ir::ElemType;
use shardref_spec::ir::stablehlo::DotDimensionNumbers;

use crate::error::{IResult, invalid, unsupported};
use crate::ops::{convert, elementwise, shape};
use crate::value::{Buffer, C64, C128, Tensor};

fn dims(v: &[i64], rank: usize, what: &str) -> IResult<Vec<usize>> {
    let mut out: Vec<usize> = vec![];
    for &d in v {
        match usize::try_from(d) {
            Ok(d) if d < rank && !out.contains(&d) => out.push(d),
            _ => return invalid(format!("invalid {what} dimension {d}")),
        }
    }
    Ok(out)
}

/// `dot_general(lhs, rhs)` with the IR's dimension numbers `d` and result element type `elem`.
pub fn dot_general(lhs: &Tensor, rhs: &Tensor, d: &DotDimensionNumbers, elem: &ElemType) -> IResult<Tensor> {
    let lb = dims(&d.lhs_batching_dimensions, lhs.rank(), "lhs batching")?;
    let rb = dims(&d.rhs_batching_dimensions, rhs.rank(), "rhs batching")?;
    let lc = dims(&d.lhs_contracting_dimensions, lhs.rank(), "lhs contracting")?;
    let rc = dims(&d.rhs_contracting_dimensions, rhs.rank(), "rhs contracting")?;
    if lb.len() != rb.len() || lc.len() != rc.len() {
        return invalid("dot_general: batching and contracting dimension lists must pair up");
    }
    for (&a, &b) in lb.iter().zip(&rb).chain(lc.iter().zip(&rc)) {
        if lhs.shape[a] != rhs.shape[b] {
            return invalid(format!(
                "dot_general: lhs dimension {a} (size {}) ≠ rhs dimension {b} (size {})",
                lhs.shape[a], rhs.shape[b]
            ));
        }
    }
    let lf: Vec<usize> = (0..lhs.rank()).filter(|x| !lb.contains(x) && !lc.contains(x)).collect();
    let rf: Vec<usize> = (0..rhs.rank()).filter(|x| !rb.contains(x) && !rc.contains(x)).collect();
    let size = |t: &Tensor, ds: &[usize]| ds.iter().map(|&x| t.shape[x]).product::<usize>();
    let (b, m, k, n) = (size(lhs, &lb), size(lhs, &lf), size(lhs, &lc), size(rhs, &rf));
    let perm = |v: Vec<&[usize]>| v.concat().iter().map(|&x| x as i64).collect::<Vec<i64>>();
    let l = shape::transpose(lhs, &perm(vec![&lb, &lf, &lc]))?;
    let r = shape::transpose(rhs, &perm(vec![&rb, &rc, &rf]))?;
    let mut out_shape: Vec<usize> = lb.iter().map(|&x| lhs.shape[x]).collect();
    out_shape.extend(lf.iter().map(|&x| lhs.shape[x]));
    out_shape.extend(rf.iter().map(|&x| rhs.shape[x]));
    // The result's size comes from the operands, not from a declared type the caller checked
    // (an HLO `dot` whose contracting dimensions are misspelled is an outer product).
    crate::value::checked_numel(&out_shape)?;
    let buf = batched_matmul(&l, &r, b, m, k, n, elem)?;
    Ok(Tensor::new(out_shape, elem.clone(), buf))
}

/// `[b, m, k] × [b, k, n] → [b, m, n]` in the result type.
fn batched_matmul(l: &Tensor, r: &Tensor, b: usize, m: usize, k: usize, n: usize, elem: &ElemType) -> IResult<Buffer> {
    macro_rules! naive {
        ($ls:expr, $rs:expr, $zero:expr, $mac:expr) => {{
            let mut out = vec![$zero; b * m * n];
            // An empty result may still have 2^62 batches.
            let batches = if m == 0 || n == 0 { 0 } else { b };
            for bi in 0..batches {
                for i in 0..m {
                    for j in 0..n {
                        let mut acc = $zero;
                        for p in 0..k {
                            acc = $mac(acc, $ls[(bi * m + i) * k + p], $rs[(bi * k + p) * n + j]);
                        }
                        out[(bi * m + i) * n + j] = acc;
                    }
                }
            }
            out
        }};
    }
    match elem {
        ElemType::Float(kind) if kind.bit_width() < 32 => {
            // Narrow floats: widen exactly to f32, accumulate in f32, round once.
            let lw = convert::convert(l, &ElemType::F32)?;
            let rw = convert::convert(r, &ElemType::F32)?;
            let wide = batched_matmul(&lw, &rw, b, m, k, n, &ElemType::F32)?;
            let Buffer::F32(v) = wide else { return invalid("internal: f32 product") };
            return elementwise::from_f32_vec(elem, v.to_vec());
        }
        _ => {}
    }
    let l = convert::convert(l, elem)?;
    let r = convert::convert(r, elem)?;
    Ok(match (&l.buf, &r.buf) {
        (Buffer::F32(ls), Buffer::F32(rs)) => Buffer::F32(gemm(ls, rs, b, m, k, n, 0.0f32, 1.0f32).into()),
        (Buffer::F64(ls), Buffer::F64(rs)) => Buffer::F64(gemm(ls, rs, b, m, k, n, 0.0f64, 1.0f64).into()),
        (Buffer::C64(ls), Buffer::C64(rs)) => {
            Buffer::C64(naive!(ls, rs, C64::new(0.0, 0.0), |a: C64, x: C64, y: C64| a + x * y).into())
        }
        (Buffer::C128(ls), Buffer::C128(rs)) => {
            Buffer::C128(naive!(ls, rs, C128::new(0.0, 0.0), |a: C128, x: C128, y: C128| a + x * y).into())
        }
        (Buffer::I8(ls), Buffer::I8(rs)) => {
            Buffer::I8(naive!(ls, rs, 0i8, |a: i8, x: i8, y: i8| a.wrapping_add(x.wrapping_mul(y))).into())
        }
        (Buffer::I16(ls), Buffer::I16(rs)) => {
            Buffer::I16(naive!(ls, rs, 0i16, |a: i16, x: i16, y: i16| a.wrapping_add(x.wrapping_mul(y))).into())
        }
        (Buffer::I32(ls), Buffer::I32(rs)) => {
            Buffer::I32(naive!(ls, rs, 0i32, |a: i32, x: i32, y: i32| a.wrapping_add(x.wrapping_mul(y))).into())
        }
        (Buffer::I64(ls), Buffer::I64(rs)) => {
            Buffer::I64(naive!(ls, rs, 0i64, |a: i64, x: i64, y: i64| a.wrapping_add(x.wrapping_mul(y))).into())
        }
        (Buffer::U8(ls), Buffer::U8(rs)) => {
            Buffer::U8(naive!(ls, rs, 0u8, |a: u8, x: u8, y: u8| a.wrapping_add(x.wrapping_mul(y))).into())
        }
        (Buffer::U16(ls), Buffer::U16(rs)) => {
            Buffer::U16(naive!(ls, rs, 0u16, |a: u16, x: u16, y: u16| a.wrapping_add(x.wrapping_mul(y))).into())
        }
        (Buffer::U32(ls), Buffer::U32(rs)) => {
            Buffer::U32(naive!(ls, rs, 0u32, |a: u32, x: u32, y: u32| a.wrapping_add(x.wrapping_mul(y))).into())
        }
        (Buffer::U64(ls), Buffer::U64(rs)) => {
            Buffer::U64(naive!(ls, rs, 0u64, |a: u64, x: u64, y: u64| a.wrapping_add(x.wrapping_mul(y))).into())
        }
        (Buffer::Bool(ls), Buffer::Bool(rs)) => {
            Buffer::Bool(naive!(ls, rs, false, |a: bool, x: bool, y: bool| a | (x & y)).into())
        }
        _ => return unsupported(format!("dot_general with result type {elem}")),
    })
}

fn gemm<T: faer::traits::ComplexField + Copy>(
    ls: &[T],
    rs: &[T],
    b: usize,
    m: usize,
    k: usize,
    n: usize,
    zero: T,
    one: T,
) -> Vec<T> {
    let mut out = vec![zero; b * m * n];
    if m == 0 || n == 0 {
        return out;
    }
    for bi in 0..b {
        let dst = &mut out[bi * m * n..(bi + 1) * m * n];
        let dst = MatMut::from_row_major_slice_mut(dst, m, n);
        if k == 0 {
            continue;
        }
        let lhs = MatRef::from_row_major_slice(&ls[bi * m * k..(bi + 1) * m * k], m, k);
        let rhs = MatRef::from_row_major_slice(&rs[bi * k * n..(bi + 1) * k * n], k, n);
        faer::linalg::matmul::matmul(dst, Accum::Replace, lhs, rhs, one, Par::Seq);
    }
    // The spec's dot product is a reduction from the initial value +0, so a zero result is +0
    // whatever the signs of the products (+0 + -0 = +0). faer's kernels start some blocks from
    // the first product instead, which keeps a -0 and makes the sign depend on the blocking,
    // that is on the shapes (a sharded block and the global result disagreed). Zeros are made
    // +0 here; every other value is untouched.
    for x in &mut out {
        if *x == zero {
            *x = zero;
        }
    }
    out
}
