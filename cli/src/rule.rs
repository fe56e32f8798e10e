//! `shardref rule FILE [--conservative] [--split-input-file]`: prints the module
//! with every op's sharding rule attached as `sdy.sharding_rule`, as upstream's
//! `-sdy-populate-op-sharding-rules` does. Ops with no rule get none; ops that
//! already have a rule keep it. The registry's warnings go to stderr as located
//! diagnostics; a module that does not parse or verify is rejected (exit 1).

use std::path::PathBuf;
use std::process::ExitCode;

use shardref_spec::diag::{Severity, render};
use shardref_spec::parse_source;
use shardref_spec::print::{PrintOptions, print_module};
use shardref_spec::rules::{WarnOnce, populate};

/// The `rule` command.
pub fn rule(file: &PathBuf, conservative: bool, split: bool) -> ExitCode {
    let text = match crate::read(file) {
        Ok(t) => t,
        Err(c) => return c,
    };
    let mut ok = true;
    // One warning state for the whole file, as upstream's one process.
    let mut warned = WarnOnce::default();
    for (i, src) in crate::inputs(file, &text, split).into_iter().enumerate() {
        if i > 0 {
            println!("// -----");
        }
        let mut m = match parse_source(src.clone()) {
            Ok(m) => m,
            Err(report) => {
                eprintln!("{report}");
                ok = false;
                continue;
            }
        };
        let errors = shardref_verifier::verify(&m);
        if !errors.is_empty() {
            eprint!("{}", render(&src, &errors));
            if errors.iter().any(|d| d.severity == Severity::Error) {
                ok = false;
                continue;
            }
        }
        let warnings = populate(&mut m, conservative, &mut warned);
        eprint!("{}", render(&src, &warnings));
        print!("{}", print_module(&m, PrintOptions::default()));
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
