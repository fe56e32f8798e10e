//! Differential testing (issue #13): generate programs, run every engine,
//! compare, and minimize each disagreement into a finding.
//!
//! `Campaign::run` draws programs from the generator (seeds `seed`,
//! `seed + 1`, ... until a count or a time budget is reached), runs each on
//! every engine on the same seeded inputs, and judges the outcomes
//! (`compare`). A disagreement is minimized (`minimize`, over the
//! generator's choices, re-running only the two engines involved) and
//! written as a finding folder (`finding`), unless its signature is already
//! known: listed in the signatures file of the findings folder (known
//! upstream issues and earlier findings), or found earlier in the run. Known
//! and repeated signatures are counted, not re-reported.
//!
//! Programs run in parallel; everything a program's verdict depends on is a
//! function of its seed, and disagreements are decided in seed order, so
//! the findings of a counted run do not depend on the thread count (which
//! seeds a timed run reaches does).

pub mod compare;
pub mod finding;
pub mod minimize;
pub mod verify;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::engines::{Engine, Outcome, Program};
use crate::generator::{GenConfig, Recorded, generate_recorded};
use compare::{Disagreement, Judgement, Kind, judge};
use finding::Finding;
use minimize::{Budget, minimize};

/// When a campaign stops.
#[derive(Clone, Copy, Debug)]
pub enum Limit {
    Count(u64),
    Time(Duration),
    /// CPU time of this process and of the engine processes it has waited for (Shardy, XLA,
    /// the StableHLO interpreter): the measure of a campaign's size that does not depend on how
    /// busy the machine is.
    Cpu(Duration),
}

/// When a timed campaign started, in wall time and CPU time.
#[derive(Clone, Copy, Debug)]
pub struct Started {
    pub wall: Instant,
    pub cpu: Duration,
}

impl Started {
    pub fn now() -> Started {
        Started { wall: Instant::now(), cpu: cpu_time().unwrap_or_default() }
    }
}

impl Limit {
    /// How many more items (programs or mutants) to take, at most `batch`, after `done` of them
    /// since `started`: 0 once the count, time or CPU budget is spent.
    pub fn next_batch(&self, started: &Started, done: u64, batch: u64) -> u64 {
        match *self {
            Limit::Count(n) => n.saturating_sub(done).min(batch),
            Limit::Time(t) if started.wall.elapsed() >= t => 0,
            Limit::Cpu(t) if cpu_time().unwrap_or(Duration::MAX).saturating_sub(started.cpu) >= t => 0,
            Limit::Time(_) | Limit::Cpu(_) => batch,
        }
    }
}

/// The CPU time (user and system) used so far by this process and by the children it has waited
/// for, read from `/proc/self/stat` (fields 14-17, in clock ticks: Linux's `USER_HZ`, which is
/// 100 on x86, ARM, RISC-V and POWER). Elsewhere `None`.
pub fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) is parenthesised and may contain spaces: fields are counted
    // after its closing parenthesis, where field 3 is the first.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11..15)?.iter().map(|f| f.parse::<u64>().ok()).sum::<Option<u64>>()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Parses `10m`, `30s`, `1h` or a number of seconds.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (num, unit) = match s.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => (&s[..i], &s[i..]),
        None => (s, "s"),
    };
    let n: u64 = num.parse().map_err(|_| format!("'{s}' is not a duration (e.g. 90s, 10m, 1h)"))?;
    let secs = match unit {
        "s" => n,
        "m" | "min" => n * 60,
        "h" => n * 3600,
        _ => return Err(format!("'{s}': unknown unit '{unit}' (s, m or h)")),
    };
    Ok(Duration::from_secs(secs))
}

/// Known signatures: `signature<TAB>where it is reported` per line, `#` comments.
#[derive(Clone, Debug, Default)]
pub struct Signatures {
    pub known: BTreeMap<String, String>,
}

impl Signatures {
    pub fn parse(text: &str) -> Signatures {
        let known = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| {
                let mut parts = l.splitn(2, '\t');
                let sig = parts.next().unwrap_or("").trim().to_string();
                (sig, parts.next().unwrap_or("").trim().to_string())
            })
            .collect();
        Signatures { known }
    }
}

