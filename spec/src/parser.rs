//! The pest parser: one grammar, split over one file per dialect.

use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "grammar/core.pest"]
#[grammar = "grammar/stablehlo.pest"]
#[grammar = "grammar/chlo.pest"]
#[grammar = "grammar/mhlo.pest"]
#[grammar = "grammar/sdy.pest"]
#[grammar = "grammar/mpmd.pest"]
pub struct MlirParser;

use std::num::NonZeroUsize;
use std::sync::Mutex;

use pest::iterators::Pairs;

/// Counted rule calls allowed per input byte (plus a floor), so that no input
/// makes parsing slower than linear by more than this factor. Valid inputs
/// need far fewer: the whole shared corpus (files up to 1.9 MB) parses with
/// 10 calls per byte; 200 leaves a wide margin.
pub const CALLS_PER_BYTE: usize = 200;
pub const CALLS_FLOOR: usize = 1 << 20;

/// pest reads its call limit and error-detail flag from globals when a parse
/// starts; parses take turns so that each one sees its own settings.
static TURN: Mutex<()> = Mutex::new(());

/// Parses `text` with `rule` under a work bound proportional to its length
/// (`CALLS_PER_BYTE`); `detail` turns on pest's costlier error tracking.
/// Exceeding the bound is an ordinary parse error ("call limit reached").
pub fn parse_bounded(rule: Rule, text: &str, detail: bool) -> Result<Pairs<'_, Rule>, pest::error::Error<Rule>> {
    let _turn = TURN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let limit = text.len().saturating_mul(CALLS_PER_BYTE).saturating_add(CALLS_FLOOR);
    pest::set_call_limit(NonZeroUsize::new(limit));
    pest::set_error_detail(detail);
    let r = <MlirParser as pest::Parser<Rule>>::parse(rule, text);
    pest::set_error_detail(false);
    r
}
