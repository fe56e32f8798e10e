//! Blessed snapshots of the CLI's output for representative commands
//! (issue #15), as rustc's and Cranelift's test suites keep them: each case
//! runs the `shardref` binary from the `cli/` folder and compares its
//! standard output and error with `tests/snapshots/<case>.out` and
//! `<case>.stderr`, and its exit code with the one written here.
//! `SHARDREF_BLESS=1 cargo test -p shardref --test snapshots` rewrites the
//! files from the current output; review the diff before committing it.

use std::path::Path;
use std::process::Command;

fn check(case: &str, args: &[&str], code: i32) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(env!("CARGO_BIN_EXE_shardref")).args(args).current_dir(dir).output().expect("runs");
    assert_eq!(out.status.code(), Some(code), "{case}: exit code\n{}", String::from_utf8_lossy(&out.stderr));
    let bless = std::env::var_os("SHARDREF_BLESS").is_some();
    for (ext, got) in [("out", &out.stdout), ("stderr", &out.stderr)] {
        let path = dir.join("tests/snapshots").join(format!("{case}.{ext}"));
        let got = String::from_utf8_lossy(got).into_owned();
        if bless {
            if got.is_empty() {
                let _ = std::fs::remove_file(&path);
            } else {
                std::fs::write(&path, &got).expect("writable");
            }
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            got == want,
            "{case}: {ext} differs from {} (SHARDREF_BLESS=1 rewrites it)\n--- want\n{want}\n--- got\n{got}",
            path.display()
        );
    }
}

#[test]
fn verify_renders_located_diagnostics() {
    check("verify_errors", &["verify", "tests/snapshots/verify_errors.mlir", "--split-input-file"], 1);
}

#[test]
fn verify_json_prints_one_line_per_diagnostic_with_its_label() {
    check("verify_json", &["verify", "tests/snapshots/verify_errors.mlir", "--split-input-file", "--json"], 1);
}

#[test]
fn parse_errors_are_located() {
    check("parse_error", &["parse", "tests/snapshots/parse_error.mlir"], 1);
}

#[test]
fn verify_diagnostics_reports_a_wrong_label() {
    check("wrong_label", &["verify", "tests/snapshots/wrong_label.mlir", "--verify-diagnostics"], 1);
}

#[test]
fn conform_verify_summarizes_a_suite() {
    check("conform_verify_chlo", &["conform", "verify", "../verifier/tests/verify/chlo"], 0);
}
