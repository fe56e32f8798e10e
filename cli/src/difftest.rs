//! `shardref difftest --engines A,B,... [--seed S] [--time 10m | --count N] --out DIR`:
//! differential testing over generated programs (`shardref_conformance::
//! difftest`), and with `--engines verify` verifier fuzzing against Shardy.
//!
//! External engines (shardy, xla, stablehlo) need a Python with jax 0.10.2
//! (`--python PATH`, else `$SHARDREF_PYTHON`, else `python3`) and the oracle
//! scripts (`--oracles DIR`, else `../shared/oracles` next to the repository
//! when present). An engine that cannot run is reported once and left out;
//! the shardref engines always run.
//!
//! A progress bar (programs, agreements, findings, rate) is drawn on a
//! terminal; otherwise a plain line is printed every 30 seconds. A summary
//! table ends the run. `--program FILE` judges given files instead (no
//! minimization), e.g. to rerun a finding, and `--suite PATH` runs the
//! conformance runner over `.mlir` cases with the engines as its mode.
//!
//! Exit status: 0 when no new finding was made, 1 when one was, 2 for usage
//! errors.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use shardref_conformance::difftest::compare::Judgement;
use shardref_conformance::difftest::minimize::Budget;
use shardref_conformance::difftest::verify::{self, Agreement};
use shardref_conformance::difftest::{
    Campaign, Differential, Limit, Progress, Signatures, judge_text, parse_duration, summary_table,
};
use shardref_conformance::engines::{Engine, Outcome, Python, engines_named};
use shardref_conformance::generator::{GenConfig, generate};

/// The arguments of `shardref difftest`.
#[derive(clap::Args, Debug)]
pub struct DifftestArgs {
    /// Comma-separated engines: global, sharded, insert, shardy, xla, stablehlo; or `verify`.
    #[arg(long, value_name = "LIST")]
    pub engines: String,
    /// The first seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many programs (or mutants with `verify`).
    #[arg(long, conflicts_with = "time")]
    pub count: Option<u64>,
    /// How long to run (e.g. 90s, 10m, 1h).
    #[arg(long)]
    pub time: Option<String>,
    /// How much CPU time to spend, counting the engine processes (e.g. 1h; Linux only).
    #[arg(long, conflicts_with_all = ["time", "count"])]
    pub cpu: Option<String>,
    /// Where finding folders (and the verifier mode's disagreements) are written.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The most ops drawn per program.
    #[arg(long, default_value_t = GenConfig::default().max_ops)]
    pub max_ops: usize,
    /// Comma-separated op kinds to draw from (default: all).
    #[arg(long, value_name = "LIST")]
    pub ops: Option<String>,
    /// Never use sub-axes in shardings.
    #[arg(long)]
    pub no_sub_axes: bool,
    /// The Python with jax 0.10.2 for the external engines.
    #[arg(long, value_name = "PATH")]
    pub python: Option<PathBuf>,
    /// The folder of the oracle scripts (shardy_opt.py, xla_run.py, stablehlo_eval.py).
    #[arg(long, value_name = "DIR")]
    pub oracles: Option<PathBuf>,
    /// Known signatures (default: findings/signatures.tsv of the repository when present).
    #[arg(long, value_name = "FILE")]
    pub signatures: Option<PathBuf>,
    /// Time one minimization may take.
    #[arg(long, default_value = "120s")]
    pub minimize_time: String,
    /// Judge these files instead of generated programs (no minimization).
    #[arg(long, value_name = "FILE")]
    pub program: Vec<PathBuf>,
    /// Judge every case of these files and folders of `.mlir` with the conformance runner
    /// (`N passed, M failed, K skipped`; a case fails when the engines disagree).
    #[arg(long, value_name = "PATH")]
    pub suite: Vec<PathBuf>,
    /// With `verify`: corpus files or folders whose modules are mutated too.
    #[arg(long, value_name = "PATH")]
    pub corpus: Vec<PathBuf>,
    /// With `verify`: how many generated modules are mutated.
    #[arg(long, default_value_t = 200)]
    pub bases: u64,
}

/// The repository root (where this crate was built from).
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
}

