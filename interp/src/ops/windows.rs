//! Ops that apply a body region per element or per window: `sort`, `map`,
//! `reduce_window`, `select_and_scatter`. The body is a closure from scalar
//! tensors to scalar tensors, so these kernels stay independent of the
//! evaluator (which passes a closure that runs the region).
//!
//! Orders (choices where the spec leaves them open, matching the reference
//! interpreter): windows fold their elements in row-major window order,
//! starting from the init value, as `body(accumulator, element)`; `sort`
//! is a merge sort (stable whether or not `is_stable` is set);
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
pub fn sort(inputs: &[&Tensor], dim: i64, cmp: &mut Body<'_>) -> IResult<Vec<Tensor>> {
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
        match merge_sort(&idx, &mut |a, b| {
            let mut args = Vec::with_capacity(2 * inputs.len());
            for t in inputs {
                args.push(scalar_at(t, a));
                args.push(scalar_at(t, b));
            }
            as_bool(&cmp(args)?)
        }) {
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

/// A stable merge sort with a fallible "less than".
fn merge_sort(v: &[usize], less: &mut dyn FnMut(usize, usize) -> IResult<bool>) -> IResult<Vec<usize>> {
    if v.len() <= 1 {
        return Ok(v.to_vec());
    }
    let mid = v.len() / 2;
    let (a, b) = (merge_sort(&v[..mid], less)?, merge_sort(&v[mid..], less)?);
    let mut out = Vec::with_capacity(v.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        // Take from the right only when it is strictly before the left: stability.
        if less(b[j], a[i])? {
            out.push(b[j]);
            j += 1;
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    Ok(out)
}

/// `map`: applies the body to the elements at each index (all dimensions mapped).
pub fn map(inputs: &[&Tensor], body: &mut Body<'_>) -> IResult<Tensor> {
    let Some(first) = inputs.first() else { return invalid("map needs operands") };
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
