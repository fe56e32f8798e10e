//! Kernel edge cases, op family by op family, on typed buffers directly.

use shardref_interp::ops::{convert, elementwise, reduce, shape};
use shardref_interp::value::{Buffer, Tensor};
use shardref_spec::ir::{ElemType, FloatKind, Signedness, TensorType, Type};
use shardref_spec::ops::StablehloOp as S;

fn ty(t: &Tensor) -> Type {
    Type::Tensor(TensorType::ranked(t.shape.iter().map(|&d| d as u64).collect(), t.elem.clone()))
}

fn vec1(buf: Buffer, elem: ElemType) -> Tensor {
    Tensor::new(vec![buf.len()], elem, buf)
}

fn f32s(v: &[f32]) -> Tensor {
    vec1(Buffer::F32(v.into()), ElemType::F32)
}

fn i32s(v: &[i32]) -> Tensor {
    vec1(Buffer::I32(v.into()), ElemType::I32)
}

fn bits(t: &Tensor) -> Vec<u32> {
    match &t.buf {
        Buffer::F32(s) => s.iter().map(|x| x.to_bits()).collect(),
        other => panic!("not f32: {other:?}"),
    }
}

#[test]
fn integer_division_and_remainder_follow_xla() {
    let a = i32s(&[7, -7, 5, i32::MIN, i32::MIN]);
    let b = i32s(&[2, 2, 0, -1, 0]);
    let q = elementwise::binary(S::Divide, &a, &b, &ty(&a)).unwrap();
    assert_eq!(q.buf, Buffer::I32(vec![3, -3, -1, i32::MIN, -1].into()));
    let r = elementwise::binary(S::Remainder, &a, &b, &ty(&a)).unwrap();
    assert_eq!(r.buf, Buffer::I32(vec![1, -1, 5, 0, i32::MIN].into()));
}

#[test]
fn integer_arithmetic_wraps() {
    let a = i32s(&[i32::MAX, i32::MIN]);
    let b = i32s(&[1, -1]);
    let s = elementwise::binary(S::Add, &a, &b, &ty(&a)).unwrap();
    assert_eq!(s.buf, Buffer::I32(vec![i32::MIN, i32::MAX].into()));
    let n = elementwise::unary(S::Negate, &i32s(&[i32::MIN]), &ty(&a)).unwrap();
    assert_eq!(n.buf, Buffer::I32(vec![i32::MIN].into()));
    let abs = elementwise::unary(S::Abs, &i32s(&[i32::MIN, -3]), &ty(&a)).unwrap();
    assert_eq!(abs.buf, Buffer::I32(vec![i32::MIN, 3].into()));
}

#[test]
fn shifts_past_the_width() {
    let a = i32s(&[-8, -8, 8, 1]);
    let b = i32s(&[1, 40, 32, -1]);
    let l = elementwise::binary(S::ShiftLeft, &a, &b, &ty(&a)).unwrap();
    assert_eq!(l.buf, Buffer::I32(vec![-16, 0, 0, 0].into()));
    let rl = elementwise::binary(S::ShiftRightLogical, &a, &b, &ty(&a)).unwrap();
    assert_eq!(rl.buf, Buffer::I32(vec![0x7FFF_FFFC, 0, 0, 0].into()));
    let ra = elementwise::binary(S::ShiftRightArithmetic, &a, &b, &ty(&a)).unwrap();
    assert_eq!(ra.buf, Buffer::I32(vec![-4, -1, 0, 0].into()));
}

