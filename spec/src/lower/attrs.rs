//! Lowering of types, builtin attributes, dense literals and locations.

use std::sync::Arc;

use pest::iterators::Pair;

use super::{Lowerer, PResult, kids, span_of, symbol_text};
use crate::diag::Diagnostic;
use crate::float;
use crate::ir::*;
use crate::parser::Rule;

impl Lowerer<'_> {
    // ------------------------------------------------------------ types

    pub fn lower_type(&mut self, p: Pair<'_, Rule>) -> PResult<Type> {
        let p = if p.as_rule() == Rule::r#type { p.into_inner().next().unwrap() } else { p };
        let span = span_of(&p);
        Ok(match p.as_rule() {
            Rule::tensor_type => Type::Tensor(self.lower_tensor_type(p)?),
            Rule::vector_type => {
                let k = kids(&p);
                let dims = parse_dims(k[0].as_str(), span_of(&k[0]))?;
                let shape = dims
                    .into_iter()
                    .map(|d| d.ok_or_else(|| Diagnostic::error(span, "vector dimensions must be static")))
                    .collect::<PResult<Vec<u64>>>()?;
                Type::Vector(shape, self.lower_elem_type(k[1].clone())?)
            }
            Rule::tuple_type => Type::Tuple(p.into_inner().map(|t| self.lower_type(t)).collect::<PResult<_>>()?),
            Rule::function_type_paren => {
                let (a, b) = self.lower_function_type(p.into_inner().next().unwrap())?;
                Type::Function(a, b)
            }
            Rule::function_type => {
                let (a, b) = self.lower_function_type(p)?;
                Type::Function(a, b)
            }
            Rule::complex_type | Rule::float_type | Rule::int_type | Rule::index_type => {
                Type::Elem(self.lower_elem_type(p)?)
            }
            Rule::none_type => Type::None,
            Rule::token_type => Type::Token,
            Rule::dialect_type => self.lower_dialect_type(p.into_inner().next().unwrap())?,
            Rule::type_alias_ref => self.type_alias(&p.as_str()[1..], span)?,
            r => return self.err(span, format!("internal: unexpected type rule {r:?}")),
        })
    }

    fn lower_dialect_type(&mut self, p: Pair<'_, Rule>) -> PResult<Type> {
        let span = span_of(&p);
        match p.as_rule() {
            Rule::quant_type => {
                let q = self.lower_quant(p)?;
                Ok(Type::Elem(ElemType::Quant(Box::new(q))))
            }
            Rule::opaque_dialect_type => {
                let k = kids(&p);
                let name = k[0].as_str().to_string();
                let body = k.get(1).map(|b| normalize_pretty(b.as_str()));
                Ok(Type::Opaque { name, body })
            }
            Rule::mpmd_type => super::mpmd::lower_type(self, p),
            Rule::future_type => {
                let types = p.into_inner().map(|t| self.lower_type(t)).collect::<PResult<Vec<_>>>()?;
                Ok(Type::Future(types))
            }
            r => self.err(span, format!("internal: unexpected dialect type rule {r:?}")),
        }
    }

    fn lower_quant(&mut self, p: Pair<'_, Rule>) -> PResult<QuantType> {
        let span = span_of(&p);
        let k = kids(&p);
        let storage_pair = kids(&k[0]);
        let storage = self.lower_elem_type(storage_pair[0].clone())?;
        let storage_range = if storage_pair.len() == 3 {
            Some((parse_i64(&storage_pair[1])?, parse_i64(&storage_pair[2])?))
        } else {
            None
        };
        let expressed =
            FloatKind::from_name(k[1].as_str()).ok_or_else(|| Diagnostic::error(span, "bad expressed type"))?;
        let (axis, scales) = if k.len() == 4 {
            (Some(k[2].as_str().parse::<u32>().map_err(|_| Diagnostic::error(span, "bad quantized axis"))?), &k[3])
        } else {
            (None, &k[2])
        };
        let per_axis = scales.as_str().trim_start().starts_with('{');
        let mut params = vec![];
        for qp in scales.clone().into_inner() {
            let q = kids(&qp);
            let scale: f64 = q[0].as_str().parse().map_err(|_| Diagnostic::error(span_of(&q[0]), "bad scale"))?;
            let zp = match q.get(1) {
                Some(z) => parse_i64(z)?,
                None => 0,
            };
            params.push((scale.to_bits(), zp));
        }
        Ok(QuantType { storage, storage_range, expressed, axis, params, per_axis })
    }

    pub fn lower_tensor_type(&mut self, p: Pair<'_, Rule>) -> PResult<TensorType> {
        let k = kids(&p);
        let shape = match k[0].as_rule() {
            Rule::unranked_dims => None,
            _ => Some(parse_dims(k[0].as_str(), span_of(&k[0]))?),
        };
        let elem = self.lower_elem_type(k[1].clone())?;
        let encoding = match k.get(2) {
            Some(e) => Some(Box::new(self.lower_attr(e.clone())?)),
            None => None,
        };
        Ok(TensorType { shape, elem, encoding })
    }

    pub fn lower_elem_type(&mut self, p: Pair<'_, Rule>) -> PResult<ElemType> {
        let span = span_of(&p);
        match p.as_rule() {
            Rule::float_type => Ok(ElemType::Float(FloatKind::from_name(p.as_str()).unwrap())),
            Rule::int_type => {
                let s = p.as_str();
                let (signedness, digits) = if let Some(d) = s.strip_prefix("si") {
                    (Signedness::Signed, d)
                } else if let Some(d) = s.strip_prefix("ui") {
                    (Signedness::Unsigned, d)
                } else {
                    (Signedness::Signless, &s[1..])
                };
                let width: u32 = digits.parse().map_err(|_| Diagnostic::error(span, "invalid integer width"))?;
                if width == 0 || width > 1 << 24 {
                    return self.err(span, format!("integer bitwidth is limited to {} bits", 1 << 24));
                }
                Ok(ElemType::Int { width, signedness })
            }
            Rule::index_type => Ok(ElemType::Index),
            Rule::complex_type => {
                let inner = self.lower_elem_type(p.into_inner().next().unwrap())?;
                Ok(ElemType::Complex(Box::new(inner)))
            }
            Rule::r#type => {
                let t = self.lower_type(p)?;
                type_to_elem(t, span)
            }
            Rule::dialect_type => {
                let t = self.lower_dialect_type(p.into_inner().next().unwrap())?;
                type_to_elem(t, span)
            }
            Rule::type_alias_ref => {
                let t = self.type_alias(&p.as_str()[1..], span)?;
                type_to_elem(t, span)
            }
            Rule::tuple_type => self.err(span, "tuples cannot be tensor elements"),
            r => self.err(span, format!("internal: unexpected element type rule {r:?}")),
        }
    }

    pub fn lower_type_list(&mut self, p: Pair<'_, Rule>) -> PResult<Vec<Type>> {
        p.into_inner().map(|t| self.lower_type(t)).collect()
    }

    /// `(A, B) -> C` or `(A) -> (B, C)`.
    pub fn lower_function_type(&mut self, p: Pair<'_, Rule>) -> PResult<(Vec<Type>, Vec<Type>)> {
        let k = kids(&p);
        let ins = self.lower_type_list(k[0].clone())?;
        let outs = match k[1].as_rule() {
            Rule::type_list_parens => self.lower_type_list(k[1].clone())?,
            _ => vec![self.lower_type(k[1].clone())?],
        };
        Ok((ins, outs))
    }

    // ------------------------------------------------------------ attributes

    pub fn lower_attr(&mut self, p: Pair<'_, Rule>) -> PResult<Attr> {
        let p = if p.as_rule() == Rule::attribute { p.into_inner().next().unwrap() } else { p };
        let span = span_of(&p);
        Ok(match p.as_rule() {
            Rule::dense_attr => Attr::Dense(Arc::new(self.lower_dense(p)?)),
            Rule::dense_resource_attr => {
                let k = kids(&p);
                let name = match k[0].as_rule() {
                    Rule::string_lit => String::from_utf8_lossy(&super::unquote(self, &k[0])?).into_owned(),
                    _ => k[0].as_str().to_string(),
                };
                let ty = match k.get(1) {
                    Some(t) => Some(Box::new(self.lower_type(t.clone())?)),
                    None => None,
                };
                Attr::DenseResource { name, ty }
            }
            Rule::dense_array_attr => Attr::DenseArray(self.lower_dense_array(p)?),
            Rule::array_attr => Attr::Array(p.into_inner().map(|a| self.lower_attr(a)).collect::<PResult<_>>()?),
            Rule::dict_attr => Attr::Dict(self.lower_dict(p)?),
            Rule::loc_attr => Attr::Loc(self.lower_loc(p)?),
            Rule::typed_float => {
                let k = kids(&p);
                let kind = match k.get(1) {
                    Some(t) => FloatKind::from_name(t.as_str()).unwrap(),
                    None => FloatKind::F64,
                };
                let bits = float::parse_decimal(kind, k[0].as_str())
                    .ok_or_else(|| Diagnostic::error(span, "invalid float literal"))?;
                Attr::Float(FloatAttr { kind, bits })
            }
            Rule::typed_int => {
                let k = kids(&p);
                match k.get(1).map(|t| t.as_rule()) {
                    Some(Rule::float_type) => {
                        // `0x7FC00000 : f32`: a hex literal gives the bits of a float.
                        let kind = FloatKind::from_name(k[1].as_str()).unwrap();
                        let text = k[0].as_str();
                        let Some(hex) = text.strip_prefix("0x") else {
                            return self.err(span, "unexpected decimal integer literal for a floating point value");
                        };
                        let bits = u128::from_str_radix(hex, 16)
                            .map_err(|_| Diagnostic::error(span, "hexadecimal float constant out of range"))?;
                        if kind.bit_width() < 128 && bits >> kind.bit_width() != 0 {
                            return self.err(span, "hexadecimal float constant out of range for type");
                        }
                        Attr::Float(FloatAttr { kind, bits })
                    }
                    other => {
                        let ty = match other {
                            Some(_) => Some(self.lower_elem_type(k[1].clone())?),
                            None => None,
                        };
                        let value = parse_int_lit(k[0].as_str())
                            .ok_or_else(|| Diagnostic::error(span, "integer constant out of range"))?;
                        let value = match &ty {
                            Some(ElemType::Int { width, signedness }) => fit_int(value, *width, *signedness)
                                .ok_or_else(|| {
                                    Diagnostic::error(span, "integer constant out of range for attribute")
                                })?,
                            _ => value,
                        };
                        if ty.as_ref() == Some(&ElemType::I1) && k[0].as_str() != "0" && k[0].as_str() != "1" {
                            // MLIR spells i1 values as true/false, but accepts 0 and 1.
                        }
                        Attr::Int(IntAttr { value, ty })
                    }
                }
            }
            Rule::bool_lit => Attr::Bool(p.as_str() == "true"),
            Rule::unit_kw => Attr::Unit,
            Rule::typed_string => {
                let k = kids(&p);
                let s = super::unquote(self, &k[0])?;
                let ty = match k.get(1) {
                    Some(t) => Some(Box::new(self.lower_type(t.clone())?)),
                    None => None,
                };
                Attr::Str(s, ty)
            }
            Rule::symbol_ref => self.lower_symbol_ref(&p)?,
            Rule::sdy_attr => super::sdy::lower_attr(self, p)?,
            Rule::mpmd_attr => super::mpmd::lower_attr(self, p)?,
            Rule::stablehlo_attr => super::stablehlo::lower_attr(self, p)?,
            Rule::opaque_dialect_attr | Rule::affine_map_attr => Attr::Opaque(normalize_pretty(p.as_str())),
            Rule::attr_alias_ref => self.attr_alias(&p.as_str()[1..], span)?,
            Rule::r#type => Attr::Type(self.lower_type(p)?),
            r => return self.err(span, format!("internal: unexpected attribute rule {r:?}")),
        })
    }

    pub fn lower_symbol_ref(&mut self, p: &Pair<'_, Rule>) -> PResult<Attr> {
        let parts = p.clone().into_inner().map(|s| symbol_text(self, &s)).collect::<PResult<Vec<_>>>()?;
        Ok(Attr::SymbolRef(parts))
    }

    pub fn lower_dict(&mut self, p: Pair<'_, Rule>) -> PResult<Dict> {
        let mut d = Dict::default();
        for e in p.into_inner() {
            let espan = span_of(&e);
            let k = kids(&e);
            let name = match k[0].as_rule() {
                Rule::string_lit => String::from_utf8_lossy(&super::unquote(self, &k[0])?).into_owned(),
                _ => k[0].as_str().to_string(),
            };
            let value = match k.get(1) {
                Some(v) => self.lower_attr(v.clone())?,
                None => Attr::Unit,
            };
            if d.insert(name.clone(), value).is_some() {
                return self.err(espan, format!("duplicate key '{name}' in dictionary attribute"));
            }
        }
        Ok(d)
    }

    /// A `dict_attr` or an `attr_dict` wrapping one.
    pub fn lower_dict_any(&mut self, p: Pair<'_, Rule>) -> PResult<Dict> {
        match p.as_rule() {
            Rule::dict_attr => self.lower_dict(p),
            _ => {
                let inner = p.into_inner().next().unwrap();
                self.lower_dict_any(inner)
            }
        }
    }

    fn lower_dense_array(&mut self, p: Pair<'_, Rule>) -> PResult<DenseArray> {
        let k = kids(&p);
        let elem = self.lower_elem_type(k[0].clone())?;
        let mut values = Vec::with_capacity(k.len() - 1);
        for v in &k[1..] {
            let vspan = span_of(v);
            let text = v.as_str();
            let value = match &elem {
                ElemType::Float(kind) => {
                    let bits = if let Some(h) = text.strip_prefix("0x") {
                        u128::from_str_radix(h, 16).ok()
                    } else {
                        float::parse_decimal(*kind, text)
                    };
                    bits.ok_or_else(|| Diagnostic::error(vspan, "invalid float in dense array"))? as i128
                }
                ElemType::Int { width, signedness } => {
                    let raw = match text {
                        "true" => Some(1),
                        "false" => Some(0),
                        _ => parse_int_lit(text),
                    };
                    raw.and_then(|r| fit_int(r, *width, *signedness))
                        .ok_or_else(|| Diagnostic::error(vspan, "integer constant out of range for dense array"))?
                }
                _ => return self.err(vspan, "dense arrays hold integers or floats"),
            };
            values.push(value);
        }
        Ok(DenseArray { elem, values })
    }

    /// `dense<...> : type`: decodes the literal into packed element storage.
    fn lower_dense(&mut self, p: Pair<'_, Rule>) -> PResult<DenseElements> {
        let span = span_of(&p);
        let k = kids(&p);
        let body = k[0].clone().into_inner().next().unwrap();
        let bspan = span_of(&body);
        let ty = match k.get(1) {
            Some(t) => self.lower_type(t.clone())?,
            None => return self.err(span, "expected ':' and a type after a dense elements literal"),
        };
        let (elem, dims) = match &ty {
            Type::Tensor(t) => {
                t.num_elements().ok_or_else(|| Diagnostic::error(span, "dense elements need a static shape"))?;
                let dims =
                    t.static_shape().ok_or_else(|| Diagnostic::error(span, "dense elements need a static shape"))?;
                (t.elem.clone(), dims)
            }
            Type::Vector(shape, e) => (e.clone(), shape.clone()),
            _ => return self.err(span, format!("dense elements need a tensor or vector type, got '{ty}'")),
        };
        let data = crate::dense::decode_shaped(body.as_str(), &elem, &dims).map_err(|e| {
            Diagnostic::error(Span::new(bspan.start as usize + e.offset, bspan.start as usize + e.offset), e.message)
        })?;
        let hex = body.as_str().trim_start().starts_with("\"0x");
        Ok(DenseElements { ty, data, hex })
    }

    // ------------------------------------------------------------ locations

    pub fn lower_loc(&mut self, p: Pair<'_, Rule>) -> PResult<Location> {
        let p = if p.as_rule() == Rule::loc_attr { p.into_inner().next().unwrap() } else { p };
        Ok(match p.as_rule() {
            Rule::loc_alias => Location::Alias(p.as_str()[1..].to_string()),
            Rule::loc_unknown => Location::Unknown,
            Rule::loc_file => {
                let k = kids(&p);
                let file = String::from_utf8_lossy(&super::unquote(self, &k[0])?).into_owned();
                // A range (`"f":1:2 to :9`, `"f":1:2 to 3:4`) or a line alone (`"f":1`) is kept as written.
                if k.len() != 3 {
                    Location::Text(p.as_str().to_string())
                } else {
                    Location::File {
                        file,
                        line: k[1].as_str().parse().unwrap_or(0),
                        col: k[2].as_str().parse().unwrap_or(0),
                    }
                }
            }
            Rule::loc_name => {
                let k = kids(&p);
                let name = String::from_utf8_lossy(&super::unquote(self, &k[0])?).into_owned();
                let child = match k.get(1) {
                    Some(c) => Some(Box::new(self.lower_loc(c.clone())?)),
                    None => None,
                };
                Location::Name { name, child }
            }
            Rule::loc_callsite => {
                let k = kids(&p);
                Location::CallSite {
                    callee: Box::new(self.lower_loc(k[0].clone())?),
                    caller: Box::new(self.lower_loc(k[1].clone())?),
                }
            }
            Rule::loc_fused => {
                let mut metadata = None;
                let mut locs = vec![];
                for c in p.into_inner() {
                    if c.as_rule() == Rule::attribute {
                        metadata = Some(Box::new(self.lower_attr(c)?));
                    } else {
                        locs.push(self.lower_loc(c)?);
                    }
                }
                Location::Fused { metadata, locs }
            }
            _ => Location::Text(p.as_str().to_string()),
        })
    }
}

