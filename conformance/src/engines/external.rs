//! The external engines: Shardy, XLA and the StableHLO reference
//! interpreter, each through its oracle script (../shared/oracles) run by a
//! Python with jax 0.10.2.
//!
//! Each run writes the program and its inputs into a fresh temporary folder,
//! runs the script there with a timeout, and reads the results back. A
//! process killed by a signal, an XLA CHECK failure or a timeout is a crash;
//! an exit status 1 with diagnostics is a rejection carrying the script's
//! first diagnostic line. The `.npy` conventions are the scripts': bf16 as
//! uint16 bit patterns, i1 as int8 (the StableHLO interpreter's probes).
//!
//! `Python::available` checks once per process that the interpreter exists
//! and imports jax, and says what is missing otherwise.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use shardref_interp::Tensor;
use shardref_interp::devices::sharded::ImplicitReshards;
use shardref_interp::npy::{read_npy, write_npy};
use shardref_interp::ops::convert::element_strings;
use shardref_spec::ir::{Attr, ElemType, FloatKind, Module, TensorType, Type};
use shardref_spec::ops::{OpKind, OpName, SdyOp};
use shardref_spec::print::{PrintOptions, print_module};

use super::shardref::{load, run_sharded_outputs};
use super::{Engine, Outcome, Output, Placement, Program, catching};

/// A Python with jax, and the folder of the oracle scripts.
#[derive(Clone, Debug)]
pub struct Python {
    pub python: PathBuf,
    pub oracles: PathBuf,
    /// Seconds one script run may take.
    pub timeout: Duration,
    check: Arc<OnceLock<Result<(), String>>>,
}

impl Python {
    /// Relative paths are made absolute here: the scripts run in per-case folders.
    pub fn new(python: PathBuf, oracles: PathBuf) -> Python {
        let absolute = |p: PathBuf| std::path::absolute(&p).unwrap_or(p);
        // A bare program name (`python3`) is looked up on PATH, so only a path is made absolute.
        let python = if python.components().count() > 1 { absolute(python) } else { python };
        let oracles = absolute(oracles);
        Python { python, oracles, timeout: Duration::from_secs(120), check: Arc::new(OnceLock::new()) }
    }

    /// `Err(why)` when the scripts cannot run: no such Python, no jax in it,
    /// or no oracle folder.
    pub fn available(&self) -> Result<(), String> {
        self.check
            .get_or_init(|| {
                if !self.oracles.join("shardy_opt.py").is_file() {
                    return Err(format!(
                        "no oracle scripts in {} (give the folder with --oracles DIR)",
                        self.oracles.display()
                    ));
                }
                let out = Command::new(&self.python)
                    .args(["-c", "import jax, jaxlib; print(jax.__version__)"])
                    .stdin(Stdio::null())
                    .output()
                    .map_err(|e| {
                        format!(
                            "cannot run Python '{}': {e} (give one with jax 0.10.2 by --python PATH or SHARDREF_PYTHON)",
                            self.python.display()
                        )
                    })?;
                if out.status.success() {
                    Ok(())
                } else {
                    let err = String::from_utf8_lossy(&out.stderr);
                    let last = err.lines().last().unwrap_or("").to_string();
                    Err(format!(
                        "Python '{}' cannot import jax ({last}); install jax==0.10.2 or give another by --python PATH",
                        self.python.display()
                    ))
                }
            })
            .clone()
    }

    /// Runs `script args...` in `dir` with the timeout; extra environment in `env`.
    fn run(&self, script: &str, args: &[String], dir: &Path, env: &[(&str, &Path)]) -> ScriptRun {
        let stdout = dir.join("stdout.txt");
        let stderr = dir.join("stderr.txt");
        let (Ok(o), Ok(e)) = (std::fs::File::create(&stdout), std::fs::File::create(&stderr)) else {
            return ScriptRun::Failed(format!("cannot write into {}", dir.display()));
        };
        let mut cmd = Command::new(&self.python);
        cmd.arg(self.oracles.join(script)).args(args).current_dir(dir).stdin(Stdio::null()).stdout(o).stderr(e);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) => return ScriptRun::Failed(format!("cannot run {}: {e}", self.python.display())),
        };
        let start = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(s)) => break s,
                Ok(None) if start.elapsed() > self.timeout => {
                    // Our own child, by its handle.
                    let _ = child.kill();
                    let _ = child.wait();
                    return ScriptRun::Timeout(self.timeout.as_secs());
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                Err(e) => return ScriptRun::Failed(format!("waiting for {script}: {e}")),
            }
        };
        let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
        ScriptRun::Exited { code: status.code(), stdout: read(&stdout), stderr: read(&stderr) }
    }
}

