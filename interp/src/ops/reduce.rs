//! Reductions: `reduce` (and the index maps that `reduce_window` and friends share).
//!
//! Order (choice: the spec's schedule is any full binary tree whose in-order
//! traversal is the inputs in row-major order, with the init value at
//! implementation-defined positions): each result element takes its inputs
//! in row-major order of the operand and splits them into consecutive
//! blocks of `BLOCK` elements; every block is a left fold
//! `body(accumulator, element)` starting from the init value, and the
//! blocks' results fold left to right, `((b0 ⊕ b1) ⊕ b2) ⊕ …`. So a result
//! of at most `BLOCK` inputs is the reference interpreter's plain left
//! fold from the init value; longer ones are blocked so that blocks can run
//! interleaved and in parallel, with results that never depend on the
//! thread count. When an accumulator's type differs from its input's
//! (promotion), a block result could not be an element, so the whole
//! reduction is one left fold. The fast path for single-op bodies computes
//! exactly what the generic path computes, in the same order, on typed slices.

use rayon::prelude::*;
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

/// Inputs per block of one result element (see the module header).
pub const BLOCK: usize = 4096;

/// Folds `s` (of `shape`, row-major) over `dims` with `f` in the documented
/// order, without a per-element index map.
fn fold_dims<T: Copy + Send + Sync>(
    s: &[T],
    init: T,
    shape: &[usize],
    dims: &[usize],
    f: impl Fn(T, T) -> T + Sync,
) -> Vec<T> {
    let rank = shape.len();
    // Every product of a value's dimensions fits (`value::MAX_DIM_PRODUCT`); an empty input's
    // reduced dimensions may still multiply to more than `s.len()`, and its results are `init`.
    let per_result: usize = dims.iter().map(|&d| shape[d]).product();
    let suffix = dims.iter().all(|&d| d >= rank - dims.len());
    if suffix {
        let out_n = (0..rank).filter(|d| !dims.contains(d)).map(|d| shape[d]).product();
        fold_suffix(s, init, per_result, out_n, f)
    } else if per_result <= BLOCK {
        fold_rows(s, init, shape, dims, f)
    } else {
        let (map, out_shape) = reduction_map(shape, dims);
        fold_map(s, init, &map, out_shape.iter().product(), f)
    }
}

/// The reduced dimensions are the innermost ones: result `j` folds the
/// contiguous run `s[j r .. (j + 1) r]`, in blocks of `BLOCK`.
fn fold_suffix<T: Copy + Send + Sync>(
    s: &[T],
    init: T,
    r: usize,
    out_n: usize,
    f: impl Fn(T, T) -> T + Sync,
) -> Vec<T> {
    if r == 0 {
        // Every result reduces no element: it is the init value.
        return vec![init; out_n];
    }
    if r <= BLOCK {
        return fold_segments(s, r, init, &f);
    }
    let blocks_per_result = r.div_ceil(BLOCK);
    let mut parts: Vec<T> = Vec::with_capacity(s.len() / r * blocks_per_result);
    for run in s.chunks_exact(r) {
        parts.extend(block_folds(run, init, &f));
    }
    parts.chunks_exact(blocks_per_result).map(|b| fold_block_results(b, &f)).collect()
}

/// The results of `run`'s consecutive blocks of `BLOCK` inputs (the last may be shorter), each
/// a left fold from `init`: the first step of the documented order for one result element.
/// Fused groups that absorb a reduce (`ops::fused`) fold their blocks in the same order, slice
/// by slice through `fold_lanes`.
pub(crate) fn block_folds<T: Copy + Send + Sync>(run: &[T], init: T, f: &(impl Fn(T, T) -> T + Sync)) -> Vec<T> {
    let full = run.len() / BLOCK * BLOCK;
    let mut parts = fold_segments(&run[..full], BLOCK, init, f);
    if full < run.len() {
        parts.extend(fold_segments(&run[full..], run.len() - full, init, f));
    }
    parts
}

/// Block results folded left to right, `((b0 ⊕ b1) ⊕ b2) ⊕ …`: the second step of the
/// documented order (`blocks` is not empty).
pub(crate) fn fold_block_results<T: Copy>(blocks: &[T], f: impl Fn(T, T) -> T) -> T {
    blocks[1..].iter().fold(blocks[0], |a, &x| f(a, x))
}