fn type_to_elem(t: Type, span: Span) -> PResult<ElemType> {
    match t {
        Type::Elem(e) => Ok(e),
        other => Err(Diagnostic::error(span, format!("'{other}' is not a valid tensor element type"))),
    }
}

/// Parses `4x?x8x` into dims.
pub fn parse_dims(s: &str, span: Span) -> PResult<Vec<Dim>> {
    let mut out = vec![];
    for d in s.split('x').filter(|d| !d.is_empty()) {
        if d == "?" {
            out.push(None);
        } else {
            let v: u64 = d.parse().map_err(|_| Diagnostic::error(span, format!("invalid dimension '{d}'")))?;
            if v > i64::MAX as u64 {
                return Err(Diagnostic::error(span, "dimension is too large"));
            }
            out.push(Some(v));
        }
    }
    Ok(out)
}

/// Parses a decimal or `0x` integer literal with an optional sign.
pub fn parse_int_lit(s: &str) -> Option<i128> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    // One sign at most: Rust's integer parse would read a second one (`--1` as 1).
    if !body.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let v = if let Some(h) = body.strip_prefix("0x") {
        u128::from_str_radix(h, 16).ok().filter(|v| *v <= i128::MAX as u128)? as i128
    } else {
        body.parse::<i128>().ok()?
    };
    Some(if neg { -v } else { v })
}

