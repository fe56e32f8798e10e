//! Lowering of the `mpmd` custom op forms, types and attributes (grammar: `grammar/mpmd.pest`).

use pest::iterators::Pair;

use super::{Lowerer, PResult};
use crate::ir::{Attr, OpId, Span, Type};
use crate::parser::Rule;

/// Lowers `p` if it is one of this dialect's op rules; `Ok(None)` otherwise.
pub fn lower(_lw: &mut Lowerer<'_>, _p: Pair<'_, Rule>, _span: Span) -> PResult<Option<OpId>> {
    Ok(None)
}

/// Lowers an `mpmd_attr` pair.
pub fn lower_attr(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<Attr> {
    lw.err(super::span_of(&p), "mpmd attributes are not modelled yet")
}

/// Lowers an `mpmd_type` pair.
pub fn lower_type(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<Type> {
    lw.err(super::span_of(&p), "mpmd types are not modelled yet")
}
