//! Passes mode and the `sdy_opt` driver: a RUN line's pipeline runs on each
//! case as `sdy_opt` runs it (parse, verify, then each pass followed by a
//! verification), and the printed module is matched against the case's
//! CHECK lines with the FileCheck matcher; a RUN line with
//! `-verify-diagnostics` instead matches every diagnostic of the run
//! against the case's `expected-*` directives, as `conform verify` does.
//!
//! Invariants: every RUN line of a file is judged on every case, and a case
//! passes only when all of them do; a RUN line that names a pass shardref
//! does not implement fails its cases (it is never skipped); the process-wide
//! pass state of a split run is replayed from the earlier chunks, as upstream
//! runs them in one process.

use std::sync::Arc;

use shardref_passes::{Pass, PassState, run_pass};
use shardref_spec::diag::{Diagnostic, LineIndex, Severity, location};
use shardref_spec::ir::Module;
use shardref_spec::print::{PrintOptions, print_module};
use shardref_spec::split::{Case, split_cases};
use shardref_spec::{Source, parse_source};

use crate::expect::directives;
use crate::expect::match_expectations;
use crate::filecheck::{CheckOptions, check};
use crate::{Mode, SuiteFile, Verdict, first_line};

/// What a run of the pipeline gave: the module (when every stage
/// succeeded) and every diagnostic, in the order they were reported.
pub struct PipelineRun {
    pub module: Option<Module>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses, verifies and runs `passes` on a source as `sdy_opt` does: the
/// module is verified after every pass, and the first failure stops the run.
pub fn run_pipeline(source: Arc<Source>, passes: &[Pass], state: &mut PassState) -> PipelineRun {
    let mut m = match parse_source(source) {
        Ok(m) => m,
        Err(report) => {
            return PipelineRun { module: None, diagnostics: report.diagnostics.into_iter().take(1).collect() };
        }
    };
    let d = shardref_verifier::verify(&m);
    if !d.is_empty() {
        return PipelineRun { module: None, diagnostics: d };
    }
    let mut diagnostics = vec![];
    for pass in passes.iter().flat_map(Pass::expand) {
        let outcome = run_pass(&mut m, &pass, state);
        let failed = outcome.failed();
        diagnostics.extend(outcome.diagnostics);
        if failed {
            return PipelineRun { module: None, diagnostics };
        }
        let d = shardref_verifier::verify(&m);
        if !d.is_empty() {
            diagnostics.extend(d);
            return PipelineRun { module: None, diagnostics };
        }
    }
    PipelineRun { module: Some(m), diagnostics }
}

/// One `// RUN:` line of an `sdy_opt` test.
#[derive(Clone, Debug)]
pub struct RunLine {
    pub text: String,
    pub passes: Vec<Pass>,
    pub split: bool,
    pub verify_diagnostics: bool,
    /// The FileCheck stage's options, when the output is piped into FileCheck.
    pub filecheck: Option<CheckOptions>,
}

impl RunLine {
    /// Reads a RUN line; an unknown `-sdy-*` pass is an error naming it.
    pub fn parse(text: &str) -> Result<RunLine, String> {
        let mut stages = text.split('|');
        let tool = stages.next().unwrap_or("");
        let mut passes = vec![];
        let mut split = false;
        let mut verify_diagnostics = false;
        for w in tool.split_whitespace() {
            let bare = w.trim_start_matches('-');
            match bare {
                "split-input-file" => split = true,
                "verify-diagnostics" => verify_diagnostics = true,
                _ if w.starts_with('-') && (bare.starts_with("sdy-") || Pass::parse(bare).is_ok()) => {
                    passes.push(Pass::parse(bare)?)
                }
                _ => {}
            }
        }
        let filecheck = stages.find(|s| s.trim_start().starts_with("FileCheck")).map(|s| {
            let words: Vec<&str> = s.split_whitespace().collect();
            CheckOptions::from_args(&words)
        });
        Ok(RunLine { text: text.trim().to_string(), passes, split, verify_diagnostics, filecheck })
    }
}

/// The RUN lines of a file (a trailing `\` continues a line).
pub fn run_lines(text: &str) -> Vec<String> {
    let mut out = vec![];
    let mut cur = String::new();
    for l in text.lines() {
        let Some(r) = l.trim_start().strip_prefix("// RUN:") else { continue };
        let r = r.trim();
        match r.strip_suffix('\\') {
            Some(head) => {
                cur.push_str(head);
                cur.push(' ');
            }
            None => {
                cur.push_str(r);
                out.push(std::mem::take(&mut cur));
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

pub struct Passes;

fn source_of(file: &SuiteFile, case: &Case) -> Arc<Source> {
    Arc::new(Source { name: file.name.clone(), text: case.text.clone(), first_line: case.first_line })
}

/// The first error of a run, located, for a one-line failure report.
fn first_error(source: &Source, diags: &[Diagnostic]) -> String {
    match diags.iter().find(|d| d.severity == Severity::Error) {
        Some(d) => {
            let (line, col) = location(source, &LineIndex::new(&source.text), d.span);
            format!("{line}:{col}: {}", first_line(&d.message))
        }
        None => "the pipeline failed".to_string(),
    }
}

fn judge_run(file: &SuiteFile, case: &Case, run: &RunLine) -> Result<(), String> {
    let source = source_of(file, case);
    if run.verify_diagnostics {
        // The once-only warning state after the chunks before this one.
        let mut state = PassState::default();
        if run.split {
            for earlier in file.cases().into_iter().take_while(|c| c.first_line < case.first_line) {
                let _ = run_pipeline(source_of(file, &earlier), &run.passes, &mut state);
            }
        }
        let r = run_pipeline(source.clone(), &run.passes, &mut state);
        let expected = directives(&case.text, case.first_line);
        let problems = match_expectations(&source, &r.diagnostics, &expected);
        return if problems.is_empty() { Ok(()) } else { Err(problems.join("; ")) };
    }
    let Some(opts) = &run.filecheck else {
        // A RUN line that checks nothing must still run cleanly.
        let r = run_pipeline(source.clone(), &run.passes, &mut PassState::default());
        return if r.module.is_some() { Ok(()) } else { Err(first_error(&source, &r.diagnostics)) };
    };
    let r = run_pipeline(source.clone(), &run.passes, &mut PassState::default());
    let Some(m) = r.module else {
        return Err(format!("pipeline failed: {}", first_error(&source, &r.diagnostics)));
    };
    let output = print_module(&m, PrintOptions::default());
    check(&output, &case.text, opts).map_err(|f| {
        let line = case.first_line as usize + f.line.saturating_sub(1);
        format!("line {line}: {}", first_line(&f.message))
    })
}

impl Mode for Passes {
    fn cases(&self, file: &SuiteFile) -> Vec<Case> {
        let runs = run_lines(&file.text);
        if runs.iter().any(|r| r.contains("split-input-file")) {
            file.cases()
        } else {
            vec![Case { name: file.name.clone(), part: None, text: file.text.clone(), first_line: 1 }]
        }
    }

    fn judge(&self, file: &SuiteFile, case: &Case) -> Verdict {
        let runs = run_lines(&file.text);
        if runs.is_empty() {
            return Verdict::Fail("no RUN line".to_string());
        }
        let mut problems = vec![];
        for text in runs {
            let run = match RunLine::parse(&text) {
                Ok(r) => r,
                Err(e) => {
                    problems.push(e);
                    continue;
                }
            };
            // A file whose other RUN line splits has cases this one does not see alone.
            if !run.split && split_cases(&file.name, &file.text).len() > 1 && self.cases(file).len() > 1 {
                let whole = Case { name: file.name.clone(), part: None, text: file.text.clone(), first_line: 1 };
                if case.first_line == 1
                    && let Err(e) = judge_run(file, &whole, &run)
                {
                    problems.push(e);
                }
                continue;
            }
            if let Err(e) = judge_run(file, case, &run) {
                problems.push(e);
            }
        }
        if problems.is_empty() { Verdict::Pass } else { Verdict::Fail(problems.join("; ")) }
    }
}
