//! Executable mode: Shardy's executable tests (shardy-executable), read the
//! way upstream's `run_sdy_interpreter_test.sh` scripts run them, without
//! upstream's four-tool pipeline.
//!
//! A file is a split-file pair: `//--- part1.mlir` holds the functions under
//! test, `//--- part2.mlir` a `@main` that calls them and checks results.
//! The whole file parses as one module (the split markers are comments), so
//! locations are the file's own. Each file gives these cases:
//!
//! Every case first runs the verifier on the whole file; an error fails it.
//!
//! (a) `FILE`: `@main` runs on the reference interpreter; every check must
//!     hold and at least one must run. `interpreter.run_parallel` calling a
//!     global-view sdy function (`@parallel_*` and the like) runs it sharded
//!     on the simulated devices of its mesh with each program slot's
//!     operands as that device's local slices (the reading of upstream's
//!     `sdy-convert-global-to-local`). What each folder's script adds:
//!     - every folder: when part1 has `@parallel_x` functions but no
//!       `@sequential_x`, each `@parallel_x` gets the twin `@sequential_x`
//!       with its shardings and collectives erased (upstream: the
//!       `sdy-drop-sharding-and-mesh` pass and `sed s/parallel_/sequential_/`;
//!       see `shardref_verifier::equiv::erase`);
//!     - `executable_partitioner_pipeline`: upstream runs its partitioner
//!       (insert-explicit-reshards, reshard-to-collectives, …) before
//!       converting to local, so implicit reshards are performed
//!       (`ImplicitReshards::Insert`); elsewhere they are errors;
//!     - `executable_explicit_gather_scatter_batching`: each
//!       `@transformed_x` is rewritten by the explicit-batching pass
//!       (`batching`) and `@original_x` is the function as written.
//!     Folders are recognized by the name of the file's parent folder; any
//!     other folder reads as `executable_convert_global_to_local`.
//! (b) `FILE @parallel_x`: `@parallel_x` against its twin with `equiv` on
//!     random inputs (seed 0, 3 trials, bitwise); in the batching folder,
//!     `FILE @transformed_x` against `@original_x` on the global
//!     interpreter.

use std::path::Path;
use std::sync::Arc;

use shardref_interp::devices::sharded::ImplicitReshards;
use shardref_interp::eval::Limits;
use shardref_spec::diag::{LineIndex, location};
use shardref_spec::ir::{Module, Span};
use shardref_spec::split::Case;
use shardref_spec::{Source, parse_source};
use shardref_verifier::equiv::{self, Comparison, EquivOptions, Pair, erased_twin, find_func, func_names};

use crate::{Mode, SuiteFile, Verdict, first_line};

pub struct Executable;

/// The three upstream folders, by what their script does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Folder {
    ConvertGlobalToLocal,
    PartitionerPipeline,
    ExplicitBatching,
}

impl Folder {
    pub fn of(path: &Path) -> Folder {
        match path.parent().and_then(Path::file_name).and_then(|n| n.to_str()) {
            Some("executable_partitioner_pipeline") => Folder::PartitionerPipeline,
            Some("executable_explicit_gather_scatter_batching") => Folder::ExplicitBatching,
            _ => Folder::ConvertGlobalToLocal,
        }
    }

    pub fn implicit(self) -> ImplicitReshards {
        match self {
            Folder::PartitionerPipeline => ImplicitReshards::Insert,
            Folder::ConvertGlobalToLocal | Folder::ExplicitBatching => ImplicitReshards::Error,
        }
    }
}

