//! Runtime values: tensors over typed contiguous buffers, tuples, tokens.
//!
//! Invariants:
//! - `Tensor::buf` holds exactly `shape.iter().product()` elements, row-major.
//! - The buffer variant is fixed by the element type (`Buffer::for_elem`):
//!   sub-byte integers (i2, i4, ui2, ui4) live in `I8`/`U8` and are always kept
//!   sign- or zero-extended from their width; every f4/f6/f8 format lives in
//!   `F8` as its bit pattern; quantized tensors hold their storage integers.
//! - Buffers are immutable and shared (`Arc`); kernels build new ones.

use std::sync::Arc;

use half::{bf16, f16};
use num_complex::Complex;
use shardref_spec::ir::{DenseData, DenseElements, ElemType, FloatKind, Signedness, TensorType, Type};

thread_local! {
    /// The memory budget (bytes of one value) of the op running on this
    /// thread, set by the evaluator before each op (`set_value_budget`).
    static VALUE_BUDGET: std::cell::Cell<u64> = const { std::cell::Cell::new(u64::MAX) };
}

/// Sets the memory budget that `checked_numel` enforces on this thread.
pub fn set_value_budget(bytes: u64) {
    VALUE_BUDGET.with(|b| b.set(bytes));
}

/// The memory budget of the op running on this thread (`set_value_budget`).
pub fn value_budget() -> u64 {
    VALUE_BUDGET.with(|b| b.get())
}

/// The number of elements of a tensor type for budgets and fuel: `u64::MAX`
/// when [`element_count`] refuses its static shape (so that a budget check
/// refuses it), 0 for a dynamic shape (whose values are checked when they exist).
pub fn type_elements_saturating(t: &shardref_spec::ir::TensorType) -> u64 {
    match t.static_shape() {
        Some(dims) => count_dims(dims.iter().copied()).unwrap_or(u64::MAX),
        None => 0,
    }
}

/// The largest product of a shape's non-zero dimensions that a value may have: `i64::MAX`, the
/// largest StableHLO dimension.
///
/// Choice (resource limit, like the memory budget): a shape whose non-zero dimensions multiply
/// past it is refused even when a zero dimension gives it no elements. XLA's shape validation
/// refuses such shapes too when the overflow comes before the zero (`ValidateShapeSize` multiplies
/// in order); refusing them whatever the order keeps one invariant for every kernel: any product
/// of any of a value's dimensions (a prefix, the kept or the reduced ones, a row count next to an
/// empty axis) fits in `usize`, so no kernel needs a checked product over a value's own shape.
pub const MAX_DIM_PRODUCT: usize = i64::MAX as usize;

/// The number of elements of `shape`: 0 when a dimension is 0, else the product of the
/// dimensions; `None` when the product of the non-zero dimensions is over [`MAX_DIM_PRODUCT`]
/// (whether or not a zero dimension makes the count 0).
pub fn element_count(shape: &[usize]) -> Option<usize> {
    count_dims(shape.iter().map(|&d| d as u64)).map(|n| n as usize)
}

/// [`element_count`] over dimensions as `u64` (a type's static shape, a value's shape), without
/// collecting them.
fn count_dims(dims: impl Iterator<Item = u64> + Clone) -> Option<u64> {
    let nonzero = dims
        .clone()
        .filter(|&d| d != 0)
        .try_fold(1u64, |acc, d| acc.checked_mul(d).filter(|&p| p <= MAX_DIM_PRODUCT as u64))?;
    Some(if dims.into_iter().any(|d| d == 0) { 0 } else { nonzero })
}

/// The message of refused results (`plural`) or a refused result: `bytes` (saturated at
/// `u64::MAX`, see [`type_elements_saturating`]) over the memory budget `budget`.
pub fn over_budget_message(plural: bool, bytes: u64, budget: u64) -> String {
    let (need, are) = if plural { ("results need", "results are") } else { ("result needs", "result is") };
    if bytes == u64::MAX {
        format!(
            "{are} over the budget of {budget} bytes: a shape's non-zero dimensions multiply past 2^63 - 1 \
             or its size past 2^64 bytes"
        )
    } else {
        format!("{need} {bytes} bytes, over the budget of {budget}")
    }
}

