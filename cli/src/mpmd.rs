//! MPMD programs on the command line (issue #10): `shardref run` of a
//! function with an `#mpmd.topology` (with `--show-schedule`), `shardref
//! equiv` of an MPMD program against its unpartitioned twin, and `shardref
//! conform mpmd` over the mpmd-jax corpus layout.
//!
//! `run`: `--show-schedule` prints the per-mesh timeline, `--schedule-svg
//! FILE` draws it, `--show-sharding` prints each mesh result's blocks with
//! the global device ids holding them. Mesh-tensor arguments take global `.npy`/`.npz` inputs, laid out
//! per their types on their meshes (`shardref_interp::devices::mpmd`); the
//! results print (or are written) as global values, as for sdy programs.
//!
//! `equiv`: the partitioned run of the entry function (default `@main`) is
//! compared with its twin, run on the reference interpreter: `--twin FILE`
//! (that file's `@main`, e.g. `jax_lowered.mlir`), `--sequential NAME` (a
//! function of the same file), or by default the entry function itself
//! with its meshes and transfers erased (the global reading of the mpmd
//! ops). Inputs, trials and tolerances are those of sdy `equiv`; a
//! difference names the first differing result element, the mesh and the
//! global device ids holding it.
//!
//! `conform mpmd PATH...`: a case is a folder with `meta.json` (a PATH is a
//! case or a folder of cases). Per case, each of `jax_lowered.mlir`,
//! `import.mlir` and `mpmd.mlir` runs on the case's inputs and must
//! reproduce `output_*.npy` within `meta.json`'s tolerance; then the two
//! partitioned forms are `equiv` to `jax_lowered.mlir` on the case's inputs
//! and on two random trials (with that tolerance). Five cases per folder;
//! bfloat16 arrays, stored as uint16 bit patterns, are read as bfloat16.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use shardref_interp::devices::mpmd::{self, MpmdOptions, MpmdOutcome, MpmdValue};
use shardref_interp::npy;
use shardref_interp::value::Repr;
use shardref_interp::{Buffer, Limits, Tensor, Value};
use shardref_spec::diag::{Diagnostic, Severity, render};
use shardref_spec::ir::{Attr, ElemType, Module, Span, Type};
use shardref_spec::{Source, parse_source};
use shardref_verifier::equiv::compare::{self, Tolerance};
use shardref_verifier::equiv::inputs;

/// Parses and verifies a program file; the message (rendered diagnostics) on failure.
pub fn load(path: &Path) -> Result<(Module, Arc<Source>), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let source = Arc::new(Source {
        name: path.display().to_string(),
        text: String::from_utf8_lossy(&bytes).into_owned(),
        first_line: 1,
    });
    let m = parse_source(source.clone()).map_err(|r| r.to_string())?;
    let diags = shardref_verifier::verify(&m);
    if diags.iter().any(|d| d.severity == Severity::Error) {
        return Err(render(&source, &diags));
    }
    Ok((m, source))
}

/// The argument and result types of function `name`, mesh tensors read as their global tensors.
pub fn global_signature(m: &Module, name: &str) -> Option<(Vec<Type>, Vec<Type>)> {
    let f = m.lookup_symbol(name)?;
    let Some(Attr::Type(Type::Function(a, r))) = shardref_spec::schema::Func::of(m.op(f)).function_type().raw() else {
        return None;
    };
    let g = |ts: &[Type]| {
        ts.iter()
            .map(|t| match t {
                Type::MeshTensor(mt) => Type::Tensor(mt.tensor.clone()),
                t => t.clone(),
            })
            .collect()
    };
    Some((g(a), g(r)))
}

/// Runs `entry`: the MPMD driver when it has a topology, else the reference interpreter.
pub fn run_any(
    m: &Module,
    entry: &str,
    args: Vec<Value>,
    limits: Limits,
) -> Result<RunResult, shardref_interp::InterpError> {
    if mpmd::is_mpmd(m, entry) {
        Ok(RunResult::Mpmd(mpmd::run_mpmd(m, entry, args, &MpmdOptions { limits })?))
    } else {
        Ok(RunResult::Global(shardref_interp::run(m, entry, args, limits)?.results))
    }
}

/// The results of `run_any`.
pub enum RunResult {
    Mpmd(MpmdOutcome),
    Global(Vec<Value>),
}

impl RunResult {
    /// Result `i` as a (possibly mesh) value.
    fn values(&self) -> Vec<MpmdValue> {
        match self {
            RunResult::Mpmd(o) => o.results.clone(),
            RunResult::Global(v) => v.iter().cloned().map(MpmdValue::Global).collect(),
        }
    }
}

