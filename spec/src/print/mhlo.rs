//! Custom forms of the `mhlo` ops: `mhlo.copy %a {attrs} : T` for the unary
//! ops (`custom<SameOperandsAndResultType>`), `mhlo.topk(%a, k = 3) : T -> (U, V)`;
//! the other MHLO ops print in the generic form, as MLIR prints them.

use crate::ir::*;
use crate::lower::mhlo::has_unary_form;
use crate::ops::{MhloOp, OpKind};

use super::Printer;

/// The inherent (ODS-declared) attributes of each op, printed as properties in the generic form.
pub fn inherent_attrs(k: MhloOp) -> &'static [&'static str] {
    use MhloOp as M;
    match k {
        M::Copy => &["cross_program_prefetch_index"],
        M::Domain => &["entry_metadata", "exit_metadata", "kind"],
        M::TopK => &["k", "largest"],
        M::Acos
        | M::Acosh
        | M::AddDependency
        | M::Asin
        | M::Asinh
        | M::Atanh
        | M::Bitcast
        | M::Cosh
        | M::Erf
        | M::Sinh => &[],
    }
}

/// Prints the custom form of `op`; false when it has none (the caller then prints it generically).
pub fn print(p: &mut Printer<'_>, op: OpId, kind: MhloOp) -> bool {
    if kind == MhloOp::TopK {
        return print_topk(p, op);
    }
    let o = p.m.op(op);
    if !has_unary_form(kind) || o.operands.len() != 1 || o.results.len() != 1 || !o.regions.is_empty() {
        return false;
    }
    let (operand, result) = (o.operands[0], o.results[0]);
    let attrs = o.attrs.clone();
    let in_ty = p.m.value_type(operand).clone();
    let out_ty = p.m.value_type(result).clone();
    let ty = if in_ty == out_ty {
        let mut s = String::new();
        let _ = super::write_type(&mut s, &out_ty);
        s
    } else {
        let mut s = String::new();
        let _ = super::write_function_type(&mut s, std::slice::from_ref(&in_ty), std::slice::from_ref(&out_ty));
        s
    };
    p.w(OpKind::Mhlo(kind).name());
    p.w(" ");
    let v = p.value_list(&[operand]);
    p.w(&v);
    p.attr_dict(&attrs, &[]);
    p.w(" : ");
    p.w(&ty);
    true
}

/// `mhlo.topk(%a, k = 3[, largest = false]) {attrs} : T -> (U, V)`; false (generic form) when the op
/// does not fit it (`k` not an i64, `largest` not a bool, other operand or result counts).
fn print_topk(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    if o.operands.len() != 1 || o.results.len() != 2 || !o.regions.is_empty() {
        return false;
    }
    let v = crate::schema::chlo::TopK::of(o);
    let Some(Attr::Int(IntAttr { value: k, ty: Some(ElemType::I64) })) = v.k().raw() else {
        return false;
    };
    let k = *k;
    let mut consumed = vec![v.k().name];
    let largest = match v.largest().raw() {
        None => None,
        Some(Attr::Bool(b)) => Some(*b),
        Some(_) => return false,
    };
    if largest.is_some() {
        consumed.push(v.largest().name);
    }
    let operand = o.operands[0];
    let outs: Vec<Type> = o.results.iter().map(|&r| p.m.value_type(r).clone()).collect();
    let attrs = o.attrs.clone();
    p.w("mhlo.topk(");
    let name = p.value(operand);
    p.w(&name);
    p.w(&format!(", k = {k}"));
    if let Some(b) = largest {
        p.w(&format!(", largest = {b}"));
    }
    p.w(")");
    p.attr_dict(&attrs, &consumed);
    p.w(" : ");
    let t = p.m.value_type(operand).clone();
    p.ty(&t);
    p.w(" -> (");
    p.type_list(&outs);
    p.w(")");
    true
}
