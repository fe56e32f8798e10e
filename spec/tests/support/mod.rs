//! Helpers shared by the syntax tests: the round-trip check, located parse
//! errors and line matching. Each test file includes this module with
//! `mod support;`, so a helper one file does not use is not dead code.
#![allow(dead_code)]

use shardref_spec::diag::{LineIndex, location};
use shardref_spec::eq::modules_equal;
use shardref_spec::print::{PrintOptions, print_module};
use shardref_spec::{Module, Source, parse, parse_source};

/// Parses, prints, reparses and reprints; asserts the fixpoint and IR
/// equality (for the generic form too), and returns the canonical text.
pub fn roundtrip(src: &str) -> String {
    let m = parse("test.mlir", src).unwrap_or_else(|r| panic!("parse failed:\n{r}\n--- input:\n{src}"));
    let text = print_module(&m, PrintOptions::default());
    let m2 = parse("printed.mlir", &text).unwrap_or_else(|r| panic!("reparse failed:\n{r}\n{text}"));
    modules_equal(&m, &m2).unwrap_or_else(|e| panic!("IR differs after reparse: {e}\n{text}"));
    assert_eq!(text, print_module(&m2, PrintOptions::default()), "print is not a fixpoint");
    let generic = print_module(&m, PrintOptions { generic: true, ..Default::default() });
    let m3 = parse("generic.mlir", &generic).unwrap_or_else(|r| panic!("generic reparse failed:\n{r}\n{generic}"));
    modules_equal(&m, &m3).unwrap_or_else(|e| panic!("generic IR differs: {e}\n{generic}"));
    text
}

/// The module `src` parses to; panics with the report otherwise.
pub fn parsed(src: &str) -> Module {
    parse("test.mlir", src).unwrap_or_else(|r| panic!("parse failed:\n{r}\n--- input:\n{src}"))
}

/// Asserts that each expected line appears, trimmed, as a line of `text`.
pub fn assert_lines(text: &str, expected: &[&str]) {
    for e in expected {
        assert!(text.lines().any(|l| l.trim() == *e), "missing line:\n  {e}\nin:\n{text}");
    }
}

/// Asserts that parsing fails, first on line `line` (1-based) with a message containing `text`.
pub fn assert_error(src: &str, line: u32, text: &str) {
    let source = std::sync::Arc::new(Source { name: "bad.mlir".into(), text: src.into(), first_line: 1 });
    let report = match parse_source(source.clone()) {
        Ok(_) => panic!("expected a parse error '{text}' for:\n{src}"),
        Err(r) => r,
    };
    let d = &report.diagnostics[0];
    let (l, _) = location(&source, &LineIndex::new(src), d.span);
    assert!(d.message.contains(text), "expected '{text}', got '{}' in:\n{src}", d.message);
    assert_eq!(l, line, "error '{}' on the wrong line in:\n{src}", d.message);
}

/// Asserts that parsing fails, first at `line`:`col` (1-based) with exactly the message `text`.
pub fn assert_error_at(src: &str, line: u32, col: u32, text: &str) {
    let source = std::sync::Arc::new(Source { name: "bad.mlir".into(), text: src.into(), first_line: 1 });
    let report = match parse_source(source.clone()) {
        Ok(_) => panic!("expected a parse error '{text}' for:\n{src}"),
        Err(r) => r,
    };
    let d = &report.diagnostics[0];
    assert_eq!(d.message, text, "wrong message in:\n{src}");
    assert_eq!(location(&source, &LineIndex::new(src), d.span), (line, col), "'{text}' at the wrong place in:\n{src}");
}
