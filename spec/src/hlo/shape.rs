//! HLO shapes as IR types, and back.
//!
//! An array shape `f32[2,<=8]{1,0:T(8,128)}` becomes a ranked `TensorType`; its layout and which of
//! its dimensions are bounded-dynamic (`<=N`) ride in the tensor's `encoding` as a dictionary
//! (`layout`: the layout's canonical text; `dynamic`: the dimension numbers), so that types compare
//! structurally and layouts survive printing. An unbounded dimension `?` is a dynamic `Dim`. Tuples
//! are `Type::Tuple`, `token[]` is `Type::Token`, and a buffer shape `b(...)` is an opaque
//! `hlo.buffer` type holding its element shape's text.
//!
//! Invariant: `print_shape(lower_shape(s))` is the canonical spelling of `s`, and lowering that
//! spelling again gives the same type.

use pest::iterators::Pair;

use super::{Rule, tok};
use crate::diag::Diagnostic;
use crate::ir::{Attr, DenseArray, Dict, ElemType, FloatKind, Signedness, Span, TensorType, Type};

fn span_of(p: &Pair<'_, Rule>) -> Span {
    Span::new(p.as_span().start(), p.as_span().end())
}

/// The element type an HLO type name denotes (`pred`, `s32`, `u4`, `bf16`, `f8e4m3fn`, `c64`).
pub fn elem_type(name: &str) -> Option<ElemType> {
    match name {
        "pred" => return Some(ElemType::I1),
        "c64" => return Some(ElemType::Complex(Box::new(ElemType::F32))),
        "c128" => return Some(ElemType::Complex(Box::new(ElemType::F64))),
        _ => {}
    }
    let int = |prefix: char, signedness: Signedness| -> Option<ElemType> {
        let w: u32 = name.strip_prefix(prefix)?.parse().ok()?;
        matches!(w, 1 | 2 | 4 | 8 | 16 | 32 | 64).then_some(ElemType::Int { width: w, signedness })
    };
    if let Some(t) = int('s', Signedness::Signless).or_else(|| int('u', Signedness::Unsigned)) {
        return Some(t);
    }
    FloatKind::ALL
        .into_iter()
        .filter(|k| {
            !matches!(k, FloatKind::TF32 | FloatKind::F80 | FloatKind::F128 | FloatKind::F6E2M3FN | FloatKind::F6E3M2FN)
        })
        .find(|k| k.name().eq_ignore_ascii_case(name))
        .map(ElemType::Float)
}

/// XLA's lower-case name of an element type.
pub fn elem_name(e: &ElemType) -> String {
    match e {
        ElemType::Int { width: 1, signedness: Signedness::Signless } => "pred".into(),
        ElemType::Int { width, signedness: Signedness::Unsigned } => format!("u{width}"),
        ElemType::Int { width, .. } => format!("s{width}"),
        ElemType::Float(k) => k.name().to_ascii_lowercase(),
        ElemType::Complex(inner) if **inner == ElemType::F64 => "c128".into(),
        ElemType::Complex(_) => "c64".into(),
        ElemType::Index => "s64".into(),
        ElemType::Quant(q) => elem_name(&q.storage),
    }
}

/// Lowers a `shape` pair.
pub fn lower_shape(p: Pair<'_, Rule>) -> Result<Type, Diagnostic> {
    let span = span_of(&p);
    let inner = match p.as_rule() {
        Rule::shape => p.into_inner().next().ok_or_else(|| Diagnostic::error(span, "expects a shape"))?,
        _ => p,
    };
    match inner.as_rule() {
        Rule::tuple_shape => Ok(Type::Tuple(inner.into_inner().map(lower_shape).collect::<Result<_, _>>()?)),
        Rule::buffer_shape => {
            let elem = inner.into_inner().next().ok_or_else(|| Diagnostic::error(span, "expects a shape"))?;
            let t = lower_shape(elem)?;
            Ok(Type::Opaque { name: "hlo.buffer".into(), body: Some(print_shape(&t)) })
        }
        Rule::array_shape => {
            let mut parts = inner.into_inner();
            let et = parts.next().ok_or_else(|| Diagnostic::error(span, "expects an element type"))?;
            let name = et.as_str();
            let mut dims = vec![];
            let mut dynamic = vec![];
            let mut layout = None;
            for part in parts {
                match part.as_rule() {
                    Rule::dim => {
                        let d = part.as_str();
                        if d == "?" {
                            dims.push(None);
                        } else {
                            let (n, bounded) = match d.strip_prefix("<=") {
                                Some(n) => (n, true),
                                None => (d, false),
                            };
                            let v: u64 = n.parse().map_err(|_| Diagnostic::error(span_of(&part), "expects integer"))?;
                            if bounded {
                                dynamic.push(dims.len() as i64);
                            }
                            dims.push(Some(v));
                        }
                    }
                    Rule::layout => {
                        let lspan = span_of(&part);
                        let body = part.into_inner().next();
                        let items = body.map(|b| tok::from_pairs(b.into_inner())).unwrap_or_default();
                        check_layout(&items, dims.len(), lspan)?;
                        layout = Some(tok::canonical(&items));
                    }
                    _ => {}
                }
            }
            if name == "token" {
                return Ok(Type::Token);
            }
            if name == "opaque" {
                return Ok(Type::Opaque { name: "hlo.opaque".into(), body: None });
            }
            let elem = elem_type(name)
                .ok_or_else(|| Diagnostic::error(span_of(&et), format!("unknown primitive type {name}")))?;
            let mut enc = Dict::default();
            if !dynamic.is_empty() {
                enc.insert("dynamic", Attr::DenseArray(DenseArray::i64s(dynamic)));
            }
            if let Some(l) = layout {
                enc.insert("layout", Attr::Opaque(l));
            }
            let encoding = (!enc.is_empty()).then(|| Box::new(Attr::Dict(enc)));
            Ok(Type::Tensor(TensorType { shape: Some(dims), elem, encoding }))
        }
        _ => Err(Diagnostic::error(span, "expects a shape")),
    }
}