enum ScriptRun {
    /// `code` is `None` when a signal ended the process.
    Exited {
        code: Option<i32>,
        stdout: String,
        stderr: String,
    },
    Timeout(u64),
    Failed(String),
}

/// A fresh temporary folder, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> std::io::Result<TempDir> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let p = std::env::temp_dir().join(format!("shardref-difftest-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&p)?;
        Ok(TempDir(p))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether a failed script's text shows a crash (an abort, a CHECK failure, a signal).
fn looks_like_crash(text: &str) -> bool {
    ["Segmentation fault", "SIGSEGV", "SIGABRT", "Check failed", "RET_CHECK", "LLVM ERROR", "core dumped", "Aborted"]
        .iter()
        .any(|s| text.contains(s))
}

/// The first line that reads like a diagnostic (`error:` or an exception), else the last non-empty line.
pub fn first_diagnostic(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let Some(i) = lines
        .iter()
        .position(|l| l.contains("error:") || l.contains("Error:") || l.starts_with("error"))
        .or(lines.len().checked_sub(1))
    else {
        return "no message".into();
    };
    // A line announcing the message (`...failed:`) is joined with the message.
    match lines.get(i + 1) {
        Some(next) if lines[i].ends_with(':') => format!("{} {next}", lines[i]),
        _ => lines[i].to_string(),
    }
}

/// The outcome of a script that did not exit with 0.
fn failure(script: &str, code: Option<i32>, stdout: &str, stderr: &str) -> Outcome {
    let both = format!("{stdout}\n{stderr}");
    match code {
        None => Outcome::Crashed(format!("{script} was killed by a signal: {}", first_diagnostic(&both))),
        Some(_) if looks_like_crash(&both) => Outcome::Crashed(format!("{script}: {}", crash_line(&both))),
        Some(_) => Outcome::Rejected(format!("{script}: {}", first_diagnostic(&both))),
    }
}

fn crash_line(text: &str) -> String {
    text.lines().find(|l| looks_like_crash(l)).map(|l| l.trim().to_string()).unwrap_or_else(|| first_diagnostic(text))
}

/// Writes `t` as a `.npy` the scripts read: bf16 as uint16 bit patterns.
fn npy_for_python(t: &Tensor) -> Vec<u8> {
    let mut bytes = write_npy(t);
    if matches!(t.elem, ElemType::Float(FloatKind::BF16)) {
        replace_descr(&mut bytes, b"'<V2'", b"'<u2'");
    }
    bytes
}

/// Reads a script's `.npy` output as `ty`: uint16 holds bf16 bits, int8 holds i1.
fn npy_from_python(bytes: &mut [u8], ty: &TensorType) -> Result<Tensor, String> {
    match &ty.elem {
        ElemType::Float(FloatKind::BF16) => replace_descr(bytes, b"'<u2'", b"'<V2'"),
        ElemType::Int { width: 1, .. } => {
            replace_descr(bytes, b"'|i1'", b"'|b1'");
            replace_descr(bytes, b"'<i1'", b"'|b1'");
            replace_descr(bytes, b"'|u1'", b"'|b1'");
        }
        _ => {}
    }
    read_npy(bytes, Some(ty)).map_err(|e| e.to_string())
}

fn replace_descr(bytes: &mut [u8], from: &[u8], to: &[u8]) {
    let head = bytes.len().min(128);
    if let Some(i) = bytes[..head].windows(from.len()).position(|w| w == from) {
        bytes[i..i + to.len()].copy_from_slice(to);
    }
}

/// The result types of `@main`.
fn main_results(m: &Module) -> Result<Vec<TensorType>, String> {
    let (_, results) = shardref_verifier::equiv::arg_types(m, "main").map_err(|e| e.message)?;
    results
        .into_iter()
        .map(|t| match t {
            Type::Tensor(tt) => Ok(tt),
            other => Err(format!("@main returns {other}, not a tensor")),
        })
        .collect()
}

