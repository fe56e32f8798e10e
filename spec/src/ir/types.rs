//! Builtin and dialect types.
//!
//! Invariant: a `Type` is a plain value (no arena handles), so types compare
//! structurally and can be shared freely between modules.

use std::fmt;

/// A floating-point format, named as MLIR names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FloatKind {
    F4E2M1FN,
    F6E2M3FN,
    F6E3M2FN,
    F8E3M4,
    F8E4M3,
    F8E4M3FN,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E5M2,
    F8E5M2FNUZ,
    F8E8M0FNU,
    BF16,
    F16,
    TF32,
    F32,
    F64,
    F80,
    F128,
}

impl FloatKind {
    pub const ALL: [FloatKind; 18] = [
        FloatKind::F4E2M1FN,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F8E3M4,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E5M2,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E8M0FNU,
        FloatKind::BF16,
        FloatKind::F16,
        FloatKind::TF32,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FloatKind::F4E2M1FN => "f4E2M1FN",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::BF16 => "bf16",
            FloatKind::F16 => "f16",
            FloatKind::TF32 => "tf32",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
        }
    }

    pub fn from_name(s: &str) -> Option<FloatKind> {
        FloatKind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// Width in bits of the format (not of its storage).
    pub fn bit_width(self) -> u32 {
        match self {
            FloatKind::F4E2M1FN => 4,
            FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => 6,
            FloatKind::F8E3M4
            | FloatKind::F8E4M3
            | FloatKind::F8E4M3FN
            | FloatKind::F8E4M3FNUZ
            | FloatKind::F8E4M3B11FNUZ
            | FloatKind::F8E5M2
            | FloatKind::F8E5M2FNUZ
            | FloatKind::F8E8M0FNU => 8,
            FloatKind::BF16 | FloatKind::F16 => 16,
            FloatKind::TF32 => 19,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
        }
    }

    /// Bytes one element occupies in a dense buffer (MLIR's storage width).
    pub fn storage_bytes(self) -> usize {
        match self.bit_width() {
            0..=8 => 1,
            9..=16 => 2,
            17..=32 => 4,
            33..=64 => 8,
            _ => 16,
        }
    }
}

/// Signedness of an integer type: `iN` is signless, `siN` signed, `uiN` unsigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// An element type: what a tensor holds, and the scalar types MLIR uses for attributes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    Int { width: u32, signedness: Signedness },
    Float(FloatKind),
    Complex(Box<ElemType>),
    Index,
    Quant(Box<QuantType>),
}

impl ElemType {
    pub const I1: ElemType = ElemType::Int { width: 1, signedness: Signedness::Signless };
    pub const I32: ElemType = ElemType::Int { width: 32, signedness: Signedness::Signless };
    pub const I64: ElemType = ElemType::Int { width: 64, signedness: Signedness::Signless };
    pub const F32: ElemType = ElemType::Float(FloatKind::F32);
    pub const F64: ElemType = ElemType::Float(FloatKind::F64);

    pub fn is_float(&self) -> bool {
        matches!(self, ElemType::Float(_))
    }
    pub fn is_int(&self) -> bool {
        matches!(self, ElemType::Int { .. })
    }
    /// Bytes one element occupies in a dense buffer; complex numbers hold two parts.
    pub fn storage_bytes(&self) -> usize {
        match self {
            ElemType::Int { width, .. } => match width {
                0..=8 => 1,
                9..=16 => 2,
                17..=32 => 4,
                33..=64 => 8,
                _ => (*width as usize).div_ceil(8),
            },
            ElemType::Float(k) => k.storage_bytes(),
            ElemType::Complex(e) => 2 * e.storage_bytes(),
            ElemType::Index => 8,
            ElemType::Quant(q) => q.storage.storage_bytes(),
        }
    }
}

/// `!quant.uniform<storage<min:max>:expressed:axis, scales>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QuantType {
    pub storage: ElemType,
    pub storage_range: Option<(i64, i64)>,
    pub expressed: FloatKind,
    pub axis: Option<u32>,
    /// Scale bits (as f64 bits) and zero points; one entry for per-tensor quantization.
    pub params: Vec<(u64, i64)>,
    pub per_axis: bool,
}

/// One dimension of a ranked shape: a static size or `?`.
pub type Dim = Option<u64>;

#[derive(Clone, Debug, PartialEq)]
pub struct TensorType {
    /// `None` for an unranked tensor `tensor<*xT>`.
    pub shape: Option<Vec<Dim>>,
    pub elem: ElemType,
    pub encoding: Option<Box<crate::ir::attrs::Attr>>,
}

impl TensorType {
    pub fn ranked(shape: Vec<u64>, elem: ElemType) -> TensorType {
        TensorType { shape: Some(shape.into_iter().map(Some).collect()), elem, encoding: None }
    }
    pub fn rank(&self) -> Option<usize> {
        self.shape.as_ref().map(|s| s.len())
    }
    /// The static shape, if every dimension is static.
    pub fn static_shape(&self) -> Option<Vec<u64>> {
        self.shape.as_ref()?.iter().copied().collect()
    }
    /// The element count, if the shape is static and the count fits in u64. A zero dimension
    /// makes it 0 whatever the other dimensions multiply to (MLIR's `getNumElements` gives 0
    /// too: its wrapping product ends in the zero).
    pub fn num_elements(&self) -> Option<u64> {
        count_elements(&self.static_shape()?)
    }
}

/// The element count of static dimensions `dims`: 0 when a dimension is 0 (whatever the others
/// multiply to, as MLIR's count), else their product when it fits in u64.
pub fn count_elements(dims: &[u64]) -> Option<u64> {
    if dims.contains(&0) { Some(0) } else { dims.iter().try_fold(1u64, |acc, &d| acc.checked_mul(d)) }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Tensor(TensorType),
    Vector(Vec<u64>, ElemType),
    Tuple(Vec<Type>),
    Function(Vec<Type>, Vec<Type>),
    /// A scalar element type used as a type (`i32`, `f32`, `index`, `complex<f32>`).
    Elem(ElemType),
    None,
    /// `!stablehlo.token`.
    Token,
    /// `!stablehlo.future<T, ...>` (spec: FutureType): what `async_start` produces and
    /// `async_done` awaits, with the element types of the asynchronous operation's results.
    Future(Vec<Type>),
    MeshTensor(Box<crate::ir::mpmd::MeshTensorType>),
    /// A dialect type shardref does not model: `!dialect.name<body>`, body kept verbatim.
    Opaque {
        name: String,
        body: Option<String>,
    },
}

impl Type {
    pub fn as_tensor(&self) -> Option<&TensorType> {
        match self {
            Type::Tensor(t) => Some(t),
            _ => None,
        }
    }
}

impl fmt::Display for ElemType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::write_elem_type(f, self)
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::write_type(f, self)
    }
}
