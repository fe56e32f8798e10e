//! Ops that apply a body region per element or per window: `sort`, `map`,
//! `reduce_window`, `select_and_scatter`. The body is a closure from scalar
//! tensors to scalar tensors, so these kernels stay independent of the
//! evaluator (which passes a closure that runs the region).
//!
//! Orders (choices where the spec leaves them open, matching the reference
//! interpreter): windows fold their elements in row-major window order,
//! starting from the init value, as `body(accumulator, element)`; `sort`
//! runs the algorithms XLA CPU runs (its sort thunk calls libstdc++'s
//! `std::stable_sort` when `is_stable` is set and `std::sort` otherwise,
//! comparing with the comparator region), step for step, so that even a
//! comparator that is no strict weak order (`compare LT` on floats with NaN,
//! where NaN is unordered with everything) yields XLA's order; for a strict
//! weak order the stable result is the unique stable order;
//! `select_and_scatter` selects with `select(current, candidate)` in
//! row-major window order and scatters with `scatter(accumulator, source)`.

use crate::error::{IResult, InterpError, invalid};
use crate::eval::scalar_at;
use crate::ops::shape::{for_each_index, gather_many};
use crate::value::{Buffer, Tensor, strides};

/// A body: scalars in, scalars out.
pub type Body<'a> = dyn FnMut(Vec<Tensor>) -> IResult<Vec<Tensor>> + 'a;

fn scalars_to_tensor(scalars: &[Tensor], shape: Vec<usize>, like: &Tensor) -> IResult<Tensor> {
    let elem = scalars.first().map(|t| t.elem.clone()).unwrap_or_else(|| like.elem.clone());
    if scalars.is_empty() {
        return Ok(Tensor::new(shape, elem, Buffer::zeros(like.buf.repr(), 0)));
    }
    let refs: Vec<&Tensor> = scalars.iter().collect();
    let parts: Vec<(usize, usize)> = (0..scalars.len()).map(|k| (k, 0)).collect();
    Ok(Tensor::new(shape, elem, gather_many(&refs, &parts)?))
}

fn as_bool(v: &[Tensor]) -> IResult<bool> {
    match v {
        [t] => crate::ops::elementwise::scalar_bool(t),
        _ => invalid("comparator must return one i1 scalar"),
    }
}

/// `sort`: sorts slices along `dim`; `cmp(a0, b0, a1, b1, ...)` says "a before b".
pub fn sort(inputs: &[&Tensor], dim: i64, is_stable: bool, cmp: &mut Body<'_>) -> IResult<Vec<Tensor>> {
    sort_by_less(inputs, dim, is_stable, &mut |a, b| {
        let mut args = Vec::with_capacity(2 * inputs.len());
        for t in inputs {
            args.push(scalar_at(t, a));
            args.push(scalar_at(t, b));
        }
        as_bool(&cmp(args)?)
    })
}

/// `sort` with the comparator as a test on element indices ("element a before element b"), so
/// that a compiled comparator (`crate::body`) runs the same algorithms as the region.
pub fn sort_by_less(inputs: &[&Tensor], dim: i64, is_stable: bool, less: &mut Less<'_>) -> IResult<Vec<Tensor>> {
    let algorithm = if is_stable { stable_sort } else { introsort };
    sort_rows(inputs, dim, &mut |idx| algorithm(idx, less))
}

