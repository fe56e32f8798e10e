//! Elementwise ops: one typed loop per buffer representation, chosen once per
//! op, never per element.
//!
//! Numerics (choices the spec leaves open are marked "choice"):
//! - Integers wrap (two's complement) at their width; sub-byte integers are
//!   re-normalized to their width after every op.
//! - Integer `divide`/`remainder` follow XLA (choice): x / 0 = -1 (all ones
//!   for unsigned), x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0.
//! - Shifts by an amount ≥ the width (or negative) give 0, or all sign bits
//!   for `shift_right_arithmetic`, as the spec says.
//! - f32 and f64 +, -, ×, ÷ and sqrt compute natively (correctly rounded).
//!   bf16, f16 and every f8/f6/f4 format compute in f64 and round to the
//!   format, which is correctly rounded for +, -, ×, ÷ and sqrt because f64
//!   has more than twice their precision (f8: via f32, exact for these ops).
//! - Transcendentals compute in f64 with `libm` (the same bits on every
//!   platform) and round once to the operand's type, as the reference
//!   interpreter does (`mapWithUpcastToDouble`); libm is within 1 ulp in f64,
//!   so f32 and narrower results are almost always correctly rounded.
//!   The exception is complex64 `power`, which follows XLA CPU bit for bit and
//!   so calls the host C library's powf/atan2f/sinf/cosf as XLA does
//!   (`ops::xla_cpu_math`).
//! - Complex transcendentals use num-complex's formulas, except: log_plus_one
//!   (computed in f64 without cancellation, see `log1p_c128`), cbrt and atan2
//!   (upstream interpreter's formulas), maximum/minimum (lexicographic on
//!   (real, imaginary), as XLA), and multiply and power, which follow XLA
//!   CPU's arithmetic (fused multiply-adds where XLA's LLVM contracts; see
//!   `xla_complex_multiply` and `ops::xla_cpu_math`).

use std::sync::Arc;

use half::{bf16, f16};
use shardref_spec::ir::{ElemType, FloatKind, Signedness, Type};
use shardref_spec::ops::StablehloOp;

use crate::error::{IResult, invalid, unsupported};
use crate::ops::tanh32::tanh_f32_kernel;
use crate::value::{Buffer, C64, C128, Tensor};
use bytemuck::Zeroable;

/// Decodes an f4/f6/f8 buffer to f32 (exact: every such value is an f32).
pub fn f8_to_f32(kind: FloatKind, s: &[u8]) -> Vec<f32> {
    let table: Vec<f32> = (0..=255u8).map(|b| shardref_spec::float::bits_to_f64(kind, b as u128) as f32).collect();
    s.iter().map(|&b| table[b as usize]).collect()
}

/// Rounds f32 values to an f4/f6/f8 format (ties to even, per the format's overflow rules).
pub fn f32_to_f8(kind: FloatKind, xs: impl Iterator<Item = f32>) -> Vec<u8> {
    use microfloat::*;
    macro_rules! enc {
        ($t:ty) => {
            xs.map(|x| <$t>::from_f32(x).to_bits()).collect()
        };
    }
    match kind {
        FloatKind::F4E2M1FN => enc!(f4e2m1fn),
        FloatKind::F6E2M3FN => enc!(f6e2m3fn),
        FloatKind::F6E3M2FN => enc!(f6e3m2fn),
        FloatKind::F8E3M4 => enc!(f8e3m4),
        FloatKind::F8E4M3 => enc!(f8e4m3),
        FloatKind::F8E4M3FN => enc!(f8e4m3fn),
        FloatKind::F8E4M3FNUZ => enc!(f8e4m3fnuz),
        FloatKind::F8E4M3B11FNUZ => enc!(f8e4m3b11fnuz),
        FloatKind::F8E5M2 => enc!(f8e5m2),
        FloatKind::F8E5M2FNUZ => enc!(f8e5m2fnuz),
        FloatKind::F8E8M0FNU => enc!(f8e8m0fnu),
        _ => xs.map(|_| 0).collect(),
    }
}

fn float_kind(e: &ElemType) -> Option<FloatKind> {
    match e {
        ElemType::Float(k) => Some(*k),
        _ => None,
    }
}

/// Below this many elements a kernel runs on the calling thread.
const PAR_MIN: usize = 1 << 16;
/// Whether a kernel over `n` elements runs on the calling thread: below `PAR_MIN`, or where
/// kernels may not fork (`crate::par`).
pub(crate) fn run_here(n: usize) -> bool {
    n < PAR_MIN || !crate::par::kernels_fork()
}

/// Elements per parallel task (tasks never share an output element, so the
/// results do not depend on the thread count).
const PAR_CHUNK: usize = 1 << 14;

/// `f` over `a` and `b` pairwise into a new shared buffer, in parallel chunks for large inputs.
fn par_zip<T: Copy + Sync, U: Zeroable + Copy + Default + Send + Sync + 'static>(
    a: &[T],
    b: &[T],
    f: impl Fn(T, T) -> U + Sync,
) -> std::sync::Arc<[U]> {
    use rayon::prelude::*;
    let n = a.len().min(b.len());
    if run_here(n) {
        return a.iter().zip(b.iter()).map(|(&x, &y)| f(x, y)).collect();
    }
    let mut out: std::sync::Arc<[U]> = fresh_buffer(n);
    let o = std::sync::Arc::get_mut(&mut out).expect("a fresh buffer is unique");
    o.par_chunks_mut(PAR_CHUNK).zip(a[..n].par_chunks(PAR_CHUNK)).zip(b[..n].par_chunks(PAR_CHUNK)).for_each(
        |((o, x), y)| {
            for ((o, &p), &q) in o.iter_mut().zip(x).zip(y) {
                *o = f(p, q);
            }
        },
    );
    out
}

/// An output buffer of `n` elements that nothing else holds, from the pool
/// when it has one (old contents: the caller overwrites every element).
pub(crate) fn fresh_buffer<T: Zeroable + Copy + Default + Send + Sync + 'static>(n: usize) -> Arc<[T]> {
    if let Some(mut b) = crate::pool::take(n)
        && Arc::get_mut(&mut b).is_some()
    {
        return b;
    }
    zeroed_buffer(n)
}

/// A new buffer of `n` zero elements. The allocator hands out fresh memory
/// from the operating system already zeroed without writing it, so the
/// pages are first touched by the kernel that fills the buffer, in
/// parallel, rather than here by one thread (on the 2-core development
/// machine that is 1.5 ms of a 4 MiB buffer's page faults moved off the
/// critical path).
#[allow(unsafe_code)]
fn zeroed_buffer<T: Zeroable>(n: usize) -> Arc<[T]> {
    let zeroed = Arc::<[T]>::new_zeroed_slice(n);
    // SAFETY: every element is zero bytes, and `T: Zeroable` promises that
    // zero bytes are a valid `T`.
    unsafe { zeroed.assume_init() }
}

