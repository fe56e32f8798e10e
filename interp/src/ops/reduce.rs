//! Reductions: `reduce` (and the index maps that `reduce_window` and friends share).
//!
//! Order (choice, the spec leaves it to the implementation): each result
//! element folds its inputs in row-major order of the operand, starting
//! from the init value, as `body(accumulator, element)` — the reference
//! interpreter's order. The fast path for single-op bodies computes exactly
//! what the generic path computes, in the same order, on typed slices.

use half::{bf16, f16};
use shardref_spec::ops::StablehloOp;

use crate::error::{IResult, invalid};
use crate::ops::shape::for_each_index;
use crate::value::{Buffer, Tensor, strides};

/// For every operand element (row-major), the row-major index of the result
/// element it reduces into, when `dims` are reduced away; and the result shape.
pub fn reduction_map(shape: &[usize], dims: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let kept: Vec<usize> = (0..shape.len()).filter(|d| !dims.contains(d)).collect();
    let out_shape: Vec<usize> = kept.iter().map(|&d| shape[d]).collect();
    let out_strides = strides(&out_shape);
    let mut map = Vec::with_capacity(shape.iter().product());
    for_each_index(shape, |i| map.push(kept.iter().zip(&out_strides).map(|(&d, s)| i[d] * s).sum()));
    (map, out_shape)
}

/// Validates reduction dimensions: in range and distinct.
pub fn check_dims(rank: usize, dims: &[i64]) -> IResult<Vec<usize>> {
    let mut out: Vec<usize> = vec![];
    for &d in dims {
        match usize::try_from(d) {
            Ok(d) if d < rank && !out.contains(&d) => out.push(d),
            _ => return invalid(format!("invalid reduction dimension {d} for rank {rank}")),
        }
    }
    Ok(out)
}

/// Folds `s` (of `shape`, row-major) over `dims` with `f`, starting every
/// result element from `init`: exactly the row-major left fold of the
/// generic path (each result element sees its inputs in the same order),
/// computed row by row without a per-element index map. When the innermost
/// dimension is reduced, a row folds into one register; when it is kept, a
/// row folds into a contiguous run of results (independent lanes).
fn fold_rows<T: Copy>(s: &[T], init: T, shape: &[usize], dims: &[usize], f: impl Fn(T, T) -> T) -> Vec<T> {
    let rank = shape.len();
    let out_shape: Vec<usize> = (0..rank).filter(|d| !dims.contains(d)).map(|d| shape[d]).collect();
    let out_n: usize = out_shape.iter().product();
    let mut acc = vec![init; out_n];
    if s.is_empty() {
        return acc;
    }
    if rank == 0 {
        acc[0] = f(acc[0], s[0]);
        return acc;
    }
    // Result stride of every operand dimension (0 for reduced ones).
    let out_strides = strides(&out_shape);
    let mut ostr = vec![0usize; rank];
    let mut k = 0;
    for (d, o) in ostr.iter_mut().enumerate() {
        if !dims.contains(&d) {
            *o = out_strides[k];
            k += 1;
        }
    }
    let inner = shape[rank - 1];
    let last_reduced = dims.contains(&(rank - 1));
    let mut idx = vec![0usize; rank - 1];
    let mut base = 0usize;
    for row in s.chunks_exact(inner) {
        if last_reduced {
            let mut a = acc[base];
            for &x in row {
                a = f(a, x);
            }
            acc[base] = a;
        } else {
            for (a, &x) in acc[base..base + inner].iter_mut().zip(row) {
                *a = f(*a, x);
            }
        }
        for d in (0..rank - 1).rev() {
            idx[d] += 1;
            base += ostr[d];
            if idx[d] < shape[d] {
                break;
            }
            base -= ostr[d] * shape[d];
            idx[d] = 0;
        }
    }
    acc
}

