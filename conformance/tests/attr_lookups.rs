//! Issue #15's invariant: outside the lowering (`spec/src/lower`, `spec/src/hlo`) and the schema
//! (`spec/src/schema`), no string literal names an attribute in a lookup. The consumer crates
//! read attributes through the op table's typed views and write them through the schema's key
//! constants. This test scans their sources for the string-keyed forms (`attrs.get("x")`,
//! `attrs.contains("x")`, `attrs.insert("x", ..)`, `.attr("x")`, `attrs::int(o, "x")`, ...).
//!
//! The XLA HLO dialect's readers are the one listed exception (`HLO_TOKEN_READERS`): HLO
//! instructions keep their attributes as token text, decoded by `shardref_spec::hlo`'s readers by
//! name; their schema is still to be written (every `hlo.*` row names the empty view `Hlo`).

use std::path::{Path, PathBuf};

const CRATES: [&str; 5] = ["interp/src", "verifier/src", "passes/src", "conformance/src", "cli/src"];

/// Files still reading HLO token-text attributes by name (see the module header).
const HLO_TOKEN_READERS: [&str; 6] = [
    "interp/src/hlo/attrs.rs",
    "interp/src/hlo/collectives.rs",
    "interp/src/hlo/exec.rs",
    "interp/src/hlo/mod.rs",
    "verifier/src/hlo.rs",
    "verifier/src/equiv/hlo.rs",
];

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

/// The code of a file with comments removed and whitespace outside string literals dropped, so
/// that a lookup split over lines by rustfmt still reads `attrs.get("x")`.
fn squeezed(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut in_str = false;
        let mut prev = ' ';
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if !in_str && c == '/' && chars.peek() == Some(&'/') {
                break;
            }
            if c == '"' && prev != '\\' {
                in_str = !in_str;
            }
            if in_str || !c.is_whitespace() {
                out.push(c);
            }
            prev = c;
        }
    }
    out
}

/// The string-keyed lookups in `code`: `(pattern, following text)`.
fn lookups(code: &str) -> Vec<String> {
    let mut found = vec![];
    for pat in [
        "attrs.get(\"",
        "attrs.get_mut(\"",
        "attrs.contains(\"",
        "attrs.insert(\"",
        "attrs.remove(\"",
        ".attr(\"",
        ".ints(\"",
        ".ints_opt(\"",
        ".int(\"",
        ".int_opt(\"",
        ".shlo(\"",
    ] {
        for (i, _) in code.match_indices(pat) {
            found.push(code[i..(i + pat.len() + 30).min(code.len())].to_string());
        }
    }
    // `attrs::int(o, "x")`-style helpers: a string literal among the arguments.
    for (i, _) in code.match_indices("attrs::") {
        let rest = &code[i + 7..];
        let name_len = rest.find(|c: char| !(c.is_ascii_lowercase() || c == '_')).unwrap_or(0);
        if name_len == 0 || !rest[name_len..].starts_with('(') {
            continue;
        }
        let args = &rest[name_len..];
        let close = args.find(')').unwrap_or(args.len());
        if args[..close].contains('"') {
            found.push(code[i..(i + 60).min(code.len())].to_string());
        }
    }
    found
}

#[test]
fn no_string_keyed_attribute_lookups_outside_the_lowering() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = vec![];
    for c in CRATES {
        rust_files(&root.join(c), &mut files);
    }
    let mut bad = vec![];
    for f in files {
        let rel = f.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        if HLO_TOKEN_READERS.contains(&rel.as_str()) {
            continue;
        }
        let code = squeezed(&std::fs::read_to_string(&f).unwrap());
        for l in lookups(&code) {
            bad.push(format!("{rel}: {l}"));
        }
    }
    assert!(
        bad.is_empty(),
        "string-keyed attribute lookups (use the views of shardref_spec::schema):\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_scanner_sees_split_lookups() {
    let code = squeezed(
        "let a = o\n    .attrs\n    .get(\"sym_name\"); // attrs.get(\"x\") in a comment\nattrs::int(o, \"k\")?",
    );
    assert_eq!(lookups(&code).len(), 2, "{code}");
}
