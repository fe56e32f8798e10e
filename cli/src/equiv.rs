//! `shardref equiv FILE`: partitioned == unpartitioned.
//!
//! Checks each pair (every `@parallel_x` with `@sequential_x`, or its own
//! erased copy when there is none; in a module without `@parallel_x`
//! functions, `@main` against its erased copy, as JAX exports a program; or
//! the `--parallel`/`--sequential` functions named) with
//! `shardref_verifier::equiv`, and prints one line per pair:
//!
//! ```text
//! @parallel_x vs @sequential_x: equal (bitwise, 3 trials)
//! @main vs @main with shardings and collectives erased: equal within tolerance (max abs 6.103516e-05, max ulp 1; sums within their rounding bound, at most 0.71 ulp from the exact value; 3 trials)
//! @parallel_y vs @parallel_y with shardings and collectives erased: differ in trial 0: result 0 at index [2, 1], held by device 3: parallel 5, sequential 7
//! ```
//!
//! Reshards: a module with explicit collectives or manual computations is
//! checked strictly (every reshard must be in the program), one without
//! gets them inserted as upstream's partitioner would
//! (`equiv::default_implicit`); `--strict` and `--insert-reshards` choose
//! explicitly.
//!
//! The program is verified first (`shardref verify`'s rules); a program
//! with verifier errors is reported and not run. Then the static
//! partial-state check (`shardref check`, `shardref_verifier::partial`)
//! runs: a pair whose partitioned function has a finding differs, with the
//! finding as the reason ("differ (static check, whatever the inputs)"),
//! and is not run; `--no-check` skips it.
//!
//! Inputs are `--input` `.npy`/`.npz` files (as for `shardref run`; one
//! trial, and then exactly one pair must be chosen), or `--trials` random
//! draws from `--seed`. Floats compare within tolerance by default: final
//! sums within the rounding bound of their exact value, every element
//! within the rounding bound of both runs propagated through every op
//! (`equiv::bound`), elements behind an op with no rounding rule within the
//! element type's tolerance (`equiv::compare`); `--rtol`/`--atol` add a
//! tolerance of their own (either alone sets the other to 0), and `--exact`
//! asks for bitwise equality.
//!
//! Exit status: 0 when every pair is equal; 1 when a pair differs, the
//! program does not parse, or a run fails (reported at the program's
//! source); 2 for unreadable files.

use std::path::PathBuf;
use std::process::ExitCode;

use shardref_interp::Limits;
use shardref_interp::devices::sharded::ImplicitReshards;
use shardref_spec::diag::{Diagnostic, render};
use shardref_spec::ir::Span;
use shardref_verifier::equiv::{self, Comparison, EquivOptions, Tolerance};

use crate::run::load_input_files;

/// The arguments of `shardref equiv`.
#[derive(clap::Args, Debug)]
pub struct EquivArgs {
    /// The program, an .mlir file with a partitioned (global-view sdy) function.
    pub file: PathBuf,
    /// The partitioned function (default: every @parallel_* function, else @main).
    #[arg(long, value_name = "NAME")]
    pub parallel: Option<String>,
    /// Its unpartitioned twin (default: @sequential_x for @parallel_x, else the
    /// partitioned function with its shardings and collectives erased).
    #[arg(long, value_name = "NAME", requires = "parallel")]
    pub sequential: Option<String>,
    /// An .npy file (one argument) or .npz archive, in argument order; one trial on these inputs.
    #[arg(long = "input", value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
    /// Seed of the random inputs.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Number of random trials.
    #[arg(long, default_value_t = 3)]
    pub trials: usize,
    /// Relative tolerance for float elements, beside the propagated rounding bound (default: none).
    #[arg(long, value_name = "R", conflicts_with = "exact")]
    pub rtol: Option<f64>,
    /// Absolute tolerance for float elements, beside the propagated rounding bound (default: none).
    #[arg(long, value_name = "A", conflicts_with = "exact")]
    pub atol: Option<f64>,
    /// Compare bitwise: no tolerance, no rounding bound.
    #[arg(long)]
    pub exact: bool,
    /// Perform reshards the program leaves implicit (as upstream's partitioner
    /// would insert them) instead of reporting them (default for modules
    /// without explicit collectives or manual computations).
    #[arg(long, conflicts_with = "strict")]
    pub insert_reshards: bool,
    /// Report reshards the program leaves implicit (default for modules with
    /// explicit collectives or manual computations).
    #[arg(long)]
    pub strict: bool,
    /// Skip the static partial-state check (`shardref check`) that runs
    /// before the trials.
    #[arg(long)]
    pub no_check: bool,
    /// Run the partitioned side on global-shaped canvases (the slow,
    /// independent second implementation) instead of on local shards.
    #[arg(long)]
    pub canvas: bool,
    /// The work budget of each run (and each device), in element operations,
    /// or `unlimited` (default 10^11; see `shardref run --fuel`).
    #[arg(long, value_name = "N", value_parser = crate::run::parse_fuel)]
    pub fuel: Option<u64>,
    /// For an MPMD program: the unpartitioned twin is this file's @main (e.g. jax_lowered.mlir).
    #[arg(long, value_name = "FILE")]
    pub twin: Option<PathBuf>,
    /// Read the file as XLA HLO text (implied by a `.hlo` / `.hlo.txt` extension).
    #[arg(long)]
    pub hlo: bool,
    /// For a partitioned HLO module: its unpartitioned program, an .mlir file (its @main, or only
    /// function) or an .hlo module (run as one partition).
    #[arg(long, value_name = "FILE")]
    pub reference: Option<PathBuf>,
    /// For an HLO module: the sharding of a result (XLA's syntax), once per result or one tuple
    /// sharding; default: the entry root's `sharding=`.
    #[arg(long, value_name = "SHARDING")]
    pub result_sharding: Vec<String>,
    /// For an HLO module: the sharding of an entry parameter, once per parameter in order;
    /// default: its `sharding=`.
    #[arg(long, value_name = "SHARDING")]
    pub input_sharding: Vec<String>,
    /// For an HLO module: take the parameters' and results' shardings from the module handed to
    /// XLA before partitioning (its ENTRY parameters' and ROOT's `sharding=`).
    #[arg(long, value_name = "FILE.hlo")]
    pub shardings_from: Option<PathBuf>,
}

