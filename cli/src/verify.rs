//! `shardref verify FILE... [--split-input-file] [--verify-diagnostics | --json]`:
//! prints the verifier's diagnostics (exit 1 on any error); with
//! `--verify-diagnostics`, checks them against the `expected-*` directives
//! as MLIR's `-verify-diagnostics` does (exit 1 on any mismatch); with
//! `--json`, prints them as JSON lines on standard output for tools
//! (`{"file", "line", "column", "severity", "label", "message"}`, notes as
//! lines of their own), with the same exit status.
//!
//! `label` is the diagnostic's rule label (`Diagnostic::code`) or, where no
//! rule applies, its category (`parse` for the reader's errors).

use std::path::PathBuf;
use std::process::ExitCode;

use shardref_conformance::expect::directives;
use shardref_conformance::expect::match_expectations;
use shardref_conformance::verify::diagnose;
use shardref_spec::Source;
use shardref_spec::diag::{Diagnostic, LineIndex, PARSE, Severity, location, render};

/// How `verify` reports.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// MLIR's rendering, on standard error.
    Rendered,
    /// Checks against `expected-*` directives.
    CheckDirectives,
    /// JSON lines on standard output.
    Json,
}

/// One JSON line per diagnostic and note.
fn json_lines(src: &Source, diags: &[Diagnostic]) -> String {
    let index = LineIndex::new(&src.text);
    let mut out = String::new();
    for d in diags.iter().flat_map(|d| std::iter::once(d).chain(&d.notes)) {
        let (line, column) = location(src, &index, d.span);
        // The fields in the documented order (serde_json's maps sort their keys).
        let text = |s: &str| serde_json::Value::from(s).to_string();
        let v = format!(
            "{{\"file\":{},\"line\":{line},\"column\":{column},\"severity\":{},\"label\":{},\"message\":{}}}",
            text(&src.name),
            text(d.severity.name()),
            text(d.code.unwrap_or(PARSE)),
            text(&d.message),
        );
        out.push_str(&v);
        out.push('\n');
    }
    out
}

/// Prints diagnostics the way `output` asks (never `CheckDirectives`).
fn report(src: &Source, diags: &[Diagnostic], output: Output) {
    if diags.is_empty() {
        return;
    }
    match output {
        Output::Json => print!("{}", json_lines(src, diags)),
        Output::Rendered | Output::CheckDirectives => eprint!("{}", render(src, diags)),
    }
}

/// The `verify` command.
pub fn verify(files: &[PathBuf], split: bool, output: Output, hlo: bool) -> ExitCode {
    let mut ok = true;
    for f in files {
        let text = match crate::read(f) {
            Ok(t) => t,
            Err(c) => return c,
        };
        if crate::hlo::is_hlo(f, hlo) {
            let src = std::sync::Arc::new(shardref_spec::Source { name: f.display().to_string(), text, first_line: 1 });
            let diags: Vec<Diagnostic> = match shardref_spec::hlo::parse_source(src.clone()) {
                Ok(m) => shardref_verifier::hlo::verify(&m),
                Err(report) => report.diagnostics.into_iter().map(|d| d.or_code(PARSE)).collect(),
            };
            if !diags.is_empty() {
                report(&src, &diags, output);
                ok = false;
            }
            continue;
        }
        for src in crate::inputs(f, &text, split) {
            let diags = diagnose(src.clone());
            if output == Output::CheckDirectives {
                let expected = directives(&src.text, src.first_line);
                for p in match_expectations(&src, &diags, &expected) {
                    eprintln!("{p}");
                    ok = false;
                }
            } else {
                report(&src, &diags, output);
                if diags.iter().any(|d| d.severity == Severity::Error) {
                    ok = false;
                }
            }
        }
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
