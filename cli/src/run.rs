//! `shardref run`: runs one function of a program on `.npy`/`.npz` inputs.
//!
//! Steps: parse the program (located errors on failure), verify it (the
//! verifier's diagnostics, exit 1, so the interpreter never meets an
//! ill-typed op), choose the entry
//! function (`--entry`, else `@main`, else the module's only function), read
//! the inputs in order and check them against the function's argument types,
//! run the interpreter, then either print each result as an MLIR literal
//! (`%result0 = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>`, one per
//! line) or write `result0.npy`, `result1.npy`, … into `--output-dir`.
//!
//! Inputs: each `--input` is an `.npy` file, giving one argument, or an `.npz`
//! archive, giving one argument per member in the order `npy::read_npz`
//! documents (archive order, or by number when every member is `argN.npy`).
//! Files are told apart by their first bytes, not their names. Element types
//! and descrs follow the table in `shardref_interp::npy`.
//!
//! Results that are tuples are written element by element as
//! `result0_0.npy`, `result0_1.npy`, … (nested tuples add more suffixes) and
//! printed as `(v, w)`; token results are printed as `!stablehlo.token` and
//! have no file.
//!
//! Exit status: 0 when the run completed and every check held; 1 when the
//! program does not parse or verify, the inputs do not fit it, the interpreter stopped
//! with an error, or a check failed (all reported on stderr, at the program's
//! source where there is a location); 2 for unreadable or unwritable files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use shardref_interp::npy::{self, NpyError};
use shardref_interp::{Limits, Tensor, Value};
use shardref_spec::diag::{Diagnostic, Severity, render};
use shardref_spec::ir::{Attr, DenseData, DenseElements, Module, OpId, Type};
use shardref_spec::{Source, parse_source};

/// The arguments of `shardref run`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// The program, an .mlir file.
    pub file: PathBuf,
    /// The function to run (default: `main`, or the module's only function).
    #[arg(long)]
    pub entry: Option<String>,
    /// An .npy file (one argument) or .npz archive (one argument per member), in argument order.
    #[arg(long = "input", value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
    /// Write result0.npy, result1.npy, … into this folder instead of printing the results.
    #[arg(long, value_name = "DIR")]
    pub output_dir: Option<PathBuf>,
    /// The work budget, in element operations (every op costs the elements it
    /// touches): a number, or `unlimited` (default 100000000000, 10^11).
    #[arg(long, value_name = "N", value_parser = parse_fuel)]
    pub fuel: Option<u64>,
    /// Run a global-view sdy function on the simulated devices of its mesh and
    /// print its global results reassembled from the shards.
    #[arg(long)]
    pub sharded: bool,
    /// With --sharded, or for an MPMD function: print which device holds which block of each result.
    #[arg(long)]
    pub show_sharding: bool,
    /// With --sharded: perform reshards the program leaves implicit instead of reporting them.
    #[arg(long, requires = "sharded")]
    pub insert_reshards: bool,
    /// With --sharded: run every op on global-shaped canvases (the slow,
    /// independent second implementation) instead of on local shards.
    #[arg(long, requires = "sharded")]
    pub canvas: bool,
    /// For an MPMD function (one with an #mpmd.topology): print the per-mesh timeline of its fragments.
    #[arg(long)]
    pub show_schedule: bool,
    /// For an MPMD function: write the timeline as an SVG picture to this file.
    #[arg(long, value_name = "FILE")]
    pub schedule_svg: Option<PathBuf>,
    /// Read the file as XLA HLO text (implied by a `.hlo` / `.hlo.txt` extension).
    #[arg(long)]
    pub hlo: bool,
    /// For an HLO module: the inputs are per partition (partition 0's arguments, then partition
    /// 1's, ...), and each partition's results are printed without reassembly.
    #[arg(long)]
    pub per_device: bool,
    /// For an HLO module: the sharding of a result (XLA's `{devices=[4,1]<=[4]}` syntax), once per
    /// result or one tuple sharding; default: the entry root's `sharding=`.
    #[arg(long, value_name = "SHARDING")]
    pub result_sharding: Vec<String>,
    /// For an HLO module: the sharding of an entry parameter (`{devices=[2,1]<=[2]}` or the mesh
    /// form `{mesh['x'=2], [{'x'}, {}]}`), once per parameter in order; default: its `sharding=`
    /// (which jax 0.12's partitioned modules no longer carry).
    #[arg(long, value_name = "SHARDING")]
    pub input_sharding: Vec<String>,
    /// For an HLO module: take the parameters' and results' shardings from the module handed to
    /// XLA before partitioning (its ENTRY parameters' and ROOT's `sharding=`; e.g. the
    /// `*.before_optimizations.txt` dump); --input-sharding / --result-sharding override them.
    #[arg(long, value_name = "FILE.hlo")]
    pub shardings_from: Option<PathBuf>,
    /// For an HLO module: the global shape of a result (`6,3`), once per result; default: the
    /// local shape times the tiles of its sharding.
    #[arg(long, value_name = "DIMS")]
    pub result_shape: Vec<String>,
}

