//! Shape and data-movement ops. `reshape` shares its operand's buffer; `transpose`,
//! `broadcast_in_dim`, `slice`, `dynamic_slice`, `reverse`, `concatenate`,
//! `dynamic_update_slice` and `pad` are strided block copies (`ops::strided`): each names, per
//! box of result elements, the affine map to the operand elements it copies, with no
//! per-element index vector. `iota` fills runs and repeats its first period.

use std::sync::Arc;

use shardref_spec::ir::ElemType;

use crate::error::{IResult, invalid};
use crate::ops::strided::{self, Part, istrides};
use crate::value::{Buffer, Tensor, strides};

/// Visits every multi-index of `shape` in row-major order.
pub fn for_each_index(shape: &[usize], mut f: impl FnMut(&[usize])) {
    if shape.contains(&0) {
        return;
    }
    let mut idx = vec![0usize; shape.len()];
    loop {
        f(&idx);
        let mut d = shape.len();
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

/// The element count of a result shape, checked against overflow and the memory budget.
fn numel(shape: &[usize]) -> IResult<usize> {
    crate::value::checked_numel(shape)
}

pub(crate) fn to_usize(v: &[i64], what: &str) -> IResult<Vec<usize>> {
    v.iter().map(|&x| usize::try_from(x).or_else(|_| invalid(format!("negative {what}: {x}")))).collect()
}

/// `reshape`: same elements, new shape.
pub fn reshape(t: &Tensor, shape: Vec<usize>) -> IResult<Tensor> {
    if numel(&shape)? != t.num_elements() {
        return invalid(format!("cannot reshape {:?} to {:?}", t.shape, shape));
    }
    Ok(Tensor::new(shape, t.elem.clone(), t.buf.clone()))
}

/// `transpose`: result dim i is operand dim permutation\[i\].
pub fn transpose(t: &Tensor, perm: &[i64]) -> IResult<Tensor> {
    let perm = to_usize(perm, "permutation")?;
    let mut seen = vec![false; t.rank()];
    for &p in &perm {
        if p >= t.rank() || std::mem::replace(&mut seen[p], true) {
            return invalid(format!("invalid permutation {perm:?} for rank {}", t.rank()));
        }
    }
    if perm.len() != t.rank() {
        return invalid("permutation length differs from the rank");
    }
    // The identity permutation shares the operand's buffer.
    if perm.iter().enumerate().all(|(i, &p)| i == p) {
        return Ok(t.clone());
    }
    let shape: Vec<usize> = perm.iter().map(|&p| t.shape[p]).collect();
    let st = istrides(&t.shape);
    let src: Vec<isize> = perm.iter().map(|&p| st[p]).collect();
    Ok(Tensor::new(shape.clone(), t.elem.clone(), boxed(&t.buf, 0, &src, &shape, t.num_elements())?))
}

/// A box of `buf` (`strided::gather_box`) as a new buffer.
fn boxed(buf: &Buffer, base: usize, strides: &[isize], shape: &[usize], n: usize) -> IResult<Buffer> {
    strided::gather_box(buf, base, strides, shape, n)
        .ok_or_else(|| crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "a fresh buffer was shared"))
}

/// `compose` (`strided::compose`) of a result buffer, with its failure as an error.
fn composed(
    repr: crate::value::Repr,
    n: usize,
    fill: Option<&Buffer>,
    base: Option<&Buffer>,
    parts: &[Part<'_>],
) -> IResult<Buffer> {
    strided::compose(repr, n, fill, base, parts)
        .ok_or_else(|| crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "operands differ in type"))
}

/// `broadcast_in_dim`: operand dim i maps to result dim dims\[i\] (size 1 broadcasts).
pub fn broadcast_in_dim(t: &Tensor, dims: &[i64], shape: Vec<usize>) -> IResult<Tensor> {
    let dims = to_usize(dims, "broadcast dimension")?;
    if dims.len() != t.rank() {
        return invalid("broadcast_dimensions length differs from the operand rank");
    }
    for (i, &d) in dims.iter().enumerate() {
        if d >= shape.len() || (t.shape[i] != 1 && t.shape[i] != shape[d]) {
            return invalid(format!("operand dim {i} (size {}) cannot broadcast to result dim {d}", t.shape[i]));
        }
    }
    let n = numel(&shape)?;
    // Result dimension d reads the operand's dimensions mapped to it (size-1 ones broadcast).
    let st = istrides(&t.shape);
    let mut src = vec![0isize; shape.len()];
    for (k, &d) in dims.iter().enumerate() {
        if t.shape[k] != 1 {
            src[d] += st[k];
        }
    }
    Ok(Tensor::new(shape.clone(), t.elem.clone(), boxed(&t.buf, 0, &src, &shape, n)?))
}

/// `concatenate` along `dim`.
pub fn concatenate(ts: &[&Tensor], dim: i64) -> IResult<Tensor> {
    let Some(first) = ts.first() else { return invalid("concatenate needs at least one operand") };
    let dim = usize::try_from(dim).ok().filter(|&d| d < first.rank()).ok_or_else(|| {
        crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "concatenate dimension out of range")
    })?;
    for t in ts {
        if t.rank() != first.rank() || t.elem != first.elem || t.buf.repr() != first.buf.repr() {
            return invalid("concatenate operands differ in rank or element type");
        }
        for d in 0..t.rank() {
            if d != dim && t.shape[d] != first.shape[d] {
                return invalid("concatenate operands differ outside the concatenation dimension");
            }
        }
    }
    let mut shape = first.shape.clone();
    shape[dim] = ts.iter().map(|t| t.shape[dim]).sum();
    let n = numel(&shape)?;
    // An empty result: its rows may number 2^62 with nothing in them.
    if n == 0 {
        return Ok(Tensor::new(shape, first.elem.clone(), Buffer::zeros(first.buf.repr(), 0)));
    }
    // Each operand is the box of the result starting at its offset along `dim`.
    let ost = istrides(&shape);
    let mut offset = 0usize;
    let parts: Vec<Part<'_>> = ts
        .iter()
        .map(|t| {
            let p = Part {
                src: &t.buf,
                sbase: 0,
                sstr: istrides(&t.shape),
                dbase: offset * ost[dim] as usize,
                dstr: ost.clone(),
                shape: t.shape.clone(),
            };
            offset += t.shape[dim];
            p
        })
        .collect();
    let buf = composed(first.buf.repr(), n, None, None, &parts)?;
    Ok(Tensor::new(shape, first.elem.clone(), buf))
}