/// Continues `LANES` left folds: `acc[l]` folds `segs[l]`'s elements in order. The folds run
/// interleaved (element i of every lane, then element i + 1), so their latencies overlap; each
/// is still a sequential left fold, so a fold split over several calls gives the same result.
/// Segments of unequal lengths finish one by one.
pub(crate) fn fold_lanes<T: Copy>(acc: &mut [T; LANES], segs: &[&[T]; LANES], f: &impl Fn(T, T) -> T) {
    let common = segs.iter().map(|s| s.len()).min().unwrap_or(0);
    let heads: [&[T]; LANES] = std::array::from_fn(|l| &segs[l][..common]);
    for i in 0..common {
        let x: [T; LANES] = std::array::from_fn(|l| heads[l][i]);
        for (a, x) in acc.iter_mut().zip(x) {
            *a = f(*a, x);
        }
    }
    for (a, seg) in acc.iter_mut().zip(segs) {
        *a = seg[common..].iter().fold(*a, |a, &x| f(a, x));
    }
}

/// Left-folds each consecutive segment of `len` elements of `s` from `init`
/// (`s.len()` a multiple of `len > 0`). Eight segments fold interleaved, so
/// the folds' latencies overlap; large inputs split into parallel tasks at
/// segment boundaries fixed by `len` alone, never by the thread count.
fn fold_segments<T: Copy + Send + Sync>(s: &[T], len: usize, init: T, f: &(impl Fn(T, T) -> T + Sync)) -> Vec<T> {
    let group = |g: &[T], out: &mut Vec<T>| {
        let mut lanes = g.chunks_exact(LANES * len);
        for quad in &mut lanes {
            let segs: [&[T]; LANES] = std::array::from_fn(|l| &quad[l * len..(l + 1) * len]);
            let mut acc = [init; LANES];
            fold_lanes(&mut acc, &segs, f);
            out.extend_from_slice(&acc);
        }
        for seg in lanes.remainder().chunks_exact(len) {
            out.push(seg.iter().fold(init, |a, &x| f(a, x)));
        }
    };
    let task = (LANES * len) * (PAR_MIN / (LANES * len)).max(1);
    if s.len() < 2 * PAR_MIN || !crate::par::kernels_fork() {
        let mut out = Vec::with_capacity(s.len() / len);
        group(s, &mut out);
        return out;
    }
    let parts: Vec<Vec<T>> = s
        .par_chunks(task)
        .map(|g| {
            let mut out = Vec::with_capacity(g.len() / len);
            group(g, &mut out);
            out
        })
        .collect();
    parts.concat()
}

/// Segments that `fold_segments` folds interleaved.
pub(crate) const LANES: usize = 8;

/// Elements above which `fold_segments` splits into parallel tasks.
const PAR_MIN: usize = 1 << 15;

/// Folds along a map from operand elements to result elements, in the
/// documented order (blocks of `BLOCK` inputs per result element).
fn fold_map<T: Copy>(s: &[T], init: T, map: &[usize], out_n: usize, f: impl Fn(T, T) -> T) -> Vec<T> {
    let mut acc = vec![init; out_n];
    let mut count = vec![0usize; out_n];
    let mut done: Vec<Option<T>> = vec![None; out_n];
    for (&x, &j) in s.iter().zip(map) {
        if count[j] == BLOCK {
            done[j] = Some(done[j].map_or(acc[j], |d| f(d, acc[j])));
            acc[j] = init;
            count[j] = 0;
        }
        acc[j] = f(acc[j], x);
        count[j] += 1;
    }
    acc.iter().zip(done).map(|(&a, d)| d.map_or(a, |d| f(d, a))).collect()
}

/// The row-major left fold from `init` (one block per result element, so
/// for at most `BLOCK` inputs per result), row by row without a
/// per-element index map. When the innermost dimension is reduced, a row
/// folds into one register; when it is kept, a row folds into a contiguous
/// run of results (independent lanes).
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

/// The typed loops of the single-op fast paths: the body's element function for every (op,
/// element type) pair that has one (`ops::monoid`); `$fold!(slice, init, f)` is the caller's fold
/// driver (over reduced dimensions, or over an index map), so both paths share one table.
/// `None` when the pair has no typed loop, or when the init is not one element (left to
/// `reduce_with`, which reports it).
macro_rules! single_op_table {
    ($k:expr, $input:expr, $init:expr, $fold:ident) => {{
        if $init.num_elements() != 1 || !crate::value::plain(&$input.elem) || !crate::value::plain(&$init.elem) {
            return None;
        }
        crate::with_monoid!($k, &$input.buf, &$init.buf, (s, i, f) => $fold!(s, i, f))
    }};
}

