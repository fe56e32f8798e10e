//! Issue #30's layering invariant inside each crate: the modules of a crate import each other
//! without cycles. The crates themselves are layered by Cargo (spec <- interp <- verifier <-
//! conformance <- cli, passes beside interp); this test does the same for the modules within one.
//!
//! The graph is read from the sources, not from the compiler:
//! - A module is a file: `src/lib.rs` (or `src/main.rs`) is the root, `src/a.rs` and
//!   `src/a/mod.rs` are `a`, `src/a/b.rs` is `a::b`. Inline modules (`mod tests { .. }`,
//!   `pub mod kernels { .. }`) belong to their file; they only matter for `super::`.
//! - An edge `m -> n` is any path in `m`'s code (comments and literals removed) that names `n`:
//!   `crate::n::..`, `super::..`, `self::..`, `$crate::..`, and the 2018-style relative paths
//!   that start with a child module's name (`child::f()`, `use child::X`), in `use` trees
//!   (`use crate::{a, b::{c, d}}`) and in expressions and types alike. A path names the longest
//!   prefix that is a module, and then follows re-exports: `crate::Span` with
//!   `pub use ir::Span` in the root names `ir`, and `crate::schema::stablehlo::X` with
//!   `pub use table::*` in `schema` and `pub mod stablehlo` in `schema/table.rs` names
//!   `schema::table`. A `pub use` (a re-export, the facade a parent offers for its children) is
//!   not an edge of its own: the modules that use the name depend on where it is defined.
//! - A module and its ancestors are not a cycle: a parent declares its children, often
//!   dispatches to them and holds what they share (`crate::Ctx`, `super::common`), so edges
//!   between a module and its own ancestor are left out. Cycles among siblings and cousins are
//!   what the test finds, including those that pass through a parent's shared items.
//! - A strongly connected component of more than one module is a cycle; the test lists every
//!   one, with the edges inside it and the first line of each edge, and fails on any but the
//!   one `KNOWN` component (whose members it pins exactly).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const CRATES: [&str; 6] = ["spec", "passes", "interp", "verifier", "conformance", "cli"];

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

/// The module path of a source file (`a::b`, or `""` for the crate root).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut segs: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    if matches!(segs.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        segs.pop();
    }
    segs.join("::")
}

