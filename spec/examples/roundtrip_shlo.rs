//! Round-trip checker: for every case of every file given (files or
//! directories, searched recursively for `*.mlir`), checks that
//! parse → print → parse → print reaches a fixpoint and that the reparsed
//! module equals the first one.
//!
//! Usage: `cargo run --release -p shardref-spec --example roundtrip_shlo -- [-v] [--generic] <paths>...`
//! `-v` prints the full diagnostic or diff for each failure. `--exact` also
//! compares the first print with the input (comment lines and blank lines
//! dropped), which holds for files that are themselves printer output.

use std::path::{Path, PathBuf};

use shardref_spec::print::{PrintOptions, print_module};
use shardref_spec::split::split_cases;
use shardref_spec::{Source, eq, parse_source};

#[derive(Default)]
struct Counts {
    cases: usize,
    ok: usize,
    parse_fail: usize,
    reparse_fail: usize,
    not_fixpoint: usize,
    not_equal: usize,
    not_exact: usize,
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = match std::fs::read_dir(path) {
            Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return;
            }
        };
        entries.sort();
        for e in entries {
            collect(&e, out);
        }
    } else if path.extension().is_some_and(|x| x == "mlir") {
        out.push(path.to_path_buf());
    }
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// The first differing line of two texts, for a short report.
fn first_diff(a: &str, b: &str) -> String {
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n    - {x}\n    + {y}", i + 1);
        }
    }
    format!("lengths differ ({} vs {} lines)", a.lines().count(), b.lines().count())
}

/// The text without `//` comment lines, blank lines and trailing whitespace.
fn strip_comments(s: &str) -> String {
    s.lines()
        .filter(|l| !l.trim_start().starts_with("//") && !l.trim().is_empty())
        .map(|l| l.trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

fn main() {
    let mut verbose = false;
    let mut generic = false;
    let mut exact = false;
    let mut paths = vec![];
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "-v" => verbose = true,
            "--generic" => generic = true,
            "--exact" => exact = true,
            _ => paths.push(PathBuf::from(a)),
        }
    }
    let opts = PrintOptions { generic, ..Default::default() };
    let mut total = Counts::default();
    for root in &paths {
        let mut files = vec![];
        collect(root, &mut files);
        let mut c = Counts::default();
        for f in &files {
            let text = match std::fs::read_to_string(f) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("{}: {e}", f.display());
                    continue;
                }
            };
            let name = f.display().to_string();
            for case in split_cases(&name, &text) {
                c.cases += 1;
                let src = std::sync::Arc::new(Source {
                    name: case.name.clone(),
                    text: case.text.clone(),
                    first_line: case.first_line,
                });
                let m1 = match parse_source(src) {
                    Ok(m) => m,
                    Err(r) => {
                        c.parse_fail += 1;
                        let s = r.to_string();
                        println!("PARSE {}: {}", case.name, if verbose { s.as_str() } else { first_line(&s) });
                        continue;
                    }
                };
                let p1 = print_module(&m1, opts);
                let src2 = std::sync::Arc::new(Source {
                    name: format!("{} (printed)", case.name),
                    text: p1.clone(),
                    first_line: 1,
                });
                let m2 = match parse_source(src2) {
                    Ok(m) => m,
                    Err(r) => {
                        c.reparse_fail += 1;
                        let s = r.to_string();
                        println!("REPARSE {}: {}", case.name, if verbose { s.as_str() } else { first_line(&s) });
                        if verbose {
                            println!("{p1}");
                        }
                        continue;
                    }
                };
                let p2 = print_module(&m2, opts);
                let mut ok = true;
                if p1 != p2 {
                    ok = false;
                    c.not_fixpoint += 1;
                    println!("FIXPOINT {}: {}", case.name, first_diff(&p1, &p2));
                }
                if let Err(e) = eq::modules_equal(&m1, &m2) {
                    ok = false;
                    c.not_equal += 1;
                    let e =
                        if verbose || e.len() < 400 { e } else { format!("{}...", &e[..e.floor_char_boundary(400)]) };
                    println!("EQ {}: {e}", case.name);
                }
                if exact {
                    let want = strip_comments(&case.text);
                    let got = strip_comments(&p1);
                    if want != got {
                        c.not_exact += 1;
                        println!("EXACT {}: {}", case.name, first_diff(&want, &got));
                    }
                }
                if ok {
                    c.ok += 1;
                }
            }
        }
        println!(
            "== {}: {} cases, {} ok, {} parse failures, {} reparse failures, {} not fixpoint, {} not equal{}",
            root.display(),
            c.cases,
            c.ok,
            c.parse_fail,
            c.reparse_fail,
            c.not_fixpoint,
            c.not_equal,
            if exact { format!(", {} printed differently from the input", c.not_exact) } else { String::new() }
        );
        total.cases += c.cases;
        total.ok += c.ok;
        total.parse_fail += c.parse_fail;
        total.reparse_fail += c.reparse_fail;
        total.not_fixpoint += c.not_fixpoint;
        total.not_equal += c.not_equal;
    }
    if paths.len() > 1 {
        println!(
            "== total: {} cases, {} ok, {} parse failures, {} reparse failures, {} not fixpoint, {} not equal",
            total.cases, total.ok, total.parse_fail, total.reparse_fail, total.not_fixpoint, total.not_equal
        );
    }
    if total.ok != total.cases {
        std::process::exit(1);
    }
}