/// A `--fuel` value: a number of work units, or `unlimited` (`u64::MAX`,
/// which no run can spend).
pub fn parse_fuel(s: &str) -> Result<u64, String> {
    if s == "unlimited" {
        return Ok(u64::MAX);
    }
    s.parse::<u64>().map_err(|_| format!("expected a number of work units or 'unlimited', got '{s}'"))
}

/// Why `run` stopped early: the exit status, after the message has been printed.
struct Stop(u8);

/// Prints an error about a file or the command line, without a source location.
fn io_error(what: &Path, e: impl std::fmt::Display) -> Stop {
    eprintln!("{}: {e}", what.display());
    Stop(2)
}

/// Prints diagnostics against the program's source.
pub(crate) fn report(source: &Source, diags: &[Diagnostic]) {
    eprint!("{}", render(source, diags));
}

/// Runs `shardref run`.
pub fn run(args: &RunArgs) -> ExitCode {
    match run_inner(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop(code)) => ExitCode::from(code),
    }
}

/// Reads, parses and verifies the program file of `run`, `bench` and `equiv`: the verifier runs
/// first, so the interpreter only meets valid programs. Failures are reported as MLIR tools do;
/// the exit code is 2 for an unreadable file and 1 for a rejected program.
pub(crate) fn load_verified(path: &std::path::Path) -> Result<(Arc<Source>, shardref_spec::Module), u8> {
    let bytes = std::fs::read(path).map_err(|e| io_error(path, e).0)?;
    let source = Arc::new(Source {
        name: path.display().to_string(),
        text: String::from_utf8_lossy(&bytes).into_owned(),
        first_line: 1,
    });
    let m = parse_source(source.clone()).map_err(|r| {
        eprintln!("{r}");
        1
    })?;
    let diags = shardref_verifier::verify(&m);
    if diags.iter().any(|d| d.severity == Severity::Error) {
        report(&source, &diags);
        return Err(1);
    }
    Ok((source, m))
}

fn run_inner(args: &RunArgs) -> Result<(), Stop> {
    if args.per_device
        || !args.result_sharding.is_empty()
        || !args.result_shape.is_empty()
        || !args.input_sharding.is_empty()
        || args.shardings_from.is_some()
    {
        eprintln!(
            "error: --per-device, --input-sharding, --result-sharding, --shardings-from and --result-shape are for HLO \
             modules (.hlo)"
        );
        return Err(Stop(2));
    }
    let (source, m) = load_verified(&args.file).map_err(Stop)?;
    let (entry, func) = choose_entry(&m, args.entry.as_deref()).map_err(|message| {
        report(&source, &[Diagnostic::error(shardref_spec::ir::Span::NONE, message)]);
        Stop(1)
    })?;
    let func_span = m.op(func).span;
    let Some(Attr::Type(Type::Function(arg_types, _))) =
        shardref_spec::schema::Func::of(m.op(func)).function_type().raw()
    else {
        report(&source, &[Diagnostic::error(func_span, format!("@{entry} has no function_type"))]);
        return Err(Stop(1));
    };
    let inputs = load_inputs(&args.inputs, &m, func, &entry, arg_types, &source)?;
    let mut limits = Limits::default();
    if let Some(fuel) = args.fuel {
        limits.fuel = fuel;
    }
    if args.sharded {
        return run_sharded(args, &m, &entry, inputs, limits, &source);
    }
    if shardref_interp::devices::mpmd::is_mpmd(&m, &entry) {
        let globals = crate::mpmd::run(
            &m,
            &entry,
            inputs,
            limits,
            (args.show_schedule, args.show_sharding, args.schedule_svg.as_deref()),
            &source,
        )
        .map_err(Stop)?;
        return match &args.output_dir {
            Some(dir) => write_results(dir, &globals),
            None => {
                for (i, v) in globals.iter().enumerate() {
                    println!("%result{i} = {}", literal(v));
                }
                Ok(())
            }
        };
    }
    let outcome = shardref_interp::run(&m, &entry, inputs, limits).map_err(|e| {
        report(&source, &[e.to_diagnostic()]);
        Stop(1)
    })?;
    for line in &outcome.printed {
        println!("{line}");
    }
    match &args.output_dir {
        Some(dir) => write_results(dir, &outcome.results)?,
        None => {
            for (i, v) in outcome.results.iter().enumerate() {
                println!("%result{i} = {}", literal(v));
            }
        }
    }
    if !outcome.check_failures.is_empty() {
        let diags: Vec<Diagnostic> = outcome
            .check_failures
            .iter()
            .map(|f| Diagnostic::error(f.span, format!("check failed: {}", f.message)))
            .collect();
        report(&source, &diags);
        return Err(Stop(1));
    }
    Ok(())
}

