//! Linear algebra and transforms: `cholesky`, `triangular_solve`, `fft`
//! (upstream's `inferCholeskyOp`, `inferTriangularSolveOp`, `inferFftOp`).

use shardref_spec::ir::stablehlo::{FftType, StablehloAttr, Transpose};
use shardref_spec::ir::{Attr, Dim, ElemType, FloatKind, TensorType, Type};

use super::common::*;
use super::elementwise::{Cats, operand_in};
use crate::{Check, Fail};

const FC: Cats = Cats::FLOAT.or(Cats::COMPLEX);

/// `cholesky`: `cholesky_c1`..`cholesky_c3`.
pub fn cholesky(op: Op<'_>) -> Check {
    let [a] = op.args::<1>()?;
    let ta = operand_in(a, 0, FC)?;
    let r = op.result()?;
    if let Some(s) = shape(ta) {
        // cholesky_c2
        if s.len() < 2 {
            return Err(Fail::new(
                "cholesky_c2",
                format!("argument 'a' must have rank >= 2, got shape {}.", dims_str(s)),
            ));
        }
        // cholesky_c3
        if !dim_compat(s[s.len() - 2], s[s.len() - 1]) {
            return Err(Fail::new(
                "cholesky_c3",
                format!("minor dimensions of 'a' must have equal size, got shape {}.", dims_str(s)),
            ));
        }
    }
    // cholesky_c1
    check_inferred("cholesky_c1", a, r)
}

/// `triangular_solve`: `triangular_solve_c1`..`triangular_solve_c4`.
pub fn triangular_solve(op: Op<'_>) -> Check {
    let [a, b] = op.args::<2>()?;
    let ta = operand_in(a, 0, FC)?;
    let tb = operand_in(b, 1, FC)?;
    let r = op.result()?;
    // triangular_solve_c1
    if !elem_compat(&ta.elem, &tb.elem) {
        return Err(Fail::new(
            "triangular_solve_c1",
            format!("expects a and b to have the same element type, got {} and {}", q(a), q(b)),
        ));
    }
    let left = matches!(crate::attrs::stablehlo::TriangularSolve::of(op.o).left_side().raw(), Some(Attr::Bool(true)));
    if let (Some(sa), Some(sb)) = (shape(ta), shape(tb)) {
        // triangular_solve_c2
        if sa.len() < 2 {
            return Err(Fail::new("triangular_solve_c2", format!("operand 'a' must have rank >= 2, but got {}", q(a))));
        }
        // triangular_solve_c3
        if !dim_compat(sa[sa.len() - 2], sa[sa.len() - 1]) {
            return Err(Fail::new(
                "triangular_solve_c3",
                format!("two minor dimensions of operand 'a' must be compatible, but got {}", q(a)),
            ));
        }
        // triangular_solve_c2
        if sa.len() != sb.len() {
            return Err(Fail::new(
                "triangular_solve_c2",
                format!("operands must have equal rank, but got {} and {}", q(a), q(b)),
            ));
        }
        // triangular_solve_c3
        let shared = sb[sb.len() - if left { 2 } else { 1 }];
        if !dim_compat(sa[sa.len() - 1], shared) {
            return Err(Fail::new(
                "triangular_solve_c3",
                format!("shared dimension of operands 'a' and 'b' must be compatible, but got {} and {}", q(a), q(b)),
            ));
        }
        if !dims_compat(&sa[..sa.len() - 2], &sb[..sb.len() - 2]) {
            return Err(Fail::new(
                "triangular_solve_c3",
                format!("batch dimensions of the operands must be compatible, but got {} and {}", q(a), q(b)),
            ));
        }
    }
    if let Some(StablehloAttr::Transpose(Transpose::TransposeInvalid)) =
        crate::attrs::stablehlo::TriangularSolve::of(op.o)
            .transpose_a()
            .raw()
            .and_then(shardref_spec::ir::Attr::as_stablehlo)
    {
        // stablehlo_signature
        return Err(Fail::new("stablehlo_signature", "Invalid transpose option value for triangular solve"));
    }
    // triangular_solve_c4
    check_inferred("triangular_solve_c4", b, r)
}

