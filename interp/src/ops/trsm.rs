//! `triangular_solve` on f32 and f64 in XLA CPU's order of operations.
//!
//! The spec leaves the accuracy of `triangular_solve` to the implementation,
//! and the reference values of upstream's tests come from XLA CPU, whose
//! rounding differs from a plain substitution by more than the 3 ulp the
//! checks allow. shardref therefore computes what XLA's
//! `TriangularSolveExpander` builds, in the element precision:
//! 1. Mask `a` to its triangle (with a unit diagonal when `unit_diagonal`).
//! 2. Cut the diagonal blocks of size `min(128, n)` (the last one padded
//!    with the identity) and invert each: scale its columns by the diagonal,
//!    start from `-I` (with `+1` at the first solved corner), replace row `j`
//!    by `-(row_j · out)` one row at a time, then divide rows by the diagonal.
//! 3. Solve block by block: `x_j = inv_j · (b_j - a_row · x)` (or the
//!    right-side mirror), concatenating the blocks.
//!
//! Dot products round like the kernels XLA CPU used when the corpus was
//! recorded: the row updates of step 2 are one fused multiply-add chain over
//! k from +0; the products of step 3 keep two fused multiply-add accumulators
//! (even and odd k within the largest multiple of 8, the rest into the
//! first) and add them at the end, as Eigen's GEMM kernel does with FMA.
//! Checked bit for bit against `triangular_solve_float32_2_8_8_float32_2_10_8`.

use num_traits::Float;

/// A row-major matrix.
#[derive(Clone, Debug)]
struct Mat<T> {
    r: usize,
    c: usize,
    v: Vec<T>,
}

impl<T: Float> Mat<T> {
    fn zeros(r: usize, c: usize) -> Self {
        Mat { r, c, v: vec![T::zero(); r * c] }
    }
    fn at(&self, i: usize, j: usize) -> T {
        self.v[i * self.c + j]
    }
    fn set(&mut self, i: usize, j: usize, x: T) {
        self.v[i * self.c + j] = x;
    }
    /// Rows `r0..r1`, columns `c0..c1`.
    fn slice(&self, r0: usize, r1: usize, c0: usize, c1: usize) -> Self {
        let mut m = Mat::zeros(r1 - r0, c1 - c0);
        for i in r0..r1 {
            for j in c0..c1 {
                m.set(i - r0, j - c0, self.at(i, j));
            }
        }
        m
    }
    fn t(&self) -> Self {
        let mut m = Mat::zeros(self.c, self.r);
        for i in 0..self.r {
            for j in 0..self.c {
                m.set(j, i, self.at(i, j));
            }
        }
        m
    }
}

/// op(x) · op(y) with the two-accumulator FMA rule (see the header).
fn gemm<T: Float>(x: &Mat<T>, tx: bool, y: &Mat<T>, ty: bool) -> Mat<T> {
    let x = if tx { x.t() } else { x.clone() };
    let y = if ty { y.t() } else { y.clone() };
    let (m, k, n) = (x.r, x.c, y.c);
    let peeled = k / 8 * 8;
    let mut out = Mat::zeros(m, n);
    for i in 0..m {
        for j in 0..n {
            let (mut a0, mut a1) = (T::zero(), T::zero());
            for t in 0..k {
                let (p, q) = (x.at(i, t), y.at(t, j));
                if t < peeled && t % 2 == 1 {
                    a1 = p.mul_add(q, a1);
                } else {
                    a0 = p.mul_add(q, a0);
                }
            }
            out.set(i, j, a0 + a1);
        }
    }
    out
}

/// Inverts a triangular block as XLA's `InvertDiagonalBlocks` does.
fn invert_block<T: Float>(blk: &Mat<T>, lower: bool) -> Mat<T> {
    let bs = blk.r;
    let d: Vec<T> = (0..bs).map(|i| blk.at(i, i)).collect();
    let mut scaled = blk.clone();
    for (k, v) in scaled.v.iter_mut().enumerate() {
        *v = *v / d[k % bs];
    }
    let mut out = Mat::zeros(bs, bs);
    for i in 0..bs {
        out.set(i, i, -T::one());
    }
    let start = if lower { 0 } else { bs - 1 };
    out.set(start, start, T::one());
    for i in 1..bs {
        let j = if lower { i } else { bs - 1 - i };
        let row: Vec<T> = (0..bs)
            .map(|c| {
                let mut acc = T::zero();
                for k in 0..bs {
                    acc = scaled.at(j, k).mul_add(out.at(k, c), acc);
                }
                -acc
            })
            .collect();
        for (c, v) in row.into_iter().enumerate() {
            out.set(j, c, v);
        }
    }
    for (k, v) in out.v.iter_mut().enumerate() {
        *v = *v / d[k / bs];
    }
    out
}