/// Elements a slice kernel sees at once (`par_apply`); kernels compute every
/// element independently, so the blocking never changes a result.
pub(crate) const BLOCK: usize = 256;

/// Runs `kernel(input, output)` over `s` block by block, in parallel chunks
/// for large inputs. Writes into `s` itself when nothing else shares it (the
/// operand's last use), else into a fresh buffer.
fn par_apply<T: Zeroable + Copy + Default + Send + Sync + 'static>(
    mut s: Arc<[T]>,
    kernel: impl Fn(&[T], &mut [T]) + Sync,
) -> Arc<[T]> {
    use rayon::prelude::*;
    let in_place = |o: &mut [T]| {
        let mut tmp = [T::default(); BLOCK];
        for o in o.chunks_mut(BLOCK) {
            let t = &mut tmp[..o.len()];
            t.copy_from_slice(o);
            kernel(t, o);
        }
    };
    if let Some(o) = Arc::get_mut(&mut s) {
        if run_here(o.len()) {
            in_place(o);
        } else {
            o.par_chunks_mut(PAR_CHUNK).for_each(in_place);
        }
        return s;
    }
    let fresh = |(o, i): (&mut [T], &[T])| {
        for (o, i) in o.chunks_mut(BLOCK).zip(i.chunks(BLOCK)) {
            kernel(i, o);
        }
    };
    let mut out: Arc<[T]> = fresh_buffer(s.len());
    let o = Arc::get_mut(&mut out).expect("a fresh buffer is unique");
    if run_here(o.len()) {
        fresh((o, &s));
    } else {
        o.par_chunks_mut(PAR_CHUNK).zip(s.par_chunks(PAR_CHUNK)).for_each(fresh);
    }
    out
}

/// `f` over `s`, in place when nothing else shares `s` (see `par_apply`).
fn par_map_owned<T: Zeroable + Copy + Default + Send + Sync + 'static>(
    s: Arc<[T]>,
    f: impl Fn(T) -> T + Sync,
) -> Arc<[T]> {
    par_apply(s, |i, o| {
        for (o, &x) in o.iter_mut().zip(i) {
            *o = f(x);
        }
    })
}

/// `f` over `a` and `b` pairwise (equal lengths), written into whichever
/// operand nothing else shares, else into a fresh buffer.
fn par_zip_owned<T: Zeroable + Copy + Default + Send + Sync + 'static>(
    mut a: Arc<[T]>,
    mut b: Arc<[T]>,
    f: impl Fn(T, T) -> T + Sync,
) -> Arc<[T]> {
    use rayon::prelude::*;
    let n = a.len();
    if Arc::ptr_eq(&a, &b) {
        // One buffer as both operands (`multiply %x, %x`): update it in place if only this op holds it.
        drop(b);
        return par_map_owned(a, |x| f(x, x));
    }
    if let Some(o) = Arc::get_mut(&mut a) {
        let go = |(o, y): (&mut [T], &[T])| {
            for (o, &q) in o.iter_mut().zip(y) {
                *o = f(*o, q);
            }
        };
        if run_here(n) {
            go((o, &b));
        } else {
            o.par_chunks_mut(PAR_CHUNK).zip(b.par_chunks(PAR_CHUNK)).for_each(go);
        }
        crate::pool::offer(b);
        return a;
    }
    if let Some(o) = Arc::get_mut(&mut b) {
        let go = |(o, x): (&mut [T], &[T])| {
            for (o, &p) in o.iter_mut().zip(x) {
                *o = f(p, *o);
            }
        };
        if run_here(n) {
            go((o, &a));
        } else {
            o.par_chunks_mut(PAR_CHUNK).zip(a.par_chunks(PAR_CHUNK)).for_each(go);
        }
        crate::pool::offer(a);
        return b;
    }
    par_zip(&a, &b, f)
}

/// Applies a float function to every element (f32 path for narrow formats).
fn map_float(t: Tensor, f32op: impl Fn(f32) -> f32 + Sync, f64op: impl Fn(f64) -> f64 + Sync) -> IResult<Buffer> {
    map_float_kernel(
        t,
        |i, o| {
            for (o, &x) in o.iter_mut().zip(i) {
                *o = f32op(x);
            }
        },
        f64op,
    )
}

/// `map_float` with a slice kernel for f32 (`par_apply`).
fn map_float_kernel(
    t: Tensor,
    f32kernel: impl Fn(&[f32], &mut [f32]) + Sync,
    f64op: impl Fn(f64) -> f64 + Sync,
) -> IResult<Buffer> {
    Ok(match t.buf {
        Buffer::F32(s) => Buffer::F32(par_apply(s, f32kernel)),
        Buffer::F64(s) => Buffer::F64(par_map_owned(s, f64op)),
        Buffer::BF16(s) => Buffer::BF16(s.iter().map(|&x| bf16::from_f64(f64op(x.to_f64()))).collect()),
        Buffer::F16(s) => Buffer::F16(s.iter().map(|&x| f16::from_f64(f64op(x.to_f64()))).collect()),
        Buffer::F8(s) => {
            let kind = float_kind(&t.elem).ok_or_else(|| {
                crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "f8 buffer without a float type")
            })?;
            Buffer::F8(f32_to_f8(kind, f8_to_f32(kind, &s).into_iter().map(|x| f64op(x as f64) as f32)).into())
        }
        _ => return invalid("expected a floating-point tensor"),
    })
}

/// The f32 element functions of the float elementwise ops: the op-at-a-time kernels here and the
/// fused groups (`ops::fused`) both compute every f32 element with these, so fusing never changes
/// a bit. Transcendentals are computed in f64 and rounded once to f32, as the reference
/// interpreter does (`mapWithUpcastToDouble`).
pub mod f32fn {
    macro_rules! up {
        ($($name:ident = $f:path;)*) => {$(
            #[inline]
            pub fn $name(x: f32) -> f32 {
                $f(x as f64) as f32
            }
        )*};
    }
    up! {
        rsqrt = super::rsqrt;
        cbrt = libm::cbrt;
        exp = libm::exp;
        expm1 = libm::expm1;
        log = libm::log;
        log1p = libm::log1p;
        logistic = super::logistic;
        sin = libm::sin;
        cos = libm::cos;
        tan = libm::tan;
    }
    #[inline]
    pub fn neg(x: f32) -> f32 {
        -x
    }
    #[inline]
    pub fn abs(x: f32) -> f32 {
        x.abs()
    }
    #[inline]
    pub fn sign(x: f32) -> f32 {
        if x.is_nan() || x == 0.0 { x } else { x.signum() }
    }
    #[inline]
    pub fn sqrt(x: f32) -> f32 {
        x.sqrt()
    }
    #[inline]
    pub fn floor(x: f32) -> f32 {
        x.floor()
    }
    #[inline]
    pub fn ceil(x: f32) -> f32 {
        x.ceil()
    }
    #[inline]
    pub fn round_afz(x: f32) -> f32 {
        x.round()
    }
    #[inline]
    pub fn round_even(x: f32) -> f32 {
        x.round_ties_even()
    }
    #[inline]
    pub fn add(x: f32, y: f32) -> f32 {
        x + y
    }
    #[inline]
    pub fn sub(x: f32, y: f32) -> f32 {
        x - y
    }
    #[inline]
    pub fn mul(x: f32, y: f32) -> f32 {
        x * y
    }
    #[inline]
    pub fn div(x: f32, y: f32) -> f32 {
        x / y
    }
    /// The sign of the dividend (fmod), as the spec says.
    #[inline]
    pub fn rem(x: f32, y: f32) -> f32 {
        x % y
    }
    #[inline]
    pub fn max(x: f32, y: f32) -> f32 {
        super::max_nan32(x, y)
    }
    #[inline]
    pub fn min(x: f32, y: f32) -> f32 {
        super::min_nan32(x, y)
    }
    #[inline]
    pub fn pow(x: f32, y: f32) -> f32 {
        libm::pow(x as f64, y as f64) as f32
    }
    #[inline]
    pub fn atan2(x: f32, y: f32) -> f32 {
        libm::atan2(x as f64, y as f64) as f32
    }
}