#[test]
fn sub_byte_integers_wrap_at_their_width() {
    let i4 = ElemType::Int { width: 4, signedness: Signedness::Signless };
    let a = vec1(Buffer::I8(vec![7, -8, 3].into()), i4.clone());
    let b = vec1(Buffer::I8(vec![1, -1, 4].into()), i4.clone());
    let s = elementwise::binary(S::Add, &a, &b, &ty(&a)).unwrap();
    assert_eq!(s.buf, Buffer::I8(vec![-8, 7, 7].into()));
    let ui4 = ElemType::Int { width: 4, signedness: Signedness::Unsigned };
    let a = vec1(Buffer::U8(vec![15, 0].into()), ui4.clone());
    let b = vec1(Buffer::U8(vec![1, 1].into()), ui4);
    let s = elementwise::binary(S::Subtract, &a, &b, &ty(&a)).unwrap();
    assert_eq!(s.buf, Buffer::U8(vec![14, 15].into()));
    let c = elementwise::unary(S::CountLeadingZeros, &vec1(Buffer::I8(vec![1, -1, 0].into()), i4.clone()), &ty(&a))
        .unwrap();
    assert_eq!(c.buf, Buffer::I8(vec![3, 0, 4].into()));
    let p = elementwise::unary(S::Popcnt, &vec1(Buffer::I8(vec![-1, 5].into()), i4), &ty(&a)).unwrap();
    assert_eq!(p.buf, Buffer::I8(vec![4, 2].into()));
}

#[test]
fn maximum_and_minimum_propagate_nan_and_order_signed_zeros() {
    let a = f32s(&[f32::NAN, 1.0, -0.0, 0.0]);
    let b = f32s(&[1.0, f32::NAN, 0.0, -0.0]);
    let mx = elementwise::binary(S::Maximum, &a, &b, &ty(&a)).unwrap();
    let v = bits(&mx);
    assert!(f32::from_bits(v[0]).is_nan() && f32::from_bits(v[1]).is_nan());
    assert_eq!((v[2], v[3]), (0.0f32.to_bits(), 0.0f32.to_bits()));
    let mn = elementwise::binary(S::Minimum, &a, &b, &ty(&a)).unwrap();
    let v = bits(&mn);
    assert_eq!((v[2], v[3]), ((-0.0f32).to_bits(), (-0.0f32).to_bits()));
}

#[test]
fn float_specials_through_unary_ops() {
    let x = f32s(&[f32::INFINITY, f32::NEG_INFINITY, -0.0, f32::NAN, 2.5, -2.5]);
    let s = elementwise::unary(S::Sign, &x, &ty(&x)).unwrap();
    let v = bits(&s);
    assert_eq!(v[0], 1.0f32.to_bits());
    assert_eq!(v[1], (-1.0f32).to_bits());
    assert_eq!(v[2], (-0.0f32).to_bits());
    assert!(f32::from_bits(v[3]).is_nan());
    let r = elementwise::unary(S::RoundNearestEven, &x, &ty(&x)).unwrap();
    assert_eq!(&bits(&r)[4..], &[2.0f32.to_bits(), (-2.0f32).to_bits()]);
    let r = elementwise::unary(S::RoundNearestAfz, &x, &ty(&x)).unwrap();
    assert_eq!(&bits(&r)[4..], &[3.0f32.to_bits(), (-3.0f32).to_bits()]);
    let fin = elementwise::unary(S::IsFinite, &x, &Type::Tensor(TensorType::ranked(vec![6], ElemType::I1))).unwrap();
    assert_eq!(fin.buf, Buffer::Bool(vec![false, false, true, false, true, true].into()));
    let e = elementwise::unary(S::Exponential, &f32s(&[0.0, f32::NEG_INFINITY]), &ty(&x)).unwrap();
    assert_eq!(bits(&e), vec![1.0f32.to_bits(), 0.0f32.to_bits()]);
}

#[test]
fn remainder_has_the_sign_of_the_dividend() {
    let a = f32s(&[5.5, -5.5, 1.0]);
    let b = f32s(&[2.0, 2.0, 0.0]);
    let r = elementwise::binary(S::Remainder, &a, &b, &ty(&a)).unwrap();
    let v = bits(&r);
    assert_eq!(&v[..2], &[1.5f32.to_bits(), (-1.5f32).to_bits()]);
    assert!(f32::from_bits(v[2]).is_nan());
}

