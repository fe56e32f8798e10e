//! Element comparison for `equiv`: bitwise, or within tolerances.
//!
//! Bitwise means the elements' storage bits are equal: a NaN equals a NaN
//! only with the same payload and sign, and -0.0 differs from 0.0. This is
//! the strongest claim (the partitioned program computes *exactly* what the
//! unpartitioned one does) and holds whenever both compute the same
//! operations in the same order on each element.
//!
//! Within tolerances (`judge`), an element that is not bitwise equal is
//! accepted when
//! 1. it is an element of a sum whose exact value is known (`exact`) and the
//!    parallel value lies within the rounding bound of that sum, or
//! 2. `|p - s| <= R`, `s` the sequential value and `R` the rounding bound
//!    propagated through every op of the twin (`bound`): the radius around
//!    `s` that holds every evaluation of the same ops whose sums take any
//!    order and whose ops round within their allowance, so both programs'
//!    rounding; the verdict reports the largest fraction of `R` used, or
//! 3. with tolerances given (`--rtol`/`--atol`), `|p - s| <= atol + rtol *
//!    |s|`.
//! An element whose bound is unbounded (ill-conditioned: a division by a
//! value that rounding may make 0, a function that rounding may take out
//! of its domain, an index or a branch that may flip) may take any value
//! under rounding, so it is accepted (a NaN only against a NaN), and the
//! verdict counts those elements: a wrong program still shows on the
//! others. Without given tolerances, an element whose bound is unknown (an
//! op with no rounding rule on its way, or a propagation that could not
//! run) falls back to the element type's default tolerance
//! (`default_tolerance`), and the verdict counts those elements and says
//! why.
//!
//! Under tolerances floats and each part of a complex number compare
//! numerically: NaN equals NaN (any payload), an infinity equals only the
//! same infinity, and -0.0 equals 0.0. Integers and booleans always compare
//! exactly.
//!
//! Default tolerances (`default_tolerance`, rtol = atol, the fallback above)
//! are the defaults of JAX's own test suite
//! (`jax._src.public_test_util.default_tolerance`, which its
//! `assertAllClose` uses, e.g. to compare jit and shard_map results with
//! NumPy's):
//! f64 1e-15, f32 1e-6, f16 1e-3, bf16 1e-2, the f8 and f6 formats 1e-1, f4
//! and f8E8M0FNU 1. Relative to the unit roundoff u = 2^-p of each type (p
//! significand bits), these are 9u (f64), 17u (f32), 2u (f16) and 2.6u
//! (bf16). tf32 takes f16's (same significand), f80 and f128 take f64's.
//!
//! Ulp figures: the distance of a parallel value from a reference value r
//! in units of the last place of r in the element type: `|p - r| / 2^(max(e,
//! emin) - p + 1)`, where `e = floor(log2 |r|)` and `emin` is the type's
//! smallest normal exponent (`float_format::Format`).

use shardref_interp::ops::convert::element_strings;
use shardref_interp::{Buffer, Tensor};
use shardref_spec::ir::{ElemType, FloatKind};

use super::exact::ExactSums;
use super::float_format::{float_parts, format, scale};

/// Relative and absolute tolerance for float elements.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    pub rtol: f64,
    pub atol: f64,
}

/// How results are compared.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Comparison {
    /// Storage bits must be equal.
    Bitwise,
    /// Within the rounding bound of exact sums, or within tolerances: the
    /// given ones, or (`None`) the element type's defaults.
    Tolerant(Option<Tolerance>),
}

/// The default tolerance (rtol = atol) of a float kind; see the module header.
pub fn default_tolerance(kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F64 | FloatKind::F80 | FloatKind::F128 => 1e-15,
        FloatKind::F32 => 1e-6,
        FloatKind::F16 | FloatKind::TF32 => 1e-3,
        FloatKind::BF16 => 1e-2,
        FloatKind::F8E3M4
        | FloatKind::F8E4M3
        | FloatKind::F8E4M3FN
        | FloatKind::F8E4M3FNUZ
        | FloatKind::F8E4M3B11FNUZ
        | FloatKind::F8E5M2
        | FloatKind::F8E5M2FNUZ
        | FloatKind::F6E2M3FN
        | FloatKind::F6E3M2FN => 1e-1,
        FloatKind::F4E2M1FN | FloatKind::F8E8M0FNU => 1.0,
    }
}