/// Applies a float function of two arguments elementwise (shapes already checked equal).
fn zip_float(
    a: Tensor,
    b: Tensor,
    f32op: impl Fn(f32, f32) -> f32 + Sync,
    f64op: impl Fn(f64, f64) -> f64 + Sync,
) -> IResult<Buffer> {
    Ok(match (a.buf, b.buf) {
        (Buffer::F32(x), Buffer::F32(y)) => Buffer::F32(par_zip_owned(x, y, f32op)),
        (Buffer::F64(x), Buffer::F64(y)) => Buffer::F64(par_zip_owned(x, y, f64op)),
        (Buffer::BF16(x), Buffer::BF16(y)) => {
            Buffer::BF16(x.iter().zip(y.iter()).map(|(&p, &q)| bf16::from_f64(f64op(p.to_f64(), q.to_f64()))).collect())
        }
        (Buffer::F16(x), Buffer::F16(y)) => {
            Buffer::F16(x.iter().zip(y.iter()).map(|(&p, &q)| f16::from_f64(f64op(p.to_f64(), q.to_f64()))).collect())
        }
        (Buffer::F8(x), Buffer::F8(y)) => {
            let kind = float_kind(&a.elem).ok_or_else(|| {
                crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "f8 buffer without a float type")
            })?;
            let (xs, ys) = (f8_to_f32(kind, &x), f8_to_f32(kind, &y));
            Buffer::F8(f32_to_f8(kind, xs.into_iter().zip(ys).map(|(p, q)| f64op(p as f64, q as f64) as f32)).into())
        }
        _ => return invalid("expected floating-point tensors of one type"),
    })
}

macro_rules! int_map {
    ($buf:expr, $x:ident => $body:expr, $bool:expr) => {
        match $buf {
            Buffer::I8(s) => Buffer::I8(s.iter().map(|&$x| $body).collect()),
            Buffer::I16(s) => Buffer::I16(s.iter().map(|&$x| $body).collect()),
            Buffer::I32(s) => Buffer::I32(s.iter().map(|&$x| $body).collect()),
            Buffer::I64(s) => Buffer::I64(s.iter().map(|&$x| $body).collect()),
            Buffer::U8(s) => Buffer::U8(s.iter().map(|&$x| $body).collect()),
            Buffer::U16(s) => Buffer::U16(s.iter().map(|&$x| $body).collect()),
            Buffer::U32(s) => Buffer::U32(s.iter().map(|&$x| $body).collect()),
            Buffer::U64(s) => Buffer::U64(s.iter().map(|&$x| $body).collect()),
            Buffer::Bool(s) => Buffer::Bool(s.iter().map(|&b| $bool(b)).collect()),
            _ => return invalid("expected an integer tensor"),
        }
    };
}

macro_rules! int_zip {
    ($a:expr, $b:expr, ($x:ident, $y:ident) => $body:expr, $bool:expr) => {
        match ($a, $b) {
            (Buffer::I8(p), Buffer::I8(q)) => Buffer::I8(p.iter().zip(q.iter()).map(|(&$x, &$y)| $body).collect()),
            (Buffer::I16(p), Buffer::I16(q)) => Buffer::I16(p.iter().zip(q.iter()).map(|(&$x, &$y)| $body).collect()),
            (Buffer::I32(p), Buffer::I32(q)) => Buffer::I32(p.iter().zip(q.iter()).map(|(&$x, &$y)| $body).collect()),
            (Buffer::I64(p), Buffer::I64(q)) => Buffer::I64(p.iter().zip(q.iter()).map(|(&$x, &$y)| $body).collect()),
            (Buffer::U8(p), Buffer::U8(q)) => Buffer::U8(p.iter().zip(q.iter()).map(|(&$x, &$y)| $body).collect()),
            (Buffer::U16(p), Buffer::U16(q)) => Buffer::U16(p.iter().zip(q.iter()).map(|(&$x, &$y)| $body).collect()),
            (Buffer::U32(p), Buffer::U32(q)) => Buffer::U32(p.iter().zip(q.iter()).map(|(&$x, &$y)| $body).collect()),
            (Buffer::U64(p), Buffer::U64(q)) => Buffer::U64(p.iter().zip(q.iter()).map(|(&$x, &$y)| $body).collect()),
            (Buffer::Bool(p), Buffer::Bool(q)) => {
                Buffer::Bool(p.iter().zip(q.iter()).map(|(&x, &y)| $bool(x, y)).collect())
            }
            _ => return invalid("expected integer tensors of one type"),
        }
    };
}

/// Integer operations with the semantics the module header states.
trait Int: Copy + Eq + Ord + std::fmt::Debug {
    fn wadd(self, o: Self) -> Self;
    fn wsub(self, o: Self) -> Self;
    fn wmul(self, o: Self) -> Self;
    fn wneg(self) -> Self;
    fn div_xla(self, o: Self) -> Self;
    fn rem_xla(self, o: Self) -> Self;
    fn shl_spec(self, amount: Self) -> Self;
    fn shr_logical(self, amount: Self) -> Self;
    fn shr_arith(self, amount: Self) -> Self;
    fn pow_spec(self, e: Self) -> Self;
    fn abs_spec(self) -> Self;
    fn sign_spec(self) -> Self;
    fn popcnt(self) -> Self;
    fn clz(self) -> Self;
    fn not(self) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
}