/// `fft`: `fft_c1`..`fft_c5`.
pub fn fft(op: Op<'_>) -> Check {
    let [x] = op.args::<1>()?;
    let tx = operand_in(x, 0, FC)?;
    let r = op.result()?;
    let Some(StablehloAttr::FftType(kind)) =
        crate::attrs::stablehlo::Fft::of(op.o).fft_type().raw().and_then(shardref_spec::ir::Attr::as_stablehlo)
    else {
        // stablehlo_signature
        return Err(Fail::new("stablehlo_signature", "requires attribute 'fft_type'"));
    };
    let len = op.ints(crate::attrs::stablehlo::Fft::of(op.o).fft_length())?;
    let n = len.len();
    // fft_c3
    if !(1..=3).contains(&n) {
        return Err(Fail::new("fft_c3", format!("rank must be between 1 and 3, but got {n}.")));
    }
    let (rfft, irfft) = (*kind == FftType::Rfft, *kind == FftType::Irfft);
    // fft_c2
    let elem = if rfft {
        if !matches!(tx.elem, ElemType::Float(FloatKind::F32 | FloatKind::F64)) {
            return Err(Fail::new("fft_c2", format!("RFFT requires f32 or f64 input type, but is given {}.", tx.elem)));
        }
        ElemType::Complex(Box::new(tx.elem.clone()))
    } else {
        match &tx.elem {
            ElemType::Complex(e) if irfft => (**e).clone(),
            ElemType::Complex(_) => tx.elem.clone(),
            _ => {
                return Err(Fail::new(
                    "fft_c2",
                    format!("FFT/IFFT/IRFFT take a complex tensor as input, but is given {}.", q(x)),
                ));
            }
        }
    };
    let Some(s) = shape(tx) else { return Ok(()) };
    // fft_c1
    if s.len() < n {
        return Err(Fail::new(
            "fft_c1",
            format!("operand rank must not be less than fft rank of {n} for operand of type {}.", q(x)),
        ));
    }
    let mut out: Vec<Dim> = s.to_vec();
    let back = &s[s.len() - n..];
    if rfft {
        // fft_c4
        if back.iter().zip(&len).any(|(&d, &l)| !dim_compat(d, u64::try_from(l).ok())) {
            return Err(Fail::new(
                "fft_c4",
                format!(
                    "RFFT requires innermost dimensions to be compatible with fft_length. Got: {} but wanted {}.",
                    dims_str(s),
                    list(&len)
                ),
            ));
        }
        // fft_c5
        if len[n - 1] != 0 {
            out[s.len() - 1] = u64::try_from(len[n - 1] / 2 + 1).ok();
        }
    }
    if irfft {
        // fft_c4
        if back[..n - 1].iter().zip(&len).any(|(&d, &l)| !dim_compat(d, u64::try_from(l).ok())) {
            return Err(Fail::new(
                "fft_c4",
                format!(
                    "IRFFT requires non-final dimensions to be compatible with fft_length. Got: {} but wanted {}.",
                    dims_str(s),
                    list(&len)
                ),
            ));
        }
        // fft_c5
        let last = s[s.len() - 1];
        let want = u64::try_from(len[n - 1] / 2 + 1).ok();
        if (!dim_compat(last, Some(0)) || len[n - 1] != 0) && !dim_compat(last, want) {
            return Err(Fail::new(
                "fft_c5",
                format!(
                    "IRFFT requires innermost dimension to be compatible with fft_length[-1]/2+1. Got: {} but fft_length is {}.",
                    dims_str(&[last]).trim_matches(['[', ']']),
                    list(&len)
                ),
            ));
        }
        out[s.len() - 1] = u64::try_from(len[n - 1]).ok();
    }
    // fft_c2, fft_c5
    check_inferred_parts("fft_c5", "fft_c2", &Type::Tensor(TensorType { shape: Some(out), elem, encoding: None }), r)
}
