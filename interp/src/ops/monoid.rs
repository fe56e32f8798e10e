//! Region bodies recognized once as typed binary functions, and the typed kernels that run them:
//! `reduce_window` (and its cumulative form, JAX's `cumsum`/`cummax`/...), `scatter` and
//! `select_and_scatter` with single-op bodies.
//!
//! A body `%r = stablehlo.OP %arg0, %arg1; stablehlo.return %r` (`fusion::single_op_body`) with
//! OP one of add, multiply, maximum, minimum, and, or, xor becomes, per element type, the very
//! function that OP's elementwise kernel (`ops::elementwise::binary_owned`) applies to each
//! element: wrapping integers, `|`/`&`/`^` on booleans (add is or, multiply is and), f32/f64
//! natively, bf16/f16 through f64 rounded once, NaN-propagating maximum/minimum. So a kernel that
//! applies it in the generic path's order gives the generic path's bits. Element types without
//! such a function here (sub-byte integers, whose results the elementwise kernel re-normalizes;
//! f8 formats; complex numbers; quantized types) return `None` and keep the generic path.
//!
//! Orders kept (see `ops::windows` and `eval::regions`): a window folds its valid positions in
//! row-major window order from the init value (padding and dilation holes are skipped, as the
//! generic path skips them); a scatter applies its updates in row-major update order;
//! `select_and_scatter` selects in row-major window order and scatters in row-major source order.

use half::{bf16, f16};
use shardref_spec::ops::StablehloOp;

use crate::ops::elementwise::{max_nan32, max_nan64, min_nan32, min_nan64};
use crate::ops::windows::Window;
use crate::value::{Tensor, strides};

pub use crate::value::plain;

/// Dispatches on the op `$k` and the common buffer variant of `$a` and `$b` (both `&Buffer`),
/// binding `$x` and `$y` to their slices and `$f` to the element function of the op; evaluates
/// to `Some(Buffer::Variant($body.into()))`, or `None` when the pair has no typed function.
/// `$body` must produce a `Vec` of the slices' element type.
#[macro_export]
macro_rules! with_monoid {
    ($k:expr, $a:expr, $b:expr, ($x:ident, $y:ident, $f:ident) => $body:expr) => {{
        use shardref_spec::ops::StablehloOp as S;
        use $crate::ops::monoid::fns;
        use $crate::value::Buffer as B;
        macro_rules! int_arm {
            ($v:ident, $t:ty, $x2:ident, $y2:ident) => {
                match $k {
                    S::Add => {
                        let $f = fns::int_add::<$t>;
                        let ($x, $y) = ($x2, $y2);
                        Some(B::$v($body.into()))
                    }
                    S::Multiply => {
                        let $f = fns::int_mul::<$t>;
                        let ($x, $y) = ($x2, $y2);
                        Some(B::$v($body.into()))
                    }
                    S::Maximum => {
                        let $f = fns::int_max::<$t>;
                        let ($x, $y) = ($x2, $y2);
                        Some(B::$v($body.into()))
                    }
                    S::Minimum => {
                        let $f = fns::int_min::<$t>;
                        let ($x, $y) = ($x2, $y2);
                        Some(B::$v($body.into()))
                    }
                    S::And => {
                        let $f = fns::int_and::<$t>;
                        let ($x, $y) = ($x2, $y2);
                        Some(B::$v($body.into()))
                    }
                    S::Or => {
                        let $f = fns::int_or::<$t>;
                        let ($x, $y) = ($x2, $y2);
                        Some(B::$v($body.into()))
                    }
                    S::Xor => {
                        let $f = fns::int_xor::<$t>;
                        let ($x, $y) = ($x2, $y2);
                        Some(B::$v($body.into()))
                    }
                    _ => None,
                }
            };
        }
        macro_rules! float_arm {
            ($v:ident, $x2:ident, $y2:ident, $add:expr, $mul:expr, $max:expr, $min:expr) => {
                match $k {
                    S::Add => {
                        let $f = $add;
                        let ($x, $y) = ($x2, $y2);
                        Some(B::$v($body.into()))
                    }
                    S::Multiply => {
                        let $f = $mul;
                        let ($x, $y) = ($x2, $y2);
                        Some(B::$v($body.into()))
                    }
                    S::Maximum => {
                        let $f = $max;
                        let ($x, $y) = ($x2, $y2);
                        Some(B::$v($body.into()))
                    }
                    S::Minimum => {
                        let $f = $min;
                        let ($x, $y) = ($x2, $y2);
                        Some(B::$v($body.into()))
                    }
                    _ => None,
                }
            };
        }
        match ($a, $b) {
            (B::Bool(p), B::Bool(q)) => match $k {
                S::Add | S::Maximum | S::Or => {
                    let $f = fns::bool_or;
                    let ($x, $y) = (p, q);
                    Some(B::Bool($body.into()))
                }
                S::Multiply | S::Minimum | S::And => {
                    let $f = fns::bool_and;
                    let ($x, $y) = (p, q);
                    Some(B::Bool($body.into()))
                }
                S::Xor => {
                    let $f = fns::bool_xor;
                    let ($x, $y) = (p, q);
                    Some(B::Bool($body.into()))
                }
                _ => None,
            },
            (B::I8(p), B::I8(q)) => int_arm!(I8, i8, p, q),
            (B::I16(p), B::I16(q)) => int_arm!(I16, i16, p, q),
            (B::I32(p), B::I32(q)) => int_arm!(I32, i32, p, q),
            (B::I64(p), B::I64(q)) => int_arm!(I64, i64, p, q),
            (B::U8(p), B::U8(q)) => int_arm!(U8, u8, p, q),
            (B::U16(p), B::U16(q)) => int_arm!(U16, u16, p, q),
            (B::U32(p), B::U32(q)) => int_arm!(U32, u32, p, q),
            (B::U64(p), B::U64(q)) => int_arm!(U64, u64, p, q),
            (B::F32(p), B::F32(q)) => float_arm!(F32, p, q, fns::f32_add, fns::f32_mul, fns::f32_max, fns::f32_min),
            (B::F64(p), B::F64(q)) => float_arm!(F64, p, q, fns::f64_add, fns::f64_mul, fns::f64_max, fns::f64_min),
            (B::BF16(p), B::BF16(q)) => {
                float_arm!(BF16, p, q, fns::bf16_add, fns::bf16_mul, fns::bf16_max, fns::bf16_min)
            }
            (B::F16(p), B::F16(q)) => float_arm!(F16, p, q, fns::f16_add, fns::f16_mul, fns::f16_max, fns::f16_min),
            _ => None,
        }
    }};
}

