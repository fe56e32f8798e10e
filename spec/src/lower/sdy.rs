//! Lowering of the `sdy` custom op forms and attributes (grammar: `grammar/sdy.pest`).
//!
//! Ops become their generic form: inherent attributes under their upstream
//! ODS names (`out_sharding`, `gathering_axes`, `reduction_op`, ...), so that
//! the custom and the generic spelling of an op give equal IR. Enum
//! attributes (`reduction_op`, `allowed_direction`) are `i32` integers, as
//! upstream's specialized enum attributes are; `reduction_op` is stored only
//! when it is not the default `sum`.
//!
//! Parse errors that upstream reports with a specific message (shardy-inventory
//! §3.6, the `*_parsing_failure.mlir` tests) are produced here from the
//! permissive `*_bad` pairs and tokens of the grammar, at the offending token.

use pest::iterators::Pair;

use super::attrs::parse_i64;
use super::{Lowerer, PResult, kids, span_of, symbol_text};
use crate::diag::Diagnostic;
use crate::ir::sdy::*;
use crate::ir::{Attr, ElemType, IntAttr, OpId, Span, Type};
use crate::ops::{OpKind, SdyOp};
use crate::parser::Rule;

/// Upstream's message for a comma in a tensor sharding not followed by a
/// (first) `replicated=` or `unreduced=` list.
const AFTER_COMMA: &str = "failed to parse Sdy_TensorSharding, expected valid named axis list after comma";

/// Wraps an sdy attribute value.
pub fn sdy_attr(a: SdyAttr) -> Attr {
    Attr::Sdy(Box::new(a))
}

/// An `i32` integer attribute (upstream's specialized enum attributes).
pub fn i32_attr(v: i32) -> Attr {
    Attr::Int(IntAttr { value: v.into(), ty: Some(ElemType::I32) })
}

fn error(span: Span, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(span, msg)
}

/// A span of `len` bytes at `start`.
fn at(start: u32, len: usize) -> Span {
    Span::new(start as usize, start as usize + len)
}

/// The position just before the last character of `p` (its closing bracket).
fn closing(p: &Pair<'_, Rule>) -> Span {
    let s = span_of(p);
    at(s.end.saturating_sub(1), 1)
}

/// Decodes a `string_lit` pair into UTF-8 text.
pub fn string(lw: &Lowerer<'_>, p: &Pair<'_, Rule>) -> PResult<String> {
    let bytes = super::unquote(lw, p)?;
    String::from_utf8(bytes).map_err(|_| error(span_of(p), "expected a UTF-8 string"))
}

/// Adds the entries of an `attr_dict` pair to `op`, rejecting names the op
/// already has (its inherent attributes).
pub fn add_attr_dict(lw: &mut Lowerer<'_>, op: OpId, p: Pair<'_, Rule>) -> PResult<()> {
    let span = span_of(&p);
    let d = lw.lower_dict_any(p)?;
    for (name, value) in d.0 {
        if lw.m.op(op).attrs.contains(&name) {
            return lw.err(span, format!("attribute '{name}' occurs more than once in the attribute list"));
        }
        lw.m.op_mut(op).attrs.insert(name, value);
    }
    Ok(())
}

/// An attribute that an op's syntax holds stripped, also accepted in full
/// form: `stripped` lowers the stripped pair; a full `sdy_attr` must be of
/// the kind `pick` extracts.
fn stripped_or_full<T>(
    lw: &mut Lowerer<'_>,
    p: Pair<'_, Rule>,
    stripped: impl FnOnce(&mut Lowerer<'_>, Pair<'_, Rule>) -> PResult<T>,
    pick: impl FnOnce(SdyAttr) -> Option<T>,
) -> PResult<T> {
    if p.as_rule() != Rule::sdy_attr {
        return stripped(lw, p);
    }
    let span = span_of(&p);
    match lower_attr(lw, p)? {
        Attr::Sdy(a) => pick(*a).ok_or_else(|| error(span, "invalid kind of attribute specified")),
        _ => Err(error(span, "invalid kind of attribute specified")),
    }
}

