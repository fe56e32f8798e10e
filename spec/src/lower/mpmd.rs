//! Lowering of the `mpmd` custom op forms, types and attributes (grammar: `grammar/mpmd.pest`).
//!
//! As for sdy, ops become their generic form with upstream's attribute names
//! (`mesh_name`, `origin`, `stage_id`, `in_shardings`, `out_shardings`,
//! `callee`, `reduction`, `name`). Mesh tensor types report upstream's parse
//! errors for misplaced items (shardy-inventory §3.9).

use pest::iterators::Pair;

use super::attrs::parse_i64;
use super::sdy::{
    add_attr_dict, lower_mesh_body, lower_sharding_list, malformed, sdy_attr, sharding_of, string, unbalanced,
};
use super::{Lowerer, PResult, kids, span_of};
use crate::diag::Diagnostic;
use crate::ir::mpmd::*;
use crate::ir::sdy::SdyAttr;
use crate::ir::{Attr, OpId, Span, Type};
use crate::ops::{MpmdOp, OpKind};
use crate::parser::Rule;

/// Wraps an mpmd attribute value.
pub fn mpmd_attr(a: MpmdAttr) -> Attr {
    Attr::Mpmd(Box::new(a))
}

fn error(span: Span, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(span, msg)
}

fn first_char(span: Span) -> Span {
    Span { start: span.start, end: span.start.saturating_add(1) }
}

// ---------------------------------------------------------------- ops

