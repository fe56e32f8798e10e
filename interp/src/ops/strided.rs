//! Data movement as strided block copies: `transpose`, `broadcast_in_dim`, `slice`,
//! `dynamic_slice`, `reverse`, `concatenate`, `dynamic_update_slice` and `pad` all write boxes of
//! elements whose source and destination offsets are affine in the box index
//! (`base + Σ index_d · stride_d`; a source stride is 0 for a broadcast dimension and negative for
//! a reversed one). `copy_box` walks such a box row by row, the innermost dimension as one
//! contiguous copy, fill or reversed copy where its strides allow, with no per-element index
//! vector; dimensions that are contiguous in both source and destination merge first, so a slice
//! of whole rows is one copy. Every element lands where the op-by-op index maps put it, so the
//! results are the same values (a copy never changes a bit).

use std::sync::Arc;

use crate::value::{Buffer, Repr};

/// Merges dimensions that are contiguous in both the source and the destination (dimension `k`
/// continues `k + 1` when its strides are the next one's times its size) and drops unit
/// dimensions; returns the shape and strides of the same box with fewer dimensions.
fn merge(shape: &[usize], dstr: &[isize], sstr: &[isize]) -> (Vec<usize>, Vec<isize>, Vec<isize>) {
    let (mut sh, mut ds, mut ss): (Vec<usize>, Vec<isize>, Vec<isize>) = (vec![], vec![], vec![]);
    for k in (0..shape.len()).rev() {
        if shape[k] == 1 {
            continue;
        }
        if let (Some(&n), Some(&d), Some(&s)) = (sh.first(), ds.first(), ss.first())
            && dstr[k] == d * n as isize
            && sstr[k] == s * n as isize
        {
            sh[0] = n * shape[k];
            continue;
        }
        sh.insert(0, shape[k]);
        ds.insert(0, dstr[k]);
        ss.insert(0, sstr[k]);
    }
    (sh, ds, ss)
}

/// For every index `i` of `shape` (row-major): `dst[dbase + Σ i_d·dstr_d] = src[sbase + Σ
/// i_d·sstr_d]`. The caller guarantees every offset is in bounds (they are the op's own index
/// maps, over shapes it has checked).
pub(crate) fn copy_box<T: Copy>(
    dst: &mut [T],
    dbase: usize,
    dstr: &[isize],
    src: &[T],
    sbase: usize,
    sstr: &[isize],
    shape: &[usize],
) {
    if shape.contains(&0) {
        return;
    }
    let (shape, dstr, sstr) = merge(shape, dstr, sstr);
    let r = shape.len();
    if r == 0 {
        dst[dbase] = src[sbase];
        return;
    }
    let (inner, di, si) = (shape[r - 1], dstr[r - 1], sstr[r - 1]);
    let mut idx = vec![0usize; r - 1];
    let (mut d, mut s) = (dbase as isize, sbase as isize);
    loop {
        let (d0, s0) = (d as usize, s as usize);
        if di == 1 {
            let out = &mut dst[d0..d0 + inner];
            match si {
                1 => out.copy_from_slice(&src[s0..s0 + inner]),
                0 => out.fill(src[s0]),
                -1 => {
                    let lo = s0 + 1 - inner;
                    for (o, &x) in out.iter_mut().zip(src[lo..=s0].iter().rev()) {
                        *o = x;
                    }
                }
                _ => {
                    for (k, o) in out.iter_mut().enumerate() {
                        *o = src[(s + k as isize * si) as usize];
                    }
                }
            }
        } else {
            for k in 0..inner as isize {
                dst[(d + k * di) as usize] = src[(s + k * si) as usize];
            }
        }
        let mut k = r - 1;
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            idx[k] += 1;
            d += dstr[k];
            s += sstr[k];
            if idx[k] < shape[k] {
                break;
            }
            d -= dstr[k] * shape[k] as isize;
            s -= sstr[k] * shape[k] as isize;
            idx[k] = 0;
        }
    }
}

/// Row-major strides of `shape` as `isize` (every product of a value's dimensions fits).
pub(crate) fn istrides(shape: &[usize]) -> Vec<isize> {
    crate::value::strides(shape).into_iter().map(|s| s as isize).collect()
}