#[test]
fn narrow_floats_round_once() {
    let e4m3 = ElemType::Float(FloatKind::F8E4M3FN);
    let x = f32s(&[1.0, 1.0625, 448.0, 1000.0]);
    let q = convert::convert(&x, &e4m3).unwrap();
    // 1.0625 is a tie between 1.0 and 1.125: ties to even gives 1.0. 1000 overflows to NaN (no infinity).
    assert_eq!(q.buf, Buffer::F8(vec![0x38, 0x38, 0x7E, 0x7F].into()));
    let s = elementwise::binary(S::Add, &q, &q, &ty(&q)).unwrap();
    assert_eq!(s.buf, Buffer::F8(vec![0x40, 0x40, 0x7F, 0x7F].into()));
}

#[test]
fn empty_and_rank_zero_tensors() {
    let e = Tensor::new(vec![0, 3], ElemType::F32, Buffer::F32(vec![].into()));
    let n = elementwise::unary(S::Negate, &e, &ty(&e)).unwrap();
    assert_eq!(n.shape, vec![0, 3]);
    let t = shape::transpose(&e, &[1, 0]).unwrap();
    assert_eq!(t.shape, vec![3, 0]);
    let s = Tensor::new(vec![], ElemType::I32, Buffer::I32(vec![41].into()));
    let one = Tensor::new(vec![], ElemType::I32, Buffer::I32(vec![1].into()));
    let r = elementwise::binary(S::Add, &s, &one, &ty(&s)).unwrap();
    assert_eq!(r.buf, Buffer::I32(vec![42].into()));
    let b = shape::broadcast_in_dim(&s, &[], vec![2, 2]).unwrap();
    assert_eq!(b.buf, Buffer::I32(vec![41; 4].into()));
}

#[test]
fn shape_ops() {
    let t = Tensor::new(vec![2, 3], ElemType::I32, Buffer::I32(vec![0, 1, 2, 3, 4, 5].into()));
    assert_eq!(shape::transpose(&t, &[1, 0]).unwrap().buf, Buffer::I32(vec![0, 3, 1, 4, 2, 5].into()));
    assert_eq!(shape::slice(&t, &[0, 1], &[2, 3], &[1, 2]).unwrap().buf, Buffer::I32(vec![1, 4].into()));
    assert_eq!(shape::reverse(&t, &[1]).unwrap().buf, Buffer::I32(vec![2, 1, 0, 5, 4, 3].into()));
    let c = shape::concatenate(&[&t, &t], 1).unwrap();
    assert_eq!(c.shape, vec![2, 6]);
    assert_eq!(c.buf, Buffer::I32(vec![0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5].into()));
    // Start indices are clamped so the window fits.
    let d = shape::dynamic_slice(&t, &[5, -3], &[1, 2]).unwrap();
    assert_eq!(d.buf, Buffer::I32(vec![3, 4].into()));
    let u = Tensor::new(vec![1, 2], ElemType::I32, Buffer::I32(vec![9, 9].into()));
    let d = shape::dynamic_update_slice(&t, &u, &[7, 7]).unwrap();
    assert_eq!(d.buf, Buffer::I32(vec![0, 1, 2, 3, 9, 9].into()));
    // Negative low padding crops; interior padding interleaves.
    let zero = Tensor::new(vec![], ElemType::I32, Buffer::I32(vec![-1].into()));
    let p = shape::pad(&t, &zero, &[0, -1], &[0, 1], &[1, 1]).unwrap();
    assert_eq!(p.shape, vec![3, 5]);
    assert_eq!(p.buf, Buffer::I32(vec![-1, 1, -1, 2, -1, -1, -1, -1, -1, -1, -1, 4, -1, 5, -1].into()));
    let i = shape::iota(vec![2, 3], 1, &ElemType::F32).unwrap();
    assert_eq!(i.buf, Buffer::F32(vec![0.0, 1.0, 2.0, 0.0, 1.0, 2.0].into()));
}

