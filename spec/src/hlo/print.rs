//! Printing an HLO module the way XLA's `HloModule::ToString` does: the header with its attributes
//! in XLA's order, the stack-frame sections, then every computation in module order with its
//! derived signature, instructions as `[ROOT ]%name = shape opcode(shape %operand, ...), attrs`.
//!
//! Async chains print in the explicit form (`async-start(...), calls=%wrapped`), which is XLA's
//! default dump form (`xla_syntax_sugar_async_ops` is off by default). Compact tuple accesses print
//! as `%p#i` operands and not as instructions of their own.
//!
//! Invariant: the text this prints parses back to an IR equal to the one printed
//! (`crate::eq`), and printing that again gives the same text.

use super::lower::GENERIC_ATTRS;
use super::lower::{COMPUTATION_ATTRS, COMPUTATION_LIST_ATTRS};
use super::shape::{print_shape, print_shape_human};
use super::{computations, instructions, name_of, opcode, opcode_name};
use crate::ir::{Attr, Module, OpId, ValueDef, ValueId};
use crate::ops::HloOp;
use crate::schema::hlo::{self as view, marks};
use crate::schema::{Module as ModuleView, keys};

/// The module header attributes, in the order `HloModule::Print` writes them.
const HEADER_ORDER: &[&str] = &[
    "is_scheduled",
    "input_output_alias",
    "buffer_donor",
    "alias_passthrough_params",
    "entry_computation_layout",
    "allow_spmd_sharding_propagation_to_parameters",
    "allow_spmd_sharding_propagation_to_output",
    "replica_count",
    "num_partitions",
    "frontend_attributes",
];

/// Prints a module parsed from HLO text.
pub fn print(m: &Module) -> String {
    let mut out = String::new();
    let root = m.op(m.root);
    let module = ModuleView::of(root);
    if let Some(Attr::Str(name, _)) = module.sym_name().raw() {
        out.push_str("HloModule ");
        out.push_str(&String::from_utf8_lossy(name));
        let mut header: Vec<(&str, &str)> = root
            .attrs
            .iter()
            .filter_map(|(k, v)| match (k.strip_prefix(marks::PREFIX), v) {
                (Some(n), Attr::Opaque(t)) if k != marks::STACK_FRAMES => Some((n, t.as_str())),
                _ => None,
            })
            .collect();
        header.sort_by_key(|(n, _)| {
            (HEADER_ORDER.iter().position(|h| h == n).unwrap_or(HEADER_ORDER.len()), n.to_string())
        });
        for (n, v) in header {
            out.push_str(&format!(", {n}={v}"));
        }
        out.push_str("\n\n");
    }
    if let Some(Attr::Opaque(frames)) = module.hlo_stack_frames().raw() {
        out.push_str(frames);
    }
    for c in computations(m) {
        print_computation(m, c, &mut out);
        out.push('\n');
    }
    out
}

fn print_computation(m: &Module, c: OpId, out: &mut String) {
    let o = m.op(c);
    let comp = view::Computation::of(o);
    if comp.entry().present() {
        out.push_str("ENTRY ");
    }
    out.push('%');
    out.push_str(name_of(m, c));
    let ins = instructions(m, c);
    let mut params: Vec<(i128, OpId)> = ins
        .iter()
        .copied()
        .filter(|&i| opcode(m, i) == Some(HloOp::Parameter))
        .map(|i| (view::Parameter::of(m.op(i)).parameter_number().raw().and_then(Attr::as_int).unwrap_or(0), i))
        .collect();
    params.sort();
    out.push_str(" (");
    for (k, (_, p)) in params.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        out.push_str(name_of(m, *p));
        out.push_str(": ");
        out.push_str(&print_shape_human(m.value_type(m.op(*p).results[0])));
    }
    out.push_str(") -> ");
    if let Some(r) = super::root(m, c) {
        out.push_str(&print_shape_human(m.value_type(m.op(r).results[0])));
    }
    out.push_str(" {\n");
    for i in ins {
        if view::Instr::of(m.op(i)).compact().present() {
            continue;
        }
        out.push_str("  ");
        print_instruction(m, i, out);
        out.push('\n');
    }
    out.push('}');
    // The computation's own attributes (XLA writes `execution_thread=`; any other is kept as written),
    // in stored order; `sym_name` and the lowering's `hlo.*` marks are not attributes of the text.
    for (k, v) in o.attrs.iter() {
        if let Attr::Opaque(t) = v
            && k != keys::SYM_NAME
            && !k.starts_with(marks::PREFIX)
        {
            out.push_str(", ");
            out.push_str(k);
            out.push('=');
            out.push_str(t);
        }
    }
    out.push('\n');
}

