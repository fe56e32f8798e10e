//! `cholesky`, `triangular_solve` and `fft`, batched over leading dimensions.
//!
//! Choices (the spec leaves accuracy and the unused triangle to the
//! implementation): `triangular_solve` on f32 and f64 follows XLA CPU's
//! blocked algorithm in the element precision (`ops::trsm`); otherwise every
//! kernel computes in f64 (complex f64 for complex
//! types) and rounds once to the result type. The triangle that `cholesky`
//! does not define is zero. A matrix that is not positive definite yields
//! NaN from the first failing pivot on, as LAPACK-style implementations do.
//! `fft` follows XLA CPU's DUCC plans operation for operation (`ops::ducc`),
//! so that it reproduces XLA's values: complex transforms (FFT, IFFT) on
//! every axis whose length DUCC plans as `cfftp` passes (all lengths except
//! those with a prime factor ≥ 110, above 10000, or above 300 and divisible
//! by 4), and the real transforms (RFFT, IRFFT) whose innermost length is a
//! prime from 7 to 131 (with their other axes as complex DUCC transforms).
//! The rest is a direct DFT per transformed axis with exactly reduced
//! twiddle angles (accurate to a few ulp in f64); IFFT and IRFFT scale by 1/n.

use num_complex::Complex;
use shardref_spec::ir::ElemType;

use crate::error::{IResult, invalid, unsupported};
use crate::value::{Buffer, C64, C128, Tensor};

type C = Complex<f64>;

/// Elements as complex f64 (real types get imaginary part 0).
fn to_c(t: &Tensor) -> IResult<Vec<C>> {
    Ok(match &t.buf {
        Buffer::C64(s) => s.iter().map(|c| C::new(c.re as f64, c.im as f64)).collect(),
        Buffer::C128(s) => s.to_vec(),
        Buffer::F64(s) => s.iter().map(|&x| C::new(x, 0.0)).collect(),
        Buffer::F32(_) | Buffer::BF16(_) | Buffer::F16(_) | Buffer::F8(_) => {
            crate::ops::elementwise::to_f32_vec(t)?.into_iter().map(|x| C::new(x as f64, 0.0)).collect()
        }
        _ => return invalid(format!("expected floating-point or complex elements, got {}", t.elem)),
    })
}

/// Rounds complex f64 values to a buffer of `elem` (real types keep the real part).
fn from_c(elem: &ElemType, v: Vec<C>) -> IResult<Buffer> {
    Ok(match elem {
        ElemType::Complex(inner) => match **inner {
            ElemType::Float(shardref_spec::ir::FloatKind::F32) => {
                Buffer::C64(v.into_iter().map(|c| C64::new(c.re as f32, c.im as f32)).collect())
            }
            ElemType::Float(shardref_spec::ir::FloatKind::F64) => {
                Buffer::C128(v.into_iter().map(|c| C128::new(c.re, c.im)).collect())
            }
            _ => return unsupported(format!("{elem}")),
        },
        ElemType::Float(_) => {
            crate::ops::convert::encode_floats(elem, &v.into_iter().map(|c| c.re).collect::<Vec<_>>())?
        }
        _ => return invalid(format!("expected a floating-point or complex result, got {elem}")),
    })
}

fn batch_and_matrix(t: &Tensor) -> IResult<(usize, usize, usize)> {
    if t.rank() < 2 {
        return invalid("expected a matrix (rank ≥ 2)");
    }
    let (r, c) = (t.shape[t.rank() - 2], t.shape[t.rank() - 1]);
    let b = t.shape[..t.rank() - 2].iter().product();
    Ok((b, r, c))
}