/// The element functions: each is what `ops::elementwise::binary_owned` computes for one element
/// of its op and type (see the module header).
pub mod fns {
    use super::*;

    /// The integer operations of the monoids (wrapping, as the elementwise kernels).
    pub trait MonoidInt: Copy + Ord {
        fn wadd(self, o: Self) -> Self;
        fn wmul(self, o: Self) -> Self;
        fn band(self, o: Self) -> Self;
        fn bor(self, o: Self) -> Self;
        fn bxor(self, o: Self) -> Self;
    }
    macro_rules! impl_monoid_int {
        ($($t:ty),*) => {$(
            impl MonoidInt for $t {
                #[inline]
                fn wadd(self, o: Self) -> Self { self.wrapping_add(o) }
                #[inline]
                fn wmul(self, o: Self) -> Self { self.wrapping_mul(o) }
                #[inline]
                fn band(self, o: Self) -> Self { self & o }
                #[inline]
                fn bor(self, o: Self) -> Self { self | o }
                #[inline]
                fn bxor(self, o: Self) -> Self { self ^ o }
            }
        )*};
    }
    impl_monoid_int!(i8, i16, i32, i64, u8, u16, u32, u64);

    #[inline]
    pub fn int_add<T: MonoidInt>(a: T, b: T) -> T {
        a.wadd(b)
    }
    #[inline]
    pub fn int_mul<T: MonoidInt>(a: T, b: T) -> T {
        a.wmul(b)
    }
    #[inline]
    pub fn int_max<T: MonoidInt>(a: T, b: T) -> T {
        std::cmp::max(a, b)
    }
    #[inline]
    pub fn int_min<T: MonoidInt>(a: T, b: T) -> T {
        std::cmp::min(a, b)
    }
    #[inline]
    pub fn int_and<T: MonoidInt>(a: T, b: T) -> T {
        a.band(b)
    }
    #[inline]
    pub fn int_or<T: MonoidInt>(a: T, b: T) -> T {
        a.bor(b)
    }
    #[inline]
    pub fn int_xor<T: MonoidInt>(a: T, b: T) -> T {
        a.bxor(b)
    }
    #[inline]
    pub fn bool_or(a: bool, b: bool) -> bool {
        a | b
    }
    #[inline]
    pub fn bool_and(a: bool, b: bool) -> bool {
        a & b
    }
    #[inline]
    pub fn bool_xor(a: bool, b: bool) -> bool {
        a ^ b
    }
    #[inline]
    pub fn f32_add(a: f32, b: f32) -> f32 {
        a + b
    }
    #[inline]
    pub fn f32_mul(a: f32, b: f32) -> f32 {
        a * b
    }
    #[inline]
    pub fn f32_max(a: f32, b: f32) -> f32 {
        max_nan32(a, b)
    }
    #[inline]
    pub fn f32_min(a: f32, b: f32) -> f32 {
        min_nan32(a, b)
    }
    #[inline]
    pub fn f64_add(a: f64, b: f64) -> f64 {
        a + b
    }
    #[inline]
    pub fn f64_mul(a: f64, b: f64) -> f64 {
        a * b
    }
    #[inline]
    pub fn f64_max(a: f64, b: f64) -> f64 {
        max_nan64(a, b)
    }
    #[inline]
    pub fn f64_min(a: f64, b: f64) -> f64 {
        min_nan64(a, b)
    }
    #[inline]
    pub fn bf16_add(a: bf16, b: bf16) -> bf16 {
        bf16::from_f64(a.to_f64() + b.to_f64())
    }
    #[inline]
    pub fn bf16_mul(a: bf16, b: bf16) -> bf16 {
        bf16::from_f64(a.to_f64() * b.to_f64())
    }
    #[inline]
    pub fn bf16_max(a: bf16, b: bf16) -> bf16 {
        bf16::from_f64(max_nan64(a.to_f64(), b.to_f64()))
    }
    #[inline]
    pub fn bf16_min(a: bf16, b: bf16) -> bf16 {
        bf16::from_f64(min_nan64(a.to_f64(), b.to_f64()))
    }
    #[inline]
    pub fn f16_add(a: f16, b: f16) -> f16 {
        f16::from_f64(a.to_f64() + b.to_f64())
    }
    #[inline]
    pub fn f16_mul(a: f16, b: f16) -> f16 {
        f16::from_f64(a.to_f64() * b.to_f64())
    }
    #[inline]
    pub fn f16_max(a: f16, b: f16) -> f16 {
        f16::from_f64(max_nan64(a.to_f64(), b.to_f64()))
    }
    #[inline]
    pub fn f16_min(a: f16, b: f16) -> f16 {
        f16::from_f64(min_nan64(a.to_f64(), b.to_f64()))
    }
}