/// A tensor sharding, stripped (`<@m, [...]>`) or full (`#sdy.sharding<...>`).
pub fn sharding_of(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<TensorSharding> {
    stripped_or_full(lw, p, lower_tensor_sharding, |a| match a {
        SdyAttr::Sharding(s) => Some(s),
        _ => None,
    })
}

// ---------------------------------------------------------------- ops

/// Lowers `p` if it is one of this dialect's op rules; `Ok(None)` otherwise.
pub fn lower(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<Option<OpId>> {
    let op = match p.as_rule() {
        Rule::sdy_mesh_op => lower_mesh_op(lw, p, span)?,
        Rule::sdy_constraint_op => lower_constraint(lw, p, span)?,
        Rule::sdy_return_op => lw.lower_return_like(OpKind::Sdy(SdyOp::Return), p, span)?,
        Rule::sdy_manual_computation_op => lower_region_op(lw, p, span, SdyOp::ManualComputation)?,
        Rule::sdy_named_computation_op => lower_region_op(lw, p, span, SdyOp::NamedComputation)?,
        Rule::sdy_sharding_group_op => lower_sharding_group(lw, p, span)?,
        Rule::sdy_constant_op => lower_constant(lw, p, span)?,
        Rule::sdy_data_flow_edge_op | Rule::sdy_propagation_barrier_op | Rule::sdy_func_data_flow_edge_op => {
            lower_identity_op(lw, p, span)?
        }
        Rule::sdy_collective_op => lower_collective(lw, p, span)?,
        Rule::sdy_op_malformed => return Err(malformed_op(lw, &p)),
        _ => return Ok(None),
    };
    Ok(Some(op))
}

/// The grammar rule of an sdy op's custom form.
fn op_rule(op: SdyOp) -> Rule {
    match op {
        SdyOp::Mesh => Rule::sdy_mesh_op,
        SdyOp::ShardingConstraint | SdyOp::Reshard => Rule::sdy_constraint_op,
        SdyOp::Return => Rule::sdy_return_op,
        SdyOp::ManualComputation => Rule::sdy_manual_computation_op,
        SdyOp::ShardingGroup => Rule::sdy_sharding_group_op,
        SdyOp::Constant => Rule::sdy_constant_op,
        SdyOp::DataFlowEdge => Rule::sdy_data_flow_edge_op,
        SdyOp::PropagationBarrier => Rule::sdy_propagation_barrier_op,
        SdyOp::NamedComputation => Rule::sdy_named_computation_op,
        SdyOp::FuncDataFlowEdge => Rule::sdy_func_data_flow_edge_op,
        SdyOp::AllGather
        | SdyOp::AllSlice
        | SdyOp::AllToAll
        | SdyOp::CollectivePermute
        | SdyOp::AllReduce
        | SdyOp::ReduceScatter
        | SdyOp::ShardedToUnreduced
        | SdyOp::ReplicatedToUnreduced => Rule::sdy_collective_op,
    }
}

/// Reports an `sdy.`/`mpmd.` custom op that matched none of its dialect's
/// forms: re-parses the source from the op with its form's rule, to locate
/// the first token that does not fit.
pub fn malformed_op(lw: &Lowerer<'_>, p: &Pair<'_, Rule>) -> Diagnostic {
    let span = span_of(p);
    let name: String = p.as_str().chars().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.')).collect();
    let rule = match OpKind::from_name(&name) {
        Some(OpKind::Sdy(k)) => op_rule(k),
        Some(OpKind::Mpmd(k)) => super::mpmd::op_rule(k),
        _ => {
            return error(
                span,
                format!("custom op '{name}' is unknown (its generic form \"{name}\"(...) is accepted)"),
            );
        }
    };
    let start = span.start as usize;
    let text = lw.src.get(start..).unwrap_or_default();
    // MLIR prefixes the errors of a custom op's parser with `custom op 'NAME' `.
    reparse_error(rule, text, span.start, &format!("custom op '{name}' "))
        .unwrap_or_else(|| error(span, format!("failed to parse custom op '{name}'")))
}

/// The op kind an op-name keyword pair names.
fn kind_of(name: &Pair<'_, Rule>) -> PResult<OpKind> {
    OpKind::from_name(name.as_str())
        .ok_or_else(|| error(span_of(name), format!("internal: unknown op '{}'", name.as_str())))
}

fn lower_mesh_op(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let op = lw.new_op(OpKind::Sdy(SdyOp::Mesh), span);
    let mut dict = None;
    for k in p.into_inner() {
        match k.as_rule() {
            Rule::symbol_name => {
                let name = symbol_text(lw, &k)?;
                lw.m.op_mut(op).attrs.insert("sym_name", Attr::Str(name.into_bytes(), None));
            }
            Rule::sdy_mesh_body | Rule::sdy_attr => {
                let mesh = stripped_or_full(lw, k, lower_mesh_body, |a| match a {
                    SdyAttr::Mesh(m) => Some(m),
                    _ => None,
                })?;
                lw.m.op_mut(op).attrs.insert("mesh", sdy_attr(SdyAttr::Mesh(mesh)));
            }
            Rule::attr_dict => dict = Some(k),
            _ => {}
        }
    }
    if let Some(d) = dict {
        add_attr_dict(lw, op, d)?;
    }
    Ok(op)
}

/// `sdy.sharding_constraint` and `sdy.reshard`: `%x <sharding> {attrs} : T`.
fn lower_constraint(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let kind = kind_of(&k[0])?;
    let op = lw.new_op(kind, span);
    let sharding = sharding_of(lw, k[2].clone())?;
    lw.m.op_mut(op).attrs.insert("sharding", sdy_attr(SdyAttr::Sharding(sharding)));
    let mut ty = None;
    for extra in &k[3..] {
        match extra.as_rule() {
            Rule::attr_dict => add_attr_dict(lw, op, extra.clone())?,
            Rule::r#type => ty = Some(lw.lower_type(extra.clone())?),
            _ => {}
        }
    }
    let ty = ty.ok_or_else(|| error(span, "internal: missing type"))?;
    lw.add_operand(op, &k[1], Some(&ty))?;
    lw.add_results(op, [ty]);
    Ok(op)
}

/// `sdy.manual_computation` and `sdy.named_computation`.
fn lower_region_op(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span, kind: SdyOp) -> PResult<OpId> {
    let op = lw.new_op(OpKind::Sdy(kind), span);
    let mut uses = vec![];
    let (mut args, mut body, mut dict, mut fty) = (None, None, None, None);
    for k in p.into_inner() {
        match k.as_rule() {
            Rule::string_lit => {
                let name = super::unquote(lw, &k)?;
                lw.m.op_mut(op).attrs.insert("name", Attr::Str(name, None));
            }
            Rule::value_list => uses = k.into_inner().collect(),
            Rule::sdy_in_shardings | Rule::sdy_out_shardings => {
                let name = if k.as_rule() == Rule::sdy_in_shardings { "in_shardings" } else { "out_shardings" };
                let list = k.into_inner().nth(1).ok_or_else(|| error(span, "internal: missing sharding list"))?;
                let shardings = lower_sharding_list(lw, list)?;
                lw.m.op_mut(op).attrs.insert(name, sdy_attr(SdyAttr::ShardingPerValue(shardings)));
            }
            Rule::sdy_manual_axes | Rule::sdy_attr => {
                let axes = stripped_or_full(lw, k, lower_manual_axes, |a| match a {
                    SdyAttr::ManualAxes(m) => Some(m),
                    _ => None,
                })?;
                lw.m.op_mut(op).attrs.insert("manual_axes", sdy_attr(SdyAttr::ManualAxes(axes)));
            }
            Rule::region_args => args = Some(k),
            Rule::region => body = Some(k),
            Rule::attr_dict => dict = Some(k),
            Rule::function_type => fty = Some(k),
            _ => {}
        }
    }
    let (Some(args), Some(body), Some(fty)) = (args, body, fty) else {
        return lw.err(span, "internal: incomplete region op");
    };
    let (ins, outs) = lw.lower_function_type(fty)?;
    lw.add_operands_typed(op, &uses, &ins, span)?;
    lw.add_results(op, outs);
    let entry = lw.lower_region_args(args)?;
    // As in MLIR, the custom form's region is not an isolated name scope: a
    // use of an outer value parses, and the verifier rejects it.
    lw.lower_region(op, body, entry, false)?;
    if let Some(d) = dict {
        add_attr_dict(lw, op, d)?;
    }
    Ok(op)
}

fn lower_sharding_group(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Sdy(SdyOp::ShardingGroup), span);
    let id = parse_i64(&k[3])?;
    lw.m.op_mut(op).attrs.insert("group_id", Attr::i64(id));
    let mut ty = None;
    for extra in &k[4..] {
        match extra.as_rule() {
            Rule::attr_dict => add_attr_dict(lw, op, extra.clone())?,
            Rule::r#type => ty = Some(lw.lower_type(extra.clone())?),
            _ => {}
        }
    }
    let ty = ty.ok_or_else(|| error(span, "internal: missing type"))?;
    lw.add_operand(op, &k[1], Some(&ty))?;
    Ok(op)
}

/// `sdy.constant {attrs} dense<...> : T` or `sdy.constant() <{value = ...}> {attrs} : () -> T`.
fn lower_constant(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let op = lw.new_op(OpKind::Sdy(SdyOp::Constant), span);
    let mut dict = None;
    for k in p.into_inner() {
        match k.as_rule() {
            Rule::attr_dict => dict = Some(k),
            Rule::dense_attr | Rule::dense_resource_attr => {
                // The elements literal's type must be static (upstream checks it while parsing).
                let ty = match k.clone().into_inner().find(|t| t.as_rule() == Rule::r#type) {
                    Some(t) => lw.lower_type(t)?,
                    None => return lw.err(span_of(&k), "expected ':' and a type after the constant's value"),
                };
                if !matches!(&ty, Type::Tensor(t) if t.static_shape().is_some()) {
                    return lw.err(span_of(&k), "elements literal type must have static shape");
                }
                let value = lw.lower_attr(k)?;
                lw.m.op_mut(op).attrs.insert("value", value);
                lw.add_results(op, [ty]);
            }
            Rule::sdy_constant_paren => {
                for c in k.into_inner() {
                    match c.as_rule() {
                        Rule::properties => {
                            let d = c.into_inner().next().ok_or_else(|| error(span, "internal: empty properties"))?;
                            add_attr_dict(lw, op, d)?;
                        }
                        Rule::attr_dict => add_attr_dict(lw, op, c)?,
                        Rule::function_type => {
                            let fspan = span_of(&c);
                            let (ins, outs) = lw.lower_function_type(c)?;
                            if !ins.is_empty() || outs.len() != 1 {
                                return lw.err(fspan, "expected a function type '() -> T' for sdy.constant");
                            }
                            lw.add_results(op, outs);
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    if let Some(d) = dict {
        add_attr_dict(lw, op, d)?;
    }
    Ok(op)
}

/// `sdy.data_flow_edge %x sharding=<...>`, `sdy.propagation_barrier %x
/// allowed_direction=D`, `sdy.func_data_flow_edge %x`: one operand, a result
/// of the same type.
fn lower_identity_op(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let kind = kind_of(&k[0])?;
    let op = lw.new_op(kind, span);
    let mut ty = None;
    for extra in &k[2..] {
        match extra.as_rule() {
            Rule::sdy_tensor_sharding | Rule::sdy_attr => {
                let s = sharding_of(lw, extra.clone())?;
                lw.m.op_mut(op).attrs.insert("sharding", sdy_attr(SdyAttr::Sharding(s)));
            }
            Rule::sdy_word => {
                let Some(d) = PropagationDirection::from_keyword(extra.as_str()) else {
                    return lw.err(
                        span_of(extra),
                        format!(
                            "expected one of [NONE, FORWARD, BACKWARD, BOTH] for propagation direction enum, got: {}",
                            extra.as_str()
                        ),
                    );
                };
                lw.m.op_mut(op).attrs.insert("allowed_direction", i32_attr(d.to_i32()));
            }
            Rule::attr_dict => add_attr_dict(lw, op, extra.clone())?,
            Rule::r#type => ty = Some(lw.lower_type(extra.clone())?),
            _ => {}
        }
    }
    let ty = ty.ok_or_else(|| error(span, "internal: missing type"))?;
    lw.add_operand(op, &k[1], Some(&ty))?;
    lw.add_results(op, [ty]);
    Ok(op)
}

/// The eight collectives: `name [reduction] [axes] %x out_sharding=<...> {attrs} : T`.
fn lower_collective(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let kind = kind_of(&k[0])?;
    let OpKind::Sdy(sdy_kind) = kind else {
        return lw.err(span, "internal: not an sdy op");
    };
    let Some(CollectiveSpec { axes: axes_kind, axes_attr: axes_name, has_reduction }) = collective_spec(sdy_kind)
    else {
        return lw.err(span, "internal: not a collective");
    };
    let op = lw.new_op(kind, span);
    let mut ty = None;
    let mut use_pair = None;
    let mut saw_axes = false;
    for c in &k[1..] {
        let cspan = span_of(c);
        match c.as_rule() {
            Rule::sdy_reduction_kw => {
                if !has_reduction {
                    return lw.err(cspan, format!("'{}' takes no reduction kind", kind.name()));
                }
                let r = ReductionKind::from_keyword(c.as_str()).unwrap_or_default();
                if r != ReductionKind::Sum {
                    lw.m.op_mut(op).attrs.insert("reduction_op", i32_attr(r.to_i32()));
                }
            }
            Rule::sdy_tensor_sharding | Rule::sdy_attr if use_pair.is_some() => {
                let s = sharding_of(lw, c.clone())?;
                lw.m.op_mut(op).attrs.insert("out_sharding", sdy_attr(SdyAttr::Sharding(s)));
            }
            Rule::sdy_attr => {
                saw_axes = true;
                let value = match lower_attr(lw, c.clone())? {
                    Attr::Sdy(a) => *a,
                    _ => return lw.err(cspan, "invalid kind of attribute specified"),
                };
                if !axes_kind.fits(&value) {
                    return lw.err(cspan, "invalid kind of attribute specified");
                }
                lw.m.op_mut(op).attrs.insert(axes_name, sdy_attr(value));
            }
            Rule::sdy_all_to_all_params | Rule::sdy_list_of_axis_lists | Rule::sdy_axis_list => {
                saw_axes = true;
                let value = match (axes_kind, c.as_rule()) {
                    (CollectiveAxes::AllToAll, Rule::sdy_all_to_all_params) => {
                        SdyAttr::AllToAllParamList(lower_all_to_all_params(lw, c.clone())?)
                    }
                    (CollectiveAxes::PerDim, Rule::sdy_list_of_axis_lists) => {
                        SdyAttr::ListOfAxisRefLists(lower_list_of_axis_lists(lw, c.clone())?)
                    }
                    // `[]` reads as an empty all-to-all parameter list; it is also an empty per-dim list.
                    (CollectiveAxes::PerDim, Rule::sdy_all_to_all_params)
                        if c.clone().into_inner().next().is_none() =>
                    {
                        SdyAttr::ListOfAxisRefLists(ListOfAxisRefLists { lists: vec![] })
                    }
                    (CollectiveAxes::List, Rule::sdy_axis_list) => {
                        SdyAttr::AxisRefList(lower_axis_ref_list(lw, c.clone())?)
                    }
                    _ => return lw.err(cspan, format!("unexpected axes for '{}'", kind.name())),
                };
                lw.m.op_mut(op).attrs.insert(axes_name, sdy_attr(value));
            }
            Rule::value_use => use_pair = Some(c.clone()),
            Rule::attr_dict => add_attr_dict(lw, op, c.clone())?,
            Rule::r#type => ty = Some(lw.lower_type(c.clone())?),
            _ => {}
        }
    }
    if !saw_axes && axes_kind != CollectiveAxes::None {
        let expected = match axes_kind {
            CollectiveAxes::List => "'{'",
            CollectiveAxes::PerDim | CollectiveAxes::AllToAll | CollectiveAxes::None => "'['",
        };
        let at_use = use_pair.as_ref().map(span_of).unwrap_or(span);
        return lw.err(at_use, format!("expected {expected}"));
    }
    let (Some(ty), Some(u)) = (ty, use_pair) else {
        return lw.err(span, "internal: incomplete collective");
    };
    lw.add_operand(op, &u, Some(&ty))?;
    lw.add_results(op, [ty]);
    Ok(op)
}

// ---------------------------------------------------------------- attribute parts

/// `<["a"=2], device_ids=[...]>`
pub fn lower_mesh_body(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<Mesh> {
    let mut axes = vec![];
    let mut device_ids = None;
    for k in p.into_inner() {
        match k.as_rule() {
            Rule::sdy_mesh_axis => {
                let a = kids(&k);
                axes.push(MeshAxis { name: string(lw, &a[0])?, size: parse_i64(&a[1])? });
            }
            Rule::sdy_device_ids => {
                let ids = k
                    .into_inner()
                    .filter(|i| i.as_rule() == Rule::int_lit)
                    .map(|i| parse_i64(&i))
                    .collect::<PResult<Vec<_>>>()?;
                device_ids = Some(ids);
            }
            _ => {}
        }
    }
    Ok(Mesh::new(axes, device_ids))
}

/// `"a"` or `"a":(pre)size`.
pub fn lower_axis_ref(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<AxisRef> {
    let k = kids(&p);
    let name = string(lw, &k[0])?;
    let sub_axis = match (k.get(1), k.get(2)) {
        (Some(pre), Some(size)) => Some(SubAxisInfo { pre_size: parse_i64(pre)?, size: parse_i64(size)? }),
        _ => None,
    };
    Ok(AxisRef { name, sub_axis })
}

fn lower_axis_refs(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<Vec<AxisRef>> {
    p.into_inner().filter(|a| a.as_rule() == Rule::sdy_axis_ref).map(|a| lower_axis_ref(lw, a)).collect()
}

/// `{"a", "b"}` as an `AxisRefList` (empty allowed).
pub fn lower_axis_ref_list(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<AxisRefList> {
    Ok(AxisRefList { axes: lower_axis_refs(lw, p)? })
}

/// A `{...}` list that upstream parses as a non-empty `ArrayRef<AxisRefAttr>`
/// (replicated and unreduced axes, all-to-all axes), or the tokens found in
/// its place.
fn lower_nonempty_axes(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<Vec<AxisRef>> {
    match p.as_rule() {
        Rule::sdy_axis_list => {
            let axes = lower_axis_refs(lw, p.clone())?;
            if axes.is_empty() {
                return lw.err(closing(&p), "expected string");
            }
            Ok(axes)
        }
        _ => Err(diagnose_axis_list(p.as_str(), span_of(&p).start)),
    }
}

/// Finds where upstream's parser fails on the text of a malformed axis list
/// `{"a", "b"}` that starts at byte `start`.
fn diagnose_axis_list(text: &str, start: u32) -> Diagnostic {
    let b = text.as_bytes();
    let ws = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    let fail = |i: usize, msg: &str| error(at(start + i as u32, 1), msg);
    let mut i = ws(0);
    if b.get(i) != Some(&b'{') {
        return fail(i, "expected '{'");
    }
    i = ws(i + 1);
    loop {
        if b.get(i) != Some(&b'"') {
            return fail(i, "expected string");
        }
        i += 1;
        while i < b.len() && b[i] != b'"' {
            i += if b[i] == b'\\' { 2 } else { 1 };
        }
        i = ws(i + 1);
        if b.get(i) == Some(&b':') {
            // A sub-axis `:(pre)size`.
            i = ws(i + 1);
            if b.get(i) != Some(&b'(') {
                return fail(i, "expected '('");
            }
            i = ws(i + 1);
            let digits = |mut j: usize| {
                if b.get(j) == Some(&b'-') {
                    j += 1;
                }
                let s = j;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                (j > s).then_some(j)
            };
            let Some(j) = digits(i) else {
                return fail(i, "expected integer value");
            };
            i = ws(j);
            if b.get(i) != Some(&b')') {
                return fail(i, "expected ')'");
            }
            i = ws(i + 1);
            let Some(j) = digits(i) else {
                return fail(i, "expected integer value");
            };
            i = ws(j);
        }
        match b.get(i) {
            Some(b',') => i = ws(i + 1),
            Some(b'}') => return fail(i, "failed to parse axis list"),
            _ => return fail(i, "expected '}'"),
        }
    }
}

/// A dimension priority (`{"a"}p1`): `p` and a decimal without leading zeros.
fn lower_priority(p: &Pair<'_, Rule>) -> PResult<i64> {
    let s = p.as_str();
    let span = span_of(p);
    let digits = s.get(1..).unwrap_or("");
    if s.len() < 2 || !s.starts_with('p') || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return Err(error(span, format!("expecting priority in format 'p<number>', got: {s}")));
    }
    if digits.starts_with('0') && digits.len() > 1 {
        return Err(error(span, format!("priorities with leading zeros are not allowed, got: {s}")));
    }
    digits.parse::<i64>().map_err(|_| error(span, format!("expecting integer priority, got: {s}")))
}

fn lower_dim_sharding(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<DimensionSharding> {
    let mut d = DimensionSharding { axes: vec![], is_closed: true, priority: None };
    for k in p.into_inner() {
        match k.as_rule() {
            Rule::sdy_axis_ref => d.axes.push(lower_axis_ref(lw, k)?),
            Rule::sdy_open => d.is_closed = false,
            Rule::sdy_priority => d.priority = Some(lower_priority(&k)?),
            _ => {}
        }
    }
    Ok(d)
}

/// The stripped `<@mesh, [dims], replicated={...}, unreduced={...}>`.
pub fn lower_tensor_sharding(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<TensorSharding> {
    let mut mesh = None;
    let mut s = TensorSharding {
        mesh: MeshOrRef::Ref(String::new()),
        dims: vec![],
        replicated: vec![],
        unreduced: vec![],
        reduction: ReductionKind::Sum,
    };
    for k in p.into_inner() {
        let kspan = span_of(&k);
        match k.as_rule() {
            Rule::symbol_name => mesh = Some(MeshOrRef::Ref(symbol_text(lw, &k)?)),
            Rule::sdy_inline_mesh => {
                let body = k.into_inner().nth(1).ok_or_else(|| error(kspan, "internal: missing mesh"))?;
                mesh = Some(MeshOrRef::Inline(lower_mesh_body(lw, body)?));
            }
            Rule::sdy_dim_shardings => {
                s.dims = k.into_inner().map(|d| lower_dim_sharding(lw, d)).collect::<PResult<_>>()?;
            }
            Rule::sdy_replicated => {
                if !s.replicated.is_empty() {
                    return lw.err(kspan, AFTER_COMMA);
                }
                let parts = kids(&k);
                let list = parts.last().cloned().ok_or_else(|| error(kspan, "internal: missing axes"))?;
                if !parts.iter().any(|c| c.as_rule() == Rule::sdy_eq) {
                    return lw.err(at(span_of(&list).start, 1), "expected '='");
                }
                s.replicated = lower_nonempty_axes(lw, list)?;
            }
            Rule::sdy_unreduced => {
                if !s.unreduced.is_empty() {
                    return lw.err(kspan, AFTER_COMMA);
                }
                let parts = kids(&k);
                let list = parts.last().cloned().ok_or_else(|| error(kspan, "internal: missing axes"))?;
                let has_eq = parts.iter().any(|c| c.as_rule() == Rule::sdy_eq);
                if let Some(r) = parts.iter().find(|c| c.as_rule() == Rule::sdy_reduction_kw) {
                    if !has_eq {
                        // Without `=`, upstream reads the axis list directly.
                        return lw.err(span_of(r), "expected '{'");
                    }
                    s.reduction = ReductionKind::from_keyword(r.as_str()).unwrap_or_default();
                }
                s.unreduced = lower_nonempty_axes(lw, list)?;
            }
            Rule::sdy_extra_bad => return lw.err(at(kspan.start, 1), AFTER_COMMA),
            _ => {}
        }
    }
    s.mesh = mesh.ok_or_else(|| error(Span::NONE, "internal: missing mesh"))?;
    Ok(s)
}

/// `[<...>, <...>]`
pub fn lower_sharding_list(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<ShardingPerValue> {
    let shardings = p.into_inner().map(|s| sharding_of(lw, s)).collect::<PResult<_>>()?;
    Ok(ShardingPerValue { shardings })
}

fn lower_manual_axes(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<ManualAxes> {
    let axes = p.into_inner().map(|s| string(lw, &s)).collect::<PResult<_>>()?;
    Ok(ManualAxes { axes })
}

fn lower_list_of_axis_lists(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<ListOfAxisRefLists> {
    let lists = p.into_inner().map(|l| lower_axis_ref_list(lw, l)).collect::<PResult<_>>()?;
    Ok(ListOfAxisRefLists { lists })
}

fn lower_all_to_all_params(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<AllToAllParamList> {
    let mut params = vec![];
    for param in p.into_inner() {
        let k = kids(&param);
        let axes = lower_nonempty_axes(lw, k[0].clone())?;
        params.push(AllToAllParam { axes, src_dim: parse_i64(&k[1])?, tgt_dim: parse_i64(&k[2])? });
    }
    Ok(AllToAllParamList { params })
}

// ---------------------------------------------------------------- sharding rules

/// Reads one factor symbol off the front of `rest` (`i`..`z`, or `z_<n>`),
/// reporting upstream's messages at `span`. An index past i64 is reported as
/// upstream does, without stopping the parse.
fn take_factor_symbol(lw: &mut Lowerer<'_>, rest: &mut &str, span: Span) -> PResult<i64> {
    let s: &str = rest;
    if !s.starts_with("z_") {
        let c = s.bytes().next().unwrap_or(b' ');
        if !(b'i'..=b'z').contains(&c) {
            return Err(error(span, format!("expecting symbol from 'i' to 'z'. Received: '{}'", char::from(c))));
        }
        *rest = &s[1..];
        return Ok(i64::from(c - b'i'));
    }
    let digits = s[2..].bytes().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return Err(error(span, format!("expecting integer after 'z_'. Received: '{s}'")));
    }
    let number = &s[2..2 + digits];
    if number.starts_with('0') {
        return Err(error(span, format!("expecting positive integer without leading zeros. Received: '{number}'")));
    }
    let index = number.parse::<i64>().unwrap_or_else(|_| {
        lw.diags.push(error(span, format!("expecting symbol index <=2^63-1. Received: '{number}'")));
        0
    });
    *rest = &s[2 + digits..];
    Ok(index.wrapping_add(FACTOR_START_AT_Z))
}

fn lower_rule_mappings(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<Vec<TensorMapping>> {
    let maps: Vec<_> = p.clone().into_inner().collect();
    if maps.is_empty() {
        return lw.err(closing(&p), "expected '['");
    }
    let mut out = vec![];
    for m in maps {
        let parts = kids(&m);
        let slots: Vec<_> = parts.iter().filter(|c| c.as_rule() == Rule::sdy_dim_mapping).collect();
        let mut dims = vec![];
        for slot in &slots {
            let mut factors = vec![];
            if let Some(word) = (*slot).clone().into_inner().next() {
                let span = span_of(&word);
                let mut rest = word.as_str();
                while !rest.is_empty() {
                    factors.push(take_factor_symbol(lw, &mut rest, span)?);
                }
            }
            dims.push(DimMapping { factors });
        }
        if let Some(bad) = parts.iter().find(|c| c.as_rule() == Rule::sdy_mapping_bad) {
            return lw.err(at(span_of(bad).start, 1), "expected ']'");
        }
        // `[]` is a scalar: no dimensions (it parses as one empty slot).
        if dims.len() == 1 && dims[0].factors.is_empty() {
            dims.clear();
        }
        out.push(TensorMapping { dims });
    }
    Ok(out)
}

const SPECIAL_FACTORS: [&str; 4] = ["reduction", "need_replication", "permutation", "blocked_propagation"];

/// `<(...)->(...) {i=2} reduction={i} ..., custom>`
pub fn lower_op_sharding_rule(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<OpShardingRule> {
    let k = kids(&p);
    let mut rule = OpShardingRule {
        factor_sizes: vec![],
        operand_mappings: lower_rule_mappings(lw, k[0].clone())?,
        result_mappings: lower_rule_mappings(lw, k[1].clone())?,
        reduction_factors: vec![],
        need_replication_factors: vec![],
        permutation_factors: vec![],
        blocked_propagation_factors: vec![],
        is_custom: false,
    };
    let mut next_special = 0;
    for c in &k[2..] {
        match c.as_rule() {
            Rule::sdy_factor_sizes => {
                for (expected, fs) in c.clone().into_inner().enumerate() {
                    let f = kids(&fs);
                    let span = span_of(&f[0]);
                    let mut rest = f[0].as_str();
                    let index = take_factor_symbol(lw, &mut rest, span)?;
                    if index != expected as i64 {
                        return lw.err(
                            span,
                            format!(
                                "expecting factor indices to be ordered like an iota ([0,1,2,...], e.g. {{i=#, j=#, ...}}). \
                                 Expecting factor index symbol '{}', received: '{}'",
                                factor_symbol(expected as i64),
                                factor_symbol(index)
                            ),
                        );
                    }
                    if !rest.is_empty() {
                        return lw.err(span, format!("expecting single factor symbol: {rest}"));
                    }
                    rule.factor_sizes.push(parse_i64(&f[1])?);
                }
            }
            Rule::sdy_rule_special => {
                let parts = kids(c);
                let name = &parts[0];
                let Some(offset) = SPECIAL_FACTORS[next_special..].iter().position(|s| *s == name.as_str()) else {
                    return lw.err(span_of(name), "expected '>'");
                };
                let which = next_special + offset;
                next_special = which + 1;
                let has_eq = parts.iter().any(|x| x.as_rule() == Rule::sdy_eq);
                let bad = parts.iter().find(|x| x.as_rule() == Rule::sdy_special_bad);
                let set = parts.iter().find(|x| x.as_rule() == Rule::sdy_special_set);
                if bad.is_some() || !has_eq {
                    let where_ = bad.or(set).map(|x| span_of(x).start).unwrap_or(span_of(c).end);
                    return lw.err(at(where_, 1), "expected '='");
                }
                let mut factors = vec![];
                if let Some(set) = set {
                    for w in set.clone().into_inner() {
                        // Upstream reads one symbol per entry.
                        let mut rest = w.as_str();
                        factors.push(take_factor_symbol(lw, &mut rest, span_of(&w))?);
                    }
                }
                match which {
                    0 => rule.reduction_factors = factors,
                    1 => rule.need_replication_factors = factors,
                    2 => rule.permutation_factors = factors,
                    _ => rule.blocked_propagation_factors = factors,
                }
            }
            Rule::sdy_rule_custom => match c.clone().into_inner().next() {
                Some(w) if w.as_str() == "custom" => rule.is_custom = true,
                Some(w) => return lw.err(span_of(&w), "expected 'custom'"),
                None => return lw.err(at(span_of(c).end, 1), "expected 'custom'"),
            },
            _ => {}
        }
    }
    Ok(rule)
}

// ---------------------------------------------------------------- propagation edges

fn lower_edge_ref(p: Pair<'_, Rule>) -> PResult<EdgeValueRef> {
    let k = kids(&p);
    let ty = if k[0].as_str() == "operand" { EdgeNodeType::Operand } else { EdgeNodeType::Result };
    Ok(EdgeValueRef { ty, index: parse_i64(&k[1])? })
}

fn lower_propagation_edges(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<PropagationEdges> {
    let mut steps = vec![];
    for step in p.into_inner() {
        let k = kids(&step);
        let step_index = parse_i64(&k[1])?;
        let mut entries = vec![];
        for e in &k[2..] {
            let parts = kids(e);
            let axis = lower_axis_ref(lw, parts[0].clone())?;
            let source = lower_edge_ref(parts[1].clone())?;
            let targets = parts[2..].iter().map(|t| lower_edge_ref(t.clone())).collect::<PResult<_>>()?;
            entries.push(AxisToPropagationDetails { axis, source, targets });
        }
        steps.push(PropagationOneStep { step_index, entries });
    }
    Ok(PropagationEdges { steps })
}

// ---------------------------------------------------------------- full attributes

/// Lowers an `sdy_attr` pair.
pub fn lower_attr(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<Attr> {
    let span = span_of(&p);
    let p = if p.as_rule() == Rule::sdy_attr {
        p.into_inner().next().ok_or_else(|| error(span, "internal: empty sdy attribute"))?
    } else {
        p
    };
    fn body<'i>(p: &Pair<'i, Rule>, span: Span) -> PResult<Pair<'i, Rule>> {
        p.clone().into_inner().nth(1).ok_or_else(|| error(span, "internal: missing attribute body"))
    }
    let a = match p.as_rule() {
        Rule::sdy_sharding_attr => SdyAttr::Sharding(lower_tensor_sharding(lw, body(&p, span)?)?),
        Rule::sdy_sharding_per_value_attr => SdyAttr::ShardingPerValue(lower_sharding_list(lw, body(&p, span)?)?),
        Rule::sdy_mesh_attr => SdyAttr::Mesh(lower_mesh_body(lw, body(&p, span)?)?),
        Rule::sdy_rule_attr => SdyAttr::OpShardingRule(lower_op_sharding_rule(lw, body(&p, span)?)?),
        Rule::sdy_edges_attr => SdyAttr::PropagationEdges(lower_propagation_edges(lw, body(&p, span)?)?),
        Rule::sdy_generic_attr => {
            let k = kids(&p);
            let (kw, value) = match (k.first(), k.get(1)) {
                (Some(kw), Some(v)) => (kw.as_rule(), v.clone()),
                _ => return lw.err(span, "internal: malformed generic sdy attribute"),
            };
            match kw {
                Rule::sdy_kw_manual_axes => SdyAttr::ManualAxes(lower_manual_axes(lw, value)?),
                Rule::sdy_kw_axis_ref_list => SdyAttr::AxisRefList(lower_axis_ref_list(lw, value)?),
                Rule::sdy_kw_list_of_lists => SdyAttr::ListOfAxisRefLists(lower_list_of_axis_lists(lw, value)?),
                _ => SdyAttr::AllToAllParamList(lower_all_to_all_params(lw, value)?),
            }
        }
        Rule::sdy_attr_unbalanced => return Err(unbalanced(span)),
        _ => return Err(malformed(&p, "sdy")),
    };
    Ok(sdy_attr(a))
}

/// MLIR's lexer error for a dialect attribute or type whose `<` is not closed.
pub fn unbalanced(span: Span) -> Diagnostic {
    error(at(span.start, 1), "unbalanced '<' character in pretty dialect name")
}

/// The grammar rule that parses the full form `#<dialect>.<mnemonic><...>`, if shardref knows it.
fn full_form_rule(dialect: &str, mnemonic: &str) -> Option<Rule> {
    Some(match (dialect, mnemonic) {
        ("sdy", "sharding") => Rule::sdy_sharding_attr,
        ("sdy", "sharding_per_value") => Rule::sdy_sharding_per_value_attr,
        ("sdy", "mesh") => Rule::sdy_mesh_attr,
        ("sdy", "op_sharding_rule") => Rule::sdy_rule_attr,
        ("sdy", "propagation_edges") => Rule::sdy_edges_attr,
        ("sdy", "") => Rule::sdy_generic_attr,
        ("mpmd", "topology") => Rule::mpmd_topology_attr,
        ("mpmd", "named_mesh") => Rule::mpmd_named_mesh_attr,
        ("mpmd", "user_origin") => Rule::mpmd_user_origin_attr,
        ("mpmd", "reduction") => Rule::mpmd_reduction_attr,
        ("mpmd", "meshes_with_origins") => Rule::mpmd_meshes_with_origins_attr,
        ("mpmd", "") => Rule::mpmd_generic_attr,
        ("mpmd", "mesh_tensor") => Rule::mpmd_mesh_tensor,
        _ => return None,
    })
}

/// Reports a `#sdy.`/`#mpmd.`/`!mpmd.` attribute or type that matched none of
/// its forms: re-parses it with the rule of its mnemonic to locate the first
/// token that does not fit.
pub fn malformed(p: &Pair<'_, Rule>, dialect: &str) -> Diagnostic {
    let text = p.as_str();
    let span = span_of(p);
    let rest = &text[1 + dialect.len()..];
    let mnemonic: String =
        rest.strip_prefix('.').unwrap_or("").chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    let kind = if text.starts_with('!') { "type" } else { "attribute" };
    let Some(rule) = full_form_rule(dialect, &mnemonic) else {
        return error(span, format!("unknown {kind} `{mnemonic}` in dialect `{dialect}`"));
    };
    let shown = if mnemonic.is_empty() {
        format!("{}{dialect}", &text[..1])
    } else {
        format!("{}{dialect}.{mnemonic}", &text[..1])
    };
    reparse_error(rule, text, span.start, &format!("failed to parse {shown}: "))
        .unwrap_or_else(|| error(span, format!("failed to parse {shown}")))
}

/// Parses `text` (which starts at byte `base` of the source) with `rule` and
/// describes the first failure MLIR-style (`expected ','`), prefixed by
/// `prefix`; `None` if the rule matches. Used only on inputs already known to
/// be malformed, so pest's costlier error tracking is enabled just for it.
fn reparse_error(rule: Rule, text: &str, base: u32, prefix: &str) -> Option<Diagnostic> {
    let result = crate::parser::parse_bounded(rule, text, true);
    let e = result.err()?;
    let attempts = e.parse_attempts();
    let fallback = super::pest_error(text, e);
    let (pos, message) = match attempts {
        Some(a) => {
            let mut tokens: Vec<String> = a
                .expected_tokens()
                .into_iter()
                .map(|t| t.to_string())
                // Literal tokens only: not whitespace, comments, builtins or `a..z` ranges.
                .filter(|t| {
                    let range = t.chars().count() == 4 && t.get(1..3) == Some("..");
                    !t.trim().is_empty() && t != "//" && t != "BUILTIN_RULE" && !range
                })
                .map(|t| format!("'{t}'"))
                .collect();
            tokens.dedup();
            match tokens.len() {
                0 => (fallback.span.start as usize, fallback.message),
                // Where a quoted name may start, MLIR's `parseString` is what fails.
                _ if tokens.iter().any(|t| t == "'\"'") => (a.max_position, "expected string".to_string()),
                1 => (a.max_position, format!("expected {}", tokens[0])),
                _ => (a.max_position, format!("expected one of {}", tokens.join(", "))),
            }
        }
        None => (fallback.span.start as usize, fallback.message),
    };
    let at = base + pos.min(text.len()) as u32;
    Some(error(Span { start: at, end: at }, format!("{prefix}{message}")))
}