/// The fast path without an index map: `body` is one elementwise op of the
/// accumulator and the element, `dims` (validated by `check_dims`) are
/// reduced. Computes exactly what `fold_single_op` computes with
/// `reduction_map`'s map. `None` when this (op, type) pair has no typed loop.
pub fn fold_single_op_dims(k: StablehloOp, input: &Tensor, init: &Tensor, dims: &[usize]) -> Option<Buffer> {
    let sh = &input.shape;
    // A result over the memory budget (possible from an input with a zero dimension) is left to
    // `reduce_with`, which reports it.
    let kept: Vec<usize> = (0..sh.len()).filter(|d| !dims.contains(d)).map(|d| sh[d]).collect();
    crate::value::checked_numel(&kept).ok()?;
    macro_rules! fold {
        ($s:expr, $i:expr, $f:expr) => {
            fold_dims(&$s[..], $i[0], sh, dims, $f)
        };
    }
    single_op_table!(k, input, init, fold)
}

/// The fast path: `body` is one elementwise op of the accumulator and the element.
/// `None` when this (op, type) pair has no typed loop; the caller then runs the body.
pub fn fold_single_op(k: StablehloOp, input: &Tensor, init: &Tensor, map: &[usize], out_n: usize) -> Option<Buffer> {
    macro_rules! fold {
        ($s:expr, $i:expr, $f:expr) => {
            fold_map(&$s[..], $i[0], map, out_n, $f)
        };
    }
    single_op_table!(k, input, init, fold)
}

/// The generic `reduce` of `inputs` (one shape) with scalar `inits` over `dims`, applying `body(accumulators...,
/// elements...)` on scalars in the documented order (blocks of `BLOCK` inputs per result, one left fold
/// when an accumulator's type differs from its input's). Returns one result per input.
pub fn reduce_with(
    inputs: &[&Tensor],
    inits: &[&Tensor],
    dims: &[usize],
    body: &mut crate::ops::windows::Body<'_>,
) -> IResult<Vec<Tensor>> {
    use crate::eval::scalar_at;
    let n = inputs.len();
    if n == 0 || inits.len() != n {
        return invalid("reduce needs as many init values as inputs");
    }
    if inputs.iter().any(|t| t.shape != inputs[0].shape) || inits.iter().any(|t| t.num_elements() != 1) {
        return invalid("reduce inputs must share a shape and inits must be scalars");
    }
    let mut step = |accs: Vec<Tensor>, elems: Vec<Tensor>| -> IResult<Vec<Tensor>> {
        let r = body(accs.into_iter().chain(elems).collect())?;
        if r.len() != n || r.iter().any(|t| t.num_elements() != 1) {
            return invalid("reduce body must return one scalar per input");
        }
        Ok(r)
    };
    // An input with a zero dimension has no elements, but its result can still be huge.
    let kept: Vec<usize> = (0..inputs[0].rank()).filter(|d| !dims.contains(d)).map(|d| inputs[0].shape[d]).collect();
    let out_n = crate::value::checked_numel(&kept)?;
    let (map, out_shape) = reduction_map(&inputs[0].shape, dims);
    let same_types = inputs.iter().zip(inits).all(|(t, i)| t.elem == i.elem);
    let block = if same_types { BLOCK } else { usize::MAX };
    let mut acc: Vec<Vec<Tensor>> = (0..n).map(|i| vec![inits[i].clone(); out_n]).collect();
    let mut count = vec![0usize; out_n];
    let mut done: Vec<Option<Vec<Tensor>>> = vec![None; out_n];
    for (e, &j) in map.iter().enumerate() {
        if count[j] == block {
            let blk: Vec<Tensor> = (0..n).map(|i| std::mem::replace(&mut acc[i][j], inits[i].clone())).collect();
            done[j] = Some(match done[j].take() {
                None => blk,
                Some(d) => step(d, blk)?,
            });
            count[j] = 0;
        }
        let accs = (0..n).map(|i| acc[i][j].clone()).collect();
        let elems = inputs.iter().map(|t| scalar_at(t, e)).collect();
        for (i, t) in step(accs, elems)?.into_iter().enumerate() {
            acc[i][j] = t;
        }
        count[j] += 1;
    }
    for (j, d) in done.into_iter().enumerate() {
        if let Some(d) = d {
            let last = (0..n).map(|i| acc[i][j].clone()).collect();
            for (i, t) in step(d, last)?.into_iter().enumerate() {
                acc[i][j] = t;
            }
        }
    }
    acc.into_iter()
        .enumerate()
        .map(|(i, scalars)| {
            let elem = scalars.first().map(|t| t.elem.clone()).unwrap_or_else(|| inits[i].elem.clone());
            let buf = if out_n == 0 {
                Buffer::zeros(inits[i].buf.repr(), 0)
            } else {
                let refs: Vec<&Tensor> = scalars.iter().collect();
                let parts: Vec<(usize, usize)> = (0..out_n).map(|k| (k, 0)).collect();
                crate::ops::shape::gather_many(&refs, &parts)?
            };
            Ok(Tensor::new(out_shape.clone(), elem, buf))
        })
        .collect()
}
