//! NumPy's `.npy` and `.npz` array files, read and written as JAX users have them.
//!
//! Role: the way tensors enter and leave `shardref run`. A `.npy` file is the
//! magic string `\x93NUMPY`, a format version (1.0, 2.0 or 3.0), a header
//! length (u16 for version 1, u32 otherwise), a Python dict literal
//! `{'descr': ..., 'fortran_order': ..., 'shape': (...), }` padded with spaces
//! and a newline, and then the raw elements. A `.npz` file is a zip archive
//! of `.npy` members, stored (`np.savez`) or deflated (`np.savez_compressed`).
//!
//! Invariants:
//! - Reading never panics, whatever the bytes. Every malformed file is an
//!   `NpyError`, and the shape is checked against the payload's length
//!   before anything is allocated, so a header that claims a huge shape
//!   costs nothing.
//! - A tensor read has exactly `shape.iter().product()` elements in
//!   row-major order and obeys `value`'s invariants: booleans are 0 or 1,
//!   sub-byte integers are sign- or zero-extended from their width, and
//!   f4/f6 bit patterns have their upper bits clear.
//! - Writing and then reading with the tensor's own type gives the same
//!   tensor, bit for bit, for every element type the interpreter has.
//!
//! Element types. Writing uses NumPy's standard descrs where NumPy has the
//! type and a raw-bytes descr (`<V1`, `<V2`) where only ml_dtypes has it,
//! as JAX does:
//!
//! | element type                         | descr written | descrs read                |
//! |--------------------------------------|---------------|----------------------------|
//! | `i1`                                 | `\|b1`        | `b1`, `V1`                 |
//! | `i8`/`si8`, `ui8`                    | `\|i1`, `\|u1`| same, `V1`                 |
//! | `i16`/`si16`, `ui16`                 | `<i2`, `<u2`  | same (either order), `V2`  |
//! | `i32`/`si32`, `ui32`                 | `<i4`, `<u4`  | same (either order), `V4`  |
//! | `i64`/`si64`, `ui64`, `index`        | `<i8`, `<u8`, `<i8` | same (either order), `V8` |
//! | `i2`, `i4`, `ui2`, `ui4` (any width under 8) | `<V1` | `V1`                       |
//! | every f4/f6/f8 format                | `<V1`         | `V1`, and `f1` (see below) |
//! | `bf16`                               | `<V2`         | `V2`                       |
//! | `f16`, `f32`, `f64`                  | `<f2`, `<f4`, `<f8` | same (either order), `V` of the width |
//! | `complex<f32>`, `complex<f64>`       | `<c8`, `<c16` | same (either order), `V` of the width |
//! | quantized types                      | their storage type's descr | their storage type's |
//!
//! - A raw-bytes descr `Vn` says nothing about its elements, so the type comes
//!   from the program (`expected`); any element type whose storage is `n`
//!   bytes is accepted. Without a program type such a file is an error.
//! - ml_dtypes writes float8_e5m2 as `<f1`, which NumPy cannot reload; it is
//!   read as the program's 1-byte float type, or as `f8E5M2` when there is
//!   none. shardref writes `<V1` instead, which NumPy reads as raw bytes
//!   (`.view(ml_dtypes.float8_e5m2)` gives the values back).
//! - Sub-byte integers and f4/f6 formats take one byte per element, the value
//!   in its low bits (ml_dtypes' layout). Reading ignores the upper bits, as
//!   ml_dtypes does; writing clears them.
//! - Big-endian descrs (`>f4`, also `>V2` for a big-endian bfloat16) are
//!   byte-swapped, each part of a complex number on its own. `|` and `=` are
//!   read as little-endian.
//! - `fortran_order: True` files are transposed to row-major on reading.
//!   Files are always written in row-major order.
//! - Every other descr (strings, objects, datetimes, records, float128) is
//!   `NpyError::Unsupported`.
//!
//! `.npz` argument order: `read_npz` returns the `.npy` members in archive
//! order, unless every member is named `argN.npy` (`arg0.npy`, `arg1.npy`,
//! …), in which case they are ordered by `N`, and the numbers must then be
//! exactly 0 to count−1. `np.savez(f, x, y)` names its members `arr_0.npy`,
//! `arr_1.npy`, … in argument order, so its archive order is already right.

use std::borrow::Cow;
use std::fmt;
use std::io::{Cursor, Read, Write};

use shardref_spec::ir::{ElemType, FloatKind, Signedness, TensorType, Type};

use crate::value::{Buffer, Repr, Tensor};

/// The magic string every `.npy` file starts with.
pub const MAGIC: &[u8; 6] = b"\x93NUMPY";

/// The longest header `read_header` accepts. NumPy's own `np.load` refuses
/// headers over 10,000 bytes by default; this bound only keeps a hostile
/// file from making the header parser work for nothing.
pub const MAX_HEADER_LEN: usize = 1 << 20;

/// The most bytes `read_npz` decompresses from one archive in total: as much
/// as the interpreter's default memory budget for one value.
pub const DEFAULT_NPZ_LIMIT: u64 = 8 << 30;

/// Why a file could not be read as the tensor asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NpyError {
    /// The bytes are not a well-formed `.npy` or `.npz` file.
    Malformed(String),
    /// A well-formed file holding something shardref does not compute with.
    Unsupported(String),
    /// A well-formed file whose dtype or shape does not fit the program's type.
    Mismatch {
        /// The type the program expects, as MLIR text (`tensor<2x3xf32>`).
        expected: String,
        /// The file's descr, as written in its header (`<f8`).
        descr: String,
        /// The file's shape, as written in its header.
        shape: Vec<u64>,
        /// What disagrees, as a sentence fragment.
        reason: String,
    },
}

impl fmt::Display for NpyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NpyError::Malformed(m) => write!(f, "malformed file: {m}"),
            NpyError::Unsupported(m) => write!(f, "unsupported file: {m}"),
            NpyError::Mismatch { expected, descr, shape, reason } => write!(
                f,
                "expected {expected}, but the file holds dtype '{descr}' with shape {}: {reason}",
                py_shape(shape)
            ),
        }
    }
}

impl std::error::Error for NpyError {}

fn malformed<T>(message: impl Into<String>) -> Result<T, NpyError> {
    Err(NpyError::Malformed(message.into()))
}

/// A shape as Python prints a tuple: `()`, `(3,)`, `(2, 3)`.
pub fn py_shape(shape: &[u64]) -> String {
    match shape {
        [] => "()".to_string(),
        [d] => format!("({d},)"),
        _ => {
            let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            format!("({})", dims.join(", "))
        }
    }
}

/// The parsed header of a `.npy` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The format version, `(major, minor)`.
    pub version: (u8, u8),
    /// The dtype descriptor, as written (`<f4`, `|b1`, `<V2`).
    pub descr: String,
    /// Whether the elements are stored in column-major order.
    pub fortran_order: bool,
    pub shape: Vec<u64>,
    /// Where the elements start in the file.
    pub data_offset: usize,
}

