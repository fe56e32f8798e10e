//! Decoding and encoding of dense elements literals.
//!
//! The grammar reads a whole `dense<...>` body as one token; `decode` turns it
//! into packed little-endian element storage in one linear pass (a hex blob is
//! a straight copy), so multi-megabyte literals cost no parse-tree nodes.
//!
//! Storage layout (`DenseData`): each element takes `ElemType::storage_bytes`
//! bytes; integers are two's complement truncated to the width; i1 is one
//! byte, 0 or 1; floats are their format's bit pattern; complex numbers are
//! the real part then the imaginary part.

use std::sync::Arc;

use crate::float;
use crate::ir::{DenseData, ElemType, FloatKind, Signedness};
use crate::lower::attrs::{fit_int, parse_int_lit};

#[derive(Debug, Clone, PartialEq)]
pub struct DenseError {
    /// Byte offset into the literal body.
    pub offset: usize,
    pub message: String,
}

fn err<T>(offset: usize, message: impl Into<String>) -> Result<T, DenseError> {
    Err(DenseError { offset, message: message.into() })
}

/// Decodes a literal body (what stands between `dense<` and `>`) for `count` elements of `elem`.
/// As MLIR does, a literal whose elements are all equal is stored as a splat.
pub fn decode(body: &str, elem: &ElemType, count: u64) -> Result<DenseData, DenseError> {
    decode_raw(body, elem, count, None).map(|d| normalize(d, elem.storage_bytes()))
}

/// Decodes a literal body for a type of shape `dims`: as `decode`, and a nested
/// list must have exactly that shape, as MLIR requires ("inferred shape of
/// elements literal ([1, 4]) does not match type ([4])"); a splat or hex blob
/// fits any shape with its element count.
pub fn decode_shaped(body: &str, elem: &ElemType, dims: &[u64]) -> Result<DenseData, DenseError> {
    let Some(count) = crate::ir::types::count_elements(dims) else {
        return err(0, "the type's element count overflows 64 bits");
    };
    decode_raw(body, elem, count, Some(dims)).map(|d| normalize(d, elem.storage_bytes()))
}

/// Turns element storage whose elements (of `width` bytes) are all equal into a
/// splat, as MLIR's DenseElementsAttr does; other data is returned unchanged.
pub fn normalize(data: DenseData, width: usize) -> DenseData {
    match &data {
        DenseData::Elements(b) if width > 0 && b.len() >= width && b.len() % width == 0 => {
            let first = &b[..width];
            if b.chunks_exact(width).all(|c| c == first) { DenseData::Splat(first.to_vec()) } else { data }
        }
        _ => data,
    }
}

fn decode_raw(body: &str, elem: &ElemType, count: u64, dims: Option<&[u64]>) -> Result<DenseData, DenseError> {
    let trimmed = body.trim();
    let lead = body.len() - body.trim_start().len();
    let width = elem.storage_bytes();
    if trimmed.starts_with("\"0x") && is_numeric(elem) {
        return decode_hex(&trimmed[3..trimmed.len().saturating_sub(1)], elem, count, lead + 3);
    }
    if trimmed.is_empty() {
        if count != 0 {
            return err(lead, format!("expected {count} elements, found none"));
        }
        return Ok(DenseData::Elements(Arc::from(Vec::new())));
    }
    if !is_numeric(elem) {
        return decode_strings(body, count);
    }
    let mut sc = Scanner { s: body.as_bytes(), i: 0 };
    // Every element takes at least one character of text, so the body's
    // length bounds what is stored (a splat of a large type stores one).
    let mut out = Vec::with_capacity((count as usize).min(body.len()).min(1 << 24).saturating_mul(width).min(1 << 26));
    sc.ws();
    if sc.peek() == Some(b'[') {
        let mut shape = Shape { dims: vec![], leaf_depth: None };
        sc.list(elem, &mut out, 0, &mut shape)?;
        sc.ws();
        if sc.i != sc.s.len() {
            return err(sc.i, "unexpected text after the elements");
        }
        if let Some(dims) = dims {
            // Every depth that a list reached has its length recorded.
            let inferred: Vec<u64> = shape.dims.iter().map(|d| d.unwrap_or(0) as u64).collect();
            if inferred != dims {
                let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
                return err(
                    lead,
                    format!(
                        "inferred shape of elements literal ([{}]) does not match type ([{}])",
                        list(&inferred),
                        list(dims)
                    ),
                );
            }
        }
        let n = (out.len() / width.max(1)) as u64;
        if n != count {
            return err(lead, format!("inferred {n} elements from the literal, but the type holds {count}"));
        }
        Ok(DenseData::Elements(Arc::from(out)))
    } else {
        sc.element(elem, &mut out)?;
        sc.ws();
        if sc.i != sc.s.len() {
            return err(sc.i, "unexpected text after the splat value");
        }
        Ok(DenseData::Splat(out))
    }
}