/// The minor-to-major list of a layout must name every dimension once.
fn check_layout(items: &[(bool, tok::Tok)], rank: usize, span: Span) -> Result<(), Diagnostic> {
    let mut minor_to_major = 0usize;
    for (_, t) in items {
        match t {
            tok::Tok::Word(w) if w.starts_with(':') => break,
            tok::Tok::Word(w) if w.parse::<i64>().is_ok() => minor_to_major += 1,
            tok::Tok::Word(w) if w.contains(':') => {
                minor_to_major += 1;
                break;
            }
            _ => {}
        }
    }
    if minor_to_major != rank && minor_to_major != 0 {
        return Err(Diagnostic::error(
            span,
            format!("Dimensions size is {rank}, but minor to major size is {minor_to_major}."),
        ));
    }
    Ok(())
}

/// The layout text of an array type, if it has one.
pub fn layout_of(t: &TensorType) -> Option<&str> {
    match t.encoding.as_deref() {
        Some(Attr::Dict(d)) => match d.get("layout") {
            Some(Attr::Opaque(s)) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

fn dynamic_of(t: &TensorType) -> Vec<i64> {
    match t.encoding.as_deref() {
        Some(Attr::Dict(d)) => {
            d.get("dynamic").and_then(Attr::as_dense_array).map(DenseArray::as_i64).unwrap_or_default()
        }
        _ => vec![],
    }
}

/// XLA's spelling of a shape.
pub fn print_shape(t: &Type) -> String {
    let mut s = String::new();
    write_shape(&mut s, t);
    s
}

/// XLA's `ShapeUtil::HumanString`: the shape without layouts (computation signatures).
pub fn print_shape_human(t: &Type) -> String {
    let mut s = String::new();
    write_shape_opts(&mut s, t, false);
    s
}

pub fn write_shape(out: &mut String, t: &Type) {
    write_shape_opts(out, t, true)
}

fn write_shape_opts(out: &mut String, t: &Type, layouts: bool) {
    match t {
        Type::Tuple(elems) => {
            out.push('(');
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_shape_opts(out, e, layouts);
            }
            out.push(')');
        }
        Type::Token => out.push_str("token[]"),
        Type::Opaque { name, body } if name == "hlo.buffer" => {
            out.push_str("b(");
            out.push_str(body.as_deref().unwrap_or(""));
            out.push(')');
        }
        Type::Opaque { name, .. } if name == "hlo.opaque" => out.push_str("opaque[]"),
        Type::Tensor(tt) => {
            out.push_str(&elem_name(&tt.elem));
            out.push('[');
            let dynamic = dynamic_of(tt);
            for (i, d) in tt.shape.iter().flatten().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                match d {
                    None => out.push('?'),
                    Some(n) => {
                        if dynamic.contains(&(i as i64)) {
                            out.push_str("<=");
                        }
                        out.push_str(&n.to_string());
                    }
                }
            }
            out.push(']');
            if let Some(l) = layout_of(tt).filter(|_| layouts) {
                out.push('{');
                out.push_str(l);
                out.push('}');
            }
        }
        other => out.push_str(&format!("{other:?}")),
    }
}

/// The type without layouts and dynamic-dimension marks (XLA's `ShapeUtil::Compatible` ignores them).
pub fn without_layout(t: &Type) -> Type {
    match t {
        Type::Tuple(e) => Type::Tuple(e.iter().map(without_layout).collect()),
        Type::Tensor(tt) => {
            let mut tt = tt.clone();
            if let Some(Attr::Dict(d)) = tt.encoding.as_deref_mut() {
                d.remove("layout");
                d.remove("dynamic");
                if d.is_empty() {
                    tt.encoding = None;
                }
            }
            Type::Tensor(tt)
        }
        other => other.clone(),
    }
}

/// Whether two shapes agree up to layout.
pub fn compatible(a: &Type, b: &Type) -> bool {
    without_layout(a) == without_layout(b)
}