macro_rules! impl_int {
    ($t:ty, $u:ty, $signed:expr) => {
        impl Int for $t {
            fn wadd(self, o: Self) -> Self {
                self.wrapping_add(o)
            }
            fn wsub(self, o: Self) -> Self {
                self.wrapping_sub(o)
            }
            fn wmul(self, o: Self) -> Self {
                self.wrapping_mul(o)
            }
            fn wneg(self) -> Self {
                self.wrapping_neg()
            }
            fn div_xla(self, o: Self) -> Self {
                if o == 0 { !0 } else { self.wrapping_div(o) }
            }
            fn rem_xla(self, o: Self) -> Self {
                if o == 0 { self } else { self.wrapping_rem(o) }
            }
            fn shl_spec(self, amount: Self) -> Self {
                let a = amount as $u;
                if a >= <$t>::BITS as $u { 0 } else { ((self as $u) << a) as $t }
            }
            fn shr_logical(self, amount: Self) -> Self {
                let a = amount as $u;
                if a >= <$t>::BITS as $u { 0 } else { ((self as $u) >> a) as $t }
            }
            fn shr_arith(self, amount: Self) -> Self {
                let a = amount as $u;
                let neg = $signed && (self as $u) >> (<$t>::BITS - 1) == 1;
                if a >= <$t>::BITS as $u {
                    if neg { !0 } else { 0 }
                } else if $signed {
                    ((self as $u as $t as i128) >> a) as $t
                } else {
                    self >> a
                }
            }
            fn pow_spec(self, e: Self) -> Self {
                // Exponentiation by squaring, wrapping; negative exponents give
                // 1/x^|e| truncated: 1 for x = 1, ±1 for x = -1, else 0 (choice, as XLA).
                if $signed && (e as i128) < 0 {
                    return match self as i128 {
                        1 => 1 as $t,
                        -1 => {
                            if (e as i128) % 2 == 0 {
                                1 as $t
                            } else {
                                self
                            }
                        }
                        _ => 0,
                    };
                }
                let (mut base, mut exp, mut acc) = (self, e as u128, 1 as $t);
                while exp > 0 {
                    if exp & 1 == 1 {
                        acc = acc.wrapping_mul(base);
                    }
                    base = base.wrapping_mul(base);
                    exp >>= 1;
                }
                acc
            }
            fn abs_spec(self) -> Self {
                if $signed && (self as i128) < 0 { self.wrapping_neg() } else { self }
            }
            fn sign_spec(self) -> Self {
                match (self as i128).cmp(&0) {
                    std::cmp::Ordering::Less => (0 as $t).wrapping_sub(1),
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Greater => 1,
                }
            }
            fn popcnt(self) -> Self {
                self.count_ones() as $t
            }
            fn clz(self) -> Self {
                self.leading_zeros() as $t
            }
            fn not(self) -> Self {
                !self
            }
            fn and(self, o: Self) -> Self {
                self & o
            }
            fn or(self, o: Self) -> Self {
                self | o
            }
            fn xor(self, o: Self) -> Self {
                self ^ o
            }
        }
    };
}
impl_int!(i8, u8, true);
impl_int!(i16, u16, true);
impl_int!(i32, u32, true);
impl_int!(i64, u64, true);
impl_int!(u8, u8, false);
impl_int!(u16, u16, false);
impl_int!(u32, u32, false);
impl_int!(u64, u64, false);

/// Re-normalizes sub-byte integers (i2, i4, ui2, ui4 in 8-bit buffers) to their width.
fn normalize(elem: &ElemType, buf: Buffer) -> Buffer {
    let (width, signedness) = match elem {
        ElemType::Int { width, signedness } if *width > 1 && *width < 8 => (*width, *signedness),
        _ => return buf,
    };
    let shift = 8 - width;
    match buf {
        Buffer::I8(s) if signedness != Signedness::Unsigned => {
            Buffer::I8(s.iter().map(|&x| (x << shift) >> shift).collect())
        }
        Buffer::U8(s) => Buffer::U8(s.iter().map(|&x| x & ((1u8 << width) - 1)).collect()),
        other => other,
    }
}

/// Normalization for clz/popcnt of sub-byte integers: counts are within the width.
fn sub_byte_width(elem: &ElemType) -> Option<u32> {
    match elem {
        ElemType::Int { width, .. } if *width > 1 && *width < 8 => Some(*width),
        _ => None,
    }
}

/// Maps the 8-bit storage of a sub-byte integer tensor.
fn sub_byte_map(buf: &Buffer, f: impl Fn(u8) -> u8) -> IResult<Buffer> {
    Ok(match buf {
        Buffer::I8(s) => Buffer::I8(s.iter().map(|&x| f(x as u8) as i8).collect()),
        Buffer::U8(s) => Buffer::U8(s.iter().map(|&x| f(x)).collect()),
        _ => return invalid("expected a sub-byte integer tensor"),
    })
}

fn check_same_shape(a: &Tensor, b: &Tensor) -> IResult<()> {
    if a.shape != b.shape || a.elem != b.elem {
        return invalid(format!("operands differ: {:?}{} vs {:?}{}", a.shape, a.elem, b.shape, b.elem));
    }
    Ok(())
}

fn result_elem(result_ty: &Type) -> IResult<ElemType> {
    match result_ty {
        Type::Tensor(t) => Ok(t.elem.clone()),
        other => invalid(format!("expected a tensor result, got {other}")),
    }
}

/// Unary elementwise ops.
pub fn unary(k: StablehloOp, t: &Tensor, result_ty: &Type) -> IResult<Tensor> {
    unary_owned(k, t.clone(), result_ty)
}