/// The float kind of a float or complex element type.
pub fn float_kind(elem: &ElemType) -> Option<FloatKind> {
    match elem {
        ElemType::Float(k) => Some(*k),
        ElemType::Complex(inner) => float_kind(inner),
        _ => None,
    }
}

/// The first element (row-major) where `p` and `s` differ, or `None`.
/// Tensors of different shapes or element types differ at element 0
/// (`shape_mismatch` tells them apart).
pub fn first_difference(p: &Tensor, s: &Tensor, tol: Option<Tolerance>) -> Option<usize> {
    if shape_mismatch(p, s) {
        return Some(0);
    }
    match tol {
        Some(tol) => {
            if let (Some(x), Some(y)) = (float_parts(p), float_parts(s)) {
                return x.iter().zip(&y).position(|(a, b)| !close(a.0, b.0, tol) || !close(a.1, b.1, tol));
            }
            bitwise(p, s)
        }
        None => bitwise(p, s),
    }
}

/// Whether the two tensors differ in shape or element type.
pub fn shape_mismatch(p: &Tensor, s: &Tensor) -> bool {
    p.shape != s.shape || p.elem != s.elem
}

fn bitwise(p: &Tensor, s: &Tensor) -> Option<usize> {
    if p.buf == s.buf && !has_float(&p.buf) {
        return None;
    }
    let (x, y) = (p.buf.to_le_bytes(), s.buf.to_le_bytes());
    let w = (x.len() / p.num_elements().max(1)).max(1);
    x.chunks(w).zip(y.chunks(w)).position(|(a, b)| a != b)
}

/// Whether `PartialEq` on the buffer is IEEE equality (so not bitwise).
fn has_float(b: &Buffer) -> bool {
    matches!(b, Buffer::BF16(_) | Buffer::F16(_) | Buffer::F32(_) | Buffer::F64(_) | Buffer::C64(_) | Buffer::C128(_))
}

fn close(p: f64, s: f64, tol: Tolerance) -> bool {
    if p.is_nan() || s.is_nan() {
        return p.is_nan() && s.is_nan();
    }
    if p.is_infinite() || s.is_infinite() {
        return p == s;
    }
    (p - s).abs() <= tol.atol + tol.rtol * s.abs()
}

/// Element `i` of `t` as MLIR prints it.
pub fn element_string(t: &Tensor, i: usize) -> String {
    let one = Tensor::new(vec![], t.elem.clone(), t.buf.gather(&[i]));
    element_strings(&one).ok().and_then(|v| v.into_iter().next()).unwrap_or_else(|| "?".into())
}

/// How far the accepted elements that are not bitwise equal are from their
/// references (maxima over every result and trial).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Closeness {
    /// Elements accepted although not bitwise equal.
    pub differing: usize,
    /// Largest `|parallel - sequential|`.
    pub max_abs: f64,
    /// Largest distance of a parallel value from the sequential one, in ulp of the sequential value.
    pub max_ulp: f64,
    /// Over elements of exact sums (`exact`) that differ: the largest
    /// distance of a parallel value from the exact sum in ulp of the exact
    /// value, and the largest fraction of its rounding bound it uses; `None`
    /// when no such element differed.
    pub sums: Option<SumCloseness>,
    /// Over elements accepted by the propagated rounding bound (`bound`):
    /// the largest `|p - s| / R`; `None` when no element needed it.
    pub bound_fraction: Option<f64>,
    /// Elements without a propagated bound (an op with no rule on their
    /// way) that the element type's default tolerance accepted, and why the
    /// first had none.
    pub fallback: Option<(usize, String)>,
    /// Elements accepted because their propagated bound is unbounded
    /// (ill-conditioned: rounding alone may move them anywhere).
    pub unbounded: usize,
}

/// Exact-sum figures of a `Closeness`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SumCloseness {
    pub max_ulp_from_exact: f64,
    pub max_fraction_of_bound: f64,
}