/// A buffer of `n` elements of `repr` that the caller overwrites completely (from the pool or
/// freshly zeroed, as elementwise kernels get theirs).
fn output(repr: Repr, n: usize) -> Buffer {
    use crate::ops::elementwise::fresh_buffer as fresh;
    match repr {
        Repr::Bool => Buffer::Bool(fresh(n)),
        Repr::I8 => Buffer::I8(fresh(n)),
        Repr::I16 => Buffer::I16(fresh(n)),
        Repr::I32 => Buffer::I32(fresh(n)),
        Repr::I64 => Buffer::I64(fresh(n)),
        Repr::U8 => Buffer::U8(fresh(n)),
        Repr::U16 => Buffer::U16(fresh(n)),
        Repr::U32 => Buffer::U32(fresh(n)),
        Repr::U64 => Buffer::U64(fresh(n)),
        Repr::F8 => Buffer::F8(fresh(n)),
        Repr::BF16 => Buffer::BF16(fresh(n)),
        Repr::F16 => Buffer::F16(fresh(n)),
        Repr::F32 => Buffer::F32(fresh(n)),
        Repr::F64 => Buffer::F64(fresh(n)),
        Repr::C64 | Repr::C128 => Buffer::zeros(repr, n),
    }
}

/// Applies `$body` to the output buffer `$out` (a fresh `Buffer`) and the sources `$srcs` (a
/// slice of `&Buffer` of the output's variant), binding `$o: &mut [T]` and `$s: Vec<&[T]>`.
/// `None` when a source's variant differs.
macro_rules! with_out {
    ($out:expr, $srcs:expr, ($o:ident, $s:ident) => $body:expr) => {{
        macro_rules! arm {
            ($v:ident, $arc:expr) => {{
                let mut $s = Vec::with_capacity($srcs.len());
                for b in $srcs.iter() {
                    match b {
                        Buffer::$v(x) => $s.push(&x[..]),
                        _ => return None,
                    }
                }
                let $o = Arc::get_mut($arc)?;
                $body;
            }};
        }
        match $out {
            Buffer::Bool(a) => arm!(Bool, a),
            Buffer::I8(a) => arm!(I8, a),
            Buffer::I16(a) => arm!(I16, a),
            Buffer::I32(a) => arm!(I32, a),
            Buffer::I64(a) => arm!(I64, a),
            Buffer::U8(a) => arm!(U8, a),
            Buffer::U16(a) => arm!(U16, a),
            Buffer::U32(a) => arm!(U32, a),
            Buffer::U64(a) => arm!(U64, a),
            Buffer::F8(a) => arm!(F8, a),
            Buffer::BF16(a) => arm!(BF16, a),
            Buffer::F16(a) => arm!(F16, a),
            Buffer::F32(a) => arm!(F32, a),
            Buffer::F64(a) => arm!(F64, a),
            Buffer::C64(a) => arm!(C64, a),
            Buffer::C128(a) => arm!(C128, a),
        }
    }};
}

/// A box of the source: `shape` elements at `sbase` with source strides `sstr`, written densely
/// (row-major) into a new buffer of the same variant. `None` only when the output buffer is
/// shared, which a fresh one never is.
pub(crate) fn gather_box(src: &Buffer, sbase: usize, sstr: &[isize], shape: &[usize], n: usize) -> Option<Buffer> {
    let mut out = output(src.repr(), n);
    let dstr = istrides(shape);
    with_out!(&mut out, [src], (o, s) => copy_box(o, 0, &dstr, s[0], sbase, sstr, shape));
    Some(out)
}

/// One box written into a destination: `shape` elements from `src` (at `sbase`, strides
/// `sstr`) to `dbase` with destination strides `dstr`.
pub(crate) struct Part<'a> {
    pub src: &'a Buffer,
    pub sbase: usize,
    pub sstr: Vec<isize>,
    pub dbase: usize,
    pub dstr: Vec<isize>,
    pub shape: Vec<usize>,
}

/// A new buffer of `n` elements of `repr`: first `fill` (a one-element buffer, written to every
/// element) or `base` (a buffer of `n` elements, copied), then every part in order. The parts
/// together with `fill`/`base` must cover every element. `None` when a source's variant differs
/// from `repr`.
pub(crate) fn compose(
    repr: Repr,
    n: usize,
    fill: Option<&Buffer>,
    base: Option<&Buffer>,
    parts: &[Part<'_>],
) -> Option<Buffer> {
    let mut out = output(repr, n);
    let mut srcs: Vec<&Buffer> = parts.iter().map(|p| p.src).collect();
    let (fill_at, base_at) = (srcs.len(), srcs.len() + fill.is_some() as usize);
    srcs.extend(fill);
    srcs.extend(base);
    with_out!(&mut out, srcs, (o, s) => {
        if fill.is_some() {
            o.fill(s[fill_at][0]);
        }
        if base.is_some() {
            o.copy_from_slice(s[base_at]);
        }
        for (k, p) in parts.iter().enumerate() {
            copy_box(o, p.dbase, &p.dstr, s[k], p.sbase, &p.sstr, &p.shape);
        }
    });
    Some(out)
}
