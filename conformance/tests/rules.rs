//! Runs the project's own op-sharding-rule cases in `tests/rules/*.mlir` with the
//! `conform rules` runner, and checks that the runner fails a case whose CHECK
//! line names a wrong rule, a wrong factor type, or a warning that is not emitted.

use std::path::{Path, PathBuf};

use shardref_conformance::rules::Rules;
use shardref_conformance::{Mode, SuiteFile, Verdict, run};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules")
}

#[test]
fn own_rule_cases_pass() {
    let s = run(&Rules, &[dir()]).unwrap();
    assert!(s.failures.is_empty(), "{}", s.failures.join("\n"));
    assert_eq!(s.skipped, 0, "{}", s.skips.join("\n"));
    assert!(s.passed >= 60, "only {} cases ran", s.passed);
}

/// Judges the first case of `file` after replacing `from` by `to` in it.
fn judge_altered(file: &str, from: &str, to: &str) -> Verdict {
    let path = dir().join(file);
    let mut f = SuiteFile::read(&path).unwrap();
    assert!(f.text.contains(from), "{from:?} is not in {file}");
    f.text = f.text.replacen(from, to, 1);
    let case = f.cases().into_iter().next().unwrap();
    Rules.judge(&f, &case)
}

#[test]
fn wrong_expectations_fail() {
    // A wrong factor size in a CHECK line.
    let v = judge_altered("shape.mlir", "{i=3, j=5}>}", "{i=3, j=6}>}");
    assert!(matches!(v, Verdict::Fail(_)), "{v:?}");
    // A pass-through factor claimed to need replication.
    let v = judge_altered("contraction_reduction.mlir", "reduction={k, l}>", "need_replication={k, l}>");
    assert!(matches!(v, Verdict::Fail(_)), "{v:?}");
    // A warning that is not emitted.
    let v = judge_altered(
        "no_rule_and_warnings.mlir",
        "unknown to SDY sharding rule registry}}",
        "unknown to SDY}} // expected-warning {{never emitted}}",
    );
    assert!(matches!(v, Verdict::Fail(_)), "{v:?}");
    // The unaltered case passes.
    let v = judge_altered("shape.mlir", "{i=3, j=5}>}", "{i=3, j=5}>}");
    assert_eq!(v, Verdict::Pass);
}
