//! shardref-spec: the syntax of the programs shardref reads.
//!
//! - `grammar/*.pest`: the single source of syntax (MLIR generic form, builtin
//!   types and attributes, and the custom forms of func, stablehlo, chlo, sdy,
//!   mpmd, check and interpreter ops).
//! - `lower`: pest pairs → the arena IR in `ir`, with spans.
//! - `print`: the IR → canonical text; print∘parse∘print = print.
//! - `ops`: the op table, as data; `schema`: each row's attribute schema and the typed views
//!   consumers read attributes through.
//! - `split`: `// -----` and `//--- name` file splitting.
//! - `parse_time`: the attribute checks upstream runs while parsing (sdy
//!   meshes, propagation edges, mpmd topologies), which order a failed
//!   parse's errors.
//!
//! Invariants: this crate never executes anything; it does not depend on the
//! interpreter or the verifier. No input makes it panic or overflow the stack:
//! nesting is bounded (`lower::MAX_NESTING`) and every failure is a located
//! `Diagnostic`.

pub mod dense;
pub mod diag;
pub mod eq;
pub mod float;
pub mod hlo;
pub mod ir;
pub mod lower;
pub mod ops;
pub mod parse_time;
pub mod parser;
pub mod print;
pub mod rules;
pub mod schema;
pub mod split;

use std::sync::Arc;

pub use diag::{Diagnostic, Report};
pub use ir::{Module, Source};

/// Parses `text` (named `name` in diagnostics) into a module.
pub fn parse(name: &str, text: &str) -> Result<Module, Report> {
    parse_source(Arc::new(Source { name: name.to_string(), text: text.to_string(), first_line: 1 }))
}

/// Parses a source, keeping it in the module for later diagnostics.
pub fn parse_source(source: Arc<Source>) -> Result<Module, Report> {
    lower::parse_source(source.clone()).map_err(|diagnostics| Report {
        source,
        diagnostics: diagnostics.into_iter().map(|d| d.or_code(diag::PARSE)).collect(),
    })
}
