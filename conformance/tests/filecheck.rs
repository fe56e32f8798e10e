//! Runs the FileCheck matcher's data cases in `tests/filecheck/*.fc`.
//!
//! Each case file has a header (`args:` the FileCheck words of a RUN line; `expect: pass` or
//! `expect: fail LINE TEXT`, where LINE is the failing directive's line within the checks section
//! and TEXT a substring of the failure message), then an `=== input` section (the tool's output)
//! and an `=== checks` section (the check file). Lines starting with `#` in the header are
//! comments.

use std::path::Path;

use shardref_conformance::filecheck::{CheckOptions, check};

struct Case {
    args: Vec<String>,
    expect: Result<(), (usize, String)>,
    input: String,
    checks: String,
}

fn parse(text: &str) -> Case {
    let (header, rest) = text.split_once("=== input\n").expect("an `=== input` section");
    let (input, checks) = rest.split_once("=== checks\n").expect("an `=== checks` section");
    let mut args = vec![];
    let mut expect = None;
    for line in header.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        if let Some(a) = line.strip_prefix("args:") {
            args = a.split_whitespace().map(str::to_string).collect();
        } else if let Some(e) = line.strip_prefix("expect:") {
            let e = e.trim();
            expect = Some(if e == "pass" {
                Ok(())
            } else {
                let f = e.strip_prefix("fail ").expect("`pass` or `fail LINE TEXT`");
                let (line, text) = f.split_once(' ').expect("`fail LINE TEXT`");
                Err((line.parse().expect("a line number"), text.to_string()))
            });
        } else {
            panic!("unknown header line {line:?}");
        }
    }
    Case { args, expect: expect.expect("an `expect:` line"), input: input.to_string(), checks: checks.to_string() }
}

#[test]
fn filecheck_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filecheck");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "fc"))
        .collect();
    files.sort();
    assert!(files.len() >= 30, "the FileCheck cases are missing");
    let mut failures = vec![];
    for f in &files {
        let case = parse(&std::fs::read_to_string(f).unwrap());
        let words: Vec<&str> = case.args.iter().map(String::as_str).collect();
        let got = check(&case.input, &case.checks, &CheckOptions::from_args(&words));
        let name = f.file_name().unwrap().to_string_lossy();
        match (&case.expect, &got) {
            (Ok(()), Ok(())) => {}
            (Err((line, text)), Err(e)) if e.line == *line && e.message.contains(text.as_str()) => {}
            _ => failures.push(format!("{name}: expected {:?}, got {got:?}", case.expect)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn options_from_run_line_words() {
    let o = CheckOptions::from_args(&[
        "FileCheck",
        "%s",
        "--check-prefixes=CHECK,V3",
        "-implicit-check-not",
        "sdy.reshard",
        "--dump-input=fail",
    ]);
    assert_eq!(o.prefixes, vec!["CHECK", "V3"]);
    assert_eq!(o.implicit_check_not, vec!["sdy.reshard"]);
    let o = CheckOptions::from_args(&["FileCheck", "%s"]);
    assert_eq!(o.prefixes, vec!["CHECK"]);
    assert!(!o.strict_whitespace && !o.allow_empty);
}

#[test]
fn never_panics_on_odd_texts() {
    let odd = [
        "",
        "// CHECK: {{",
        "// CHECK: [[",
        "// CHECK: [[X:",
        "// CHECK: {{(}}",
        "// CHECK-COUNT-0: a",
        "// CHECK-DAG: é",
        "CHECK:é{{.}}",
    ];
    for c in odd {
        for input in ["", "é\n", "a\n\n{{\n", "[[x]]"] {
            let _ = check(input, c, &CheckOptions::default());
        }
    }
}