pub fn parse_i64(p: &Pair<'_, Rule>) -> PResult<i64> {
    parse_int_lit(p.as_str())
        .and_then(|v| i64::try_from(v).ok())
        .ok_or_else(|| Diagnostic::error(span_of(p), "integer out of range"))
}

/// Checks that `v` fits an integer type of `width` bits; signless integers
/// accept both the signed and the unsigned range, as MLIR does, and are
/// normalized to their signed value.
pub fn fit_int(v: i128, width: u32, signedness: Signedness) -> Option<i128> {
    if width >= 128 {
        return Some(v);
    }
    let smin = -(1i128 << (width - 1));
    let smax = (1i128 << (width - 1)) - 1;
    let umax = (1i128 << width) - 1;
    match signedness {
        Signedness::Signed => (smin..=smax).contains(&v).then_some(v),
        Signedness::Unsigned => (0..=umax).contains(&v).then_some(v),
        Signedness::Signless => {
            if width == 1 {
                return (0..=1).contains(&v).then_some(v).or((v == -1).then_some(1));
            }
            if (smin..=smax).contains(&v) {
                Some(v)
            } else if (0..=umax).contains(&v) {
                Some(v - (1i128 << width))
            } else {
                None
            }
        }
    }
}

/// Collapses whitespace in an opaque `<...>` body: none inside brackets next
/// to punctuation, one space elsewhere. Strings are kept byte for byte.
pub fn normalize_pretty(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    let mut pending_space = false;
    while let Some(c) = chars.next() {
        if c == '"' {
            if pending_space && needs_space(out.chars().last(), '"') {
                out.push(' ');
            }
            pending_space = false;
            out.push(c);
            while let Some(d) = chars.next() {
                out.push(d);
                if d == '\\' {
                    if let Some(e) = chars.next() {
                        out.push(e);
                    }
                } else if d == '"' {
                    break;
                }
            }
            continue;
        }
        if c.is_whitespace() {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space && needs_space(out.chars().last(), c) {
            out.push(' ');
        }
        pending_space = false;
        out.push(c);
    }
    out
}

fn needs_space(prev: Option<char>, next: char) -> bool {
    match prev {
        None => false,
        Some(p) => !matches!(p, '<' | '(' | '[' | '{') && !matches!(next, '>' | ')' | ']' | '}' | ','),
    }
}