/// Gathers `(operand, index)` pairs from several buffers of one representation.
pub fn gather_many(ts: &[&Tensor], parts: &[(usize, usize)]) -> IResult<Buffer> {
    macro_rules! go {
        ($($v:ident),*) => {
            match &ts[0].buf {
                $(Buffer::$v(_) => {
                    let slices: Vec<&[_]> = ts.iter().map(|t| match &t.buf { Buffer::$v(s) => Ok(&s[..]), _ => invalid("operands differ in type") }).collect::<IResult<_>>()?;
                    Buffer::$v(parts.iter().map(|&(k, i)| slices[k][i]).collect())
                })*
            }
        };
    }
    Ok(go!(Bool, I8, I16, I32, I64, U8, U16, U32, U64, F8, BF16, F16, F32, F64, C64, C128))
}

/// `slice` with start (inclusive), limit (exclusive) and strides.
pub fn slice(t: &Tensor, start: &[i64], limit: &[i64], stride: &[i64]) -> IResult<Tensor> {
    let r = t.rank();
    if start.len() != r || limit.len() != r || stride.len() != r {
        return invalid("slice attributes must have one entry per dimension");
    }
    let (start, limit, stride) = (to_usize(start, "start")?, to_usize(limit, "limit")?, to_usize(stride, "stride")?);
    let mut shape = Vec::with_capacity(r);
    for d in 0..r {
        if stride[d] == 0 || start[d] > limit[d] || limit[d] > t.shape[d] {
            return invalid(format!(
                "invalid slice of dimension {d}: {}..{} step {} of {}",
                start[d], limit[d], stride[d], t.shape[d]
            ));
        }
        shape.push((limit[d] - start[d]).div_ceil(stride[d]));
    }
    let n = numel(&shape)?;
    let st = t.strides();
    let base: usize = (0..r).filter(|&d| shape[d] > 0).map(|d| start[d] * st[d]).sum();
    let src: Vec<isize> = (0..r).map(|d| (stride[d] * st[d]) as isize).collect();
    Ok(Tensor::new(shape.clone(), t.elem.clone(), boxed(&t.buf, base, &src, &shape, n)?))
}

/// Clamps dynamic start indices so the window stays inside the operand (spec: dynamic_slice C?).
pub fn clamp_starts(starts: &[i64], sizes: &[usize], shape: &[usize]) -> Vec<usize> {
    starts
        .iter()
        .zip(sizes)
        .zip(shape)
        .map(|((&s, &size), &dim)| s.clamp(0, dim.saturating_sub(size) as i64) as usize)
        .collect()
}