#[test]
fn reductions_use_the_documented_order() {
    let t = Tensor::new(vec![2, 3], ElemType::F32, Buffer::F32(vec![1e8, 1.0, -1e8, 1.0, 2.0, 3.0].into()));
    let init = Tensor::new(vec![], ElemType::F32, Buffer::F32(vec![0.0].into()));
    let (map, out) = reduce::reduction_map(&t.shape, &[1]);
    assert_eq!(out, vec![2]);
    let r = reduce::fold_single_op(S::Add, &t, &init, &map, 2).unwrap();
    // Row-major left fold: (0 + 1e8) + 1 = 1e8 in f32, then - 1e8 = 0.
    assert_eq!(r, Buffer::F32(vec![0.0, 6.0].into()));
    let (map, out) = reduce::reduction_map(&t.shape, &[0, 1]);
    assert_eq!(out, Vec::<usize>::new());
    let r = reduce::fold_single_op(S::Maximum, &t, &init, &map, 1).unwrap();
    assert_eq!(r, Buffer::F32(vec![1e8].into()));
}

#[test]
fn reduction_fast_path_matches_the_index_map_fold() {
    // Every subset of dimensions of a few shapes, with values whose f32 sums depend on the order.
    for shape in
        [vec![], vec![5], vec![3, 4], vec![2, 3, 4], vec![3, 1, 2, 5], vec![2, 0, 3], vec![2, 4100], vec![3, 2, 2100]]
    {
        let n: usize = shape.iter().product();
        let vals: Vec<f32> = (0..n).map(|i| ((i * 7919 % 13) as f32 - 6.0) * 10f32.powi((i % 9) as i32)).collect();
        let t = Tensor::new(shape.clone(), ElemType::F32, Buffer::F32(vals.into()));
        let init = Tensor::new(vec![], ElemType::F32, Buffer::F32(vec![0.5].into()));
        for mask in 0..(1usize << shape.len()) {
            let dims: Vec<usize> = (0..shape.len()).filter(|d| mask >> d & 1 == 1).collect();
            let (map, out) = reduce::reduction_map(&t.shape, &dims);
            let out_n: usize = out.iter().product();
            for k in [S::Add, S::Multiply, S::Maximum] {
                let slow = reduce::fold_single_op(k, &t, &init, &map, out_n).unwrap();
                let fast = reduce::fold_single_op_dims(k, &t, &init, &dims).unwrap();
                let bits = |b: &Buffer| match b {
                    Buffer::F32(v) => v.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                    _ => unreachable!(),
                };
                assert_eq!(bits(&slow), bits(&fast), "{shape:?} {dims:?} {k:?}");
            }
        }
    }
}

#[test]
fn conversions() {
    let x = f32s(&[1.5, -1.5, f32::NAN]);
    assert_eq!(convert::convert(&x, &ElemType::I32).unwrap().buf, Buffer::I32(vec![1, -1, 0].into()));
    assert_eq!(convert::convert(&x, &ElemType::I1).unwrap().buf, Buffer::Bool(vec![true, true, true].into()));
    let big = vec1(Buffer::I64(vec![(1 << 24) + 1].into()), ElemType::I64);
    // Ties to even: 2^24 + 1 is halfway between two f32 values.
    assert_eq!(convert::convert(&big, &ElemType::F32).unwrap().buf, Buffer::F32(vec![16777216.0].into()));
    let bc = convert::bitcast_convert(&f32s(&[1.0]), &ElemType::I32, vec![1]).unwrap();
    assert_eq!(bc.buf, Buffer::I32(vec![0x3F80_0000].into()));
}