/// `shardref run` of an MPMD function: prints the schedule when asked, then the global results.
pub fn run(
    m: &Module,
    entry: &str,
    args: Vec<Value>,
    limits: Limits,
    (show_schedule, show_sharding, svg): (bool, bool, Option<&Path>),
    source: &Source,
) -> Result<Vec<Value>, u8> {
    let out = mpmd::run_mpmd(m, entry, args, &MpmdOptions { limits }).map_err(|e| {
        eprint!("{}", render(source, &[e.to_diagnostic()]));
        1u8
    })?;
    if show_schedule {
        print!("{}", mpmd::schedule_text(&out));
    }
    if let Some(path) = svg {
        std::fs::write(path, mpmd::schedule_svg(&out)).map_err(|e| {
            eprintln!("{}: {e}", path.display());
            2u8
        })?;
    }
    let mut globals = vec![];
    for (i, v) in out.results.iter().enumerate() {
        if let (true, MpmdValue::Mesh(mv)) = (show_sharding, v) {
            print!("{}", crate::sharded::sharding_grid(i, &mv.value));
        }
        match v.global() {
            Ok(g) => globals.push(g),
            Err(e) => {
                let at = m.lookup_symbol(entry).map_or(Span::NONE, |f| m.op(f).span);
                eprint!("{}", render(source, &[Diagnostic::error(at, format!("result {i}: {e:?}"))]));
                return Err(1);
            }
        }
    }
    Ok(globals)
}

/// Reinterprets `t` as element type `want` when they differ only in name
/// (a bfloat16 array stored as its uint16 bit pattern).
fn retype(t: Tensor, want: &ElemType) -> Tensor {
    if &t.elem == want || t.elem.storage_bytes() != want.storage_bytes() {
        return t;
    }
    match Repr::of(want) {
        Some(r) => Tensor::new(t.shape.clone(), want.clone(), Buffer::from_le_bytes(r, &t.buf.to_le_bytes())),
        None => t,
    }
}

fn read_tensor(path: &Path, want: Option<&Type>) -> Result<Tensor, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let t = npy::read_npy(&bytes, None).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(match want {
        Some(Type::Tensor(tt)) => retype(t, &tt.elem),
        _ => t,
    })
}

/// The first difference between a run's results and expected values, as a sentence.
fn first_mismatch(
    got: &[MpmdValue],
    want: &[Value],
    tol: &[Option<Tolerance>],
    what: &str,
) -> Result<Option<String>, String> {
    if got.len() != want.len() {
        return Ok(Some(format!("{} results vs {} expected", got.len(), want.len())));
    }
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let gv = g.global().map_err(|e| format!("result {i}: {e:?}"))?;
        let (Value::Tensor(gt), Value::Tensor(wt)) = (&gv, w) else {
            return Err(format!("result {i} is not a tensor"));
        };
        if compare::shape_mismatch(gt, wt) {
            return Ok(Some(format!("result {i}: {} vs {} ({what})", Type::Tensor(gt.ty()), Type::Tensor(wt.ty()))));
        }
        if let Some(k) = compare::first_difference(gt, wt, tol.get(i).copied().flatten()) {
            let index = shardref_interp::check::index_of(&gt.shape, k);
            let (mesh, devices) = g.holders(&index);
            let place = match mesh {
                Some(mname) => format!(
                    ", on mesh \"{mname}\", held by device{} {}",
                    if devices.len() == 1 { "" } else { "s" },
                    devices.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
                ),
                None => String::new(),
            };
            return Ok(Some(format!(
                "result {i} at index {index:?}{place}: partitioned {}, {what} {}",
                compare::element_string(gt, k),
                compare::element_string(wt, k)
            )));
        }
    }
    Ok(None)
}

/// The arguments of `shardref equiv` that MPMD programs use.
pub struct EquivRequest<'a> {
    pub entry: &'a str,
    pub twin_file: Option<&'a Path>,
    pub sequential: Option<&'a str>,
    pub given: Option<Vec<Value>>,
    pub seed: u64,
    pub trials: usize,
    pub tol: Option<Tolerance>,
    pub limits: Limits,
}