/// Counts per engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineCounts {
    pub ran: usize,
    pub rejected: usize,
    pub crashed: usize,
    pub skipped: usize,
}

/// A new finding of the run.
#[derive(Clone, Debug)]
pub struct FindingSummary {
    pub seed: u64,
    pub signature: String,
    pub folder: PathBuf,
    pub summary: String,
    pub ops_before: usize,
    pub ops_after: usize,
}

/// What a campaign did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub programs: usize,
    pub agreements: usize,
    /// Programs no engine applied to.
    pub all_skipped: usize,
    pub findings: Vec<FindingSummary>,
    /// Disagreements with a known signature (from the signatures file), per signature.
    pub known: BTreeMap<String, usize>,
    /// Disagreements repeating a finding of this run, per signature.
    pub repeats: BTreeMap<String, usize>,
    /// Per engine, in `--engines` order.
    pub engines: Vec<(String, EngineCounts)>,
    /// The engines' own notes (`Engine::notes`).
    pub notes: Vec<String>,
    pub elapsed: Duration,
    /// CPU time of the run, engine processes included (`cpu_time`), when the system reports it.
    pub cpu: Option<Duration>,
}

/// A snapshot for progress displays.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    pub programs: usize,
    pub agreements: usize,
    pub findings: usize,
    pub known: usize,
    pub elapsed: Duration,
}

/// A differential campaign over generated programs.
pub struct Campaign {
    pub engines: Vec<Box<dyn Engine>>,
    pub config: GenConfig,
    pub seed: u64,
    pub limit: Limit,
    /// Where finding folders are written.
    pub out: PathBuf,
    pub signatures: Signatures,
    pub budget: Budget,
    /// The seed of the inputs (`equiv`'s draws).
    pub input_seed: u64,
    /// The command line, quoted in each finding.
    pub command: String,
}

/// Runs every engine on `program`.
pub fn run_all(engines: &[&dyn Engine], program: &Program) -> Vec<Outcome> {
    engines.iter().map(|e| e.run(program)).collect()
}

/// The judgement of a program text on `engines`, or why it could not be run at all.
pub fn judge_text(engines: &[&dyn Engine], name: &str, text: &str, input_seed: u64) -> (Judgement, Vec<Outcome>) {
    match Program::with_random_inputs(name, text, input_seed) {
        Ok(p) => {
            let outcomes = run_all(engines, &p);
            (judge(engines, &outcomes), outcomes)
        }
        Err(e) => {
            // shardref cannot even read the program: a rejection by the global reading.
            let d = Disagreement {
                kind: Kind::Reject,
                reference: "generator".into(),
                other: "shardref".into(),
                summary: compare::first_line(&e),
                element: None,
            };
            (Judgement::Disagree(d), vec![])
        }
    }
}

impl Campaign {
    /// The engines that can run here; the others are reported by `unavailable`.
    pub fn available(&self) -> Vec<&dyn Engine> {
        self.engines.iter().filter(|e| e.available().is_ok()).map(|e| e.as_ref()).collect()
    }

    /// `(engine, why)` for each engine that cannot run here.
    pub fn unavailable(&self) -> Vec<(String, String)> {
        self.engines.iter().filter_map(|e| e.available().err().map(|why| (e.name().to_string(), why))).collect()
    }

