//! Jax mode: shardref's own corpus of JAX programs in every form JAX, Shardy and XLA print
//! (`conformance/tests/jax012` from jax 0.12, `conformance/tests/jax0102` from jax 0.10.2, both
//! written by `conformance/jax/generate.py`).
//!
//! A program is a folder with a `manifest.json` (the runner's suite files are manifests, not
//! `.mlir` files): its global inputs `input_<i>.npy`, XLA's outputs `output_<i>.npy` with each
//! output's tolerance, the shardings of the partitioned modules' parameters and results
//! (`compiled.input_shardings` / `output_shardings` in XLA's syntax), and its forms, each with a
//! kind. Each form gives the cases its kind allows, named `DIR/FILE CHECK`:
//!
//! - `text` (every form): parses, verifies cleanly, and prints to a fixpoint that reparses to an
//!   equal IR (MLIR: also its generic form; HLO: XLA's text form).
//! - `run` (every form but the local one): the program on the inputs reproduces XLA's outputs.
//!   MLIR forms run `@main` on the reference interpreter;
//!   `hlo-global` modules run as one partition; `hlo-partitioned` modules run on their
//!   `num_partitions` devices with the global inputs split per the manifest's input shardings,
//!   the results reassembled per its output shardings and global shapes.
//! - `sharded` (`mlir-global`, `mlir-explicit`): `@main` runs on the simulated devices of its
//!   mesh (`run --sharded`) and the reassembled results reproduce XLA's outputs. Reshards a
//!   global form leaves implicit are inserted (`--insert-reshards`: the partitioner it is handed
//!   to inserts them); Shardy's explicit form is read strictly when it holds collectives.
//! - `equiv` (`mlir-global`, `mlir-explicit`, without manual computations): `@main` against its
//!   erased twin (`shardref equiv`) on the inputs and on two seeded random trials, within the
//!   manifest's widest output tolerance (the element types' own when it gives none).
//!
//! Forms with manual regions (shard_map) have no global reading for `equiv`, and XLA's global
//! forms of them (HLO before partitioning, the Shardy import/export dumps) none for a one-partition
//! `run`: `Kind::checks` leaves those checks out and says why.
//!
//! Comparison with XLA's outputs: integer and boolean results bitwise; float results within the
//! tolerance the manifest gives per output (generate.py's TOLERANCES, which say why: XLA's
//! reassociated reductions and its own exp/tanh approximations), or bitwise when it gives none
//! (outputs that are copies of inputs, such as sorted values, where -0.0 against 0.0 matters).
//! bfloat16 arrays are stored as their uint16 bit patterns and read back as bfloat16.
//!
//! Invariant: nothing is skipped; every case the manifest implies is judged.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use shardref_interp::devices::sharded::{ImplicitReshards, ShardedInputs, ShardedOptions, run_sharded};
use shardref_interp::npy;
use shardref_interp::value::Repr;
use shardref_interp::{Buffer, Limits, Tensor, Value};
use shardref_spec::diag::{Severity, render};
use shardref_spec::ir::{ElemType, Module, Source};
use shardref_spec::split::Case;
use shardref_verifier::equiv::compare::{self, Tolerance};
use shardref_verifier::equiv::hlo::{self as ehlo, GlobalRunError, Reference};
use shardref_verifier::equiv::{self, Comparison, EquivOptions};

use crate::{Mode, SuiteFile, Verdict, first_line};

pub struct Jax;

/// What a form is, from the manifest's `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Global-view StableHLO + sdy as handed to a partitioner (`lowered.mlir`, XLA's Shardy dumps
    /// 01 to 03): reshards the program leaves implicit are the partitioner's to insert.
    MlirGlobal,
    /// Shardy's explicit-collective form (insert-explicit-reshards, reshard-to-collectives): read
    /// strictly when it holds collectives (`equiv::default_implicit`).
    MlirExplicit,
    /// XLA's Shardy import and export dumps (00 and 04): `mhlo.sharding` strings, `custom_call
    /// @Sharding`, manual regions as `@SPMDFullToShardShape` / `@xla.sdy.GlobalToLocalShape` calls.
    MlirXla,
    /// Shardy's local form (`sdy-convert-global-to-local`): per-device shapes.
    MlirLocal,
    /// HLO with global shapes and shardings (before SPMD partitioning).
    HloGlobal,
    /// HLO after SPMD partitioning: per-device shapes.
    HloPartitioned,
}