/// Reads and checks the header of a `.npy` file. The payload is not looked at.
pub fn read_header(bytes: &[u8]) -> Result<Header, NpyError> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return malformed("not an .npy file: it does not start with the magic string \\x93NUMPY");
    }
    let (Some(&major), Some(&minor)) = (bytes.get(6), bytes.get(7)) else {
        return malformed("the file ends inside its format version");
    };
    let (len_bytes, start) = match major {
        1 => (2, 10),
        2 | 3 => (4, 12),
        _ => {
            return Err(NpyError::Unsupported(format!(
                ".npy format version {major}.{minor}; versions 1.0, 2.0 and 3.0 are supported"
            )));
        }
    };
    let Some(len_field) = bytes.get(8..8 + len_bytes) else {
        return malformed("the file ends inside its header length");
    };
    let mut le = [0u8; 4];
    le[..len_bytes].copy_from_slice(len_field);
    let header_len = u32::from_le_bytes(le) as usize;
    if header_len > MAX_HEADER_LEN {
        return malformed(format!("the header claims {header_len} bytes, more than the {MAX_HEADER_LEN} accepted"));
    }
    let end = start + header_len;
    let Some(text) = bytes.get(start..end) else {
        return malformed(format!(
            "truncated header: it claims {header_len} bytes, but the file has {} after the header length",
            bytes.len() - start.min(bytes.len())
        ));
    };
    if major == 3 && std::str::from_utf8(text).is_err() {
        return malformed("a version 3.0 header must be UTF-8");
    }
    let (descr, fortran_order, shape) = parse_header_dict(text)?;
    Ok(Header { version: (major, minor), descr, fortran_order, shape, data_offset: end })
}

/// The value of one header key.
enum PyValue {
    Str(String),
    Bool(bool),
    Tuple(Vec<u64>),
    /// A list or dict: what NumPy writes for structured dtypes.
    Nested,
}

/// A cursor over the header text. The grammar is the part of Python literal
/// syntax that `np.save` writes: a flat dict of strings, booleans and tuples
/// of integers, with lists and dicts (structured dtypes) skipped over.
struct DictParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl DictParser<'_> {
    fn skip_ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.i).copied()
    }

    fn expect(&mut self, c: u8) -> Result<(), NpyError> {
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            malformed(format!("the header dict expects '{}' at byte {}", c as char, self.i))
        }
    }

    /// A quoted string, with Python's simple backslash escapes.
    fn string(&mut self) -> Result<String, NpyError> {
        let Some(q @ (b'\'' | b'"')) = self.peek() else {
            return malformed(format!("the header dict expects a string at byte {}", self.i));
        };
        self.i += 1;
        let mut out = Vec::new();
        loop {
            match self.s.get(self.i) {
                None => return malformed("the header dict has an unterminated string"),
                Some(&c) if c == q => {
                    self.i += 1;
                    return Ok(String::from_utf8_lossy(&out).into_owned());
                }
                Some(b'\\') => {
                    let Some(&e) = self.s.get(self.i + 1) else {
                        return malformed("the header dict has an unterminated string");
                    };
                    out.push(e);
                    self.i += 2;
                }
                Some(&c) => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
    }

    fn word(&mut self) -> &[u8] {
        self.skip_ws();
        let start = self.i;
        while self.i < self.s.len() && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_') {
            self.i += 1;
        }
        &self.s[start..self.i]
    }

    /// A non-negative integer, with Python 2's optional `L` suffix.
    fn int(&mut self) -> Result<u64, NpyError> {
        let at = self.i;
        let w = self.word();
        let digits = w.strip_suffix(b"L").unwrap_or(w);
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return malformed(format!(
                "the header's shape holds '{}' at byte {at}, not a non-negative integer",
                String::from_utf8_lossy(w)
            ));
        }
        let mut v: u64 = 0;
        for &d in digits {
            v = v.checked_mul(10).and_then(|v| v.checked_add(u64::from(d - b'0'))).ok_or_else(|| {
                NpyError::Malformed("a dimension of the header's shape does not fit in 64 bits".into())
            })?;
        }
        Ok(v)
    }

    fn tuple(&mut self) -> Result<Vec<u64>, NpyError> {
        self.expect(b'(')?;
        let mut dims = Vec::new();
        loop {
            if self.peek() == Some(b')') {
                self.i += 1;
                return Ok(dims);
            }
            dims.push(self.int()?);
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b')') => {}
                _ => {
                    return malformed(format!("the header's shape expects ',' or ')' at byte {}", self.i));
                }
            }
        }
    }

    /// Skips a bracketed value (`[...]` or `{...}`), strings included.
    fn skip_nested(&mut self) -> Result<(), NpyError> {
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            match c {
                b'\'' | b'"' => {
                    self.string()?;
                    continue;
                }
                b'[' | b'{' | b'(' => depth += 1,
                b']' | b'}' | b')' => {
                    depth = depth
                        .checked_sub(1)
                        .ok_or_else(|| NpyError::Malformed("unbalanced brackets in the header".into()))?;
                }
                _ => {}
            }
            self.i += 1;
            if depth == 0 {
                return Ok(());
            }
        }
        malformed("unbalanced brackets in the header")
    }

    fn value(&mut self) -> Result<PyValue, NpyError> {
        match self.peek() {
            Some(b'\'' | b'"') => Ok(PyValue::Str(self.string()?)),
            Some(b'(') => Ok(PyValue::Tuple(self.tuple()?)),
            Some(b'[' | b'{') => {
                self.skip_nested()?;
                Ok(PyValue::Nested)
            }
            _ => {
                let at = self.i;
                match self.word() {
                    b"True" => Ok(PyValue::Bool(true)),
                    b"False" => Ok(PyValue::Bool(false)),
                    w => malformed(format!(
                        "the header dict holds '{}' at byte {at}, which is not a value np.save writes",
                        String::from_utf8_lossy(w)
                    )),
                }
            }
        }
    }
}

/// Parses the header dict into `(descr, fortran_order, shape)`.
fn parse_header_dict(text: &[u8]) -> Result<(String, bool, Vec<u64>), NpyError> {
    let mut p = DictParser { s: text, i: 0 };
    p.expect(b'{')?;
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    loop {
        if p.peek() == Some(b'}') {
            p.i += 1;
            break;
        }
        let key = p.string()?;
        p.expect(b':')?;
        let value = p.value()?;
        let slot_taken = match (key.as_str(), value) {
            ("descr", PyValue::Str(s)) => descr.replace(s).is_some(),
            ("descr", PyValue::Nested) => {
                return Err(NpyError::Unsupported(
                    "structured dtypes (records) are not supported; save each field as its own array".into(),
                ));
            }
            ("fortran_order", PyValue::Bool(b)) => fortran.replace(b).is_some(),
            ("shape", PyValue::Tuple(t)) => shape.replace(t).is_some(),
            ("descr" | "fortran_order" | "shape", _) => {
                return malformed(format!("the header's '{key}' has the wrong kind of value"));
            }
            _ => return malformed(format!("the header has an unexpected key '{key}'")),
        };
        if slot_taken {
            return malformed(format!("the header has the key '{key}' twice"));
        }
        match p.peek() {
            Some(b',') => p.i += 1,
            Some(b'}') => {}
            _ => {
                return malformed(format!("the header dict expects ',' or '}}' at byte {}", p.i));
            }
        }
    }
    if p.peek().is_some() {
        return malformed(format!("the header has text after its dict, at byte {}", p.i));
    }
    match (descr, fortran, shape) {
        (Some(d), Some(f), Some(s)) => Ok((d, f, s)),
        _ => malformed("the header dict must have the keys 'descr', 'fortran_order' and 'shape'"),
    }
}

