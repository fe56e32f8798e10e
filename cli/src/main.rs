//! The `shardref` command line.
//!
//! Conventions follow MLIR tools: diagnostics go to stderr as
//! `file:line:col: error: message` with the source line and a caret; a
//! successful `parse` prints nothing; exit status 1 means the input was
//! rejected or a check failed, 2 means a usage or I/O problem.

mod bench;
mod check;
mod difftest;
mod equiv;
mod generate;
mod hlo;
mod mpmd;
mod rule;
mod run;
mod sharded;
mod verify;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};

use shardref_conformance::{Summary, interpret::Interpret, roundtrip::Roundtrip, verify::Verify};
use shardref_spec::print::{PrintOptions, print_module};
use shardref_spec::split::split_cases;
use shardref_spec::{Source, parse_source};

/// mimalloc rather than the C library's allocator: freed buffers are reused within the process
/// (the fresh inputs of `bench/programs/reduce.mlir` were most of its time with the C library's).
/// Its `no_thp` feature keeps it from asking for transparent huge pages: with them, the first
/// arena's first touch zeroed a whole 2 MiB page during start-up, and since fused groups and
/// zeroed fresh buffers (whose page faults happen inside the parallel kernels) large buffers gain
/// little from them. Measured whole-process (session 11, `perf stat -r 30`, without vs with the
/// feature): dot 9.3 → 7.1 ms, reduce 6.7 → 6.0 ms, ewise 12.5 → 11.3 ms, while unchanged.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "shardref", version, about = "A formal-reference interpreter and verifier for sharded ML programs")]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Worker threads that carry the simulated devices (default: $SHARDREF_THREADS, else the
    /// machine's parallelism). Results never depend on it.
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    threads: Option<u64>,
}

#[derive(Subcommand)]
enum Command {
    /// Parses files; silent on success, located errors on failure.
    Parse {
        files: Vec<PathBuf>,
        /// Read the files as XLA HLO text (implied by a `.hlo` / `.hlo.txt` extension).
        #[arg(long)]
        hlo: bool,
        /// Treat `// -----` lines as separating independent inputs.
        #[arg(long)]
        split_input_file: bool,
    },
    /// Prints a file in canonical form.
    Print {
        file: PathBuf,
        /// Read the files as XLA HLO text (implied by a `.hlo` / `.hlo.txt` extension).
        #[arg(long)]
        hlo: bool,
        /// Print every op in the generic form.
        #[arg(long)]
        generic: bool,
        /// Print locations.
        #[arg(long)]
        debug_info: bool,
        /// Treat `// -----` lines as separating independent inputs.
        #[arg(long)]
        split_input_file: bool,
    },
    /// Verifies files; prints diagnostics, or checks them against `expected-*` directives.
    Verify {
        files: Vec<PathBuf>,
        /// Read the files as XLA HLO text (implied by a `.hlo` / `.hlo.txt` extension).
        #[arg(long)]
        hlo: bool,
        /// Treat `// -----` lines as separating independent inputs.
        #[arg(long)]
        split_input_file: bool,
        /// Check diagnostics against `expected-*` directives, as MLIR's `-verify-diagnostics`.
        #[arg(long)]
        verify_diagnostics: bool,
        /// Print diagnostics as JSON lines on standard output (file, line, column, severity,
        /// label, message), one object per diagnostic and note.
        #[arg(long, conflicts_with = "verify_diagnostics")]
        json: bool,
    },
    /// Checks partial states statically (no inputs): collectives of the wrong kind, partials fed to
    /// ops not linear in them or left uncombined, axes reduced twice, replicas that diverge.
    Check {
        paths: Vec<PathBuf>,
        /// Treat `// -----` lines as separating independent inputs.
        #[arg(long)]
        split_input_file: bool,
        /// Match the findings against `expected-error` directives.
        #[arg(long)]
        verify_diagnostics: bool,
        /// A list of expected findings (`PATH:LINE: [label]` lines); they are not failures.
        #[arg(long, value_name = "FILE")]
        known: Option<PathBuf>,
    },
    /// Runs a conformance suite over files and folders of `.mlir`.
    Conform {
        #[command(subcommand)]
        suite: Suite,
    },
    /// Runs sdy import passes on a file and prints the result, as `sdy_opt` does.
    Opt {
        file: PathBuf,
        /// A pass to run, in order: `NAME` or `NAME=OPTIONS` (e.g. `sdy-import-pipeline=dedup-functions-fully=true`).
        #[arg(long = "pass", value_name = "NAME[=OPTIONS]")]
        passes: Vec<String>,
        /// Treat `// -----` lines as separating independent inputs.
        #[arg(long)]
        split_input_file: bool,
    },
    /// Prints the module with every op's Shardy sharding rule attached (`-sdy-populate-op-sharding-rules`).
    Rule {
        file: PathBuf,
        /// Build the rules for conservative propagation.
        #[arg(long)]
        conservative: bool,
        /// Treat `// -----` lines as separating independent inputs.
        #[arg(long)]
        split_input_file: bool,
    },
    /// Runs a function on .npy/.npz inputs; prints the results or writes them as .npy files.
    Run(run::RunArgs),
    /// Times a function in one process: the median of the computation alone, and a per-op profile.
    Bench(bench::BenchArgs),
    /// Checks that partitioned functions compute what their unpartitioned twins do.
    Equiv(equiv::EquivArgs),
    /// Writes random valid sharded programs (gen_<seed>.mlir) into a directory.
    Gen(generate::GenArgs),
    /// Differential testing: generated programs on several engines, disagreements minimized into findings.
    Difftest(difftest::DifftestArgs),
}

