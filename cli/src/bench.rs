//! `shardref bench`: times one function of a program in one process.
//!
//! Steps: parse and verify the program and choose the entry function as
//! `shardref run` does, read the `--input` files once (outside every timed
//! region), run the function `--warmup` times untimed, then `--runs` times,
//! timing each call of the interpreter alone (no parsing, input reading or
//! printing), and print the median, minimum and maximum. One more run, with
//! every op timed (`shardref_interp::run_profiled`), gives the per-op profile:
//! op name, executions, total wall time and bytes of operands and results,
//! slowest first. Times inside a region also count in the enclosing op's row.
//! `--no-profile` skips that run (the kernel benchmark, `bench/kernels`, needs
//! only the median, and a slow kernel's profiled run would double its cost).
//!
//! The timed runs' inputs are clones of the ones read (sharing their buffers,
//! as every run of the interpreter does), so each run computes the same thing
//! from the same state; a failing run stops the benchmark with its error.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use shardref_interp::{Limits, OpStats};
use shardref_spec::diag::Diagnostic;

use crate::run::{choose_entry, load_input_files, report};

/// The arguments of `shardref bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// The program, an .mlir file.
    pub file: PathBuf,
    /// The function to run (default: `main`, or the module's only function).
    #[arg(long)]
    pub entry: Option<String>,
    /// An .npy file (one argument) or .npz archive (one argument per member), in argument order.
    #[arg(long = "input", value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
    /// Untimed runs before the timed ones.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub warmup: u32,
    /// Timed runs; the median of their times is the result.
    #[arg(long, default_value_t = 20, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: u32,
    /// Print the median only, without the profiled run and its per-op table.
    #[arg(long)]
    pub no_profile: bool,
}

/// Runs `shardref bench`.
pub fn bench(args: &BenchArgs) -> ExitCode {
    let (source, m) = match crate::run::load_verified(&args.file) {
        Ok(loaded) => loaded,
        Err(code) => return ExitCode::from(code),
    };
    let entry = match choose_entry(&m, args.entry.as_deref()) {
        Ok((name, _)) => name,
        Err(message) => {
            report(&source, &[Diagnostic::error(shardref_spec::ir::Span::NONE, message)]);
            return ExitCode::from(1);
        }
    };
    let inputs = match load_input_files(&args.inputs, &m, &entry, &source) {
        Ok(v) => v,
        Err(code) => return ExitCode::from(code),
    };
    let limits = Limits::default();
    let fail = |e: shardref_interp::InterpError| {
        report(&source, &[e.to_diagnostic()]);
        ExitCode::from(1)
    };
    for _ in 0..args.warmup {
        if let Err(e) = shardref_interp::run(&m, &entry, inputs.clone(), limits) {
            return fail(e);
        }
    }
    let mut times = Vec::with_capacity(args.runs as usize);
    for _ in 0..args.runs {
        let run_inputs = inputs.clone();
        let start = Instant::now();
        let r = shardref_interp::run(&m, &entry, run_inputs, limits);
        let elapsed = start.elapsed();
        // The results are dropped outside the timed region.
        if let Err(e) = r {
            return fail(e);
        }
        times.push(elapsed);
    }
    times.sort();
    let median = median(&times);
    let mut out = format!(
        "@{entry}: median {} over {} runs (min {}, max {}; {} warmup)\n",
        show(median),
        times.len(),
        show(times[0]),
        show(times[times.len() - 1]),
        args.warmup
    );
    if args.no_profile {
        let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), out.as_bytes());
        return ExitCode::SUCCESS;
    }
    let profile = match shardref_interp::run_profiled(&m, &entry, inputs, limits) {
        Ok((_, p)) => p,
        Err(e) => return fail(e),
    };
    out.push_str(&profile_table(&profile));
    // A closed stdout (`| head -1`) is not an error of the benchmark.
    let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), out.as_bytes());
    ExitCode::SUCCESS
}

/// The median of sorted, non-empty `times` (the mean of the middle two for an even count).
fn median(times: &[Duration]) -> Duration {
    let n = times.len();
    if n % 2 == 1 { times[n / 2] } else { (times[n / 2 - 1] + times[n / 2]) / 2 }
}

/// A duration in the unit that shows it best.
fn show(d: Duration) -> String {
    let ns = d.as_nanos();
    if ns >= 1_000_000_000 {
        format!("{:.3} s", d.as_secs_f64())
    } else if ns >= 1_000_000 {
        format!("{:.3} ms", ns as f64 / 1e6)
    } else {
        format!("{:.1} µs", ns as f64 / 1e3)
    }
}

/// The per-op table: one row per op name, slowest first (ties by name).
fn profile_table(profile: &std::collections::BTreeMap<String, OpStats>) -> String {
    let mut rows: Vec<(&String, &OpStats)> = profile.iter().collect();
    rows.sort_by(|a, b| b.1.nanos.cmp(&a.1.nanos).then_with(|| a.0.cmp(b.0)));
    let width = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(2).max(2);
    let mut out = format!("{:<width$}  {:>10}  {:>12}  {:>14}\n", "op", "calls", "total", "bytes");
    for (name, s) in rows {
        let total = Duration::from_nanos(u64::try_from(s.nanos).unwrap_or(u64::MAX));
        out.push_str(&format!("{:<width$}  {:>10}  {:>12}  {:>14}\n", name, s.calls, show(total), s.bytes));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let ms = |v: u64| Duration::from_millis(v);
        assert_eq!(median(&[ms(1), ms(2), ms(9)]), ms(2));
        assert_eq!(median(&[ms(1), ms(3), ms(5), ms(9)]), ms(4));
    }
}
