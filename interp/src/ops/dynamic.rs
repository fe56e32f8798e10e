//! Dynamic-shape ops: the static ops with their shapes, sizes, paddings or
//! slice bounds read from integer operand tensors instead of attributes.
//!
//! Each kernel reads its integer operands with `int_values` (any integer
//! element type; unsigned 64-bit values above `i64::MAX` saturate), checks
//! the lengths against the operand rank, and delegates to the static kernel
//! in `shape.rs`. The result shape always comes from the operands, never from
//! the (possibly `?`) result type; the evaluator then checks the value
//! against the declared type, so a static result dimension that disagrees
//! with the operands is an invalid program.

use crate::error::{IResult, invalid};
use crate::ops::shape;
use crate::value::{Buffer, Tensor};
use shardref_spec::ir::ElemType;

/// The elements of an integer tensor (any rank) as i64, in row-major order.
pub fn int_values(t: &Tensor) -> IResult<Vec<i64>> {
    Ok(match &t.buf {
        Buffer::I8(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::I16(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::I32(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::I64(s) => s.to_vec(),
        Buffer::U8(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::U16(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::U32(s) => s.iter().map(|&x| x as i64).collect(),
        Buffer::U64(s) => s.iter().map(|&x| i64::try_from(x).unwrap_or(i64::MAX)).collect(),
        Buffer::Bool(s) => s.iter().map(|&x| x as i64).collect(),
        _ => return invalid("expected an integer tensor of shape values"),
    })
}

/// A shape operand: a 1-D integer tensor of non-negative sizes.
pub fn shape_values(t: &Tensor) -> IResult<Vec<usize>> {
    if t.rank() != 1 {
        return invalid("a shape operand must be a 1-D tensor");
    }
    int_values(t)?
        .into_iter()
        .map(|d| usize::try_from(d).or_else(|_| invalid(format!("negative dimension size {d} in a shape operand"))))
        .collect()
}

/// One integer per dimension of a rank-`rank` operand.
fn per_dim(t: &Tensor, rank: usize, what: &str) -> IResult<Vec<i64>> {
    let v = int_values(t)?;
    if t.rank() != 1 || v.len() != rank {
        return invalid(format!("{what} must be a 1-D tensor with one entry per dimension ({rank})"));
    }
    Ok(v)
}

/// `dynamic_iota`: `iota` with the result shape from `output_shape`.
pub fn dynamic_iota(output_shape: &Tensor, dim: i64, elem: &ElemType) -> IResult<Tensor> {
    shape::iota(shape_values(output_shape)?, dim, elem)
}

/// `dynamic_broadcast_in_dim`: `broadcast_in_dim` to `output_dimensions`.
pub fn dynamic_broadcast_in_dim(t: &Tensor, output_dimensions: &Tensor, dims: &[i64]) -> IResult<Tensor> {
    shape::broadcast_in_dim(t, dims, shape_values(output_dimensions)?)
}

/// `dynamic_reshape`: `reshape` to `output_shape`.
pub fn dynamic_reshape(t: &Tensor, output_shape: &Tensor) -> IResult<Tensor> {
    shape::reshape(t, shape_values(output_shape)?)
}

/// `real_dynamic_slice`: `slice` with start/limit/stride operands.
pub fn real_dynamic_slice(t: &Tensor, start: &Tensor, limit: &Tensor, strides: &Tensor) -> IResult<Tensor> {
    let r = t.rank();
    let (a, b, c) =
        (per_dim(start, r, "start_indices")?, per_dim(limit, r, "limit_indices")?, per_dim(strides, r, "strides")?);
    shape::slice(t, &a, &b, &c)
}

/// `dynamic_pad`: `pad` with low/high/interior operands.
pub fn dynamic_pad(t: &Tensor, value: &Tensor, low: &Tensor, high: &Tensor, interior: &Tensor) -> IResult<Tensor> {
    let r = t.rank();
    let (lo, hi, inner) = (
        per_dim(low, r, "edge_padding_low")?,
        per_dim(high, r, "edge_padding_high")?,
        per_dim(interior, r, "interior_padding")?,
    );
    shape::pad(t, value, &lo, &hi, &inner)
}

/// `broadcast`: the result shape is `sizes` followed by the operand's shape.
pub fn broadcast(t: &Tensor, sizes: &[i64]) -> IResult<Tensor> {
    let mut out = Vec::with_capacity(sizes.len() + t.rank());
    for &s in sizes {
        out.push(usize::try_from(s).or_else(|_| invalid(format!("negative broadcast size {s}")))?);
    }
    out.extend_from_slice(&t.shape);
    let dims: Vec<i64> = (sizes.len()..out.len()).map(|d| d as i64).collect();
    shape::broadcast_in_dim(t, &dims, out)
}

/// `set_dimension_size(operand, size)`: marks the first `size` elements of
/// `dimension` as the valid ones. shardref's values carry no bounds: when the
/// result type keeps that dimension static the operand passes through
/// unchanged (the dynamic size is metadata); when it is dynamic (`?`), the
/// result is the operand sliced to `[0, size)` along it, with `size`
/// clamped to `[0, dim(operand, dimension)]`.
pub fn set_dimension_size(t: &Tensor, size: &Tensor, dimension: i64, result_dim_is_static: bool) -> IResult<Tensor> {
    let d = usize::try_from(dimension)
        .ok()
        .filter(|&d| d < t.rank())
        .map_or_else(|| invalid(format!("set_dimension_size: dimension {dimension} out of range")), Ok)?;
    if size.num_elements() != 1 {
        return invalid("set_dimension_size: size must be a scalar");
    }
    if result_dim_is_static {
        return Ok(t.clone());
    }
    let n = int_values(size)?[0].clamp(0, t.shape[d] as i64);
    let mut limit: Vec<i64> = t.shape.iter().map(|&x| x as i64).collect();
    limit[d] = n;
    shape::slice(t, &vec![0; t.rank()], &limit, &vec![1; t.rank()])
}