/// The number of elements of `shape`, when the product does not overflow
/// and a value of that many elements (at 16 bytes each, the widest element)
/// fits the running op's memory budget; `ResourceExhausted` otherwise. Kernels
/// whose result shape comes from attributes or operand values call it before
/// they allocate, so no program makes them abort on a failed allocation.
pub fn checked_numel(shape: &[usize]) -> crate::error::IResult<usize> {
    let budget = VALUE_BUDGET.with(|b| b.get());
    let refuse = |why: String| Err(crate::error::InterpError::exhausted(shardref_spec::ir::Span::NONE, why));
    match element_count(shape) {
        Some(n) if (n as u64).saturating_mul(16) <= budget || n == 0 => Ok(n),
        Some(_) => refuse(format!("a result of shape {shape:?} is over the memory budget of {budget} bytes")),
        None => refuse(format!(
            "a result of shape {shape:?} is over the memory budget: its non-zero dimensions multiply past 2^63 - 1"
        )),
    }
}

/// Whether `e` is an element type whose buffer variant holds its values as they are: integers of
/// 1, 8, 16, 32 or 64 bits, and bf16, f16, f32, f64 (not sub-byte integers, f8 formats, complex
/// or quantized types).
pub fn plain(e: &ElemType) -> bool {
    match e {
        ElemType::Int { width, .. } => matches!(width, 1 | 8 | 16 | 32 | 64),
        ElemType::Float(k) => matches!(k, FloatKind::BF16 | FloatKind::F16 | FloatKind::F32 | FloatKind::F64),
        ElemType::Complex(_) | ElemType::Index | ElemType::Quant(_) => false,
    }
}

pub type C64 = Complex<f32>;
pub type C128 = Complex<f64>;

/// Whether two buffers are the same storage (one allocation shared by both).
pub fn same_storage(a: &Buffer, b: &Buffer) -> bool {
    use std::sync::Arc;
    match (a, b) {
        (Buffer::Bool(x), Buffer::Bool(y)) => Arc::ptr_eq(x, y),
        (Buffer::I8(x), Buffer::I8(y)) => Arc::ptr_eq(x, y),
        (Buffer::I16(x), Buffer::I16(y)) => Arc::ptr_eq(x, y),
        (Buffer::I32(x), Buffer::I32(y)) => Arc::ptr_eq(x, y),
        (Buffer::I64(x), Buffer::I64(y)) => Arc::ptr_eq(x, y),
        (Buffer::U8(x), Buffer::U8(y)) => Arc::ptr_eq(x, y),
        (Buffer::U16(x), Buffer::U16(y)) => Arc::ptr_eq(x, y),
        (Buffer::U32(x), Buffer::U32(y)) => Arc::ptr_eq(x, y),
        (Buffer::U64(x), Buffer::U64(y)) => Arc::ptr_eq(x, y),
        (Buffer::F8(x), Buffer::F8(y)) => Arc::ptr_eq(x, y),
        (Buffer::BF16(x), Buffer::BF16(y)) => Arc::ptr_eq(x, y),
        (Buffer::F16(x), Buffer::F16(y)) => Arc::ptr_eq(x, y),
        (Buffer::F32(x), Buffer::F32(y)) => Arc::ptr_eq(x, y),
        (Buffer::F64(x), Buffer::F64(y)) => Arc::ptr_eq(x, y),
        (Buffer::C64(x), Buffer::C64(y)) => Arc::ptr_eq(x, y),
        (Buffer::C128(x), Buffer::C128(y)) => Arc::ptr_eq(x, y),
        _ => false,
    }
}

/// Typed element storage. One variant per machine representation.
#[derive(Clone, Debug, PartialEq)]
pub enum Buffer {
    Bool(Arc<[bool]>),
    I8(Arc<[i8]>),
    I16(Arc<[i16]>),
    I32(Arc<[i32]>),
    I64(Arc<[i64]>),
    U8(Arc<[u8]>),
    U16(Arc<[u16]>),
    U32(Arc<[u32]>),
    U64(Arc<[u64]>),
    /// Every format of at most 8 bits (f4E2M1FN … f8E8M0FNU), as bit patterns.
    F8(Arc<[u8]>),
    BF16(Arc<[bf16]>),
    F16(Arc<[f16]>),
    F32(Arc<[f32]>),
    F64(Arc<[f64]>),
    C64(Arc<[C64]>),
    C128(Arc<[C128]>),
}