/// The window positions of one dimension: for every result coordinate, the operand offsets
/// (coordinate times the operand's stride) of its valid window positions, in window order.
fn dim_positions(w: &Window, shape: &[usize], out_shape: &[usize], d: usize, stride: usize) -> Vec<Vec<usize>> {
    (0..out_shape[d])
        .map(|r| {
            (0..w.dims[d])
                .filter_map(|k| {
                    // In i128, as `Window::positions` (a low padding may be as small as i64::MIN).
                    let p = (r as i128) * (w.strides[d] as i128) + (k as i128) * (w.window_dilations[d] as i128)
                        - w.padding[d].0 as i128;
                    let b = w.base_dilations[d] as i128;
                    (p >= 0 && p % b == 0 && p / b < shape[d] as i128).then(|| (p / b) as usize * stride)
                })
                .collect()
        })
        .collect()
}

/// The dimension along which `w` is a cumulative window over `shape` (window as long as the
/// dimension, low padding one less, high padding 0, unit strides and dilations; every other
/// dimension a unit window without padding), as JAX lowers `cumsum`, `cummax`, `cumprod`, ….
fn cumulative_dim(w: &Window, shape: &[usize]) -> Option<usize> {
    let unit = |d: usize| w.strides[d] == 1 && w.base_dilations[d] == 1 && w.window_dilations[d] == 1;
    let mut found = None;
    for d in 0..shape.len() {
        if !unit(d) {
            return None;
        }
        if w.dims[d] == 1 && w.padding[d] == (0, 0) {
            continue;
        }
        let n = shape[d];
        if found.is_some() || n == 0 || w.dims[d] != n || w.padding[d] != ((n - 1) as i64, 0) {
            return None;
        }
        found = Some(d);
    }
    found
}

