//! `shardref run` and `shardref equiv` on XLA HLO modules (`.hlo` / `.hlo.txt`, or `--hlo`).
//!
//! `run MODULE.hlo --input X.npy ...`: the inputs are *global* arrays, one per entry parameter;
//! each is split per its parameter's `sharding=` over the module's `num_partitions`, every
//! partition runs the entry computation, and the root (each element when it is a tuple) is
//! reassembled per its sharding and printed (or written as `result<i>.npy`), as
//! `shardref_verifier::equiv::hlo` describes. XLA removes the entry root's `sharding=` when it
//! partitions, so `--result-sharding S` gives it (once per result, or one tuple sharding); a
//! result with an uneven dimension also needs its global shape (`--result-shape 6,3`), which is
//! otherwise the local shape times the tiles.
//!
//! `run MODULE.hlo --per-device --input ...`: the inputs are per partition, partition-major
//! (partition 0's arguments, then partition 1's, ...), and each partition's root is printed as
//! `%partition<p>.result<i>` (or written as `partition<p>_result<i>.npy`), without reassembly.
//!
//! `equiv PART.hlo --reference UNPART.mlir|UNPART.hlo`: compares the partitioned module with its
//! unpartitioned program on the same global inputs (`--input`, or `--trials` seeded draws), and
//! prints one line with `equiv`'s verdict: `PART.hlo vs UNPART.mlir: equal (3 trials)`.
//!
//! Exit status as `run` and `equiv`: 0 success / equal, 1 rejected input, run error or
//! difference, 2 unreadable files or usage errors.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use shardref_interp::npy;
use shardref_interp::{Limits, Value};
use shardref_spec::diag::{Diagnostic, Severity};
use shardref_spec::hlo::device_attrs::{self, Sharding as HloSharding};
use shardref_spec::hlo::tok;
use shardref_spec::ir::{Span, TensorType, Type};
use shardref_spec::{Module, Source};
use shardref_verifier::equiv::EquivOptions;
use shardref_verifier::equiv::compare::Comparison;
use shardref_verifier::equiv::hlo::{self as ehlo, GlobalRunError, Reference};

use crate::run::{RunArgs, report};

/// Whether a command's file is HLO text: `--hlo`, a `.hlo` / `.hlo.txt` name, or a file that starts
/// with `HloModule` (XLA's dumps are `*.txt`: `module_0000.jit_f.before_optimizations.txt`).
pub fn is_hlo(path: &Path, flag: bool) -> bool {
    flag || shardref_spec::hlo::is_hlo_path(&path.display().to_string()) || starts_with_hlo_module(path)
}

fn starts_with_hlo_module(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 9];
    std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut head)).is_ok() && &head == b"HloModule"
}

/// Reads, parses and verifies an HLO module; reports and returns the exit status on failure.
pub fn load(path: &Path) -> Result<(Arc<Source>, Module), u8> {
    let bytes = std::fs::read(path).map_err(|e| {
        eprintln!("{}: {e}", path.display());
        2u8
    })?;
    let source = Arc::new(Source {
        name: path.display().to_string(),
        text: String::from_utf8_lossy(&bytes).into_owned(),
        first_line: 1,
    });
    let m = shardref_spec::hlo::parse_source(source.clone()).map_err(|r| {
        eprintln!("{r}");
        1u8
    })?;
    let diags = shardref_verifier::hlo::verify(&m);
    if diags.iter().any(|d| d.severity == Severity::Error) {
        report(&source, &diags);
        return Err(1);
    }
    Ok((source, m))
}

/// Parses `--result-sharding` / `--input-sharding` values (`flag` names the option in messages).
pub fn parse_shardings(flag: &str, texts: &[String]) -> Result<Vec<HloSharding>, String> {
    texts
        .iter()
        .map(|t| {
            let items = tok::reparse(t).ok_or_else(|| format!("{flag} '{t}' is not a sharding"))?;
            device_attrs::sharding(&items).map_err(|e| format!("{flag} '{t}': {e}"))
        })
        .collect()
}

/// The shardings `run` and `equiv` use for a partitioned module's parameters and results: those
/// of `--shardings-from` (read, parsed and verified as an HLO module), overridden by
/// `--input-sharding` / `--result-sharding`. Failures are reported; the exit status is returned.
fn given_shardings(from: Option<&Path>, inputs: &[String], results: &[String]) -> Result<ehlo::Shardings, u8> {
    let usage = |msg: String| {
        eprintln!("error: {msg}");
        2u8
    };
    let inputs = parse_shardings("--input-sharding", inputs).map_err(usage)?;
    let results = parse_shardings("--result-sharding", results).map_err(usage)?;
    let mut out = match from {
        Some(path) => {
            let (source, original) = load(path)?;
            ehlo::Shardings::from_module(&original).map_err(|e| {
                report(&source, &[Diagnostic::error(e.span, e.message)]);
                1u8
            })?
        }
        None => ehlo::Shardings::default(),
    };
    if !inputs.is_empty() {
        out.inputs = inputs;
    }
    if !results.is_empty() {
        out.results = results;
    }
    Ok(out)
}

