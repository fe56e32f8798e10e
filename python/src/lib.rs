//! `shardref._native`: the Python extension module behind the `shardref` package.
//!
//! Role: a thin binding over the same crates as the `shardref` command line (spec, interp,
//! verifier, conformance), with no semantics of its own. Programs come in as text (StableHLO +
//! sdy `.mlir`, or XLA HLO text), arrays as `.npy` bytes (read with `shardref_interp::npy`, checked
//! against the function's argument types), and results go out as `(element type, shape, bytes)`
//! triples whose bytes are the interpreter's little-endian storage in a `bytearray` that the
//! Python side views with `numpy.frombuffer` (no copy past this one). The Python package
//! (`python/shardref/`) turns these into numpy arrays, dataclasses and the `check` pipeline.
//!
//! Errors: every located problem (parse, verifier, run) raises `ShardrefError(message,
//! diagnostics)`, `message` rendered as the command line renders it (`file:line:col: error: ...`,
//! the source line and a caret), `diagnostics` one `(file, line, column, severity, label,
//! message)` tuple per diagnostic and note, as `shardref verify --json` prints them.
//!
//! Invariants: the interpreter runs with the global interpreter lock released (`allow_threads`),
//! so other Python threads go on meanwhile; nothing here panics on bad input (every error is an
//! exception); results are deterministic, as the crates' are.

use std::sync::Arc;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList};

use shardref_interp::devices::sharded::{ImplicitReshards, ShardedInputs, ShardedOptions, ShardedValue, run_sharded};
use shardref_interp::{Limits, Value, npy};
use shardref_spec::diag::{Diagnostic, LineIndex, PARSE, Severity, location, render};
use shardref_spec::hlo::device_attrs::{self, Sharding as HloSharding};
use shardref_spec::hlo::tok;
use shardref_spec::ir::{Attr, Location, Module, OpId, Span, Type, ValueDef};
use shardref_spec::ops::{OpKind, SdyOp};
use shardref_spec::{Source, parse_source};
use shardref_verifier::equiv::hlo::{self as ehlo, GlobalRunError};
use shardref_verifier::equiv::{self, Comparison, EquivError, EquivOptions, Tolerance, Verdict};

create_exception!(_native, ShardrefError, PyException, "A located shardref error (MLIR-style message).");

/// One diagnostic as `shardref verify --json` gives it.
type DiagTuple = (String, u32, u32, String, String, String);

fn diag_tuples(src: &Source, diags: &[Diagnostic]) -> Vec<DiagTuple> {
    let index = LineIndex::new(&src.text);
    diags
        .iter()
        .flat_map(|d| std::iter::once(d).chain(&d.notes))
        .map(|d| {
            let (line, column) = location(src, &index, d.span);
            (
                src.name.clone(),
                line,
                column,
                d.severity.name().to_string(),
                d.code.unwrap_or(PARSE).to_string(),
                d.message.clone(),
            )
        })
        .collect()
}

/// The exception for `diags` of `src`.
fn located(src: &Source, diags: &[Diagnostic]) -> PyErr {
    ShardrefError::new_err((render(src, diags), diag_tuples(src, diags)))
}

fn located_one(src: &Source, span: Span, message: impl Into<String>) -> PyErr {
    located(src, &[Diagnostic::error(span, message.into())])
}

/// An error with no place in a program (usage).
fn plain(message: impl Into<String>) -> PyErr {
    let m: String = message.into();
    ShardrefError::new_err((
        format!("error: {m}\n"),
        vec![("".to_string(), 0u32, 0u32, "error".to_string(), "usage".to_string(), m)],
    ))
}

fn source(text: &str, name: &str) -> Arc<Source> {
    Arc::new(Source { name: name.to_string(), text: text.to_string(), first_line: 1 })
}

/// Parses and verifies a program (`.mlir` or HLO text); verifier errors are an exception.
fn load(text: &str, name: &str, hlo: bool) -> PyResult<(Arc<Source>, Module)> {
    let src = source(text, name);
    let parsed = if hlo { shardref_spec::hlo::parse_source(src.clone()) } else { parse_source(src.clone()) };
    let m = parsed.map_err(|r| located(&src, &r.diagnostics))?;
    let diags = if hlo { shardref_verifier::hlo::verify(&m) } else { shardref_verifier::verify(&m) };
    if diags.iter().any(|d| d.severity == Severity::Error) {
        return Err(located(&src, &diags));
    }
    Ok((src, m))
}

