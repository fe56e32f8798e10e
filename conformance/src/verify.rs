//! Verify mode: each case is parsed and verified. A case whose file runs
//! with `-verify-diagnostics` must produce exactly the diagnostics its
//! `expected-*` directives describe (MLIR's matching: same line, same
//! severity, message contains the text; notes count as diagnostics of their
//! own). Any other case must verify cleanly. A parse failure is the chunk's
//! only diagnostic, as upstream stops there. When the RUN line runs sdy
//! import passes (`shardref_passes`), they run after a clean verification,
//! each followed by a verification as in `sdy_opt`, and what they report
//! counts as the case's diagnostics.

use std::sync::Arc;

use shardref_spec::diag::{Diagnostic, LineIndex, location};
use shardref_spec::split::Case;
use shardref_spec::{Source, parse_source};

use shardref_passes::{Pass, PassState};
use shardref_spec::diag::Severity;

use crate::expect::{directives, match_expectations};
use crate::{Mode, SuiteFile, Verdict, first_line};

pub struct Verify;

/// The diagnostics upstream would report for a source: its parse error, or
/// the verifier's diagnostics.
pub fn diagnose(source: Arc<Source>) -> Vec<Diagnostic> {
    diagnose_with_passes(source, &[], &mut PassState::default())
}

/// Like `diagnose`, then, when the module verifies, the analyses of the
/// import passes the pipeline runs (their errors, as the passes report them).
pub fn diagnose_with_passes(source: Arc<Source>, passes: &[Pass], state: &mut PassState) -> Vec<Diagnostic> {
    crate::passes::run_pipeline(source, passes, state).diagnostics
}

/// The passes a file's RUN lines name, in order, each once (passes
/// shardref does not implement are left out).
pub fn passes_of(run: &str) -> Vec<Pass> {
    let mut out: Vec<Pass> = vec![];
    for w in run.split_whitespace().filter(|w| w.starts_with('-')) {
        if let Ok(p) = Pass::parse(w)
            && !out.iter().any(|q| q.kind == p.kind)
        {
            out.push(p);
        }
    }
    out
}

/// The passes' process-wide state when `case` starts: upstream runs every
/// chunk of a split file in one process, so the chunks before it are
/// replayed.
fn state_before(file: &SuiteFile, case: &Case, passes: &[Pass]) -> PassState {
    let mut state = PassState::default();
    if passes.is_empty() {
        return state;
    }
    for earlier in file.cases().into_iter().take_while(|c| c.first_line < case.first_line) {
        let source = Arc::new(Source { name: file.name.clone(), text: earlier.text, first_line: earlier.first_line });
        let _ = diagnose_with_passes(source, passes, &mut state);
    }
    state
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
        // The RUN line's import passes whose analyses shardref implements
        // run after verification; other passes report no errors here.
        let passes = passes_of(&file.run);
        let mut state = state_before(file, case, &passes);
        let diags = diagnose_with_passes(source.clone(), &passes, &mut state);
        if file.verifies_diagnostics() {
            let expected = directives(&case.text, case.first_line);
            let problems = match_expectations(&source, &diags, &expected);
            if problems.is_empty() {
                return Verdict::Pass;
            }
            return Verdict::Fail(problems.join("; "));
        }
        // Without -verify-diagnostics, warnings are printed but do not fail a run.
        match diags.iter().find(|d| d.severity == Severity::Error) {
            None => Verdict::Pass,
            Some(d) => {
                let (line, col) = location(&source, &LineIndex::new(&source.text), d.span);
                Verdict::Fail(format!("{line}:{col}: {}", first_line(&d.message)))
            }
        }
    }
}