/// Applies `$body` to the buffer's slice, whatever its variant, binding it as `$s`.
#[macro_export]
macro_rules! with_slice {
    ($buf:expr, $s:ident => $body:expr) => {
        match $buf {
            $crate::value::Buffer::Bool($s) => $body,
            $crate::value::Buffer::I8($s) => $body,
            $crate::value::Buffer::I16($s) => $body,
            $crate::value::Buffer::I32($s) => $body,
            $crate::value::Buffer::I64($s) => $body,
            $crate::value::Buffer::U8($s) => $body,
            $crate::value::Buffer::U16($s) => $body,
            $crate::value::Buffer::U32($s) => $body,
            $crate::value::Buffer::U64($s) => $body,
            $crate::value::Buffer::F8($s) => $body,
            $crate::value::Buffer::BF16($s) => $body,
            $crate::value::Buffer::F16($s) => $body,
            $crate::value::Buffer::F32($s) => $body,
            $crate::value::Buffer::F64($s) => $body,
            $crate::value::Buffer::C64($s) => $body,
            $crate::value::Buffer::C128($s) => $body,
        }
    };
}

/// Rebuilds a buffer of the same variant from `$body`, where `$s` is the input slice
/// and the body returns a `Vec` of the same element type.
#[macro_export]
macro_rules! map_same {
    ($buf:expr, $s:ident => $body:expr) => {
        match $buf {
            $crate::value::Buffer::Bool($s) => $crate::value::Buffer::Bool($body.into()),
            $crate::value::Buffer::I8($s) => $crate::value::Buffer::I8($body.into()),
            $crate::value::Buffer::I16($s) => $crate::value::Buffer::I16($body.into()),
            $crate::value::Buffer::I32($s) => $crate::value::Buffer::I32($body.into()),
            $crate::value::Buffer::I64($s) => $crate::value::Buffer::I64($body.into()),
            $crate::value::Buffer::U8($s) => $crate::value::Buffer::U8($body.into()),
            $crate::value::Buffer::U16($s) => $crate::value::Buffer::U16($body.into()),
            $crate::value::Buffer::U32($s) => $crate::value::Buffer::U32($body.into()),
            $crate::value::Buffer::U64($s) => $crate::value::Buffer::U64($body.into()),
            $crate::value::Buffer::F8($s) => $crate::value::Buffer::F8($body.into()),
            $crate::value::Buffer::BF16($s) => $crate::value::Buffer::BF16($body.into()),
            $crate::value::Buffer::F16($s) => $crate::value::Buffer::F16($body.into()),
            $crate::value::Buffer::F32($s) => $crate::value::Buffer::F32($body.into()),
            $crate::value::Buffer::F64($s) => $crate::value::Buffer::F64($body.into()),
            $crate::value::Buffer::C64($s) => $crate::value::Buffer::C64($body.into()),
            $crate::value::Buffer::C128($s) => $crate::value::Buffer::C128($body.into()),
        }
    };
}

/// The representation a buffer of element type `e` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repr {
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F8,
    BF16,
    F16,
    F32,
    F64,
    C64,
    C128,
}

impl Repr {
    /// The representation for an element type, or `None` for types shardref
    /// does not compute with (f80, f128, tf32, ints wider than 64 bits).
    pub fn of(e: &ElemType) -> Option<Repr> {
        Some(match e {
            ElemType::Int { width: 1, .. } => Repr::Bool,
            ElemType::Int { width, signedness: Signedness::Unsigned } => match width {
                2..=8 => Repr::U8,
                16 => Repr::U16,
                32 => Repr::U32,
                64 => Repr::U64,
                _ => return None,
            },
            ElemType::Int { width, .. } => match width {
                2..=8 => Repr::I8,
                16 => Repr::I16,
                32 => Repr::I32,
                64 => Repr::I64,
                _ => return None,
            },
            ElemType::Index => Repr::I64,
            ElemType::Float(k) => match k {
                FloatKind::BF16 => Repr::BF16,
                FloatKind::F16 => Repr::F16,
                FloatKind::F32 => Repr::F32,
                FloatKind::F64 => Repr::F64,
                FloatKind::TF32 | FloatKind::F80 | FloatKind::F128 => return None,
                _ => Repr::F8,
            },
            ElemType::Complex(inner) => match **inner {
                ElemType::Float(FloatKind::F32) => Repr::C64,
                ElemType::Float(FloatKind::F64) => Repr::C128,
                _ => return None,
            },
            ElemType::Quant(q) => return Repr::of(&q.storage),
        })
    }