    /// Runs the campaign; `progress` is called after every batch of programs.
    ///
    /// Programs are judged in parallel a batch at a time; the batch's
    /// disagreements are then decided in seed order (known, repeated, or
    /// minimized into a finding; minimizations run in parallel, and the
    /// repeats among them are settled in seed order afterwards), so a
    /// counted run's findings do not depend on the thread count.
    pub fn run(&self, progress: &(dyn Fn(Progress) + Sync)) -> Report {
        let engines = self.available();
        let started = Started::now();
        let start = started.wall;
        let mut report = Report {
            engines: engines.iter().map(|e| (e.name().to_string(), EngineCounts::default())).collect(),
            ..Report::default()
        };
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        let batch = (rayon::current_num_threads() * 2).max(2) as u64;
        let mut next = self.seed;
        loop {
            let remaining = self.limit.next_batch(&started, next - self.seed, batch);
            if remaining == 0 {
                break;
            }
            let seeds: Vec<u64> = (next..next + remaining.min(batch)).collect();
            next += seeds.len() as u64;
            let judged: Vec<(u64, Recorded, Judgement, Vec<Outcome>)> = seeds
                .par_iter()
                .map(|&seed| {
                    let rec = generate_recorded(seed, &self.config);
                    let (j, outcomes) = judge_text(&engines, &format!("gen_{seed}.mlir"), &rec.text, self.input_seed);
                    (seed, rec, j, outcomes)
                })
                .collect();
            let mut to_minimize = vec![];
            for (seed, rec, judgement, outcomes) in judged {
                report.programs += 1;
                for ((_, c), o) in report.engines.iter_mut().zip(&outcomes) {
                    match o {
                        Outcome::Ran(_) => c.ran += 1,
                        Outcome::Rejected(_) => c.rejected += 1,
                        Outcome::Crashed(_) => c.crashed += 1,
                        Outcome::Skipped(_) => c.skipped += 1,
                    }
                }
                match judgement {
                    Judgement::Agree { .. } => report.agreements += 1,
                    Judgement::AllSkipped => report.all_skipped += 1,
                    Judgement::Disagree(d) => {
                        let coarse = d.signature();
                        if self.signatures.known.contains_key(&coarse) {
                            *report.known.entry(coarse).or_default() += 1;
                        } else if d.kind != Kind::Differ && claim(&mut seen, &coarse) {
                            // A crash or rejection already found: counted, not minimized again.
                        } else {
                            to_minimize.push((seed, rec, d));
                        }
                    }
                }
            }
            let found: Vec<Option<Finding>> =
                to_minimize.into_par_iter().map(|(seed, rec, d)| self.minimized(&engines, seed, rec, d)).collect();
            for f in found.into_iter().flatten() {
                if f.disagreement.kind == Kind::Differ {
                    if self.signatures.known.contains_key(&f.signature) {
                        *report.known.entry(f.signature.clone()).or_default() += 1;
                        continue;
                    }
                    if claim(&mut seen, &f.signature) {
                        continue;
                    }
                }
                let folder = self.out.join(finding::folder_name(&f.disagreement, &f.program.text, f.seed));
                if let Err(e) = f.write(&folder) {
                    eprintln!("{}: {e}", folder.display());
                }
                report.findings.push(FindingSummary {
                    seed: f.seed,
                    signature: f.signature.clone(),
                    folder,
                    summary: f.disagreement.summary.clone(),
                    ops_before: f.ops_before,
                    ops_after: finding::count_ops(&f.program.text),
                });
            }
            progress(Progress {
                programs: report.programs,
                agreements: report.agreements,
                findings: report.findings.len(),
                known: report.known.values().sum(),
                elapsed: start.elapsed(),
            });
        }
        report.repeats = seen.into_iter().filter(|(_, n)| *n > 1).map(|(s, n)| (s, n - 1)).collect();
        report.notes = engines.iter().filter_map(|e| e.notes()).collect();
        report.elapsed = start.elapsed();
        report.cpu = cpu_time().map(|t| t.saturating_sub(started.cpu));
        report
    }