/// The names of functions defined in `text` that start with `prefix`
/// (`func.func @prefix…(`, `func.func private @prefix…(`), in order.
fn defined_with_prefix(text: &str, prefix: &str) -> Vec<String> {
    let mut out = vec![];
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix("func.func") else { continue };
        let rest = rest.trim_start();
        let rest = rest.strip_prefix("private").map_or(rest, str::trim_start);
        let Some(name) = rest.strip_prefix('@') else { continue };
        let name: String = name.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.').collect();
        if name.starts_with(prefix) && !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// The module of a file with the twins its folder's script adds.
pub fn prepare(m: &Module, folder: Folder) -> Result<Module, (Span, String)> {
    let mut m = m.clone();
    let names = func_names(&m);
    let parallel: Vec<&String> = names.iter().filter(|n| n.starts_with("parallel_")).collect();
    if !parallel.is_empty() && !names.iter().any(|n| n.starts_with("sequential_")) {
        for p in parallel {
            let s = p.replacen("parallel_", "sequential_", 1);
            erased_twin(&mut m, p, &s).map_err(|e| (e.span, format!("erasing @{p}: {}", e.message)))?;
        }
    }
    if folder == Folder::ExplicitBatching {
        for t in names.iter().filter(|n| n.starts_with("transformed_")) {
            let o = t.replacen("transformed_", "original_", 1);
            erased_twin_plain(&mut m, t, &o)?;
            let f = find_func(&m, t).ok_or((Span::NONE, format!("no @{t}")))?;
            crate::batching::explicit_gather_batching(&mut m, f);
        }
    }
    Ok(m)
}

/// Copies function `from` as `to` unchanged (upstream's `sed s/transformed_/original_/`).
fn erased_twin_plain(m: &mut Module, from: &str, to: &str) -> Result<(), (Span, String)> {
    let f = find_func(m, from).ok_or((Span::NONE, format!("no function @{from}")))?;
    if find_func(m, to).is_some() {
        return Err((m.op(f).span, format!("@{to} already exists")));
    }
    equiv::erase::clone_func(m, f, to);
    Ok(())
}

/// Runs `@main`; `run_parallel` of global-view functions runs them sharded with `implicit`.
fn run_main(m: &Module, implicit: ImplicitReshards) -> Result<shardref_interp::Outcome, shardref_interp::InterpError> {
    let main = find_func(m, "main")
        .ok_or_else(|| shardref_interp::InterpError::invalid(Span::NONE, "no function @main in the module"))?;
    let mut it = shardref_interp::eval::Interp::new(m, Limits::default());
    it.host = Some(shardref_interp::devices::host::host(implicit));
    let results = it.call(main, vec![], m.op(main).span)?;
    it.outcome.results = results;
    Ok(it.outcome)
}

/// How far a case's name says to go.
enum What {
    RunMain,
    Pair(String),
}

fn what(file: &SuiteFile, case: &Case) -> What {
    match case.name.strip_prefix(&file.name).and_then(|r| r.strip_prefix(" @")) {
        Some(f) => What::Pair(f.to_string()),
        None => What::RunMain,
    }
}

impl Mode for Executable {
    fn cases(&self, file: &SuiteFile) -> Vec<Case> {
        let whole = |name: String| Case { name, part: None, text: file.text.clone(), first_line: 1 };
        let mut out = vec![whole(file.name.clone())];
        let prefix = if Folder::of(&file.path) == Folder::ExplicitBatching { "transformed_" } else { "parallel_" };
        for f in defined_with_prefix(&file.text, prefix) {
            out.push(whole(format!("{} @{f}", file.name)));
        }
        out
    }

    fn judge(&self, file: &SuiteFile, case: &Case) -> Verdict {
        let source = Arc::new(Source { name: file.name.clone(), text: case.text.clone(), first_line: 1 });
        let parsed = match parse_source(source.clone()) {
            Ok(m) => m,
            Err(r) => return Verdict::Fail(format!("parse error: {}", first_line(&r.to_string()))),
        };
        let at = |span: Span| {
            if span.is_none() {
                return String::new();
            }
            let (line, col) = location(&source, &LineIndex::new(&source.text), span);
            format!("{line}:{col}: ")
        };
        // The verifier runs first, as upstream's sdy_opt verifies part1 before any pass.
        if let Some(d) =
            shardref_verifier::verify(&parsed).into_iter().find(|d| d.severity == shardref_spec::diag::Severity::Error)
        {
            return Verdict::Fail(format!("{}verifier: {}", at(d.span), d.message));
        }
        let folder = Folder::of(&file.path);
        let m = match prepare(&parsed, folder) {
            Ok(m) => m,
            Err((span, msg)) => return Verdict::Fail(format!("{}{msg}", at(span))),
        };
        match what(file, case) {
            What::RunMain => {
                let outcome = match run_main(&m, folder.implicit()) {
                    Ok(o) => o,
                    Err(e) => return Verdict::Fail(format!("{}{e}", at(e.span))),
                };
                if let Some(f) = outcome.check_failures.first() {
                    return Verdict::Fail(format!(
                        "{}check failed: {} ({} of {} checks failed)",
                        at(f.span),
                        f.message,
                        outcome.check_failures.len(),
                        outcome.checks_run
                    ));
                }
                if outcome.checks_run == 0 {
                    return Verdict::Fail("@main ran no check".into());
                }
                Verdict::Pass
            }
            What::Pair(f) => {
                // Bitwise: the corpus's random-input sums are exact (see `equiv::inputs`).
                let opts = EquivOptions {
                    implicit: folder.implicit(),
                    comparison: Comparison::Bitwise,
                    ..EquivOptions::default()
                };
                let verdict = if folder == Folder::ExplicitBatching {
                    let o = f.replacen("transformed_", "original_", 1);
                    let pair = Pair { parallel: f.clone(), sequential: o, erased: false, note: None };
                    equiv::equiv_global(&m, &pair, None, &opts)
                } else {
                    // The folder's twins exist by now; a twin taking other
                    // arguments gives way to the erased function (`resolve_pairs`).
                    let pairs = match equiv::resolve_pairs(&m, Some(&f), None) {
                        Ok(p) => p,
                        Err(e) => return Verdict::Fail(format!("{}{e}", at(e.span))),
                    };
                    let m = match equiv::prepare(&m, &pairs) {
                        Ok(m) => m,
                        Err(e) => return Verdict::Fail(format!("{}{e}", at(e.span))),
                    };
                    let [pair] = pairs.as_slice() else {
                        return Verdict::Fail(format!("@{f}: expected one pair, found {}", pairs.len()));
                    };
                    equiv::equiv(&m, pair, None, &opts)
                };
                match verdict {
                    Ok(v) if v.is_equal() => Verdict::Pass,
                    Ok(v) => Verdict::Fail(format!("@{f}: {v}")),
                    Err(e) => Verdict::Fail(format!("{}{e}", at(e.span))),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn function_names_are_found_by_prefix() {
        let text = "func.func @parallel_a(%x: i32)\n  func.func private @parallel_b() {\nfunc.func @sequential_a(\n";
        assert_eq!(defined_with_prefix(text, "parallel_"), vec!["parallel_a", "parallel_b"]);
    }

    #[test]
    fn folders_are_told_apart_by_their_parent_folder() {
        assert_eq!(Folder::of(Path::new("x/executable_partitioner_pipeline/a.mlir")), Folder::PartitionerPipeline);
        assert_eq!(
            Folder::of(Path::new("executable_explicit_gather_scatter_batching/a.mlir")),
            Folder::ExplicitBatching
        );
        assert_eq!(Folder::of(Path::new("a.mlir")), Folder::ConvertGlobalToLocal);
    }
}
