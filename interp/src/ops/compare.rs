//! `compare`: EQ, NE, GE, GT, LE, LT with comparison types FLOAT (IEEE:
//! every comparison with NaN is false except NE), TOTALORDER
//! (-NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN, by bit pattern),
//! SIGNED and UNSIGNED (integers by their element type's signedness), and
//! complex numbers (EQ and NE only, part by part).

use half::{bf16, f16};

use crate::error::{IResult, invalid};
use crate::ops::elementwise::f8_to_f32;
use crate::value::{Buffer, Tensor};
use shardref_spec::ir::{ElemType, FloatKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Eq,
    Ne,
    Ge,
    Gt,
    Le,
    Lt,
}

impl Direction {
    fn holds(self, o: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            Direction::Eq => o == Equal,
            Direction::Ne => o != Equal,
            Direction::Ge => o != Less,
            Direction::Gt => o == Greater,
            Direction::Le => o != Greater,
            Direction::Lt => o == Less,
        }
    }
    /// IEEE comparison where `None` means unordered (a NaN is involved).
    fn holds_partial(self, o: Option<std::cmp::Ordering>) -> bool {
        match o {
            Some(o) => self.holds(o),
            None => self == Direction::Ne,
        }
    }
}

/// Maps a float's bits (of `width` bits) to an integer key whose signed order is the total order.
fn total_key(bits: u64, width: u32) -> i64 {
    let sign = (bits >> (width - 1)) & 1 == 1;
    let mag = bits & ((1u64 << (width - 1)) - 1);
    if sign { -(mag as i64) - 1 } else { mag as i64 }
}

fn float_bits_and_values(t: &Tensor) -> Option<(Vec<u64>, Vec<f64>, u32)> {
    Some(match &t.buf {
        Buffer::F32(s) => (s.iter().map(|x| x.to_bits() as u64).collect(), s.iter().map(|&x| x as f64).collect(), 32),
        Buffer::F64(s) => (s.iter().map(|x| x.to_bits()).collect(), s.to_vec(), 64),
        Buffer::BF16(s) => {
            (s.iter().map(|x| x.to_bits() as u64).collect(), s.iter().map(|x: &bf16| x.to_f64()).collect(), 16)
        }
        Buffer::F16(s) => {
            (s.iter().map(|x| x.to_bits() as u64).collect(), s.iter().map(|x: &f16| x.to_f64()).collect(), 16)
        }
        Buffer::F8(s) => {
            let kind = match &t.elem {
                ElemType::Float(k) => *k,
                _ => FloatKind::F8E4M3FN,
            };
            (
                s.iter().map(|&x| x as u64).collect(),
                f8_to_f32(kind, s).into_iter().map(|x| x as f64).collect(),
                kind.bit_width(),
            )
        }
        _ => return None,
    })
}

