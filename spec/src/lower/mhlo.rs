//! Lowering of the `mhlo` custom op forms (grammar: `grammar/mhlo.pest`).
//! The unary ops and `mhlo.topk` have a custom form; every other MHLO op of the table is
//! read in the generic form. Attributes are lowered with the stablehlo ones.

use pest::iterators::Pair;

use super::attrs::parse_i64;
use super::stablehlo::{i64_attr, merge_attr_dict, same_type, set_attr};
use super::{Lowerer, PResult, kids, span_of};
use crate::ir::*;
use crate::ops::{MhloOp, OpKind};
use crate::parser::Rule;

/// Lowers `p` if it is one of this dialect's op rules; `Ok(None)` otherwise.
pub fn lower(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<Option<OpId>> {
    let op = match p.as_rule() {
        Rule::mhlo_unary_op => lower_unary(lw, p, span)?,
        Rule::mhlo_topk => lower_topk(lw, p, span)?,
        Rule::mhlo_bad_op => return Err(super::stablehlo::locate_bad_op(lw, &p, Rule::mhlo_op_check)),
        _ => return Ok(None),
    };
    Ok(Some(op))
}

/// Whether `k` prints and parses as `mhlo.x %a {attrs} : T` (its custom form).
pub(crate) fn has_unary_form(k: MhloOp) -> bool {
    use MhloOp as M;
    match k {
        M::Acos | M::Acosh | M::Asin | M::Asinh | M::Atanh | M::Copy | M::Cosh | M::Erf | M::Sinh => true,
        M::AddDependency | M::Bitcast | M::Domain | M::TopK => false,
    }
}

/// `mhlo.copy %a : T` or `mhlo.copy %a : (T) -> R`.
fn lower_unary(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let kind = match OpKind::from_name(k[0].as_str()) {
        Some(OpKind::Mhlo(m)) if has_unary_form(m) => m,
        _ => return lw.err(span_of(&k[0]), "internal: not an mhlo unary op"),
    };
    let op = lw.new_op(OpKind::Mhlo(kind), span);
    let uses: Vec<Pair<'_, Rule>> = k[1].clone().into_inner().collect();
    if uses.len() != 1 {
        return lw.err(span, format!("expected 1 operand, found {}", uses.len()));
    }
    for c in &k[2..] {
        match c.as_rule() {
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::r#type => {
                let tspan = span_of(c);
                let t = lw.lower_type(c.clone())?;
                same_type(lw, op, &uses, t, tspan)?;
            }
            _ => {}
        }
    }
    Ok(op)
}

/// `mhlo.topk(%a, k = N[, largest = B]) {attrs} : T -> (U, V)`.
fn lower_topk(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Mhlo(MhloOp::TopK), span);
    let kv = parse_i64(&k[2])?;
    set_attr(lw, op, "k", i64_attr(kv));
    let mut types = vec![];
    for c in &k[3..] {
        match c.as_rule() {
            Rule::bool_lit => set_attr(lw, op, "largest", Attr::Bool(c.as_str() == "true")),
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