    /// Minimizes a disagreement (re-running only the two engines involved)
    /// and judges the result again; `None` when the minimized program no
    /// longer disagrees (a flaky engine).
    fn minimized(&self, engines: &[&dyn Engine], seed: u64, rec: Recorded, d: Disagreement) -> Option<Finding> {
        let coarse = d.signature();
        let pair: Vec<&dyn Engine> =
            engines.iter().copied().filter(|e| e.name() == d.reference || e.name() == d.other).collect();
        let pair = if pair.is_empty() { engines.to_vec() } else { pair };
        let mut still = |text: &str| match judge_text(&pair, "candidate.mlir", text, self.input_seed).0 {
            Judgement::Disagree(c) => c.signature() == coarse,
            _ => false,
        };
        let ops_before = finding::count_ops(&rec.text);
        let min = minimize(rec, &self.config, self.budget, &mut still);
        let text = min.program.text;
        let signature = match d.kind {
            Kind::Differ => format!("{coarse}:{}", finding::op_kinds(&text).join(",")),
            Kind::Crash | Kind::Reject => coarse,
        };
        let program = Program::with_random_inputs("program.mlir", &text, self.input_seed).ok()?;
        let outcomes = run_all(&pair, &program);
        let Judgement::Disagree(d) = judge(&pair, &outcomes) else { return None };
        Some(Finding {
            seed,
            command: self.command.clone(),
            signature,
            disagreement: d,
            program,
            engines: pair.iter().map(|e| e.name().to_string()).collect(),
            outcomes,
            ops_before,
            calls: min.calls,
        })
    }
}

/// Records `sig`; true when it was already there (a repeat).
fn claim(seen: &mut BTreeMap<String, usize>, sig: &str) -> bool {
    let n = seen.entry(sig.to_string()).or_default();
    *n += 1;
    *n > 1
}

/// The closing table of a campaign.
pub fn summary_table(r: &Report) -> String {
    let mut s = String::new();
    s.push_str("| engine | ran | rejected | crashed | skipped |\n|---|---|---|---|---|\n");
    for (name, c) in &r.engines {
        s.push_str(&format!("| {name} | {} | {} | {} | {} |\n", c.ran, c.rejected, c.crashed, c.skipped));
    }
    let rate = r.programs as f64 / r.elapsed.as_secs_f64().max(1e-3);
    s.push_str(&format!(
        "\n{} programs in {:.0} s{} ({rate:.2}/s): {} agree, {} skipped by every engine, {} new findings, {} known, {} repeats\n",
        r.programs,
        r.elapsed.as_secs_f64(),
        r.cpu.map_or(String::new(), |c| format!(" ({:.0} CPU-s, engine processes included)", c.as_secs_f64())),
        r.agreements,
        r.all_skipped,
        r.findings.len(),
        r.known.values().sum::<usize>(),
        r.repeats.values().sum::<usize>()
    ));
    for n in &r.notes {
        s.push_str(&format!("{n}\n"));
    }
    for f in &r.findings {
        s.push_str(&format!(
            "finding {} (seed {}, {} -> {} ops): {}\n",
            f.folder.display(),
            f.seed,
            f.ops_before,
            f.ops_after,
            f.summary
        ));
    }
    for (sig, n) in &r.known {
        s.push_str(&format!("known ({n}x): {sig}\n"));
    }
    for (sig, n) in &r.repeats {
        s.push_str(&format!("repeated ({n}x more): {sig}\n"));
    }
    s
}

/// A conformance `Mode` over engines: each case's `@main` runs on every
/// engine (seeded inputs) and passes when they agree, so any suite can be
/// judged differentially by the same runner as the other modes.
pub struct Differential {
    pub engines: Vec<Box<dyn Engine>>,
    pub input_seed: u64,
}

impl crate::Mode for Differential {
    fn judge(&self, file: &crate::SuiteFile, case: &shardref_spec::split::Case) -> crate::Verdict {
        let engines: Vec<&dyn Engine> = self.engines.iter().map(|e| e.as_ref()).collect();
        let program = match Program::with_random_inputs(&file.name, &case.text, self.input_seed) {
            Ok(p) => p,
            Err(e) => return crate::Verdict::Skip(format!("no @main to run: {}", compare::first_line(&e))),
        };
        match judge(&engines, &run_all(&engines, &program)) {
            Judgement::Agree { .. } => crate::Verdict::Pass,
            Judgement::AllSkipped => crate::Verdict::Skip("every engine skipped it".into()),
            Judgement::Disagree(d) => crate::Verdict::Fail(format!("{}: {}", d.signature(), d.summary)),
        }
    }
}
