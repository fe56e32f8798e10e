//! `triangular_solve` (XLA's blocked algorithm, `ops::trsm`), `cholesky`
//! and `set_dimension_size`/`torch_index_select` errors: solutions satisfy
//! their equations for every flag combination and for more than one
//! diagonal block, and the edge cases (NaN, infinity, -0.0, empty, 1×1).

use shardref_interp::ops::linalg::{TransposeA, cholesky, triangular_solve};
use shardref_interp::value::{Buffer, Tensor};
use shardref_spec::ir::ElemType;

fn f64s(shape: Vec<usize>, v: Vec<f64>) -> Tensor {
    Tensor::new(shape, ElemType::F64, Buffer::F64(v.into()))
}

fn vals(t: &Tensor) -> Vec<f64> {
    match &t.buf {
        Buffer::F64(s) => s.to_vec(),
        Buffer::F32(s) => s.iter().map(|&x| x as f64).collect(),
        b => panic!("{b:?}"),
    }
}

/// A well-conditioned n×n matrix with both triangles filled.
fn matrix(n: usize) -> Vec<f64> {
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            if r == c { 2.0 + (r % 3) as f64 } else { ((r * 7 + c * 3) % 5) as f64 / (4.0 * n as f64) - 0.1 / n as f64 }
        })
        .collect()
}

/// op(a) restricted to the triangle `lower` names (with a unit diagonal when asked).
fn op_a(a: &[f64], n: usize, lower: bool, unit: bool, tr: TransposeA) -> Vec<f64> {
    let mut m = vec![0.0; n * n];
    for r in 0..n {
        for c in 0..n {
            let keep = if lower { c <= r } else { c >= r };
            let v = if r == c && unit {
                1.0
            } else if keep {
                a[r * n + c]
            } else {
                0.0
            };
            let (i, j) = if tr == TransposeA::No { (r, c) } else { (c, r) };
            m[i * n + j] = v;
        }
    }
    m
}

fn residual(n: usize, m: usize, left: bool, lower: bool, unit: bool, tr: TransposeA) -> f64 {
    let a = matrix(n);
    let bshape = if left { vec![n, m] } else { vec![m, n] };
    let b: Vec<f64> = (0..n * m).map(|i| ((i * 13) % 11) as f64 - 5.0).collect();
    let x = triangular_solve(&f64s(vec![n, n], a.clone()), &f64s(bshape, b.clone()), left, lower, unit, tr).unwrap();
    let x = vals(&x);
    let oa = op_a(&a, n, lower, unit, tr);
    let mut worst: f64 = 0.0;
    for p in 0..m {
        for q in 0..n {
            // left: (op(a) x)[q][p] = b[q][p]; right: (x op(a))[p][q] = b[p][q].
            let (s, want) = if left {
                ((0..n).map(|k| oa[q * n + k] * x[k * m + p]).sum::<f64>(), b[q * m + p])
            } else {
                ((0..n).map(|k| x[p * n + k] * oa[k * n + q]).sum::<f64>(), b[p * n + q])
            };
            worst = worst.max((s - want).abs());
        }
    }
    worst
}

#[test]
fn triangular_solve_satisfies_the_equation_for_every_flag() {
    for left in [true, false] {
        for lower in [true, false] {
            // Two diagonal blocks (128 + 2).
            let r = residual(130, 2, left, lower, false, TransposeA::No);
            assert!(r < 1e-9, "n=130 left={left} lower={lower}: residual {r}");
        }
    }
    for n in [1usize, 2, 8, 9] {
        for left in [true, false] {
            for lower in [true, false] {
                for unit in [true, false] {
                    for tr in [TransposeA::No, TransposeA::Transpose, TransposeA::Adjoint] {
                        let r = residual(n, 3, left, lower, unit, tr);
                        assert!(r < 1e-9, "n={n} left={left} lower={lower} unit={unit} {tr:?}: residual {r}");
                    }
                }
            }
        }
    }
}

#[test]
fn triangular_solve_f32_is_computed_in_f32() {
    let a = Tensor::new(vec![2, 2], ElemType::F32, Buffer::F32(vec![3.0, 0.0, 1.0, 7.0].into()));
    let b = Tensor::new(vec![2, 1], ElemType::F32, Buffer::F32(vec![1.0, 1.0].into()));
    let x = triangular_solve(&a, &b, true, true, false, TransposeA::No).unwrap();
    // x0 = 1/3 in f32; x1 = (1 - x0) / 7 through the inverted block.
    let v = vals(&x);
    assert_eq!(v[0] as f32, 1.0f32 / 3.0);
    assert!((v[1] - (1.0 - 1.0 / 3.0) / 7.0).abs() < 1e-7);
}