impl Closeness {
    /// Takes the maxima of both.
    pub fn merge(&mut self, o: &Closeness) {
        self.differing += o.differing;
        self.max_abs = self.max_abs.max(o.max_abs);
        self.max_ulp = self.max_ulp.max(o.max_ulp);
        self.sums = match (self.sums, o.sums) {
            (Some(a), Some(b)) => Some(SumCloseness {
                max_ulp_from_exact: a.max_ulp_from_exact.max(b.max_ulp_from_exact),
                max_fraction_of_bound: a.max_fraction_of_bound.max(b.max_fraction_of_bound),
            }),
            (a, b) => a.or(b),
        };
        self.unbounded += o.unbounded;
        self.bound_fraction = match (self.bound_fraction, o.bound_fraction) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        self.fallback = match (self.fallback.take(), &o.fallback) {
            (Some((n, why)), Some((k, _))) => Some((n + k, why)),
            (a, b) => a.or_else(|| b.clone()),
        };
    }
}

/// The propagated rounding bound of one result (`bound`): a radius per
/// element, row-major, or why there is none.
pub type Radii = Result<Vec<f64>, String>;

/// A number as the verdicts print it: `6.103516e-05`, like MLIR's floats.
pub fn sci(x: f64) -> String {
    let s = format!("{x:.6e}");
    match s.split_once('e') {
        Some((m, e)) => {
            let (sign, digits) = e.strip_prefix('-').map_or(("+", e), |d| ("-", d));
            format!("{m}e{sign}{digits:0>2}")
        }
        None => s,
    }
}