/// `dynamic_slice`: a `sizes` window at clamped `starts`.
pub fn dynamic_slice(t: &Tensor, starts: &[i64], sizes: &[i64]) -> IResult<Tensor> {
    let sizes = to_usize(sizes, "slice size")?;
    if starts.len() != t.rank() || sizes.len() != t.rank() || sizes.iter().zip(&t.shape).any(|(s, d)| s > d) {
        return invalid("dynamic_slice sizes must fit the operand");
    }
    let begin = clamp_starts(starts, &sizes, &t.shape);
    let n = numel(&sizes)?;
    let st = t.strides();
    let base: usize = begin.iter().zip(&st).map(|(b, s)| b * s).sum();
    let src = istrides(&t.shape);
    Ok(Tensor::new(sizes.clone(), t.elem.clone(), boxed(&t.buf, base, &src, &sizes, n)?))
}

/// `dynamic_update_slice`: the operand with `update` written at clamped `starts`.
pub fn dynamic_update_slice(t: &Tensor, update: &Tensor, starts: &[i64]) -> IResult<Tensor> {
    if update.rank() != t.rank()
        || starts.len() != t.rank()
        || update.shape.iter().zip(&t.shape).any(|(u, d)| u > d)
        || update.buf.repr() != t.buf.repr()
    {
        return invalid("dynamic_update_slice update must fit the operand");
    }
    let begin = clamp_starts(starts, &update.shape, &t.shape);
    let st = t.strides();
    let n = t.num_elements();
    // The operand, then the update's box at the clamped starts.
    let part = Part {
        src: &update.buf,
        sbase: 0,
        sstr: istrides(&update.shape),
        dbase: if update.num_elements() == 0 { 0 } else { begin.iter().zip(&st).map(|(b, s)| b * s).sum() },
        dstr: istrides(&t.shape),
        shape: update.shape.clone(),
    };
    let buf = composed(t.buf.repr(), n, None, Some(&t.buf), &[part])?;
    Ok(Tensor::new(t.shape.clone(), t.elem.clone(), buf))
}

/// `pad` with low/high (possibly negative) edge padding and interior padding.
pub fn pad(t: &Tensor, value: &Tensor, low: &[i64], high: &[i64], interior: &[i64]) -> IResult<Tensor> {
    let r = t.rank();
    if low.len() != r
        || high.len() != r
        || interior.len() != r
        || value.num_elements() != 1
        || value.buf.repr() != t.buf.repr()
    {
        return invalid("pad attributes must have one entry per dimension and a scalar padding value");
    }
    let interior = to_usize(interior, "interior padding")?;
    let mut shape = Vec::with_capacity(r);
    for d in 0..r {
        // In i128: sizes, interior and edge paddings are i64s, so this cannot overflow.
        let dilated = if t.shape[d] == 0 { 0 } else { (t.shape[d] as i128 - 1) * (interior[d] as i128 + 1) + 1 };
        let size = dilated + low[d] as i128 + high[d] as i128;
        if size < 0 {
            return invalid(format!("padding makes dimension {d} negative"));
        }
        shape.push(usize::try_from(size).or_else(|_| invalid(format!("padded dimension {d} overflows")))?);
    }
    let n = numel(&shape)?;
    // The padding value everywhere, then the operand elements that land inside the result: along
    // dimension d, operand index j goes to low + j (interior + 1) when that is in 0..shape[d].
    let st = t.strides();
    let ost = istrides(&shape);
    let (mut sbase, mut dbase) = (0usize, 0usize);
    let (mut sstr, mut dstr, mut sizes) = (vec![], vec![], vec![]);
    for d in 0..r {
        let step = interior[d] as i128 + 1;
        let low_d = low[d] as i128;
        // The first j with low + j step >= 0, and the count of j < shape with low + j step < size.
        let j0 = if low_d >= 0 { 0 } else { (-low_d + step - 1) / step };
        let end = if (shape[d] as i128) <= low_d {
            0
        } else {
            ((shape[d] as i128 - low_d + step - 1) / step).min(t.shape[d] as i128)
        };
        let count = (end - j0).max(0) as usize;
        sizes.push(count);
        if count > 0 {
            sbase += j0 as usize * st[d];
            dbase += (low_d + j0 * step) as usize * ost[d] as usize;
        }
        sstr.push(st[d] as isize);
        dstr.push(step as isize * ost[d]);
    }
    let part = Part { src: &t.buf, sbase, sstr, dbase, dstr, shape: sizes };
    let buf = composed(t.buf.repr(), n, Some(&value.buf), None, &[part])?;
    Ok(Tensor::new(shape, t.elem.clone(), buf))
}