fn limits(fuel: Option<u64>) -> Limits {
    let mut l = Limits::default();
    if let Some(f) = fuel {
        l.fuel = f;
    }
    l
}

/// The function to run: `entry`, else `@main`, else the module's only function (the command
/// line's choice, `equiv::choose_entry`).
fn choose_entry(m: &Module, named: Option<&str>) -> Result<(String, OpId), String> {
    equiv::choose_entry(m, named).map_err(|e| e.message("entry="))
}

/// Reads `.npy` inputs against argument types.
fn read_inputs(src: &Source, at: Span, inputs: &[Bound<'_, PyBytes>], types: &[Type]) -> PyResult<Vec<Value>> {
    if inputs.len() != types.len() {
        return Err(located_one(
            src,
            at,
            format!("the function takes {} argument(s), but {} array(s) were given", types.len(), inputs.len()),
        ));
    }
    inputs
        .iter()
        .zip(types)
        .enumerate()
        .map(|(i, (b, t))| {
            let want = match t {
                Type::Tensor(tt) => Some(tt),
                other => return Err(located_one(src, at, format!("argument {i} is {other}, which has no array form"))),
            };
            npy::read_npy(b.as_bytes(), want)
                .map(Value::Tensor)
                .map_err(|e| located_one(src, at, format!("argument {i}: {e}")))
        })
        .collect()
}

/// Reads `.npy` inputs whose types come from the arrays themselves (HLO parameters are checked later).
fn read_untyped(
    inputs: &[Bound<'_, PyBytes>],
    expect: &dyn Fn(usize) -> Option<shardref_spec::ir::TensorType>,
) -> PyResult<Vec<Value>> {
    inputs
        .iter()
        .enumerate()
        .map(|(i, b)| {
            npy::read_npy(b.as_bytes(), expect(i).as_ref())
                .map(Value::Tensor)
                .map_err(|e| plain(format!("argument {i}: {e}")))
        })
        .collect()
}

/// A result as `(element type, shape, bytes)`; tuples as lists of those.
fn to_py(py: Python<'_>, v: &Value) -> PyResult<Py<PyAny>> {
    match v {
        Value::Tensor(t) => {
            let bytes = t.buf.to_le_bytes();
            let arr = PyByteArray::new(py, &bytes);
            Ok((t.elem.to_string(), t.shape.clone(), arr).into_pyobject(py)?.into_any().unbind())
        }
        Value::Tuple(xs) => {
            let items = xs.iter().map(|x| to_py(py, x)).collect::<PyResult<Vec<_>>>()?;
            Ok(PyList::new(py, items)?.into_any().unbind())
        }
        other => Err(plain(format!("a result of kind {} has no array form", value_kind(other)))),
    }
}

fn value_kind(v: &Value) -> &'static str {
    match v {
        Value::Tensor(_) => "tensor",
        Value::Tuple(_) => "tuple",
        _ => "token",
    }
}

fn arg_types(m: &Module, func: OpId) -> (Vec<Type>, Vec<Type>) {
    match shardref_spec::schema::Func::of(m.op(func)).function_type().raw() {
        Some(Attr::Type(Type::Function(a, r))) => (a.clone(), r.clone()),
        _ => (vec![], vec![]),
    }
}

fn parse_hlo_shardings(texts: &[String], what: &str) -> PyResult<Vec<HloSharding>> {
    texts
        .iter()
        .map(|t| {
            let items = tok::reparse(t).ok_or_else(|| plain(format!("{what} '{t}' is not an HLO sharding")))?;
            device_attrs::sharding(&items).map_err(|e| plain(format!("{what} '{t}': {e}")))
        })
        .collect()
}

/// Whether a module makes implicit reshards explicit (strict) or gets them inserted, for `run`.
fn implicit_for(m: &Module, strict: Option<bool>) -> ImplicitReshards {
    match strict {
        Some(true) => ImplicitReshards::Error,
        Some(false) => ImplicitReshards::Insert,
        None => equiv::default_implicit(m),
    }
}

/// `shardref.verify`: the diagnostics of a program (empty when it verifies).
#[pyfunction]
#[pyo3(signature = (text, name, hlo=false))]
fn verify(py: Python<'_>, text: &str, name: &str, hlo: bool) -> Vec<DiagTuple> {
    py.detach(|| {
        let src = source(text, name);
        let diags: Vec<Diagnostic> = if hlo {
            match shardref_spec::hlo::parse_source(src.clone()) {
                Ok(m) => shardref_verifier::hlo::verify(&m),
                Err(r) => r.diagnostics.into_iter().map(|d| d.or_code(PARSE)).collect(),
            }
        } else {
            shardref_conformance::verify::diagnose(src.clone())
        };
        diag_tuples(&src, &diags)
    })
}

/// `shardref.run`: runs a function on global inputs; results as triples (or, with `devices`,
/// per result the listed devices' local shards as `(device id, triple)`).
#[pyfunction]
#[pyo3(signature = (text, name, inputs, entry=None, sharded=false, strict=None, devices=None, hlo=false, input_shardings=vec![], result_shardings=vec![], fuel=None))]
#[allow(clippy::too_many_arguments)]
fn run(
    py: Python<'_>,
    text: &str,
    name: &str,
    inputs: Vec<Bound<'_, PyBytes>>,
    entry: Option<String>,
    sharded: bool,
    strict: Option<bool>,
    devices: Option<Vec<i64>>,
    hlo: bool,
    input_shardings: Vec<String>,
    result_shardings: Vec<String>,
    fuel: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let (src, m) = load(text, name, hlo)?;
    let limits = limits(fuel);
    if hlo {
        let params = ehlo::entry_params(&m).map_err(|e| located_one(&src, e.span, e.message))?;
        let global = read_untyped(&inputs, &|i| match params.get(i).map(|p| &p.local) {
            Some(Type::Tensor(tt)) => Some(shardref_spec::ir::TensorType {
                shape: tt.shape.as_ref().map(|s| vec![None; s.len()]),
                elem: tt.elem.clone(),
                encoding: None,
            }),
            _ => None,
        })?;
        let ins = parse_hlo_shardings(&input_shardings, "input sharding")?;
        let outs = parse_hlo_shardings(&result_shardings, "result sharding")?;
        let run = py
            .detach(|| ehlo::run_global_with(&m, &global, &ins, &outs, None, limits))
            .map_err(|e| hlo_error(&src, e))?;
        let items = run.results.iter().map(|v| to_py(py, v)).collect::<PyResult<Vec<_>>>()?;
        return Ok(PyList::new(py, items)?.into_any().unbind());
    }
    let (entry, func) = choose_entry(&m, entry.as_deref()).map_err(|msg| located_one(&src, Span::NONE, msg))?;
    let (types, _) = arg_types(&m, func);
    let args = read_inputs(&src, m.op(func).span, &inputs, &types)?;
    if !sharded {
        if devices.is_some() {
            return Err(plain("devices= needs sharded=True"));
        }
        let out = py
            .detach(|| shardref_interp::run(&m, &entry, args, limits))
            .map_err(|e| located_one(&src, e.span, e.to_string()))?;
        let items = out.results.iter().map(|v| to_py(py, v)).collect::<PyResult<Vec<_>>>()?;
        return Ok(PyList::new(py, items)?.into_any().unbind());
    }
    let opts = ShardedOptions { limits, implicit: implicit_for(&m, strict), canvas: false };
    let vals = py
        .detach(|| run_sharded(&m, &entry, ShardedInputs::Global(args), &opts))
        .map_err(|e| located_one(&src, e.span, e.to_string()))?;
    let mut items = vec![];
    for (i, v) in vals.iter().enumerate() {
        match &devices {
            None => {
                let g = v.reassemble().map_err(|e| located_one(&src, Span::NONE, format!("result {i}: {e}")))?;
                items.push(to_py(py, &g)?);
            }
            Some(ids) => {
                let mut per = vec![];
                for &id in ids {
                    let pos = (0..v.mesh.num_devices()).find(|&p| v.mesh.device_id(p) == id).ok_or_else(|| {
                        plain(format!("result {i}: the mesh has no device {id} ({} devices)", v.mesh.num_devices()))
                    })?;
                    per.push((id, to_py(py, &v.shards[pos])?));
                }
                items.push(PyList::new(py, per)?.into_any().unbind());
            }
        }
    }
    Ok(PyList::new(py, items)?.into_any().unbind())
}

fn hlo_error(src: &Source, e: GlobalRunError) -> PyErr {
    match e {
        GlobalRunError::Error(e) => located_one(src, e.span, e.message),
        GlobalRunError::Disagreement { result, index, partitions, values } => {
            let each: Vec<String> =
                partitions.iter().zip(&values).map(|(p, v)| format!("partition {p} holds {v}")).collect();
            located_one(
                src,
                Span::NONE,
                format!("result {result}: replicas of element {index:?} disagree: {}", each.join(", ")),
            )
        }
    }
}

fn comparison(exact: bool, rtol: Option<f64>, atol: Option<f64>) -> Comparison {
    match (exact, rtol, atol) {
        (true, _, _) => Comparison::Bitwise,
        (false, None, None) => Comparison::Tolerant(None),
        (false, r, a) => Comparison::Tolerant(Some(Tolerance { rtol: r.unwrap_or(0.0), atol: a.unwrap_or(0.0) })),
    }
}

/// Where a result comes from: the op defining result `i` of `func` (through manual
/// computations to the op inside that defines what they return).
fn result_origin(m: &Module, func: &str, i: usize) -> Option<OpId> {
    let f = equiv::find_func(m, func)?;
    let body = *m.op(f).regions.first()?;
    let block = *m.region(body).blocks.first()?;
    let ret = *m.block(block).ops.last()?;
    let mut v = *m.op(ret).operands.get(i)?;
    let mut origin = None;
    for _ in 0..64 {
        let ValueDef::Result { op, index } = m.value(v).def else { return origin };
        origin = Some(op);
        if m.op(op).name.kind() != Some(OpKind::Sdy(SdyOp::ManualComputation)) {
            return origin;
        }
        let region = *m.op(op).regions.first()?;
        let b = *m.region(region).blocks.first()?;
        let term = *m.block(b).ops.last()?;
        v = *m.op(term).operands.get(index as usize)?;
    }
    origin
}

/// The first file location of `loc` (aliases resolved), as `file:line:col`.
fn python_location(m: &Module, loc: &Location, depth: usize) -> Option<String> {
    if depth > 32 {
        return None;
    }
    match loc {
        Location::File { file, line, col } => Some(format!("{file}:{line}:{col}")),
        Location::Alias(a) => m.attr_aliases.iter().find_map(|(n, attr)| match attr {
            Attr::Loc(l) if n.trim_start_matches('#') == a.trim_start_matches('#') => python_location(m, l, depth + 1),
            _ => None,
        }),
        Location::Name { child: Some(c), .. } => python_location(m, c, depth + 1),
        Location::CallSite { callee, caller } => {
            python_location(m, callee, depth + 1).or_else(|| python_location(m, caller, depth + 1))
        }
        Location::Fused { locs, .. } => locs.iter().find_map(|l| python_location(m, l, depth + 1)),
        Location::Text(t) => Some(text_location(t)),
        Location::Name { child: None, .. } | Location::Unknown => None,
    }
}

/// A location kept as text (`"file.py":7:11 to :36`, a range) as `file.py:7:11`.
fn text_location(t: &str) -> String {
    let Some(rest) = t.strip_prefix('"') else { return t.to_string() };
    let Some((file, tail)) = rest.split_once("\":") else { return t.to_string() };
    let pos = tail.split_whitespace().next().unwrap_or("");
    format!("{file}:{pos}")
}

/// A verdict as a dict for the Python side.
fn verdict_dict<'py>(
    py: Python<'py>,
    v: &Verdict,
    origin: Option<(&Module, &Source, OpId)>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("text", v.to_string())?;
    d.set_item("equal", v.is_equal())?;
    match v {
        Verdict::Equal { trials, closeness } => {
            d.set_item("kind", "equal")?;
            d.set_item("trials", *trials)?;
            d.set_item("bitwise", closeness.is_none())?;
            if let Some(c) = closeness {
                d.set_item("max_abs", c.max_abs)?;
                d.set_item("max_ulp", c.max_ulp)?;
            }
        }
        Verdict::Differs(x) => {
            d.set_item("kind", "differ")?;
            d.set_item("trial", x.trial)?;
            d.set_item("result", x.result)?;
            d.set_item("index", x.index.clone())?;
            d.set_item("devices", x.devices.clone())?;
            d.set_item("values", (x.parallel.clone(), x.sequential.clone()))?;
            d.set_item("note", x.note.clone())?;
        }
        Verdict::ReplicasDisagree(r) => {
            d.set_item("kind", "replicas_disagree")?;
            d.set_item("trial", r.trial)?;
            d.set_item("site", r.site.clone())?;
            d.set_item("index", r.index.clone())?;
            d.set_item("devices", r.devices.clone())?;
            d.set_item("values", r.values.clone())?;
        }
        Verdict::TypesDiffer { result, message } => {
            d.set_item("kind", "types_differ")?;
            d.set_item("result", *result)?;
            d.set_item("note", message.clone())?;
        }
    }
    if let Some((m, src, op)) = origin {
        let (line, col) = location(src, &LineIndex::new(&src.text), m.op(op).span);
        d.set_item("op", m.op(op).name.as_str())?;
        d.set_item("location", (src.name.clone(), line, col))?;
        d.set_item("source_location", m.op(op).loc.as_ref().and_then(|l| python_location(m, l, 0)))?;
    }
    Ok(d)
}

