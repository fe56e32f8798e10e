//! Runs shardref's own `sdy_opt`-style tests (`passes/tests/opt/*.mlir`)
//! through `conform passes`: each file's RUN pipelines, CHECK lines and
//! `expected-*` directives must hold.

use std::path::PathBuf;

#[test]
fn opt_tests_pass() {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../passes/tests/opt"));
    let s = shardref_conformance::run(&shardref_conformance::passes::Passes, &[dir]).expect("the folder exists");
    assert!(s.failures.is_empty(), "{}", s.failures.join("\n"));
    assert!(s.passed >= 5, "{}", s.closing_line());
}
