//! The project's own `.mlir` test folders, run by the conformance runner
//! that runs the upstream corpora (issue #15: tests as data).
//!
//! `verifier/tests/verify/` holds the verifier's negative tests: one case
//! per rule label, each `expected-error` naming its rule
//! (`{{[label] message}}`). These tests check that every case passes, that
//! every label of `rules::RULES` is named by some case (the rule fired, not
//! just a message like it), that every named label is a rule, and that every
//! diagnostic the cases produce carries a label.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use shardref_conformance::expect::directives;
use shardref_conformance::verify::{Verify, diagnose_with_passes, passes_of};
use shardref_conformance::{SuiteFile, run};
use shardref_passes::PassState;
use shardref_spec::Source;
use shardref_verifier::rules::RULES;

fn verify_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../verifier/tests/verify")
}

fn files() -> Vec<SuiteFile> {
    let paths = shardref_conformance::collect_files(&[verify_dir()]).expect("test folder");
    paths.iter().map(|p| SuiteFile::read(p).expect("readable")).collect()
}

/// Labels with no case of their own yet: their check reports under a
/// neighbouring label (one check for several constraints), or the case
/// written for them trips an earlier rule first (`dynamic_gather_c8`'s case
/// fails `dynamic_gather_c1`). Their cases, the `// label` comment above each, name the
/// label that fires. This list only shrinks.
const REPORTED_UNDER_ANOTHER_LABEL: &[&str] =
    &["dynamic_gather_c8", "reduce_window_c14", "reduce_window_c3", "select_and_scatter_c3", "sub_axes_c6"];

/// Labels no text can reach: the mesh builder drops iota device ids
/// (`mesh_c7`), and the grammar requires a topology to name a mesh
/// (`topology_c1`); the checks stay for IR built otherwise.
const UNREACHABLE: &[&str] = &["mesh_c7", "topology_c1"];

#[test]
fn the_verifier_negative_tests_pass() {
    let summary = run(&Verify, &[verify_dir()]).expect("runs");
    assert!(summary.failures.is_empty(), "{}", summary.failures.join("\n"));
    assert_eq!(summary.failed, 0);
    assert!(summary.passed > 500, "only {} cases ran", summary.passed);
}

#[test]
fn every_rule_is_named_by_a_case_and_every_named_label_is_a_rule() {
    let mut named = BTreeSet::new();
    for f in files() {
        for case in f.cases() {
            for e in directives(&case.text, case.first_line) {
                if let Some(l) = e.label {
                    assert!(
                        RULES.iter().any(|r| r.label == l && r.section != "check"),
                        "{}: [{l}] is not a verifier rule label",
                        f.name
                    );
                    named.insert(l);
                }
            }
        }
    }
    let mut missing = vec![];
    for r in RULES {
        // A composite rule ("checked with T1-T10") reports the nested rule
        // that failed; its cases name that rule.
        let composite = r.message.contains("checked with");
        // The partial-state checker's labels are named by its own cases
        // (verifier/tests/check, tests/check_suite.rs), not the verifier's.
        if r.section == "check" {
            continue;
        }
        let excused = REPORTED_UNDER_ANOTHER_LABEL.contains(&r.label) || UNREACHABLE.contains(&r.label) || composite;
        if named.contains(r.label) {
            assert!(!excused, "{} is named by a case now: drop it from the excused lists", r.label);
        } else if !excused {
            missing.push(r.label);
        }
    }
    assert!(missing.is_empty(), "rules no case names: {missing:?}");
}

#[test]
fn every_diagnostic_of_the_cases_carries_a_rule_label() {
    let mut n = 0;
    for f in files() {
        let passes = passes_of(&f.run);
        for case in f.cases() {
            let source =
                Arc::new(Source { name: f.name.clone(), text: case.text.clone(), first_line: case.first_line });
            for d in diagnose_with_passes(source, &passes, &mut PassState::default()) {
                for x in std::iter::once(&d).chain(&d.notes) {
                    let code = x.code.unwrap_or_else(|| panic!("{}: '{}' has no label", f.name, x.message));
                    assert!(RULES.iter().any(|r| r.label == code), "{}: [{code}] is not a rule label", f.name);
                    n += 1;
                }
            }
        }
    }
    assert!(n > 500, "only {n} diagnostics");
}
