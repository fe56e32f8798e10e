//! The pest parser: one grammar, split over one file per dialect.

use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "grammar/core.pest"]
#[grammar = "grammar/stablehlo.pest"]
#[grammar = "grammar/chlo.pest"]
#[grammar = "grammar/sdy.pest"]
#[grammar = "grammar/mpmd.pest"]
pub struct MlirParser;