/// Whether the program uses an sdy op that XLA 0.10.2 rejects in its input
/// (explicit collectives and reshards; `xla_run.py`'s docstring).
fn has_explicit_sdy_collectives(m: &Module) -> bool {
    m.walk().into_iter().any(|op| {
        matches!(
            m.op(op).name,
            OpName::Known(OpKind::Sdy(
                SdyOp::AllGather
                    | SdyOp::AllSlice
                    | SdyOp::AllReduce
                    | SdyOp::ReduceScatter
                    | SdyOp::AllToAll
                    | SdyOp::CollectivePermute
                    | SdyOp::Reshard
                    | SdyOp::ShardedToUnreduced
                    | SdyOp::ReplicatedToUnreduced
            ))
        )
    })
}

/// The real Shardy: propagation and export to explicit collectives, then
/// shardref runs the exported program sharded in strict mode.
///
/// jaxlib 0.10.2's export makes the communication of most ops explicit but
/// leaves some to XLA's SPMD partitioner (ops whose factors need
/// replication or permutation, non-divisible dims). When the strict run
/// refuses such implicit communication, shardref completes it as the
/// partitioner would (`insert`) and the run counts as `completed`; value
/// bugs in what Shardy did make explicit are still caught, and the counts
/// say how often the export was complete.
pub struct ShardyEngine {
    pub python: Python,
    /// Runs that were strict, and runs whose implicit reshards shardref completed.
    pub counts: Arc<[AtomicU64; 2]>,
}

/// The passes the `shardy` engine runs.
pub const SHARDY_PIPELINE: [&str; 2] =
    ["sdy-propagation-pipeline", "sdy-export-pipeline{enable-insert-explicit-collectives=true}"];

impl ShardyEngine {
    /// Shardy's exported module for `text`, or the outcome that stops the engine.
    pub fn export(&self, text: &str) -> Result<String, Outcome> {
        let dir = TempDir::new().map_err(|e| Outcome::Skipped(format!("no temporary folder: {e}")))?;
        let file = dir.0.join("program.mlir");
        std::fs::write(&file, text).map_err(|e| Outcome::Skipped(format!("{}: {e}", file.display())))?;
        let mut args = vec![];
        for p in SHARDY_PIPELINE {
            args.push("--pass".to_string());
            args.push(p.to_string());
        }
        args.push("program.mlir".into());
        match self.python.run("shardy_opt.py", &args, &dir.0, &[]) {
            ScriptRun::Exited { code: Some(0), stdout, .. } => Ok(stdout),
            ScriptRun::Exited { code, stdout, stderr } => Err(failure("shardy_opt.py", code, &stdout, &stderr)),
            ScriptRun::Timeout(s) => Err(Outcome::Crashed(format!("shardy_opt.py timed out after {s} s"))),
            ScriptRun::Failed(e) => Err(Outcome::Skipped(e)),
        }
    }
}

impl Engine for ShardyEngine {
    fn name(&self) -> &str {
        "shardy"
    }
    fn notes(&self) -> Option<String> {
        let [strict, completed] = [0, 1].map(|i| self.counts[i].load(Ordering::Relaxed));
        Some(format!(
            "shardy: {strict} exported programs ran strictly, {completed} needed shardref to complete implicit reshards"
        ))
    }
    fn available(&self) -> Result<(), String> {
        self.python.available()
    }
    fn run(&self, p: &Program) -> Outcome {
        if let Err(e) = self.python.available() {
            return Outcome::Skipped(e);
        }
        let exported = match self.export(&p.text) {
            Ok(t) => t,
            Err(o) => return o,
        };
        catching(|| {
            let m = match load(&format!("{} (Shardy's export)", p.name), &exported) {
                Ok(m) => m,
                Err(e) => return Outcome::Rejected(format!("shardref cannot read Shardy's exported program: {e}")),
            };
            match run_sharded_outputs(&m, p, ImplicitReshards::Error, false) {
                Ok(o) => {
                    self.counts[0].fetch_add(1, Ordering::Relaxed);
                    o
                }
                Err(e) if e.is_refusal() => match run_sharded_outputs(&m, p, ImplicitReshards::Insert, false) {
                    Ok(o) => {
                        self.counts[1].fetch_add(1, Ordering::Relaxed);
                        o
                    }
                    Err(e) => Outcome::Rejected(format!("Shardy's exported program, reshards completed: {e}")),
                },
                Err(e) => Outcome::Rejected(format!("Shardy's exported program, run strictly: {e}")),
            }
        })
    }
}