impl Kind {
    fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "mlir-global" => Kind::MlirGlobal,
            "mlir-explicit" => Kind::MlirExplicit,
            "mlir-xla" => Kind::MlirXla,
            "mlir-local" => Kind::MlirLocal,
            "hlo-global" => Kind::HloGlobal,
            "hlo-partitioned" => Kind::HloPartitioned,
            _ => return None,
        })
    }

    fn is_hlo(self) -> bool {
        matches!(self, Kind::HloGlobal | Kind::HloPartitioned)
    }

    /// The checks of a form of this kind, in the order they are reported, given the form's text.
    ///
    /// A form with manual regions has no global reading in two places: `equiv` erases shardings
    /// and collectives to get the unpartitioned twin, which a `sdy.manual_computation` (whose body
    /// sees local shapes) does not have; and XLA's global forms of such programs mark the region
    /// with `@SPMDFullToShardShape` / `@xla.sdy.GlobalToLocalShape` custom calls whose bodies run
    /// only on partitions, so they cannot run as one partition. Those checks are not made there
    /// (docs/jax012-status.md lists them); `sharded` and the partitioned HLO judge those programs.
    fn checks(self, text: &str) -> Vec<Check> {
        let manual_sdy = text.contains("sdy.manual_computation");
        let manual_xla = text.contains("SPMDFullToShardShape") || text.contains("xla.sdy.GlobalToLocalShape");
        let mut checks = vec![Check::Text];
        match self {
            Kind::MlirGlobal | Kind::MlirExplicit => {
                checks.extend([Check::Run, Check::Sharded]);
                if !manual_sdy {
                    checks.push(Check::Equiv);
                }
            }
            Kind::MlirXla | Kind::HloGlobal => {
                if !manual_xla {
                    checks.push(Check::Run);
                }
            }
            Kind::HloPartitioned => checks.push(Check::Run),
            Kind::MlirLocal => {}
        }
        checks
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Check {
    Text,
    Run,
    Sharded,
    Equiv,
}

impl Check {
    fn name(self) -> &'static str {
        match self {
            Check::Text => "text",
            Check::Run => "run",
            Check::Sharded => "sharded",
            Check::Equiv => "equiv",
        }
    }

    fn parse(s: &str) -> Option<Check> {
        [Check::Text, Check::Run, Check::Sharded, Check::Equiv].into_iter().find(|c| c.name() == s)
    }
}

/// An input or output array of the manifest.
struct Array {
    file: String,
    dtype: String,
    shape: Vec<usize>,
    tolerance: Option<Tolerance>,
}

struct Form {
    file: String,
    kind: Kind,
}

struct Manifest {
    inputs: Vec<Array>,
    outputs: Vec<Array>,
    input_shardings: Vec<String>,
    output_shardings: Vec<String>,
    forms: Vec<Form>,
}

fn arrays(j: &serde_json::Value, key: &str) -> Result<Vec<Array>, String> {
    let list = j.get(key).and_then(|v| v.as_array()).ok_or_else(|| format!("manifest.json: no '{key}' list"))?;
    list.iter()
        .map(|a| {
            let s = |k: &str| a.get(k).and_then(|v| v.as_str()).map(str::to_string);
            let shape = a
                .get("shape")
                .and_then(|v| v.as_array())
                .ok_or_else(|| format!("manifest.json: an entry of '{key}' without a shape"))?
                .iter()
                .map(|d| d.as_u64().map(|d| d as usize).ok_or("manifest.json: a shape of non-integers"))
                .collect::<Result<Vec<_>, _>>()?;
            let tolerance = match a.get("tolerance") {
                Some(serde_json::Value::Object(t)) => Some(Tolerance {
                    rtol: t.get("rtol").and_then(|x| x.as_f64()).unwrap_or(0.0),
                    atol: t.get("atol").and_then(|x| x.as_f64()).unwrap_or(0.0),
                }),
                _ => None,
            };
            Ok(Array {
                file: s("file").ok_or_else(|| format!("manifest.json: an entry of '{key}' without a file"))?,
                dtype: s("dtype").ok_or_else(|| format!("manifest.json: an entry of '{key}' without a dtype"))?,
                shape,
                tolerance,
            })
        })
        .collect()
}