/// Compares an MPMD program with its twin; `Ok(None)` when equal, else the verdict text.
pub fn equiv_verdict(m: &Module, req: &EquivRequest<'_>) -> Result<(String, Option<String>), String> {
    let twin_owned;
    let (twin_m, twin_name, label): (&Module, String, String) = match (req.twin_file, req.sequential) {
        (Some(p), _) => {
            twin_owned = load(p)?.0;
            (&twin_owned, "main".to_string(), format!("{}", p.display()))
        }
        (None, Some(s)) => (m, s.to_string(), format!("@{s}")),
        (None, None) => (m, req.entry.to_string(), format!("@{} with meshes and transfers erased", req.entry)),
    };
    let label = format!("@{} vs {label}", req.entry);
    let (p_args, _) = global_signature(m, req.entry).ok_or_else(|| format!("no function @{}", req.entry))?;
    let (s_args, _) = global_signature(twin_m, &twin_name).ok_or_else(|| format!("no function @{twin_name}"))?;
    if p_args != s_args {
        return Ok((label, Some("the two functions take different arguments".into())));
    }
    let trials: Vec<(Option<usize>, Vec<Value>)> = match &req.given {
        Some(v) => vec![(None, v.clone())],
        None => (0..req.trials.max(1))
            .map(|t| {
                let mut rng = inputs::trial_rng(req.seed, t as u64);
                inputs::random_inputs(&p_args, &mut rng).map(|v| (Some(t), v))
            })
            .collect::<Result<_, _>>()?,
    };
    let count = trials.len();
    for (trial, args) in trials {
        let par = mpmd::run_mpmd(m, req.entry, args.clone(), &MpmdOptions { limits: req.limits })
            .map_err(|e| render_err(m, &e))?;
        let seq = shardref_interp::run(twin_m, &twin_name, args, req.limits).map_err(|e| render_err(twin_m, &e))?;
        let tols = vec![req.tol; seq.results.len()];
        if let Some(d) = first_mismatch(&par.results, &seq.results, &tols, "unpartitioned")? {
            let when = trial.map_or_else(|| "on the given inputs".to_string(), |t| format!("in trial {t}"));
            return Ok((label, Some(format!("differ {when}: {d}"))));
        }
    }
    Ok((format!("{label}: equal ({count} trial{})", if count == 1 { "" } else { "s" }), None))
}

fn render_err(m: &Module, e: &shardref_interp::InterpError) -> String {
    match &m.source {
        Some(src) => render(src, &[e.to_diagnostic()]),
        None => e.to_string(),
    }
}

/// `shardref equiv` of one MPMD pair: prints one line (an error on stderr); whether equal.
pub fn report(m: &Module, req: &EquivRequest<'_>) -> bool {
    match equiv_verdict(m, req) {
        Ok((line, None)) => {
            println!("{line}");
            true
        }
        Ok((label, Some(v))) => {
            println!("{label}: {v}");
            false
        }
        Err(e) => {
            eprint!("{e}");
            if !e.ends_with('\n') {
                eprintln!();
            }
            false
        }
    }
}

/// One case folder's facts from `meta.json`.
struct Meta {
    /// (file, @main argument) per input; inputs JAX dropped have no argument.
    inputs: Vec<(String, Option<usize>)>,
    /// (file, tolerance) per output, in @main result order.
    outputs: Vec<(String, Option<Tolerance>)>,
}

fn read_meta(dir: &Path) -> Result<Meta, String> {
    let text = std::fs::read_to_string(dir.join("meta.json")).map_err(|e| format!("meta.json: {e}"))?;
    let j: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("meta.json: {e}"))?;
    let list = |k: &str| j.get(k).and_then(|v| v.as_array()).cloned().unwrap_or_default();
    let mut inputs = vec![];
    for i in list("inputs") {
        let file = i.get("file").and_then(|f| f.as_str()).ok_or("meta.json: an input without a file")?;
        let arg = i.get("main_arg").and_then(|a| a.as_u64()).map(|a| a as usize);
        inputs.push((file.to_string(), arg));
    }
    let mut outputs = vec![];
    for o in list("outputs") {
        let file = o.get("file").and_then(|f| f.as_str()).ok_or("meta.json: an output without a file")?;
        let tol = match o.get("tolerance") {
            Some(serde_json::Value::Object(t)) => Some(Tolerance {
                rtol: t.get("rtol").and_then(|x| x.as_f64()).unwrap_or(0.0),
                atol: t.get("atol").and_then(|x| x.as_f64()).unwrap_or(0.0),
            }),
            _ => None,
        };
        outputs.push((file.to_string(), tol));
    }
    Ok(Meta { inputs, outputs })
}