/// The function to run: the one named, else `main`, else the only one
/// (`shardref_verifier::equiv::choose_entry`, which the Python package shares).
pub(crate) fn choose_entry(m: &Module, named: Option<&str>) -> Result<(String, OpId), String> {
    shardref_verifier::equiv::choose_entry(m, named).map_err(|e| e.message("--entry"))
}

/// One argument's worth of input: where it came from, and its `.npy` bytes.
struct InputFile {
    label: String,
    bytes: Vec<u8>,
}

/// `--sharded`: runs on the simulated devices and prints the reassembled results (see `crate::sharded`).
fn run_sharded(
    args: &RunArgs,
    m: &Module,
    entry: &str,
    inputs: Vec<Value>,
    limits: Limits,
    source: &Source,
) -> Result<(), Stop> {
    use shardref_interp::devices::sharded::{ImplicitReshards, ShardedInputs, ShardedOptions};
    let implicit = if args.insert_reshards { ImplicitReshards::Insert } else { ImplicitReshards::Error };
    let opts = ShardedOptions { limits, implicit, canvas: args.canvas };
    let results = shardref_interp::devices::sharded::run_sharded(m, entry, ShardedInputs::Global(inputs), &opts)
        .map_err(|e| {
            report(source, &[e.to_diagnostic()]);
            Stop(1)
        })?;
    let mut globals = Vec::with_capacity(results.len());
    for (i, r) in results.iter().enumerate() {
        if args.show_sharding {
            print!("{}", crate::sharded::sharding_grid(i, r));
        }
        globals.push(crate::sharded::reassemble(i, r).map_err(|message| {
            report(
                source,
                &[Diagnostic::error(
                    m.lookup_symbol(entry).map_or(shardref_spec::ir::Span::NONE, |f| m.op(f).span),
                    message,
                )],
            );
            Stop(1)
        })?);
    }
    match &args.output_dir {
        Some(dir) => write_results(dir, &globals),
        None => {
            for (i, v) in globals.iter().enumerate() {
                println!("%result{i} = {}", literal(v));
            }
            Ok(())
        }
    }
}

/// Reads `.npy`/`.npz` files as the arguments of function `entry` (as `run` does).
/// On failure the message has been printed; returns the exit status.
pub(crate) fn load_input_files(paths: &[PathBuf], m: &Module, entry: &str, source: &Source) -> Result<Vec<Value>, u8> {
    let Some((_, func)) = shardref_verifier::equiv::functions(m).into_iter().find(|(n, _)| n == entry) else {
        report(source, &[Diagnostic::error(shardref_spec::ir::Span::NONE, format!("no function @{entry}"))]);
        return Err(1);
    };
    let Some(Attr::Type(Type::Function(arg_types, _))) =
        shardref_spec::schema::Func::of(m.op(func)).function_type().raw()
    else {
        report(source, &[Diagnostic::error(m.op(func).span, format!("@{entry} has no function_type"))]);
        return Err(1);
    };
    load_inputs(paths, m, func, entry, arg_types, source).map_err(|Stop(c)| c)
}