/// `reverse` along `dims`.
pub fn reverse(t: &Tensor, dims: &[i64]) -> IResult<Tensor> {
    let dims = to_usize(dims, "dimension")?;
    if dims.iter().any(|&d| d >= t.rank()) {
        return invalid("reverse dimension out of range");
    }
    let n = t.num_elements();
    if n == 0 {
        return Ok(t.clone());
    }
    // A reversed dimension starts at its last element and steps back.
    let st = istrides(&t.shape);
    let base: usize = dims
        .iter()
        .copied()
        .collect::<std::collections::BTreeSet<_>>()
        .iter()
        .map(|&d| (t.shape[d] - 1) * st[d] as usize)
        .sum();
    let src: Vec<isize> = (0..t.rank()).map(|d| if dims.contains(&d) { -st[d] } else { st[d] }).collect();
    Ok(Tensor::new(t.shape.clone(), t.elem.clone(), boxed(&t.buf, base, &src, &t.shape, n)?))
}

/// Writes elements `start..start + out.len()` of an f32 iota along a dimension of `len` elements
/// whose row-major stride is `step` (both non-zero): element i is `(i / step) % len` rounded to
/// f32. Shared by `iota` and the fused groups (`ops::fused`). It writes runs of equal values
/// (`step > 1`) or of consecutive ones (`step == 1`), and converts through i32 when the values
/// fit (the same integer, so the same rounding; it is a single instruction where u64 is not).
pub fn iota_f32_into(out: &mut [f32], start: usize, step: usize, len: usize) {
    // A shape with no elements may have a zero stride or length: nothing to write.
    if out.is_empty() {
        return;
    }
    let small = i32::try_from(len).is_ok();
    let (mut v, mut c) = ((start / step) % len, start % step);
    let mut rest = out;
    while !rest.is_empty() {
        if step == 1 {
            let (seg, tail) = rest.split_at_mut((len - v).min(rest.len()));
            if small {
                // v + k < len ≤ i32::MAX, so the i32 sum never wraps; unlike a checked usize
                // sum, it lets the loop be vectorized.
                let v0 = v as i32;
                for (k, o) in seg.iter_mut().enumerate() {
                    *o = v0.wrapping_add(k as i32) as f32;
                }
            } else {
                for (k, o) in seg.iter_mut().enumerate() {
                    *o = (v + k) as f32;
                }
            }
            v = (v + seg.len()) % len;
            rest = tail;
        } else {
            let (seg, tail) = rest.split_at_mut((step - c).min(rest.len()));
            seg.fill(v as f32);
            c += seg.len();
            if c == step {
                c = 0;
                v = (v + 1) % len;
            }
            rest = tail;
        }
    }
}

/// `iota`: element value = its index along `dim`, converted to the element type.
pub fn iota(shape: Vec<usize>, dim: i64, elem: &ElemType) -> IResult<Tensor> {
    let dim = usize::try_from(dim).ok().filter(|&d| d < shape.len()).ok_or_else(|| {
        crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "iota dimension out of range")
    })?;
    let st = strides(&shape);
    let n = numel(&shape)?;
    let (step, len) = (st[dim], shape[dim]);
    // Element i holds (i / step) % len: runs of `step` equal values, cycling
    // through 0..len (no per-element division).
    fn fill<T>(n: usize, step: usize, len: usize, f: impl Fn(usize) -> T) -> impl Iterator<Item = T> {
        let (mut v, mut c) = (0usize, 0usize);
        (0..n).map(move |_| {
            let out = f(v);
            c += 1;
            if c == step {
                c = 0;
                v += 1;
                if v == len {
                    v = 0;
                }
            }
            out
        })
    }
    // f32/f64 directly (the same round-to-nearest conversion of the same integers).
    match elem {
        ElemType::Float(shardref_spec::ir::FloatKind::F32) => {
            let mut out: Arc<[f32]> = crate::ops::elementwise::fresh_buffer(n);
            iota_f32_into(Arc::get_mut(&mut out).expect("a fresh buffer is unique"), 0, step, len);
            return Ok(Tensor::new(shape, elem.clone(), Buffer::F32(out)));
        }
        ElemType::Float(shardref_spec::ir::FloatKind::F64) => {
            return Ok(Tensor::new(shape, elem.clone(), Buffer::F64(fill(n, step, len, |v| v as f64).collect())));
        }
        _ => {}
    }
    if n == 0 {
        return Ok(Tensor::new(shape, elem.clone(), crate::ops::convert::from_i64s(elem, &[])?));
    }
    // Every other type: the `len` values converted once, as `from_i64s` converts each element,
    // then runs of `step` copies, and that period (step · len ≤ n elements) repeated by copies.
    let period: Vec<i64> = (0..len as i64).collect();
    let values = crate::ops::convert::from_i64s(elem, &period)?;
    let buf = crate::map_same!(&values, v => iota_repeat(&v[..], step, n));
    Ok(Tensor::new(shape, elem.clone(), buf))
}

