//! Lowering of the `stablehlo` custom op forms (grammar: `grammar/stablehlo.pest`).

use pest::iterators::Pair;

use super::{Lowerer, PResult};
use crate::ir::{OpId, Span};
use crate::parser::Rule;

/// Lowers `p` if it is one of this dialect's op rules; `Ok(None)` otherwise.
pub fn lower(_lw: &mut Lowerer<'_>, _p: Pair<'_, Rule>, _span: Span) -> PResult<Option<OpId>> {
    Ok(None)
}

/// Lowers a `stablehlo_attr` pair.
pub fn lower_attr(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<crate::ir::Attr> {
    lw.err(super::span_of(&p), "stablehlo attributes are not modelled yet")
}