/// An ulp figure: at most two decimals, trailing zeros dropped.
pub fn ulps(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// The judgement on one result.
#[derive(Clone, Debug, PartialEq)]
pub enum Judgement {
    Bitwise,
    Close(Closeness),
    /// The first element that is not accepted, and what the exact sum says about it.
    Differs {
        index: usize,
        note: Option<String>,
    },
}

/// Judges parallel result `p` against sequential `s` (same shape and type)
/// under `cmp`; `sums` gives the exact sums when `s` is the result of a sum
/// (see `exact`) and `radii` the propagated rounding bound (`bound`), both
/// computed only when an element is not bitwise equal.
pub fn judge(
    p: &Tensor,
    s: &Tensor,
    cmp: Comparison,
    sums: &mut dyn FnMut() -> Option<ExactSums>,
    radii: &mut dyn FnMut() -> Radii,
) -> Judgement {
    let Some(first) = bitwise(p, s) else { return Judgement::Bitwise };
    let tol = match cmp {
        Comparison::Bitwise => return Judgement::Differs { index: first, note: ulps_apart(p, s, first) },
        Comparison::Tolerant(tol) => tol,
    };
    let (Some(kind), Some(xs), Some(ys)) = (float_kind(&p.elem), float_parts(p), float_parts(s)) else {
        return Judgement::Differs { index: first, note: None };
    };
    let fallback_tol = {
        let t = default_tolerance(kind);
        Tolerance { rtol: t, atol: t }
    };
    let fmt = format(kind);
    let exact = if matches!(p.elem, ElemType::Float(_)) { sums() } else { None };
    let radii = if matches!(p.elem, ElemType::Float(_)) { radii() } else { Err("a complex result".into()) };
    // Ok(finite radius), Ok(+inf) when unbounded, Err(why) when unknown.
    let radius = |i: usize| -> Result<f64, String> {
        match &radii {
            Ok(r) => match r.get(i) {
                Some(&x) if !x.is_nan() => Ok(x),
                _ => Err("unknown: an op on its way has no rounding rule".into()),
            },
            Err(why) => Err(why.clone()),
        }
    };
    let (pb, sb) = (p.buf.to_le_bytes(), s.buf.to_le_bytes());
    let w = (pb.len() / p.num_elements().max(1)).max(1);
    let mut c = Closeness::default();
    for (i, ((pe, se), (x, y))) in pb.chunks(w).zip(sb.chunks(w)).zip(xs.iter().zip(&ys)).enumerate().skip(first) {
        if pe == se {
            continue;
        }
        let same_special = |a: f64, b: f64| (a.is_nan() && b.is_nan()) || (a.is_infinite() && a == b) || a == b;
        let from_exact = exact.as_ref().and_then(|e| e.judge(i, x.0, fmt));
        let d = (x.0 - y.0).abs();
        let r = radius(i);
        let accepted = match (&from_exact, &r) {
            _ if same_special(x.0, y.0) && same_special(x.1, y.1) => true,
            (Some(j), _) if j.within => {
                let prev = c.sums.unwrap_or_default();
                c.sums = Some(SumCloseness {
                    max_ulp_from_exact: prev.max_ulp_from_exact.max(j.ulps),
                    max_fraction_of_bound: prev.max_fraction_of_bound.max(j.ulps / j.bound_ulps),
                });
                true
            }
            (_, Ok(rad)) if rad.is_finite() && d <= *rad => {
                let f = if *rad > 0.0 { d / rad } else { 0.0 };
                c.bound_fraction = Some(c.bound_fraction.map_or(f, |b: f64| b.max(f)));
                true
            }
            // Ill-conditioned: rounding alone may move this element anywhere,
            // so any value (NaN only against NaN) is a rounding of it.
            (_, Ok(rad)) if rad.is_infinite() && x.0.is_nan() == y.0.is_nan() && x.1.is_nan() == y.1.is_nan() => {
                c.unbounded += 1;
                true
            }
            _ if tol.is_some_and(|t| close(x.0, y.0, t) && close(x.1, y.1, t)) => true,
            (_, Err(why)) if tol.is_none() && close(x.0, y.0, fallback_tol) && close(x.1, y.1, fallback_tol) => {
                let (n, first_why) = c.fallback.take().unwrap_or((0, why.clone()));
                c.fallback = Some((n + 1, first_why));
                true
            }
            _ => false,
        };
        if !accepted {
            let note = match (from_exact, r) {
                (Some(j), _) => Some(format!(
                    "exact sum {}: the parallel value is {} ulp from it, beyond its rounding bound of {} ulp",
                    sci(j.exact),
                    ulps(j.ulps),
                    ulps(j.bound_ulps)
                )),
                (None, Ok(rad)) if tol.is_none() && rad.is_finite() && d.is_nan() => {
                    Some(format!("a NaN against a number whose rounding bound of both runs is {}", sci(rad)))
                }
                (None, Ok(rad)) if tol.is_none() && rad.is_finite() => {
                    Some(format!("{} apart, beyond the rounding bound of both runs, {}", sci(d), sci(rad)))
                }
                (None, Err(why)) if tol.is_none() => Some(format!(
                    "no rounding bound here ({why}), and outside the default tolerance {}",
                    sci(fallback_tol.rtol)
                )),
                (None, Ok(_)) if tol.is_none() => {
                    Some("a NaN on one side only, where the rounding bound is unbounded".to_string())
                }
                (None, _) => None,
            };
            return Judgement::Differs { index: i, note };
        }
        c.differing += 1;
        for (a, b) in [(x.0, y.0), (x.1, y.1)] {
            if a.is_finite() && b.is_finite() {
                let d = (a - b).abs();
                c.max_abs = c.max_abs.max(d);
                let ue = fmt.ulp_exponent_of_f64(b);
                c.max_ulp = c.max_ulp.max(scale(d, -ue));
            }
        }
    }
    Judgement::Close(c)
}

/// For bitwise comparison of floats: how many ulp apart element `i` is, when
/// both values are finite real numbers that print alike.
fn ulps_apart(p: &Tensor, s: &Tensor, i: usize) -> Option<String> {
    let ElemType::Float(kind) = p.elem else { return None };
    let (x, y) = (float_parts(p)?.get(i)?.0, float_parts(s)?.get(i)?.0);
    if !x.is_finite() || !y.is_finite() || element_string(p, i) != element_string(s, i) {
        return None;
    }
    let d = scale((x - y).abs(), -format(kind).ulp_exponent_of_f64(y));
    Some(format!("{} ulp apart", ulps(d)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardref_spec::ir::ElemType;

    fn f32s(v: &[f32]) -> Tensor {
        Tensor::new(vec![v.len()], ElemType::F32, Buffer::F32(v.into()))
    }

    #[test]
    fn bitwise_tells_signed_zeros_and_nan_payloads_apart() {
        assert_eq!(first_difference(&f32s(&[1.0, 0.0]), &f32s(&[1.0, -0.0]), None), Some(1));
        let nan2 = f32::from_bits(f32::NAN.to_bits() | 1);
        assert_eq!(first_difference(&f32s(&[f32::NAN]), &f32s(&[nan2]), None), Some(0));
        assert_eq!(first_difference(&f32s(&[f32::NAN, 2.0]), &f32s(&[f32::NAN, 2.0]), None), None);
    }

    #[test]
    fn tolerances_accept_close_values_only() {
        let tol = Some(Tolerance { rtol: 1e-6, atol: 0.0 });
        assert_eq!(first_difference(&f32s(&[1.0, 1e6]), &f32s(&[1.0, 1e6 + 0.5]), tol), None);
        assert_eq!(first_difference(&f32s(&[1.0, 2.0]), &f32s(&[1.0, 2.001]), tol), Some(1));
        assert_eq!(first_difference(&f32s(&[f32::INFINITY]), &f32s(&[f32::NEG_INFINITY]), tol), Some(0));
    }

    #[test]
    fn integers_compare_exactly_even_with_tolerances() {
        let a = Tensor::new(vec![2], ElemType::I32, Buffer::I32(vec![1, 2].into()));
        let b = Tensor::new(vec![2], ElemType::I32, Buffer::I32(vec![1, 3].into()));
        assert_eq!(first_difference(&a, &b, Some(Tolerance { rtol: 1.0, atol: 1.0 })), Some(1));
        assert_eq!(element_string(&b, 1), "3");
        let j = judge(&a, &b, Comparison::Tolerant(None), &mut || None, &mut || Err("none".into()));
        assert_eq!(j, Judgement::Differs { index: 1, note: None });
    }

    #[test]
    fn default_tolerances_accept_a_few_ulps_and_report_them() {
        let one_ulp = f32::from_bits(700f32.to_bits() + 1);
        let j =
            judge(&f32s(&[1.0, one_ulp]), &f32s(&[1.0, 700.0]), Comparison::Tolerant(None), &mut || None, &mut || {
                Err("none".into())
            });
        let Judgement::Close(c) = j else { panic!("{j:?}") };
        assert_eq!((c.differing, c.max_ulp), (1, 1.0));
        assert_eq!(sci(c.max_abs), "6.103516e-05");
        // Bitwise refuses it; a relative error of 1e-5 exceeds f32's 1e-6.
        let j = judge(&f32s(&[1.0, one_ulp]), &f32s(&[1.0, 700.0]), Comparison::Bitwise, &mut || None, &mut || {
            Err("none".into())
        });
        assert_eq!(j, Judgement::Differs { index: 1, note: None });
        let j = judge(&f32s(&[700.01]), &f32s(&[700.0]), Comparison::Tolerant(None), &mut || None, &mut || {
            Err("none".into())
        });
        assert!(matches!(j, Judgement::Differs { index: 0, .. }), "{j:?}");
        assert_eq!(
            judge(&f32s(&[2.0]), &f32s(&[2.0]), Comparison::Bitwise, &mut || None, &mut || Err("none".into())),
            Judgement::Bitwise
        );
    }

    #[test]
    fn formats_and_ulps() {
        assert_eq!(format(FloatKind::F32).subnormal_exponent(), -149);
        assert_eq!(format(FloatKind::F64).subnormal_exponent(), -1074);
        assert_eq!(format(FloatKind::BF16).subnormal_exponent(), -133);
        assert_eq!(format(FloatKind::F16).subnormal_exponent(), -24);
        assert_eq!(format(FloatKind::F32).ulp_exponent_of_f64(1.0), -23);
        assert_eq!(format(FloatKind::F32).ulp_exponent_of_f64(0.0), -149);
        assert_eq!(format(FloatKind::F64).ulp_exponent_of_f64(f64::from_bits(1)), -1074);
        assert_eq!(ulps(1.0), "1");
        assert_eq!(ulps(0.456), "0.46");
        assert_eq!(sci(-697.7812), "-6.977812e+02");
    }
}