    pub fn byte_width(self) -> usize {
        match self {
            Repr::Bool | Repr::I8 | Repr::U8 | Repr::F8 => 1,
            Repr::I16 | Repr::U16 | Repr::BF16 | Repr::F16 => 2,
            Repr::I32 | Repr::U32 | Repr::F32 => 4,
            Repr::I64 | Repr::U64 | Repr::F64 | Repr::C64 => 8,
            Repr::C128 => 16,
        }
    }
}

impl Buffer {
    pub fn len(&self) -> usize {
        with_slice!(self, s => s.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn repr(&self) -> Repr {
        match self {
            Buffer::Bool(_) => Repr::Bool,
            Buffer::I8(_) => Repr::I8,
            Buffer::I16(_) => Repr::I16,
            Buffer::I32(_) => Repr::I32,
            Buffer::I64(_) => Repr::I64,
            Buffer::U8(_) => Repr::U8,
            Buffer::U16(_) => Repr::U16,
            Buffer::U32(_) => Repr::U32,
            Buffer::U64(_) => Repr::U64,
            Buffer::F8(_) => Repr::F8,
            Buffer::BF16(_) => Repr::BF16,
            Buffer::F16(_) => Repr::F16,
            Buffer::F32(_) => Repr::F32,
            Buffer::F64(_) => Repr::F64,
            Buffer::C64(_) => Repr::C64,
            Buffer::C128(_) => Repr::C128,
        }
    }

    /// A buffer of `n` copies of the zero element of `repr`.
    pub fn zeros(repr: Repr, n: usize) -> Buffer {
        match repr {
            Repr::Bool => Buffer::Bool(vec![false; n].into()),
            Repr::I8 => Buffer::I8(vec![0; n].into()),
            Repr::I16 => Buffer::I16(vec![0; n].into()),
            Repr::I32 => Buffer::I32(vec![0; n].into()),
            Repr::I64 => Buffer::I64(vec![0; n].into()),
            Repr::U8 => Buffer::U8(vec![0; n].into()),
            Repr::U16 => Buffer::U16(vec![0; n].into()),
            Repr::U32 => Buffer::U32(vec![0; n].into()),
            Repr::U64 => Buffer::U64(vec![0; n].into()),
            Repr::F8 => Buffer::F8(vec![0; n].into()),
            Repr::BF16 => Buffer::BF16(vec![bf16::ZERO; n].into()),
            Repr::F16 => Buffer::F16(vec![f16::ZERO; n].into()),
            Repr::F32 => Buffer::F32(vec![0.0; n].into()),
            Repr::F64 => Buffer::F64(vec![0.0; n].into()),
            Repr::C64 => Buffer::C64(vec![C64::new(0.0, 0.0); n].into()),
            Repr::C128 => Buffer::C128(vec![C128::new(0.0, 0.0); n].into()),
        }
    }

    /// Decodes packed little-endian storage (the layout of `DenseElements`).
    pub fn from_le_bytes(repr: Repr, bytes: &[u8]) -> Buffer {
        fn read<T, const N: usize>(b: &[u8], f: impl Fn([u8; N]) -> T) -> Arc<[T]> {
            b.chunks_exact(N).map(|c| f(c.try_into().expect("chunk of N bytes"))).collect()
        }
        match repr {
            Repr::Bool => Buffer::Bool(bytes.iter().map(|&b| b & 1 != 0).collect()),
            Repr::I8 => Buffer::I8(bytes.iter().map(|&b| b as i8).collect()),
            Repr::U8 => Buffer::U8(bytes.into()),
            Repr::F8 => Buffer::F8(bytes.into()),
            Repr::I16 => Buffer::I16(read(bytes, i16::from_le_bytes)),
            Repr::U16 => Buffer::U16(read(bytes, u16::from_le_bytes)),
            Repr::BF16 => Buffer::BF16(read(bytes, |b| bf16::from_bits(u16::from_le_bytes(b)))),
            Repr::F16 => Buffer::F16(read(bytes, |b| f16::from_bits(u16::from_le_bytes(b)))),
            Repr::I32 => Buffer::I32(read(bytes, i32::from_le_bytes)),
            Repr::U32 => Buffer::U32(read(bytes, u32::from_le_bytes)),
            Repr::F32 => Buffer::F32(read(bytes, f32::from_le_bytes)),
            Repr::I64 => Buffer::I64(read(bytes, i64::from_le_bytes)),
            Repr::U64 => Buffer::U64(read(bytes, u64::from_le_bytes)),
            Repr::F64 => Buffer::F64(read(bytes, f64::from_le_bytes)),
            Repr::C64 => Buffer::C64(read(bytes, |b: [u8; 8]| {
                C64::new(f32::from_le_bytes(b[..4].try_into().unwrap()), f32::from_le_bytes(b[4..].try_into().unwrap()))
            })),
            Repr::C128 => Buffer::C128(read(bytes, |b: [u8; 16]| {
                C128::new(
                    f64::from_le_bytes(b[..8].try_into().unwrap()),
                    f64::from_le_bytes(b[8..].try_into().unwrap()),
                )
            })),
        }
    }

    /// Packed little-endian storage, the inverse of `from_le_bytes`. Writes into a buffer of the
    /// final size, N bytes per element (`flat_map` over per-element arrays has no exact size hint
    /// and costs a branch per byte: a 3 MB bitcast took seconds under fuzzing instrumentation).
    pub fn to_le_bytes(&self) -> Vec<u8> {
        fn write<T, const N: usize>(s: &[T], f: impl Fn(&T) -> [u8; N]) -> Vec<u8> {
            let mut out = vec![0u8; s.len() * N];
            for (o, v) in out.chunks_exact_mut(N).zip(s) {
                o.copy_from_slice(&f(v));
            }
            out
        }
        match self {
            Buffer::Bool(s) => s.iter().map(|&b| b as u8).collect(),
            Buffer::I8(s) => s.iter().map(|&v| v as u8).collect(),
            Buffer::U8(s) | Buffer::F8(s) => s.to_vec(),
            Buffer::I16(s) => write(s, |v| v.to_le_bytes()),
            Buffer::U16(s) => write(s, |v| v.to_le_bytes()),
            Buffer::BF16(s) => write(s, |v| v.to_bits().to_le_bytes()),
            Buffer::F16(s) => write(s, |v| v.to_bits().to_le_bytes()),
            Buffer::I32(s) => write(s, |v| v.to_le_bytes()),
            Buffer::U32(s) => write(s, |v| v.to_le_bytes()),
            Buffer::F32(s) => write(s, |v| v.to_le_bytes()),
            Buffer::I64(s) => write(s, |v| v.to_le_bytes()),
            Buffer::U64(s) => write(s, |v| v.to_le_bytes()),
            Buffer::F64(s) => write(s, |v| v.to_le_bytes()),
            Buffer::C64(s) => write(s, |c| {
                let mut b = [0u8; 8];
                b[..4].copy_from_slice(&c.re.to_le_bytes());
                b[4..].copy_from_slice(&c.im.to_le_bytes());
                b
            }),
            Buffer::C128(s) => write(s, |c| {
                let mut b = [0u8; 16];
                b[..8].copy_from_slice(&c.re.to_le_bytes());
                b[8..].copy_from_slice(&c.im.to_le_bytes());
                b
            }),
        }
    }

    /// Gathers elements at `indices` into a new buffer of the same variant.
    pub fn gather(&self, indices: &[usize]) -> Buffer {
        map_same!(self, s => indices.iter().map(|&i| s[i]).collect::<Arc<[_]>>())
    }

    /// The element at `i`, repeated `n` times.
    pub fn splat_of(&self, i: usize, n: usize) -> Buffer {
        map_same!(self, s => std::iter::repeat_n(s[i], n).collect::<Arc<[_]>>())
    }
}

/// A tensor: a static shape, an element type, and a buffer.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    pub shape: Vec<usize>,
    pub elem: ElemType,
    pub buf: Buffer,
}

impl Tensor {
    pub fn new(shape: Vec<usize>, elem: ElemType, buf: Buffer) -> Tensor {
        debug_assert_eq!(element_count(&shape), Some(buf.len()));
        Tensor { shape, elem, buf }
    }