fn strings(j: &serde_json::Value, key: &str) -> Vec<String> {
    j.get(key)
        .and_then(|v| v.as_array())
        .map(|l| l.iter().filter_map(|s| s.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

fn read_manifest(text: &str) -> Result<Manifest, String> {
    let j: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("manifest.json: {e}"))?;
    let mut forms = vec![];
    for f in j.get("forms").and_then(|v| v.as_array()).ok_or("manifest.json: no 'forms' list")? {
        let file = f.get("file").and_then(|v| v.as_str()).ok_or("manifest.json: a form without a file")?;
        let kind = f.get("kind").and_then(|v| v.as_str()).unwrap_or("");
        let kind = Kind::parse(kind).ok_or_else(|| format!("manifest.json: {file}: unknown kind '{kind}'"))?;
        forms.push(Form { file: file.to_string(), kind });
    }
    Ok(Manifest {
        inputs: arrays(&j, "inputs")?,
        outputs: arrays(&j, "outputs")?,
        input_shardings: strings(&j, "input_shardings"),
        output_shardings: strings(&j, "output_shardings"),
        forms,
    })
}

/// The program's folder: the manifest's parent.
fn folder(file: &SuiteFile) -> PathBuf {
    file.path.parent().map(Path::to_path_buf).unwrap_or_default()
}

impl Mode for Jax {
    fn takes(&self, path: &Path) -> bool {
        path.file_name().is_some_and(|n| n == "manifest.json")
    }

    fn cases(&self, file: &SuiteFile) -> Vec<Case> {
        let dir = folder(file).display().to_string();
        let case = |name: String, part: Option<String>| Case { name, part, text: String::new(), first_line: 1 };
        match read_manifest(&file.text) {
            Err(_) => vec![case(file.name.clone(), None)],
            Ok(m) => m
                .forms
                .iter()
                .flat_map(|f| {
                    // An unreadable form still gets its `text` case, which reports it.
                    let text = std::fs::read_to_string(folder(file).join(&f.file)).unwrap_or_default();
                    f.kind.checks(&text).into_iter().map(|c| {
                        case(format!("{dir}/{} {}", f.file, c.name()), Some(format!("{}\t{}", f.file, c.name())))
                    })
                })
                .collect(),
        }
    }

    fn judge(&self, file: &SuiteFile, case: &Case) -> Verdict {
        let m = match read_manifest(&file.text) {
            Ok(m) => m,
            Err(e) => return Verdict::Fail(e),
        };
        let Some((form, check)) = case.part.as_deref().and_then(|p| p.split_once('\t')) else {
            return Verdict::Fail("not a case of a manifest".into());
        };
        let (Some(f), Some(check)) = (m.forms.iter().find(|f| f.file == form), Check::parse(check)) else {
            return Verdict::Fail(format!("no form {form} with check {check} in the manifest"));
        };
        let dir = folder(file);
        let result = match check {
            Check::Text => text(&dir.join(&f.file), f.kind),
            Check::Run => run(&dir, &m, f),
            Check::Sharded => sharded(&dir, &m, f),
            Check::Equiv => equivalent(&dir, &m, f),
        };
        match result {
            Ok(()) => Verdict::Pass,
            Err(e) => Verdict::Fail(e),
        }
    }
}

fn read_source(path: &Path) -> Result<Arc<Source>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(Arc::new(Source {
        name: path.display().to_string(),
        text: String::from_utf8_lossy(&bytes).into_owned(),
        first_line: 1,
    }))
}

/// The first error of a diagnostics list, rendered on one line (`file:line:col: error: ...`).
fn first_error(source: &Source, diags: &[shardref_spec::Diagnostic]) -> Option<String> {
    let errors: Vec<_> = diags.iter().filter(|d| d.severity == Severity::Error).cloned().collect();
    let first = errors.first()?;
    let more = if errors.len() > 1 { format!(" (and {} more errors)", errors.len() - 1) } else { String::new() };
    Some(format!("{}{more}", first_line(&render(source, std::slice::from_ref(first)))))
}

/// Parses and verifies an MLIR form.
fn load_mlir(path: &Path) -> Result<Module, String> {
    let source = read_source(path)?;
    let m = shardref_spec::parse_source(source.clone()).map_err(|r| first_line(&r.to_string()).to_string())?;
    match first_error(&source, &shardref_verifier::verify(&m)) {
        Some(e) => Err(format!("verify: {e}")),
        None => Ok(m),
    }
}

/// Parses and verifies an HLO form.
fn load_hlo(path: &Path) -> Result<Module, String> {
    let source = read_source(path)?;
    let m = shardref_spec::hlo::parse_source(source.clone()).map_err(|r| first_line(&r.to_string()).to_string())?;
    match first_error(&source, &shardref_verifier::hlo::verify(&m)) {
        Some(e) => Err(format!("verify: {e}")),
        None => Ok(m),
    }
}

fn verdict_result(v: Verdict) -> Result<(), String> {
    match v {
        Verdict::Pass => Ok(()),
        Verdict::Fail(e) | Verdict::Skip(e) => Err(e),
    }
}

/// `text`: parse, verify, print fixpoint.
fn text(path: &Path, kind: Kind) -> Result<(), String> {
    if kind.is_hlo() {
        let m = load_hlo(path)?;
        verdict_result(crate::hlo::roundtrip(&m))
    } else {
        let m = load_mlir(path)?;
        verdict_result(crate::roundtrip::check_fixpoint(&m, true))
    }
}

/// The element type of a manifest dtype (MLIR's names: `f32`, `bf16`, `i32`, `ui8`, `i1`), read
/// through the HLO names, which differ only for integers (`s32`, `u8`, `pred`).
fn elem_type(dtype: &str) -> Option<ElemType> {
    let hlo = match dtype {
        "i1" => "pred".to_string(),
        d if d.starts_with("ui") => format!("u{}", &d[2..]),
        d if d.starts_with('i') => format!("s{}", &d[1..]),
        d => d.to_string(),
    };
    shardref_spec::hlo::shape::elem_type(&hlo)
}

/// Reads an array of the manifest as a tensor of its element type (bfloat16 from uint16 bits).
fn read_array(dir: &Path, a: &Array) -> Result<Tensor, String> {
    let path = dir.join(&a.file);
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let t = npy::read_npy(&bytes, None).map_err(|e| format!("{}: {e}", path.display()))?;
    let want = elem_type(&a.dtype).ok_or_else(|| format!("manifest.json: {}: unknown dtype '{}'", a.file, a.dtype))?;
    let t = if t.elem != want && t.elem.storage_bytes() == want.storage_bytes() {
        let r = Repr::of(&want).ok_or_else(|| format!("{}: no storage for {}", a.file, a.dtype))?;
        Tensor::new(t.shape.clone(), want, Buffer::from_le_bytes(r, &t.buf.to_le_bytes()))
    } else {
        t
    };
    if t.elem.to_string() != a.dtype || t.shape != a.shape {
        return Err(format!(
            "{}: holds {:?} x {} where the manifest says {:?} x {}",
            a.file, t.shape, t.elem, a.shape, a.dtype
        ));
    }
    Ok(t)
}

fn inputs(dir: &Path, m: &Manifest) -> Result<Vec<Value>, String> {
    m.inputs.iter().map(|a| read_array(dir, a).map(Value::Tensor)).collect()
}

/// The first difference between results and XLA's outputs, as a sentence; `Ok(())` when they agree.
fn compare_outputs(
    dir: &Path,
    m: &Manifest,
    got: &[Value],
    holders: &dyn Fn(usize, &[usize]) -> String,
) -> Result<(), String> {
    if got.len() != m.outputs.len() {
        return Err(format!("{} results where XLA gave {} outputs", got.len(), m.outputs.len()));
    }
    for (i, (g, a)) in got.iter().zip(&m.outputs).enumerate() {
        let want = read_array(dir, a)?;
        let Value::Tensor(g) = g else { return Err(format!("result {i} is not a tensor")) };
        if compare::shape_mismatch(g, &want) {
            return Err(format!(
                "result {i}: {:?} x {} where XLA gave {:?} x {}",
                g.shape, g.elem, want.shape, want.elem
            ));
        }
        if let Some(k) = compare::first_difference(g, &want, a.tolerance) {
            let index = shardref_interp::check::index_of(&g.shape, k);
            return Err(format!(
                "result {i} at index {index:?}{}: shardref {}, XLA {}{}",
                holders(i, &index),
                compare::element_string(g, k),
                compare::element_string(&want, k),
                a.tolerance
                    .map_or_else(|| " (bitwise)".to_string(), |t| format!(" (rtol {}, atol {})", t.rtol, t.atol))
            ));
        }
    }
    Ok(())
}

fn no_holders(_: usize, _: &[usize]) -> String {
    String::new()
}

fn interp_error(m: &Module, e: &shardref_interp::InterpError) -> String {
    match &m.source {
        Some(src) => first_line(&render(src, &[e.to_diagnostic()])).to_string(),
        None => e.to_string(),
    }
}

fn parse_shardings(texts: &[String]) -> Result<Vec<shardref_spec::hlo::device_attrs::Sharding>, String> {
    use shardref_spec::hlo::{device_attrs, tok};
    texts
        .iter()
        .map(|t| {
            let items = tok::reparse(t).ok_or_else(|| format!("manifest sharding '{t}' is not a sharding"))?;
            device_attrs::sharding(&items).map_err(|e| format!("manifest sharding '{t}': {e}"))
        })
        .collect()
}

/// `run`: the form on the inputs against XLA's outputs.
fn run(dir: &Path, man: &Manifest, f: &Form) -> Result<(), String> {
    let path = dir.join(&f.file);
    let args = inputs(dir, man)?;
    let limits = Limits::default();
    let got = match f.kind {
        Kind::MlirGlobal | Kind::MlirExplicit | Kind::MlirXla | Kind::MlirLocal => {
            let m = load_mlir(&path)?;
            shardref_interp::run(&m, "main", args, limits).map_err(|e| interp_error(&m, &e))?.results
        }
        Kind::HloGlobal => {
            let m = load_hlo(&path)?;
            Reference::Hlo(&m).run(args, limits).map_err(|e| e.message)?
        }
        Kind::HloPartitioned => {
            let m = load_hlo(&path)?;
            // XLA's executable keeps its parameters' and results' shardings outside the module
            // (jax 0.12's partitioned ENTRY carries none): the manifest's, as `--input-sharding` /
            // `--result-sharding` give them, with the global shapes of XLA's outputs.
            let given = ehlo::Shardings {
                inputs: parse_shardings(&man.input_shardings)?,
                results: parse_shardings(&man.output_shardings)?,
                result_shapes: man.outputs.iter().map(|o| o.shape.clone()).collect(),
            };
            ehlo::run_global_given(&m, &args, &given, None, limits)
                .map_err(|e| match e {
                    GlobalRunError::Error(e) => e.message,
                    GlobalRunError::Disagreement { result, index, partitions, .. } => {
                        format!("result {result}: replicas of element {index:?} disagree (partitions {partitions:?})")
                    }
                })?
                .results
        }
    };
    compare_outputs(dir, man, &got, &no_holders)
}

/// How a form's implicit reshards are read: performed, as the partitioner it is handed to would,
/// for the forms before partitioning; strict for Shardy's explicit form when it holds collectives.
fn implicit(m: &Module, kind: Kind) -> ImplicitReshards {
    match kind {
        Kind::MlirExplicit => equiv::default_implicit(m),
        _ => ImplicitReshards::Insert,
    }
}

/// `sharded`: `@main` on the simulated devices of its mesh against XLA's outputs.
fn sharded(dir: &Path, man: &Manifest, f: &Form) -> Result<(), String> {
    let m = load_mlir(&dir.join(&f.file))?;
    let args = inputs(dir, man)?;
    let opts = ShardedOptions { limits: Limits::default(), implicit: implicit(&m, f.kind), canvas: false };
    let results = run_sharded(&m, "main", ShardedInputs::Global(args), &opts).map_err(|e| interp_error(&m, &e))?;
    let globals = results
        .iter()
        .enumerate()
        .map(|(i, r)| r.reassemble().map_err(|e| format!("result {i} cannot be reassembled: {e:?}")))
        .collect::<Result<Vec<_>, _>>()?;
    let holders = |i: usize, index: &[usize]| {
        let ps = results[i].holders(index);
        let ids: Vec<String> = ps.iter().map(|&p| results[i].mesh.device_id(p).to_string()).collect();
        format!(", held by device{} {}", if ids.len() == 1 { "" } else { "s" }, ids.join(", "))
    };
    compare_outputs(dir, man, &globals, &holders)
}

/// `equiv`: `@main` against its erased twin on the inputs, then on two random trials.
fn equivalent(dir: &Path, man: &Manifest, f: &Form) -> Result<(), String> {
    let m = load_mlir(&dir.join(&f.file))?;
    let pairs = equiv::resolve_pairs(&m, Some("main"), None).map_err(|e| e.message)?;
    let prepared = equiv::prepare(&m, &pairs).map_err(|e| e.message)?;
    // The manifest's float tolerance (the widest of the outputs'), as for the comparison with XLA;
    // without one (integer or exact outputs), the element types' own.
    let tol = man.outputs.iter().filter_map(|o| o.tolerance).fold(None, |acc: Option<Tolerance>, t| {
        Some(acc.map_or(t, |a| Tolerance { rtol: a.rtol.max(t.rtol), atol: a.atol.max(t.atol) }))
    });
    let opts = EquivOptions {
        seed: 0,
        trials: 2,
        comparison: Comparison::Tolerant(tol),
        limits: Limits::default(),
        implicit: implicit(&m, f.kind),
        canvas: false,
    };
    for pair in &pairs {
        for given in [Some(inputs(dir, man)?), None] {
            let v = equiv::equiv(&prepared, pair, given, &opts).map_err(|e| e.message)?;
            if !v.is_equal() {
                return Err(format!("@{} vs @{}: {v}", pair.parallel, pair.sequential));
            }
        }
    }
    Ok(())
}
