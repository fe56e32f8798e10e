//! Issue #30's invariant: a strict sharded run's refusal of an op (an implicit reshard, halo
//! exchange or all-reduce the program does not perform) travels as a typed cause
//! (`shardref_interp::Refusal`, on `InterpError::refusal` and `EquivError::refusal`), and no
//! consumer finds it again in the message's text.
//!
//! Two scans of the non-test code (comments and `#[cfg(test)]` modules left out):
//! - `REFUSAL_PHRASES`: in every crate's `src/`, no string-literal search (`.contains("..")`,
//!   `.starts_with("..")`, `.ends_with("..")`, `.find("..")`, `.matches("..")`) looks for a
//!   phrase of a refusal's message. The messages themselves (`format!`) are fine.
//! - `DECIDERS`: in the code that decides on a run's error (`equiv` in the CLI and the verifier,
//!   the difftest engines), no string-literal search on an error's message at all
//!   (`message.contains("..")`, `e.to_string().starts_with("..")`, ...): errors are told apart
//!   by their kind and causes. Searches over other text (an external tool's output lines) are
//!   not on a message and pass.

use std::path::{Path, PathBuf};

const CRATES: [&str; 6] = ["spec/src", "passes/src", "interp/src", "verifier/src", "conformance/src", "cli/src"];

/// Phrases of the refusals' messages (`interp/src/devices`).
const REFUSAL_PHRASES: [&str; 6] = [
    "implicit communication",
    "all-reduced",
    "missing sdy.all_reduce",
    "halo exchange",
    "gather is needed first",
    "program trap",
];

/// Files and folders whose code decides what a run's error means.
const DECIDERS: [&str; 5] =
    ["cli/src/equiv.rs", "cli/src/mpmd.rs", "conformance/src/engines/", "verifier/src/equiv.rs", "verifier/src/equiv/"];

/// The text searches whose argument is a string literal.
const SEARCHES: [&str; 5] = [".contains(\"", ".starts_with(\"", ".ends_with(\"", ".find(\"", ".matches(\""];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root").to_path_buf()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a file without comments and without its `#[cfg(test)]` items (found by brace
/// matching), string literals kept. Line breaks are kept, so offsets give line numbers.
fn non_test_code(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    let mut in_str = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_str {
            code.push(c);
            if c == '\\' {
                code.extend(chars.next());
            } else if c == '"' {
                in_str = false;
            }
        } else if c == '/' && chars.peek() == Some(&'/') {
            while chars.peek().is_some_and(|&n| n != '\n') {
                chars.next();
            }
        } else {
            // A `'"'` character literal does not open a string.
            if c == '"' && !code.ends_with('\'') {
                in_str = true;
            }
            code.push(c);
        }
    }
    while let Some(at) = code.find("#[cfg(test)]") {
        let Some(open) = code[at..].find('{').map(|k| at + k) else { break };
        let mut depth = 0;
        let mut end = code.len();
        for (k, c) in code[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        let lines = "\n".repeat(code[at..end].matches('\n').count());
        code.replace_range(at..end, &lines);
    }
    code
}

/// Every string-literal search in `code`: (line, receiver expression's last segment, literal).
fn searches(code: &str) -> Vec<(usize, String, String)> {
    let mut out = vec![];
    for s in SEARCHES {
        for (at, _) in code.match_indices(s) {
            let lit_start = at + s.len();
            let lit_end = code[lit_start..].find('"').map_or(code.len(), |k| lit_start + k);
            let before = &code[..at];
            let receiver: String = before
                .chars()
                .rev()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '.' || *c == '(' || *c == ')')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let line = before.matches('\n').count() + 1;
            out.push((line, receiver, code[lit_start..lit_end].to_string()));
        }
    }
    out
}

/// Whether a receiver is an error's message: `message`, `msg`, `e.message`, `e.to_string()`,
/// `err`, `error`, ...
fn is_message(receiver: &str) -> bool {
    let last = receiver.rsplit('.').find(|s| !s.is_empty()).unwrap_or("");
    let base = receiver.split('.').next().unwrap_or("");
    matches!(last, "message" | "msg" | "to_string()")
        || matches!(base, "e" | "err" | "error" | "message" | "msg" | "why" | "reason")
}

fn violations() -> Vec<String> {
    let root = root();
    let mut out = vec![];
    for c in CRATES {
        let mut files = vec![];
        rust_files(&root.join(c), &mut files);
        for f in files {
            let rel = f.strip_prefix(&root).unwrap().display().to_string();
            let code = non_test_code(&std::fs::read_to_string(&f).unwrap());
            let decider = DECIDERS.iter().any(|d| rel == *d || (d.ends_with('/') && rel.starts_with(d)));
            for (line, receiver, lit) in searches(&code) {
                if REFUSAL_PHRASES.iter().any(|p| lit.contains(p)) {
                    out.push(format!("{rel}:{line}: `{receiver}` searched for a refusal's text \"{lit}\""));
                } else if decider && is_message(&receiver) {
                    out.push(format!("{rel}:{line}: `{receiver}` is an error message searched for \"{lit}\""));
                }
            }
        }
    }
    out
}

#[test]
fn no_refusal_is_matched_by_its_text() {
    let v = violations();
    assert!(v.is_empty(), "match the typed cause (`Refusal`, `ErrorKind`) instead:\n{}", v.join("\n"));
}

/// The scan's own cases, so that it is seen to catch what it claims to.
#[test]
fn the_scan_sees_message_searches() {
    let code = non_test_code(
        "fn f(e: E) {\n  if e.message.contains(\"(implicit communication)\") {}\n  let l = \"\"; l.contains(\"error:\");\n  // d.message.contains(\"x\")\n}\n#[cfg(test)]\nmod tests { fn g() { m.message.contains(\"y\"); } }\n",
    );
    let got = searches(&code);
    assert_eq!(
        got,
        vec![
            (2, "e.message".to_string(), "(implicit communication)".to_string()),
            (3, "l".to_string(), "error:".to_string())
        ]
    );
    assert!(is_message("e.message") && is_message("msg") && is_message("e.to_string()") && !is_message("l"));
}