/// `n` elements: each of `values` repeated `step` times, that period repeated (the iota layout).
fn iota_repeat<T: Copy>(values: &[T], step: usize, n: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(n);
    for &x in values {
        out.extend(std::iter::repeat_n(x, step.min(n - out.len())));
        if out.len() == n {
            return out;
        }
    }
    while out.len() < n {
        let k = out.len().min(n - out.len());
        out.extend_from_within(..k);
    }
    out
}

/// The index-vector implementations these kernels replaced, kept as the tests' reference.
#[cfg(test)]
mod indexed {
    use super::*;
    use crate::value::Buffer;

    pub(super) fn transpose(t: &Tensor, perm: &[i64]) -> IResult<Tensor> {
        let perm = to_usize(perm, "permutation")?;
        let mut seen = vec![false; t.rank()];
        for &p in &perm {
            if p >= t.rank() || std::mem::replace(&mut seen[p], true) {
                return invalid(format!("invalid permutation {perm:?} for rank {}", t.rank()));
            }
        }
        if perm.len() != t.rank() {
            return invalid("permutation length differs from the rank");
        }
        // The identity permutation shares the operand's buffer.
        if perm.iter().enumerate().all(|(i, &p)| i == p) {
            return Ok(t.clone());
        }
        let shape: Vec<usize> = perm.iter().map(|&p| t.shape[p]).collect();
        let st = t.strides();
        let src: Vec<usize> = perm.iter().map(|&p| st[p]).collect();
        let mut idx = Vec::with_capacity(t.num_elements());
        for_each_index(&shape, |i| idx.push(i.iter().zip(&src).map(|(a, b)| a * b).sum()));
        Ok(Tensor::new(shape, t.elem.clone(), t.buf.gather(&idx)))
    }

    pub(super) fn broadcast_in_dim(t: &Tensor, dims: &[i64], shape: Vec<usize>) -> IResult<Tensor> {
        let dims = to_usize(dims, "broadcast dimension")?;
        if dims.len() != t.rank() {
            return invalid("broadcast_dimensions length differs from the operand rank");
        }
        for (i, &d) in dims.iter().enumerate() {
            if d >= shape.len() || (t.shape[i] != 1 && t.shape[i] != shape[d]) {
                return invalid(format!("operand dim {i} (size {}) cannot broadcast to result dim {d}", t.shape[i]));
            }
        }
        let st = t.strides();
        let mut idx = Vec::with_capacity(numel(&shape)?);
        for_each_index(&shape, |i| {
            idx.push(dims.iter().enumerate().map(|(k, &d)| if t.shape[k] == 1 { 0 } else { i[d] * st[k] }).sum());
        });
        Ok(Tensor::new(shape, t.elem.clone(), t.buf.gather(&idx)))
    }

