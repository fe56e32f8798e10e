//! Roundtrip mode: each case parses, and print∘parse∘print = print with an
//! equal IR after reparsing. A case written to fail parsing (its file runs
//! with `-verify-diagnostics` and an `expected-error` points at the line
//! where parsing fails) passes when the parse error is on that line and its
//! message contains the expected text.
//!
//! A file whose RUN line pipes the tool's output into `FileCheck` also has each case's printed
//! form matched against the case's CHECK lines (with the RUN line's FileCheck options), so that
//! the printer is held to upstream's expectations, not only to its own fixpoint. This applies only
//! where the RUN line prints the parsed module as it is; a RUN line that runs a pass first
//! describes the pass's output (see `file_check`).

use std::sync::Arc;

use shardref_spec::diag::{LineIndex, Severity, location};
use shardref_spec::print::{PrintOptions, print_module};
use shardref_spec::split::Case;
use shardref_spec::{Source, eq, parse_source};

use crate::expect::directives;
use crate::filecheck::{CheckOptions, check};
use crate::{Mode, SuiteFile, Verdict, first_line};

pub struct Roundtrip;

impl Mode for Roundtrip {
    fn judge(&self, file: &SuiteFile, case: &Case) -> Verdict {
        let source = Arc::new(Source { name: file.name.clone(), text: case.text.clone(), first_line: case.first_line });
        let expected: Vec<_> =
            directives(&case.text, case.first_line).into_iter().filter(|e| e.severity == Severity::Error).collect();
        match parse_source(source.clone()) {
            Err(report) => {
                let Some(d) = report.diagnostics.first() else {
                    return Verdict::Fail("parse failed without a diagnostic".into());
                };
                let (line, col) = location(&source, &LineIndex::new(&source.text), d.span);
                if file.verifies_diagnostics() && expected.iter().any(|e| e.line == line && d.message.contains(&e.text))
                {
                    return Verdict::Pass;
                }
                Verdict::Fail(format!("parse error at {line}:{col}: {}", first_line(&d.message)))
            }
            Ok(m) => {
                // A case that expects diagnostics is an invalid program: it must
                // round-trip in the pretty form, but (as in MLIR) its generic form
                // need not reparse, e.g. when it uses a value across an isolated region.
                let invalid = file.verifies_diagnostics() && !expected.is_empty();
                let mut verdict = check_fixpoint(&m, !invalid);
                if verdict == Verdict::Pass && !invalid {
                    verdict = file_check(file, case, &m);
                }
                if verdict == Verdict::Pass && invalid && is_parse_failure_suite(&file.name) {
                    return Verdict::Skip(format!(
                        "parses, but line {} expects '{}': upstream reports it from an op verifier, which `conform verify` judges (#4)",
                        expected[0].line, expected[0].text
                    ));
                }
                verdict
            }
        }
    }
}

/// The case's printed form against its CHECK lines, when the RUN line pipes the tool's plain
/// output into FileCheck. A RUN line that runs a pass first (`-canonicalize`, `-inline`, an sdy
/// pass, `--interpret`) describes that pass's output, which roundtrip does not produce: those CHECK
/// lines are left to the mode that runs the pass (`conform passes`, `conform rules`,
/// `conform interpret`), and docs/CLI.md lists the ones no mode runs.
fn file_check(file: &SuiteFile, case: &Case, m: &shardref_spec::Module) -> Verdict {
    let Some((tool, checker)) = file.run.split_once("| FileCheck") else { return Verdict::Pass };
    let transforms = tool.split_whitespace().skip(1).any(|w| {
        w.starts_with('-')
            && !matches!(
                w,
                "-split-input-file" | "--split-input-file" | "--" | "-verify-diagnostics" | "--verify-diagnostics"
            )
    });
    if transforms {
        return Verdict::Pass;
    }
    let words: Vec<&str> = std::iter::once("FileCheck").chain(checker.split_whitespace()).collect();
    let opts = CheckOptions::from_args(&words);
    let printed = print_module(m, PrintOptions::default());
    match check(&printed, &case.text, &opts) {
        Ok(()) => Verdict::Pass,
        Err(e) => {
            let line = if e.line > 0 { e.line + case.first_line as usize - 1 } else { case.first_line as usize };
            Verdict::Fail(format!("FileCheck at line {line}: {}", first_line(&e.message)))
        }
    }
}

/// Files whose cases each exercise a parse error (`*_parsing_failure.mlir`).
fn is_parse_failure_suite(name: &str) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    base.contains("parsing_failure") || base.contains("parse_failure") || base.contains("parse_error")
}

/// print → parse → print is a fixpoint and the reparsed IR equals the original;
/// with `generic`, the generic form must reparse to an equal IR too.
pub fn check_fixpoint(m: &shardref_spec::Module, generic: bool) -> Verdict {
    let opts = PrintOptions::default();
    let text1 = print_module(m, opts);
    let m2 = match shardref_spec::parse("<printed>", &text1) {
        Ok(m2) => m2,
        Err(r) => return Verdict::Fail(format!("printed form does not parse: {}", first_line(&r.to_string()))),
    };
    if let Err(e) = eq::modules_equal(m, &m2) {
        return Verdict::Fail(format!("reparsed IR differs: {}", truncate(&e, 300)));
    }
    let text2 = print_module(&m2, opts);
    if text1 != text2 {
        let line = text1.lines().zip(text2.lines()).position(|(a, b)| a != b).unwrap_or(0);
        return Verdict::Fail(format!(
            "print is not a fixpoint at printed line {}: '{}' vs '{}'",
            line + 1,
            truncate(text1.lines().nth(line).unwrap_or(""), 120),
            truncate(text2.lines().nth(line).unwrap_or(""), 120)
        ));
    }
    if !generic {
        return Verdict::Pass;
    }
    // The generic form must round-trip to the same IR as well.
    let generic = print_module(m, PrintOptions { generic: true, ..opts });
    match shardref_spec::parse("<generic>", &generic) {
        Ok(m3) => match eq::modules_equal(m, &m3) {
            Ok(()) => Verdict::Pass,
            Err(e) => Verdict::Fail(format!("generic form reparses to a different IR: {}", truncate(&e, 300))),
        },
        Err(r) => Verdict::Fail(format!("generic form does not parse: {}", first_line(&r.to_string()))),
    }
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n { s.to_string() } else { format!("{}...", s.chars().take(n).collect::<String>()) }
}