#[derive(Subcommand)]
enum Suite {
    /// Each case parses and print/parse is a fixpoint (parse-failure cases fail where expected).
    Roundtrip { paths: Vec<PathBuf> },
    /// Each case's `@main` runs on the reference interpreter and its checks hold.
    Interpret { paths: Vec<PathBuf> },
    /// Each case verifies cleanly, or as its `expected-*` directives say under `-verify-diagnostics`.
    Verify { paths: Vec<PathBuf> },
    /// Each case's RUN pipeline runs through the passes; its CHECK lines (or `expected-*` directives) must hold.
    Passes { paths: Vec<PathBuf> },
    /// Shardy's op-sharding-rule registry tests: the populate pass, then the case's CHECK lines.
    Rules { paths: Vec<PathBuf> },
    /// Shardy's executable tests: part2's @main with part1's functions on simulated devices, and equiv per pair.
    Executable { paths: Vec<PathBuf> },
    /// XLA HLO text: folders with a MANIFEST.tsv (valid / parse-error / verify-error), folders or files of `.hlo`.
    Hlo { paths: Vec<PathBuf> },
    /// Every valid HLO module runs on its device grid with sample inputs; fails only if execution panics.
    HloRun { paths: Vec<PathBuf> },
    /// MPMD cases (folders with meta.json): each form on its inputs against its outputs, and equiv of the partitioned forms.
    Mpmd { paths: Vec<PathBuf> },
    /// JAX programs (folders with manifest.json, conformance/tests/jax012): every form parsed, verified and
    /// round-tripped, run against XLA's outputs (global, sharded, partitioned HLO), and equiv.
    Jax { paths: Vec<PathBuf> },
}

fn read(path: &PathBuf) -> Result<String, ExitCode> {
    std::fs::read(path).map(|b| String::from_utf8_lossy(&b).into_owned()).map_err(|e| {
        eprintln!("{}: {e}", path.display());
        ExitCode::from(2)
    })
}