#[test]
fn dot_general_with_batch_and_contracting_dims() {
    use shardref_interp::ops::dot::dot_general;
    use shardref_spec::ir::stablehlo::DotDimensionNumbers;
    // [2, 2, 3] x [2, 3, 1] batched over dim 0.
    let l = Tensor::new(vec![2, 2, 3], ElemType::F32, Buffer::F32((1..=12).map(|x| x as f32).collect()));
    let r = Tensor::new(vec![2, 3, 1], ElemType::F32, Buffer::F32(vec![1.0, 0.0, 2.0, -1.0, 1.0, 0.0].into()));
    let d = DotDimensionNumbers {
        lhs_batching_dimensions: vec![0],
        rhs_batching_dimensions: vec![0],
        lhs_contracting_dimensions: vec![2],
        rhs_contracting_dimensions: vec![1],
    };
    let o = dot_general(&l, &r, &d, &ElemType::F32).unwrap();
    assert_eq!(o.shape, vec![2, 2, 1]);
    assert_eq!(o.buf, Buffer::F32(vec![7.0, 16.0, 1.0, 1.0].into()));
    // Integers wrap; mixed operands convert to the result type first.
    let a = Tensor::new(vec![1, 2], ElemType::I32, Buffer::I32(vec![i32::MAX, 1].into()));
    let b = Tensor::new(vec![2, 1], ElemType::I32, Buffer::I32(vec![2, 3].into()));
    let d = DotDimensionNumbers {
        lhs_contracting_dimensions: vec![1],
        rhs_contracting_dimensions: vec![0],
        ..Default::default()
    };
    assert_eq!(dot_general(&a, &b, &d, &ElemType::I32).unwrap().buf, Buffer::I32(vec![1].into()));
    // Empty contraction gives zeros.
    let e = Tensor::new(vec![2, 0], ElemType::F32, Buffer::F32(vec![].into()));
    let f = Tensor::new(vec![0, 2], ElemType::F32, Buffer::F32(vec![].into()));
    assert_eq!(dot_general(&e, &f, &d, &ElemType::F32).unwrap().buf, Buffer::F32(vec![0.0; 4].into()));
}

#[test]
fn compare_float_and_total_order() {
    use shardref_interp::ops::compare::{Direction, compare};
    let a = f32s(&[f32::NAN, -0.0, 1.0, -f32::NAN]);
    let b = f32s(&[f32::NAN, 0.0, 2.0, f32::NEG_INFINITY]);
    let ieee = |d| compare(&a, &b, d, false).unwrap().buf;
    assert_eq!(ieee(Direction::Eq), Buffer::Bool(vec![false, true, false, false].into()));
    assert_eq!(ieee(Direction::Ne), Buffer::Bool(vec![true, false, true, true].into()));
    let total = |d| compare(&a, &b, d, true).unwrap().buf;
    assert_eq!(total(Direction::Eq), Buffer::Bool(vec![true, false, false, false].into()));
    // -0.0 < +0.0 and -NaN < -inf in the total order.
    assert_eq!(total(Direction::Lt), Buffer::Bool(vec![false, true, true, true].into()));
    let u = vec1(Buffer::U32(vec![u32::MAX].into()), ElemType::Int { width: 32, signedness: Signedness::Unsigned });
    let z = vec1(Buffer::U32(vec![0].into()), ElemType::Int { width: 32, signedness: Signedness::Unsigned });
    assert_eq!(compare(&u, &z, Direction::Gt, false).unwrap().buf, Buffer::Bool(vec![true].into()));
}

#[test]
fn gather_rows_with_clamping_and_scatter_targets() {
    use shardref_interp::ops::gather::{GatherDims, ScatterDims, gather, scatter_targets};
    let operand = Tensor::new(vec![3, 2], ElemType::I32, Buffer::I32(vec![0, 1, 10, 11, 20, 21].into()));
    let idx = Tensor::new(vec![3, 1], ElemType::I32, Buffer::I32(vec![2, 0, 7].into()));
    let d = GatherDims {
        offset_dims: vec![1],
        collapsed_slice_dims: vec![0],
        start_index_map: vec![0],
        index_vector_dim: 1,
        ..Default::default()
    };
    let g = gather(&operand, &idx, &d, &[1, 2]).unwrap();
    assert_eq!(g.shape, vec![3, 2]);
    // Index 7 clamps to the last row.
    assert_eq!(g.buf, Buffer::I32(vec![20, 21, 0, 1, 20, 21].into()));
    let sd = ScatterDims {
        update_window_dims: vec![1],
        inserted_window_dims: vec![0],
        scatter_dims_to_operand_dims: vec![0],
        index_vector_dim: 1,
        ..Default::default()
    };
    let t = scatter_targets(&[3, 2], &idx, &[3, 2], &sd).unwrap();
    // Out-of-bounds updates are skipped element by element.
    assert_eq!(t, vec![Some(4), Some(5), Some(0), Some(1), None, None]);
}