/// Runs `shardref equiv`.
pub fn equiv(args: &EquivArgs) -> ExitCode {
    let comparison = match (args.exact, args.rtol, args.atol) {
        (true, _, _) => Comparison::Bitwise,
        (false, None, None) => Comparison::Tolerant(None),
        (false, r, a) => Comparison::Tolerant(Some(Tolerance { rtol: r.unwrap_or(0.0), atol: a.unwrap_or(0.0) })),
    };
    if crate::hlo::is_hlo(&args.file, args.hlo) {
        let Some(reference) = args.reference.as_deref() else {
            eprintln!("error: equiv of an HLO module needs its unpartitioned program: --reference FILE.mlir|FILE.hlo");
            return ExitCode::from(2);
        };
        return crate::hlo::equiv(&crate::hlo::HloEquiv {
            file: &args.file,
            reference,
            reference_entry: None,
            inputs: &args.inputs,
            result_sharding: &args.result_sharding,
            input_sharding: &args.input_sharding,
            shardings_from: args.shardings_from.as_deref(),
            seed: args.seed,
            trials: args.trials,
            comparison,
            fuel: args.fuel,
        });
    }
    if args.reference.is_some()
        || !args.result_sharding.is_empty()
        || !args.input_sharding.is_empty()
        || args.shardings_from.is_some()
    {
        eprintln!(
            "error: --reference, --input-sharding, --result-sharding and --shardings-from are for HLO modules (.hlo)"
        );
        return ExitCode::from(2);
    }
    let (source, m) = match crate::run::load_verified(&args.file) {
        Ok(loaded) => loaded,
        Err(code) => return ExitCode::from(code),
    };
    let fail = |span: Span, message: String| {
        eprint!("{}", render(&source, &[Diagnostic::error(span, message)]));
        ExitCode::from(1)
    };
    // MPMD programs (a function with an #mpmd.topology), see `crate::mpmd`:
    // the function named by --parallel, or `@main`, or else every
    // `@parallel_x` with a topology. Each is paired with --sequential, or
    // with `@sequential_x` when the module has it (mesh tensors stand for
    // their global tensors, so a twin over plain tensors takes the same
    // inputs), or else with itself with its meshes and transfers erased.
    let is_mpmd = |f: &str| shardref_interp::devices::mpmd::is_mpmd(&m, f);
    let names = equiv::func_names(&m);
    let mpmd_entries: Vec<String> = match args.parallel.as_deref() {
        Some(p) if is_mpmd(p) => vec![p.to_string()],
        Some(_) => vec![],
        None if is_mpmd("main") => vec!["main".to_string()],
        None => names.iter().filter(|n| n.starts_with("parallel_") && is_mpmd(n)).cloned().collect(),
    };
    let mut all_equal = true;
    if !mpmd_entries.is_empty() {
        if !args.inputs.is_empty() && mpmd_entries.len() > 1 {
            return fail(
                Span::NONE,
                format!("--input needs one pair, but the module has {}; choose with --parallel", mpmd_entries.len()),
            );
        }
        for entry in &mpmd_entries {
            let given = if args.inputs.is_empty() {
                None
            } else {
                match load_input_files(&args.inputs, &m, entry, &source) {
                    Ok(v) => Some(v),
                    Err(code) => return ExitCode::from(code),
                }
            };
            let mut limits = Limits::default();
            if let Some(f) = args.fuel {
                limits.fuel = f;
            }
            let twin = entry.strip_prefix("parallel_").map(|x| format!("sequential_{x}"));
            let sequential = args.sequential.clone().or(twin.filter(|t| names.contains(t)));
            let req = crate::mpmd::EquivRequest {
                entry,
                twin_file: args.twin.as_deref(),
                sequential: sequential.as_deref(),
                given,
                seed: args.seed,
                trials: args.trials.max(1),
                tol: match (args.rtol, args.atol) {
                    (None, None) => None,
                    (r, a) => Some(Tolerance { rtol: r.unwrap_or(0.0), atol: a.unwrap_or(0.0) }),
                },
                limits,
            };
            all_equal &= crate::mpmd::report(&m, &req);
        }
        // The module's other `@parallel_x` functions, if any, are sdy programs.
        let rest =
            args.parallel.is_none() && names.iter().any(|n| n.starts_with("parallel_") && !mpmd_entries.contains(n));
        if !rest {
            return if all_equal { ExitCode::SUCCESS } else { ExitCode::from(1) };
        }
    }
    let pairs = match equiv::resolve_pairs(&m, args.parallel.as_deref(), args.sequential.as_deref()) {
        Ok(p) => p.into_iter().filter(|p| !mpmd_entries.contains(&p.parallel)).collect::<Vec<_>>(),
        Err(e) => return fail(e.span, e.message),
    };
    let prepared = match equiv::prepare(&m, &pairs) {
        Ok(m) => m,
        Err(e) => return fail(e.span, e.message),
    };
    let given = if args.inputs.is_empty() {
        None
    } else {
        let [pair] = pairs.as_slice() else {
            return fail(
                Span::NONE,
                format!("--input needs one pair, but the module has {}; choose with --parallel", pairs.len()),
            );
        };
        match load_input_files(&args.inputs, &prepared, &pair.parallel, &source) {
            Ok(v) => Some(v),
            Err(code) => return ExitCode::from(code),
        }
    };
    let mut limits = Limits::default();
    if let Some(f) = args.fuel {
        limits.fuel = f;
    }
    let evidence = equiv::partitioned_evidence(&m);
    let implicit = match (args.insert_reshards, args.strict) {
        (true, _) => ImplicitReshards::Insert,
        (false, true) => ImplicitReshards::Error,
        (false, false) => equiv::default_implicit(&m),
    };
    let opts =
        EquivOptions { seed: args.seed, trials: args.trials.max(1), comparison, limits, implicit, canvas: args.canvas };
    // The static partial-state check first: a finding holds whatever the
    // inputs, so a pair whose partitioned function (or a function it calls)
    // has one differs, with the finding as the reason, and is not run.
    let findings = if args.no_check { vec![] } else { shardref_verifier::partial::check(&m) };
    let func_of = |op| {
        shardref_verifier::symbols::enclosing_func(&m, op)
            .and_then(|f| shardref_verifier::attrs::Symbol::of(m.op(f)).sym_name().get())
            .map(|n| String::from_utf8_lossy(n).into_owned())
    };
    for pair in &pairs {
        let twin = if pair.erased {
            let why = pair.note.as_ref().map(|n| format!(" ({n})")).unwrap_or_default();
            format!("@{} with shardings and collectives erased{why}", pair.parallel)
        } else {
            format!("@{}", pair.sequential)
        };
        let mine: Vec<&shardref_verifier::partial::Finding> = findings
            .iter()
            .filter(|f| {
                let owner = func_of(f.op);
                owner.as_deref() == Some(pair.parallel.as_str())
                    || owner.as_ref().is_some_and(|o| !pairs.iter().any(|p| &p.parallel == o || &p.sequential == o))
            })
            .collect();
        if let Some(first) = mine.first() {
            println!(
                "@{} vs {twin}: differ (static check, whatever the inputs): [{}] {}",
                pair.parallel, first.label, first.message
            );
            let diags: Vec<Diagnostic> = mine
                .iter()
                .map(|f| Diagnostic::error(f.span, format!("[{}] {}", f.label, f.message)).with_code(f.label))
                .collect();
            eprint!("{}", render(&source, &diags));
            all_equal = false;
            continue;
        }
        match equiv::equiv(&prepared, pair, given.clone(), &opts) {
            Ok(v) => {
                println!("@{} vs {twin}: {v}", pair.parallel);
                all_equal &= v.is_equal();
            }
            Err(e) => {
                println!("@{} vs {twin}: error", pair.parallel);
                let mut d = Diagnostic::error(e.span, e.message);
                // Say why the run was strict when the module chose it and the
                // strict run refused an op (a reshard, halo or all-reduce missing).
                if let (Some(op), false) = (evidence, args.strict)
                    && implicit == ImplicitReshards::Error
                    && e.refusal.is_some()
                {
                    d = d.with_note(
                        m.op(op).span,
                        format!(
                            "the module claims to be partitioned ('{}'), so its reshards must be explicit; \
                             --insert-reshards inserts them",
                            m.op(op).name.as_str()
                        ),
                    );
                }
                eprint!("{}", render(&source, &[d]));
                all_equal = false;
            }
        }
    }
    if all_equal { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