fn is_numeric(e: &ElemType) -> bool {
    match e {
        ElemType::Int { .. } | ElemType::Float(_) | ElemType::Index | ElemType::Quant(_) => true,
        ElemType::Complex(inner) => is_numeric(inner),
    }
}

fn hex_val(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

fn decode_hex(hex: &str, elem: &ElemType, count: u64, offset: usize) -> Result<DenseData, DenseError> {
    let h = hex.as_bytes();
    if h.len() % 2 != 0 {
        return err(offset, "hex blob has an odd number of digits");
    }
    let mut bytes = Vec::with_capacity(h.len() / 2);
    for (i, pair) in h.chunks_exact(2).enumerate() {
        match (hex_val(pair[0]), hex_val(pair[1])) {
            (Some(a), Some(b)) => bytes.push(a << 4 | b),
            _ => return err(offset + 2 * i, "invalid hex digit"),
        }
    }
    let width = elem.storage_bytes() as u64;
    let n = bytes.len() as u64;
    if *elem == ElemType::I1 && n != count && n == count.div_ceil(8) && count > 1 {
        // Bit-packed booleans, least significant bit first.
        let unpacked: Vec<u8> = (0..count as usize).map(|i| (bytes[i / 8] >> (i % 8)) & 1).collect();
        return Ok(DenseData::Elements(Arc::from(unpacked)));
    }
    if n == width && count != 1 {
        return Ok(DenseData::Splat(bytes));
    }
    if Some(n) != count.checked_mul(width) {
        return err(
            offset,
            format!("hex blob holds {n} bytes, but {count} elements of this type need {}", count.saturating_mul(width)),
        );
    }
    Ok(DenseData::Elements(Arc::from(bytes)))
}

fn decode_strings(body: &str, count: u64) -> Result<DenseData, DenseError> {
    let mut out = vec![];
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'"' {
            let start = i;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            let lit = body.get(start..=i.min(b.len() - 1)).unwrap_or("");
            match crate::lower::decode_string(lit) {
                Some(s) => out.push(s),
                None => return err(start, "invalid string element"),
            }
        }
        i += 1;
    }
    if out.len() as u64 != count && out.len() != 1 {
        return err(0, format!("expected {count} string elements, found {}", out.len()));
    }
    Ok(DenseData::Strings(out))
}

/// What a nested literal has shown so far: the length at each depth, and the
/// depth at which scalars appear.
struct Shape {
    dims: Vec<Option<usize>>,
    leaf_depth: Option<usize>,
}

struct Scanner<'a> {
    s: &'a [u8],
    i: usize,
}