/// `sort` with each row's order from `order` (the row's element indices in, sorted out).
pub fn sort_rows(
    inputs: &[&Tensor],
    dim: i64,
    order: &mut dyn FnMut(Vec<usize>) -> IResult<Vec<usize>>,
) -> IResult<Vec<Tensor>> {
    let Some(first) = inputs.first() else { return invalid("sort needs operands") };
    let rank = first.rank() as i64;
    let dim = if dim < 0 { dim + rank } else { dim };
    let dim = usize::try_from(dim)
        .ok()
        .filter(|&d| d < first.rank())
        .ok_or_else(|| InterpError::invalid(shardref_spec::ir::Span::NONE, "sort dimension out of range"))?;
    if inputs.iter().any(|t| t.shape != first.shape) {
        return invalid("sort operands must share a shape");
    }
    // Nothing to order; and the rows of an empty operand, counted by its other dimensions, need
    // not be few (a loop over them would not end).
    if first.num_elements() == 0 {
        return Ok(inputs.iter().map(|&t| t.clone()).collect());
    }
    let st = first.strides();
    let len = first.shape[dim];
    let mut outer_shape = first.shape.clone();
    outer_shape[dim] = 1;
    let mut perm: Vec<usize> = (0..first.num_elements()).collect();
    let mut err = None;
    for_each_index(&outer_shape, |base| {
        if err.is_some() {
            return;
        }
        let start: usize = base.iter().zip(&st).map(|(a, b)| a * b).sum();
        let idx: Vec<usize> = (0..len).map(|k| start + k * st[dim]).collect();
        match order(idx) {
            Ok(sorted) => {
                for (k, src) in sorted.into_iter().enumerate() {
                    perm[start + k * st[dim]] = src;
                }
            }
            Err(e) => err = Some(e),
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    Ok(inputs.iter().map(|t| Tensor::new(t.shape.clone(), t.elem.clone(), t.buf.gather(&perm))).collect())
}

/// A fallible "less than" on element indices.
pub type Less<'a> = dyn FnMut(usize, usize) -> IResult<bool> + 'a;

/// libstdc++'s `__insertion_sort` on `v[lo..hi]`.
fn insertion_sort(v: &mut [usize], lo: usize, hi: usize, less: &mut Less<'_>) -> IResult<()> {
    for i in lo + 1..hi {
        if less(v[i], v[lo])? {
            v[lo..=i].rotate_right(1);
        } else {
            linear_insert(v, lo, i, less)?;
        }
    }
    Ok(())
}

/// libstdc++'s `__unguarded_linear_insert` of `v[last]`, bounded by `lo`
/// (libstdc++ relies on a smaller element in front, which a comparator that
/// is no strict weak order may not provide; XLA's behaviour there is
/// undefined, shardref stops at `lo`).
fn linear_insert(v: &mut [usize], lo: usize, mut last: usize, less: &mut Less<'_>) -> IResult<()> {
    let val = v[last];
    while last > lo && less(val, v[last - 1])? {
        v[last] = v[last - 1];
        last -= 1;
    }
    v[last] = val;
    Ok(())
}

/// libstdc++'s `__move_merge`: takes from `b` only when it is before the head of `a`.
fn move_merge(a: &[usize], b: &[usize], out: &mut Vec<usize>, less: &mut Less<'_>) -> IResult<()> {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if less(b[j], a[i])? {
            out.push(b[j]);
            j += 1;
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    out.extend_from_slice(&b[j..]);
    out.extend_from_slice(&a[i..]);
    Ok(())
}

/// libstdc++'s `__merge_sort_loop`: merges runs of `step` pairwise.
fn merge_sort_loop(src: &[usize], step: usize, less: &mut Less<'_>) -> IResult<Vec<usize>> {
    let mut out = Vec::with_capacity(src.len());
    let mut f = 0;
    while src.len() - f >= 2 * step {
        move_merge(&src[f..f + step], &src[f + step..f + 2 * step], &mut out, less)?;
        f += 2 * step;
    }
    let s = step.min(src.len() - f);
    move_merge(&src[f..f + s], &src[f + s..], &mut out, less)?;
    Ok(out)
}

/// libstdc++'s `__merge_sort_with_buffer`: insertion-sorted chunks of 7, then merge rounds.
fn merge_sort_with_buffer(v: &mut Vec<usize>, less: &mut Less<'_>) -> IResult<()> {
    const CHUNK: usize = 7;
    let len = v.len();
    let mut f = 0;
    while len - f >= CHUNK {
        insertion_sort(v, f, f + CHUNK, less)?;
        f += CHUNK;
    }
    insertion_sort(v, f, len, less)?;
    let mut step = CHUNK;
    while step < len {
        *v = merge_sort_loop(v, step, less)?;
        step *= 2;
        *v = merge_sort_loop(v, step, less)?;
        step *= 2;
    }
    Ok(())
}

/// libstdc++'s `std::stable_sort` with its full temporary buffer: both
/// halves (the first of ⌈n/2⌉) by `__merge_sort_with_buffer`, then
/// `__merge_adaptive` (a forward merge when the first half is not longer,
/// else a backward merge).
fn stable_sort(v: Vec<usize>, less: &mut Less<'_>) -> IResult<Vec<usize>> {
    let len = v.len();
    if len <= 1 {
        return Ok(v);
    }
    let half = len.div_ceil(2);
    let (mut a, mut b) = (v[..half].to_vec(), v[half..].to_vec());
    merge_sort_with_buffer(&mut a, less)?;
    merge_sort_with_buffer(&mut b, less)?;
    let mut out = Vec::with_capacity(len);
    if a.len() <= b.len() {
        move_merge(&a, &b, &mut out, less)?;
        return Ok(out);
    }
    // `__move_merge_adaptive_backward`: fill from the end, taking from `a`
    // when the tail of `b` is before the tail of `a`.
    let mut res = vec![0; len];
    let (mut r, mut i, mut j) = (len, a.len(), b.len());
    if j == 0 {
        return Ok(a);
    }
    loop {
        if less(b[j - 1], a[i - 1])? {
            r -= 1;
            res[r] = a[i - 1];
            i -= 1;
            if i == 0 {
                res[r - j..r].copy_from_slice(&b[..j]);
                return Ok(res);
            }
        } else {
            r -= 1;
            res[r] = b[j - 1];
            j -= 1;
            if j == 0 {
                res[..r].copy_from_slice(&a[..i]);
                return Ok(res);
            }
        }
    }
}

/// libstdc++'s `std::sort`: introsort (median of three moved to the front,
/// unguarded partition, recursion on the right part, depth limit 2⌊log₂ n⌋
/// then heap sort) down to runs of 16, then the final insertion sort.
fn introsort(mut v: Vec<usize>, less: &mut Less<'_>) -> IResult<Vec<usize>> {
    const THRESHOLD: usize = 16;
    let n = v.len();
    if n <= 1 {
        return Ok(v);
    }
    let depth = 2 * (usize::BITS - 1 - n.leading_zeros()) as usize;
    introsort_loop(&mut v, 0, n, depth, less)?;
    if n > THRESHOLD {
        insertion_sort(&mut v, 0, THRESHOLD, less)?;
        for i in THRESHOLD..n {
            linear_insert(&mut v, 0, i, less)?;
        }
    } else {
        insertion_sort(&mut v, 0, n, less)?;
    }
    Ok(v)
}

fn introsort_loop(
    v: &mut [usize],
    first: usize,
    mut last: usize,
    mut depth: usize,
    less: &mut Less<'_>,
) -> IResult<()> {
    while last - first > 16 {
        if depth == 0 {
            return heap_sort(&mut v[first..last], less);
        }
        depth -= 1;
        let mid = first + (last - first) / 2;
        // `__move_median_to_first(first, first + 1, mid, last - 1)`.
        let (a, b, c) = (first + 1, mid, last - 1);
        let pick = if less(v[a], v[b])? {
            if less(v[b], v[c])? {
                b
            } else if less(v[a], v[c])? {
                c
            } else {
                a
            }
        } else if less(v[a], v[c])? {
            a
        } else if less(v[b], v[c])? {
            c
        } else {
            b
        };
        v.swap(first, pick);
        // `__unguarded_partition(first + 1, last, first)`, bounded.
        let (mut lo, mut hi) = (first + 1, last);
        let cut = loop {
            while lo < last && less(v[lo], v[first])? {
                lo += 1;
            }
            hi -= 1;
            while hi > first && less(v[first], v[hi])? {
                hi -= 1;
            }
            if lo >= hi {
                break lo;
            }
            v.swap(lo, hi);
            lo += 1;
        };
        introsort_loop(v, cut, last, depth, less)?;
        last = cut;
    }
    Ok(())
}

/// libstdc++'s `__partial_sort(first, last, last)`: `__make_heap`, then `__sort_heap`.
fn heap_sort(h: &mut [usize], less: &mut Less<'_>) -> IResult<()> {
    let n = h.len();
    if n < 2 {
        return Ok(());
    }
    let mut parent = (n - 2) / 2;
    loop {
        let val = h[parent];
        adjust_heap(h, parent, n, val, less)?;
        if parent == 0 {
            break;
        }
        parent -= 1;
    }
    for last in (1..n).rev() {
        let val = h[last];
        h[last] = h[0];
        adjust_heap(h, 0, last, val, less)?;
    }
    Ok(())
}

/// libstdc++'s `__adjust_heap`: sift the hole down to a leaf, then `__push_heap` `val`.
fn adjust_heap(h: &mut [usize], mut hole: usize, len: usize, val: usize, less: &mut Less<'_>) -> IResult<()> {
    let top = hole;
    let mut child = hole;
    while len >= 2 && child < (len - 1) / 2 {
        child = 2 * (child + 1);
        if less(h[child], h[child - 1])? {
            child -= 1;
        }
        h[hole] = h[child];
        hole = child;
    }
    if len.is_multiple_of(2) && len >= 2 && child == (len - 2) / 2 {
        child = 2 * (child + 1);
        h[hole] = h[child - 1];
        hole = child - 1;
    }
    while hole > top {
        let parent = (hole - 1) / 2;
        if !less(h[parent], val)? {
            break;
        }
        h[hole] = h[parent];
        hole = parent;
    }
    h[hole] = val;
    Ok(())
}

/// `map`: applies the body to the elements at each index (all dimensions mapped).
pub fn map(inputs: &[&Tensor], body: &mut Body<'_>) -> IResult<Tensor> {
    let Some(first) = inputs.first() else { return invalid("map needs operands") };
    // The body reads element i of every operand: they share one shape (the spec's map C1).
    if let Some(t) = inputs.iter().find(|t| t.shape != first.shape) {
        return invalid(format!("map operands differ in shape: {:?} and {:?}", first.shape, t.shape));
    }
    let mut out = Vec::with_capacity(first.num_elements());
    for i in 0..first.num_elements() {
        let r = body(inputs.iter().map(|t| scalar_at(t, i)).collect())?;
        match <[Tensor; 1]>::try_from(r) {
            Ok([t]) => out.push(t),
            Err(_) => return invalid("map body must return one scalar"),
        }
    }
    scalars_to_tensor(&out, first.shape.clone(), first)
}

/// Window geometry shared by `reduce_window` and `select_and_scatter`.
#[derive(Clone, Debug)]
pub struct Window {
    pub dims: Vec<usize>,
    pub strides: Vec<usize>,
    pub base_dilations: Vec<usize>,
    pub window_dilations: Vec<usize>,
    pub padding: Vec<(i64, i64)>,
}

impl Window {
    /// Fills defaults (strides and dilations 1, padding 0) and validates against `rank`.
    pub fn new(
        rank: usize,
        dims: Vec<i64>,
        strides: Option<Vec<i64>>,
        base_dilations: Option<Vec<i64>>,
        window_dilations: Option<Vec<i64>>,
        padding: Option<Vec<i64>>,
    ) -> IResult<Window> {
        let pos = |v: Vec<i64>, what: &str| -> IResult<Vec<usize>> {
            if v.len() != rank {
                return invalid(format!("{what} must have {rank} entries"));
            }
            v.into_iter()
                .map(|x| if x >= 1 { Ok(x as usize) } else { invalid(format!("{what} entries must be positive")) })
                .collect()
        };
        let ones = || vec![1i64; rank];
        let padding = match padding {
            None => vec![(0, 0); rank],
            Some(p) if p.len() == 2 * rank => p.chunks(2).map(|c| (c[0], c[1])).collect(),
            Some(_) => return invalid("padding must have shape [rank, 2]"),
        };
        Ok(Window {
            dims: pos(dims, "window_dimensions")?,
            strides: pos(strides.unwrap_or_else(ones), "window_strides")?,
            base_dilations: pos(base_dilations.unwrap_or_else(ones), "base_dilations")?,
            window_dilations: pos(window_dilations.unwrap_or_else(ones), "window_dilations")?,
            padding,
        })
    }

    /// Result shape over an operand of `shape` (spec: reduce_window). Every
    /// intermediate size (the dilated base plus padding, the dilated window)
    /// is an i64, as in the spec; one that does not fit is an error, so the
    /// window positions computed from this shape never overflow either.
    pub fn result_shape(&self, shape: &[usize]) -> IResult<Vec<usize>> {
        let dilate = |size: usize, dilation: usize| -> Option<i64> {
            if size == 0 {
                return Some(0);
            }
            i64::try_from(size - 1).ok()?.checked_mul(i64::try_from(dilation).ok()?)?.checked_add(1)
        };
        let mut out = vec![];
        for d in 0..shape.len() {
            let overflow = || {
                InterpError::invalid(
                    shardref_spec::ir::Span::NONE,
                    format!("the padded, dilated window geometry of dimension {d} overflows i64"),
                )
            };
            let padded = dilate(shape[d], self.base_dilations[d])
                .and_then(|x| x.checked_add(self.padding[d].0))
                .and_then(|x| x.checked_add(self.padding[d].1))
                .ok_or_else(overflow)?;
            let window = dilate(self.dims[d], self.window_dilations[d]).ok_or_else(overflow)?;
            if padded < window {
                out.push(0);
            } else {
                let stride = i64::try_from(self.strides[d]).map_err(|_| overflow())?;
                out.push(usize::try_from((padded - window) / stride + 1).map_err(|_| overflow())?);
            }
        }
        Ok(out)
    }

    /// The work of visiting every window position over an operand of
    /// `shape`: the number of windows times the window's size (saturating).
    pub fn work(&self, shape: &[usize]) -> IResult<u64> {
        let windows = self.result_shape(shape)?.iter().fold(1u64, |acc, &d| acc.saturating_mul(d as u64));
        Ok(self.dims.iter().fold(windows, |acc, &d| acc.saturating_mul(d as u64)))
    }

    /// For result index `r` (an index of `result_shape(shape)`), the operand
    /// index of each window position (None for padding or dilation holes), in
    /// row-major window order.
    pub fn positions(&self, shape: &[usize], r: &[usize], out: &mut Vec<Option<usize>>) {
        out.clear();
        let st = strides(shape);
        for_each_index(&self.dims, |w| {
            let mut flat = 0;
            let mut valid = true;
            for d in 0..shape.len() {
                // In i128: the position (below the padded size, an i64) minus
                // a low padding as small as i64::MIN does not fit in i64.
                let p = (r[d] as i128) * (self.strides[d] as i128)
                    + (w[d] as i128) * (self.window_dilations[d] as i128)
                    - self.padding[d].0 as i128;
                let b = self.base_dilations[d] as i128;
                if p < 0 || p % b != 0 || p / b >= shape[d] as i128 {
                    valid = false;
                    break;
                }
                flat += (p / b) as usize * st[d];
            }
            out.push(valid.then_some(flat));
        });
    }
}

/// `reduce_window` over N inputs with N init values.
pub fn reduce_window(inputs: &[&Tensor], inits: &[&Tensor], w: &Window, body: &mut Body<'_>) -> IResult<Vec<Tensor>> {
    let Some(first) = inputs.first() else { return invalid("reduce_window needs operands") };
    // The spec's C1 and C3: the inputs share a shape and each has a scalar init value (checked
    // here too: an HLO module reaches the kernel with XLA's looser reading of its operands).
    if let Some(t) = inputs.iter().find(|t| t.shape != first.shape) {
        return invalid(format!("reduce_window inputs differ in shape: {:?} and {:?}", first.shape, t.shape));
    }
    if inits.len() != inputs.len() || inits.iter().any(|t| !t.shape.is_empty()) {
        return invalid("reduce_window needs one scalar init value per input");
    }
    let shape = w.result_shape(&first.shape)?;
    crate::value::checked_numel(&shape)?;
    let n = inputs.len();
    let mut acc: Vec<Vec<Tensor>> = vec![vec![]; n];
    let mut pos = vec![];
    let mut err = None;
    for_each_index(&shape, |r| {
        if err.is_some() {
            return;
        }
        let mut cur: Vec<Tensor> = inits.iter().map(|t| (*t).clone()).collect();
        w.positions(&first.shape, r, &mut pos);
        for p in pos.iter().flatten() {
            let mut args = cur.clone();
            args.extend(inputs.iter().map(|t| scalar_at(t, *p)));
            match body(args) {
                Ok(v) if v.len() == n => cur = v,
                Ok(_) => {
                    err = Some(InterpError::invalid(
                        shardref_spec::ir::Span::NONE,
                        "reduce_window body returns the wrong number of values",
                    ));
                    return;
                }
                Err(e) => {
                    err = Some(e);
                    return;
                }
            }
        }
        for (i, t) in cur.into_iter().enumerate() {
            acc[i].push(t);
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    acc.iter().zip(inits).map(|(s, init)| scalars_to_tensor(s, shape.clone(), init)).collect()
}

/// The two bodies of `select_and_scatter`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    Select,
    Scatter,
}

/// `select_and_scatter`: for each window of `operand`, the select body picks
/// one element; `source[window]` is scattered onto it with the scatter body,
/// starting from `init`. `bodies(which, args)` runs one of the two.
pub fn select_and_scatter(
    operand: &Tensor,
    source: &Tensor,
    init: &Tensor,
    w: &Window,
    bodies: &mut dyn FnMut(Region, Vec<Tensor>) -> IResult<Vec<Tensor>>,
) -> IResult<Tensor> {
    let shape = w.result_shape(&operand.shape)?;
    crate::value::checked_numel(&shape)?;
    if shape != source.shape {
        return invalid(format!("source shape {:?} differs from the window grid {:?}", source.shape, shape));
    }
    let mut result: Vec<Option<Tensor>> = vec![None; operand.num_elements()];
    let mut pos = vec![];
    let mut src_i = 0usize;
    let mut err = None;
    for_each_index(&shape, |r| {
        if err.is_some() {
            return;
        }
        w.positions(&operand.shape, r, &mut pos);
        let mut chosen: Option<usize> = None;
        for p in pos.iter().flatten() {
            match chosen {
                None => chosen = Some(*p),
                Some(c) => match bodies(Region::Select, vec![scalar_at(operand, c), scalar_at(operand, *p)])
                    .and_then(|v| as_bool(&v))
                {
                    Ok(true) => {}
                    Ok(false) => chosen = Some(*p),
                    Err(e) => {
                        err = Some(e);
                        return;
                    }
                },
            }
        }
        if let Some(c) = chosen {
            let cur = result[c].take().unwrap_or_else(|| init.clone());
            match bodies(Region::Scatter, vec![cur, scalar_at(source, src_i)]) {
                Ok(v) if v.len() == 1 => result[c] = v.into_iter().next(),
                Ok(_) => {
                    err =
                        Some(InterpError::invalid(shardref_spec::ir::Span::NONE, "scatter body must return one scalar"))
                }
                Err(e) => err = Some(e),
            }
        }
        src_i += 1;
    });
    if let Some(e) = err {
        return Err(e);
    }
    let scalars: Vec<Tensor> = result.into_iter().map(|t| t.unwrap_or_else(|| init.clone())).collect();
    scalars_to_tensor(&scalars, operand.shape.clone(), init)
}
