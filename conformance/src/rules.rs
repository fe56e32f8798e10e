//! Rules mode: Shardy's op-sharding-rule registry tests. Each case runs the
//! RUN line's pipeline (`-sdy-populate-op-sharding-rules`, with
//! `conservative-propagation=true` when the RUN line says so): the module is
//! parsed and verified, every op gets its registry rule attached, and the
//! output (the registry's warnings, then the printed module, as `2>&1` gives
//! them) is matched against the case's CHECK lines. A RUN line with
//! `-verify-diagnostics` also checks the diagnostics against the case's
//! `expected-*` directives, as `conform verify` does.
//!
//! Invariant: the outcome of a case depends only on the case's text and the
//! cases before it in its file (upstream warns once per process, and runs
//! every chunk of a split file in one process).

use std::sync::Arc;

use shardref_spec::diag::{Diagnostic, render};
use shardref_spec::print::{PrintOptions, print_module};
use shardref_spec::rules::{WarnOnce, populate};
use shardref_spec::split::Case;
use shardref_spec::{Source, parse_source};

use crate::expect::directives;
use crate::expect::match_expectations;
use crate::{Mode, SuiteFile, Verdict};

pub struct Rules;

/// What one run of the populate pipeline produced.
pub struct PipelineOutput {
    /// The printed module, when the input parsed and verified.
    pub module: Option<String>,
    /// Parse or verifier errors, or the registry's warnings.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses and verifies `source`, then attaches every op's rule.
pub fn populate_pipeline(source: Arc<Source>, conservative: bool, warned: &mut WarnOnce) -> PipelineOutput {
    let mut m = match parse_source(source) {
        Ok(m) => m,
        Err(report) => {
            return PipelineOutput { module: None, diagnostics: report.diagnostics.into_iter().take(1).collect() };
        }
    };
    let errors = shardref_verifier::verify(&m);
    if !errors.is_empty() {
        return PipelineOutput { module: None, diagnostics: errors };
    }
    let diagnostics = populate(&mut m, conservative, warned);
    PipelineOutput { module: Some(print_module(&m, PrintOptions::default())), diagnostics }
}

/// Whether a RUN line asks for conservative propagation.
pub fn is_conservative(run: &str) -> bool {
    run.contains("conservative-propagation=true")
}

impl Mode for Rules {
    fn judge(&self, file: &SuiteFile, case: &Case) -> Verdict {
        if !file.run.contains("-sdy-populate-op-sharding-rules") {
            return Verdict::Fail("the RUN line does not run -sdy-populate-op-sharding-rules".into());
        }
        let conservative = is_conservative(&file.run);
        // Upstream runs every chunk of the file in one process, so the
        // once-per-process warnings of earlier chunks are replayed first.
        let mut warned = WarnOnce::default();
        for earlier in file.cases().into_iter().take_while(|c| c.first_line < case.first_line) {
            let src = Arc::new(Source { name: file.name.clone(), text: earlier.text, first_line: earlier.first_line });
            let _ = populate_pipeline(src, conservative, &mut warned);
        }
        let source = Arc::new(Source { name: file.name.clone(), text: case.text.clone(), first_line: case.first_line });
        let out = populate_pipeline(source.clone(), conservative, &mut warned);
        let mut problems = vec![];
        if file.verifies_diagnostics() {
            let expected = directives(&source.text, source.first_line);
            problems.extend(match_expectations(&source, &out.diagnostics, &expected));
        } else if out.module.is_none() {
            problems.push(format!("the input was rejected: {}", first_message(&out.diagnostics)));
        }
        if let Some(stage) = filecheck_stage(&file.run) {
            let mut input = String::new();
            if !file.verifies_diagnostics() {
                input.push_str(&render(&source, &out.diagnostics));
            }
            input.push_str(out.module.as_deref().unwrap_or(""));
            let words: Vec<&str> = stage.split_whitespace().collect();
            let opts = crate::filecheck::CheckOptions::from_args(&words);
            if let Err(failure) = crate::filecheck::check(&input, &case.text, &opts) {
                problems.push(first_line_of(&failure.to_string()));
            }
        }
        if problems.is_empty() { Verdict::Pass } else { Verdict::Fail(problems.join("; ")) }
    }
}

/// The FileCheck stage of a RUN pipeline, if it pipes into FileCheck.
fn filecheck_stage(run: &str) -> Option<&str> {
    run.split('|').map(str::trim).find(|s| s.starts_with("FileCheck"))
}

fn first_message(d: &[Diagnostic]) -> String {
    d.first().map_or_else(String::new, |d| first_line_of(&d.message))
}

fn first_line_of(s: &str) -> String {
    s.lines().next().unwrap_or("").to_string()
}