/// Solves one matrix: `a` is n×n, `b` is n×m (left side) or m×n (right side), both row-major.
pub fn solve<T: Float>(
    a: &[T],
    b: &[T],
    n: usize,
    left_side: bool,
    lower: bool,
    transpose_a: bool,
    unit_diagonal: bool,
) -> Vec<T> {
    let m = b.len() / n.max(1);
    if n == 0 || m == 0 {
        return b.to_vec();
    }
    // Step 1: the triangle.
    let mut am = Mat { r: n, c: n, v: a.to_vec() };
    for i in 0..n {
        for j in 0..n {
            let keep = if unit_diagonal {
                if lower { j < i } else { j > i }
            } else if lower {
                j <= i
            } else {
                j >= i
            };
            let v = if i == j && unit_diagonal {
                T::one()
            } else if keep {
                am.at(i, j)
            } else {
                T::zero()
            };
            am.set(i, j, v);
        }
    }
    let bm = if left_side { Mat { r: n, c: m, v: b.to_vec() } } else { Mat { r: m, c: n, v: b.to_vec() } };
    if n == 1 {
        // XLA divides by the 1×1 matrix directly.
        return bm.v.iter().map(|&x| x / am.at(0, 0)).collect();
    }
    // Step 2: invert the diagonal blocks.
    let bs = n.min(128);
    let nb = n.div_ceil(bs);
    let inv: Vec<Mat<T>> = (0..nb)
        .map(|j| {
            let mut blk = Mat::zeros(bs, bs);
            for i in 0..bs {
                for k in 0..bs {
                    let (r, c) = (j * bs + i, j * bs + k);
                    let v = if r < n && c < n {
                        am.at(r, c)
                    } else if i == k {
                        T::one()
                    } else {
                        T::zero()
                    };
                    blk.set(i, k, v);
                }
            }
            invert_block(&blk, lower)
        })
        .collect();
    // Step 3: solve block by block.
    let backward = left_side ^ lower ^ transpose_a;
    let mut x: Option<Mat<T>> = None;
    for i in 0..nb {
        let j = if backward { nb - 1 - i } else { i };
        let blk = if !n.is_multiple_of(bs) && j + 1 == nb { n % bs } else { bs };
        let inv_block = inv[j].slice(0, blk, 0, blk);
        let k = ((j + 1) * bs).min(n);
        let b_row = if left_side { bm.slice(j * bs, k, 0, m) } else { bm.slice(0, m, j * bs, k) };
        let remainder = match &x {
            None => b_row,
            Some(xm) => {
                let (mut s, mut e) =
                    if backward { ([j * bs, (nb - i) * bs], [k, n]) } else { ([j * bs, 0], [k, (i * bs).min(n)]) };
                if !left_side ^ transpose_a {
                    s.swap(0, 1);
                    e.swap(0, 1);
                }
                let a_row = am.slice(s[0], e[0], s[1], e[1]);
                let prod =
                    if left_side { gemm(&a_row, transpose_a, xm, false) } else { gemm(xm, false, &a_row, transpose_a) };
                let mut r = b_row.clone();
                for (v, p) in r.v.iter_mut().zip(&prod.v) {
                    *v = *v - *p;
                }
                r
            }
        };
        let upd = if left_side {
            gemm(&inv_block, transpose_a, &remainder, false)
        } else {
            gemm(&remainder, false, &inv_block, transpose_a)
        };
        x = Some(match x {
            None => upd,
            Some(xm) => {
                let (first, second) = if backward { (upd, xm) } else { (xm, upd) };
                concat(&first, &second, left_side)
            }
        });
    }
    x.map(|xm| xm.v).unwrap_or_default()
}

/// Concatenates along rows (left side) or columns (right side).
fn concat<T: Float>(p: &Mat<T>, q: &Mat<T>, rows: bool) -> Mat<T> {
    if rows {
        let mut v = p.v.clone();
        v.extend_from_slice(&q.v);
        return Mat { r: p.r + q.r, c: p.c, v };
    }
    let mut out = Mat::zeros(p.r, p.c + q.c);
    for i in 0..p.r {
        for j in 0..p.c {
            out.set(i, j, p.at(i, j));
        }
        for j in 0..q.c {
            out.set(i, p.c + j, q.at(i, j));
        }
    }
    out
}
