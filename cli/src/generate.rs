//! `shardref gen --seed S --count N --out DIR [--max-ops K] [--ops LIST]`:
//! writes N generated sharded programs (`gen_<seed>.mlir` for seeds S to
//! S+N-1) into DIR.
//!
//! The files are exactly `shardref_conformance::generator::generate` of
//! each seed, so the same command always writes the same files.
//!
//! With `--check`, each program is also checked (`generator::check`) and a
//! tally is printed.
//!
//! Exit status: 0 on success (every program passing with `--check`); 1 when
//! a checked program fails; 2 for an unknown op kind or an unwritable
//! directory.

use std::path::PathBuf;
use std::process::ExitCode;

use rayon::prelude::*;
use shardref_conformance::generator::check::{CheckResult, Stage, check};
use shardref_conformance::generator::{GenConfig, generate};

/// The arguments of `shardref gen`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    /// The first seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many programs to write.
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// The directory to write into (created when missing).
    #[arg(long)]
    pub out: PathBuf,
    /// The most ops drawn per program.
    #[arg(long, default_value_t = GenConfig::default().max_ops)]
    pub max_ops: usize,
    /// Comma-separated op kinds to draw from (default: all).
    #[arg(long, value_name = "LIST")]
    pub ops: Option<String>,
    /// Never use sub-axes in shardings.
    #[arg(long)]
    pub no_sub_axes: bool,
    /// Also check each program (parse, verify, run globally, run sharded
    /// inserting reshards and compare) and print the failures and a tally.
    #[arg(long)]
    pub check: bool,
}

/// Runs `shardref gen`.
pub fn generate_files(args: &GenArgs) -> ExitCode {
    let mut config = GenConfig { max_ops: args.max_ops, sub_axes: !args.no_sub_axes, ..GenConfig::default() };
    if let Some(list) = &args.ops {
        match GenConfig::parse_ops(list) {
            Ok(ops) => config.ops = ops,
            Err(e) => {
                eprintln!("--ops: {e}");
                return ExitCode::from(2);
            }
        }
    }
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("{}: {e}", args.out.display());
        return ExitCode::from(2);
    }
    let seeds: Vec<u64> = (args.seed..args.seed.saturating_add(args.count)).collect();
    for &seed in &seeds {
        let path = args.out.join(format!("gen_{seed}.mlir"));
        if let Err(e) = std::fs::write(&path, generate(seed, &config)) {
            eprintln!("{}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    if !args.check {
        return ExitCode::SUCCESS;
    }
    // Checks run in parallel; the report is in seed order.
    let outcomes: Vec<CheckResult> = seeds
        .par_iter()
        .map(|&seed| {
            let path = args.out.join(format!("gen_{seed}.mlir"));
            check(&path.display().to_string(), &generate(seed, &config), Stage::RunSharded)
        })
        .collect();
    // passed[k]: how many modules passed stage k.
    let stages = [Stage::Parse, Stage::Verify, Stage::RunGlobal, Stage::RunSharded];
    let mut passed = [0usize; 4];
    for (seed, o) in seeds.iter().zip(&outcomes) {
        let reached = match o {
            Ok(()) => stages.len(),
            Err((stage, msg)) => {
                let first = msg.lines().next().unwrap_or("");
                println!("gen_{seed}.mlir: {stage:?}: {first}");
                stages.iter().position(|s| s == stage).unwrap_or(0)
            }
        };
        for p in passed.iter_mut().take(reached) {
            *p += 1;
        }
    }
    println!(
        "{} modules: {} parse, {} verify, {} run globally, {} run sharded (inserting reshards) equal to global",
        seeds.len(),
        passed[0],
        passed[1],
        passed[2],
        passed[3]
    );
    if passed[3] == seeds.len() { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
