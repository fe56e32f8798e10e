//! XLA HLO text: grammar (`grammar/hlo.pest`), lowering into the arena IR, and XLA's canonical
//! printing.
//!
//! How HLO maps onto the IR (the design choice of this module):
//! - Every HLO opcode is a row of its own `hlo` dialect in the op table (`ops::HloOp`, named
//!   `hlo.<opcode>` with XLA's opcode string). HLO semantics differ from StableHLO's in enough places
//!   (implicit broadcasting rules, tuple-shaped values, `to_apply` computations instead of regions,
//!   layouts, async wrapping of any opcode) that sharing `stablehlo.*` rows would make every consumer
//!   branch on the source language; a dialect of its own keeps every `match` over `OpKind`
//!   exhaustive with one `OpKind::Hlo(_)` arm per consumer, and HLO's own code matches over `HloOp`.
//! - A module is the usual `builtin.module`; its `sym_name` is the `HloModule` name (absent for
//!   header-less text) and each header attribute is kept under `hlo.<name>` (canonical text), the
//!   stack-frame sections of JAX dumps under `hlo.stack_frames`.
//! - Each computation is an `hlo.computation` op (`sym_name`, `hlo.entry` when marked `ENTRY`,
//!   `execution_thread`), in text order, whose one block holds its instructions in order. The
//!   parameter list of a computation's header is not stored: it is derived from its `parameter`
//!   instructions when printing, as XLA does.
//! - Each instruction is one op with one result of the instruction's shape (`shape.rs`), its
//!   operands as values, its name in `hlo.name`, `hlo.root` on the computation's root, and its
//!   attributes under their HLO names: computation references as symbol references (arrays of them
//!   for `branch_computations` / `called_computations`), `control-predecessors` as an array of
//!   names, every other value as its canonical token text (`tok.rs`), which the typed views of
//!   `schema::hlo` decode (through `attrs.rs`).
//!   `constant` keeps its literal in `hlo.literal`, `parameter` its number in `parameter_number`.
//! - Sugared async forms (`custom-call-start`, ...) are desugared as XLA does: a wrapped computation
//!   `async_wrapped` with one parameter per operand and the wrapped instruction as root, called by an
//!   `async-start`; `async-update` / `async-done` name no computation (they inherit the chain's).
//!   Compact tuple access `%p#1#0` becomes `get-tuple-element` instructions marked `hlo.compact`,
//!   printed back in the compact form. Nested operand instructions become named instructions.
//!
//! Invariant: parsing never panics; every failure is a located `Diagnostic` whose message is XLA's
//! where XLA's parser has one.

pub mod attrs;
pub mod device_attrs;
pub mod literal;
pub mod lower;
pub mod named;
pub mod print;
pub mod shape;
pub mod tok;

use std::sync::Arc;

use pest::iterators::Pairs;
use pest_derive::Parser;

use crate::diag::Report;
use crate::ir::{Attr, Module, OpId, Source};
use crate::ops::{HloOp, OpKind};
use crate::schema::{Field, hlo as views, kind};

#[derive(Parser)]
#[grammar = "grammar/hlo.pest"]
pub struct HloParser;

/// Parses `text` with `rule` under the same work bound as the MLIR grammar.
pub fn parse_rule(rule: Rule, text: &str) -> Result<Pairs<'_, Rule>, Box<pest::error::Error<Rule>>> {
    <HloParser as pest::Parser<Rule>>::parse(rule, text).map_err(Box::new)
}

/// Parses HLO text (named `name` in diagnostics) into a module.
pub fn parse(name: &str, text: &str) -> Result<Module, Report> {
    parse_source(Arc::new(Source { name: name.to_string(), text: text.to_string(), first_line: 1 }))
}

/// Parses an HLO source, keeping it in the module for later diagnostics.
pub fn parse_source(source: Arc<Source>) -> Result<Module, Report> {
    lower::parse_source(source.clone()).map_err(|diagnostics| Report { source, diagnostics })
}