/// Unary elementwise ops on an owned operand, whose buffer the result
/// reuses when nothing else shares it.
pub fn unary_owned(k: StablehloOp, t: Tensor, result_ty: &Type) -> IResult<Tensor> {
    use StablehloOp as S;
    let elem = result_elem(result_ty)?;
    let shape = t.shape.clone();
    let buf = match (k, &t.buf) {
        (S::Abs, Buffer::C64(s)) => Buffer::F32(s.iter().map(|c| c.norm()).collect()),
        (S::Abs, Buffer::C128(s)) => Buffer::F64(s.iter().map(|c| c.norm()).collect()),
        (S::Real, Buffer::C64(s)) => Buffer::F32(s.iter().map(|c| c.re).collect()),
        (S::Real, Buffer::C128(s)) => Buffer::F64(s.iter().map(|c| c.re).collect()),
        (S::Imag, Buffer::C64(s)) => Buffer::F32(s.iter().map(|c| c.im).collect()),
        (S::Imag, Buffer::C128(s)) => Buffer::F64(s.iter().map(|c| c.im).collect()),
        (S::Real, _) => t.buf.clone(),
        (S::Imag, _) => Buffer::zeros(t.buf.repr(), t.num_elements()),
        (_, Buffer::C64(s)) => Buffer::C64(complex_unary_32(k, s)?.into()),
        (_, Buffer::C128(s)) => Buffer::C128(complex_unary_64(k, s)?.into()),
        (S::IsFinite, _) => match &t.buf {
            Buffer::F32(s) => Buffer::Bool(s.iter().map(|x| x.is_finite()).collect()),
            Buffer::F64(s) => Buffer::Bool(s.iter().map(|x| x.is_finite()).collect()),
            Buffer::BF16(s) => Buffer::Bool(s.iter().map(|x| x.is_finite()).collect()),
            Buffer::F16(s) => Buffer::Bool(s.iter().map(|x| x.is_finite()).collect()),
            Buffer::F8(s) => {
                let kind = float_kind(&t.elem).unwrap_or(FloatKind::F8E4M3FN);
                Buffer::Bool(f8_to_f32(kind, s).iter().map(|x| x.is_finite()).collect())
            }
            _ => return invalid("is_finite expects a float tensor"),
        },
        (S::Not, _) => normalize(&t.elem, int_map!(&t.buf, x => Int::not(x), |b: bool| !b)),
        // A negative sub-byte value is sign-extended in its buffer; count within the width.
        (S::Popcnt, _) => match sub_byte_width(&t.elem) {
            Some(w) => sub_byte_map(&t.buf, |x| (x & ((1u8 << w) - 1)).count_ones() as u8)?,
            None => int_map!(&t.buf, x => Int::popcnt(x), |b: bool| b),
        },
        (S::CountLeadingZeros, _) => match sub_byte_width(&t.elem) {
            Some(w) => sub_byte_map(&t.buf, |x| ((x & ((1u8 << w) - 1)).leading_zeros() - (8 - w)) as u8)?,
            None => int_map!(&t.buf, x => Int::clz(x), |b: bool| !b),
        },
        (S::Negate, Buffer::F32(_) | Buffer::F64(_) | Buffer::BF16(_) | Buffer::F16(_) | Buffer::F8(_)) => {
            map_float(t, f32fn::neg, |x| -x)?
        }
        (S::Negate, _) => normalize(&t.elem, int_map!(&t.buf, x => Int::wneg(x), |b: bool| b)),
        (S::Abs, Buffer::F32(_) | Buffer::F64(_) | Buffer::BF16(_) | Buffer::F16(_) | Buffer::F8(_)) => {
            map_float(t, f32fn::abs, f64::abs)?
        }
        (S::Abs, _) => normalize(&t.elem, int_map!(&t.buf, x => Int::abs_spec(x), |b: bool| b)),
        (S::Sign, Buffer::F32(_) | Buffer::F64(_) | Buffer::BF16(_) | Buffer::F16(_) | Buffer::F8(_)) => {
            map_float(t, f32fn::sign, sign64)?
        }
        (S::Sign, _) => normalize(&t.elem, int_map!(&t.buf, x => Int::sign_spec(x), |b: bool| b)),
        (S::Sqrt, _) => map_float(t, f32fn::sqrt, f64::sqrt)?,
        (S::Rsqrt, _) => map_float(t, f32fn::rsqrt, rsqrt)?,
        (S::Cbrt, _) => map_float(t, f32fn::cbrt, libm::cbrt)?,
        (S::Exponential, _) => map_float(t, f32fn::exp, libm::exp)?,
        (S::ExponentialMinusOne, _) => map_float(t, f32fn::expm1, libm::expm1)?,
        (S::Log, _) => map_float(t, f32fn::log, libm::log)?,
        (S::LogPlusOne, _) => map_float(t, f32fn::log1p, libm::log1p)?,
        (S::Logistic, _) => map_float(t, f32fn::logistic, logistic)?,
        (S::Sine, _) => map_float(t, f32fn::sin, libm::sin)?,
        (S::Cosine, _) => map_float(t, f32fn::cos, libm::cos)?,
        (S::Tan, _) => map_float(t, f32fn::tan, libm::tan)?,
        (S::Tanh, _) => map_float_kernel(t, tanh_f32_kernel, libm::tanh)?,
        (S::Floor, _) => map_float(t, f32fn::floor, f64::floor)?,
        (S::Ceil, _) => map_float(t, f32fn::ceil, f64::ceil)?,
        (S::RoundNearestAfz, _) => map_float(t, f32fn::round_afz, f64::round)?,
        (S::RoundNearestEven, _) => map_float(t, f32fn::round_even, f64::round_ties_even)?,
        _ => return unsupported(format!("{} on {}", shardref_spec::ops::OpKind::Stablehlo(k).name(), t.elem)),
    };
    Ok(Tensor::new(shape, elem, buf))
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + libm::exp(-x))
}

fn rsqrt(x: f64) -> f64 {
    1.0 / x.sqrt()
}

fn sign64(x: f64) -> f64 {
    if x.is_nan() || x == 0.0 { x } else { x.signum() }
}

macro_rules! complex_unary {
    ($name:ident, $c:ty, $f:ty) => {
        fn $name(k: StablehloOp, s: &[$c]) -> IResult<Vec<$c>> {
            use StablehloOp as S;
            let f: fn($c) -> $c = match k {
                S::Negate => |c| -c,
                S::Sqrt => |c| c.sqrt(),
                S::Rsqrt => |c| <$c>::new(1.0, 0.0) / c.sqrt(),
                S::Exponential => |c| c.exp(),
                S::ExponentialMinusOne => |c| {
                    // expm1(a+bi) = expm1(a)cos(b) + (cos(b) - 1) + i e^a sin(b), accurate near 0.
                    let (a, b) = (c.re, c.im);
                    let cosm1 = -2.0 * (b / 2.0).sin().powi(2);
                    <$c>::new(a.exp_m1() * b.cos() + cosm1, a.exp() * b.sin())
                },
                S::Log => |c| c.ln(),
                S::LogPlusOne => |c| {
                    let l = log1p_c128(c.re as f64, c.im as f64);
                    <$c>::new(l.0 as $f, l.1 as $f)
                },
                // cbrt(z) = |z|^(1/3) e^(i arg(z) / 3), as upstream's interpreter (in f64).
                S::Cbrt => |c| {
                    let (x, y) = (c.re as f64, c.im as f64);
                    let theta = libm::atan2(y, x) / 3.0;
                    let m = libm::pow(x * x + y * y, 1.0 / 6.0);
                    <$c>::new((m * libm::cos(theta)) as $f, (m * libm::sin(theta)) as $f)
                },
                S::Logistic => |c| <$c>::new(1.0, 0.0) / (<$c>::new(1.0, 0.0) + (-c).exp()),
                S::Sine => |c| c.sin(),
                S::Cosine => |c| c.cos(),
                S::Tan => |c| c.tan(),
                S::Tanh => |c| c.tanh(),
                S::Sign => |c| {
                    let n = c.norm();
                    if c.re.is_nan() || c.im.is_nan() {
                        <$c>::new(<$f>::NAN, <$f>::NAN)
                    } else if n == 0.0 {
                        <$c>::new(0.0, 0.0)
                    } else {
                        c / n
                    }
                },
                _ => {
                    return unsupported(format!(
                        "{} on complex numbers",
                        shardref_spec::ops::OpKind::Stablehlo(k).name()
                    ))
                }
            };
            Ok(s.iter().map(|&c| f(c)).collect())
        }
    };
}
/// log1p(x + iy) in f64: real part 0.5 log1p(x (2 + x) + y²), free of the
/// cancellation of log|1 + z| near |1 + z| = 1 (log(hypot) for huge
/// arguments, where the sum would overflow); imaginary part atan2(y, 1 + x).
fn log1p_c128(x: f64, y: f64) -> (f64, f64) {
    let im = libm::atan2(y, 1.0 + x);
    let re = if x.abs().max(y.abs()) > 1e150 || !(x.is_finite() && y.is_finite()) {
        libm::log(libm::hypot(1.0 + x, y))
    } else {
        0.5 * libm::log1p(x * (2.0 + x) + y * y)
    };
    (re, im)
}