/// `compare(lhs, rhs)`; `total_order` selects TOTALORDER for floats.
pub fn compare(a: &Tensor, b: &Tensor, dir: Direction, total_order: bool) -> IResult<Tensor> {
    if a.shape != b.shape || a.elem != b.elem {
        return invalid("compare operands differ in type");
    }
    macro_rules! ord {
        ($x:expr, $y:expr) => {
            $x.iter().zip($y.iter()).map(|(p, q)| dir.holds(p.cmp(q))).collect()
        };
    }
    // Floats of the plain formats: IEEE order with the native operators (each is false on NaN
    // but `!=`, as `holds_partial` says), or the total order on their keys; one loop per
    // direction, no per-element dispatch. The same results as the f64 route below (widening is
    // exact and keeps the order).
    macro_rules! ieee {
        ($x:expr, $y:expr, $v:expr, $w:expr) => {{
            let (x, y) = ($x, $y);
            let out: Vec<bool> = if total_order {
                let k = |p: u64| total_key(p, $w);
                macro_rules! loop_ {
                    ($op:tt) => {
                        x.iter().zip(y.iter()).map(|(p, q)| k(p.to_bits() as u64) $op k(q.to_bits() as u64)).collect()
                    };
                }
                match dir {
                    Direction::Eq => loop_!(==),
                    Direction::Ne => loop_!(!=),
                    Direction::Ge => loop_!(>=),
                    Direction::Gt => loop_!(>),
                    Direction::Le => loop_!(<=),
                    Direction::Lt => loop_!(<),
                }
            } else {
                macro_rules! loop_ {
                    ($op:tt) => {
                        x.iter().zip(y.iter()).map(|(p, q)| $v(*p) $op $v(*q)).collect()
                    };
                }
                match dir {
                    Direction::Eq => loop_!(==),
                    Direction::Ne => loop_!(!=),
                    Direction::Ge => loop_!(>=),
                    Direction::Gt => loop_!(>),
                    Direction::Le => loop_!(<=),
                    Direction::Lt => loop_!(<),
                }
            };
            out
        }};
    }
    let out: Vec<bool> = match (&a.buf, &b.buf) {
        (Buffer::Bool(x), Buffer::Bool(y)) => ord!(x, y),
        (Buffer::I8(x), Buffer::I8(y)) => ord!(x, y),
        (Buffer::I16(x), Buffer::I16(y)) => ord!(x, y),
        (Buffer::I32(x), Buffer::I32(y)) => ord!(x, y),
        (Buffer::I64(x), Buffer::I64(y)) => ord!(x, y),
        (Buffer::U8(x), Buffer::U8(y)) => ord!(x, y),
        (Buffer::U16(x), Buffer::U16(y)) => ord!(x, y),
        (Buffer::U32(x), Buffer::U32(y)) => ord!(x, y),
        (Buffer::U64(x), Buffer::U64(y)) => ord!(x, y),
        (Buffer::F32(x), Buffer::F32(y)) => ieee!(x, y, |p: f32| p, 32),
        (Buffer::F64(x), Buffer::F64(y)) => ieee!(x, y, |p: f64| p, 64),
        (Buffer::BF16(x), Buffer::BF16(y)) => ieee!(x, y, |p: bf16| p.to_f32(), 16),
        (Buffer::F16(x), Buffer::F16(y)) => ieee!(x, y, |p: f16| p.to_f32(), 16),
        (Buffer::C64(x), Buffer::C64(y)) => match dir {
            Direction::Eq => x.iter().zip(y.iter()).map(|(p, q)| p == q).collect(),
            Direction::Ne => x.iter().zip(y.iter()).map(|(p, q)| p != q).collect(),
            _ => return invalid("complex numbers compare with EQ or NE only"),
        },
        (Buffer::C128(x), Buffer::C128(y)) => match dir {
            Direction::Eq => x.iter().zip(y.iter()).map(|(p, q)| p == q).collect(),
            Direction::Ne => x.iter().zip(y.iter()).map(|(p, q)| p != q).collect(),
            _ => return invalid("complex numbers compare with EQ or NE only"),
        },
        _ => {
            let (Some((xb, xv, w)), Some((yb, yv, _))) = (float_bits_and_values(a), float_bits_and_values(b)) else {
                return invalid(format!("compare of {} elements", a.elem));
            };
            if total_order {
                xb.iter().zip(&yb).map(|(&p, &q)| dir.holds(total_key(p, w).cmp(&total_key(q, w)))).collect()
            } else {
                xv.iter().zip(&yv).map(|(p, q)| dir.holds_partial(p.partial_cmp(q))).collect()
            }
        }
    };
    Ok(Tensor::new(a.shape.clone(), ElemType::I1, Buffer::Bool(out.into())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The typed loops against the definition (IEEE order of the f64 values, or the total order
    /// of the bits), for every direction, on NaNs of both signs, ±0, ±inf, subnormals and ties.
    #[test]
    fn typed_float_comparisons_follow_the_definition() {
        let special: [u32; 10] = [
            0,
            0x8000_0000,
            0x7F80_0000,
            0xFF80_0000,
            0x7FC0_0001,
            0xFFC0_0000,
            1,
            0x8000_0001,
            0x3F80_0000,
            0xBF80_0000,
        ];
        let (mut xs, mut ys) = (vec![], vec![]);
        for &a in &special {
            for &b in &special {
                xs.push(a);
                ys.push(b);
            }
        }
        let dirs = [Direction::Eq, Direction::Ne, Direction::Ge, Direction::Gt, Direction::Le, Direction::Lt];
        let bf = |v: &[u32]| Buffer::BF16(v.iter().map(|&b| bf16::from_bits((b >> 16) as u16)).collect());
        let f32s = |v: &[u32]| Buffer::F32(v.iter().map(|&b| f32::from_bits(b)).collect());
        let f64s = |v: &[u32]| Buffer::F64(v.iter().map(|&b| f32::from_bits(b) as f64).collect());
        let cases: [(ElemType, Buffer, Buffer); 3] = [
            (ElemType::F32, f32s(&xs), f32s(&ys)),
            (ElemType::F64, f64s(&xs), f64s(&ys)),
            (ElemType::Float(FloatKind::BF16), bf(&xs), bf(&ys)),
        ];
        for (e, a, b) in cases {
            let n = xs.len();
            let (ta, tb) = (Tensor::new(vec![n], e.clone(), a), Tensor::new(vec![n], e.clone(), b));
            let (Some((ab, av, w)), Some((bb, bv, _))) = (float_bits_and_values(&ta), float_bits_and_values(&tb))
            else {
                panic!("floats")
            };
            for dir in dirs {
                for total in [false, true] {
                    let got = compare(&ta, &tb, dir, total).unwrap();
                    let want: Vec<bool> = (0..n)
                        .map(|i| {
                            if total {
                                dir.holds(total_key(ab[i], w).cmp(&total_key(bb[i], w)))
                            } else {
                                dir.holds_partial(av[i].partial_cmp(&bv[i]))
                            }
                        })
                        .collect();
                    assert_eq!(got.buf, Buffer::Bool(want.into()), "{e} {dir:?} total {total}");
                }
            }
        }
    }
}