fn error_dict<'py>(py: Python<'py>, src: &Source, e: &EquivError) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let diags = [Diagnostic::error(e.span, e.message.clone())];
    d.set_item("kind", "error")?;
    d.set_item("equal", false)?;
    d.set_item("text", format!("error: {}", e.message))?;
    d.set_item("message", render(src, &diags))?;
    Ok(d)
}

/// `shardref.equiv`: every pair of the module (as `shardref equiv FILE`), one dict per pair.
#[pyfunction]
#[pyo3(signature = (text, name, inputs=None, parallel=None, sequential=None, seed=0, trials=3, exact=false, rtol=None, atol=None, strict=None, fuel=None))]
#[allow(clippy::too_many_arguments)]
fn equiv_pairs(
    py: Python<'_>,
    text: &str,
    name: &str,
    inputs: Option<Vec<Bound<'_, PyBytes>>>,
    parallel: Option<String>,
    sequential: Option<String>,
    seed: u64,
    trials: usize,
    exact: bool,
    rtol: Option<f64>,
    atol: Option<f64>,
    strict: Option<bool>,
    fuel: Option<u64>,
) -> PyResult<Vec<Py<PyAny>>> {
    let (src, m) = load(text, name, false)?;
    let pairs = equiv::resolve_pairs(&m, parallel.as_deref(), sequential.as_deref())
        .map_err(|e| located_one(&src, e.span, e.message))?;
    let prepared = equiv::prepare(&m, &pairs).map_err(|e| located_one(&src, e.span, e.message))?;
    let given = match inputs {
        None => None,
        Some(inputs) => {
            let [pair] = pairs.as_slice() else {
                return Err(plain(format!(
                    "inputs need one pair, but the module has {}; choose with parallel=",
                    pairs.len()
                )));
            };
            let f = equiv::find_func(&prepared, &pair.parallel).ok_or_else(|| plain("no parallel function"))?;
            let (types, _) = arg_types(&prepared, f);
            Some(read_inputs(&src, prepared.op(f).span, &inputs, &types)?)
        }
    };
    let opts = EquivOptions {
        seed,
        trials: trials.max(1),
        comparison: comparison(exact, rtol, atol),
        limits: limits(fuel),
        implicit: implicit_for(&m, strict),
        canvas: false,
    };
    let mut out = vec![];
    for pair in &pairs {
        let verdict = py.detach(|| equiv::equiv(&prepared, pair, given.clone(), &opts));
        let d = match verdict {
            Ok(v) => {
                let origin = match &v {
                    Verdict::Differs(x) => result_origin(&prepared, &pair.parallel, x.result),
                    _ => None,
                };
                verdict_dict(py, &v, origin.map(|op| (&prepared, &*src, op)))?
            }
            Err(e) => error_dict(py, &src, &e)?,
        };
        d.set_item("parallel", pair.parallel.clone())?;
        d.set_item("sequential", if pair.erased { None } else { Some(pair.sequential.clone()) })?;
        out.push(d.into_any().unbind());
    }
    Ok(out)
}