/// `cholesky(a)`: A = L·Lᴴ (`lower`) or A = Uᴴ·U.
pub fn cholesky(a: &Tensor, lower: bool) -> IResult<Tensor> {
    let (b, n, m) = batch_and_matrix(a)?;
    if n != m {
        return invalid("cholesky needs square matrices");
    }
    let x = to_c(a)?;
    let mut out = vec![C::new(0.0, 0.0); x.len()];
    // Empty matrices may still number 2^62.
    let b = if n == 0 { 0 } else { b };
    for bi in 0..b {
        let at = |i: usize, j: usize| {
            // Read the triangle the op uses: lower reads A[i][j] for j ≤ i; upper reads A[j][i]ᴴ.
            if lower { x[bi * n * n + i * n + j] } else { x[bi * n * n + j * n + i].conj() }
        };
        let mut l = vec![C::new(0.0, 0.0); n * n];
        for j in 0..n {
            let mut d = at(j, j);
            for k in 0..j {
                d -= l[j * n + k] * l[j * n + k].conj();
            }
            let djj = if d.re > 0.0 && d.re.is_finite() { d.re.sqrt() } else { f64::NAN };
            l[j * n + j] = C::new(djj, 0.0);
            for i in j + 1..n {
                let mut s = at(i, j);
                for k in 0..j {
                    s -= l[i * n + k] * l[j * n + k].conj();
                }
                l[i * n + j] = s / djj;
            }
        }
        for i in 0..n {
            for j in 0..n {
                out[bi * n * n + i * n + j] = if lower { l[i * n + j] } else { l[j * n + i].conj() };
            }
        }
    }
    Ok(Tensor::new(a.shape.clone(), a.elem.clone(), from_c(&a.elem, out)?))
}

/// How `triangular_solve` applies `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransposeA {
    No,
    Transpose,
    Adjoint,
}