/// `reduce_window` of one operand with a single-op body: every window folds its valid positions
/// in row-major window order from `init` with `f`, as `ops::windows::reduce_window` does.
/// A cumulative window (`cumulative_dim`) is a running fold: result `i` along the dimension is
/// the fold of elements `0..=i`, which the left fold of result `i - 1` continues, so each element
/// is visited once and every result is the same left fold as the generic path's.
fn window_fold<T: Copy>(
    s: &[T],
    init: T,
    shape: &[usize],
    out_shape: &[usize],
    w: &Window,
    f: impl Fn(T, T) -> T,
) -> Vec<T> {
    let out_n: usize = out_shape.iter().product();
    let mut out = Vec::with_capacity(out_n);
    if out_n == 0 {
        return out;
    }
    if let Some(c) = cumulative_dim(w, shape) {
        let n = shape[c];
        let inner: usize = shape[c + 1..].iter().product();
        let mut acc = vec![init; inner];
        for block in s.chunks_exact(n * inner) {
            acc.fill(init);
            for row in block.chunks_exact(inner) {
                for (a, &x) in acc.iter_mut().zip(row) {
                    *a = f(*a, x);
                }
                out.extend_from_slice(&acc);
            }
        }
        return out;
    }
    let rank = shape.len();
    if rank == 0 {
        // One window of one position.
        out.push(f(init, s[0]));
        return out;
    }
    let st = strides(shape);
    let lists: Vec<Vec<Vec<usize>>> = (0..rank).map(|d| dim_positions(w, shape, out_shape, d, st[d])).collect();
    let mut r = vec![0usize; rank];
    // The offsets of the current window's valid positions, row-major (rebuilt per window).
    let mut offs: Vec<usize> = Vec::new();
    let mut next: Vec<usize> = Vec::new();
    loop {
        offs.clear();
        offs.push(0);
        for d in 0..rank {
            let l = &lists[d][r[d]];
            next.clear();
            for &o in &offs {
                next.extend(l.iter().map(|&p| o + p));
            }
            std::mem::swap(&mut offs, &mut next);
        }
        out.push(offs.iter().fold(init, |a, &o| f(a, s[o])));
        let mut d = rank;
        loop {
            if d == 0 {
                return out;
            }
            d -= 1;
            r[d] += 1;
            if r[d] < out_shape[d] {
                break;
            }
            r[d] = 0;
        }
    }
}

/// `reduce_window` of one operand and one init value with the single-op body `k`, and the number
/// of body applications it made (the valid window positions of every window); `None` when
/// (k, element type) has no typed function (the caller then runs the body). The result shape is
/// `w.result_shape(input.shape)`, which the caller has computed and admitted.
pub fn reduce_window(
    k: StablehloOp,
    input: &Tensor,
    init: &Tensor,
    w: &Window,
    out_shape: &[usize],
) -> Option<(Tensor, u64)> {
    if !plain(&input.elem) || !plain(&init.elem) || !init.shape.is_empty() {
        return None;
    }
    let buf = crate::with_monoid!(k, &input.buf, &init.buf, (s, i, f) => window_fold(&s[..], i[0], &input.shape, out_shape, w, f))?;
    // Window positions are a product over dimensions, so their count is too.
    let st = strides(&input.shape);
    let applications = (0..input.rank()).fold(1u64, |acc, d| {
        let per_dim: usize = dim_positions(w, &input.shape, out_shape, d, st[d]).iter().map(Vec::len).sum();
        acc.saturating_mul(per_dim as u64)
    });
    Some((Tensor::new(out_shape.to_vec(), init.elem.clone(), buf), applications))
}

/// `scatter` of one input with the single-op update computation `k`: for every update element
/// in row-major order with a target, `result[target] = f(result[target], update)`. `None` when
/// (k, element type) has no typed function.
pub fn scatter(k: StablehloOp, input: &Tensor, updates: &Tensor, targets: &[Option<usize>]) -> Option<Tensor> {
    if !plain(&input.elem) || !plain(&updates.elem) {
        return None;
    }
    let buf = crate::with_monoid!(k, &input.buf, &updates.buf, (s, u, f) => {
        let mut out = s.to_vec();
        for (&t, &x) in targets.iter().zip(u.iter()) {
            if let Some(t) = t {
                out[t] = f(out[t], x);
            }
        }
        out
    })?;
    Some(Tensor::new(input.shape.clone(), input.elem.clone(), buf))
}
