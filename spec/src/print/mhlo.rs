//! Custom forms of the `mhlo` ops: `mhlo.copy %a {attrs} : T` for the unary
//! ops (`custom<SameOperandsAndResultType>`); the other MHLO ops print in the
//! generic form, as MLIR prints them.

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
