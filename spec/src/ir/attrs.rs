//! Attributes: builtin ones modelled generically, dialect ones typed
//! (sdy, mpmd, stablehlo) or kept as normalized opaque text.
//!
//! Invariant: attributes are values; equality is structural. Float attributes
//! hold the exact bits of their format, so a NaN payload or a -0.0 survives
//! a print/parse round trip.

use std::sync::Arc;

use super::types::{ElemType, FloatKind, Type};

#[derive(Clone, Debug, PartialEq)]
pub enum Attr {
    Unit,
    Bool(bool),
    Int(IntAttr),
    Float(FloatAttr),
    /// A string attribute: raw bytes after escape decoding, with an optional type.
    Str(Vec<u8>, Option<Box<Type>>),
    Type(Type),
    SymbolRef(Vec<String>),
    Array(Vec<Attr>),
    DenseArray(DenseArray),
    Dict(Dict),
    Dense(Arc<DenseElements>),
    DenseResource {
        name: String,
        ty: Option<Box<Type>>,
    },
    Loc(Location),
    Sdy(Box<super::sdy::SdyAttr>),
    Mpmd(Box<super::mpmd::MpmdAttr>),
    Stablehlo(Box<super::stablehlo::StablehloAttr>),
    /// `#dialect.name<body>` or `#dialect<body>` (also `affine_map<...>`) that
    /// shardref does not model: the full text with spacing normalized.
    Opaque(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntAttr {
    pub value: i128,
    /// `None` means the default i64 (MLIR's untyped integer literal).
    pub ty: Option<ElemType>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloatAttr {
    pub kind: FloatKind,
    /// The value's encoding in `kind`, right-aligned.
    pub bits: u128,
}

impl FloatAttr {
    pub fn to_f64(&self) -> f64 {
        crate::float::bits_to_f64(self.kind, self.bits)
    }
}

/// `array<i64: 1, 2>`: values stored widened; floats as their format's bits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DenseArray {
    pub elem: ElemType,
    pub values: Vec<i128>,
}

impl DenseArray {
    pub fn i64s(values: impl IntoIterator<Item = i64>) -> DenseArray {
        DenseArray { elem: ElemType::I64, values: values.into_iter().map(i128::from).collect() }
    }
    /// The values as i64, for integer arrays.
    pub fn as_i64(&self) -> Vec<i64> {
        self.values.iter().map(|v| *v as i64).collect()
    }
}

/// An attribute dictionary, kept sorted by name as MLIR's DictionaryAttr is.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dict(pub Vec<(String, Attr)>);

impl Dict {
    pub fn get(&self, name: &str) -> Option<&Attr> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(name)).ok().map(|i| &self.0[i].1)
    }
    /// Inserts or replaces, keeping the order. Returns the replaced value.
    pub fn insert(&mut self, name: impl Into<String>, value: Attr) -> Option<Attr> {
        let name = name.into();
        match self.0.binary_search_by(|(k, _)| k.as_str().cmp(&name)) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (name, value));
                None
            }
        }
    }
    pub fn remove(&mut self, name: &str) -> Option<Attr> {
        match self.0.binary_search_by(|(k, _)| k.as_str().cmp(name)) {
            Ok(i) => Some(self.0.remove(i).1),
            Err(_) => None,
        }
    }
    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Attr)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }
}

/// A dense elements attribute, decoded from its literal into packed
/// little-endian element storage (`ElemType::storage_bytes` per element;
/// i1 takes one byte holding 0 or 1; complex numbers store real then imaginary).
#[derive(Clone, Debug)]
pub struct DenseElements {
    pub ty: Type,
    pub data: DenseData,
    /// Printing hint: the literal was a hex blob. Not part of equality.
    pub hex: bool,
}

impl PartialEq for DenseElements {
    fn eq(&self, other: &Self) -> bool {
        self.ty == other.ty && self.data == other.data
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum DenseData {
    /// One element repeated over the whole shape.
    Splat(Vec<u8>),
    /// Every element, in row-major order.
    Elements(Arc<[u8]>),
    /// String elements (`tensor<!tf_type.string>` style); rare.
    Strings(Vec<Vec<u8>>),
}

/// MLIR locations. They are parsed and kept, but are not part of IR equality
/// and are printed only on request.
#[derive(Clone, Debug, PartialEq)]
pub enum Location {
    Unknown,
    Alias(String),
    File {
        file: String,
        line: u32,
        col: u32,
    },
    Name {
        name: String,
        child: Option<Box<Location>>,
    },
    CallSite {
        callee: Box<Location>,
        caller: Box<Location>,
    },
    Fused {
        metadata: Option<Box<Attr>>,
        locs: Vec<Location>,
    },
    /// A `file:line:col to ...` range or other form kept as text.
    Text(String),
}

impl Attr {
    pub fn i64(value: i64) -> Attr {
        Attr::Int(IntAttr { value: value.into(), ty: Some(ElemType::I64) })
    }
    pub fn str(s: &str) -> Attr {
        Attr::Str(s.as_bytes().to_vec(), None)
    }
    pub fn as_int(&self) -> Option<i128> {
        match self {
            Attr::Int(i) => Some(i.value),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&[u8]> {
        match self {
            Attr::Str(s, _) => Some(s),
            _ => None,
        }
    }
    pub fn as_dense_array(&self) -> Option<&DenseArray> {
        match self {
            Attr::DenseArray(a) => Some(a),
            _ => None,
        }
    }
}
