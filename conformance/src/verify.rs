//! Verify mode: each case is parsed and verified. A case whose file runs
//! with `-verify-diagnostics` must produce exactly the diagnostics its
//! `expected-*` directives describe (MLIR's matching: same line, same
//! severity, message contains the text; notes count as diagnostics of their
//! own). Any other case must verify cleanly. A parse failure is the chunk's
//! only diagnostic, as upstream stops there.

use std::sync::Arc;

use shardref_spec::diag::{Diagnostic, LineIndex, location};
use shardref_spec::split::Case;
use shardref_spec::{Source, parse_source};

use crate::expect::{Expected, directives};
use crate::{Mode, SuiteFile, Verdict, first_line};

pub struct Verify;

/// The diagnostics upstream would report for a source: its parse error, or
/// the verifier's diagnostics.
pub fn diagnose(source: Arc<Source>) -> Vec<Diagnostic> {
    match parse_source(source) {
        Err(report) => report.diagnostics.into_iter().take(1).collect(),
        Ok(m) => shardref_verifier::verify(&m),
    }
}

/// Matches diagnostics against directives; returns one line per problem
/// (an unexpected diagnostic or an expected one that was not produced).
pub fn match_expectations(source: &Source, diags: &[Diagnostic], expected: &[Expected]) -> Vec<String> {
    let index = LineIndex::new(&source.text);
    let mut used = vec![false; expected.len()];
    let mut problems = vec![];
    let flat = diags.iter().flat_map(|d| std::iter::once(d).chain(d.notes.iter()));
    for d in flat {
        let (line, col) = location(source, &index, d.span);
        let hit = expected
            .iter()
            .enumerate()
            .find(|(i, e)| !used[*i] && e.severity == d.severity && e.line == line && d.message.contains(&e.text));
        match hit {
            Some((i, _)) => used[i] = true,
            None => problems.push(format!(
                "{}:{line}:{col}: unexpected {}: {}",
                source.name,
                d.severity.name(),
                first_line(&d.message)
            )),
        }
    }
    for (e, u) in expected.iter().zip(&used) {
        if !u {
            problems.push(format!(
                "{}:{}: expected {} \"{}\" was not produced",
                source.name,
                e.directive_line,
                e.severity.name(),
                e.text
            ));
        }
    }
    problems
}

/// Whether the RUN line runs a transformation pass, whose own errors the
/// verifier does not produce.
fn runs_pass(run: &str) -> bool {
    run.split_whitespace().any(|w| w.starts_with("-sdy-") || w.starts_with("--sdy-") || w.starts_with("-mpmd-"))
}

impl Mode for Verify {
    fn judge(&self, file: &SuiteFile, case: &Case) -> Verdict {
        let source = Arc::new(Source { name: file.name.clone(), text: case.text.clone(), first_line: case.first_line });
        // A parse-failure case passes as in roundtrip mode: the parse error is
        // where an expected-error points and contains its text (upstream adds
        // wrapper errors that shardref's parser does not repeat).
        if let Err(report) = parse_source(source.clone()) {
            let _ = report;
            return crate::roundtrip::Roundtrip.judge(file, case);
        }
        let diags = diagnose(source.clone());
        if file.verifies_diagnostics() {
            let expected = directives(&case.text, case.first_line);
            let problems = match_expectations(&source, &diags, &expected);
            if problems.is_empty() {
                return Verdict::Pass;
            }
            if diags.is_empty() && runs_pass(&file.run) {
                return Verdict::Skip("its errors come from a transformation pass, not the verifier".into());
            }
            return Verdict::Fail(problems.join("; "));
        }
        match diags.first() {
            None => Verdict::Pass,
            Some(d) => {
                let (line, col) = location(&source, &LineIndex::new(&source.text), d.span);
                Verdict::Fail(format!("{line}:{col}: {}", first_line(&d.message)))
            }
        }
    }
}