/// Parses `--result-shape` values (`6,3`; `""` or `scalar` for rank 0).
fn parse_shapes(texts: &[String]) -> Result<Vec<Vec<usize>>, String> {
    texts
        .iter()
        .map(|t| {
            let t = t.trim();
            if t.is_empty() || t == "scalar" {
                return Ok(vec![]);
            }
            t.split(',')
                .map(|d| {
                    d.trim().parse::<usize>().map_err(|_| format!("--result-shape '{t}': expected sizes like 6,3"))
                })
                .collect()
        })
        .collect()
}

/// Reads `.npy`/`.npz` files into tensors, each checked against an element type and rank when given.
fn read_inputs(paths: &[PathBuf], expect: &dyn Fn(usize) -> Option<TensorType>) -> Result<Vec<Value>, (u8, String)> {
    let mut files: Vec<(String, Vec<u8>)> = vec![];
    for path in paths {
        let bytes = std::fs::read(path).map_err(|e| (2, format!("{}: {e}", path.display())))?;
        if npy::is_zip(&bytes) {
            let members = npy::read_npz(&bytes).map_err(|e| (1, format!("{}: {e}", path.display())))?;
            files.extend(members.into_iter().map(|mm| (format!("{}[{}.npy]", path.display(), mm.name), mm.bytes)));
        } else {
            files.push((path.display().to_string(), bytes));
        }
    }
    files
        .iter()
        .enumerate()
        .map(|(i, (label, bytes))| {
            let want = expect(i);
            npy::read_npy(bytes, want.as_ref()).map(Value::Tensor).map_err(|e| (1, format!("input {i} ({label}): {e}")))
        })
        .collect()
}

/// The element type and rank of a type, as an `.npy` expectation (any sizes).
fn any_sizes(t: &Type) -> Option<TensorType> {
    match t {
        Type::Tensor(tt) => {
            let rank = tt.shape.as_ref()?.len();
            Some(TensorType { shape: Some(vec![None; rank]), elem: tt.elem.clone(), encoding: None })
        }
        _ => None,
    }
}

fn limits(fuel: Option<u64>) -> Limits {
    let mut l = Limits::default();
    if let Some(f) = fuel {
        l.fuel = f;
    }
    l
}

/// `shardref run` on an HLO module; the exit status on failure (after the message).
pub fn run(args: &RunArgs) -> Result<(), u8> {
    let (source, m) = load(&args.file)?;
    let fail = |span: Span, message: String| {
        report(&source, &[Diagnostic::error(span, message)]);
        1u8
    };
    let params = ehlo::entry_params(&m).map_err(|e| fail(e.span, e.message))?;
    let n = ehlo::num_partitions(&m);
    let limits = limits(args.fuel);
    if args.per_device {
        let count = params.len() * n;
        let want = |i: usize| {
            params.get(i % params.len().max(1)).and_then(|p| match &p.local {
                Type::Tensor(tt) => Some(tt.clone()),
                _ => None,
            })
        };
        let flat = read_inputs(&args.inputs, &want).map_err(|(c, msg)| {
            eprintln!("{msg}");
            c
        })?;
        if flat.len() != count {
            return Err(fail(
                Span::NONE,
                format!(
                    "--per-device needs {count} inputs ({n} partitions × {} parameters, partition-major), got {}",
                    params.len(),
                    flat.len()
                ),
            ));
        }
        let per: Vec<Vec<Value>> = flat.chunks(params.len().max(1)).map(<[Value]>::to_vec).collect();
        let per = if params.is_empty() { vec![vec![]; n] } else { per };
        let roots = ehlo::run_partitions(&m, per, limits).map_err(|e| fail(e.span, e.to_string()))?;
        for (p, root) in roots.iter().enumerate() {
            let results = match root {
                Value::Tuple(xs) => xs.clone(),
                v => vec![v.clone()],
            };
            emit(args.output_dir.as_deref(), &format!("partition{p}."), &format!("partition{p}_"), &results)?;
        }
        return Ok(());
    }
    let global =
        read_inputs(&args.inputs, &|i| params.get(i).and_then(|p| any_sizes(&p.local))).map_err(|(c, msg)| {
            eprintln!("{msg}");
            c
        })?;
    let shardings = given_shardings(args.shardings_from.as_deref(), &args.input_sharding, &args.result_sharding)?;
    let shapes = parse_shapes(&args.result_shape).map_err(|msg| {
        eprintln!("error: {msg}");
        2u8
    })?;
    let run =
        ehlo::run_global_given(&m, &global, &shardings, (!shapes.is_empty()).then_some(shapes.as_slice()), limits)
            .map_err(|e| match e {
                GlobalRunError::Error(e) => fail(e.span, e.message),
                GlobalRunError::Disagreement { result, index, partitions, values } => {
                    let each: Vec<String> =
                        partitions.iter().zip(&values).map(|(p, v)| format!("partition {p} holds {v}")).collect();
                    fail(
                        Span::NONE,
                        format!("result {result}: replicas of element {index:?} disagree: {}", each.join(", ")),
                    )
                }
            })?;
    emit(args.output_dir.as_deref(), "", "", &run.results)
}

