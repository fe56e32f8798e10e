//! Custom forms of the `chlo` ops. (CHLO attributes print with the stablehlo
//! ones, `print::stablehlo::write_attr`.)

use crate::ir::*;
use crate::lower::chlo::{ChloForm, chlo_form};
use crate::ops::{ChloOp, OpKind};
use crate::schema::chlo as view;

use super::Printer;

/// The inherent (ODS-declared) attributes of each op, printed as properties in the generic form.
pub fn inherent_attrs(k: ChloOp) -> &'static [&'static str] {
    use ChloOp as C;
    match k {
        C::BroadcastAdd
        | C::BroadcastAnd
        | C::BroadcastAtan2
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
        | C::BroadcastZeta => &["broadcast_dimensions"],
        C::BroadcastCompare => &["broadcast_dimensions", "compare_type", "comparison_direction"],
        C::Constant | C::ConstantLike => &["value"],
        C::RaggedDot => &["precision_config", "ragged_dot_dimension_numbers"],
        C::TopK => &["is_stable", "k"],
        C::Scan => {
            &["dimension", "is_associative", "is_reverse", "operandSegmentSizes", "resultSegmentSizes", "scan_dim_size"]
        }
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
        | C::Tan
        | C::Mulhi
        | C::NextAfter
        | C::Polygamma
        | C::Zeta
        | C::BroadcastSelect => &[],
    }
}

/// Names the op suggests for its results: (first result of a group, name).
pub fn result_names(k: ChloOp) -> Vec<(usize, &'static str)> {
    match k {
        ChloOp::TopK => vec![(0, "values"), (1, "indices")],
        ChloOp::AsinAcosKernel
        | ChloOp::Acos
        | ChloOp::Acosh
        | ChloOp::Asin
        | ChloOp::Asinh
        | ChloOp::Atan
        | ChloOp::Atanh
        | ChloOp::BesselI1e
        | ChloOp::Conj
        | ChloOp::Cosh
        | ChloOp::Digamma
        | ChloOp::Erf
        | ChloOp::ErfInv
        | ChloOp::Erfc
        | ChloOp::IsInf
        | ChloOp::IsNegInf
        | ChloOp::IsPosInf
        | ChloOp::Lgamma
        | ChloOp::Sinh
        | ChloOp::Square
        | ChloOp::Tan
        | ChloOp::Mulhi
        | ChloOp::NextAfter
        | ChloOp::Polygamma
        | ChloOp::Zeta
        | ChloOp::BroadcastAdd
        | ChloOp::BroadcastAnd
        | ChloOp::BroadcastAtan2
        | ChloOp::BroadcastCompare
        | ChloOp::BroadcastComplex
        | ChloOp::BroadcastDivide
        | ChloOp::BroadcastMaximum
        | ChloOp::BroadcastMinimum
        | ChloOp::BroadcastMultiply
        | ChloOp::BroadcastNextAfter
        | ChloOp::BroadcastOr
        | ChloOp::BroadcastPolygamma
        | ChloOp::BroadcastPower
        | ChloOp::BroadcastRemainder
        | ChloOp::BroadcastSelect
        | ChloOp::BroadcastShiftLeft
        | ChloOp::BroadcastShiftRightArithmetic
        | ChloOp::BroadcastShiftRightLogical
        | ChloOp::BroadcastSubtract
        | ChloOp::BroadcastXor
        | ChloOp::BroadcastZeta
        | ChloOp::Constant
        | ChloOp::ConstantLike
        | ChloOp::RaggedDot
        | ChloOp::Scan => vec![],
    }
}

/// Names the op suggests for the entry block arguments of its `index`-th
/// region: `chlo.scan` names them `%input...` then `%carry...`.
pub fn block_arg_names(m: &Module, op: OpId, k: ChloOp, index: usize) -> Option<Vec<String>> {
    match k {
        ChloOp::Scan => {}
        ChloOp::AsinAcosKernel
        | ChloOp::Acos
        | ChloOp::Acosh
        | ChloOp::Asin
        | ChloOp::Asinh
        | ChloOp::Atan
        | ChloOp::Atanh
        | ChloOp::BesselI1e
        | ChloOp::Conj
        | ChloOp::Cosh
        | ChloOp::Digamma
        | ChloOp::Erf
        | ChloOp::ErfInv
        | ChloOp::Erfc
        | ChloOp::IsInf
        | ChloOp::IsNegInf
        | ChloOp::IsPosInf
        | ChloOp::Lgamma
        | ChloOp::Sinh
        | ChloOp::Square
        | ChloOp::Tan
        | ChloOp::Mulhi
        | ChloOp::NextAfter
        | ChloOp::Polygamma
        | ChloOp::Zeta
        | ChloOp::BroadcastAdd
        | ChloOp::BroadcastAnd
        | ChloOp::BroadcastAtan2
        | ChloOp::BroadcastCompare
        | ChloOp::BroadcastComplex
        | ChloOp::BroadcastDivide
        | ChloOp::BroadcastMaximum
        | ChloOp::BroadcastMinimum
        | ChloOp::BroadcastMultiply
        | ChloOp::BroadcastNextAfter
        | ChloOp::BroadcastOr
        | ChloOp::BroadcastPolygamma
        | ChloOp::BroadcastPower
        | ChloOp::BroadcastRemainder
        | ChloOp::BroadcastSelect
        | ChloOp::BroadcastShiftLeft
        | ChloOp::BroadcastShiftRightArithmetic
        | ChloOp::BroadcastShiftRightLogical
        | ChloOp::BroadcastSubtract
        | ChloOp::BroadcastXor
        | ChloOp::BroadcastZeta
        | ChloOp::Constant
        | ChloOp::ConstantLike
        | ChloOp::TopK
        | ChloOp::RaggedDot => return None,
    }
    let o = m.op(op);
    let (inputs, _) = segment_sizes(view::Scan::of(o).operand_segment_sizes().raw())?;
    let r = *o.regions.get(index)?;
    let b = *m.region(r).blocks.first()?;
    Some((0..m.block(b).args.len()).map(|i| if i < inputs { "input" } else { "carry" }.to_string()).collect())
}