#[test]
fn convolution_1d_with_padding_dilation_and_groups() {
    use shardref_interp::ops::conv::{ConvWindow, convolution};
    use shardref_spec::ir::stablehlo::ConvDimensionNumbers;
    // Input [N=1, C=2, W=4] in layout [b, f, 0]; kernel [O=2, I=1, K=2] in layout [o, i, 0]; two feature groups.
    let x =
        Tensor::new(vec![1, 2, 4], ElemType::F32, Buffer::F32(vec![1.0, 2.0, 3.0, 4.0, 10.0, 20.0, 30.0, 40.0].into()));
    let w = Tensor::new(vec![2, 1, 2], ElemType::F32, Buffer::F32(vec![1.0, 1.0, 1.0, -1.0].into()));
    let d = ConvDimensionNumbers {
        input_batch_dimension: 0,
        input_feature_dimension: 1,
        input_spatial_dimensions: vec![2],
        kernel_input_feature_dimension: 1,
        kernel_output_feature_dimension: 0,
        kernel_spatial_dimensions: vec![2],
        output_batch_dimension: 0,
        output_feature_dimension: 1,
        output_spatial_dimensions: vec![2],
    };
    let p =
        ConvWindow { padding: Some(vec![1, 0]), feature_group_count: 2, batch_group_count: 1, ..Default::default() };
    let y = convolution(&x, &w, &d, &p, &ElemType::F32).unwrap();
    assert_eq!(y.shape, vec![1, 2, 4]);
    // Group 0 sums neighbours (with a zero pad on the left); group 1 differences them.
    assert_eq!(y.buf, Buffer::F32(vec![1.0, 3.0, 5.0, 7.0, -10.0, -10.0, -10.0, -10.0].into()));
    // lhs dilation 2 inserts holes; window reversal flips the kernel.
    let p2 = ConvWindow { lhs_dilation: Some(vec![2]), window_reversal: Some(vec![true]), padding: None, ..p };
    let y = convolution(&x, &w, &d, &p2, &ElemType::F32).unwrap();
    assert_eq!(y.shape, vec![1, 2, 6]);
    assert_eq!(y.buf, Buffer::F32(vec![1.0, 2.0, 2.0, 3.0, 3.0, 4.0, -10.0, 20.0, -20.0, 30.0, -30.0, 40.0].into()));
}