/// Prints results as `%<prefix>result<i> = literal`, or writes `<file_prefix>result<i>.npy` files.
fn emit(dir: Option<&Path>, prefix: &str, file_prefix: &str, results: &[Value]) -> Result<(), u8> {
    match dir {
        Some(dir) => crate::run::write_results_named(dir, file_prefix, results),
        None => {
            for (i, v) in results.iter().enumerate() {
                println!("%{prefix}result{i} = {}", crate::run::literal(v));
            }
            Ok(())
        }
    }
}

/// The arguments of `equiv` that concern HLO modules.
pub struct HloEquiv<'a> {
    pub file: &'a Path,
    pub reference: &'a Path,
    pub reference_entry: Option<&'a str>,
    pub inputs: &'a [PathBuf],
    pub result_sharding: &'a [String],
    pub input_sharding: &'a [String],
    pub shardings_from: Option<&'a Path>,
    pub seed: u64,
    pub trials: usize,
    pub comparison: Comparison,
    pub fuel: Option<u64>,
}

/// `shardref equiv PART.hlo --reference UNPART.mlir|.hlo`.
pub fn equiv(a: &HloEquiv<'_>) -> ExitCode {
    let (source, part) = match load(a.file) {
        Ok(x) => x,
        Err(c) => return ExitCode::from(c),
    };
    let ref_is_hlo = is_hlo(a.reference, false);
    let loaded = if ref_is_hlo { load(a.reference) } else { crate::run::load_verified(a.reference) };
    let (ref_source, ref_module) = match loaded {
        Ok(x) => x,
        Err(c) => return ExitCode::from(c),
    };
    let reference = if ref_is_hlo {
        Reference::Hlo(&ref_module)
    } else {
        match crate::run::choose_entry(&ref_module, a.reference_entry) {
            Ok((func, _)) => Reference::Mlir { m: &ref_module, func },
            Err(msg) => {
                report(&ref_source, &[Diagnostic::error(Span::NONE, msg)]);
                return ExitCode::from(1);
            }
        }
    };
    let shardings = match given_shardings(a.shardings_from, a.input_sharding, a.result_sharding) {
        Ok(s) => s,
        Err(c) => return ExitCode::from(c),
    };
    let given = if a.inputs.is_empty() {
        None
    } else {
        let types = match reference.arg_types() {
            Ok(t) => t,
            Err(e) => {
                report(&ref_source, &[Diagnostic::error(e.span, e.message)]);
                return ExitCode::from(1);
            }
        };
        let want = |i: usize| match types.get(i) {
            Some(Type::Tensor(tt)) => Some(tt.clone()),
            _ => None,
        };
        match read_inputs(a.inputs, &want) {
            Ok(v) => Some(v),
            Err((c, msg)) => {
                eprintln!("{msg}");
                return ExitCode::from(c);
            }
        }
    };
    let opts = EquivOptions {
        seed: a.seed,
        trials: a.trials.max(1),
        comparison: a.comparison,
        limits: limits(a.fuel),
        ..EquivOptions::default()
    };
    let title = format!("{} vs {}", a.file.display(), a.reference.display());
    match ehlo::equiv_hlo(&part, &reference, &shardings, given, &opts) {
        Ok(v) => {
            println!("{title}: {v}");
            if v.is_equal() { ExitCode::SUCCESS } else { ExitCode::from(1) }
        }
        Err(e) => {
            println!("{title}: error");
            // The error is located in whichever module its span belongs to; the reference's
            // errors say "reference run".
            let src = if e.message.starts_with("reference") { &ref_source } else { &source };
            report(src, &[Diagnostic::error(e.span, e.message)]);
            ExitCode::from(1)
        }
    }
}