impl Scanner<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn expect(&mut self, c: u8) -> Result<(), DenseError> {
        self.ws();
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            err(self.i, format!("expected '{}'", c as char))
        }
    }

    /// A nested list; `shape` records the length at each depth and must be uniform.
    fn list(&mut self, elem: &ElemType, out: &mut Vec<u8>, depth: usize, shape: &mut Shape) -> Result<(), DenseError> {
        if depth > crate::lower::MAX_NESTING {
            return err(self.i, "dense literal is nested too deeply");
        }
        let start = self.i;
        self.expect(b'[')?;
        self.ws();
        let mut n = 0;
        if self.peek() == Some(b']') {
            self.i += 1;
        } else {
            loop {
                self.ws();
                if self.peek() == Some(b'[') {
                    self.list(elem, out, depth + 1, shape)?;
                } else {
                    match shape.leaf_depth {
                        Some(d) if d != depth + 1 => return err(self.i, "inconsistent nesting in dense literal"),
                        _ => shape.leaf_depth = Some(depth + 1),
                    }
                    self.element(elem, out)?;
                }
                n += 1;
                self.ws();
                match self.peek() {
                    Some(b',') => self.i += 1,
                    Some(b']') => {
                        self.i += 1;
                        break;
                    }
                    _ => return err(self.i, "expected ',' or ']' in dense literal"),
                }
            }
        }
        if shape.dims.len() <= depth {
            shape.dims.resize(depth + 1, None);
        }
        match shape.dims[depth] {
            None => shape.dims[depth] = Some(n),
            Some(m) if m != n => {
                return err(start, format!("dense literal has rows of different lengths ({m} and {n})"));
            }
            Some(_) => {}
        }
        Ok(())
    }

    fn token(&mut self) -> &str {
        self.ws();
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || matches!(self.s[self.i], b'-' | b'+' | b'.' | b'_'))
        {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i]).unwrap_or("")
    }

    fn element(&mut self, elem: &ElemType, out: &mut Vec<u8>) -> Result<(), DenseError> {
        self.ws();
        let at = self.i;
        match elem {
            ElemType::Complex(inner) => {
                self.expect(b'(')?;
                self.element(inner, out)?;
                self.expect(b',')?;
                self.element(inner, out)?;
                self.expect(b')')
            }
            ElemType::Float(kind) => {
                let kind = *kind;
                let tok = self.token().to_string();
                let bits = float_bits(kind, &tok).ok_or_else(|| DenseError {
                    offset: at,
                    message: format!("invalid {} element '{tok}'", kind.name()),
                })?;
                let w = kind.storage_bytes();
                out.extend_from_slice(&bits.to_le_bytes()[..w]);
                Ok(())
            }
            ElemType::Int { width, signedness } => {
                let tok = self.token().to_string();
                let v = int_value(&tok, *width, *signedness).ok_or_else(|| DenseError {
                    offset: at,
                    message: format!("integer element '{tok}' is invalid or out of range for {elem}"),
                })?;
                // Integers wider than 128 bits are stored sign- or zero-extended.
                let w = elem.storage_bytes();
                let bytes = v.to_le_bytes();
                out.extend_from_slice(&bytes[..w.min(16)]);
                if w > 16 {
                    out.resize(out.len() + w - 16, if v < 0 { 0xFF } else { 0 });
                }
                Ok(())
            }
            ElemType::Index => {
                let tok = self.token().to_string();
                let v = int_value(&tok, 64, Signedness::Signless)
                    .ok_or_else(|| DenseError { offset: at, message: format!("invalid index element '{tok}'") })?;
                out.extend_from_slice(&v.to_le_bytes()[..8]);
                Ok(())
            }
            ElemType::Quant(q) => self.element(&q.storage.clone(), out),
        }
    }
}

fn int_value(tok: &str, width: u32, signedness: Signedness) -> Option<i128> {
    let v = match tok {
        "true" => 1,
        "false" => 0,
        _ => parse_int_lit(tok)?,
    };
    fit_int(v, width, signedness)
}

/// A float element: decimal, `inf`/`nan`, a hex bit pattern, or an integer.
fn float_bits(kind: FloatKind, tok: &str) -> Option<u128> {
    if let Some(h) = tok.strip_prefix("0x") {
        let b = u128::from_str_radix(h, 16).ok()?;
        return (kind.bit_width() >= 128 || b >> kind.bit_width() == 0).then_some(b);
    }
    if tok.contains('.') || tok.contains("inf") || tok.contains("nan") || tok.contains('e') || tok.contains('E') {
        return float::parse_decimal(kind, tok);
    }
    // MLIR accepts integer literals for float elements.
    let v = parse_int_lit(tok)?;
    Some(float::f64_to_bits(kind, v as f64))
}