/// The reference to a value: its defining instruction's name.
fn value_name(m: &Module, v: ValueId) -> String {
    match m.value(v).def {
        ValueDef::Result { op, .. } => format!("%{}", name_of(m, op)),
        ValueDef::BlockArg { .. } => "%<arg>".into(),
    }
}

/// Prints one instruction (without indentation or newline).
pub fn print_instruction(m: &Module, i: OpId, out: &mut String) {
    let o = m.op(i);
    let Some(k) = opcode(m, i) else { return };
    if view::Instr::of(o).root().present() {
        out.push_str("ROOT ");
    }
    out.push('%');
    out.push_str(name_of(m, i));
    out.push_str(" = ");
    out.push_str(&print_shape(m.value_type(o.results[0])));
    out.push(' ');
    out.push_str(opcode_name(k));
    out.push('(');
    match k {
        HloOp::Parameter => {
            out.push_str(
                &view::Parameter::of(o).parameter_number().raw().and_then(Attr::as_int).unwrap_or(0).to_string(),
            );
        }
        HloOp::Constant => {
            if let Some(Attr::Opaque(l)) = view::Constant::of(o).literal().raw() {
                out.push_str(l);
            }
        }
        _ => {
            for (n, &v) in o.operands.iter().enumerate() {
                if n > 0 {
                    out.push_str(", ");
                }
                out.push_str(&print_shape(m.value_type(v)));
                out.push(' ');
                out.push_str(&value_name(m, v));
            }
        }
    }
    out.push(')');
    let mut specific: Vec<(&str, &Attr)> = vec![];
    let mut generic: Vec<(&str, &Attr)> = vec![];
    for (key, a) in o.attrs.iter() {
        // The lowering's marks, and a parameter's number (printed as its operand above).
        if key.starts_with(marks::PREFIX) || key == marks::PARAMETER_NUMBER {
            continue;
        }
        if GENERIC_ATTRS.contains(&key) {
            generic.push((key, a));
        } else {
            specific.push((key, a));
        }
    }
    // XLA writes the called computations after the other opcode attributes (`kind=kLoop,
    // calls=%f`; `condition=%c, body=%b`), then the generic attributes in a fixed order.
    specific.sort_by_key(|(key, _)| COMPUTATION_ATTRS.iter().chain(COMPUTATION_LIST_ATTRS).position(|c| c == key));
    generic.sort_by_key(|(key, _)| GENERIC_ATTRS.iter().position(|g| g == key));
    for (key, a) in specific.into_iter().chain(generic) {
        out.push_str(", ");
        out.push_str(key);
        out.push('=');
        out.push_str(&styled_attr_text(key, a));
    }
}

/// An attribute's text; shardings and replica groups in mesh form as XLA writes them
/// (`super::named::xla_style`: single quotes, its spacing), which reads back to the same tokens.
fn styled_attr_text(key: &str, a: &Attr) -> String {
    if let (Attr::Opaque(t), "sharding" | "replica_groups") = (a, key)
        && let Some(tokens) = super::tok::reparse(t)
        && super::named::is_mesh_form(&tokens)
    {
        return super::named::xla_style(&tokens);
    }
    attr_text(a)
}

fn attr_text(a: &Attr) -> String {
    match a {
        Attr::SymbolRef(p) => format!("%{}", p.first().map(String::as_str).unwrap_or("")),
        Attr::Array(items) => {
            let parts: Vec<String> = items
                .iter()
                .map(|x| match x {
                    Attr::Str(s, _) => format!("%{}", String::from_utf8_lossy(s)),
                    other => attr_text(other),
                })
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
        Attr::Opaque(t) => t.clone(),
        Attr::Int(i) => i.value.to_string(),
        other => format!("{other:?}"),
    }
}