    pub(super) fn concatenate(ts: &[&Tensor], dim: i64) -> IResult<Tensor> {
        let Some(first) = ts.first() else { return invalid("concatenate needs at least one operand") };
        let dim = usize::try_from(dim).ok().filter(|&d| d < first.rank()).ok_or_else(|| {
            crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "concatenate dimension out of range")
        })?;
        for t in ts {
            if t.rank() != first.rank() || t.elem != first.elem || t.buf.repr() != first.buf.repr() {
                return invalid("concatenate operands differ in rank or element type");
            }
            for d in 0..t.rank() {
                if d != dim && t.shape[d] != first.shape[d] {
                    return invalid("concatenate operands differ outside the concatenation dimension");
                }
            }
        }
        let mut shape = first.shape.clone();
        shape[dim] = ts.iter().map(|t| t.shape[dim]).sum();
        let n = numel(&shape)?;
        // An empty result: its rows may number 2^62 with nothing in them.
        if n == 0 {
            return Ok(Tensor::new(shape, first.elem.clone(), Buffer::zeros(first.buf.repr(), 0)));
        }
        // Rows: the product of dims before `dim`; each operand contributes a contiguous chunk per row.
        let outer: usize = shape[..dim].iter().product();
        let inner: usize = shape[dim + 1..].iter().product();
        let mut parts: Vec<(usize, usize)> = Vec::with_capacity(n); // (operand, element index)
        for o in 0..outer {
            for (k, t) in ts.iter().enumerate() {
                let chunk = t.shape[dim] * inner;
                for e in 0..chunk {
                    parts.push((k, o * chunk + e));
                }
            }
        }
        let buf = gather_many(ts, &parts)?;
        Ok(Tensor::new(shape, first.elem.clone(), buf))
    }

    pub(super) fn slice(t: &Tensor, start: &[i64], limit: &[i64], stride: &[i64]) -> IResult<Tensor> {
        let r = t.rank();
        if start.len() != r || limit.len() != r || stride.len() != r {
            return invalid("slice attributes must have one entry per dimension");
        }
        let (start, limit, stride) =
            (to_usize(start, "start")?, to_usize(limit, "limit")?, to_usize(stride, "stride")?);
        let mut shape = Vec::with_capacity(r);
        for d in 0..r {
            if stride[d] == 0 || start[d] > limit[d] || limit[d] > t.shape[d] {
                return invalid(format!(
                    "invalid slice of dimension {d}: {}..{} step {} of {}",
                    start[d], limit[d], stride[d], t.shape[d]
                ));
            }
            shape.push((limit[d] - start[d]).div_ceil(stride[d]));
        }
        let st = t.strides();
        let mut idx = Vec::with_capacity(numel(&shape)?);
        for_each_index(&shape, |i| idx.push((0..r).map(|d| (start[d] + i[d] * stride[d]) * st[d]).sum()));
        Ok(Tensor::new(shape, t.elem.clone(), t.buf.gather(&idx)))
    }

    pub(super) fn dynamic_slice(t: &Tensor, starts: &[i64], sizes: &[i64]) -> IResult<Tensor> {
        let sizes = to_usize(sizes, "slice size")?;
        if starts.len() != t.rank() || sizes.len() != t.rank() || sizes.iter().zip(&t.shape).any(|(s, d)| s > d) {
            return invalid("dynamic_slice sizes must fit the operand");
        }
        let begin = clamp_starts(starts, &sizes, &t.shape);
        let st = t.strides();
        let mut idx = Vec::with_capacity(numel(&sizes)?);
        for_each_index(&sizes, |i| idx.push(i.iter().zip(&begin).zip(&st).map(|((a, b), s)| (a + b) * s).sum()));
        Ok(Tensor::new(sizes, t.elem.clone(), t.buf.gather(&idx)))
    }

    pub(super) fn dynamic_update_slice(t: &Tensor, update: &Tensor, starts: &[i64]) -> IResult<Tensor> {
        if update.rank() != t.rank()
            || starts.len() != t.rank()
            || update.shape.iter().zip(&t.shape).any(|(u, d)| u > d)
            || update.buf.repr() != t.buf.repr()
        {
            return invalid("dynamic_update_slice update must fit the operand");
        }
        let begin = clamp_starts(starts, &update.shape, &t.shape);
        let st = t.strides();
        let n = t.num_elements();
        // parts[i] = (0, i) keeps the operand; (1, j) takes update element j.
        let mut parts: Vec<(usize, usize)> = (0..n).map(|i| (0, i)).collect();
        let mut j = 0;
        for_each_index(&update.shape, |i| {
            let dst: usize = i.iter().zip(&begin).zip(&st).map(|((a, b), s)| (a + b) * s).sum();
            parts[dst] = (1, j);
            j += 1;
        });
        Ok(Tensor::new(t.shape.clone(), t.elem.clone(), gather_many(&[t, update], &parts)?))
    }

    pub(super) fn pad(t: &Tensor, value: &Tensor, low: &[i64], high: &[i64], interior: &[i64]) -> IResult<Tensor> {
        let r = t.rank();
        if low.len() != r
            || high.len() != r
            || interior.len() != r
            || value.num_elements() != 1
            || value.buf.repr() != t.buf.repr()
        {
            return invalid("pad attributes must have one entry per dimension and a scalar padding value");
        }
        let interior = to_usize(interior, "interior padding")?;
        let mut shape = Vec::with_capacity(r);
        for d in 0..r {
            // In i128: sizes, interior and edge paddings are i64s, so this cannot overflow.
            let dilated = if t.shape[d] == 0 { 0 } else { (t.shape[d] as i128 - 1) * (interior[d] as i128 + 1) + 1 };
            let size = dilated + low[d] as i128 + high[d] as i128;
            if size < 0 {
                return invalid(format!("padding makes dimension {d} negative"));
            }
            shape.push(usize::try_from(size).or_else(|_| invalid(format!("padded dimension {d} overflows")))?);
        }
        let st = t.strides();
        let mut parts = Vec::with_capacity(numel(&shape)?);
        for_each_index(&shape, |i| {
            let mut src = 0usize;
            let mut inside = true;
            for d in 0..r {
                let p = i[d] as i128 - low[d] as i128;
                let step = interior[d] as i128 + 1;
                if p < 0 || p % step != 0 || p / step >= t.shape[d] as i128 {
                    inside = false;
                    break;
                }
                src += (p / step) as usize * st[d];
            }
            parts.push(if inside { (0, src) } else { (1, 0) });
        });
        Ok(Tensor::new(shape, t.elem.clone(), gather_many(&[t, value], &parts)?))
    }

    pub(super) fn reverse(t: &Tensor, dims: &[i64]) -> IResult<Tensor> {
        let dims = to_usize(dims, "dimension")?;
        if dims.iter().any(|&d| d >= t.rank()) {
            return invalid("reverse dimension out of range");
        }
        let st = t.strides();
        let mut idx = Vec::with_capacity(t.num_elements());
        for_each_index(&t.shape, |i| {
            idx.push((0..t.rank()).map(|d| if dims.contains(&d) { t.shape[d] - 1 - i[d] } else { i[d] } * st[d]).sum());
        });
        Ok(Tensor::new(t.shape.clone(), t.elem.clone(), t.buf.gather(&idx)))
    }

    /// The definition itself: element i holds (i / stride) % size along `dim`, every element
    /// type converted from those integers by `from_i64s` (the typed kernel's f32/f64 fast paths
    /// and its repeated runs are what the property test checks against this).
    pub(super) fn iota(shape: Vec<usize>, dim: i64, elem: &ElemType) -> IResult<Tensor> {
        let dim = usize::try_from(dim).ok().filter(|&d| d < shape.len()).ok_or_else(|| {
            crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "iota dimension out of range")
        })?;
        let (step, len) = (strides(&shape)[dim], shape[dim]);
        let values: Vec<i64> = (0..numel(&shape)?).map(|i| ((i / step) % len) as i64).collect();
        let buf = crate::ops::convert::from_i64s(elem, &values)?;
        Ok(Tensor::new(shape, elem.clone(), buf))
    }
}

