//! Runner of the MPMD tests (issue #10): every `tests/mpmd/*.mlir` file is
//! a program with its own expectations, written as comment lines:
//!
//! - `// RUN: ARGS` runs `shardref ARGS` (`%s` is the file, `%d` the
//!   folder of the file); the lines after it, up to the next `RUN`, judge
//!   that run:
//! - `// EXIT: N` the exit status (default 0);
//! - `// STDOUT: TEXT` / `// STDERR: TEXT` a line of the output contains TEXT.
//!
//! A file without a `RUN` line is an error, so no file is silently skipped.

use std::path::{Path, PathBuf};
use std::process::Command;

struct Run {
    args: Vec<String>,
    exit: i32,
    stdout: Vec<String>,
    stderr: Vec<String>,
    line: usize,
}

fn runs(path: &Path, text: &str) -> Vec<Run> {
    let file = path.to_str().expect("utf-8 path");
    let dir = path.parent().and_then(Path::to_str).expect("utf-8 folder");
    let mut out: Vec<Run> = vec![];
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("// ") else { continue };
        if let Some(a) = rest.strip_prefix("RUN:") {
            let args = a.split_whitespace().map(|w| w.replace("%s", file).replace("%d", dir)).collect();
            out.push(Run { args, exit: 0, stdout: vec![], stderr: vec![], line: i + 1 });
        } else if let Some(r) = out.last_mut() {
            if let Some(n) = rest.strip_prefix("EXIT:") {
                r.exit = n.trim().parse().expect("EXIT takes a number");
            } else if let Some(t) = rest.strip_prefix("STDOUT:") {
                r.stdout.push(t.trim().to_string());
            } else if let Some(t) = rest.strip_prefix("STDERR:") {
                r.stderr.push(t.trim().to_string());
            }
        }
    }
    out
}

#[test]
fn mpmd_programs() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/mpmd");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/mpmd exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "expected the MPMD test files, found {}", files.len());
    let mut failures = vec![];
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable");
        let rs = runs(f, &text);
        if rs.is_empty() {
            failures.push(format!("{}: no RUN line", f.display()));
        }
        for r in rs {
            let out = Command::new(env!("CARGO_BIN_EXE_shardref")).args(&r.args).output().expect("shardref runs");
            let so = String::from_utf8_lossy(&out.stdout).into_owned();
            let se = String::from_utf8_lossy(&out.stderr).into_owned();
            let here = format!("{}:{}", f.display(), r.line);
            if out.status.code() != Some(r.exit) {
                failures.push(format!(
                    "{here}: exit {:?}, expected {}\nstdout:\n{so}stderr:\n{se}",
                    out.status.code(),
                    r.exit
                ));
                continue;
            }
            for t in &r.stdout {
                if !so.lines().any(|l| l.contains(t.as_str())) {
                    failures.push(format!("{here}: stdout lacks `{t}`:\n{so}"));
                }
            }
            for t in &r.stderr {
                if !se.lines().any(|l| l.contains(t.as_str())) {
                    failures.push(format!("{here}: stderr lacks `{t}`:\n{se}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
