//! Lowering of the `chlo` custom op forms (grammar: `grammar/chlo.pest`).

use pest::iterators::Pair;

use super::{Lowerer, PResult};
use crate::ir::{OpId, Span};
use crate::parser::Rule;

/// Lowers `p` if it is one of this dialect's op rules; `Ok(None)` otherwise.
pub fn lower(_lw: &mut Lowerer<'_>, _p: Pair<'_, Rule>, _span: Span) -> PResult<Option<OpId>> {
    Ok(None)
}