/// Solves op(a)·x = b (`left_side`) or x·op(a) = b, with `a` lower or upper triangular.
pub fn triangular_solve(
    a: &Tensor,
    bt: &Tensor,
    left_side: bool,
    lower: bool,
    unit_diagonal: bool,
    tr: TransposeA,
) -> IResult<Tensor> {
    let (ba, n, n2) = batch_and_matrix(a)?;
    let (bb, r, c) = batch_and_matrix(bt)?;
    if n != n2 || ba != bb || (left_side && r != n) || (!left_side && c != n) {
        return invalid("triangular_solve operand shapes do not match");
    }
    // No elements to solve for: empty batches may still number 2^62.
    if bt.num_elements() == 0 {
        return Ok(bt.clone());
    }
    // Real f32/f64: XLA CPU's blocked algorithm in the element precision (see `ops::trsm`).
    let (ta, ub) = (tr != TransposeA::No, unit_diagonal);
    let per_batch = |ai: usize, bi: usize| (ai * n * n..(ai + 1) * n * n, bi * r * c..(bi + 1) * r * c);
    match (&a.buf, &bt.buf) {
        (Buffer::F32(x), Buffer::F32(y)) => {
            let mut out = Vec::with_capacity(y.len());
            for i in 0..ba {
                let (ra, rb) = per_batch(i, i);
                out.extend(crate::ops::trsm::solve(&x[ra], &y[rb], n, left_side, lower, ta, ub));
            }
            return Ok(Tensor::new(bt.shape.clone(), bt.elem.clone(), Buffer::F32(out.into())));
        }
        (Buffer::F64(x), Buffer::F64(y)) => {
            let mut out = Vec::with_capacity(y.len());
            for i in 0..ba {
                let (ra, rb) = per_batch(i, i);
                out.extend(crate::ops::trsm::solve(&x[ra], &y[rb], n, left_side, lower, ta, ub));
            }
            return Ok(Tensor::new(bt.shape.clone(), bt.elem.clone(), Buffer::F64(out.into())));
        }
        _ => {}
    }
    let av = to_c(a)?;
    let bv = to_c(bt)?;
    let mut out = vec![C::new(0.0, 0.0); bv.len()];
    for bi in 0..ba {
        // op(a)[i][j], reading only the triangle `lower` names.
        let raw = |i: usize, j: usize| -> C {
            let in_tri = if lower { j <= i } else { j >= i };
            if !in_tri {
                return C::new(0.0, 0.0);
            }
            if unit_diagonal && i == j {
                return C::new(1.0, 0.0);
            }
            av[bi * n * n + i * n + j]
        };
        let op = |i: usize, j: usize| -> C {
            match tr {
                TransposeA::No => raw(i, j),
                TransposeA::Transpose => raw(j, i),
                TransposeA::Adjoint => raw(j, i).conj(),
            }
        };
        // op(a) is lower triangular iff (lower and no transpose) or (upper and transposed).
        let op_lower = lower == (tr == TransposeA::No);
        let base = bi * r * c;
        if left_side {
            // Solve op(a) X = B column by column.
            for col in 0..c {
                let order: Vec<usize> = if op_lower { (0..n).collect() } else { (0..n).rev().collect() };
                for &i in &order {
                    let mut s = bv[base + i * c + col];
                    for &k in order.iter().take_while(|&&k| k != i) {
                        s -= op(i, k) * out[base + k * c + col];
                    }
                    out[base + i * c + col] = s / op(i, i);
                }
            }
        } else {
            // Solve X op(a) = B row by row: x_j = (b_j - Σ_{k} x_k op(a)[k][j]) / op(a)[j][j].
            for row in 0..r {
                let order: Vec<usize> = if op_lower { (0..n).rev().collect() } else { (0..n).collect() };
                for &j in &order {
                    let mut s = bv[base + row * c + j];
                    for &k in order.iter().take_while(|&&k| k != j) {
                        s -= out[base + row * c + k] * op(k, j);
                    }
                    out[base + row * c + j] = s / op(j, j);
                }
            }
        }
    }
    Ok(Tensor::new(bt.shape.clone(), bt.elem.clone(), from_c(&bt.elem, out)?))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FftKind {
    Fft,
    Ifft,
    Rfft,
    Irfft,
}

/// A DFT of `x` (length n) written to `out`, forward (sign -1) or inverse (sign +1, unscaled).
fn dft(x: &[C], n_out: usize, sign: f64) -> Vec<C> {
    let n = n_out;
    // Twiddles e^{2πi r/n}, r = j·k mod n reduced exactly, with the angle
    // folded into the first octant (exact at multiples of a quarter turn).
    let ang = crate::ops::ducc::quarter_pi_over(n.max(1));
    let tw: Vec<C> = (0..n)
        .map(|r| {
            let (c, s) = crate::ops::ducc::calc(r, n, ang);
            C::new(c, sign * s)
        })
        .collect();
    (0..n)
        .map(|k| {
            let mut acc = C::new(0.0, 0.0);
            for (j, &v) in x.iter().enumerate().take(n) {
                acc += v * tw[((j as u128 * k as u128) % n as u128) as usize];
            }
            acc
        })
        .collect()
}

/// Applies `f` to every 1-D line along `axis` of a row-major complex array of `shape`.
fn along_axis(data: &mut Vec<C>, shape: &mut [usize], axis: usize, new_len: usize, f: &dyn Fn(&[C]) -> Vec<C>) {
    let outer: usize = shape[..axis].iter().product();
    let inner: usize = shape[axis + 1..].iter().product();
    let len = shape[axis];
    let mut out = vec![C::new(0.0, 0.0); outer * new_len * inner];
    let mut line = vec![C::new(0.0, 0.0); len];
    for o in 0..outer {
        for i in 0..inner {
            for (k, slot) in line.iter_mut().enumerate() {
                *slot = data[(o * len + k) * inner + i];
            }
            let r = f(&line);
            for (k, v) in r.into_iter().enumerate().take(new_len) {
                out[(o * new_len + k) * inner + i] = v;
            }
        }
    }
    shape[axis] = new_len;
    *data = out;
}

/// Complex transforms along `axes`, in that order, following DUCC's plans
/// (`ops::ducc::cfft_plan`) in the element precision, with the factor `fct`
/// (rounded to the element type) applied on the first axis only, as DUCC's
/// `general_nd` does. Returns false, leaving `data` untouched, when some
/// axis has no followed plan.
fn ducc_c2c(data: &mut Vec<C>, shape: &[usize], axes: &[usize], fwd: bool, single: bool, fct: f64) -> bool {
    if single {
        ducc_c2c_in::<f32>(data, shape, axes, fwd, fct)
    } else {
        ducc_c2c_in::<f64>(data, shape, axes, fwd, fct)
    }
}

fn ducc_c2c_in<T: num_traits::Float>(data: &mut Vec<C>, shape: &[usize], axes: &[usize], fwd: bool, fct: f64) -> bool {
    use crate::ops::ducc::{Cx, cfft_plan};
    let Some(plans) = axes.iter().map(|&a| cfft_plan::<T>(shape[a])).collect::<Option<Vec<_>>>() else {
        return false;
    };
    let t = |v: f64| T::from(v).unwrap_or_else(T::nan);
    let back = |v: T| v.to_f64().unwrap_or(f64::NAN);
    let mut f = t(fct);
    let mut shape = shape.to_vec();
    for (&a, plan) in axes.iter().zip(&plans) {
        let n = shape[a];
        along_axis(data, &mut shape, a, n, &|x| {
            let xs: Vec<Cx<T>> = x.iter().map(|c| Cx::new(t(c.re), t(c.im))).collect();
            plan.exec(&xs, fwd, f).into_iter().map(|c| C::new(back(c.r), back(c.i))).collect()
        });
        f = T::one();
    }
    true
}

/// `fft` over the trailing `fft_length.len()` dimensions.
///
/// XLA CPU calls DUCC with the transformed axes after one batch axis: FFT and
/// IFFT (`c2c`) run the innermost axis first and then the others outwards,
/// with the inverse's factor 1/∏n on the first; RFFT (`r2c`) transforms the
/// innermost axis, then the others from the outermost in; IRFFT (`c2r`) the
/// outer axes from the outermost in, then the innermost with the factor.
/// Where every axis has a followed DUCC plan (see `ops::ducc`), those
/// passes run; otherwise the exact-twiddle DFT.
pub fn fft(
    t: &Tensor,
    kind: FftKind,
    fft_length: &[i64],
    result_elem: &ElemType,
    result_shape: Vec<usize>,
) -> IResult<Tensor> {
    let k = fft_length.len();
    if k == 0 || k > 3 || k > t.rank() {
        return invalid("fft_length must name 1 to 3 trailing dimensions");
    }
    let lens: Vec<usize> = fft_length.iter().map(|&x| usize::try_from(x).unwrap_or(0)).collect();
    // The spec's fft_c3..c5, checked before any buffer is sized from `fft_length`: the
    // transformed dimensions are `fft_length` (the innermost one `fft_length / 2 + 1` for
    // IRFFT's operand), and the declared result has the shape the transform gives.
    let r = t.rank();
    let n_last = lens[k - 1];
    for (i, (&d, &n)) in t.shape[r - k..].iter().zip(&lens).enumerate() {
        let innermost = i == k - 1;
        match kind {
            FftKind::Rfft if innermost && d != n => return invalid("rfft innermost dimension must equal fft_length"),
            FftKind::Irfft if innermost && d != n / 2 + 1 => {
                return invalid("irfft innermost dimension must equal fft_length / 2 + 1");
            }
            FftKind::Irfft if innermost => {}
            _ if d != n => return invalid("fft dimensions must equal fft_length"),
            _ => {}
        }
    }
    let mut expected = t.shape.clone();
    match kind {
        FftKind::Rfft => expected[r - 1] = n_last / 2 + 1,
        FftKind::Irfft => expected[r - 1] = n_last,
        FftKind::Fft | FftKind::Ifft => {}
    }
    if expected != result_shape {
        return invalid(format!("fft result shape {expected:?} differs from the declared {result_shape:?}"));
    }
    // No elements in, none out: nothing to transform, and the plans and line buffers below are
    // sized by `fft_length`, which an empty operand does not bound.
    if t.num_elements() == 0 && result_shape.contains(&0) {
        return finish(result_shape.clone(), vec![], result_elem, result_shape);
    }
    let mut data = to_c(t)?;
    let mut shape = t.shape.clone();
    let f32_kind = ElemType::Float(shardref_spec::ir::FloatKind::F32);
    let single = match result_elem {
        ElemType::Complex(inner) => **inner == f32_kind,
        other => *other == f32_kind,
    };
    let inv_scale = lens.iter().map(|&n| n as f64).product::<f64>();
    match kind {
        FftKind::Fft | FftKind::Ifft => {
            let sign = if kind == FftKind::Fft { -1.0 } else { 1.0 };
            for (a, &n) in (r - k..r).zip(&lens) {
                if shape[a] != n {
                    return invalid("fft dimensions must equal fft_length");
                }
            }
            let fwd = kind == FftKind::Fft;
            let axes: Vec<usize> = (r - k..r).rev().collect();
            let fct = if fwd { 1.0 } else { 1.0 / inv_scale };
            if !ducc_c2c(&mut data, &shape, &axes, fwd, single, fct) {
                for (a, &n) in (r - k..r).zip(&lens) {
                    along_axis(&mut data, &mut shape, a, n, &|x| {
                        let y = dft(x, x.len(), sign);
                        if sign > 0.0 { y.into_iter().map(|v| v / x.len() as f64).collect() } else { y }
                    });
                }
            }
        }
        FftKind::Rfft => {
            // Innermost axis first (real → half spectrum), then the others as complex FFTs.
            let last = r - 1;
            let n = lens[k - 1];
            if shape[last] != n {
                return invalid("rfft innermost dimension must equal fft_length");
            }
            if crate::ops::ducc::uses_generic_pass(n) {
                // Prime lengths DUCC runs as one generic pass: follow it (see `ops::ducc`).
                let roots = crate::ops::ducc::unity_roots(n);
                along_axis(&mut data, &mut shape, last, n / 2 + 1, &|x| {
                    if single {
                        let xs: Vec<f32> = x.iter().map(|c| c.re as f32).collect();
                        let y = crate::ops::ducc::rfft_generic(&xs, &roots);
                        y.into_iter().map(|(re, im)| C::new(re as f64, im as f64)).collect()
                    } else {
                        let xs: Vec<f64> = x.iter().map(|c| c.re).collect();
                        let y = crate::ops::ducc::rfft_generic(&xs, &roots);
                        y.into_iter().map(|(re, im)| C::new(re, im)).collect()
                    }
                });
                let axes: Vec<usize> = (r - k..last).collect();
                if ducc_c2c(&mut data, &shape, &axes, true, single, 1.0) {
                    return finish(shape, data, result_elem, result_shape);
                }
            } else {
                along_axis(&mut data, &mut shape, last, n / 2 + 1, &|x| dft(x, x.len(), -1.0));
            }
            for (a, &n) in (r - k..last).zip(&lens) {
                along_axis(&mut data, &mut shape, a, n, &|x| dft(x, x.len(), -1.0));
            }
        }
        FftKind::Irfft => {
            let last = r - 1;
            let n = lens[k - 1];
            if crate::ops::ducc::uses_generic_pass(n) {
                // Prime lengths DUCC runs as one generic pass: follow it (see `ops::ducc`).
                if shape[last] != n / 2 + 1 {
                    return invalid("irfft innermost dimension must equal fft_length / 2 + 1");
                }
                let axes: Vec<usize> = (r - k..last).collect();
                let mut outer = data.clone();
                if ducc_c2c(&mut outer, &shape, &axes, false, single, 1.0) {
                    let roots = crate::ops::ducc::unity_roots(n);
                    let fct = 1.0 / inv_scale;
                    along_axis(&mut outer, &mut shape, last, n, &|x| {
                        if single {
                            let xs: Vec<(f32, f32)> = x.iter().map(|c| (c.re as f32, c.im as f32)).collect();
                            let y = crate::ops::ducc::irfft_generic(&xs, n, fct as f32, &roots);
                            y.into_iter().map(|v| C::new(v as f64, 0.0)).collect()
                        } else {
                            let xs: Vec<(f64, f64)> = x.iter().map(|c| (c.re, c.im)).collect();
                            let y = crate::ops::ducc::irfft_generic(&xs, n, fct, &roots);
                            y.into_iter().map(|v| C::new(v, 0.0)).collect()
                        }
                    });
                    return finish(shape, outer, result_elem, result_shape);
                }
            }
            for (a, &n) in (r - k..last).zip(&lens) {
                along_axis(&mut data, &mut shape, a, n, &|x| {
                    dft(x, x.len(), 1.0).into_iter().map(|v| v / x.len() as f64).collect()
                });
            }
            // Rebuild the full Hermitian spectrum of length n, then inverse-transform; keep real parts.
            along_axis(&mut data, &mut shape, last, n, &|x| {
                let mut full = vec![C::new(0.0, 0.0); n];
                for (j, slot) in full.iter_mut().enumerate() {
                    *slot = if j < x.len() { x[j] } else { x.get(n - j).map(|c| c.conj()).unwrap_or(C::new(0.0, 0.0)) };
                }
                dft(&full, n, 1.0).into_iter().map(|v| C::new(v.re / n as f64, 0.0)).collect()
            });
        }
    }
    finish(shape, data, result_elem, result_shape)
}

/// The result tensor, once its shape is checked against the declared one.
fn finish(shape: Vec<usize>, data: Vec<C>, result_elem: &ElemType, result_shape: Vec<usize>) -> IResult<Tensor> {
    if shape != result_shape {
        return invalid(format!("fft result shape {shape:?} differs from the declared {result_shape:?}"));
    }
    Ok(Tensor::new(shape, result_elem.clone(), from_c(result_elem, data)?))
}