#[test]
fn cholesky_triangular_solve_and_fft() {
    use shardref_interp::ops::linalg::{FftKind, TransposeA, cholesky, fft, triangular_solve};
    let a = Tensor::new(vec![2, 2], ElemType::F64, Buffer::F64(vec![4.0, 2.0, 2.0, 3.0].into()));
    let l = cholesky(&a, true).unwrap();
    let s2 = 2f64.sqrt();
    assert_eq!(l.buf, Buffer::F64(vec![2.0, 0.0, 1.0, s2].into()));
    let u = cholesky(&a, false).unwrap();
    assert_eq!(u.buf, Buffer::F64(vec![2.0, 1.0, 0.0, s2].into()));
    // L x = b with L = [[2, 0], [1, √2]], b = [2, 1 + √2] → x = [1, 1].
    let b = Tensor::new(vec![2, 1], ElemType::F64, Buffer::F64(vec![2.0, 1.0 + s2].into()));
    let x = triangular_solve(&l, &b, true, true, false, TransposeA::No).unwrap();
    let Buffer::F64(v) = &x.buf else { panic!() };
    assert!((v[0] - 1.0).abs() < 1e-15 && (v[1] - 1.0).abs() < 1e-15, "{v:?}");
    // Lᵀ x = b solves with the upper triangle: Lᵀ = [[2, 1], [0, √2]], b = [3, √2] → x = [1, 1].
    let b = Tensor::new(vec![2, 1], ElemType::F64, Buffer::F64(vec![3.0, s2].into()));
    let x = triangular_solve(&l, &b, true, true, false, TransposeA::Transpose).unwrap();
    let Buffer::F64(v) = &x.buf else { panic!() };
    assert!((v[0] - 1.0).abs() < 1e-15 && (v[1] - 1.0).abs() < 1e-15, "{v:?}");
    // RFFT of [1, 2, 3, 4] → [10, -2+2i, -2]; IRFFT brings it back.
    let t = Tensor::new(vec![4], ElemType::F64, Buffer::F64(vec![1.0, 2.0, 3.0, 4.0].into()));
    let c128 = ElemType::Complex(Box::new(ElemType::F64));
    let f = fft(&t, FftKind::Rfft, &[4], &c128, vec![3]).unwrap();
    let Buffer::C128(v) = &f.buf else { panic!() };
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert!(close(v[0].re, 10.0) && close(v[1].re, -2.0) && close(v[1].im, 2.0) && close(v[2].re, -2.0), "{v:?}");
    let back = fft(&f, FftKind::Irfft, &[4], &ElemType::F64, vec![4]).unwrap();
    let Buffer::F64(v) = &back.buf else { panic!() };
    assert!(v.iter().zip([1.0, 2.0, 3.0, 4.0]).all(|(a, b)| close(*a, b)), "{v:?}");
}

#[test]
fn long_reductions_fold_in_blocks() {
    // Per result element: blocks of reduce::BLOCK inputs, each a left fold from
    // init, then the block results folded left to right.
    let b = reduce::BLOCK;
    let r = 2 * b + 17;
    let vals: Vec<f32> = (0..2 * r).map(|i| ((i * 7919 % 13) as f32 - 6.0) * 10f32.powi((i % 9) as i32)).collect();
    let init = 0.25f32;
    let fold = |xs: &[f32]| xs.iter().fold(init, |a, &x| a + x);
    let expect: Vec<f32> = vals
        .chunks(r)
        .map(|run| {
            let blocks: Vec<f32> = run.chunks(b).map(fold).collect();
            blocks[1..].iter().fold(blocks[0], |a, &x| a + x)
        })
        .collect();
    let t = Tensor::new(vec![2, r], ElemType::F32, Buffer::F32(vals.clone().into()));
    let i = Tensor::new(vec![], ElemType::F32, Buffer::F32(vec![init].into()));
    let fast = reduce::fold_single_op_dims(S::Add, &t, &i, &[1]).unwrap();
    assert_eq!(fast, Buffer::F32(expect.clone().into()));
    // The same inputs laid out with the reduced dimension outermost.
    let tt: Vec<f32> = (0..r).flat_map(|k| [vals[k], vals[r + k]]).collect();
    let t = Tensor::new(vec![r, 2], ElemType::F32, Buffer::F32(tt.into()));
    let fast = reduce::fold_single_op_dims(S::Add, &t, &i, &[0]).unwrap();
    assert_eq!(fast, Buffer::F32(expect.into()));
    // At most BLOCK inputs: the plain left fold.
    let short = Tensor::new(vec![b], ElemType::F32, Buffer::F32(vals[..b].to_vec().into()));
    let fast = reduce::fold_single_op_dims(S::Add, &short, &i, &[0]).unwrap();
    assert_eq!(fast, Buffer::F32(vec![fold(&vals[..b])].into()));
}