complex_unary!(complex_unary_32, C64, f32);
complex_unary!(complex_unary_64, C128, f64);

/// Binary elementwise ops.
pub fn binary(k: StablehloOp, a: &Tensor, b: &Tensor, result_ty: &Type) -> IResult<Tensor> {
    binary_owned(k, a.clone(), b.clone(), result_ty)
}

/// Binary elementwise ops on owned operands; the result reuses an
/// operand's buffer when nothing else shares it.
pub fn binary_owned(k: StablehloOp, a: Tensor, b: Tensor, result_ty: &Type) -> IResult<Tensor> {
    use StablehloOp as S;
    let elem = result_elem(result_ty)?;
    if k == S::Complex {
        if a.shape != b.shape {
            return invalid("complex operands differ in shape");
        }
        let buf = match (&a.buf, &b.buf) {
            (Buffer::F32(x), Buffer::F32(y)) => {
                Buffer::C64(x.iter().zip(y.iter()).map(|(&r, &i)| C64::new(r, i)).collect())
            }
            (Buffer::F64(x), Buffer::F64(y)) => {
                Buffer::C128(x.iter().zip(y.iter()).map(|(&r, &i)| C128::new(r, i)).collect())
            }
            _ => return invalid("complex expects f32 or f64 operands of one type"),
        };
        return Ok(Tensor::new(a.shape.clone(), elem, buf));
    }
    check_same_shape(&a, &b)?;
    let shape = a.shape.clone();
    let is_float = matches!(a.buf, Buffer::F32(_) | Buffer::F64(_) | Buffer::BF16(_) | Buffer::F16(_) | Buffer::F8(_));
    let buf = match (&a.buf, &b.buf) {
        (Buffer::C64(x), Buffer::C64(y)) => Buffer::C64(complex_binary(k, x, y)?.into()),
        (Buffer::C128(x), Buffer::C128(y)) => Buffer::C128(complex_binary(k, x, y)?.into()),
        _ if is_float => match k {
            S::Add => zip_float(a, b, f32fn::add, |x, y| x + y)?,
            S::Subtract => zip_float(a, b, f32fn::sub, |x, y| x - y)?,
            S::Multiply => zip_float(a, b, f32fn::mul, |x, y| x * y)?,
            S::Divide => zip_float(a, b, f32fn::div, |x, y| x / y)?,
            // remainder has the sign of the dividend (fmod), as the spec says.
            S::Remainder => zip_float(a, b, f32fn::rem, |x, y| x % y)?,
            S::Maximum => zip_float(a, b, f32fn::max, max_nan64)?,
            S::Minimum => zip_float(a, b, f32fn::min, min_nan64)?,
            S::Power => zip_float(a, b, f32fn::pow, libm::pow)?,
            S::Atan2 => zip_float(a, b, f32fn::atan2, libm::atan2)?,
            _ => return unsupported(format!("{} on {}", shardref_spec::ops::OpKind::Stablehlo(k).name(), a.elem)),
        },
        _ => {
            let raw = match k {
                S::Add => int_zip!(&a.buf, &b.buf, (x, y) => Int::wadd(x, y), |x: bool, y: bool| x | y),
                S::Subtract => int_zip!(&a.buf, &b.buf, (x, y) => Int::wsub(x, y), |x: bool, y: bool| x ^ y),
                S::Multiply => int_zip!(&a.buf, &b.buf, (x, y) => Int::wmul(x, y), |x: bool, y: bool| x & y),
                S::Divide => {
                    int_zip!(&a.buf, &b.buf, (x, y) => Int::div_xla(x, y), |x: bool, y: bool| if y { x } else { true })
                }
                S::Remainder => {
                    int_zip!(&a.buf, &b.buf, (x, y) => Int::rem_xla(x, y), |x: bool, y: bool| if y { false } else { x })
                }
                S::Maximum => int_zip!(&a.buf, &b.buf, (x, y) => std::cmp::max(x, y), |x: bool, y: bool| x | y),
                S::Minimum => int_zip!(&a.buf, &b.buf, (x, y) => std::cmp::min(x, y), |x: bool, y: bool| x & y),
                S::And => int_zip!(&a.buf, &b.buf, (x, y) => Int::and(x, y), |x: bool, y: bool| x & y),
                S::Or => int_zip!(&a.buf, &b.buf, (x, y) => Int::or(x, y), |x: bool, y: bool| x | y),
                S::Xor => int_zip!(&a.buf, &b.buf, (x, y) => Int::xor(x, y), |x: bool, y: bool| x ^ y),
                S::Power => int_zip!(&a.buf, &b.buf, (x, y) => Int::pow_spec(x, y), |x: bool, y: bool| x | !y),
                S::ShiftLeft => shift(&a, &b, ShiftKind::Left)?,
                S::ShiftRightLogical => shift(&a, &b, ShiftKind::RightLogical)?,
                S::ShiftRightArithmetic => shift(&a, &b, ShiftKind::RightArithmetic)?,
                _ => return unsupported(format!("{} on {}", shardref_spec::ops::OpKind::Stablehlo(k).name(), a.elem)),
            };
            normalize(&a.elem, raw)
        }
    };
    Ok(Tensor::new(shape, elem, buf))
}

#[derive(Clone, Copy)]
enum ShiftKind {
    Left,
    RightLogical,
    RightArithmetic,
}

