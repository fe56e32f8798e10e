//! `shardref conform hlo`: XLA's HLO text corpus judged by its `MANIFEST.tsv`.
//!
//! A `valid` module must parse, print to text that parses back to an equal IR, and print the same
//! text again. (It is not verified: many `valid` modules come from parser tests that XLA never
//! verifies, such as incomplete async chains.) A `parse-error` module must be rejected by the parser and a
//! `verify-error` module by the verifier (after parsing), each with a message holding every
//! expected substring (`expect`, ` | `-separated). Parser messages are matched in XLA's form
//! `was parsing L:C: error: <message>`. A folder without a manifest, or a file, is judged as
//! `valid`.
//!
//! Skips (each with its cause on its line): a valid module nesting brackets deeper than
//! `shardref_spec::lower::MAX_NESTING` (the bound that keeps parsing within a thread's stack), a
//! verifier expectation whose rule shardref's HLO
//! verifier does not implement (the module parses and verifies cleanly), and a parse-error
//! expectation of an XLA parser check shardref does not make (the module parses). Nothing else is
//! skipped.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use shardref_spec::diag::{LineIndex, location};
use shardref_spec::ir::Source;
use std::sync::Arc;

use crate::{Summary, Verdict, first_line};

/// One row of the manifest.
struct Row {
    file: PathBuf,
    name: String,
    kind: String,
    expect: Vec<String>,
}

fn unescape_field(s: &str) -> String {
    s.replace("\\t", "\t").replace("\\n", "\n").replace("\\\\", "\\")
}

fn rows(path: &Path) -> Result<Vec<Row>, String> {
    let manifest = path.join("MANIFEST.tsv");
    if path.is_dir() && manifest.is_file() {
        let text = std::fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
        let mut out = vec![];
        for line in text.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            if cols.len() < 5 {
                continue;
            }
            let expect = unescape_field(cols[4]);
            out.push(Row {
                file: path.join(cols[0]),
                name: cols[0].to_string(),
                kind: cols[3].to_string(),
                expect: if expect.is_empty() { vec![] } else { expect.split(" | ").map(str::to_string).collect() },
            });
        }
        return Ok(out);
    }
    let mut files = vec![];
    collect(path, &mut files).map_err(|e| format!("{}: {e}", path.display()))?;
    files.sort();
    Ok(files
        .into_iter()
        .map(|f| Row { name: f.display().to_string(), file: f, kind: "valid".into(), expect: vec![] })
        .collect())
}

fn collect(p: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if p.is_file() {
        out.push(p.to_path_buf());
        return Ok(());
    }
    for e in std::fs::read_dir(p)? {
        let path = e?.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else if shardref_spec::hlo::is_hlo_path(&path.display().to_string()) {
            out.push(path);
        }
    }
    Ok(())
}

/// Runs the HLO suite over `paths` (manifest folders, folders or files).
pub fn run(paths: &[PathBuf]) -> Result<Summary, String> {
    let mut all = vec![];
    for p in paths {
        all.extend(rows(p)?);
    }
    let verdicts: Vec<(String, Verdict)> =
        all.par_iter().map(|r| (r.name.clone(), crate::guarded(|| judge(r)))).collect();
    Ok(Summary::tally(verdicts))
}

