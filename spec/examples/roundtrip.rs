//! Dev tool: parse → print → parse round trips over test files.
//!
//! Usage: `cargo run -p shardref-spec --example roundtrip -- [-v] PATH...`
//! (files, or folders searched for `.mlir`). Each file is split into cases
//! as `-split-input-file` and `split-file` do. A case passes when it parses,
//! printing is a fixpoint, the reparsed IR equals the original, and the
//! generic form reparses to the same IR. A case whose first parse error is on
//! a line with a matching `// expected-error` directive passes as an expected
//! failure. Failures whose line holds a `stablehlo.`/`chlo.` custom form are
//! counted apart. `-v` prints every failure; otherwise the first few per folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use shardref_spec::diag::{LineIndex, location};
use shardref_spec::print::{PrintOptions, print_module};
use shardref_spec::split::split_cases;
use shardref_spec::{Module, Source, eq, parse, parse_source};

#[derive(Default)]
struct Tally {
    pass: usize,
    expected_failure: usize,
    fail: Vec<String>,
    stablehlo: Vec<String>,
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> =
            std::fs::read_dir(path).map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect()).unwrap_or_default();
        entries.sort();
        for e in entries {
            collect(&e, out);
        }
    } else if path.extension().is_some_and(|x| x == "mlir") {
        out.push(path.to_path_buf());
    }
}

/// `// expected-error@+1 {{text}}` directives: (line, text), lines 1-based in the file.
fn expected_errors(text: &str, first_line: u32) -> Vec<(u32, String)> {
    let mut out = vec![];
    for (i, line) in text.lines().enumerate() {
        let here = first_line + i as u32;
        let Some(pos) = line.find("expected-error") else {
            continue;
        };
        let rest = line[pos + "expected-error".len()..].trim_start();
        let (target, rest) = match rest.strip_prefix('@') {
            Some(r) => {
                let end = r.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(r.len());
                let t = &r[..end];
                let target = match t {
                    "below" => here + 1,
                    "above" => here.saturating_sub(1),
                    _ => t.parse::<i64>().map(|d| (here as i64 + d) as u32).unwrap_or(here),
                };
                (target, &r[end..])
            }
            None => (here, rest),
        };
        if let (Some(s), Some(e)) = (rest.find("{{"), rest.rfind("}}"))
            && s + 2 <= e
        {
            out.push((target, rest[s + 2..e].to_string()));
        }
    }
    out
}

fn check_fixpoint(m: &Module) -> Result<(), String> {
    let opts = PrintOptions::default();
    let text1 = print_module(m, opts);
    let m2 =
        parse("<printed>", &text1).map_err(|r| format!("printed form does not parse: {r}\n--- printed:\n{text1}"))?;
    eq::modules_equal(m, &m2).map_err(|e| format!("reparsed IR differs: {e}"))?;
    let text2 = print_module(&m2, opts);
    if text1 != text2 {
        let line = text1.lines().zip(text2.lines()).position(|(a, b)| a != b).unwrap_or(0);
        return Err(format!(
            "print is not a fixpoint at line {}: '{}' vs '{}'",
            line + 1,
            text1.lines().nth(line).unwrap_or(""),
            text2.lines().nth(line).unwrap_or("")
        ));
    }
    let generic = print_module(m, PrintOptions { generic: true, ..opts });
    let m3 = parse("<generic>", &generic)
        .map_err(|r| format!("generic form does not parse: {r}\n--- generic:\n{generic}"))?;
    eq::modules_equal(m, &m3).map_err(|e| format!("generic form reparses to a different IR: {e}"))
}

/// Whether a source line uses a stablehlo or chlo custom (non-generic) form.
fn has_stablehlo_custom_form(line: &str) -> bool {
    let code = line.split("//").next().unwrap_or("");
    ["stablehlo.", "chlo."].iter().any(|d| {
        code.match_indices(d).any(|(i, _)| {
            let before = code[..i].chars().last();
            !matches!(before, Some('"') | Some('#') | Some('!') | Some('.'))
                && !code[i..].starts_with("stablehlo.token")
        })
    })
}

fn main() {
    let mut verbose = false;
    let mut files = vec![];
    for a in std::env::args().skip(1) {
        if a == "-v" {
            verbose = true;
        } else {
            collect(Path::new(&a), &mut files);
        }
    }
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for file in &files {
        let folder = file.parent().map(|p| p.display().to_string()).unwrap_or_default();
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                continue;
            }
        };
        let name = file.display().to_string();
        let tally = tallies.entry(folder).or_default();
        for case in split_cases(&name, &text) {
            let expected = expected_errors(&case.text, case.first_line);
            let source =
                Arc::new(Source { name: case.name.clone(), text: case.text.clone(), first_line: case.first_line });
            match parse_source(source.clone()) {
                Err(report) => {
                    let Some(d) = report.diagnostics.first() else {
                        tally.fail.push(format!("{}: parse failed without a diagnostic", case.name));
                        continue;
                    };
                    let (line, col) = location(&source, &LineIndex::new(&source.text), d.span);
                    if expected.iter().any(|(l, t)| *l == line && d.message.contains(t.as_str())) {
                        tally.expected_failure += 1;
                        continue;
                    }
                    let lines: Vec<&str> = text.lines().collect();
                    let at = (line as usize).saturating_sub(1).min(lines.len().saturating_sub(1));
                    let src_line = lines.get(at).copied().unwrap_or("");
                    let msg = format!("{}: {line}:{col}: {}\n    | {}", case.name, d.message, src_line.trim());
                    // The op may have started a few lines above a continuation line.
                    let op_lines = &lines[at.saturating_sub(4)..(at + 1).min(lines.len())];
                    if op_lines.iter().any(|l| has_stablehlo_custom_form(l)) {
                        tally.stablehlo.push(msg)
                    } else {
                        tally.fail.push(msg)
                    }
                }
                Ok(m) => {
                    let parse_failure_suite = name.contains("parsing_failure") && !expected.is_empty();
                    if parse_failure_suite {
                        tally.fail.push(format!(
                            "{}: parsed, but expected the error '{}' on line {}",
                            case.name, expected[0].1, expected[0].0
                        ));
                        continue;
                    }
                    match check_fixpoint(&m) {
                        Ok(()) => tally.pass += 1,
                        Err(e) => tally.fail.push(format!("{}: {e}", case.name)),
                    }
                }
            }
        }
    }
    let mut total_fail = 0;
    for (folder, t) in &tallies {
        let cases = t.pass + t.expected_failure + t.fail.len() + t.stablehlo.len();
        println!(
            "{folder}: {cases} cases: {} round-trip, {} fail as expected, {} fail, {} fail on a stablehlo/chlo custom form",
            t.pass,
            t.expected_failure,
            t.fail.len(),
            t.stablehlo.len()
        );
        let shown = if verbose { usize::MAX } else { 5 };
        for f in t.fail.iter().take(shown) {
            println!("  FAIL {f}");
        }
        if verbose {
            for f in &t.stablehlo {
                println!("  STABLEHLO {f}");
            }
        }
        total_fail += t.fail.len();
    }
    std::process::exit(i32::from(total_fail > 0));
}