/// The code of a file with comments removed and the contents of string and character literals
/// blanked (each replaced by `""`), so that only code is scanned. Line breaks are kept so that
/// byte offsets still give line numbers.
fn code(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let keep_newlines = |s: &[u8], out: &mut String| {
        for &c in s {
            if c == b'\n' {
                out.push('\n');
            }
        }
    };
    while i < b.len() {
        let c = b[i];
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            let start = i;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            keep_newlines(&b[start..i.min(b.len())], &mut out);
        } else if c == b'r'
            && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
            && (i == 0 || !is_ident(b[i - 1]))
        {
            // A raw string `r#".."#`: count the hashes, then find the closing quote and hashes.
            let start = i;
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                out.push('r');
                i += 1;
                continue;
            }
            j += 1;
            let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
            while j < b.len() && !b[j..].starts_with(&close) {
                j += 1;
            }
            i = (j + close.len()).min(b.len());
            out.push_str("\"\"");
            keep_newlines(&b[start..i], &mut out);
        } else if c == b'"' {
            let start = i;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
            keep_newlines(&b[start..i.min(b.len())], &mut out);
        } else if c == b'\'' {
            // A character literal (`'x'`, `'\n'`, `'\u{..}'`) or a lifetime (`'a`).
            let rest = &text[i + 1..];
            let mut chars = rest.char_indices();
            match chars.next() {
                Some((_, '\\')) => {
                    let end = rest
                        .find('\'')
                        .map_or(rest.len(), |e| if e == 1 { 1 + rest[2..].find('\'').unwrap() + 1 } else { e });
                    i += 1 + end + 1;
                    out.push_str("' '");
                }
                Some((_, ch)) if rest[ch.len_utf8()..].starts_with('\'') => {
                    i += 1 + ch.len_utf8() + 1;
                    out.push_str("' '");
                }
                _ => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let ch = text[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// One use of a path: the segments as written (the tree expanded), the byte offset, and whether
/// it is a re-export (`pub use`), with the name it is re-exported as.
struct PathUse {
    segs: Vec<String>,
    at: usize,
    reexport: Option<String>,
}

/// A `use` tree's text expanded into its paths: `a::{b, c::{d, e as f}}` gives `a::b`, `a::c::d`,
/// `a::c::e` (aliased `f`). `self` in a group names the group's prefix.
fn expand_tree(tree: &str) -> Vec<(Vec<String>, Option<String>)> {
    // Mark ` as ` before dropping whitespace, so that it stays apart from names containing "as".
    let marked: String = tree.replace(" as ", "\u{1}").chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = vec![];
    go_marked(&[], &marked, &mut out);
    out
}

/// `expand_tree`'s worker, over squeezed text in which ` as ` is `\u{1}`.
fn go_marked(prefix: &[String], t: &str, out: &mut Vec<(Vec<String>, Option<String>)>) {
    if let Some(open) = t.find('{') {
        let mut segs = prefix.to_vec();
        segs.extend(t[..open].split("::").filter(|s| !s.is_empty()).map(str::to_string));
        let inner = &t[open + 1..t.rfind('}').unwrap_or(t.len())];
        let mut depth = 0;
        let mut start = 0;
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    go_marked(&segs, &inner[start..k], out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        go_marked(&segs, &inner[start..], out);
    } else if !t.is_empty() {
        let (path, alias) = match t.split_once('\u{1}') {
            Some((p, a)) => (p, Some(a.to_string())),
            None => (t, None),
        };
        let mut segs = prefix.to_vec();
        segs.extend(path.split("::").filter(|s| !s.is_empty()).map(str::to_string));
        let alias = alias.or_else(|| segs.last().cloned());
        if segs.last().is_some_and(|s| s == "self") {
            segs.pop();
        }
        out.push((segs, alias));
    }
}

/// The inline modules of a file: (byte range of the body, name), found by brace matching.
fn inline_modules(code: &str) -> Vec<(usize, usize)> {
    let b = code.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while let Some(k) = code[i..].find("mod ") {
        let at = i + k;
        i = at + 4;
        if at > 0 && is_ident(b[at - 1]) {
            continue;
        }
        let rest = &code[at + 4..];
        let name_len = rest.bytes().take_while(|&c| is_ident(c)).count();
        let after = rest[name_len..].trim_start();
        if name_len == 0 || !after.starts_with('{') {
            continue;
        }
        let open = code.len() - after.len();
        let mut depth = 0;
        let mut end = open;
        for (j, c) in code[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + j;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.push((open, end));
    }
    out
}

/// Every path in a file's code that starts with `crate`, `$crate`, `super`, `self` or the name
/// of one of `children` (the file module's child modules), with `use` trees expanded.
fn paths(code: &str, children: &BTreeSet<String>) -> Vec<PathUse> {
    let b = code.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while i < b.len() {
        if !is_ident(b[i]) || (i > 0 && (is_ident(b[i - 1]))) {
            i += 1;
            continue;
        }
        let len = b[i..].iter().take_while(|&&c| is_ident(c)).count();
        let word = &code[i..i + len];
        let before = code[..i].trim_end();
        if word == "use" {
            // A `use` item: its tree runs to the `;`.
            let Some(semi) = code[i..].find(';') else { break };
            let tree = code[i + 3..i + semi].trim();
            let is_pub = before.ends_with("pub")
                || (before.ends_with(')') && before[..before.rfind('(').unwrap_or(0)].trim_end().ends_with("pub"));
            for (segs, alias) in expand_tree(tree) {
                let head = segs.first().map(String::as_str).unwrap_or("");
                let head = head.trim_start_matches("::");
                if matches!(head, "crate" | "super" | "self" | "$crate") || children.contains(head) {
                    out.push(PathUse {
                        segs,
                        at: i,
                        reexport: if is_pub { Some(alias.unwrap_or_default()) } else { None },
                    });
                }
            }
            i += semi + 1;
            continue;
        }
        let starts_path = code[i + len..].trim_start().starts_with("::") && !before.ends_with("::");
        let head_ok = matches!(word, "crate" | "super" | "self") || children.contains(word);
        if starts_path && head_ok {
            let mut segs = vec![if before.ends_with('$') { "crate".to_string() } else { word.to_string() }];
            let mut j = i + len;
            loop {
                let rest = &code[j..];
                let t = rest.trim_start();
                if !t.starts_with("::") {
                    break;
                }
                let t2 = t[2..].trim_start();
                let n = t2.bytes().take_while(|&c| is_ident(c)).count();
                if n == 0 {
                    break;
                }
                segs.push(t2[..n].to_string());
                j = code.len() - t2.len() + n;
            }
            out.push(PathUse { segs, at: i, reexport: None });
            i = j;
            continue;
        }
        i += len;
    }
    out
}

struct Crate {
    /// Module path -> (file, its code).
    modules: BTreeMap<String, (PathBuf, String)>,
}

impl Crate {
    fn load(dir: &Path) -> Crate {
        let src = dir.join("src");
        let mut files = vec![];
        rust_files(&src, &mut files);
        let mut modules = BTreeMap::new();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            modules.insert(module_of(&src, &f), (f, code(&text)));
        }
        Crate { modules }
    }

    fn children(&self, m: &str) -> BTreeSet<String> {
        let prefix = if m.is_empty() { String::new() } else { format!("{m}::") };
        self.modules
            .keys()
            .filter_map(|k| k.strip_prefix(&prefix).filter(|r| !r.is_empty() && !r.contains("::")).map(str::to_string))
            .filter(|k| !m.is_empty() || !k.is_empty())
            .collect()
    }

    /// The absolute segments of a path written in module `m` at byte `at` of its code.
    fn absolute(&self, m: &str, at: usize, segs: &[String], inline: &[(usize, usize)]) -> Vec<String> {
        let mut base: Vec<String> = if m.is_empty() { vec![] } else { m.split("::").map(str::to_string).collect() };
        let mut rest = segs;
        match rest.first().map(String::as_str) {
            Some("crate" | "$crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                // Inside inline modules, `super` first leaves them.
                let mut depth = inline.iter().filter(|(s, e)| *s < at && at < *e).count();
                while rest.first().is_some_and(|s| s == "super") {
                    if depth > 0 {
                        depth -= 1;
                    } else {
                        base.pop();
                    }
                    rest = &rest[1..];
                }
            }
            _ => {}
        }
        base.extend(rest.iter().filter(|s| s.as_str() != "*").cloned());
        base
    }

    /// Whether module `m`'s file defines an item named `name` (inline modules included).
    fn defines(&self, m: &str, name: &str) -> bool {
        let code = &self.modules[m].1;
        ["fn", "struct", "enum", "trait", "type", "const", "static", "mod", "union", "macro_rules!"].iter().any(|kw| {
            code.match_indices(&format!("{kw} {name}")).any(|(at, s)| {
                let after = code[at + s.len()..].bytes().next();
                (at == 0 || !is_ident(code.as_bytes()[at - 1])) && !after.is_some_and(is_ident)
            })
        })
    }

    /// The module an absolute path names: the longest prefix that is a module, then through
    /// that module's re-exports of the next segment, if any.
    fn resolve(&self, abs: &[String], seen: &mut BTreeSet<String>) -> Option<String> {
        let (m, rest) = (0..=abs.len()).rev().find_map(|n| {
            let key = abs[..n].join("::");
            self.modules.contains_key(&key).then(|| (key, &abs[n..]))
        })?;
        let Some(name) = rest.first() else { return Some(m) };
        if !seen.insert(format!("{m}#{name}")) || self.defines(&m, name) {
            return Some(m);
        }
        let inline = inline_modules(&self.modules[&m].1);
        let children = self.children(&m);
        let mut globs = vec![];
        for p in paths(&self.modules[&m].1, &children) {
            let Some(alias) = &p.reexport else { continue };
            let is_glob = alias == "*";
            if !is_glob && alias != name {
                continue;
            }
            let mut target = self.absolute(&m, p.at, &p.segs, &inline);
            if is_glob {
                target.push(name.clone());
                globs.push(target);
            } else {
                target.extend(rest[1..].iter().cloned());
                return self.resolve(&target, seen);
            }
        }
        for g in globs {
            if let Some(t) = self.resolve(&g, seen) {
                if t != m && self.defines(&t, name) {
                    return Some(t);
                }
            }
        }
        Some(m)
    }

    /// The import edges: module -> module -> the line of the first path that makes the edge.
    fn edges(&self) -> BTreeMap<String, BTreeMap<String, usize>> {
        let mut out: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
        for (m, (_, code)) in &self.modules {
            let inline = inline_modules(code);
            let children = self.children(m);
            for p in paths(code, &children) {
                if p.reexport.is_some() {
                    continue;
                }
                // Bare child-module paths are relative to the file module only outside inline
                // modules; inside them (e.g. `mod tests`), a child name came in through a glob.
                let head = p.segs[0].as_str();
                if !matches!(head, "crate" | "$crate" | "super" | "self")
                    && inline.iter().any(|(s, e)| *s < p.at && p.at < *e)
                {
                    continue;
                }
                let abs = self.absolute(m, p.at, &p.segs, &inline);
                if let Some(t) = self.resolve(&abs, &mut BTreeSet::new()) {
                    if &t != m && !related(m, &t) {
                        let line = code[..p.at].matches('\n').count() + 1;
                        out.entry(m.clone()).or_default().entry(t).or_insert(line);
                    }
                }
            }
        }
        out
    }
}

/// Whether one of two modules is the other's ancestor (the crate root is everyone's).
fn related(a: &str, b: &str) -> bool {
    let under = |x: &str, y: &str| y.is_empty() || x.starts_with(&format!("{y}::"));
    under(a, b) || under(b, a)
}

/// Tarjan's strongly connected components of more than one node.
fn cycles(nodes: &BTreeSet<String>, edges: &BTreeMap<String, BTreeMap<String, usize>>) -> Vec<Vec<String>> {
    struct St<'a> {
        edges: &'a BTreeMap<String, BTreeMap<String, usize>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut St<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on.insert(v);
        if let Some(ws) = s.edges.get(v) {
            for w in ws.keys() {
                if !s.index.contains_key(w.as_str()) {
                    visit(s, w);
                    let l = s.low[w.as_str()].min(s.low[v]);
                    s.low.insert(v, l);
                } else if s.on.contains(w.as_str()) {
                    let l = s.index[w.as_str()].min(s.low[v]);
                    s.low.insert(v, l);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = vec![];
            loop {
                let w = s.stack.pop().unwrap();
                s.on.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s =
        St { edges, index: BTreeMap::new(), low: BTreeMap::new(), stack: vec![], on: BTreeSet::new(), out: vec![] };
    for v in nodes {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// The cycles of every crate, rendered: one paragraph per component with its internal edges.
fn report() -> (Vec<(String, Vec<String>)>, String) {
    let root = root();
    let mut found = vec![];
    let mut text = String::new();
    for c in CRATES {
        let krate = Crate::load(&root.join(c));
        let edges = krate.edges();
        let nodes: BTreeSet<String> = krate.modules.keys().cloned().collect();
        for comp in cycles(&nodes, &edges) {
            found.push((c.to_string(), comp.clone()));
            text.push_str(&format!("{c}: cycle among {{{}}}\n", comp.join(", ")));
            for m in &comp {
                for (t, line) in edges.get(m).into_iter().flatten() {
                    if comp.contains(t) {
                        let file = krate.modules[m].0.strip_prefix(&root).unwrap().display().to_string();
                        text.push_str(&format!("  {} -> {}   ({file}:{line})\n", show(m), show(t)));
                    }
                }
            }
        }
    }
    (found, text)
}

fn show(m: &str) -> &str {
    if m.is_empty() { "(crate root)" } else { m }
}

/// The one cycle that remains, by name and members, so that it cannot grow unnoticed: the spec
/// crate's core, where the IR, the op table and the attribute schema are defined in terms of each
/// other (`ir` holds an `OpKind` per op, the op table (`ops`) names each row's schema, the schema's
/// typed views read `ir` attributes), the IR's `Display` prints through `print`, `dense` decodes
/// literals with the lowering's helpers, and the dialect lowerings call each other for nested
/// attributes. Untangling it means splitting `ir` into a data layer below `ops`/`schema` and
/// moving those helpers down; it is left for a change of its own (issue #30). The test fails
/// if this component gains or loses a module, so the list stays exact.
const KNOWN: [(&str, &[&str]); 1] = [(
    "spec",
    &[
        "dense",
        "diag",
        "float",
        "hlo::attrs",
        "ir",
        "ir::attrs",
        "ir::mpmd",
        "ir::sdy",
        "ir::stablehlo",
        "ir::types",
        "lower",
        "lower::attrs",
        "lower::first_error",
        "lower::mpmd",
        "lower::sdy",
        "lower::stablehlo",
        "ops",
        "parse_time",
        "print",
        "schema",
    ],
)];

#[test]
fn no_import_cycles_between_modules() {
    let (found, text) = report();
    let known: Vec<(String, Vec<String>)> =
        KNOWN.iter().map(|(c, ms)| (c.to_string(), ms.iter().map(|m| m.to_string()).collect())).collect();
    let new: Vec<&(String, Vec<String>)> = found.iter().filter(|c| !known.contains(c)).collect();
    let gone: Vec<&(String, Vec<String>)> = known.iter().filter(|c| !found.contains(c)).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "import cycles between modules: new {new:?}, known but changed or gone {gone:?}; all:\n{text}"
    );
}

/// The scanner's own cases, so that a blind spot shows here rather than as a missed cycle.
#[test]
fn the_scanner_reads_paths_and_use_trees() {
    let children: BTreeSet<String> = ["kid".to_string()].into();
    let src = code(
        "use crate::{a, b::{c, d as e}};\n// crate::commented\nfn f() { let s = \"crate::quoted\"; kid::g(); super::h(); x::kid::no(); }\npub use crate::z::*;\n",
    );
    let got: Vec<(String, Option<String>)> =
        paths(&src, &children).into_iter().map(|p| (p.segs.join("::"), p.reexport)).collect();
    let want: Vec<(String, Option<String>)> = vec![
        ("crate::a".into(), None),
        ("crate::b::c".into(), None),
        ("crate::b::d".into(), None),
        ("kid::g".into(), None),
        ("super::h".into(), None),
        ("crate::z::*".into(), Some("*".into())),
    ];
    assert_eq!(got, want);
    let graph: BTreeMap<String, BTreeMap<String, usize>> = [
        ("a".to_string(), [("b".to_string(), 1)].into()),
        ("b".to_string(), [("a".to_string(), 1)].into()),
        ("c".to_string(), [("a".to_string(), 1)].into()),
    ]
    .into();
    let nodes: BTreeSet<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
    assert_eq!(cycles(&nodes, &graph), vec![vec!["a".to_string(), "b".to_string()]]);
}