/// Whether a file name or a module names HLO text (`.hlo`, `.hlo.txt`).
pub fn is_hlo_path(path: &str) -> bool {
    path.ends_with(".hlo") || path.ends_with(".hlo.txt")
}

/// Whether the module came from HLO text: its body holds `hlo.computation`s.
pub fn is_hlo_module(m: &Module) -> bool {
    m.block(m.body()).ops.iter().any(|&op| m.op(op).name.kind() == Some(OpKind::Hlo(HloOp::Computation)))
}

/// The HLO opcode of an op, if it is an HLO instruction.
pub fn opcode(m: &Module, op: OpId) -> Option<HloOp> {
    match m.op(op).name.kind() {
        Some(OpKind::Hlo(HloOp::Computation)) => None,
        Some(OpKind::Hlo(k)) => Some(k),
        _ => None,
    }
}

/// XLA's opcode string (`all-reduce`).
pub fn opcode_name(k: HloOp) -> &'static str {
    OpKind::Hlo(k).name().trim_start_matches("hlo.")
}

/// Looks an opcode up by XLA's string.
pub fn opcode_from_name(s: &str) -> Option<HloOp> {
    match OpKind::from_name(&format!("hlo.{s}")) {
        Some(OpKind::Hlo(HloOp::Computation)) => None,
        Some(OpKind::Hlo(k)) => Some(k),
        _ => None,
    }
}

/// An instruction's or computation's name.
pub fn name_of(m: &Module, op: OpId) -> &str {
    let o = m.op(op);
    let name = if o.name.kind() == Some(OpKind::Hlo(HloOp::Computation)) {
        views::Computation::of(o).sym_name().get()
    } else {
        views::Instr::of(o).name().get()
    };
    name.and_then(|s| std::str::from_utf8(s).ok()).unwrap_or("")
}

/// The computations of a module, in text order.
pub fn computations(m: &Module) -> Vec<OpId> {
    m.block(m.body())
        .ops
        .iter()
        .copied()
        .filter(|&op| m.op(op).name.kind() == Some(OpKind::Hlo(HloOp::Computation)))
        .collect()
}

/// The entry computation: the one marked `ENTRY`, else the last.
pub fn entry(m: &Module) -> Option<OpId> {
    let comps = computations(m);
    comps.iter().copied().find(|&c| views::Computation::of(m.op(c)).entry().present()).or(comps.last().copied())
}

/// A computation's instructions, in order.
pub fn instructions(m: &Module, comp: OpId) -> Vec<OpId> {
    let o = m.op(comp);
    o.regions.first().and_then(|&r| m.region(r).blocks.first()).map(|&b| m.block(b).ops.clone()).unwrap_or_default()
}

/// A computation's root instruction.
pub fn root(m: &Module, comp: OpId) -> Option<OpId> {
    let ins = instructions(m, comp);
    ins.iter().copied().find(|&i| views::Instr::of(m.op(i)).root().present()).or(ins.last().copied())
}

/// Finds a computation by name.
pub fn computation(m: &Module, name: &str) -> Option<OpId> {
    computations(m).into_iter().find(|&c| name_of(m, c) == name)
}

/// The computation a computation-reference field names (`to_apply=`, `calls=`, ...), when present
/// and defined.
pub fn called(m: &Module, f: Field<'_, kind::HloComp>) -> Option<OpId> {
    computation(m, f.get()?)
}

/// Every computation an instruction calls, in attribute order.
pub fn called_computations(m: &Module, op: OpId) -> Vec<OpId> {
    let mut out = vec![];
    for (_, a) in m.op(op).attrs.iter() {
        match a {
            Attr::SymbolRef(p) => out.extend(p.first().and_then(|n| computation(m, n))),
            Attr::Array(items) => {
                for i in items {
                    if let Attr::SymbolRef(p) = i {
                        out.extend(p.first().and_then(|n| computation(m, n)));
                    }
                }
            }
            _ => {}
        }
    }
    out
}