/// XLA CPU on N devices.
pub struct XlaEngine {
    pub python: Python,
}

impl Engine for XlaEngine {
    fn name(&self) -> &str {
        "xla"
    }
    fn available(&self) -> Result<(), String> {
        self.python.available()
    }
    fn bitwise(&self) -> bool {
        false
    }
    fn run(&self, p: &Program) -> Outcome {
        if let Err(e) = self.python.available() {
            return Outcome::Skipped(e);
        }
        let m = match super::parse(&p.name, &p.text) {
            Ok(m) => m,
            Err(e) => return Outcome::Skipped(format!("shardref cannot parse the program: {e}")),
        };
        if has_explicit_sdy_collectives(&m) {
            return Outcome::Skipped("XLA in jaxlib 0.10.2 rejects explicit sdy collectives and reshards".into());
        }
        let results = match main_results(&m) {
            Ok(r) => r,
            Err(e) => return Outcome::Skipped(e),
        };
        if p.inputs.iter().any(|t| matches!(t.elem, ElemType::Float(FloatKind::F64))) {
            // jax runs without x64 here: xla_run.py hands XLA an f32 buffer
            // for an f64 parameter, and XLA (0.10.2) then dies with SIGSEGV.
            return Outcome::Skipped("xla_run.py cannot pass f64 inputs (jax without x64)".into());
        }
        let dir = match TempDir::new() {
            Ok(d) => d,
            Err(e) => return Outcome::Skipped(format!("no temporary folder: {e}")),
        };
        let mut args = vec!["program.mlir".to_string()];
        let write = |name: &str, bytes: &[u8]| std::fs::write(dir.0.join(name), bytes);
        if write("program.mlir", p.text.as_bytes()).is_err() {
            return Outcome::Skipped("cannot write the program".into());
        }
        if !p.inputs.is_empty() {
            args.push("--input".into());
        }
        for (i, t) in p.inputs.iter().enumerate() {
            let name = format!("arg_{i}.npy");
            if write(&name, &npy_for_python(t)).is_err() {
                return Outcome::Skipped("cannot write an input".into());
            }
            args.push(name);
        }
        args.extend(["--out".to_string(), "out".to_string()]);
        match self.python.run("xla_run.py", &args, &dir.0, &[]) {
            ScriptRun::Exited { code: Some(0), .. } => {}
            ScriptRun::Exited { code, stdout, stderr } => return failure("xla_run.py", code, &stdout, &stderr),
            ScriptRun::Timeout(s) => return Outcome::Crashed(format!("xla_run.py timed out after {s} s")),
            ScriptRun::Failed(e) => return Outcome::Skipped(e),
        }
        let slices = read_slices(&dir.0.join("out/xla_run.json"));
        let mut out = vec![];
        for (i, ty) in results.iter().enumerate() {
            let path = dir.0.join(format!("out/output_{i}.npy"));
            let mut bytes = match std::fs::read(&path) {
                Ok(b) => b,
                Err(e) => return Outcome::Rejected(format!("xla_run.py wrote no output_{i}.npy: {e}")),
            };
            match npy_from_python(&mut bytes, ty) {
                Ok(t) => {
                    let placement = slices.get(i).cloned().map_or(Placement::Global, Placement::Slices);
                    out.push(Output { value: t, placement });
                }
                Err(e) => return Outcome::Rejected(format!("output_{i}.npy: {e}")),
            }
        }
        Outcome::Ran(out)
    }
}