/// Shifts use the operand's own width (sub-byte integers shift within their width).
fn shift(a: &Tensor, b: &Tensor, kind: ShiftKind) -> IResult<Buffer> {
    if let Some(w) = sub_byte_width(&a.elem) {
        let signed = matches!(a.elem, ElemType::Int { signedness: Signedness::Signed | Signedness::Signless, .. });
        let mask = (1u16 << w) - 1;
        let f = |x: i16, y: i16| -> i16 {
            let amount = (y as u16) & 0xFF;
            let ux = (x as u16) & mask;
            let amount_big = amount >= w as u16 || (signed && y < 0);
            match kind {
                ShiftKind::Left => {
                    if amount_big {
                        0
                    } else {
                        ((ux << amount) & mask) as i16
                    }
                }
                ShiftKind::RightLogical => {
                    if amount_big {
                        0
                    } else {
                        (ux >> amount) as i16
                    }
                }
                ShiftKind::RightArithmetic => {
                    let sx = if signed { x } else { ux as i16 };
                    if amount_big { if sx < 0 { -1 } else { 0 } } else { sx >> amount }
                }
            }
        };
        return Ok(match (&a.buf, &b.buf) {
            (Buffer::I8(p), Buffer::I8(q)) => {
                Buffer::I8(p.iter().zip(q.iter()).map(|(&x, &y)| f(x as i16, y as i16) as i8).collect())
            }
            (Buffer::U8(p), Buffer::U8(q)) => {
                Buffer::U8(p.iter().zip(q.iter()).map(|(&x, &y)| f(x as i16, y as i16) as u8).collect())
            }
            _ => return invalid("shift operands differ in type"),
        });
    }
    Ok(match kind {
        ShiftKind::Left => int_zip!(&a.buf, &b.buf, (x, y) => Int::shl_spec(x, y), |x: bool, y: bool| x & !y),
        ShiftKind::RightLogical => {
            int_zip!(&a.buf, &b.buf, (x, y) => Int::shr_logical(x, y), |x: bool, y: bool| x & !y)
        }
        ShiftKind::RightArithmetic => int_zip!(&a.buf, &b.buf, (x, y) => Int::shr_arith(x, y), |x: bool, _y: bool| x),
    })
}

/// maximum/minimum propagate NaN, and order -0.0 below +0.0 (spec: IEEE-754 maximum/minimum).
pub fn max_nan32(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        f32::NAN
    } else if x == y {
        if x.is_sign_negative() { y } else { x }
    } else {
        x.max(y)
    }
}
pub fn max_nan64(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x == y {
        if x.is_sign_negative() { y } else { x }
    } else {
        x.max(y)
    }
}
pub fn min_nan32(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        f32::NAN
    } else if x == y {
        if x.is_sign_negative() { x } else { y }
    } else {
        x.min(y)
    }
}
pub fn min_nan64(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x == y {
        if x.is_sign_negative() { x } else { y }
    } else {
        x.min(y)
    }
}

fn complex_binary<F: num_traits::Float + XlaComplexPower>(
    k: StablehloOp,
    x: &[num_complex::Complex<F>],
    y: &[num_complex::Complex<F>],
) -> IResult<Vec<num_complex::Complex<F>>> {
    use StablehloOp as S;
    let f: fn(num_complex::Complex<F>, num_complex::Complex<F>) -> num_complex::Complex<F> = match k {
        S::Add => |p, q| p + q,
        S::Subtract => |p, q| p - q,
        S::Multiply => xla_complex_multiply,
        S::Divide => |p, q| p / q,
        S::Power => F::xla_power,
        // Lexicographic on (real, imaginary), as XLA and upstream's interpreter.
        S::Maximum => |p, q| {
            let gt = if p.re == q.re { p.im > q.im } else { p.re > q.re };
            if gt { p } else { q }
        },
        S::Minimum => |p, q| {
            let lt = if p.re == q.re { p.im < q.im } else { p.re < q.re };
            if lt { p } else { q }
        },
        // atan2(y, x) = -i log((x + i y) / sqrt(x² + y²)), as upstream's interpreter.
        S::Atan2 => |y, x| {
            let i = num_complex::Complex::new(F::zero(), F::one());
            -i * ((x + i * y) / (x * x + y * y).sqrt()).ln()
        },
        _ => return unsupported(format!("{} on complex numbers", shardref_spec::ops::OpKind::Stablehlo(k).name())),
    };
    Ok(x.iter().zip(y).map(|(&p, &q)| f(p, q)).collect())
}

/// Complex multiplication as XLA CPU computes it (choice; the spec leaves the
/// rounding open): LLVM contracts XLA's `a·c - b·d` and `b·c + a·d` into fused
/// multiply-adds, so re = fma(a, c, -(b·d)) and im = fma(b, c, a·d). Checked
/// bit for bit against jax 0.10.2's cumulative products in complex64 and
/// complex128 (`tests/programs/complex_xla.mlir`).
fn xla_complex_multiply<F: num_traits::Float>(
    p: num_complex::Complex<F>,
    q: num_complex::Complex<F>,
) -> num_complex::Complex<F> {
    num_complex::Complex::new(p.re.mul_add(q.re, -(p.im * q.im)), p.im.mul_add(q.re, p.re * q.im))
}

/// Complex power as XLA CPU computes it (choice): complex64 bit for bit
/// (XLA's own f32 `exp`/`log`, the C library's `powf`/`atan2f`/`sincosf`,
/// flush-to-zero), complex128 with XLA's formula and libm; see
/// `ops::xla_cpu_math`.
trait XlaComplexPower: Sized {
    fn xla_power(p: num_complex::Complex<Self>, q: num_complex::Complex<Self>) -> num_complex::Complex<Self>;
}
impl XlaComplexPower for f32 {
    fn xla_power(p: num_complex::Complex<f32>, q: num_complex::Complex<f32>) -> num_complex::Complex<f32> {
        crate::ops::xla_cpu_math::xla_cpu_complex64_power(p, q)
    }
}
impl XlaComplexPower for f64 {
    fn xla_power(p: num_complex::Complex<f64>, q: num_complex::Complex<f64>) -> num_complex::Complex<f64> {
        crate::ops::xla_cpu_math::xla_complex128_power(p, q)
    }
}

/// `select(pred, on_true, on_false)`; `pred` is a scalar or has the operands' shape.
pub fn select(p: &Tensor, a: &Tensor, b: &Tensor) -> IResult<Tensor> {
    check_same_shape(a, b)?;
    let Buffer::Bool(pred) = &p.buf else { return invalid("select predicate must be i1") };
    let n = a.num_elements();
    let pick = |i: usize| if pred.len() == 1 { pred[0] } else { pred[i] };
    if pred.len() != 1 && pred.len() != n {
        return invalid("select predicate shape must be scalar or match the operands");
    }
    macro_rules! sel {
        ($($v:ident),*) => {
            match (&a.buf, &b.buf) {
                $((Buffer::$v(x), Buffer::$v(y)) => Buffer::$v((0..n).map(|i| if pick(i) { x[i] } else { y[i] }).collect()),)*
                _ => return invalid("select operands differ in type"),
            }
        };
    }
    let buf = sel!(Bool, I8, I16, I32, I64, U8, U16, U32, U64, F8, BF16, F16, F32, F64, C64, C128);
    Ok(Tensor::new(a.shape.clone(), a.elem.clone(), buf))
}