/// The case folders under `paths`, sorted.
fn case_dirs(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = vec![];
    for p in paths {
        if p.join("meta.json").is_file() {
            out.push(p.clone());
            continue;
        }
        let rd = std::fs::read_dir(p).map_err(|e| format!("{}: {e}", p.display()))?;
        let mut dirs: Vec<PathBuf> =
            rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|d| d.join("meta.json").is_file()).collect();
        dirs.sort();
        out.extend(dirs);
    }
    Ok(out)
}

const FORMS: [&str; 3] = ["jax_lowered.mlir", "import.mlir", "mpmd.mlir"];

/// The arguments of `@main` of `m` from the case's input files.
fn case_args(dir: &Path, meta: &Meta, m: &Module) -> Result<Vec<Value>, String> {
    let (arg_types, _) = global_signature(m, "main").ok_or("no @main")?;
    let mut args: Vec<Option<Value>> = vec![None; arg_types.len()];
    for (file, arg) in &meta.inputs {
        let Some(a) = *arg else { continue };
        let ty = arg_types.get(a).ok_or_else(|| format!("{file}: @main has no argument {a}"))?;
        args[a] = Some(Value::Tensor(read_tensor(&dir.join(file), Some(ty))?));
    }
    args.into_iter().enumerate().map(|(i, a)| a.ok_or_else(|| format!("no input for @main argument {i}"))).collect()
}

fn case_outputs(dir: &Path, meta: &Meta, m: &Module) -> Result<Vec<Value>, String> {
    let (_, res_types) = global_signature(m, "main").ok_or("no @main")?;
    meta.outputs
        .iter()
        .enumerate()
        .map(|(i, (file, _))| Ok(Value::Tensor(read_tensor(&dir.join(file), res_types.get(i))?)))
        .collect()
}

/// One form of a case on its inputs against its outputs.
fn run_form(dir: &Path, meta: &Meta, form: &str) -> Result<(), String> {
    let (m, _) = load(&dir.join(form))?;
    let args = case_args(dir, meta, &m)?;
    let want = case_outputs(dir, meta, &m)?;
    let got = run_any(&m, "main", args, Limits::default()).map_err(|e| render_err(&m, &e))?;
    let tols: Vec<Option<Tolerance>> = meta.outputs.iter().map(|(_, t)| *t).collect();
    match first_mismatch(&got.values(), &want, &tols, "expected")? {
        None => Ok(()),
        Some(d) => Err(d),
    }
}

/// A partitioned form against `jax_lowered.mlir`: the case's inputs, then two random trials.
fn equiv_form(dir: &Path, meta: &Meta, form: &str) -> Result<(), String> {
    let (m, _) = load(&dir.join(form))?;
    let twin = dir.join("jax_lowered.mlir");
    let tol = meta.outputs.iter().filter_map(|(_, t)| *t).fold(None, |acc: Option<Tolerance>, t| {
        Some(acc.map_or(t, |a| Tolerance { rtol: a.rtol.max(t.rtol), atol: a.atol.max(t.atol) }))
    });
    let random = EquivRequest {
        entry: "main",
        twin_file: Some(&twin),
        sequential: None,
        given: None,
        seed: 0,
        trials: 2,
        tol,
        limits: Limits::default(),
    };
    let on_inputs = EquivRequest { given: Some(case_args(dir, meta, &m)?), trials: 1, ..random };
    for req in [&on_inputs, &random] {
        if let (_, Some(v)) = equiv_verdict(&m, req)? {
            return Err(v);
        }
    }
    Ok(())
}

/// `shardref conform mpmd PATH...`.
pub fn conform(paths: &[PathBuf]) -> ExitCode {
    let dirs = match case_dirs(paths) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut report = |name: String, r: Result<(), String>| match r {
        Ok(()) => passed += 1,
        Err(e) => {
            failed += 1;
            println!("{name}: {}", e.trim_end().replace('\n', "\n    "));
        }
    };
    for dir in &dirs {
        let meta = match read_meta(dir) {
            Ok(m) => m,
            Err(e) => {
                report(dir.display().to_string(), Err(e));
                continue;
            }
        };
        for form in FORMS {
            report(format!("{}/{form}", dir.display()), run_form(dir, &meta, form));
        }
        for form in &FORMS[1..] {
            report(format!("{}/{form} equiv jax_lowered.mlir", dir.display()), equiv_form(dir, &meta, form));
        }
    }
    println!("{passed} passed, {failed} failed, 0 skipped");
    if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