/// Per output, per device, the `[start, stop)` per dimension it holds (`xla_run.json`).
fn read_slices(path: &Path) -> Vec<Vec<(i64, Vec<(usize, usize)>)>> {
    let Ok(text) = std::fs::read_to_string(path) else { return vec![] };
    let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else { return vec![] };
    let Some(outputs) = json.get("outputs").and_then(|o| o.as_array()) else { return vec![] };
    outputs
        .iter()
        .map(|o| {
            let Some(map) = o.get("device_slices").and_then(|d| d.as_object()) else { return vec![] };
            let mut devices: Vec<(i64, Vec<(usize, usize)>)> = map
                .iter()
                .filter_map(|(d, ranges)| {
                    let d: i64 = d.parse().ok()?;
                    let ranges = ranges
                        .as_array()?
                        .iter()
                        .map(|r| Some((r.get(0)?.as_u64()? as usize, r.get(1)?.as_u64()? as usize)))
                        .collect::<Option<Vec<_>>>()?;
                    Some((d, ranges))
                })
                .collect();
            devices.sort_by_key(|d| d.0);
            devices
        })
        .collect()
}

/// The StableHLO reference interpreter on the unpartitioned twin.
pub struct StablehloEngine {
    pub python: Python,
}

impl StablehloEngine {
    /// The file `stablehlo_eval.py` runs: the erased twin of `@main` as a
    /// private function, and an entry `@main` taking the inputs (the RUN
    /// line's `--args`) that probes each result of the twin
    /// (`interpreter.probe`, read back from the probe folder).
    pub fn test_file(p: &Program) -> Result<(String, Vec<TensorType>), String> {
        let mut m = super::parse(&p.name, &p.text)?;
        if m.walk().into_iter().any(|op| m.op(op).name == OpName::Known(OpKind::Sdy(SdyOp::ManualComputation))) {
            return Err("a manual computation has no unpartitioned reading".into());
        }
        let results = main_results(&m)?;
        shardref_verifier::equiv::erased_twin(&mut m, "main", "twin").map_err(|e| e.message)?;
        let body = m.body();
        let keep: Vec<_> = m
            .block(body)
            .ops
            .iter()
            .copied()
            .filter(|&op| {
                let o = m.op(op);
                let is_main = matches!(shardref_spec::schema::Func::of(o).sym_name().raw(), Some(Attr::Str(s, _)) if s == b"main");
                !is_main && o.name != OpName::Known(OpKind::Sdy(SdyOp::Mesh))
            })
            .collect();
        m.blocks[body.index()].ops = keep;
        let twin = print_module(&m, PrintOptions::default());
        let args: Vec<String> = p.inputs.iter().map(dense_literal).collect::<Result<_, _>>()?;
        let arg_tys: Vec<String> = p.inputs.iter().map(|t| Type::Tensor(t.ty()).to_string()).collect();
        let res_tys: Vec<String> = results.iter().map(|t| Type::Tensor(t.clone()).to_string()).collect();
        let params: Vec<String> = arg_tys.iter().enumerate().map(|(i, t)| format!("%a{i}: {t}")).collect();
        let names: Vec<String> = (0..arg_tys.len()).map(|i| format!("%a{i}")).collect();
        let mut f = format!("// RUN: stablehlo-translate --interpret --args=\"[{}]\" %s\n", args.join(", "));
        // The twin's module, with the entry appended inside it.
        let twin = twin.trim_end();
        let Some(inner) = twin.strip_suffix('}') else { return Err("unexpected printed module".into()) };
        f.push_str(inner);
        f.push_str(&format!("  func.func @main({}) {{\n", params.join(", ")));
        let call_results = if res_tys.len() == 1 { "%r".to_string() } else { format!("%r:{}", res_tys.len()) };
        if !res_tys.is_empty() {
            f.push_str(&format!("    {call_results} = "));
        } else {
            f.push_str("    ");
        }
        f.push_str(&format!(
            "func.call @twin({}) : ({}) -> ({})\n",
            names.join(", "),
            arg_tys.join(", "),
            res_tys.join(", ")
        ));
        for (i, t) in res_tys.iter().enumerate() {
            let r = if res_tys.len() == 1 { "%r".to_string() } else { format!("%r#{i}") };
            f.push_str(&format!(
                "    %p{i} = \"interpreter.probe\"({r}) {{probe_id = \"result_{i}\"}} : ({t}) -> {t}\n"
            ));
        }
        f.push_str("    \"func.return\"() : () -> ()\n  }\n}\n");
        Ok((f, results))
    }
}