/// Byte order of a descr.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    Little,
    Big,
}

/// A parsed descr: byte order, kind letter and element size in bytes.
#[derive(Clone, Copy, Debug)]
struct Dtype {
    order: Order,
    kind: u8,
    size: usize,
}

fn parse_descr(descr: &str) -> Result<Dtype, NpyError> {
    let b = descr.as_bytes();
    let (order, rest) = match b.first() {
        Some(b'>') => (Order::Big, &b[1..]),
        Some(b'<' | b'|' | b'=') => (Order::Little, &b[1..]),
        _ => (Order::Little, b),
    };
    let Some((&kind, digits)) = rest.split_first() else {
        return malformed(format!("'{descr}' is not a dtype descriptor"));
    };
    if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) && digits.len() <= 6 {
        let size: usize = std::str::from_utf8(digits).ok().and_then(|s| s.parse().ok()).unwrap_or(0);
        if matches!(kind, b'b' | b'i' | b'u' | b'f' | b'c' | b'V') && size > 0 {
            return Ok(Dtype { order, kind, size });
        }
    }
    let what = match kind {
        b'U' | b'S' | b'a' => "strings",
        b'O' => "Python objects",
        b'M' | b'm' => "datetimes",
        _ => {
            return Err(NpyError::Unsupported(format!("dtype '{descr}' is not one shardref reads")));
        }
    };
    Err(NpyError::Unsupported(format!("dtype '{descr}' holds {what}, which shardref does not compute with")))
}

/// The element type a standard (non-raw) dtype holds, without a program type.
fn natural_elem(dt: Dtype, descr: &str) -> Result<ElemType, NpyError> {
    let int = |bytes: usize, signedness| ElemType::Int { width: 8 * bytes as u32, signedness };
    Ok(match (dt.kind, dt.size) {
        (b'b', 1) => ElemType::I1,
        (b'i', 1 | 2 | 4 | 8) => int(dt.size, Signedness::Signless),
        (b'u', 1 | 2 | 4 | 8) => int(dt.size, Signedness::Unsigned),
        (b'f', 1) => ElemType::Float(FloatKind::F8E5M2),
        (b'f', 2) => ElemType::Float(FloatKind::F16),
        (b'f', 4) => ElemType::F32,
        (b'f', 8) => ElemType::F64,
        (b'c', 8) => ElemType::Complex(Box::new(ElemType::F32)),
        (b'c', 16) => ElemType::Complex(Box::new(ElemType::F64)),
        (b'V', _) => {
            return Err(NpyError::Unsupported(format!(
                "raw-bytes dtype '{descr}' does not say its element type (JAX saves bfloat16, float8 and int4 this way); it can only be read against a program's argument type"
            )));
        }
        _ => {
            return Err(NpyError::Unsupported(format!("dtype '{descr}' has no shardref element type")));
        }
    })
}

/// The storage type of a quantized type, or the type itself.
fn storage(e: &ElemType) -> &ElemType {
    match e {
        ElemType::Quant(q) => &q.storage,
        _ => e,
    }
}

/// Whether a file whose elements are `natural` can be an argument of type `want`.
fn agrees(natural: &ElemType, want: &ElemType) -> bool {
    let unsigned = |s: &Signedness| *s == Signedness::Unsigned;
    match (natural, storage(want)) {
        (ElemType::Int { width: 1, .. }, ElemType::Int { width: 1, .. }) => true,
        (ElemType::Int { width: a, signedness: s }, ElemType::Int { width: b, signedness: t }) => {
            a == b && unsigned(s) == unsigned(t)
        }
        (ElemType::Int { width: 64, signedness: Signedness::Signless }, ElemType::Index) => true,
        (a, b) => a == b,
    }
}

/// Why a file's element type could not be settled.
enum Refusal {
    /// The dtype is fine but disagrees with the program's type, for this reason.
    Mismatch(String),
    /// The dtype itself cannot be read.
    Error(NpyError),
}

/// The element type of a file's contents: the program's when it agrees with the dtype.
fn resolve_elem(dt: Dtype, descr: &str, expected: Option<&ElemType>) -> Result<ElemType, Refusal> {
    let Some(want) = expected else {
        return natural_elem(dt, descr).map_err(Refusal::Error);
    };
    let bytes = storage(want).storage_bytes();
    match dt.kind {
        b'V' if dt.size == bytes => Ok(want.clone()),
        b'V' => Err(Refusal::Mismatch(format!(
            "its raw {}-byte elements cannot hold {want}, whose elements take {bytes} bytes",
            dt.size
        ))),
        b'f' if dt.size == 1 => match storage(want) {
            ElemType::Float(k) if k.storage_bytes() == 1 => Ok(want.clone()),
            _ => Err(Refusal::Mismatch(format!(
                "'{descr}' is how ml_dtypes saves float8_e5m2, and {want} is not a 1-byte float type"
            ))),
        },
        _ => {
            let natural = natural_elem(dt, descr).map_err(Refusal::Error)?;
            if agrees(&natural, want) {
                Ok(want.clone())
            } else {
                Err(Refusal::Mismatch(format!("its elements are {natural}, not {want}")))
            }
        }
    }
}

/// The number of bits of a type stored in the low bits of one byte, when under 8.
fn sub_byte_bits(e: &ElemType) -> Option<u32> {
    match storage(e) {
        ElemType::Int { width, .. } if (2..8).contains(width) => Some(*width),
        ElemType::Float(k) if k.bit_width() < 8 => Some(k.bit_width()),
        _ => None,
    }
}

/// Builds the buffer of `elem` from packed little-endian bytes, normalizing
/// booleans and sub-byte values as `value` requires.
fn decode(elem: &ElemType, repr: Repr, le: &[u8]) -> Buffer {
    if repr == Repr::Bool {
        return Buffer::Bool(le.iter().map(|&b| b != 0).collect());
    }
    let Some(bits) = sub_byte_bits(elem) else {
        return Buffer::from_le_bytes(repr, le);
    };
    let shift = 8 - bits;
    match repr {
        Repr::I8 => Buffer::I8(le.iter().map(|&b| ((b << shift) as i8) >> shift).collect()),
        Repr::U8 => Buffer::U8(le.iter().map(|&b| b & (0xFF >> shift)).collect()),
        _ => Buffer::F8(le.iter().map(|&b| b & (0xFF >> shift)).collect()),
    }
}

/// Reverses the bytes of every `part`-byte group (one scalar, or one half of a complex number).
fn byte_swap(data: &mut [u8], part: usize) {
    if part > 1 {
        for c in data.chunks_exact_mut(part) {
            c.reverse();
        }
    }
}

/// Reorders column-major elements of `w` bytes into row-major order.
fn fortran_to_row_major(data: &[u8], shape: &[usize], w: usize) -> Vec<u8> {
    let n = data.len() / w.max(1);
    if shape.len() < 2 || n == 0 {
        return data.to_vec();
    }
    // Column-major strides, in elements: the first index varies fastest.
    let mut fstride = vec![1usize; shape.len()];
    for d in 1..shape.len() {
        fstride[d] = fstride[d - 1] * shape[d - 1];
    }
    let mut out = Vec::with_capacity(data.len());
    let mut idx = vec![0usize; shape.len()];
    let mut off = 0usize;
    for _ in 0..n {
        out.extend_from_slice(&data[off * w..(off + 1) * w]);
        // Advance the row-major multi-index, the last dimension fastest.
        for d in (0..shape.len()).rev() {
            idx[d] += 1;
            off += fstride[d];
            if idx[d] < shape[d] {
                break;
            }
            off -= fstride[d] * shape[d];
            idx[d] = 0;
        }
    }
    out
}