#[cfg(test)]
mod strided_tests {
    //! The strided kernels against the index-vector ones, bit for bit, on random shapes (empty
    //! dimensions included), element types and attributes.
    use super::*;
    use proptest::prelude::*;
    use shardref_spec::ir::{FloatKind, Signedness};

    fn elem(k: usize) -> ElemType {
        [
            ElemType::F32,
            ElemType::Float(FloatKind::BF16),
            ElemType::Int { width: 8, signedness: Signedness::Signless },
            ElemType::I1,
            ElemType::F64,
            ElemType::Int { width: 4, signedness: Signedness::Signless },
            ElemType::Complex(Box::new(ElemType::F32)),
        ][k % 7]
            .clone()
    }

    fn tensor(shape: &[usize], k: usize, seed: u64) -> Tensor {
        let e = elem(k);
        let n: usize = shape.iter().product();
        let vals: Vec<i64> = (0..n as i64).map(|i| (i.wrapping_mul(seed as i64 | 1) >> 3) % 7).collect();
        let buf = crate::ops::convert::from_i64s(&e, &vals).expect("a buffer");
        Tensor::new(shape.to_vec(), e, buf)
    }

    fn shape() -> impl Strategy<Value = Vec<usize>> {
        prop::collection::vec(prop_oneof![1usize..6, 0usize..3, 1usize..20], 0..4)
    }