/// Lowers `p` if it is one of this dialect's op rules; `Ok(None)` otherwise.
pub fn lower(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<Option<OpId>> {
    let op = match p.as_rule() {
        Rule::mpmd_return_op => lw.lower_return_like(OpKind::Mpmd(MpmdOp::Return), p, span)?,
        Rule::mpmd_call_op => lw.lower_call(OpKind::Mpmd(MpmdOp::Call), p, span)?,
        Rule::mpmd_named_computation_op => lower_region_op(lw, p, span, MpmdOp::NamedComputation)?,
        Rule::mpmd_fragment_op => lower_region_op(lw, p, span, MpmdOp::Fragment)?,
        Rule::mpmd_for_op => lower_region_op(lw, p, span, MpmdOp::For)?,
        Rule::mpmd_fragment_call_op => lower_fragment_call(lw, p, span)?,
        Rule::mpmd_named_tensor_op | Rule::mpmd_broadcast_op => lower_same_type_op(lw, p, span)?,
        Rule::mpmd_unary_op | Rule::mpmd_reduce_op => lower_functional_op(lw, p, span)?,
        Rule::mpmd_op_malformed => return Err(super::sdy::malformed_op(lw, &p)),
        _ => return Ok(None),
    };
    Ok(Some(op))
}

/// The grammar rule of an mpmd op's custom form.
pub fn op_rule(op: MpmdOp) -> Rule {
    match op {
        MpmdOp::Return => Rule::mpmd_return_op,
        MpmdOp::NamedComputation => Rule::mpmd_named_computation_op,
        MpmdOp::NamedTensor => Rule::mpmd_named_tensor_op,
        MpmdOp::Fragment => Rule::mpmd_fragment_op,
        MpmdOp::FragmentCall => Rule::mpmd_fragment_call_op,
        MpmdOp::Transfer | MpmdOp::Assign | MpmdOp::Unassign => Rule::mpmd_unary_op,
        MpmdOp::Call => Rule::mpmd_call_op,
        MpmdOp::For => Rule::mpmd_for_op,
        MpmdOp::Broadcast => Rule::mpmd_broadcast_op,
        MpmdOp::Reduce => Rule::mpmd_reduce_op,
    }
}

fn kind_of(name: &Pair<'_, Rule>) -> PResult<OpKind> {
    OpKind::from_name(name.as_str())
        .ok_or_else(|| error(span_of(name), format!("internal: unknown op '{}'", name.as_str())))
}

/// `"f"` or `"f"(n)`.
fn lower_user_origin(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<UserOrigin> {
    let k = kids(&p);
    let user_name = string(lw, &k[0])?;
    let transpose_count = match k.get(1) {
        Some(n) => parse_i64(n)?,
        None => 0,
    };
    Ok(UserOrigin { user_name, transpose_count })
}

/// `mesh="m", origin=[...]` as the `mesh_name` and `origin` attributes of `op`.
fn lower_mesh_and_origin(lw: &mut Lowerer<'_>, op: OpId, p: Pair<'_, Rule>) -> PResult<()> {
    let mut origins = vec![];
    for k in p.into_inner() {
        match k.as_rule() {
            Rule::string_lit => {
                let name = super::unquote(lw, &k)?;
                lw.m.op_mut(op).attrs.insert("mesh_name", Attr::Str(name, None));
            }
            Rule::mpmd_user_origin => origins.push(mpmd_attr(MpmdAttr::UserOrigin(lower_user_origin(lw, k)?))),
            _ => {}
        }
    }
    lw.m.op_mut(op).attrs.insert("origin", Attr::Array(origins));
    Ok(())
}

/// `mpmd.named_computation`, `mpmd.fragment` and `mpmd.for`: operands, an
/// optional attribute dictionary, a region with its arguments, and types.
fn lower_region_op(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span, kind: MpmdOp) -> PResult<OpId> {
    let op = lw.new_op(OpKind::Mpmd(kind), span);
    let mut uses = vec![];
    let (mut args, mut body, mut dict) = (None, None, None);
    let (mut ins, mut outs) = (None, None);
    for k in p.into_inner() {
        let kspan = span_of(&k);
        match k.as_rule() {
            Rule::mpmd_user_origin => {
                let origin = lower_user_origin(lw, k)?;
                lw.m.op_mut(op).attrs.insert("origin", mpmd_attr(MpmdAttr::UserOrigin(origin)));
            }
            Rule::mpmd_mesh_and_origin => lower_mesh_and_origin(lw, op, k)?,
            Rule::mpmd_stage => {
                let n = k.into_inner().nth(1).ok_or_else(|| error(kspan, "internal: missing stage"))?;
                lw.m.op_mut(op).attrs.insert("stage_id", Attr::i64(parse_i64(&n)?));
            }
            Rule::sdy_in_shardings | Rule::sdy_out_shardings => {
                let name = if k.as_rule() == Rule::sdy_in_shardings { "in_shardings" } else { "out_shardings" };
                let list = k.into_inner().nth(1).ok_or_else(|| error(kspan, "internal: missing sharding list"))?;
                let shardings = lower_sharding_list(lw, list)?;
                lw.m.op_mut(op).attrs.insert(name, sdy_attr(SdyAttr::ShardingPerValue(shardings)));
            }
            Rule::value_list => uses = k.into_inner().collect(),
            Rule::attr_dict => dict = Some(k),
            Rule::region_args => args = Some(k),
            Rule::region => body = Some(k),
            Rule::function_type => {
                let (i, o) = lw.lower_function_type(k)?;
                ins = Some(i);
                outs = Some(o);
            }
            // `mpmd.for`: the result types, which are also the operand types.
            Rule::type_list_bare => {
                let types = lw.lower_type_list(k)?;
                ins = Some(types.clone());
                outs = Some(types);
            }
            _ => {}
        }
    }
    let (Some(args), Some(body)) = (args, body) else {
        return lw.err(span, "internal: incomplete region op");
    };
    let ins = ins.unwrap_or_default();
    lw.add_operands_typed(op, &uses, &ins, span)?;
    lw.add_results(op, outs.unwrap_or_default());
    if let Some(d) = dict {
        add_attr_dict(lw, op, d)?;
    }
    let entry = lw.lower_region_args(args)?;
    // As in MLIR, the custom form's region is not an isolated name scope: a
    // use of an outer value parses, and the verifier rejects it.
    lw.lower_region(op, body, entry, false)?;
    Ok(op)
}

/// `mpmd.fragment_call<mesh="m", origin=[...]> @f(%a) {attrs} : (T) -> U`.
fn lower_fragment_call(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let op = lw.new_op(OpKind::Mpmd(MpmdOp::FragmentCall), span);
    let mut uses = vec![];
    let mut dict = None;
    let mut types = None;
    for k in p.into_inner() {
        match k.as_rule() {
            Rule::mpmd_mesh_and_origin => lower_mesh_and_origin(lw, op, k)?,
            Rule::symbol_ref => {
                let callee = lw.lower_symbol_ref(&k)?;
                lw.m.op_mut(op).attrs.insert("callee", callee);
            }
            Rule::value_list => uses = k.into_inner().collect(),
            Rule::attr_dict => dict = Some(k),
            Rule::function_type => types = Some(lw.lower_function_type(k)?),
            _ => {}
        }
    }
    let (ins, outs) = types.ok_or_else(|| error(span, "internal: missing function type"))?;
    lw.add_operands_typed(op, &uses, &ins, span)?;
    lw.add_results(op, outs);
    if let Some(d) = dict {
        add_attr_dict(lw, op, d)?;
    }
    Ok(op)
}

/// `mpmd.named_tensor %x name="n" {attrs} : T` and `mpmd.broadcast {attrs} %x : T`.
fn lower_same_type_op(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(kind_of(&k[0])?, span);
    let (mut use_pair, mut dict, mut ty) = (None, None, None);
    for c in &k[1..] {
        match c.as_rule() {
            Rule::value_use => use_pair = Some(c.clone()),
            Rule::string_lit => {
                let name = super::unquote(lw, c)?;
                lw.m.op_mut(op).attrs.insert("name", Attr::Str(name, None));
            }
            Rule::attr_dict => dict = Some(c.clone()),
            Rule::r#type => ty = Some(lw.lower_type(c.clone())?),
            _ => {}
        }
    }
    let (Some(u), Some(ty)) = (use_pair, ty) else {
        return lw.err(span, "internal: incomplete op");
    };
    if let Some(d) = dict {
        add_attr_dict(lw, op, d)?;
    }
    lw.add_operand(op, &u, Some(&ty))?;
    lw.add_results(op, [ty]);
    Ok(op)
}

/// `mpmd.transfer|assign|unassign {attrs} %x : (T) -> U` and
/// `mpmd.reduce<kind> {attrs} %a, %b : (T, T) -> T`.
fn lower_functional_op(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(kind_of(&k[0])?, span);
    let mut uses = vec![];
    let (mut dict, mut types) = (None, None);
    for c in &k[1..] {
        match c.as_rule() {
            Rule::mpmd_reduction => {
                let r = lower_reduction(c)?;
                lw.m.op_mut(op).attrs.insert("reduction", mpmd_attr(MpmdAttr::Reduction(r)));
            }
            Rule::value_use => uses.push(c.clone()),
            Rule::value_list => uses.extend(c.clone().into_inner()),
            Rule::attr_dict => dict = Some(c.clone()),
            Rule::function_type => types = Some(lw.lower_function_type(c.clone())?),
            _ => {}
        }
    }
    let (ins, outs) = types.ok_or_else(|| error(span, "internal: missing function type"))?;
    if let Some(d) = dict {
        add_attr_dict(lw, op, d)?;
    }
    lw.add_operands_typed(op, &uses, &ins, span)?;
    lw.add_results(op, outs);
    Ok(op)
}

/// `<add>`
fn lower_reduction(p: &Pair<'_, Rule>) -> PResult<Reduction> {
    let word = p.clone().into_inner().next().ok_or_else(|| error(span_of(p), "internal: missing reduction"))?;
    Reduction::from_keyword(word.as_str()).ok_or_else(|| {
        error(
            span_of(&word),
            format!("expected one of [none, add, max, min, mul, or, and] for reduction type, got: {}", word.as_str()),
        )
    })
}

// ---------------------------------------------------------------- types

/// Lowers an `mpmd_type` pair.
pub fn lower_type(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<Type> {
    let span = span_of(&p);
    let p = if p.as_rule() == Rule::mpmd_type {
        p.into_inner().next().ok_or_else(|| error(span, "internal: empty mpmd type"))?
    } else {
        p
    };
    match p.as_rule() {
        Rule::mpmd_mesh_tensor => Ok(Type::MeshTensor(Box::new(lower_mesh_tensor(lw, p)?))),
        Rule::mpmd_type_unbalanced => Err(unbalanced(span)),
        _ => Err(malformed(&p, "mpmd")),
    }
}

/// `!mpmd.mesh_tensor<"m", tensor<...>[, sharding=<...>][, memory_kind="..."]>`.
/// The items after the tensor type are checked in upstream's order: an
/// optional sharding, then an optional memory kind, then `>`.
fn lower_mesh_tensor(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<MeshTensorType> {
    let k = kids(&p);
    let mesh_name = string(lw, &k[1])?;
    let tspan = span_of(&k[2]);
    let tensor = match lw.lower_type(k[2].clone())? {
        Type::Tensor(t) if t.shape.is_some() => t,
        _ => return lw.err(tspan, "invalid kind of type specified"),
    };
    let mut mt = MeshTensorType::new(mesh_name, tensor);
    let items: Vec<_> = k[3..].iter().filter(|c| c.as_rule() == Rule::mpmd_mt_item).collect();
    let trailing = k.last().filter(|c| c.as_rule() == Rule::mpmd_mt_bad && !c.as_str().is_empty());
    // What must come next: 0 = a sharding or a memory kind, 1 = a memory kind, 2 = `>`.
    let mut state = 0;
    for item in &items {
        let ispan = span_of(item);
        let Some(content) = (*item).clone().into_inner().next() else {
            return lw.err(ispan, "internal: empty item");
        };
        if state == 2 {
            return lw.err(first_char(ispan), "expected '>'");
        }
        match content.as_rule() {
            Rule::mpmd_mt_sharding if state == 0 => {
                let Some(value) = content.clone().into_inner().nth(1) else {
                    return lw.err(ispan, "internal: empty sharding");
                };
                if value.as_rule() == Rule::mpmd_mt_bad {
                    return lw.err(first_char(span_of(&value)), "expected '<'");
                }
                mt.sharding = Some(sharding_of(lw, value)?);
                state = 1;
            }
            Rule::mpmd_mt_memory_kind => {
                let Some(value) = content.clone().into_inner().nth(1) else {
                    return lw.err(ispan, "internal: empty memory kind");
                };
                mt.memory_kind = Some(string(lw, &value)?);
                state = 2;
            }
            _ => return lw.err(first_char(span_of(&content)), "expected 'memory_kind'"),
        }
    }
    if let Some(t) = trailing {
        let msg = if items.is_empty() { "expected ','" } else { "expected '>'" };
        return lw.err(first_char(span_of(t)), msg);
    }
    Ok(mt)
}

// ---------------------------------------------------------------- attributes

fn lower_named_mesh(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<NamedMesh> {
    let k = kids(&p);
    Ok(NamedMesh { name: string(lw, &k[0])?, mesh: lower_mesh_body(lw, k[1].clone())? })
}

fn lower_mesh_with_origins(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<MeshWithOrigins> {
    let k = kids(&p);
    let mesh_name = string(lw, &k[0])?;
    let origins = k[1..].iter().map(|o| Ok(Origin { label: string(lw, o)? })).collect::<PResult<_>>()?;
    Ok(MeshWithOrigins { mesh_name, origins })
}

/// Lowers an `mpmd_attr` pair.
pub fn lower_attr(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<Attr> {
    let span = span_of(&p);
    let p = if p.as_rule() == Rule::mpmd_attr {
        p.into_inner().next().ok_or_else(|| error(span, "internal: empty mpmd attribute"))?
    } else {
        p
    };
    let k = kids(&p);
    let a = match p.as_rule() {
        Rule::mpmd_topology_attr => MpmdAttr::Topology(Topology {
            meshes: k[1..].iter().map(|m| lower_named_mesh(lw, m.clone())).collect::<PResult<_>>()?,
        }),
        Rule::mpmd_named_mesh_attr => MpmdAttr::NamedMesh(lower_named_mesh(lw, k[1].clone())?),
        Rule::mpmd_user_origin_attr => MpmdAttr::UserOrigin(lower_user_origin(lw, k[1].clone())?),
        Rule::mpmd_reduction_attr => MpmdAttr::Reduction(lower_reduction(&k[1])?),
        Rule::mpmd_meshes_with_origins_attr => MpmdAttr::MeshesWithOrigins(
            k[1..].iter().map(|m| lower_mesh_with_origins(lw, m.clone())).collect::<PResult<_>>()?,
        ),
        Rule::mpmd_generic_attr => match (k[0].as_rule(), k.get(1)) {
            (Rule::mpmd_kw_origin, Some(s)) => MpmdAttr::Origin(Origin { label: string(lw, s)? }),
            (_, Some(m)) => MpmdAttr::MeshWithOrigins(lower_mesh_with_origins(lw, m.clone())?),
            (_, None) => return lw.err(span, "internal: malformed generic mpmd attribute"),
        },
        Rule::mpmd_attr_unbalanced => return Err(unbalanced(span)),
        _ => return Err(malformed(&p, "mpmd")),
    };
    Ok(mpmd_attr(a))
}