/// Reads a `.npy` file as a tensor.
///
/// With `expected`, the file must fit that type: its dtype must agree with
/// the element type (raw-bytes dtypes take it) and its shape with every
/// static dimension. Without it, the element type comes from the dtype,
/// and raw-bytes dtypes are an error.
pub fn read_npy(bytes: &[u8], expected: Option<&TensorType>) -> Result<Tensor, NpyError> {
    let h = read_header(bytes)?;
    let dt = parse_descr(&h.descr)?;
    let mismatch = |reason: String| NpyError::Mismatch {
        expected: expected.map(|t| Type::Tensor(t.clone()).to_string()).unwrap_or_default(),
        descr: h.descr.clone(),
        shape: h.shape.clone(),
        reason,
    };
    let elem = match resolve_elem(dt, &h.descr, expected.map(|t| &t.elem)) {
        Ok(e) => e,
        Err(Refusal::Mismatch(reason)) => return Err(mismatch(reason)),
        Err(Refusal::Error(e)) => return Err(e),
    };
    let Some(repr) = Repr::of(&elem) else {
        return Err(NpyError::Unsupported(format!("shardref does not compute with {elem}")));
    };
    if let Some(dims) = expected.and_then(|t| t.shape.as_ref()) {
        let fits = dims.len() == h.shape.len() && dims.iter().zip(&h.shape).all(|(d, &s)| d.is_none_or(|d| d == s));
        if !fits {
            return Err(mismatch("the shapes differ".into()));
        }
    }
    let w = repr.byte_width();
    if w != dt.size {
        return Err(mismatch(format!("its elements take {} bytes, {elem} takes {w}", dt.size)));
    }
    let shape: Vec<usize> = h
        .shape
        .iter()
        .map(|&d| usize::try_from(d).map_err(|_| NpyError::Malformed(format!("dimension {d} does not fit in memory"))))
        .collect::<Result<_, _>>()?;
    let count = crate::value::element_count(&shape);
    let need = count.and_then(|n| n.checked_mul(w)).ok_or_else(|| {
        NpyError::Malformed(format!("shape {} has more elements than memory can hold", py_shape(&h.shape)))
    })?;
    let payload = &bytes[h.data_offset..];
    if payload.len() != need {
        let relation = if payload.len() < need { "only" } else { "but" };
        return malformed(format!(
            "the header's shape {} of '{}' needs {need} bytes of data, {relation} the file has {}",
            py_shape(&h.shape),
            h.descr,
            payload.len()
        ));
    }
    let mut data = Cow::Borrowed(payload);
    if dt.order == Order::Big && w > 1 {
        let part = if matches!(storage(&elem), ElemType::Complex(_)) { w / 2 } else { w };
        byte_swap(data.to_mut(), part);
    }
    if h.fortran_order {
        data = Cow::Owned(fortran_to_row_major(&data, &shape, w));
    }
    let buf = decode(&elem, repr, &data);
    Ok(Tensor { shape, elem, buf })
}

/// The descr `write_npy` writes for an element type (see the module's table).
pub fn descr_of(e: &ElemType) -> String {
    let storage_bytes = storage(e).storage_bytes();
    match storage(e) {
        ElemType::Int { width: 1, .. } => "|b1".into(),
        ElemType::Int { width: 8, signedness: Signedness::Unsigned } => "|u1".into(),
        ElemType::Int { width: 8, .. } => "|i1".into(),
        ElemType::Int { width: 16 | 32 | 64, signedness: Signedness::Unsigned } => format!("<u{storage_bytes}"),
        ElemType::Int { width: 16 | 32 | 64, .. } | ElemType::Index => format!("<i{storage_bytes}"),
        ElemType::Float(FloatKind::F16 | FloatKind::F32 | FloatKind::F64) => {
            format!("<f{storage_bytes}")
        }
        ElemType::Complex(inner) if matches!(**inner, ElemType::Float(FloatKind::F32 | FloatKind::F64)) => {
            format!("<c{storage_bytes}")
        }
        _ => format!("<V{storage_bytes}"),
    }
}

/// The header block of a `.npy` file: magic, version, length, dict, padding
/// with spaces and a newline so that the data starts at a multiple of 64.
fn header_bytes(descr: &str, shape: &[u64]) -> Vec<u8> {
    let dict = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {}, }}", py_shape(shape));
    // The dict, the spaces that align the data, and the newline.
    let padded = |preamble: usize| dict.len() + (64 - (preamble + dict.len() + 1) % 64) % 64 + 1;
    let (version, preamble) = if padded(10) <= u16::MAX as usize { (1u8, 10) } else { (2u8, 12) };
    let header_len = padded(preamble);
    let mut out = Vec::with_capacity(preamble + header_len);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[version, 0]);
    if version == 1 {
        out.extend_from_slice(&(header_len as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&(header_len as u32).to_le_bytes());
    }
    out.extend_from_slice(dict.as_bytes());
    out.resize(preamble + header_len - 1, b' ');
    out.push(b'\n');
    out
}

/// Writes a tensor as a `.npy` file (version 1.0, or 2.0 for very long
/// headers), in row-major order with the descr of `descr_of`.
pub fn write_npy(t: &Tensor) -> Vec<u8> {
    let shape: Vec<u64> = t.shape.iter().map(|&d| d as u64).collect();
    let mut out = header_bytes(&descr_of(&t.elem), &shape);
    let mut data = t.buf.to_le_bytes();
    if let Some(bits) = sub_byte_bits(&t.elem) {
        let mask = 0xFFu8 >> (8 - bits);
        data.iter_mut().for_each(|b| *b &= mask);
    }
    out.extend_from_slice(&data);
    out
}

/// One `.npy` member of an `.npz` archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NpzMember {
    /// The member's name without its `.npy` suffix.
    pub name: String,
    /// The member's `.npy` bytes, for `read_npy`.
    pub bytes: Vec<u8>,
}

/// Whether bytes start like a zip archive (and so an `.npz` file).
pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06")
}

/// Reads the `.npy` members of an `.npz` archive, in argument order (see the
/// module's documentation), decompressing at most `DEFAULT_NPZ_LIMIT` bytes.
pub fn read_npz(bytes: &[u8]) -> Result<Vec<NpzMember>, NpyError> {
    read_npz_with_limit(bytes, DEFAULT_NPZ_LIMIT)
}

