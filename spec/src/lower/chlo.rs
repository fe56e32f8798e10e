//! Lowering of the `chlo` custom op forms (grammar: `grammar/chlo.pest`).
//! CHLO attributes are lowered with the stablehlo ones (`stablehlo::lower_attr`).

use pest::iterators::Pair;

use super::attrs::parse_i64;
use super::stablehlo::{i64_attr, merge_attr_dict, set_attr};
use super::{Lowerer, PResult, kids, span_of};
use crate::ir::*;
use crate::ops::{ChloOp, OpKind};
use crate::parser::Rule;

/// Lowers `p` if it is one of this dialect's op rules; `Ok(None)` otherwise.
pub fn lower(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<Option<OpId>> {
    let op = match p.as_rule() {
        Rule::chlo_operands_op => lower_operands_op(lw, p, span)?,
        Rule::chlo_top_k => lower_top_k(lw, p, span)?,
        Rule::chlo_constant => super::stablehlo::lower_constant(lw, p, span, OpKind::Chlo(ChloOp::Constant))?,
        Rule::chlo_scan => lower_scan(lw, p, span)?,
        Rule::chlo_bad_op => {
            return Err(super::stablehlo::locate_bad_op(lw, &p, Rule::chlo_op_check));
        }
        _ => return Ok(None),
    };
    Ok(Some(op))
}

/// How a `chlo_operands_op` op writes its types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ChloForm {
    /// `: (T, U) -> R` with this many operands (the broadcasting ops).
    Parens(usize),
    /// `: T, U -> R` with this many operands.
    Bare(usize),
}

pub(crate) fn chlo_form(k: ChloOp) -> Option<ChloForm> {
    use ChloOp as C;
    Some(match k {
        C::AsinAcosKernel
        | C::Acos
        | C::Acosh
        | C::Asin
        | C::Asinh
        | C::Atan
        | C::Atanh
        | C::BesselI1e
        | C::Conj
        | C::Cosh
        | C::Digamma
        | C::Erf
        | C::ErfInv
        | C::Erfc
        | C::IsInf
        | C::IsNegInf
        | C::IsPosInf
        | C::Lgamma
        | C::Sinh
        | C::Square
        | C::Tan => ChloForm::Bare(1),
        C::Mulhi | C::NextAfter | C::Polygamma | C::Zeta => ChloForm::Bare(2),
        C::BroadcastAdd
        | C::BroadcastAnd
        | C::BroadcastAtan2
        | C::BroadcastCompare
        | C::BroadcastComplex
        | C::BroadcastDivide
        | C::BroadcastMaximum
        | C::BroadcastMinimum
        | C::BroadcastMultiply
        | C::BroadcastNextAfter
        | C::BroadcastOr
        | C::BroadcastPolygamma
        | C::BroadcastPower
        | C::BroadcastRemainder
        | C::BroadcastShiftLeft
        | C::BroadcastShiftRightArithmetic
        | C::BroadcastShiftRightLogical
        | C::BroadcastSubtract
        | C::BroadcastXor
        | C::BroadcastZeta => ChloForm::Parens(2),
        C::BroadcastSelect => ChloForm::Parens(3),
        C::Constant | C::ConstantLike | C::TopK | C::RaggedDot | C::Scan => return None,
    })
}