/// `dense<...> : tensor<...>` with every element written out.
fn dense_literal(t: &Tensor) -> Result<String, String> {
    let elems = element_strings(t).map_err(|e| e.to_string())?;
    fn nest(elems: &[String], shape: &[usize]) -> String {
        match shape.split_first() {
            None => elems.first().cloned().unwrap_or_default(),
            Some((&n, rest)) => {
                let step = rest.iter().product::<usize>();
                let parts: Vec<String> = (0..n).map(|i| nest(&elems[i * step..(i + 1) * step], rest)).collect();
                format!("[{}]", parts.join(", "))
            }
        }
    }
    Ok(format!("dense<{}> : {}", nest(&elems, &t.shape), Type::Tensor(t.ty())))
}

impl Engine for StablehloEngine {
    fn name(&self) -> &str {
        "stablehlo"
    }
    fn available(&self) -> Result<(), String> {
        self.python.available()
    }
    fn bitwise(&self) -> bool {
        false
    }
    fn run(&self, p: &Program) -> Outcome {
        if let Err(e) = self.python.available() {
            return Outcome::Skipped(e);
        }
        let (file, results) = match Self::test_file(p) {
            Ok(f) => f,
            Err(e) => return Outcome::Skipped(format!("no unpartitioned twin: {e}")),
        };
        let dir = match TempDir::new() {
            Ok(d) => d,
            Err(e) => return Outcome::Skipped(format!("no temporary folder: {e}")),
        };
        if std::fs::write(dir.0.join("program.mlir"), &file).is_err() {
            return Outcome::Skipped("cannot write the program".into());
        }
        let tmp = dir.0.join("tmp");
        let _ = std::fs::create_dir_all(&tmp);
        let args = ["--jobs".to_string(), "1".into(), "--out".into(), "result.tsv".into(), "program.mlir".into()];
        match self.python.run("stablehlo_eval.py", &args, &dir.0, &[("TMPDIR", &tmp)]) {
            ScriptRun::Exited { code: Some(0), .. } => {}
            ScriptRun::Exited { code, stdout, stderr } => return failure("stablehlo_eval.py", code, &stdout, &stderr),
            ScriptRun::Timeout(s) => return Outcome::Crashed(format!("stablehlo_eval.py timed out after {s} s")),
            ScriptRun::Failed(e) => return Outcome::Skipped(e),
        }
        let tsv = std::fs::read_to_string(dir.0.join("result.tsv")).unwrap_or_default();
        let row: Vec<&str> = tsv.lines().nth(1).unwrap_or("").split('\t').collect();
        let (status, kind, detail) =
            (row.get(2).copied().unwrap_or(""), row.get(3).copied().unwrap_or(""), row.last().copied().unwrap_or(""));
        if status != "pass" {
            let msg = format!("stablehlo_eval.py: {status} {kind}: {detail}");
            return if kind.starts_with("crash") || status == "timeout" {
                Outcome::Crashed(msg)
            } else {
                Outcome::Rejected(msg)
            };
        }
        // The probes: `probe_id,type,path` per line of index.csv in the probe folder.
        let index = std::fs::read_dir(&tmp).ok().into_iter().flatten().flatten().find_map(|e| {
            let p = e.path().join("index.csv");
            std::fs::read_to_string(p).ok()
        });
        let Some(index) = index else { return Outcome::Rejected("stablehlo_eval.py wrote no probes".into()) };
        let mut out = vec![];
        for (i, ty) in results.iter().enumerate() {
            let id = format!("result_{i},");
            let Some(line) = index.lines().find(|l| l.starts_with(&id)) else {
                return Outcome::Rejected(format!("no probe of result {i}"));
            };
            let path = line.rsplit(',').next().unwrap_or("");
            let mut bytes = match std::fs::read(path) {
                Ok(b) => b,
                Err(e) => return Outcome::Rejected(format!("probe of result {i}: {e}")),
            };
            match npy_from_python(&mut bytes, ty) {
                Ok(t) => out.push(Output::global(t)),
                Err(e) => return Outcome::Rejected(format!("probe of result {i}: {e}")),
            }
        }
        Outcome::Ran(out)
    }
}