/// The lowered program's global twin: its erased `@main` (`equiv`'s), or a reference module's entry.
struct Twin {
    src: Arc<Source>,
    m: Module,
    func: String,
}

/// `shardref.check`'s engine: runs (a) the global twin, (b) the program sharded on simulated
/// devices, (c) XLA's partitioned HLO on simulated devices, and judges (b), (c) and (d) the
/// user's XLA outputs against (a) on the given inputs, and runs the static partial-state check on
/// the program. Returns `{"pairs": [...], "findings": [diagnostic tuples], "global": [...]}`.
#[pyfunction]
#[pyo3(signature = (text, name, inputs, reference=None, reference_name="reference.mlir", hlo=None, hlo_name="xla_partitioned.hlo", input_shardings=vec![], output_shardings=vec![], xla_outputs=None, num_devices=1, exact=false, rtol=None, atol=None, fuel=None))]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    text: &str,
    name: &str,
    inputs: Vec<Bound<'_, PyBytes>>,
    reference: Option<&str>,
    reference_name: &str,
    hlo: Option<&str>,
    hlo_name: &str,
    input_shardings: Vec<String>,
    output_shardings: Vec<String>,
    xla_outputs: Option<Vec<Bound<'_, PyBytes>>>,
    num_devices: usize,
    exact: bool,
    rtol: Option<f64>,
    atol: Option<f64>,
    fuel: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let (src, m) = load(text, name, false)?;
    let limits = limits(fuel);
    let cmp = comparison(exact, rtol, atol);
    let (entry, func) = choose_entry(&m, None).map_err(|msg| located_one(&src, Span::NONE, msg))?;
    let (types, result_types) = arg_types(&m, func);
    let args = read_inputs(&src, m.op(func).span, &inputs, &types)?;
    // (a) The twin: the reference's entry, or @main with its shardings and collectives erased.
    let twin = match reference {
        Some(r) => {
            let (rsrc, rm) = load(r, reference_name, false)?;
            let (rfunc, rop) = choose_entry(&rm, None).map_err(|msg| located_one(&rsrc, Span::NONE, msg))?;
            let (rtypes, _) = arg_types(&rm, rop);
            if rtypes != types {
                return Err(located_one(
                    &rsrc,
                    rm.op(rop).span,
                    format!("the reference @{rfunc} takes other arguments than the program's @{entry}"),
                ));
            }
            Twin { src: rsrc, m: rm, func: rfunc }
        }
        None => {
            let pairs =
                equiv::resolve_pairs(&m, Some(&entry), None).map_err(|e| located_one(&src, e.span, e.message))?;
            let prepared = equiv::prepare(&m, &pairs).map_err(|e| located_one(&src, e.span, e.message))?;
            let func = pairs[0].sequential.clone();
            Twin { src: src.clone(), m: prepared, func }
        }
    };
    let twin_run = py
        .detach(|| equiv::run_twin(&twin.m, &twin.func, args.clone(), cmp, limits))
        .map_err(|e| located_one(&twin.src, e.span, e.message))?;
    let pairs = PyList::empty(py);
    let origin = |v: &Verdict| match v {
        Verdict::Differs(x) => result_origin(&m, &entry, x.result),
        _ => None,
    };
    // (b) The lowered program on the simulated devices of its mesh. What JAX lowers is not yet
    // partitioned: the reshards XLA's partitioner would insert are inserted.
    let opts = ShardedOptions { limits, implicit: ImplicitReshards::Insert, canvas: false };
    let sharded: Result<Vec<ShardedValue>, _> =
        py.detach(|| run_sharded(&m, &entry, ShardedInputs::Global(args.clone()), &opts));
    let d = match sharded {
        Ok(par) => match twin_run.judge_sharded(&par, None) {
            Ok(v) => verdict_dict(py, &v, origin(&v).map(|op| (&m, &*src, op)))?,
            Err(e) => error_dict(py, &src, &e)?,
        },
        Err(e) => match e.mismatch.clone() {
            Some(mm) => {
                let v = Verdict::ReplicasDisagree(equiv::ReplicaDisagreement {
                    trial: None,
                    site: mm.what.clone(),
                    index: mm.index.clone(),
                    devices: mm.devices.clone(),
                    values: mm.values.clone(),
                });
                let d = verdict_dict(py, &v, None)?;
                let (line, col) = location(&src, &LineIndex::new(&src.text), e.span);
                d.set_item("location", (src.name.clone(), line, col))?;
                d
            }
            None => error_dict(py, &src, &EquivError::new(e.span, format!("sharded run: {e}")))?,
        },
    };
    d.set_item("pair", ("sharded", "global"))?;
    pairs.append(d)?;
    // (c) XLA's partitioned HLO on simulated devices, with the executable's shardings.
    let out_shardings = parse_hlo_shardings(&output_shardings, "output sharding")?;
    if let Some(hlo_text) = hlo {
        let (hsrc, hm) = load(hlo_text, hlo_name, true)?;
        let ins = parse_hlo_shardings(&input_shardings, "input sharding")?;
        let shapes: Vec<Vec<usize>> =
            twin_run.results().iter().map(|v| v.as_tensor().map(|t| t.shape.clone()).unwrap_or_default()).collect();
        let run = py.detach(|| ehlo::run_global_with(&hm, &args, &ins, &out_shardings, Some(&shapes), limits));
        let d = match run {
            Ok(r) => {
                let v = twin_run.judge_global(&r.results, None, &|i, ix| ehlo::holders_of(&r.holders[i], ix));
                verdict_dict(py, &v, origin(&v).map(|op| (&m, &*src, op)))?
            }
            Err(GlobalRunError::Disagreement { result, index, partitions, values }) => {
                let v = Verdict::ReplicasDisagree(equiv::ReplicaDisagreement {
                    trial: None,
                    site: format!("result {result}"),
                    index,
                    devices: partitions,
                    values,
                });
                verdict_dict(py, &v, None)?
            }
            Err(GlobalRunError::Error(e)) => error_dict(py, &hsrc, &e)?,
        };
        d.set_item("pair", ("xla_partitioned", "global"))?;
        pairs.append(d)?;
    }
    // (d) The user's own XLA run.
    if let Some(outs) = xla_outputs {
        let expect = |i: usize| match result_types.get(i) {
            Some(Type::Tensor(tt)) => Some(tt.clone()),
            _ => None,
        };
        let got = read_untyped(&outs, &expect)?;
        let n = num_devices.max(1);
        let blocks: Vec<Vec<Vec<std::ops::Range<usize>>>> = got
            .iter()
            .enumerate()
            .map(|(i, v)| match (out_shardings.get(i), v) {
                (Some(s), Value::Tensor(t)) => {
                    shardref_interp::devices::hlo_sharding::blocks(s, &t.shape, n).unwrap_or_default()
                }
                _ => vec![],
            })
            .collect();
        let v = twin_run.judge_global(&got, None, &|i, ix| ehlo::holders_of(&blocks[i], ix));
        let d = verdict_dict(py, &v, origin(&v).map(|op| (&m, &*src, op)))?;
        d.set_item("pair", ("xla", "global"))?;
        pairs.append(d)?;
    }
    let out = PyDict::new(py);
    out.set_item("pairs", pairs)?;
    // The static partial-state check (`shardref check`): a finding holds whatever the inputs.
    let findings = py.detach(|| shardref_verifier::partial::diagnostics(&m));
    out.set_item("findings", diag_tuples(&src, &findings))?;
    let global = twin_run.results().iter().map(|v| to_py(py, v)).collect::<PyResult<Vec<_>>>()?;
    out.set_item("global", global)?;
    Ok(out.into_any().unbind())
}

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ShardrefError", m.py().get_type::<ShardrefError>())?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(equiv_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    Ok(())
}
