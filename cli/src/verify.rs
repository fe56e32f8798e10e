//! `shardref verify FILE... [--split-input-file] [--verify-diagnostics]`:
//! prints the verifier's diagnostics (exit 1 on any error), or, with
//! `--verify-diagnostics`, checks them against the `expected-*` directives
//! as MLIR's `-verify-diagnostics` does (exit 1 on any mismatch).

use std::path::PathBuf;
use std::process::ExitCode;

use shardref_conformance::expect::directives;
use shardref_conformance::verify::{diagnose, match_expectations};
use shardref_spec::diag::{Severity, render};

/// The `verify` command.
pub fn verify(files: &[PathBuf], split: bool, verify_diagnostics: bool, hlo: bool) -> ExitCode {
    let mut ok = true;
    for f in files {
        let text = match crate::read(f) {
            Ok(t) => t,
            Err(c) => return c,
        };
        if hlo || shardref_spec::hlo::is_hlo_path(&f.display().to_string()) {
            let src = std::sync::Arc::new(shardref_spec::Source { name: f.display().to_string(), text, first_line: 1 });
            let diags = match shardref_spec::hlo::parse_source(src.clone()) {
                Ok(m) => shardref_verifier::hlo::verify(&m),
                Err(report) => report.diagnostics,
            };
            if !diags.is_empty() {
                eprint!("{}", render(&src, &diags));
                ok = false;
            }
            continue;
        }
        for src in crate::inputs(f, &text, split) {
            let diags = diagnose(src.clone());
            if verify_diagnostics {
                let expected = directives(&src.text, src.first_line);
                for p in match_expectations(&src, &diags, &expected) {
                    eprintln!("{p}");
                    ok = false;
                }
            } else {
                if !diags.is_empty() {
                    eprint!("{}", render(&src, &diags));
                }
                if diags.iter().any(|d| d.severity == Severity::Error) {
                    ok = false;
                }
            }
        }
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