/// `read_npz` with a bound on the bytes decompressed from the whole archive.
pub fn read_npz_with_limit(bytes: &[u8], limit: u64) -> Result<Vec<NpzMember>, NpyError> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| NpyError::Malformed(format!("not a readable .npz (zip) archive: {e}")))?;
    let mut members = Vec::with_capacity(archive.len().min(bytes.len() / 22 + 1));
    let mut left = limit;
    for i in 0..archive.len() {
        let mut file = archive
            .by_index(i)
            .map_err(|e| NpyError::Malformed(format!("member {i} of the archive cannot be read: {e}")))?;
        if file.is_dir() {
            continue;
        }
        let full = file
            .name()
            .map_err(|e| NpyError::Malformed(format!("member {i} of the archive has a bad name: {e}")))?
            .into_owned();
        let Some(name) = full.strip_suffix(".npy") else {
            return Err(NpyError::Unsupported(format!("archive member '{full}' is not an .npy file")));
        };
        let name = name.to_string();
        // The declared size is not trusted: read through a bound instead.
        let mut data = Vec::new();
        let read = (&mut file).take(left.saturating_add(1)).read_to_end(&mut data);
        read.map_err(|e| NpyError::Malformed(format!("archive member '{full}' is corrupt: {e}")))?;
        if data.len() as u64 > left {
            return Err(NpyError::Unsupported(format!("the archive decompresses to more than {limit} bytes")));
        }
        left -= data.len() as u64;
        members.push(NpzMember { name, bytes: data });
    }
    argument_order(members)
}

