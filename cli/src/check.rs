//! `shardref check FILE|DIR...`: the static partial-state checker
//! (`shardref_verifier::partial`) over files and folders of `.mlir`, with
//! no inputs. Each finding prints as `file:line:col: error: [label] message`
//! (the label is a rule of `shardref_verifier::rules::RULES`, section
//! `check`). A file that does not parse or verify is reported as such and not
//! checked. `--verify-diagnostics` matches the findings against the files'
//! `expected-error` directives instead (the test cases of
//! verifier/tests/check/). The last line counts the cases and findings.
//!
//! `--known FILE` lists findings that are expected (programs that are wrong
//! on purpose, such as upstream's lowering tests that all-reduce a
//! replicated value): one `PATH:LINE: [label]` per line, PATH a suffix of
//! the file's path, `#` starting a comment (the reason). A known finding
//! that no longer appears is an error too, so the list stays exact.
//!
//! Exit status: 0 when there is no finding (or every directive matched, or
//! every finding is known), 1 otherwise, 2 for unreadable files.

use std::path::PathBuf;
use std::process::ExitCode;

use shardref_conformance::expect::directives;
use shardref_conformance::expect::match_expectations;
use shardref_spec::diag::{Severity, render};
use shardref_spec::{Diagnostic, parse_source};

/// The `.mlir` files under each path, sorted per folder.
fn mlir_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, ExitCode> {
    let mut out = vec![];
    for p in paths {
        if p.is_dir() {
            let mut stack = vec![p.clone()];
            let mut found = vec![];
            while let Some(d) = stack.pop() {
                let entries = std::fs::read_dir(&d).map_err(|e| {
                    eprintln!("{}: {e}", d.display());
                    ExitCode::from(2)
                })?;
                for e in entries.flatten() {
                    let q = e.path();
                    if q.is_dir() {
                        stack.push(q);
                    } else if q.extension().is_some_and(|x| x == "mlir") {
                        found.push(q);
                    }
                }
            }
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// The `check` command.
pub fn check(paths: &[PathBuf], split: bool, verify_diagnostics: bool, known: Option<&PathBuf>) -> ExitCode {
    let files = match mlir_files(paths) {
        Ok(f) => f,
        Err(c) => return c,
    };
    let mut known: Vec<(String, u32, String, bool)> = match known.map(crate::read) {
        None => vec![],
        Some(Err(c)) => return c,
        Some(Ok(text)) => text
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty())
            .filter_map(|l| {
                let (place, label) = l.split_once(": [")?;
                let (path, line) = place.rsplit_once(':')?;
                Some((path.to_string(), line.parse().ok()?, label.trim_end_matches(']').to_string(), false))
            })
            .collect(),
    };
    let mut known_seen = 0usize;
    let (mut cases, mut findings, mut unchecked) = (0usize, 0usize, 0usize);
    let mut ok = true;
    for f in &files {
        let text = match crate::read(f) {
            Ok(t) => t,
            Err(c) => return c,
        };
        for src in crate::inputs(f, &text, split) {
            cases += 1;
            let m = match parse_source(src.clone()) {
                Ok(m) => m,
                Err(r) => {
                    unchecked += 1;
                    if verify_diagnostics {
                        ok = false;
                    }
                    eprintln!("{}: not checked (does not parse: {})", src.name, r.diagnostics.len());
                    continue;
                }
            };
            let errors: Vec<Diagnostic> =
                shardref_verifier::verify(&m).into_iter().filter(|d| d.severity == Severity::Error).collect();
            if !errors.is_empty() {
                unchecked += 1;
                if verify_diagnostics {
                    ok = false;
                    eprint!("{}", render(&src, &errors));
                }
                continue;
            }
            let mut diags = shardref_verifier::partial::diagnostics(&m);
            findings += diags.len();
            if !known.is_empty() {
                let index = shardref_spec::diag::LineIndex::new(&src.text);
                diags.retain(|d| {
                    let (line, _) = shardref_spec::diag::location(&src, &index, d.span);
                    let is = |k: &(String, u32, String, bool)| {
                        src.name.ends_with(&k.0) && k.1 == line && d.code.is_some_and(|c| c == k.2)
                    };
                    // Several identical entries stand for as many findings.
                    let at = known.iter().position(|k| !k.3 && is(k)).or_else(|| known.iter().position(is));
                    let hit = at.and_then(|i| known.get_mut(i));
                    match hit {
                        Some(k) => {
                            k.3 = true;
                            known_seen += 1;
                            false
                        }
                        None => true,
                    }
                });
            }
            if verify_diagnostics {
                for p in match_expectations(&src, &diags, &directives(&src.text, src.first_line)) {
                    eprintln!("{p}");
                    ok = false;
                }
            } else if !diags.is_empty() {
                ok = false;
                let shown: Vec<Diagnostic> = diags.iter().map(labelled).collect();
                eprint!("{}", render(&src, &shown));
            }
        }
    }
    for k in known.iter().filter(|k| !k.3) {
        eprintln!("{}:{}: known finding [{}] did not appear", k.0, k.1, k.2);
        ok = false;
    }
    println!(
        "checked {cases} cases in {} files: {findings} findings ({known_seen} known), {unchecked} not checked (parse or verifier errors)",
        files.len()
    );
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

/// A finding with its label in front of the message, as it prints.
fn labelled(d: &Diagnostic) -> Diagnostic {
    let mut d = d.clone();
    if let Some(c) = d.code {
        d.message = format!("[{c}] {}", d.message);
    }
    d
}
