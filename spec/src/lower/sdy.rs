//! Lowering of the `sdy` custom op forms and attributes (grammar: `grammar/sdy.pest`).

use pest::iterators::Pair;

use super::{Lowerer, PResult};
use crate::ir::{Attr, OpId, Span};
use crate::parser::Rule;

/// Lowers `p` if it is one of this dialect's op rules; `Ok(None)` otherwise.
pub fn lower(_lw: &mut Lowerer<'_>, _p: Pair<'_, Rule>, _span: Span) -> PResult<Option<OpId>> {
    Ok(None)
}

/// Lowers an `sdy_attr` pair.
pub fn lower_attr(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<Attr> {
    lw.err(super::span_of(&p), "sdy attributes are not modelled yet")
}