/// The fast path without an index map: `body` is one elementwise op of the
/// accumulator and the element, `dims` (validated by `check_dims`) are
/// reduced. Computes exactly what `fold_single_op` computes with
/// `reduction_map`'s map. `None` when this (op, type) pair has no typed loop.
pub fn fold_single_op_dims(k: StablehloOp, input: &Tensor, init: &Tensor, dims: &[usize]) -> Option<Buffer> {
    use StablehloOp as S;
    let sh = &input.shape;
    macro_rules! fold {
        ($s:expr, $i:expr, $f:expr) => {
            fold_rows(&$s[..], $i[0], sh, dims, $f)
        };
    }
    Some(match (k, &input.buf, &init.buf) {
        (S::Add, Buffer::F32(s), Buffer::F32(i)) => Buffer::F32(fold!(s, i, |a: f32, b: f32| a + b).into()),
        (S::Add, Buffer::F64(s), Buffer::F64(i)) => Buffer::F64(fold!(s, i, |a: f64, b: f64| a + b).into()),
        (S::Add, Buffer::BF16(s), Buffer::BF16(i)) => {
            Buffer::BF16(fold!(s, i, |a: bf16, b: bf16| bf16::from_f64(a.to_f64() + b.to_f64())).into())
        }
        (S::Add, Buffer::F16(s), Buffer::F16(i)) => {
            Buffer::F16(fold!(s, i, |a: f16, b: f16| f16::from_f64(a.to_f64() + b.to_f64())).into())
        }
        (S::Add, Buffer::I32(s), Buffer::I32(i)) => Buffer::I32(fold!(s, i, |a: i32, b: i32| a.wrapping_add(b)).into()),
        (S::Add, Buffer::I64(s), Buffer::I64(i)) => Buffer::I64(fold!(s, i, |a: i64, b: i64| a.wrapping_add(b)).into()),
        (S::Multiply, Buffer::F32(s), Buffer::F32(i)) => Buffer::F32(fold!(s, i, |a: f32, b: f32| a * b).into()),
        (S::Multiply, Buffer::F64(s), Buffer::F64(i)) => Buffer::F64(fold!(s, i, |a: f64, b: f64| a * b).into()),
        (S::Multiply, Buffer::I32(s), Buffer::I32(i)) => {
            Buffer::I32(fold!(s, i, |a: i32, b: i32| a.wrapping_mul(b)).into())
        }
        (S::Multiply, Buffer::I64(s), Buffer::I64(i)) => {
            Buffer::I64(fold!(s, i, |a: i64, b: i64| a.wrapping_mul(b)).into())
        }
        (S::Maximum, Buffer::F32(s), Buffer::F32(i)) => {
            Buffer::F32(fold!(s, i, crate::ops::elementwise::max_nan32).into())
        }
        (S::Maximum, Buffer::F64(s), Buffer::F64(i)) => {
            Buffer::F64(fold!(s, i, crate::ops::elementwise::max_nan64).into())
        }
        (S::Maximum, Buffer::I32(s), Buffer::I32(i)) => Buffer::I32(fold!(s, i, std::cmp::max).into()),
        (S::Maximum, Buffer::I64(s), Buffer::I64(i)) => Buffer::I64(fold!(s, i, std::cmp::max).into()),
        (S::Minimum, Buffer::F32(s), Buffer::F32(i)) => {
            Buffer::F32(fold!(s, i, crate::ops::elementwise::min_nan32).into())
        }
        (S::Minimum, Buffer::F64(s), Buffer::F64(i)) => {
            Buffer::F64(fold!(s, i, crate::ops::elementwise::min_nan64).into())
        }
        (S::Minimum, Buffer::I32(s), Buffer::I32(i)) => Buffer::I32(fold!(s, i, std::cmp::min).into()),
        (S::Minimum, Buffer::I64(s), Buffer::I64(i)) => Buffer::I64(fold!(s, i, std::cmp::min).into()),
        (S::And, Buffer::Bool(s), Buffer::Bool(i)) => Buffer::Bool(fold!(s, i, |a: bool, b: bool| a & b).into()),
        (S::Or, Buffer::Bool(s), Buffer::Bool(i)) => Buffer::Bool(fold!(s, i, |a: bool, b: bool| a | b).into()),
        _ => return None,
    })
}