fn lower_operands_op(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let kind = match OpKind::from_name(k[0].as_str()) {
        Some(OpKind::Chlo(c)) => c,
        _ => return lw.err(span_of(&k[0]), "internal: not a chlo op"),
    };
    let Some(form) = chlo_form(kind) else {
        return lw.err(span_of(&k[0]), "internal: no operand form for this op");
    };
    let op = lw.new_op(OpKind::Chlo(kind), span);
    let uses: Vec<Pair<'_, Rule>> = k[1].clone().into_inner().collect();
    let (n, parens) = match form {
        ChloForm::Parens(n) => (n, true),
        ChloForm::Bare(n) => (n, false),
    };
    if uses.len() != n {
        return lw.err(span, format!("expected {n} operands, found {}", uses.len()));
    }
    for c in &k[2..] {
        match c.as_rule() {
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::function_type | Rule::chlo_bare_sig => {
                let tspan = span_of(c);
                let is_parens = c.as_rule() == Rule::function_type;
                if is_parens != parens {
                    let want = if parens { "'(T, U) -> R'" } else { "'T, U -> R' (without parentheses)" };
                    return lw.err(tspan, format!("expected the types as {want}"));
                }
                let (ins, outs) = if is_parens {
                    lw.lower_function_type(c.clone())?
                } else {
                    // [types, arrow, result type]
                    let t = kids(c);
                    let ins = lw.lower_type_list(t[0].clone())?;
                    let out = lw.lower_type(t[2].clone())?;
                    (ins, vec![out])
                };
                if ins.len() != n {
                    return lw.err(tspan, format!("{} operand types present, but expected {n}", ins.len()));
                }
                if outs.len() != 1 {
                    return lw.err(tspan, "expected a single result type");
                }
                lw.add_operands_typed(op, &uses, &ins, tspan)?;
                lw.add_results(op, outs);
            }
            _ => {}
        }
    }
    Ok(op)
}

fn lower_top_k(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Chlo(ChloOp::TopK), span);
    let kv = parse_i64(&k[2])?;
    set_attr(lw, op, "k", i64_attr(kv));
    let mut types = vec![];
    for c in &k[3..] {
        match c.as_rule() {
            Rule::bool_lit => set_attr(lw, op, "is_stable", Attr::Bool(c.as_str() == "true")),
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::r#type => types.push(lw.lower_type(c.clone())?),
            _ => {}
        }
    }
    let mut it = types.into_iter();
    let operand = it.next().expect("grammar guarantees three types");
    lw.add_operand(op, &k[1], Some(&operand))?;
    lw.add_results(op, it);
    Ok(op)
}

fn lower_scan(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Chlo(ChloOp::Scan), span);
    let inputs: Vec<Pair<'_, Rule>> = k[1].clone().into_inner().flat_map(|l| l.into_inner()).collect();
    let inits: Vec<Pair<'_, Rule>> = k[2].clone().into_inner().flat_map(|l| l.into_inner()).collect();
    let dim = parse_i64(&k[3])?;
    set_attr(lw, op, "dimension", i64_attr(dim));
    let mut region = None;
    for c in &k[4..] {
        match c.as_rule() {
            Rule::attr_dict_with_kw => merge_attr_dict(lw, op, c.clone())?,
            Rule::region => region = Some(c.clone()),
            Rule::function_type => {
                let tspan = span_of(c);
                let (ins, outs) = lw.lower_function_type(c.clone())?;
                let (ni, nc) = (inputs.len(), inits.len());
                if ins.len() != ni + nc {
                    return lw.err(tspan, "operand types must match the number of inputs and inits");
                }
                if outs.len() < nc {
                    return lw.err(tspan, "not enough result types to cover the required carries");
                }
                let uses: Vec<Pair<'_, Rule>> = inputs.iter().chain(&inits).cloned().collect();
                lw.add_operands_typed(op, &uses, &ins, tspan)?;
                let segs = |a: usize, b: usize| {
                    Attr::DenseArray(DenseArray { elem: ElemType::I32, values: vec![a as i128, b as i128] })
                };
                for name in ["operandSegmentSizes", "resultSegmentSizes"] {
                    if lw.m.op(op).attrs.contains(name) {
                        return lw.err(span, format!("attribute '{name}' is set by the op's syntax"));
                    }
                }
                set_attr(lw, op, "operandSegmentSizes", segs(ni, nc));
                set_attr(lw, op, "resultSegmentSizes", segs(outs.len() - nc, nc));
                lw.add_results(op, outs);
            }
            _ => {}
        }
    }
    lw.lower_region(op, region.expect("grammar guarantees a region"), vec![], true)?;
    Ok(op)
}