/// The parser's errors in XLA's form.
fn xla_form(src: &Source, diags: &[shardref_spec::Diagnostic]) -> String {
    let index = LineIndex::new(&src.text);
    diags
        .iter()
        .map(|d| {
            let (l, c) = location(src, &index, d.span);
            format!("was parsing {l}:{c}: error: {}", d.message)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn holds_all(msg: &str, expect: &[String]) -> bool {
    expect.iter().all(|e| msg.contains(e.as_str()))
}

fn judge(r: &Row) -> Verdict {
    let text = match std::fs::read(&r.file) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => return Verdict::Fail(format!("cannot read: {e}")),
    };
    let src = Arc::new(Source { name: r.name.clone(), text, first_line: 1 });
    let parsed = shardref_spec::hlo::parse_source(src.clone());
    match r.kind.as_str() {
        "parse-error" => match parsed {
            Err(report) => {
                let msg = xla_form(&src, &report.diagnostics);
                if holds_all(&msg, &r.expect) {
                    Verdict::Pass
                } else {
                    Verdict::Fail(format!(
                        "rejected, but with `{}`; expected `{}`",
                        first_line(&msg),
                        r.expect.join(" | ")
                    ))
                }
            }
            Ok(_) => Verdict::Skip(format!("parser check not implemented: `{}`", r.expect.join(" | "))),
        },
        "verify-error" => match parsed {
            Err(report) => {
                let msg = xla_form(&src, &report.diagnostics);
                if holds_all(&msg, &r.expect) {
                    Verdict::Pass
                } else {
                    Verdict::Fail(format!("does not parse: {}", first_line(&msg)))
                }
            }
            Ok(m) => {
                let diags = shardref_verifier::hlo::verify(&m);
                if diags.is_empty() {
                    return Verdict::Skip(format!("verifier rule not implemented: `{}`", r.expect.join(" | ")));
                }
                let msg = diags.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("\n");
                if holds_all(&msg, &r.expect) {
                    Verdict::Pass
                } else {
                    Verdict::Fail(format!(
                        "rejected, but with `{}`; expected `{}`",
                        first_line(&msg),
                        r.expect.join(" | ")
                    ))
                }
            }
        },
        _ => match parsed {
            Err(report) if report.diagnostics.iter().any(|d| d.message.starts_with("nesting is deeper than")) => {
                Verdict::Skip(format!(
                    "bracket nesting beyond shardref's bound ({} levels)",
                    shardref_spec::lower::MAX_NESTING
                ))
            }
            Err(report)
                if report.diagnostics.iter().any(|d| d.message == "cannot infer shape for opcode: convolution") =>
            {
                Verdict::Skip("shape inference for convolution is not implemented (the text omits its shape)".into())
            }
            Err(report) => {
                Verdict::Fail(format!("does not parse: {}", first_line(&xla_form(&src, &report.diagnostics))))
            }
            Ok(m) => roundtrip(&m),
        },
    }
}

/// Print, reparse, compare, print again.
pub(crate) fn roundtrip(m: &shardref_spec::Module) -> Verdict {
    let p1 = shardref_spec::hlo::print::print(m);
    let m2 = match shardref_spec::hlo::parse("printed", &p1) {
        Ok(m2) => m2,
        Err(report) => {
            return Verdict::Fail(format!("printed text does not parse: {}", first_line(&report.to_string())));
        }
    };
    if let Err(e) = shardref_spec::eq::modules_equal(m, &m2) {
        return Verdict::Fail(format!("reparsed IR differs: {}", first_line(&e)));
    }
    let p2 = shardref_spec::hlo::print::print(&m2);
    if p1 != p2 {
        return Verdict::Fail("print is not a fixpoint".into());
    }
    Verdict::Pass
}

/// The limits of an execution smoke run (`run_execution`): enough for the corpus's small test
/// modules, and a bound on the large benchmark dumps.
pub const EXECUTION_LIMITS: shardref_interp::Limits =
    shardref_interp::Limits { fuel: 10_000_000, max_value_bytes: 64 << 20, max_call_depth: 500 };

/// `shardref conform hlo-run`: every `valid` module runs on its device grid with
/// `shardref_interp::hlo::sample_inputs` under `EXECUTION_LIMITS`. It fails only when execution
/// panics (an internal error of the evaluator, caught on the device threads or here); running to the
/// end and stopping with a located error (an unsupported opcode, a trap, the budget) both pass, and
/// are tallied by outcome (the kind, and for unsupported constructs the message) in the second result.
/// Rows of other kinds are not this mode's concern and are left out.
pub fn run_execution(paths: &[PathBuf]) -> Result<(Summary, std::collections::BTreeMap<String, usize>), String> {
    let mut all = vec![];
    for p in paths {
        all.extend(rows(p)?.into_iter().filter(|r| r.kind == "valid"));
    }
    let judged: Vec<(String, Verdict, String)> = all
        .par_iter()
        .map(|r| {
            let mut outcome = String::new();
            let v = crate::guarded(|| execute(r, &mut outcome));
            (r.name.clone(), v, outcome)
        })
        .collect();
    let mut outcomes = std::collections::BTreeMap::new();
    for (_, _, o) in &judged {
        if !o.is_empty() {
            *outcomes.entry(o.clone()).or_insert(0) += 1;
        }
    }
    let verdicts: Vec<(String, Verdict)> = judged.into_iter().map(|(n, v, _)| (n, v)).collect();
    Ok((Summary::tally(verdicts), outcomes))
}

fn execute(r: &Row, outcome: &mut String) -> Verdict {
    let text = match std::fs::read(&r.file) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => return Verdict::Fail(format!("cannot read: {e}")),
    };
    let m = match shardref_spec::hlo::parse(&r.name, &text) {
        Ok(m) => m,
        Err(r) => {
            let first = r.diagnostics.first().map_or("", |d| d.message.as_str());
            let first: String = first.chars().take(70).collect();
            return Verdict::Skip(format!("does not parse (see `conform hlo`): {first}"));
        }
    };
    let limits = EXECUTION_LIMITS;
    let run = (|| {
        let inputs = shardref_interp::hlo::sample_inputs(&m, limits)?;
        let (replicas, partitions) = shardref_interp::hlo::module_grid(&m)?;
        let n = (replicas * partitions) as usize;
        shardref_interp::hlo::run_devices(&m, vec![inputs; n], limits)
    })();
    match run {
        Ok(_) => {
            *outcome = "ran".into();
            Verdict::Pass
        }
        Err(e) if e.message.contains("panicked") => Verdict::Fail(format!("execution panicked: {}", e.message)),
        Err(e) => {
            // Device prefixes and numbers vary per module; the kind and the message's first clause name the cause.
            let msg = e.message.split_once("): ").map_or(e.message.as_str(), |(_, m)| m);
            let cause: String = msg.chars().take(70).collect();
            *outcome = match e.kind {
                shardref_interp::ErrorKind::Unsupported => format!("unsupported: {cause}"),
                k => k.name().to_string(),
            };
            Verdict::Pass
        }
    }
}