/// The element values of `data` as i128, for integer element types (sign-extended
/// for signed and signless types, zero-extended for unsigned ones).
pub fn int_elements(data: &DenseData, elem: &ElemType, count: usize) -> Vec<i128> {
    let (width, signedness) = match elem {
        ElemType::Int { width, signedness } => (*width, *signedness),
        ElemType::Index => (64, Signedness::Signless),
        _ => return vec![],
    };
    let w = elem.storage_bytes();
    let read = |b: &[u8]| -> i128 {
        let mut buf = [0u8; 16];
        let n = w.min(16).min(b.len());
        buf[..n].copy_from_slice(&b[..n]);
        let raw = u128::from_le_bytes(buf);
        let raw = if width < 128 { raw & ((1u128 << width) - 1) } else { raw };
        if signedness == Signedness::Unsigned || width == 1 || width >= 128 {
            raw as i128
        } else if raw >> (width - 1) & 1 == 1 {
            raw as i128 - (1i128 << width)
        } else {
            raw as i128
        }
    };
    match data {
        DenseData::Splat(b) => vec![read(b); count],
        DenseData::Elements(b) => b.chunks_exact(w).map(read).collect(),
        DenseData::Strings(_) => vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i32s(data: &DenseData, n: usize) -> Vec<i128> {
        int_elements(data, &ElemType::I32, n)
    }

    #[test]
    fn nested_lists_and_splats() {
        let d = decode("[[1, 2], [3, -4]]", &ElemType::I32, 4).unwrap();
        assert_eq!(i32s(&d, 4), vec![1, 2, 3, -4]);
        let d = decode(" 7 ", &ElemType::I32, 6).unwrap();
        assert_eq!(d, DenseData::Splat(vec![7, 0, 0, 0]));
        assert!(decode("[[1, 2], [3]]", &ElemType::I32, 3).is_err());
        assert!(decode("[1, 2]", &ElemType::I32, 3).is_err());
    }

    #[test]
    fn outer_lists_longer_than_inner_ones() {
        let d = decode("[[1], [2], [3]]", &ElemType::I32, 3).unwrap();
        assert_eq!(i32s(&d, 3), vec![1, 2, 3]);
        assert!(decode("[[1], [2, 3]]", &ElemType::I32, 3).is_err());
        let d = decode("[[5, 5]]", &ElemType::I32, 2).unwrap();
        assert_eq!(d, DenseData::Splat(vec![5, 0, 0, 0]));
    }

    #[test]
    fn hex_blobs() {
        let d = decode("\"0x0100000002000000\"", &ElemType::I32, 2).unwrap();
        assert_eq!(i32s(&d, 2), vec![1, 2]);
        let d = decode("\"0x2A000000\"", &ElemType::I32, 5).unwrap();
        assert_eq!(d, DenseData::Splat(vec![42, 0, 0, 0]));
        assert!(decode("\"0x0100\"", &ElemType::I32, 2).is_err());
    }

    #[test]
    fn floats_complex_and_bools() {
        let d = decode("[1.5, 0x7FC00000, -0.0]", &ElemType::F32, 3).unwrap();
        let DenseData::Elements(b) = d else { panic!() };
        assert_eq!(&b[..4], &1.5f32.to_le_bytes());
        assert_eq!(&b[4..8], &f32::NAN.to_bits().to_le_bytes());
        assert_eq!(&b[8..], &(-0.0f32).to_le_bytes());
        let c = ElemType::Complex(Box::new(ElemType::F32));
        assert!(decode("[(1.0, 2.0), (3.0, -4.0)]", &c, 2).is_ok());
        let d = decode("[true, false]", &ElemType::I1, 2).unwrap();
        assert_eq!(d, DenseData::Elements(Arc::from(vec![1u8, 0])));
    }

    #[test]
    fn out_of_range_is_an_error() {
        let i8t = ElemType::Int { width: 8, signedness: Signedness::Signless };
        assert!(decode("[300]", &i8t, 1).is_err());
        assert!(decode("[255]", &i8t, 1).is_ok());
        let u8t = ElemType::Int { width: 8, signedness: Signedness::Unsigned };
        assert!(decode("[-1]", &u8t, 1).is_err());
    }
}