/// `N` when a member is named `argN`.
fn arg_number(name: &str) -> Option<usize> {
    let digits = name.strip_prefix("arg")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Orders members by `N` when every one is named `argN`; keeps archive order otherwise.
fn argument_order(members: Vec<NpzMember>) -> Result<Vec<NpzMember>, NpyError> {
    let numbers: Option<Vec<usize>> = members.iter().map(|m| arg_number(&m.name)).collect();
    let Some(numbers) = numbers else {
        return Ok(members);
    };
    let mut slots: Vec<Option<NpzMember>> = vec![None; members.len()];
    for (n, m) in numbers.into_iter().zip(members) {
        let count = slots.len();
        let Some(slot) = slots.get_mut(n) else {
            return malformed(format!(
                "the archive names its members argN.npy, but has {count} members and one named '{}.npy'",
                m.name
            ));
        };
        if slot.is_some() {
            return malformed(format!("the archive has two members numbered {n} ('{}.npy' and another)", m.name));
        }
        *slot = Some(m);
    }
    // Every slot is filled: `count` distinct numbers below `count`.
    Ok(slots.into_iter().flatten().collect())
}

/// Writes tensors as an `.npz` archive whose members are `NAME.npy`, in the
/// given order, stored like `np.savez` or deflated like `np.savez_compressed`.
pub fn write_npz(members: &[(&str, &Tensor)], compressed: bool) -> Result<Vec<u8>, NpyError> {
    let method = if compressed { zip::CompressionMethod::Deflated } else { zip::CompressionMethod::Stored };
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let err = |e: &dyn fmt::Display| NpyError::Unsupported(format!("cannot write the archive: {e}"));
    for (name, t) in members {
        let data = write_npy(t);
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(method)
            .large_file(data.len() as u64 >= u32::MAX as u64);
        w.start_file(format!("{name}.npy"), options).map_err(|e| err(&e))?;
        w.write_all(&data).map_err(|e| err(&e))?;
    }
    Ok(w.finish().map_err(|e| err(&e))?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{C64, C128};
    use half::{bf16, f16};
    use shardref_spec::ir::QuantType;

    fn int(width: u32, signedness: Signedness) -> ElemType {
        ElemType::Int { width, signedness }
    }

    fn float(k: FloatKind) -> ElemType {
        ElemType::Float(k)
    }

    fn tensor_type(shape: &[u64], e: &ElemType) -> TensorType {
        TensorType::ranked(shape.to_vec(), e.clone())
    }

    /// A hand-made `.npy` file, independent of `write_npy`.
    fn npy(version: u8, descr: &str, fortran: bool, shape: &str, data: &[u8]) -> Vec<u8> {
        let f = if fortran { "True" } else { "False" };
        let dict = format!("{{'descr': '{descr}', 'fortran_order': {f}, 'shape': {shape}, }}\n");
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&[version, 0]);
        if version == 1 {
            out.extend_from_slice(&(dict.len() as u16).to_le_bytes());
        } else {
            out.extend_from_slice(&(dict.len() as u32).to_le_bytes());
        }
        out.extend_from_slice(dict.as_bytes());
        out.extend_from_slice(data);
        out
    }

    /// Every element type the interpreter has, with normalized sample bytes.
    fn every_type() -> Vec<ElemType> {
        let mut v = vec![int(1, Signedness::Signless)];
        for s in [Signedness::Signless, Signedness::Signed, Signedness::Unsigned] {
            for w in [2, 4, 8, 16, 32, 64] {
                v.push(int(w, s));
            }
        }
        v.push(ElemType::Index);
        for k in FloatKind::ALL {
            if !matches!(k, FloatKind::TF32 | FloatKind::F80 | FloatKind::F128) {
                v.push(float(k));
            }
        }
        v.push(ElemType::Complex(Box::new(ElemType::F32)));
        v.push(ElemType::Complex(Box::new(ElemType::F64)));
        v.push(ElemType::Quant(Box::new(QuantType {
            storage: int(8, Signedness::Signless),
            storage_range: None,
            expressed: FloatKind::F32,
            axis: None,
            params: vec![(0.5f64.to_bits(), 3)],
            per_axis: false,
        })));
        v
    }

    /// A tensor of shape 2x3 of `e` whose bytes vary, normalized for the type.
    fn sample(e: &ElemType) -> Tensor {
        let repr = Repr::of(e).expect("a computable type");
        let w = repr.byte_width();
        let bytes: Vec<u8> = (0..6 * w).map(|i| (i as u8).wrapping_mul(37).wrapping_add(11)).collect();
        let buf = decode(e, repr, &bytes);
        Tensor::new(vec![2, 3], e.clone(), buf)
    }

    #[test]
    fn every_dtype_round_trips_with_its_program_type() {
        for e in every_type() {
            let t = sample(&e);
            let bytes = write_npy(&t);
            let back = read_npy(&bytes, Some(&tensor_type(&[2, 3], &e))).unwrap_or_else(|err| panic!("{e}: {err}"));
            // Compared by bits: some samples are NaNs.
            assert_eq!((&back.shape, &back.elem, back.buf.repr()), (&t.shape, &t.elem, t.buf.repr()), "{e}");
            assert_eq!(back.buf.to_le_bytes(), t.buf.to_le_bytes(), "{e}");
        }
    }

    #[test]
    fn standard_dtypes_round_trip_without_a_program_type() {
        for e in every_type() {
            let t = sample(&e);
            let bytes = write_npy(&t);
            let descr = descr_of(&e);
            match read_npy(&bytes, None) {
                Ok(back) => {
                    assert!(!descr.contains('V'), "{e}: raw bytes read without a type");
                    assert_eq!(back.buf.to_le_bytes(), t.buf.to_le_bytes(), "{e}");
                    assert!(agrees(&back.elem, &e), "{e} read back as {}", back.elem);
                }
                Err(NpyError::Unsupported(m)) => {
                    assert!(descr.contains('V') && m.contains("raw-bytes"), "{e}: {m}")
                }
                Err(err) => panic!("{e}: {err}"),
            }
        }
    }

    #[test]
    fn descrs_written_are_numpys_and_jaxs() {
        let table = [
            (int(1, Signedness::Signless), "|b1"),
            (int(8, Signedness::Signless), "|i1"),
            (int(8, Signedness::Signed), "|i1"),
            (int(8, Signedness::Unsigned), "|u1"),
            (int(16, Signedness::Signless), "<i2"),
            (int(32, Signedness::Unsigned), "<u4"),
            (int(64, Signedness::Unsigned), "<u8"),
            (ElemType::Index, "<i8"),
            (int(4, Signedness::Signless), "<V1"),
            (int(2, Signedness::Unsigned), "<V1"),
            (float(FloatKind::BF16), "<V2"),
            (float(FloatKind::F16), "<f2"),
            (ElemType::F32, "<f4"),
            (ElemType::F64, "<f8"),
            (float(FloatKind::F8E5M2), "<V1"),
            (float(FloatKind::F8E4M3FN), "<V1"),
            (float(FloatKind::F4E2M1FN), "<V1"),
            (float(FloatKind::F8E8M0FNU), "<V1"),
            (ElemType::Complex(Box::new(ElemType::F32)), "<c8"),
            (ElemType::Complex(Box::new(ElemType::F64)), "<c16"),
        ];
        for (e, d) in table {
            assert_eq!(descr_of(&e), d, "{e}");
        }
    }

    #[test]
    fn header_is_aligned_and_numpy_shaped() {
        let t = Tensor::new(vec![2, 3], ElemType::F32, Buffer::F32(vec![1.0f32; 6].into()));
        let bytes = write_npy(&t);
        let h = read_header(&bytes).unwrap();
        assert_eq!(h.data_offset % 64, 0);
        assert_eq!(bytes[h.data_offset - 1], b'\n');
        assert_eq!(&bytes[..10], b"\x93NUMPY\x01\x00\x76\x00");
        let text = std::str::from_utf8(&bytes[10..h.data_offset]).unwrap();
        assert!(text.starts_with("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"), "{text}");
        for shape in [vec![], vec![7u64], vec![1, 2, 3, 4]] {
            let n: u64 = shape.iter().product();
            let t = Tensor::new(
                shape.iter().map(|&d| d as usize).collect(),
                ElemType::F64,
                Buffer::F64(vec![0.5; n as usize].into()),
            );
            let bytes = write_npy(&t);
            let h = read_header(&bytes).unwrap();
            assert_eq!(h.shape, shape);
            assert_eq!(h.data_offset % 64, 0);
            assert_eq!(read_npy(&bytes, None).unwrap(), t);
        }
    }

    #[test]
    fn scalar_shape_is_an_empty_tuple() {
        let bytes = npy(1, "<i4", false, "()", &7i32.to_le_bytes());
        let t = read_npy(&bytes, Some(&tensor_type(&[], &ElemType::I32))).unwrap();
        assert_eq!(t.shape, Vec::<usize>::new());
        assert_eq!(t.buf, Buffer::I32(vec![7].into()));
    }

    #[test]
    fn raw_v2_takes_bfloat16_from_the_program() {
        let vals = [bf16::from_f32(1.5), bf16::from_f32(-2.0)];
        let data: Vec<u8> = vals.iter().flat_map(|v| v.to_bits().to_le_bytes()).collect();
        let bytes = npy(1, "<V2", false, "(2,)", &data);
        let bf = float(FloatKind::BF16);
        let t = read_npy(&bytes, Some(&tensor_type(&[2], &bf))).unwrap();
        assert_eq!(t.elem, bf);
        assert_eq!(t.buf, Buffer::BF16(vals.to_vec().into()));
        // The same bytes as f16, or as i16, are also 2-byte elements.
        assert!(read_npy(&bytes, Some(&tensor_type(&[2], &float(FloatKind::F16)))).is_ok());
        assert!(matches!(read_npy(&bytes, None), Err(NpyError::Unsupported(_))));
        let err = read_npy(&bytes, Some(&tensor_type(&[2], &ElemType::F32))).unwrap_err();
        assert!(matches!(err, NpyError::Mismatch { .. }), "{err}");
        assert!(
            err.to_string().contains("tensor<2xf32>")
                && err.to_string().contains("'<V2'")
                && err.to_string().contains("(2,)"),
            "{err}"
        );
    }

    #[test]
    fn raw_v1_takes_float8_and_int4_from_the_program() {
        let data = [0x00u8, 0x38, 0xB8, 0x7E];
        let bytes = npy(1, "<V1", false, "(4,)", &data);
        let e4m3 = float(FloatKind::F8E4M3FN);
        let t = read_npy(&bytes, Some(&tensor_type(&[4], &e4m3))).unwrap();
        assert_eq!(t.buf, Buffer::F8(data.to_vec().into()));
        // int4: the low four bits hold the value, the upper bits are ignored.
        let i4 = int(4, Signedness::Signless);
        let bytes = npy(1, "|V1", false, "(4,)", &[0x07, 0x0F, 0xF8, 0x31]);
        let t = read_npy(&bytes, Some(&tensor_type(&[4], &i4))).unwrap();
        assert_eq!(t.buf, Buffer::I8(vec![7, -1, -8, 1].into()));
        let u2 = int(2, Signedness::Unsigned);
        let t = read_npy(&bytes, Some(&tensor_type(&[4], &u2))).unwrap();
        assert_eq!(t.buf, Buffer::U8(vec![3, 3, 0, 1].into()));
        // int4 is written masked, as ml_dtypes stores it.
        let neg = Tensor::new(vec![2], i4.clone(), Buffer::I8(vec![-1, -8].into()));
        let written = write_npy(&neg);
        assert_eq!(&written[written.len() - 2..], &[0x0F, 0x08]);
        // A 2-byte type cannot come from 1-byte raw elements.
        let err = read_npy(&bytes, Some(&tensor_type(&[4], &float(FloatKind::BF16)))).unwrap_err();
        assert!(matches!(err, NpyError::Mismatch { .. }), "{err}");
    }

    #[test]
    fn f1_is_float8_e5m2_or_the_programs_one_byte_float() {
        let bytes = npy(1, "<f1", false, "(2,)", &[0x3C, 0xC0]);
        let t = read_npy(&bytes, None).unwrap();
        assert_eq!(t.elem, float(FloatKind::F8E5M2));
        let t = read_npy(&bytes, Some(&tensor_type(&[2], &float(FloatKind::F8E4M3FNUZ)))).unwrap();
        assert_eq!(t.elem, float(FloatKind::F8E4M3FNUZ));
        assert!(matches!(
            read_npy(&bytes, Some(&tensor_type(&[2], &int(8, Signedness::Signless)))),
            Err(NpyError::Mismatch { .. })
        ));
    }

    #[test]
    fn big_endian_files_are_swapped() {
        let bytes = npy(1, ">f4", false, "(2,)", &[0x3F, 0x80, 0, 0, 0xC0, 0, 0, 0]);
        assert_eq!(read_npy(&bytes, None).unwrap().buf, Buffer::F32(vec![1.0, -2.0].into()));
        let bytes = npy(1, ">i2", false, "(2,)", &[0x01, 0x02, 0xFF, 0xFE]);
        assert_eq!(read_npy(&bytes, None).unwrap().buf, Buffer::I16(vec![0x0102, -2].into()));
        let mut c = Vec::new();
        for x in [1.0f32, 2.0, -3.0, 4.5] {
            c.extend_from_slice(&x.to_be_bytes());
        }
        let bytes = npy(1, ">c8", false, "(2,)", &c);
        assert_eq!(
            read_npy(&bytes, None).unwrap().buf,
            Buffer::C64(vec![C64::new(1.0, 2.0), C64::new(-3.0, 4.5)].into())
        );
        let mut c = Vec::new();
        for x in [0.25f64, -8.0] {
            c.extend_from_slice(&x.to_be_bytes());
        }
        let bytes = npy(1, ">c16", false, "(1,)", &c);
        assert_eq!(read_npy(&bytes, None).unwrap().buf, Buffer::C128(vec![C128::new(0.25, -8.0)].into()));
        let bytes = npy(1, ">V2", false, "(1,)", &bf16::from_f32(3.0).to_bits().to_be_bytes());
        let t = read_npy(&bytes, Some(&tensor_type(&[1], &float(FloatKind::BF16)))).unwrap();
        assert_eq!(t.buf, Buffer::BF16(vec![bf16::from_f32(3.0)].into()));
        let bytes = npy(1, ">u8", false, "(1,)", &u64::MAX.wrapping_sub(1).to_be_bytes());
        assert_eq!(read_npy(&bytes, None).unwrap().buf, Buffer::U64(vec![u64::MAX - 1].into()));
    }

    #[test]
    fn fortran_order_is_transposed_to_row_major() {
        // The 2x3 matrix [[1, 2, 3], [4, 5, 6]] in column-major order.
        let data: Vec<u8> = [1i32, 4, 2, 5, 3, 6].iter().flat_map(|v| v.to_le_bytes()).collect();
        let bytes = npy(1, "<i4", true, "(2, 3)", &data);
        let t = read_npy(&bytes, Some(&tensor_type(&[2, 3], &ElemType::I32))).unwrap();
        assert_eq!(t.buf, Buffer::I32(vec![1, 2, 3, 4, 5, 6].into()));
        // 2x3x2: element (i, j, k) = 100i + 10j + k, stored with i fastest.
        let mut col = Vec::new();
        for k in 0..2 {
            for j in 0..3 {
                for i in 0..2 {
                    col.push(100 * i + 10 * j + k);
                }
            }
        }
        let data: Vec<u8> = col.iter().flat_map(|&v: &i16| v.to_le_bytes()).collect();
        let t = read_npy(&npy(1, "<i2", true, "(2, 3, 2)", &data), None).unwrap();
        let row: Vec<i16> =
            (0..2).flat_map(|i| (0..3).flat_map(move |j| (0..2).map(move |k| 100 * i + 10 * j + k))).collect();
        assert_eq!(t.buf, Buffer::I16(row.into()));
        // Big-endian and Fortran order together, on a 1-D array (where order does not matter).
        let t = read_npy(&npy(1, ">f8", true, "(1,)", &2.5f64.to_be_bytes()), None).unwrap();
        assert_eq!(t.buf, Buffer::F64(vec![2.5].into()));
    }

    #[test]
    fn versions_two_and_three_are_read() {
        let data: Vec<u8> = [1.0f32, 2.0].iter().flat_map(|v| v.to_le_bytes()).collect();
        for v in [2, 3] {
            let t = read_npy(&npy(v, "<f4", false, "(2,)", &data), None).unwrap();
            assert_eq!(t.buf, Buffer::F32(vec![1.0, 2.0].into()));
        }
        let h = read_header(&npy(3, "<f4", false, "(2,)", &data)).unwrap();
        assert_eq!(h.version, (3, 0));
        // Python 2 wrote long integers with an L suffix, and keys in any order.
        let dict = b"{'shape': (2L,), \"fortran_order\": False, 'descr': '<f4'}  \n";
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&[1, 0, dict.len() as u8, 0]);
        bytes.extend_from_slice(dict);
        bytes.extend_from_slice(&data);
        assert_eq!(read_npy(&bytes, None).unwrap().shape, vec![2]);
    }

    #[test]
    fn types_must_agree_with_the_program() {
        let data: Vec<u8> = [1.0f64, 2.0].iter().flat_map(|v| v.to_le_bytes()).collect();
        let bytes = npy(1, "<f8", false, "(2,)", &data);
        let err = read_npy(&bytes, Some(&tensor_type(&[2], &ElemType::F32))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected tensor<2xf32>, but the file holds dtype '<f8' with shape (2,): its elements are f64, not f32"
        );
        let err = read_npy(&bytes, Some(&tensor_type(&[3], &ElemType::F64))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected tensor<3xf64>, but the file holds dtype '<f8' with shape (2,): the shapes differ"
        );
        let err = read_npy(&bytes, Some(&tensor_type(&[1, 2], &ElemType::F64))).unwrap_err();
        assert!(matches!(err, NpyError::Mismatch { .. }));
        // Dynamic dimensions and unranked types accept any size.
        let dynamic = TensorType { shape: Some(vec![None]), elem: ElemType::F64, encoding: None };
        assert!(read_npy(&bytes, Some(&dynamic)).is_ok());
        let unranked = TensorType { shape: None, elem: ElemType::F64, encoding: None };
        assert!(read_npy(&bytes, Some(&unranked)).is_ok());
        // Signed and signless agree, unsigned does not; i64 serves index.
        let bytes = npy(1, "<i8", false, "(1,)", &5i64.to_le_bytes());
        assert!(read_npy(&bytes, Some(&tensor_type(&[1], &int(64, Signedness::Signed)))).is_ok());
        assert!(read_npy(&bytes, Some(&tensor_type(&[1], &ElemType::Index))).is_ok());
        assert!(read_npy(&bytes, Some(&tensor_type(&[1], &int(64, Signedness::Unsigned)))).is_err());
        // A plain int8 file is not an int4 argument: its values need not fit.
        let bytes = npy(1, "|i1", false, "(1,)", &[100]);
        assert!(read_npy(&bytes, Some(&tensor_type(&[1], &int(4, Signedness::Signless)))).is_err());
        // Booleans: any nonzero byte is true.
        let t = read_npy(&npy(1, "|b1", false, "(3,)", &[0, 1, 2]), Some(&tensor_type(&[3], &ElemType::I1))).unwrap();
        assert_eq!(t.buf, Buffer::Bool(vec![false, true, true].into()));
        // f16 and complex.
        let t = read_npy(&npy(1, "<f2", false, "(1,)", &f16::from_f32(0.5).to_bits().to_le_bytes()), None).unwrap();
        assert_eq!(t.elem, float(FloatKind::F16));
        // A type shardref does not compute with.
        let tf32 = tensor_type(&[1], &float(FloatKind::TF32));
        assert!(matches!(read_npy(&npy(1, "<V4", false, "(1,)", &[0; 4]), Some(&tf32)), Err(NpyError::Unsupported(_))));
    }

    #[test]
    fn malformed_files_are_errors() {
        let good = npy(1, "<f4", false, "(2,)", &[0; 8]);
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (vec![], "magic"),
            (b"\x93NUMPZ\x01\x00".to_vec(), "magic"),
            (b"\x93NUMPY".to_vec(), "version"),
            (b"\x93NUMPY\x01\x00\x10".to_vec(), "header length"),
            (good[..20].to_vec(), "truncated header"),
            (good[..good.len() - 1].to_vec(), "needs 8 bytes"),
            ([good.clone(), vec![0]].concat(), "needs 8 bytes"),
            (npy(1, "<f4", false, "(3,)", &[0; 8]), "needs 12 bytes"),
            (npy(1, "<f4", false, "(4611686018427387904, 4611686018427387904)", &[0; 8]), "more elements"),
            (npy(1, "<f4", false, "(18446744073709551616,)", &[]), "64 bits"),
            (npy(1, "<f4", false, "(-1,)", &[]), "non-negative"),
            (npy(1, "<f4", false, "(2,", &[]), "shape"),
            (npy(1, "<q7", false, "(2,)", &[0; 8]), "not one shardref reads"),
            (npy(1, "<i3", false, "(2,)", &[0; 6]), "no shardref element type"),
            (npy(1, "<U3", false, "(2,)", &[0; 24]), "strings"),
            (npy(1, "|O", false, "(2,)", &[0; 16]), "objects"),
            (npy(1, "<f16", false, "(1,)", &[0; 16]), "no shardref element type"),
            (npy(4, "<f4", false, "(2,)", &[0; 8]), "version 4.0"),
            (b"\x93NUMPY\x01\x00\x0f\x00{'descr': True}".to_vec(), "wrong kind"),
            (b"\x93NUMPY\x01\x00\x0c\x00{'descr': 1}".to_vec(), "not a value np.save writes"),
            (b"\x93NUMPY\x01\x00\x02\x00{}".to_vec(), "must have the keys"),
            (b"\x93NUMPY\x01\x00\x0c\x00{'descr': '<".to_vec(), "unterminated"),
        ];
        for (bytes, needle) in cases {
            let err = read_npy(&bytes, None).expect_err(needle);
            assert!(err.to_string().contains(needle), "{err} (wanted '{needle}')");
        }
        let dict = "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }";
        let mut structured = MAGIC.to_vec();
        structured.extend_from_slice(&[1, 0, dict.len() as u8, 0]);
        structured.extend_from_slice(dict.as_bytes());
        assert!(read_npy(&structured, None).unwrap_err().to_string().contains("structured"));
        let extra = b"{'descr': '<f4', 'fortran_order': False, 'shape': (), 'x': True}";
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&[1, 0, extra.len() as u8, 0]);
        bytes.extend_from_slice(extra);
        assert!(read_npy(&bytes, None).unwrap_err().to_string().contains("unexpected key"));
    }

    /// A small deterministic generator for the mutation tests.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    #[test]
    fn mutated_files_never_panic() {
        let seeds: Vec<(Vec<u8>, Option<TensorType>)> = vec![
            (write_npy(&sample(&ElemType::F32)), Some(tensor_type(&[2, 3], &ElemType::F32))),
            (write_npy(&sample(&float(FloatKind::BF16))), Some(tensor_type(&[2, 3], &float(FloatKind::BF16)))),
            (npy(1, ">c8", true, "(2, 3)", &[7; 48]), None),
            (write_npz(&[("a", &sample(&ElemType::I32)), ("b", &sample(&ElemType::I1))], true).unwrap(), None),
            (write_npz(&[("arg0", &sample(&ElemType::F64))], false).unwrap(), None),
        ];
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        for (seed, ty) in &seeds {
            for _ in 0..3000 {
                let mut b = seed.clone();
                match rng.next() % 4 {
                    0 => b.truncate((rng.next() % (b.len() as u64 + 1)) as usize),
                    1 => {
                        for _ in 0..1 + rng.next() % 4 {
                            let i = (rng.next() % b.len() as u64) as usize;
                            b[i] = rng.next() as u8;
                        }
                    }
                    2 => {
                        let i = (rng.next() % b.len() as u64) as usize;
                        b[i] = b"0123456789(),'<>|VfTF "[(rng.next() % 22) as usize];
                    }
                    _ => {
                        let i = (rng.next() % b.len() as u64) as usize;
                        b.insert(i, rng.next() as u8);
                    }
                }
                let _ = read_npy(&b, ty.as_ref());
                if let Ok(members) = read_npz_with_limit(&b, 1 << 20) {
                    for m in members {
                        let _ = read_npy(&m.bytes, None);
                    }
                }
            }
        }
    }

    #[test]
    fn npz_stored_and_deflated_round_trip() {
        let x = sample(&ElemType::F32);
        let y = sample(&float(FloatKind::BF16));
        for compressed in [false, true] {
            let bytes = write_npz(&[("x", &x), ("y", &y)], compressed).unwrap();
            assert!(is_zip(&bytes));
            let members = read_npz(&bytes).unwrap();
            assert_eq!(members.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), ["x", "y"]);
            assert_eq!(read_npy(&members[0].bytes, None).unwrap(), x);
            assert_eq!(read_npy(&members[1].bytes, Some(&tensor_type(&[2, 3], &y.elem))).unwrap(), y);
        }
        // Deflate really shrinks a repetitive array, so the deflated path is exercised.
        let zeros = Tensor::new(vec![1000], ElemType::F32, Buffer::F32(vec![0.0; 1000].into()));
        let stored = write_npz(&[("z", &zeros)], false).unwrap();
        let deflated = write_npz(&[("z", &zeros)], true).unwrap();
        assert!(deflated.len() < stored.len() / 4);
        assert_eq!(read_npy(&read_npz(&deflated).unwrap()[0].bytes, None).unwrap(), zeros);
    }

    #[test]
    fn npz_members_named_arg_n_are_ordered_by_number() {
        let t = |v: i32| Tensor::new(vec![], ElemType::I32, Buffer::I32(vec![v].into()));
        let (a, b, c) = (t(0), t(1), t(2));
        let order = |names: &[&str]| -> Result<Vec<String>, NpyError> {
            let members: Vec<(&str, &Tensor)> = names.iter().zip([&a, &b, &c]).map(|(n, t)| (*n, t)).collect();
            Ok(read_npz(&write_npz(&members, false).unwrap())?.into_iter().map(|m| m.name).collect())
        };
        assert_eq!(order(&["arg2", "arg0", "arg1"]).unwrap(), ["arg0", "arg1", "arg2"]);
        assert_eq!(
            order(&["arg10", "arg0", "arg1"]).unwrap_err().to_string(),
            "malformed file: the archive names its members argN.npy, but has 3 members and one named 'arg10.npy'"
        );
        assert!(order(&["arg1", "arg01", "arg0"]).unwrap_err().to_string().contains("two members numbered 1"));
        // Any other name keeps archive order.
        assert_eq!(order(&["b", "a", "arg0"]).unwrap(), ["b", "a", "arg0"]);
        assert_eq!(order(&["arr_1", "arr_0"]).unwrap(), ["arr_1", "arr_0"]);
    }

    #[test]
    fn npz_limits_and_foreign_members_are_errors() {
        let big = Tensor::new(vec![4096], ElemType::F64, Buffer::F64(vec![1.0; 4096].into()));
        let bytes = write_npz(&[("x", &big)], true).unwrap();
        assert!(read_npz_with_limit(&bytes, 1000).unwrap_err().to_string().contains("more than 1000 bytes"));
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        w.start_file("notes.txt", zip::write::SimpleFileOptions::default()).unwrap();
        w.write_all(b"hello").unwrap();
        let bytes = w.finish().unwrap().into_inner();
        assert!(read_npz(&bytes).unwrap_err().to_string().contains("not an .npy file"));
        assert!(matches!(read_npz(b"PK\x03\x04 not really a zip"), Err(NpyError::Malformed(_))));
    }
}