    fn same(a: IResult<Tensor>, b: IResult<Tensor>) -> Result<(), TestCaseError> {
        match (a, b) {
            (Ok(a), Ok(b)) => {
                prop_assert_eq!(&a.shape, &b.shape);
                prop_assert_eq!(&a.elem, &b.elem);
                prop_assert_eq!(a.buf.to_le_bytes(), b.buf.to_le_bytes());
            }
            (Err(a), Err(b)) => prop_assert_eq!(a.to_string(), b.to_string()),
            (a, b) => prop_assert!(false, "{:?} vs {:?}", a.map(|t| t.shape), b.map(|t| t.shape)),
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn transpose_broadcast_reverse(s in shape(), k in 0usize..7, seed in any::<u64>(), perm_seed in any::<u64>(),
                                       bshape in prop::collection::vec(1usize..4, 0..3), rev in prop::collection::vec(0i64..4, 0..3)) {
            let t = tensor(&s, k, seed);
            let mut perm: Vec<i64> = (0..s.len() as i64).collect();
            for i in (1..perm.len()).rev() {
                perm.swap(i, (perm_seed as usize >> (i * 3)) % (i + 1));
            }
            same(transpose(&t, &perm), indexed::transpose(&t, &perm))?;
            // Broadcast into the operand's dimensions with extra leading ones (size 1 dims broadcast).
            let mut out: Vec<usize> = bshape.clone();
            let dims: Vec<i64> = (0..s.len()).map(|d| (bshape.len() + d) as i64).collect();
            out.extend(s.iter().map(|&d| if d == 1 { 3 } else { d }));
            same(broadcast_in_dim(&t, &dims, out.clone()), indexed::broadcast_in_dim(&t, &dims, out))?;
            let rev: Vec<i64> = rev.into_iter().filter(|&d| (d as usize) < s.len()).collect();
            same(reverse(&t, &rev), indexed::reverse(&t, &rev))?;
        }

        #[test]
        fn slices(s in shape(), k in 0usize..7, seed in any::<u64>(), a in prop::collection::vec((0usize..20, 0usize..20, 1i64..4, -3i64..25), 4)) {
            let t = tensor(&s, k, seed);
            let r = s.len();
            let start: Vec<i64> = (0..r).map(|d| (a[d].0 % (s[d] + 1)) as i64).collect();
            let limit: Vec<i64> = (0..r).map(|d| start[d] + (a[d].1 % (s[d] + 1 - start[d] as usize)) as i64).collect();
            let stride: Vec<i64> = (0..r).map(|d| a[d].2).collect();
            same(slice(&t, &start, &limit, &stride), indexed::slice(&t, &start, &limit, &stride))?;
            let sizes: Vec<i64> = (0..r).map(|d| (a[d].1 % (s[d] + 1)) as i64).collect();
            let starts: Vec<i64> = (0..r).map(|d| a[d].3).collect();
            same(dynamic_slice(&t, &starts, &sizes), indexed::dynamic_slice(&t, &starts, &sizes))?;
            let sizes: Vec<usize> = sizes.iter().map(|&x| x as usize).collect();
            let u = tensor(&sizes, k, seed ^ 99);
            same(dynamic_update_slice(&t, &u, &starts), indexed::dynamic_update_slice(&t, &u, &starts))?;
        }

        #[test]
        fn pads_and_concatenations(s in shape(), k in 0usize..7, seed in any::<u64>(),
                                   p in prop::collection::vec((-4i64..4, -4i64..4, 0i64..3), 4), extra in prop::collection::vec(0usize..4, 1..4)) {
            let t = tensor(&s, k, seed);
            let r = s.len();
            let v = tensor(&[], k, seed ^ 5);
            let (low, high, interior): (Vec<i64>, Vec<i64>, Vec<i64>) =
                ((0..r).map(|d| p[d].0).collect(), (0..r).map(|d| p[d].1).collect(), (0..r).map(|d| p[d].2).collect());
            same(pad(&t, &v, &low, &high, &interior), indexed::pad(&t, &v, &low, &high, &interior))?;
            if r > 0 {
                let dim = (seed as usize) % r;
                let others: Vec<Tensor> = extra.iter().enumerate().map(|(i, &e)| {
                    let mut sh = s.clone();
                    sh[dim] = e;
                    tensor(&sh, k, seed ^ (i as u64 + 7))
                }).collect();
                let mut all: Vec<&Tensor> = vec![&t];
                all.extend(others.iter());
                same(concatenate(&all, dim as i64), indexed::concatenate(&all, dim as i64))?;
            }
        }

        #[test]
        fn iotas(s in prop::collection::vec(0usize..7, 1..4), k in 0usize..7, d in 0i64..4) {
            for e in [elem(k), ElemType::F64, ElemType::Int { width: 32, signedness: Signedness::Unsigned }] {
                same(iota(s.clone(), d, &e), indexed::iota(s.clone(), d, &e))?;
            }
        }
    }
}