#[test]
fn elementwise_ops_reuse_only_unshared_operand_buffers() {
    let n = 1 << 17;
    let f32s = |f: fn(usize) -> f32| Tensor::new(vec![n], ElemType::F32, Buffer::F32((0..n).map(f).collect()));
    let ptr = |t: &Tensor| match &t.buf {
        Buffer::F32(s) => s.as_ptr(),
        _ => unreachable!(),
    };
    let ty = Type::Tensor(TensorType::ranked(vec![n as u64], ElemType::F32));
    // Both unshared: the result takes the first operand's buffer.
    let (a, b) = (f32s(|i| i as f32), f32s(|i| 0.5 * i as f32));
    let pa = ptr(&a);
    let r = elementwise::binary_owned(S::Add, a, b, &ty).unwrap();
    assert_eq!(ptr(&r), pa);
    assert!(matches!(&r.buf, Buffer::F32(s) if s[3] == 4.5));
    // The first shared: the second's buffer; both shared: a fresh one, operands intact.
    let (a, b) = (f32s(|i| i as f32), f32s(|i| 0.5 * i as f32));
    let (keep_a, pb) = (a.clone(), ptr(&b));
    let r = elementwise::binary_owned(S::Subtract, a, b, &ty).unwrap();
    assert_eq!(ptr(&r), pb);
    assert!(matches!(&r.buf, Buffer::F32(s) if s[4] == 2.0));
    let keep_b = f32s(|i| 0.5 * i as f32);
    let r = elementwise::binary_owned(S::Multiply, keep_a.clone(), keep_b.clone(), &ty).unwrap();
    assert!(ptr(&r) != ptr(&keep_a) && ptr(&r) != ptr(&keep_b));
    assert!(matches!(&keep_a.buf, Buffer::F32(s) if s[4] == 4.0));
    assert!(matches!(&r.buf, Buffer::F32(s) if s[4] == 8.0));
    // Unary in place, with the reference tanh's bits.
    let x = f32s(|i| (i as f32 - 65536.0) * 1e-3);
    let (px, xs) = (ptr(&x), x.clone());
    drop(xs);
    let r = elementwise::unary_owned(S::Tanh, x, &ty).unwrap();
    assert_eq!(ptr(&r), px);
    let Buffer::F32(out) = &r.buf else { unreachable!() };
    for (i, y) in out.iter().enumerate() {
        let x = (i as f32 - 65536.0) * 1e-3;
        assert_eq!(y.to_bits(), shardref_interp::ops::tanh32::tanh_ref(x).to_bits());
    }
}

/// The f32 iota (its run-wise fill, shared with fused groups) against the definition: element i
/// is (i / stride) % len along the iota dimension, from any starting element.
#[test]
fn f32_iota_matches_its_definition_from_any_start() {
    for shape in [vec![5usize, 7, 3], vec![1, 9], vec![300], vec![2, 1, 4, 1]] {
        let n: usize = shape.iter().product();
        for dim in 0..shape.len() {
            let step: usize = shape[dim + 1..].iter().product();
            let want: Vec<u32> = (0..n).map(|i| (((i / step) % shape[dim]) as f32).to_bits()).collect();
            let t = shape::iota(shape.clone(), dim as i64, &ElemType::F32).unwrap();
            assert_eq!(bits(&t), want, "{shape:?} dim {dim}");
            for start in [0, 1, step.saturating_sub(1), step, n / 2, n - 1] {
                let mut out = vec![f32::NAN; n - start];
                shape::iota_f32_into(&mut out, start, step, shape[dim]);
                let got: Vec<u32> = out.iter().map(|x| x.to_bits()).collect();
                assert_eq!(got, want[start..], "{shape:?} dim {dim} start {start}");
            }
        }
    }
    // Values past 2^24 round to nearest even, as the integer's conversion does.
    let mut out = vec![0.0f32; 4];
    shape::iota_f32_into(&mut out, (1 << 24) + 1, 1, 1 << 26);
    assert_eq!(out, [16777216.0, 16777218.0, 16777220.0, 16777220.0]);
}
