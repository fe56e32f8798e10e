//! Issue #15's invariant: outside the lowerings and the schema, no string literal names an
//! attribute in a lookup. Consumers read attributes through the op table's typed views and write
//! them through the schema's key constants (`shardref_spec::schema`).
//!
//! Scanned: every `.rs` file under `interp/src`, `verifier/src`, `passes/src`, `conformance/src`,
//! `cli/src` and `spec/src` (the HLO evaluator and verifier included, which read through
//! `schema::hlo`; in the spec crate, the printers `spec/src/print` and `spec/src/hlo/print.rs`,
//! the sharding-rule registry `spec/src/rules`, the IR, ...), except the exempt ones.
//!
//! Exempt (`EXEMPT_DIRS`), and only these:
//! - `spec/src/lower/`, the MLIR lowering, which builds attributes from text;
//! - `spec/src/hlo/`, the XLA HLO lowering and its token-text decoders, but for
//!   `spec/src/hlo/print.rs` (`SCANNED_IN_EXEMPT_DIRS`), a consumer like the MLIR printers;
//! - `spec/src/schema/`, which declares the views and the key constants.
//!
//! The scan looks for the string-keyed forms (`attrs.get("x")`, `attrs.contains("x")`,
//! `attrs.insert("x", ..)`, `.attr("x")`, `attrs::int(o, "x")`, ...) and for the token-text
//! readers by name that the XLA HLO dialect's consumers used before its rows had views
//! (`a::int(m, op, "x")`, `str_attr(m, op, "x")`, `called(op, "to_apply")`, ...). It sees those
//! forms only: a name handed to some other helper (`get_sdy(&o.attrs, "mesh")`, as the printers
//! had) is not caught, and review has to.

use std::path::{Path, PathBuf};

const CRATES: [&str; 6] = ["interp/src", "verifier/src", "passes/src", "conformance/src", "cli/src", "spec/src"];

/// The parts of `spec/src` that are exempt: the folders that build attributes from text (the
/// MLIR lowering `spec/src/lower/`, and the XLA HLO lowering, every file of `spec/src/hlo/` but
/// its printer) and the one that defines the views and their key constants (`spec/src/schema/`).
const EXEMPT_DIRS: [&str; 3] = ["spec/src/lower/", "spec/src/hlo/", "spec/src/schema/"];

/// Files inside `EXEMPT_DIRS` that are consumers all the same, and scanned: the HLO printer reads
/// the lowering's attributes back through the HLO views.
const SCANNED_IN_EXEMPT_DIRS: [&str; 1] = ["spec/src/hlo/print.rs"];

/// Whether a file (its path relative to the workspace root) is exempt from the scan.
fn exempt(rel: &str) -> bool {
    EXEMPT_DIRS.iter().any(|d| rel.starts_with(d)) && !SCANNED_IN_EXEMPT_DIRS.contains(&rel)
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
        if exempt(&rel) {
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
fn only_the_lowerings_and_the_schema_are_exempt() {
    for rel in ["spec/src/lower/mod.rs", "spec/src/lower/sdy.rs", "spec/src/hlo/lower.rs", "spec/src/schema/table.rs"] {
        assert!(exempt(rel), "{rel}");
    }
    for rel in [
        "spec/src/hlo/print.rs",
        "spec/src/print/mod.rs",
        "spec/src/rules/mod.rs",
        "spec/src/ir/mod.rs",
        "spec/src/lib.rs",
    ] {
        assert!(!exempt(rel), "{rel}");
    }
    // A scanned file that moved would otherwise leave the scan silently.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    for rel in SCANNED_IN_EXEMPT_DIRS {
        assert!(root.join(rel).is_file(), "{rel} is gone");
    }
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