    pub fn num_elements(&self) -> usize {
        self.buf.len()
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// Row-major strides of the shape, in elements.
    pub fn strides(&self) -> Vec<usize> {
        strides(&self.shape)
    }

    /// The tensor's MLIR type.
    pub fn ty(&self) -> TensorType {
        TensorType::ranked(self.shape.iter().map(|&d| d as u64).collect(), self.elem.clone())
    }

    /// Builds a tensor from a dense attribute. `None` when the element type
    /// has no representation here, or the data does not fit the type.
    pub fn from_dense(d: &DenseElements) -> Option<Tensor> {
        let Type::Tensor(t) = &d.ty else { return None };
        let shape: Vec<usize> =
            t.static_shape()?.into_iter().map(|x| usize::try_from(x).ok()).collect::<Option<_>>()?;
        let n: usize = shape.iter().try_fold(1usize, |a, &b| a.checked_mul(b))?;
        let repr = Repr::of(&t.elem)?;
        let storage = t.elem.storage_bytes();
        let buf = match &d.data {
            DenseData::Splat(b) => {
                if b.len() != storage {
                    return None;
                }
                Buffer::from_le_bytes(repr, b).splat_of(0, n)
            }
            DenseData::Elements(b) => {
                if b.len() != n * storage {
                    return None;
                }
                Buffer::from_le_bytes(repr, b)
            }
            DenseData::Strings(_) => return None,
        };
        // Dense storage of sub-byte/odd widths matches the buffer width for every repr we accept.
        Some(Tensor { shape, elem: t.elem.clone(), buf })
    }
}

/// Row-major strides, in elements. Saturating: a shape whose strides overflow has a zero
/// dimension (any other shape's elements fit in memory), so its strides never index anything.
pub fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1usize; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1].saturating_mul(shape[i + 1]);
    }
    s
}

