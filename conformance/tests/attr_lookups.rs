//! Issue #15's invariant: outside the lowering (`spec/src/lower`, `spec/src/hlo`) and the schema
//! (`spec/src/schema`), no string literal names an attribute in a lookup. The consumer crates
//! read attributes through the op table's typed views and write them through the schema's key
//! constants. This test scans their sources for the string-keyed forms (`attrs.get("x")`,
//! `attrs.contains("x")`, `attrs.insert("x", ..)`, `.attr("x")`, `attrs::int(o, "x")`, ...) and
//! for the token-text readers by name that the XLA HLO dialect's consumers used before its rows
//! had views (`a::int(m, op, "x")`, `str_attr(m, op, "x")`, `called(op, "to_apply")`, ...).
//!
//! There are no exemptions: every consumer source is scanned, the HLO evaluator and verifier
//! included (their attributes are read through `shardref_spec::schema::hlo`).

use std::path::{Path, PathBuf};

const CRATES: [&str; 5] = ["interp/src", "verifier/src", "passes/src", "conformance/src", "cli/src"];

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
        "attrs.contains_key(\"",
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
    // Readers by name, as the HLO consumers had them: a string literal among the arguments of
    // `word(..)`, `str_attr(..)`, `called(..)`, ... called as a path (`a::int(`) or a method
    // (`self.called(`).
    for name in READERS_BY_NAME {
        for sep in ["::", "."] {
            let pat = format!("{sep}{name}(");
            for (i, _) in code.match_indices(&pat) {
                if sep == "::" && code[..i].ends_with("attrs") {
                    continue; // `attrs::int(..)`, counted above
                }
                let args = &code[i + pat.len()..];
                let close = args.find(')').unwrap_or(args.len());
                if args[..close].contains('"') {
                    found.push(code[i..(i + 60).min(code.len())].to_string());
                }
            }
        }
    }
    found
}

/// Functions that read an attribute named by one of their arguments.
const READERS_BY_NAME: [&str; 16] = [
    "word",
    "int",
    "int_opt",
    "ints",
    "ints_or_empty",
    "boolean",
    "has",
    "str_attr",
    "attr_tokens",
    "int_attr",
    "int_list_attr",
    "called",
    "option_word",
    "frontend_attribute",
    "replica_groups",
    "source_target_pairs",
];

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

#[test]
fn the_scanner_sees_hlo_readers_by_name() {
    let code = squeezed(
        "let k = a::int(m, op, \"k\")?;\nlet c = self\n    .called(op, \"to_apply\")?;\nlet t = hlo::str_attr(m, i, \"type\");\nlet d = a::req(a::Iota::of(o).iota_dimension())?;",
    );
    assert_eq!(lookups(&code).len(), 3, "{code}");
}