/// Reads the `--input` files and turns them into the entry's arguments.
fn load_inputs(
    paths: &[PathBuf],
    m: &Module,
    func: OpId,
    entry: &str,
    arg_types: &[Type],
    source: &Source,
) -> Result<Vec<Value>, Stop> {
    let func_span = m.op(func).span;
    let fail = |span, message: String| {
        report(source, &[Diagnostic::error(span, message)]);
        Stop(1)
    };
    let mut files = Vec::new();
    for path in paths {
        let bytes = std::fs::read(path).map_err(|e| io_error(path, e))?;
        if npy::is_zip(&bytes) {
            let members = npy::read_npz(&bytes).map_err(|e| fail(func_span, format!("{}: {e}", path.display())))?;
            files.extend(
                members
                    .into_iter()
                    .map(|mm| InputFile { label: format!("{}[{}.npy]", path.display(), mm.name), bytes: mm.bytes }),
            );
        } else {
            files.push(InputFile { label: path.display().to_string(), bytes });
        }
    }
    if files.len() != arg_types.len() {
        let given: Vec<&str> = files.iter().map(|f| f.label.as_str()).collect();
        let given = if given.is_empty() { "none".to_string() } else { given.join(", ") };
        return Err(fail(
            func_span,
            format!(
                "@{entry} takes {} argument(s), but the inputs give {} (from: {given})",
                arg_types.len(),
                files.len()
            ),
        ));
    }
    // Point at the argument itself when the parser recorded where it is.
    let arg_spans: Vec<_> = match m.op(func).regions.first().and_then(|&r| m.region(r).blocks.first()) {
        Some(&b) => m.block(b).args.iter().map(|&a| m.values[a.index()].span).collect(),
        None => vec![],
    };
    let mut values = Vec::with_capacity(files.len());
    for (i, (f, ty)) in files.iter().zip(arg_types).enumerate() {
        let span = arg_spans.get(i).copied().filter(|s| !s.is_none()).unwrap_or(func_span);
        // A mesh tensor takes its global tensor (laid out on its mesh by the MPMD run).
        let tt = match ty {
            Type::MeshTensor(mt) => &mt.tensor,
            Type::Tensor(tt) => tt,
            _ => {
                return Err(fail(
                    span,
                    format!("argument {i} of @{entry} has type {ty}, which an .npy file cannot give ({})", f.label),
                ));
            }
        };
        let t = npy::read_npy(&f.bytes, Some(tt)).map_err(|e| {
            let message = match &e {
                NpyError::Mismatch { .. } => format!("argument {i} ({}): {e}", f.label),
                _ => format!("argument {i} ({}, for {ty}): {e}", f.label),
            };
            fail(span, message)
        })?;
        values.push(Value::Tensor(t));
    }
    Ok(values)
}

/// A tensor as an MLIR `dense<...> : tensor<...>` literal.
fn dense_literal(t: &Tensor) -> String {
    let d =
        DenseElements { ty: Type::Tensor(t.ty()), data: DenseData::Elements(t.buf.to_le_bytes().into()), hex: false };
    let mut s = String::new();
    let _ = shardref_spec::print::write_dense(&mut s, &d);
    s
}

/// A result value as MLIR text.
pub(crate) fn literal(v: &Value) -> String {
    match v {
        Value::Tensor(t) => dense_literal(t),
        Value::Tuple(items) => {
            let mut s = String::from("(");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                let _ = write!(s, "{}", literal(item));
            }
            s.push(')');
            s
        }
        Value::Token => "!stablehlo.token".into(),
        // A future prints as the value it holds (the operation has run).
        Value::Future(inner) => literal(inner),
    }
}

/// Writes results as `.npy` files named `<prefix>result<i>.npy`; returns the exit status on failure.
pub(crate) fn write_results_named(dir: &Path, prefix: &str, results: &[Value]) -> Result<(), u8> {
    std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e).0)?;
    results
        .iter()
        .enumerate()
        .try_for_each(|(i, v)| write_one(dir, &format!("{prefix}result{i}"), v))
        .map_err(|Stop(c)| c)
}

/// Writes results as `.npy` files named after their position.
fn write_results(dir: &Path, results: &[Value]) -> Result<(), Stop> {
    write_results_named(dir, "", results).map_err(Stop)
}

/// Writes one result (a tuple element by element, `_0`, `_1`, … added to the stem).
fn write_one(dir: &Path, stem: &str, v: &Value) -> Result<(), Stop> {
    match v {
        Value::Tensor(t) => {
            let path = dir.join(format!("{stem}.npy"));
            std::fs::write(&path, npy::write_npy(t)).map_err(|e| io_error(&path, e))
        }
        Value::Tuple(items) => {
            items.iter().enumerate().try_for_each(|(j, item)| write_one(dir, &format!("{stem}_{j}"), item))
        }
        Value::Token => Ok(()),
        // A future is written as the value it holds (the operation has run).
        Value::Future(inner) => write_one(dir, stem, inner),
    }
}