/// A runtime value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Tensor(Tensor),
    Tuple(Vec<Value>),
    Token,
    /// A `!stablehlo.future<T>`: the value `async_start` produced, which
    /// `async_done` returns (the operation has run when `async_start` ran).
    Future(Box<Value>),
}

impl Value {
    pub fn as_tensor(&self) -> Option<&Tensor> {
        match self {
            Value::Tensor(t) => Some(t),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn le_bytes_round_trip_for_every_repr() {
        for repr in [
            Repr::Bool,
            Repr::I8,
            Repr::I16,
            Repr::I32,
            Repr::I64,
            Repr::U8,
            Repr::U16,
            Repr::U32,
            Repr::U64,
            Repr::F8,
            Repr::BF16,
            Repr::F16,
            Repr::F32,
            Repr::F64,
            Repr::C64,
            Repr::C128,
        ] {
            let w = repr.byte_width();
            let bytes: Vec<u8> =
                (0..3 * w).map(|i| if repr == Repr::Bool { (i % 2) as u8 } else { (i * 37 + 1) as u8 }).collect();
            let buf = Buffer::from_le_bytes(repr, &bytes);
            assert_eq!(buf.len(), 3);
            assert_eq!(buf.to_le_bytes(), bytes, "{repr:?}");
        }
    }

    #[test]
    fn element_count_refuses_nonzero_dimensions_past_the_limit_whatever_the_zeros() {
        let big = 1usize << 32;
        assert_eq!(element_count(&[]), Some(1));
        assert_eq!(element_count(&[2, 3, 4]), Some(24));
        assert_eq!(element_count(&[big / 2, big / 2, 0]), Some(0));
        assert_eq!(element_count(&[0, MAX_DIM_PRODUCT]), Some(0));
        assert_eq!(element_count(&[MAX_DIM_PRODUCT, 1]), Some(MAX_DIM_PRODUCT));
        // 2^64 overflows before the zero and after it; 2^63 is one past the limit.
        assert_eq!(element_count(&[big, big, 0]), None);
        assert_eq!(element_count(&[0, big, big]), None);
        assert_eq!(element_count(&[2, 0, MAX_DIM_PRODUCT / 2 + 1]), None);
        assert_eq!(element_count(&[big, big]), None);
    }

    #[test]
    fn strides_are_row_major() {
        assert_eq!(strides(&[2, 3, 4]), vec![12, 4, 1]);
        assert_eq!(strides(&[]), Vec::<usize>::new());
    }
}