/// The inputs of a file: the whole file, or its `// -----` cases.
fn inputs(path: &PathBuf, text: &str, split: bool) -> Vec<Arc<Source>> {
    let name = path.display().to_string();
    if split {
        split_cases(&name, text)
            .into_iter()
            .map(|c| Arc::new(Source { name: name.clone(), text: c.text, first_line: c.first_line }))
            .collect()
    } else {
        vec![Arc::new(Source { name, text: text.to_string(), first_line: 1 })]
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(n) = cli.threads {
        shardref_interp::devices::runtime::set_worker_threads(usize::try_from(n).unwrap_or(usize::MAX));
    }
    match cli.command {
        // An HLO module runs through the HLO driver, which shares `run`'s arguments and output.
        Command::Run(args) if hlo::is_hlo(&args.file, args.hlo) => match hlo::run(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => ExitCode::from(code),
        },
        Command::Run(args) => run::run(&args),
        Command::Bench(args) => bench::bench(&args),
        Command::Equiv(args) => equiv::equiv(&args),
        Command::Check { paths, split_input_file, verify_diagnostics, known } => {
            check::check(&paths, split_input_file, verify_diagnostics, known.as_ref())
        }
        Command::Gen(args) => generate::generate_files(&args),
        Command::Difftest(args) => difftest::difftest(&args),
        Command::Rule { file, conservative, split_input_file } => rule::rule(&file, conservative, split_input_file),
        Command::Verify { files, split_input_file, verify_diagnostics, hlo, json } => {
            let output = match (verify_diagnostics, json) {
                (true, _) => verify::Output::CheckDirectives,
                (false, true) => verify::Output::Json,
                (false, false) => verify::Output::Rendered,
            };
            verify::verify(&files, split_input_file, output, hlo)
        }
        Command::Opt { file, passes, split_input_file } => opt(&file, &passes, split_input_file),
        Command::Parse { files, split_input_file, hlo } => {
            let mut ok = true;
            for f in &files {
                let text = match read(f) {
                    Ok(t) => t,
                    Err(c) => return c,
                };
                let as_hlo = crate::hlo::is_hlo(f, hlo);
                for src in inputs(f, &text, split_input_file && !as_hlo) {
                    let parsed = if as_hlo {
                        shardref_spec::hlo::parse_source(src).map(|_| ())
                    } else {
                        parse_source(src).map(|_| ())
                    };
                    if let Err(report) = parsed {
                        eprintln!("{report}");
                        ok = false;
                    }
                }
            }
            if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
        }
        Command::Print { file, generic, debug_info, split_input_file, hlo } => {
            let text = match read(&file) {
                Ok(t) => t,
                Err(c) => return c,
            };
            if crate::hlo::is_hlo(&file, hlo) {
                let src = Arc::new(Source { name: file.display().to_string(), text, first_line: 1 });
                return match shardref_spec::hlo::parse_source(src) {
                    Ok(m) => {
                        print!("{}", shardref_spec::hlo::print::print(&m));
                        ExitCode::SUCCESS
                    }
                    Err(report) => {
                        eprintln!("{report}");
                        ExitCode::from(1)
                    }
                };
            }
            let mut ok = true;
            let opts = PrintOptions { generic, debug_info };
            for (i, src) in inputs(&file, &text, split_input_file).into_iter().enumerate() {
                if i > 0 {
                    println!("// -----");
                }
                match parse_source(src) {
                    Ok(m) => print!("{}", print_module(&m, opts)),
                    Err(report) => {
                        eprintln!("{report}");
                        ok = false;
                    }
                }
            }
            if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
        }
        Command::Conform { suite } => {
            let (mode, paths): (&dyn shardref_conformance::Mode, _) = match &suite {
                Suite::Roundtrip { paths } => (&Roundtrip, paths),
                Suite::Interpret { paths } => (&Interpret, paths),
                Suite::Verify { paths } => (&Verify, paths),
                Suite::Rules { paths } => (&shardref_conformance::rules::Rules, paths),
                Suite::Executable { paths } => (&shardref_conformance::executable::Executable, paths),
                Suite::Passes { paths } => (&shardref_conformance::passes::Passes, paths),
                Suite::Jax { paths } => (&shardref_conformance::jax::Jax, paths),
                Suite::Hlo { paths } => return conform_hlo(paths),
                Suite::HloRun { paths } => return conform_hlo_run(paths),
                Suite::Mpmd { paths } => return mpmd::conform(paths),
            };
            match shardref_conformance::run_with_progress(mode, paths, std::io::stderr().is_terminal()) {
                Ok(summary) => report(&summary),
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

/// `shardref opt`: parse, verify, then each pass followed by a verification; prints each module.
fn opt(file: &PathBuf, specs: &[String], split: bool) -> ExitCode {
    let mut passes = vec![];
    for spec in specs {
        match shardref_passes::Pass::parse(spec) {
            Ok(p) => passes.push(p),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
    }
    let text = match read(file) {
        Ok(t) => t,
        Err(c) => return c,
    };
    let mut ok = true;
    let mut state = shardref_passes::PassState::default();
    for (i, src) in inputs(file, &text, split).into_iter().enumerate() {
        if i > 0 {
            println!("// -----");
        }
        let run = shardref_conformance::passes::run_pipeline(src.clone(), &passes, &mut state);
        if !run.diagnostics.is_empty() {
            eprintln!("{}", shardref_spec::Report { source: src, diagnostics: run.diagnostics });
        }
        match run.module {
            Some(m) => print!("{}", print_module(&m, PrintOptions::default())),
            None => ok = false,
        }
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

/// `conform hlo`: the manifest-driven HLO suite, with every skip and its cause listed.
fn conform_hlo(paths: &[PathBuf]) -> ExitCode {
    match shardref_conformance::hlo::run(paths) {
        Ok(summary) => {
            for skip in &summary.skips {
                println!("skipped {skip}");
            }
            report(&summary)
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

/// `conform hlo-run`: the execution smoke run, with its outcomes tallied.
fn conform_hlo_run(paths: &[PathBuf]) -> ExitCode {
    match shardref_conformance::hlo::run_execution(paths) {
        Ok((summary, outcomes)) => {
            for (outcome, n) in &outcomes {
                println!("{n:6} {outcome}");
            }
            // Skipped cases, by reason (the case's name is its first clause).
            let mut skips: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
            for s in &summary.skips {
                *skips.entry(s.split_once(": ").map_or(s.as_str(), |(_, r)| r)).or_insert(0) += 1;
            }
            for (reason, n) in &skips {
                println!("{n:6} skipped: {reason}");
            }
            report(&summary)
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

fn report(s: &Summary) -> ExitCode {
    for f in &s.failures {
        println!("{f}");
    }
    println!("{}", s.closing_line());
    if s.failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