/// `--oracles`, else `../shared/oracles` next to the repository (or next to
/// the folder holding it, for worktrees), else next to the current folder.
fn oracles(given: &Option<PathBuf>) -> PathBuf {
    if let Some(p) = given {
        return p.clone();
    }
    let repo = repo();
    let candidates =
        [repo.join("../shared/oracles"), repo.join("../../shared/oracles"), PathBuf::from("../shared/oracles")];
    candidates.iter().find(|p| p.join("shardy_opt.py").is_file()).cloned().unwrap_or_else(|| candidates[0].clone())
}

fn python(args: &DifftestArgs) -> Python {
    let exe = args
        .python
        .clone()
        .or_else(|| std::env::var_os("SHARDREF_PYTHON").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("python3"));
    Python::new(exe, oracles(&args.oracles))
}

fn config(args: &DifftestArgs) -> Result<GenConfig, String> {
    let mut c = GenConfig { max_ops: args.max_ops, sub_axes: !args.no_sub_axes, ..GenConfig::default() };
    if let Some(list) = &args.ops {
        c.ops = GenConfig::parse_ops(list).map_err(|e| format!("--ops: {e}"))?;
    }
    Ok(c)
}

fn limit(args: &DifftestArgs) -> Result<Limit, String> {
    if let Some(t) = &args.cpu {
        if shardref_conformance::difftest::cpu_time().is_none() {
            return Err("--cpu: this system has no /proc/self/stat to read CPU time from; use --time".into());
        }
        return parse_duration(t).map(Limit::Cpu);
    }
    match (&args.time, args.count) {
        (Some(t), _) => parse_duration(t).map(Limit::Time),
        (None, Some(n)) => Ok(Limit::Count(n)),
        (None, None) => Ok(Limit::Count(100)),
    }
}

/// A progress display: a bar on a terminal, a line every 30 s otherwise.
struct Display {
    bar: Option<ProgressBar>,
    last: Mutex<Instant>,
}