/// Prints `op` in its custom form; false to fall back to the generic form.
pub fn print(p: &mut Printer<'_>, op: OpId, kind: ChloOp) -> bool {
    let o = p.m.op(op);
    if !o.successors.is_empty() {
        return false;
    }
    use ChloOp as C;
    match kind {
        C::Constant => !has_regions(p, op) && p.print_constant_like(op, "chlo.constant", view::Constant::of(o).value()),
        C::TopK => print_top_k(p, op),
        C::Scan => print_scan(p, op),
        C::ConstantLike | C::RaggedDot => false,
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
        | C::Tan
        | C::Mulhi
        | C::NextAfter
        | C::Polygamma
        | C::Zeta
        | C::BroadcastAdd
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
        | C::BroadcastSelect
        | C::BroadcastShiftLeft
        | C::BroadcastShiftRightArithmetic
        | C::BroadcastShiftRightLogical
        | C::BroadcastSubtract
        | C::BroadcastXor
        | C::BroadcastZeta => match chlo_form(kind) {
            Some(form) => print_operands_op(p, op, kind, form),
            None => false,
        },
    }
}

fn has_regions(p: &Printer<'_>, op: OpId) -> bool {
    !p.m.op(op).regions.is_empty()
}

fn types_of(p: &Printer<'_>, vs: &[ValueId]) -> Vec<Type> {
    vs.iter().map(|&v| p.m.value_type(v).clone()).collect()
}

fn print_operands_op(p: &mut Printer<'_>, op: OpId, kind: ChloOp, form: ChloForm) -> bool {
    let o = p.m.op(op);
    let (n, parens) = match form {
        ChloForm::Parens(n) => (n, true),
        ChloForm::Bare(n) => (n, false),
    };
    if o.operands.len() != n || o.results.len() != 1 || has_regions(p, op) {
        return false;
    }
    let ins = types_of(p, &o.operands);
    let out = p.m.value_type(o.results[0]).clone();
    if !parens && ins.iter().chain([&out]).any(|t| matches!(t, Type::Function(..))) {
        // A function type would read back as the whole signature.
        return false;
    }
    let operands = o.operands.clone();
    let attrs = o.attrs.clone();
    p.w(OpKind::Chlo(kind).name());
    p.w(" ");
    let vs = p.value_list(&operands);
    p.w(&vs);
    p.attr_dict(&attrs, &[]);
    p.w(" : ");
    if parens {
        p.w("(");
    }
    p.type_list(&ins);
    if parens {
        p.w(")");
    }
    p.w(" -> ");
    p.ty(&out);
    true
}

fn print_top_k(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    if o.operands.len() != 1 || o.results.len() != 2 || has_regions(p, op) {
        return false;
    }
    let v = view::TopK::of(o);
    let Some(Attr::Int(IntAttr { value: k, ty: Some(ElemType::I64) })) = v.k().raw() else {
        return false;
    };
    let k = *k;
    let mut consumed = vec![v.k().name];
    let unstable = matches!(v.is_stable().raw(), Some(Attr::Bool(false)));
    if unstable {
        consumed.push(v.is_stable().name);
    }
    let operand = o.operands[0];
    let outs = types_of(p, &o.results);
    let attrs = o.attrs.clone();
    p.w("chlo.top_k(");
    let v = p.value(operand);
    p.w(&v);
    p.w(&format!(", k = {k}"));
    if unstable {
        p.w(", is_stable = false");
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

fn segment_sizes(a: Option<&Attr>) -> Option<(usize, usize)> {
    match a? {
        Attr::DenseArray(d) if d.elem == ElemType::I32 && d.values.len() == 2 => {
            Some((usize::try_from(d.values[0]).ok()?, usize::try_from(d.values[1]).ok()?))
        }
        _ => None,
    }
}

fn print_scan(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let &[body] = o.regions.as_slice() else {
        return false;
    };
    let v = view::Scan::of(o);
    let (dimension, operand_segments, result_segments) =
        (v.dimension(), v.operand_segment_sizes(), v.result_segment_sizes());
    let Some(Attr::Int(IntAttr { value: dim, ty: Some(ElemType::I64) })) = dimension.raw() else {
        return false;
    };
    let dim = *dim;
    let (Some((ni, nc)), Some((no, nc2))) =
        (segment_sizes(operand_segments.raw()), segment_sizes(result_segments.raw()))
    else {
        return false;
    };
    if ni.checked_add(nc) != Some(o.operands.len()) || no.checked_add(nc2) != Some(o.results.len()) || nc != nc2 {
        return false;
    }
    let operands = o.operands.clone();
    let attrs = o.attrs.clone();
    p.w("chlo.scan(");
    let vs = p.value_list(&operands[..ni]);
    p.w(&vs);
    p.w(") inits (");
    let vs = p.value_list(&operands[ni..]);
    p.w(&vs);
    p.w(&format!(") dimension={dim} "));
    let printed = [dimension.name, operand_segments.name, result_segments.name];
    let rest = Dict(attrs.0.iter().filter(|(k, _)| !printed.contains(&k.as_str())).cloned().collect());
    if !rest.is_empty() {
        p.w(" attributes");
        p.attr_dict(&rest, &[]);
    }
    p.w(" ");
    p.region(body, true, true);
    p.w(" : ");
    p.op_function_type(op);
    true
}