/// The fast path: `body` is one elementwise op of the accumulator and the element.
/// `None` when this (op, type) pair has no typed loop; the caller then runs the body.
pub fn fold_single_op(k: StablehloOp, input: &Tensor, init: &Tensor, map: &[usize], out_n: usize) -> Option<Buffer> {
    use StablehloOp as S;
    macro_rules! fold {
        ($s:expr, $i:expr, $f:expr) => {{
            let mut acc = vec![$i[0]; out_n];
            for (x, &j) in $s.iter().zip(map) {
                acc[j] = $f(acc[j], *x);
            }
            acc
        }};
    }
    Some(match (k, &input.buf, &init.buf) {
        (S::Add, Buffer::F32(s), Buffer::F32(i)) => Buffer::F32(fold!(s, i, |a: f32, b: f32| a + b).into()),
        (S::Add, Buffer::F64(s), Buffer::F64(i)) => Buffer::F64(fold!(s, i, |a: f64, b: f64| a + b).into()),
        (S::Add, Buffer::BF16(s), Buffer::BF16(i)) => {
            Buffer::BF16(fold!(s, i, |a: bf16, b: bf16| bf16::from_f64(a.to_f64() + b.to_f64())).into())
        }
        (S::Add, Buffer::F16(s), Buffer::F16(i)) => {
            Buffer::F16(fold!(s, i, |a: f16, b: f16| f16::from_f64(a.to_f64() + b.to_f64())).into())
        }
        (S::Add, Buffer::I32(s), Buffer::I32(i)) => Buffer::I32(fold!(s, i, |a: i32, b: i32| a.wrapping_add(b)).into()),
        (S::Add, Buffer::I64(s), Buffer::I64(i)) => Buffer::I64(fold!(s, i, |a: i64, b: i64| a.wrapping_add(b)).into()),
        (S::Multiply, Buffer::F32(s), Buffer::F32(i)) => Buffer::F32(fold!(s, i, |a: f32, b: f32| a * b).into()),
        (S::Multiply, Buffer::F64(s), Buffer::F64(i)) => Buffer::F64(fold!(s, i, |a: f64, b: f64| a * b).into()),
        (S::Multiply, Buffer::I32(s), Buffer::I32(i)) => {
            Buffer::I32(fold!(s, i, |a: i32, b: i32| a.wrapping_mul(b)).into())
        }
        (S::Multiply, Buffer::I64(s), Buffer::I64(i)) => {
            Buffer::I64(fold!(s, i, |a: i64, b: i64| a.wrapping_mul(b)).into())
        }
        (S::Maximum, Buffer::F32(s), Buffer::F32(i)) => {
            Buffer::F32(fold!(s, i, crate::ops::elementwise::max_nan32).into())
        }
        (S::Maximum, Buffer::F64(s), Buffer::F64(i)) => {
            Buffer::F64(fold!(s, i, crate::ops::elementwise::max_nan64).into())
        }
        (S::Maximum, Buffer::I32(s), Buffer::I32(i)) => Buffer::I32(fold!(s, i, std::cmp::max).into()),
        (S::Maximum, Buffer::I64(s), Buffer::I64(i)) => Buffer::I64(fold!(s, i, std::cmp::max).into()),
        (S::Minimum, Buffer::F32(s), Buffer::F32(i)) => {
            Buffer::F32(fold!(s, i, crate::ops::elementwise::min_nan32).into())
        }
        (S::Minimum, Buffer::F64(s), Buffer::F64(i)) => {
            Buffer::F64(fold!(s, i, crate::ops::elementwise::min_nan64).into())
        }
        (S::Minimum, Buffer::I32(s), Buffer::I32(i)) => Buffer::I32(fold!(s, i, std::cmp::min).into()),
        (S::Minimum, Buffer::I64(s), Buffer::I64(i)) => Buffer::I64(fold!(s, i, std::cmp::min).into()),
        (S::And, Buffer::Bool(s), Buffer::Bool(i)) => Buffer::Bool(fold!(s, i, |a: bool, b: bool| a & b).into()),
        (S::Or, Buffer::Bool(s), Buffer::Bool(i)) => Buffer::Bool(fold!(s, i, |a: bool, b: bool| a | b).into()),
        _ => return None,
    })
}