impl Display {
    fn new(len: Option<u64>, what: &str) -> Display {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::stderr());
            let template = if len.is_some() {
                format!("{{elapsed}} [{{bar:20}}] {{pos}}/{{len}} {what}: {{msg}}")
            } else {
                format!("{{elapsed}} {{spinner}} {{pos}} {what}: {{msg}}")
            };
            bar.set_style(
                ProgressStyle::with_template(&template)
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar
        });
        Display { bar, last: Mutex::new(Instant::now()) }
    }

    fn show(&self, pos: usize, msg: String) {
        match &self.bar {
            Some(bar) => {
                bar.set_position(pos as u64);
                bar.set_message(msg);
            }
            None => {
                let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
                if last.elapsed() >= Duration::from_secs(30) {
                    *last = Instant::now();
                    eprintln!("{pos}: {msg}");
                }
            }
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Runs `shardref difftest`.
pub fn difftest(args: &DifftestArgs) -> ExitCode {
    match run(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &DifftestArgs) -> Result<ExitCode, String> {
    let py = python(args);
    if args.engines.trim() == "verify" {
        return verify_mode(args, &py);
    }
    let engines = engines_named(&args.engines, &py)?;
    if engines.is_empty() {
        return Err("--engines: no engine named".into());
    }
    for e in &engines {
        if let Err(why) = e.available() {
            eprintln!("engine {} is unavailable and left out: {why}", e.name());
        }
    }
    if !args.program.is_empty() {
        return Ok(judge_files(args, &engines));
    }
    if !args.suite.is_empty() {
        let mode = Differential { engines, input_seed: 0 };
        let summary = shardref_conformance::run_with_progress(&mode, &args.suite, std::io::stderr().is_terminal())?;
        for f in &summary.failures {
            println!("{f}");
        }
        println!("{}", summary.closing_line());
        return Ok(if summary.failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS });
    }
    let out = args.out.clone().ok_or("--out DIR is needed")?;
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let sig_path = args.signatures.clone().unwrap_or_else(|| repo().join("findings/signatures.tsv"));
    let signatures = match std::fs::read_to_string(&sig_path) {
        Ok(t) => Signatures::parse(&t),
        Err(_) if args.signatures.is_none() => Signatures::default(),
        Err(e) => return Err(format!("{}: {e}", sig_path.display())),
    };
    let limit = limit(args)?;
    let budget = Budget { time: parse_duration(&args.minimize_time)?, ..Budget::default() };
    let campaign = Campaign {
        engines,
        config: config(args)?,
        seed: args.seed,
        limit,
        out,
        signatures,
        budget,
        input_seed: 0,
        command: format!(
            "shardref difftest --engines {} --seed {}{}",
            args.engines,
            args.seed,
            if args.no_sub_axes { " --no-sub-axes" } else { "" }
        ),
    };
    if campaign.available().is_empty() {
        return Err("no engine of --engines can run here".into());
    }
    let len = match limit {
        Limit::Count(n) => Some(n),
        Limit::Time(_) | Limit::Cpu(_) => None,
    };
    let display = Display::new(len, "programs");
    let report = campaign.run(&|p: Progress| {
        let rate = p.programs as f64 / p.elapsed.as_secs_f64().max(1e-3);
        display.show(
            p.programs,
            format!("{} agree, {} findings, {} known, {rate:.2} programs/s", p.agreements, p.findings, p.known),
        );
    });
    display.finish();
    print!("{}", summary_table(&report));
    Ok(if report.findings.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `--program FILE...`: the judgement of each file, one line each.
fn judge_files(args: &DifftestArgs, engines: &[Box<dyn Engine>]) -> ExitCode {
    let engines: Vec<&dyn Engine> = engines.iter().map(|e| e.as_ref()).collect();
    let mut all_agree = true;
    for path in &args.program {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        let (j, outcomes) = judge_text(&engines, &path.display().to_string(), &text, 0);
        for (e, o) in engines.iter().zip(&outcomes) {
            match o {
                Outcome::Ran(r) => println!("  {}: ran, {} results", e.name(), r.len()),
                other => println!("  {}: {}: {}", e.name(), other.kind(), other.message().unwrap_or("")),
            }
        }
        match j {
            Judgement::Agree { ran } => println!("{}: agree ({ran} engines ran)", path.display()),
            Judgement::AllSkipped => println!("{}: every engine skipped it", path.display()),
            Judgement::Disagree(d) => {
                all_agree = false;
                println!("{}: {}: {}", path.display(), d.signature(), d.summary);
            }
        }
    }
    if all_agree { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

/// A verdict as one TSV cell.
fn show_verdict(v: &verify::Verdict) -> String {
    match v {
        verify::Verdict::Accept => "accept".to_string(),
        verify::Verdict::Reject(m) => format!("reject: {}", m.replace(['\t', '\n'], " ")),
        verify::Verdict::Crash(m) => format!("crash: {m}"),
    }
}

/// `--engines verify`: mutants of generated and corpus modules, shardref's verifier against Shardy's.
fn verify_mode(args: &DifftestArgs, py: &Python) -> Result<ExitCode, String> {
    py.available().map_err(|e| format!("the verify mode compares with Shardy, which is unavailable: {e}"))?;
    let config = config(args)?;
    let mut bases: Vec<String> = (args.seed..args.seed + args.bases).map(|s| generate(s, &config)).collect();
    let files = shardref_conformance::collect_files(&args.corpus)?;
    for f in files {
        let file = shardref_conformance::SuiteFile::read(&f).map_err(|e| format!("{}: {e}", f.display()))?;
        bases.extend(file.cases().into_iter().map(|c| c.text));
    }
    let limit = limit(args)?;
    let out = args.out.clone().ok_or("--out DIR is needed")?;
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let work = out.join("work");
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    // Modules per Shardy process (bases and mutants alike).
    const BATCH: usize = 250;
    // A base the two verifiers already disagree on unmutated (in practice a corpus case written
    // for a newer Shardy than jaxlib's, or a type of a dialect jaxlib's context does not load)
    // would make most of its mutants disagree for the same reason: such bases are set aside,
    // listed in bases.tsv with both verdicts, and not mutated.
    let bases = {
        let ours: Vec<verify::Verdict> = {
            use rayon::prelude::*;
            bases.par_iter().map(|t| verify::shardref_verdict(t)).collect()
        };
        let mut theirs = vec![];
        for chunk in bases.chunks(BATCH) {
            theirs.extend(verify::shardy_verdicts(py, chunk, &work));
        }
        let mut kept = vec![];
        let mut rows = String::from("base\tshardref\tshardy\n");
        for (i, ((b, o), t)) in bases.into_iter().zip(&ours).zip(&theirs).enumerate() {
            if Agreement::of(o, t).verdicts_agree() {
                kept.push(b);
            } else {
                let name = format!("base_{i}.mlir");
                let _ = std::fs::write(out.join(&name), &b);
                rows.push_str(&format!("{name}\t{}\t{}\n", show_verdict(o), show_verdict(t)));
            }
        }
        std::fs::write(out.join("bases.tsv"), rows).map_err(|e| e.to_string())?;
        let set_aside = theirs.len() - kept.len();
        if set_aside > 0 {
            println!(
                "{set_aside} of {} bases set aside: the two verifiers disagree on them unmutated (see {})",
                theirs.len(),
                out.join("bases.tsv").display()
            );
        }
        if kept.is_empty() {
            return Err("no base on which the two verifiers agree".into());
        }
        kept
    };
    let len = match limit {
        Limit::Count(n) => Some(n),
        Limit::Time(_) | Limit::Cpu(_) => None,
    };
    let display = Display::new(len, "mutants");
    let started = shardref_conformance::difftest::Started::now();
    let start = started.wall;
    let mut counts: std::collections::BTreeMap<Agreement, usize> = Default::default();
    let mut rows = String::from("mutant\tagreement\tshardref\tshardy\n");
    let mut done = 0usize;
    loop {
        let n = limit.next_batch(&started, done as u64, BATCH as u64) as usize;
        if n == 0 {
            break;
        }
        let texts = verify::mutants(&bases, args.seed, done, n);
        let ours: Vec<verify::Verdict> = {
            use rayon::prelude::*;
            texts.par_iter().map(|t| verify::shardref_verdict(t)).collect()
        };
        let theirs = verify::shardy_verdicts(py, &texts, &work);
        for (i, (o, t)) in ours.iter().zip(&theirs).enumerate() {
            let a = Agreement::of(o, t);
            *counts.entry(a).or_default() += 1;
            if a != Agreement::BothAccept && a != Agreement::BothRejectSameMessage {
                let id = done + i;
                let name = format!("mutant_{id}.mlir");
                let _ = std::fs::write(out.join(&name), &texts[i]);
                rows.push_str(&format!("{name}\t{}\t{}\t{}\n", a.name(), show_verdict(o), show_verdict(t)));
            }
        }
        done += n;
        let agree: usize = counts.iter().filter(|(a, _)| a.verdicts_agree()).map(|(_, n)| n).sum();
        display.show(
            done,
            format!("{agree} verdicts agree, {:.1} mutants/s", done as f64 / start.elapsed().as_secs_f64()),
        );
    }
    display.finish();
    let _ = std::fs::remove_dir_all(&work);
    std::fs::write(out.join("disagreements.tsv"), rows).map_err(|e| e.to_string())?;
    let agree: usize = counts.iter().filter(|(a, _)| a.verdicts_agree()).map(|(_, n)| n).sum();
    let same: usize = counts.get(&Agreement::BothRejectSameMessage).copied().unwrap_or(0);
    let both_reject = same + counts.get(&Agreement::BothRejectOtherMessage).copied().unwrap_or(0);
    println!("| outcome | mutants |\n|---|---|");
    for (a, n) in &counts {
        println!("| {} | {n} |", a.name());
    }
    println!(
        "\n{done} mutants of {} modules in {:.0} s: accept/reject agree on {agree} ({:.2}%); first messages agree on {same} of {both_reject} both rejected; disagreements in {}",
        bases.len(),
        start.elapsed().as_secs_f64(),
        100.0 * agree as f64 / done.max(1) as f64,
        out.join("disagreements.tsv").display()
    );
    Ok(if agree == done { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