/// `clamp(min, operand, max)`; min and max are scalars or have the operand's shape.
pub fn clamp(lo: &Tensor, x: &Tensor, hi: &Tensor) -> IResult<Tensor> {
    if lo.elem != x.elem || hi.elem != x.elem {
        return invalid("clamp operands differ in element type");
    }
    for t in [lo, hi] {
        if t.num_elements() != 1 && t.shape != x.shape {
            return invalid("clamp bounds must be scalars or match the operand");
        }
    }
    // A bound of one element applies to every element (a scalar bound, or n = 1); one loop per
    // case, without a per-element choice of index.
    macro_rules! go {
        ($l:expr, $v:expr, $h:expr, $max:expr, $min:expr) => {{
            let (l, v, h) = (&$l[..], &$v[..], &$h[..]);
            match (l.len() == 1, h.len() == 1) {
                (true, true) => v.iter().map(|&x| $min($max(l[0], x), h[0])).collect::<Vec<_>>(),
                (true, false) => v.iter().zip(h).map(|(&x, &b)| $min($max(l[0], x), b)).collect::<Vec<_>>(),
                (false, true) => l.iter().zip(v).map(|(&a, &x)| $min($max(a, x), h[0])).collect::<Vec<_>>(),
                (false, false) => l.iter().zip(v).zip(h).map(|((&a, &x), &b)| $min($max(a, x), b)).collect::<Vec<_>>(),
            }
        }};
    }
    let buf = match (&lo.buf, &x.buf, &hi.buf) {
        (Buffer::F32(l), Buffer::F32(v), Buffer::F32(h)) => Buffer::F32(go!(l, v, h, max_nan32, min_nan32).into()),
        (Buffer::F64(l), Buffer::F64(v), Buffer::F64(h)) => Buffer::F64(go!(l, v, h, max_nan64, min_nan64).into()),
        (Buffer::I8(l), Buffer::I8(v), Buffer::I8(h)) => Buffer::I8(go!(l, v, h, std::cmp::max, std::cmp::min).into()),
        (Buffer::I16(l), Buffer::I16(v), Buffer::I16(h)) => {
            Buffer::I16(go!(l, v, h, std::cmp::max, std::cmp::min).into())
        }
        (Buffer::I32(l), Buffer::I32(v), Buffer::I32(h)) => {
            Buffer::I32(go!(l, v, h, std::cmp::max, std::cmp::min).into())
        }
        (Buffer::I64(l), Buffer::I64(v), Buffer::I64(h)) => {
            Buffer::I64(go!(l, v, h, std::cmp::max, std::cmp::min).into())
        }
        (Buffer::U8(l), Buffer::U8(v), Buffer::U8(h)) => Buffer::U8(go!(l, v, h, std::cmp::max, std::cmp::min).into()),
        (Buffer::U16(l), Buffer::U16(v), Buffer::U16(h)) => {
            Buffer::U16(go!(l, v, h, std::cmp::max, std::cmp::min).into())
        }
        (Buffer::U32(l), Buffer::U32(v), Buffer::U32(h)) => {
            Buffer::U32(go!(l, v, h, std::cmp::max, std::cmp::min).into())
        }
        (Buffer::U64(l), Buffer::U64(v), Buffer::U64(h)) => {
            Buffer::U64(go!(l, v, h, std::cmp::max, std::cmp::min).into())
        }
        (Buffer::Bool(l), Buffer::Bool(v), Buffer::Bool(h)) => {
            Buffer::Bool(go!(l, v, h, std::cmp::max, std::cmp::min).into())
        }
        (Buffer::BF16(_) | Buffer::F16(_) | Buffer::F8(_), _, _) => {
            // Narrow floats: clamp in f32 (exact, no rounding involved).
            let up = |t: &Tensor| -> IResult<Vec<f32>> { to_f32_vec(t) };
            let (l, v, h) = (up(lo)?, up(x)?, up(hi)?);
            let r: Vec<f32> = go!(&l, &v, &h, max_nan32, min_nan32);
            from_f32_vec(&x.elem, r)?
        }
        _ => return invalid("clamp operands differ in type"),
    };
    Ok(Tensor::new(x.shape.clone(), x.elem.clone(), buf))
}

/// The elements of a float tensor widened to f32 (exact for formats ≤ 32 bits).
pub fn to_f32_vec(t: &Tensor) -> IResult<Vec<f32>> {
    Ok(match &t.buf {
        Buffer::F32(s) => s.to_vec(),
        Buffer::BF16(s) => s.iter().map(|x| x.to_f32()).collect(),
        Buffer::F16(s) => s.iter().map(|x| x.to_f32()).collect(),
        Buffer::F8(s) => f8_to_f32(float_kind(&t.elem).unwrap_or(FloatKind::F8E4M3FN), s),
        _ => return invalid("expected a float tensor of at most 32 bits"),
    })
}

/// Rounds f32 values into a buffer for `elem`.
pub fn from_f32_vec(elem: &ElemType, v: Vec<f32>) -> IResult<Buffer> {
    Ok(match elem {
        ElemType::Float(FloatKind::F32) => Buffer::F32(v.into()),
        ElemType::Float(FloatKind::BF16) => Buffer::BF16(v.into_iter().map(bf16::from_f32).collect()),
        ElemType::Float(FloatKind::F16) => Buffer::F16(v.into_iter().map(f16::from_f32).collect()),
        ElemType::Float(k) => Buffer::F8(f32_to_f8(*k, v.into_iter()).into()),
        _ => return invalid("expected a float element type"),
    })
}

/// The value of a rank-0 (or one-element) i1 tensor.
pub fn scalar_bool(t: &Tensor) -> IResult<bool> {
    match &t.buf {
        Buffer::Bool(s) if s.len() == 1 => Ok(s[0]),
        _ => invalid("expected a scalar i1 tensor"),
    }
}

/// The value of a one-element integer tensor, as i64 (unsigned 64-bit values saturate).
pub fn scalar_i64(t: &Tensor) -> IResult<i64> {
    if t.num_elements() != 1 {
        return invalid("expected a scalar integer tensor");
    }
    Ok(match &t.buf {
        Buffer::I8(s) => s[0] as i64,
        Buffer::I16(s) => s[0] as i64,
        Buffer::I32(s) => s[0] as i64,
        Buffer::I64(s) => s[0],
        Buffer::U8(s) => s[0] as i64,
        Buffer::U16(s) => s[0] as i64,
        Buffer::U32(s) => s[0] as i64,
        Buffer::U64(s) => i64::try_from(s[0]).unwrap_or(i64::MAX),
        Buffer::Bool(s) => s[0] as i64,
        _ => return invalid("expected a scalar integer tensor"),
    })
}
