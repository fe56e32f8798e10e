//! shardref-conformance: one runner over `.mlir` suites.
//!
//! A suite is a set of files; each file is split into cases (`// -----`,
//! `//--- part`), and a `Mode` judges each case as passed, failed (with a
//! one-line reason) or skipped (with a reason listed in docs/CLI.md or docs/HLO.md). The
//! runner walks paths, runs cases in parallel, and reports in a stable
//! order, so its output never depends on the thread count.
//!
//! Invariant: the runner only reads the files it is given; it never writes.

pub mod batching;
pub mod difftest;
pub mod engines;
pub mod executable;
pub mod expect;
pub mod filecheck;
pub mod generator;
pub mod hlo;
pub mod interpret;
pub mod jax;
pub mod passes;
pub mod roundtrip;
pub mod rules;
pub mod verify;

use std::path::{Path, PathBuf};

use std::sync::atomic::{AtomicUsize, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use shardref_spec::split::{Case, split_cases};

/// The verdict on one case.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Pass,
    Fail(String),
    Skip(String),
}

/// A file of a suite with what its header says.
#[derive(Clone, Debug)]
pub struct SuiteFile {
    pub path: PathBuf,
    /// The display name (the path as given).
    pub name: String,
    pub text: String,
    /// The `// RUN:` lines, joined.
    pub run: String,
}

impl SuiteFile {
    pub fn read(path: &Path) -> std::io::Result<SuiteFile> {
        let bytes = std::fs::read(path)?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let run = text.lines().filter_map(|l| l.trim_start().strip_prefix("// RUN:")).collect::<Vec<_>>().join(" ");
        Ok(SuiteFile { path: path.to_path_buf(), name: path.display().to_string(), text, run })
    }

    /// Whether upstream runs the file with `-verify-diagnostics`.
    pub fn verifies_diagnostics(&self) -> bool {
        self.run.contains("-verify-diagnostics")
    }

    pub fn cases(&self) -> Vec<Case> {
        split_cases(&self.name, &self.text)
    }
}

/// A way of judging cases: roundtrip, interpret, verify, executable.
pub trait Mode: Sync {
    fn judge(&self, file: &SuiteFile, case: &Case) -> Verdict;
    /// Whether a file met while walking a folder is one of this mode's suite files (by default
    /// `.mlir` files; files named on the command line are always taken).
    fn takes(&self, path: &Path) -> bool {
        path.extension().is_some_and(|e| e == "mlir")
    }
    /// The cases of a file; by default its `// -----` and `//--- part` chunks.
    fn cases(&self, file: &SuiteFile) -> Vec<Case> {
        file.cases()
    }
}

/// Every `.mlir` file under `paths` (files are taken as given), sorted.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    collect_files_where(paths, &|p| p.extension().is_some_and(|e| e == "mlir"))
}

/// Every file under `paths` that `takes` accepts (files are taken as given), sorted.
pub fn collect_files_where(paths: &[PathBuf], takes: &dyn Fn(&Path) -> bool) -> Result<Vec<PathBuf>, String> {
    let mut out = vec![];
    for p in paths {
        if p.is_dir() {
            walk(p, takes, &mut out).map_err(|e| format!("{}: {e}", p.display()))?;
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            return Err(format!("{}: no such file or directory", p.display()));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn walk(dir: &Path, takes: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, takes, out)?;
        } else if takes(&path) {
            out.push(path);
        }
    }
    Ok(())
}

/// The outcome of a run.
#[derive(Debug, Default)]
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
    /// `case: reason` for every failing case, in file order.
    pub failures: Vec<String>,
    /// `case: reason` for every skipped case.
    pub skips: Vec<String>,
}

impl Summary {
    /// The summary of `(case, verdict)` pairs, kept in the order given.
    pub fn tally(verdicts: impl IntoIterator<Item = (String, Verdict)>) -> Summary {
        let mut s = Summary::default();
        for (name, verdict) in verdicts {
            match verdict {
                Verdict::Pass => s.passed += 1,
                Verdict::Fail(reason) => {
                    s.failed += 1;
                    s.failures.push(format!("{name}: {reason}"));
                }
                Verdict::Skip(reason) => {
                    s.skipped += 1;
                    s.skips.push(format!("{name}: {reason}"));
                }
            }
        }
        s
    }

    /// The closing line: `N passed, M failed, K skipped`.
    pub fn closing_line(&self) -> String {
        format!("{} passed, {} failed, {} skipped", self.passed, self.failed, self.skipped)
    }
}

/// Runs `mode` over every case of every file under `paths`.
pub fn run(mode: &dyn Mode, paths: &[PathBuf]) -> Result<Summary, String> {
    run_with_progress(mode, paths, false)
}

/// `run`, drawing a progress bar on standard error when `progress` is set (the CLI sets it when
/// standard error is a terminal, so that CI logs stay plain text). The bar counts files, and its
/// message counts the cases passed, failed and skipped so far and the rate; it never changes
/// the summary, whose order is the files' order whatever the thread count.
pub fn run_with_progress(mode: &dyn Mode, paths: &[PathBuf], progress: bool) -> Result<Summary, String> {
    let files = collect_files_where(paths, &|p| mode.takes(p))?;
    let bar = if progress {
        let bar = ProgressBar::with_draw_target(Some(files.len() as u64), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{elapsed} [{bar:20}] {pos}/{len} files: {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let counts = [AtomicUsize::new(0), AtomicUsize::new(0), AtomicUsize::new(0)];
    let start = std::time::Instant::now();
    let results: Vec<Vec<(String, Verdict)>> = files
        .par_iter()
        .map(|path| {
            let verdicts: Vec<(String, Verdict)> = match SuiteFile::read(path) {
                Err(e) => vec![(path.display().to_string(), Verdict::Fail(format!("cannot read: {e}")))],
                Ok(file) => {
                    mode.cases(&file).iter().map(|case| (case.name.clone(), judge_guarded(mode, &file, case))).collect()
                }
            };
            if progress {
                for (_, v) in &verdicts {
                    let k = match v {
                        Verdict::Pass => 0,
                        Verdict::Fail(_) => 1,
                        Verdict::Skip(_) => 2,
                    };
                    counts[k].fetch_add(1, Ordering::Relaxed);
                }
                let [p, f, s] = [0, 1, 2].map(|k| counts[k].load(Ordering::Relaxed));
                let rate = (p + f + s) as f64 / start.elapsed().as_secs_f64().max(1e-3);
                bar.set_message(format!("{p} passed, {f} failed, {s} skipped, {rate:.0} cases/s"));
                bar.inc(1);
            }
            verdicts
        })
        .collect();
    bar.finish_and_clear();
    Ok(Summary::tally(results.into_iter().flatten()))
}

/// Judges a case, turning a panic (a shardref bug) into a failure that says so.
fn judge_guarded(mode: &dyn Mode, file: &SuiteFile, case: &Case) -> Verdict {
    guarded(|| mode.judge(file, case))
}

/// Runs a judgement, turning a panic (a shardref bug) into a failure that says so and quotes it.
pub(crate) fn guarded(judge: impl FnOnce() -> Verdict) -> Verdict {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(judge)) {
        Ok(v) => v,
        Err(e) => Verdict::Fail(format!("shardref panicked (a bug): {}", panic_message(e.as_ref()))),
    }
}

/// The message a panic carried (its `String` or `&str` payload), or "panic".
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("panic")
}

/// First line of a multi-line message, for one-line failure reports.
pub fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}