#[test]
fn triangular_solve_edge_cases() {
    let a = f64s(vec![2, 2], vec![2.0, 0.0, 1.0, 4.0]);
    // NaN and infinity in b: as in XLA, x = inv(a)·b, so a column holding an
    // infinity also gets 0·∞ = NaN where substitution would not read it.
    let b = f64s(vec![2, 2], vec![f64::NAN, 2.0, 0.0, f64::INFINITY]);
    let x = vals(&triangular_solve(&a, &b, true, true, false, TransposeA::No).unwrap());
    assert!(x[0].is_nan() && x[2].is_nan());
    assert!(x[1].is_nan());
    assert_eq!(x[3], f64::INFINITY);
    let b = f64s(vec![2, 1], vec![2.0, -1.0]);
    assert_eq!(vals(&triangular_solve(&a, &b, true, true, false, TransposeA::No).unwrap()), vec![1.0, -0.5]);
    // A zero pivot gives infinities or NaN, never a panic.
    let z = f64s(vec![2, 2], vec![0.0, 0.0, 1.0, 1.0]);
    let x = vals(&triangular_solve(&z, &f64s(vec![2, 1], vec![1.0, 1.0]), true, true, false, TransposeA::No).unwrap());
    assert!(x.iter().all(|v| !v.is_finite()));
    // -0.0 solves to -0.0 in a 1×1 system; empty right-hand sides stay empty.
    let x = triangular_solve(
        &f64s(vec![1, 1], vec![2.0]),
        &f64s(vec![1, 1], vec![-0.0]),
        true,
        true,
        false,
        TransposeA::No,
    )
    .unwrap();
    assert_eq!(vals(&x)[0].to_bits(), (-0.0f64).to_bits());
    let x = triangular_solve(&a, &f64s(vec![2, 0], vec![]), true, true, false, TransposeA::No).unwrap();
    assert_eq!(x.shape, vec![2, 0]);
    let x = triangular_solve(&f64s(vec![0, 0], vec![]), &f64s(vec![0, 3], vec![]), true, true, false, TransposeA::No)
        .unwrap();
    assert_eq!(x.shape, vec![0, 3]);
    // Batches solve independently.
    let ab = f64s(vec![2, 1, 1], vec![2.0, 4.0]);
    let bb = f64s(vec![2, 1, 1], vec![1.0, 1.0]);
    assert_eq!(vals(&triangular_solve(&ab, &bb, true, false, false, TransposeA::No).unwrap()), vec![0.5, 0.25]);
    // Mismatched shapes are errors.
    assert!(triangular_solve(&a, &f64s(vec![3, 1], vec![0.0; 3]), true, true, false, TransposeA::No).is_err());
}

#[test]
fn cholesky_edge_cases() {
    // Not positive definite: NaN from the failing pivot on.
    let a = f64s(vec![2, 2], vec![-1.0, 0.0, 0.0, 1.0]);
    assert!(vals(&cholesky(&a, true).unwrap())[0].is_nan());
    let e = cholesky(&f64s(vec![3, 0, 0], vec![]), true).unwrap();
    assert_eq!(e.shape, vec![3, 0, 0]);
    let inf = cholesky(&f64s(vec![1, 1], vec![f64::INFINITY]), true).unwrap();
    assert!(vals(&inf)[0].is_nan());
}

#[test]
fn deprecated_and_dynamic_ops_reject_bad_input() {
    use shardref_interp::ops::{dynamic, einsum, gather};
    let t = Tensor::new(vec![2, 3], ElemType::I32, Buffer::I32(vec![1, 2, 3, 4, 5, 6].into()));
    let size = Tensor::new(vec![], ElemType::I32, Buffer::I32(vec![2].into()));
    // A dynamic result dimension slices to the size (clamped), a static one passes through.
    assert_eq!(dynamic::set_dimension_size(&t, &size, 1, false).unwrap().buf, Buffer::I32(vec![1, 2, 4, 5].into()));
    let big = Tensor::new(vec![], ElemType::I32, Buffer::I32(vec![9].into()));
    assert_eq!(dynamic::set_dimension_size(&t, &big, 1, false).unwrap().shape, vec![2, 3]);
    assert_eq!(dynamic::set_dimension_size(&t, &size, 1, true).unwrap(), t);
    assert!(dynamic::set_dimension_size(&t, &size, 2, true).is_err());
    let idx = Tensor::new(vec![1], ElemType::I32, Buffer::I32(vec![0].into()));
    assert!(gather::torch_index_select(&t, &idx, 2, 0).is_err());
    assert!(gather::torch_index_select(&t, &idx, 0, 1).is_err());
    let empty = Tensor::new(vec![0], ElemType::I32, Buffer::I32(vec![].into()));
    assert!(gather::torch_index_select(&empty, &idx, 0, 0).is_err());
    assert!(einsum::unary_einsum(&t, "ab->c").is_err());
    assert!(einsum::unary_einsum(&t, "abc->a").is_err());
    assert!(einsum::unary_einsum(&t, "aa->a").is_err());
    assert!(einsum::unary_einsum(&t, "...->").is_err());
    assert!(einsum::einsum(&t, &t, "ab->ab", &ElemType::I32).is_err());
    assert_eq!(einsum::einsum(&t, &t, "ab,ab->", &ElemType::I32).unwrap().buf, Buffer::I32(vec![91].into()));
}
