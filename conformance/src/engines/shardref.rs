//! shardref's own engines: the global reference interpreter and the sharded
//! run on simulated devices (strict, or inserting implicit reshards).
//!
//! Each parses and verifies the program first: a verifier error is a
//! rejection with the verifier's located message. A panic anywhere is a
//! crash (`catching`).

use std::fmt;
use std::sync::Arc;

use shardref_interp::devices::sharded::{ImplicitReshards, ShardedInputs, ShardedOptions, run_sharded};
use shardref_interp::{ErrorKind, InterpError, Limits, Value};
use shardref_spec::diag::Severity;
use shardref_spec::ir::Module;
use shardref_spec::{Source, parse_source};

use super::{Engine, Outcome, Output, Placement, Program, catching};

/// Parses and verifies `text`; `Err` is the rendered first errors.
pub fn load(name: &str, text: &str) -> Result<Module, String> {
    let source = Arc::new(Source { name: name.to_string(), text: text.to_string(), first_line: 1 });
    let m = parse_source(source.clone()).map_err(|r| r.to_string())?;
    let errors: Vec<_> = shardref_verifier::verify(&m).into_iter().filter(|d| d.severity == Severity::Error).collect();
    if errors.is_empty() { Ok(m) } else { Err(shardref_spec::diag::render(&source, &errors[..1])) }
}

fn values(p: &Program) -> Vec<Value> {
    p.inputs.iter().cloned().map(Value::Tensor).collect()
}

/// shardref's reference interpreter on the global program.
pub struct GlobalEngine;

impl Engine for GlobalEngine {
    fn name(&self) -> &str {
        "global"
    }
    fn run(&self, p: &Program) -> Outcome {
        catching(|| {
            let m = match load(&p.name, &p.text) {
                Ok(m) => m,
                Err(e) => return Outcome::Rejected(e),
            };
            match shardref_interp::run(&m, "main", values(p), Limits::default()) {
                Ok(out) => tensors(out.results, |_, t| Output::global(t)),
                Err(e) => Outcome::Rejected(e.to_string()),
            }
        })
    }
}

/// shardref on the simulated devices of `@main`'s mesh.
pub struct ShardedEngine {
    pub implicit: ImplicitReshards,
    /// Runs every op on global-shaped canvases (`--canvas`, the independent
    /// second implementation) instead of on local shards.
    pub canvas: bool,
}

/// Why a sharded run gave no outputs: the interpreter's error, or results
/// that cannot be read back as global tensors. Displays as the message the
/// engines report.
#[derive(Clone, Debug)]
pub enum ShardedRunError {
    Interp(InterpError),
    Results(String),
}

impl fmt::Display for ShardedRunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardedRunError::Interp(e) => write!(f, "{e}"),
            ShardedRunError::Results(s) => f.write_str(s),
        }
    }
}

impl ShardedRunError {
    /// Whether a strict run refused an op for communication the program does
    /// not perform (the error's typed `Refusal`, not its text).
    pub fn is_refusal(&self) -> bool {
        matches!(self, ShardedRunError::Interp(e) if e.refusal.is_some())
    }

    /// Whether a strict run's error says the program is not a complete
    /// partitioned program: a refusal, or any other run-time trap of the
    /// sharded semantics (e.g. sum partials mixed with a max reduction).
    /// Generated programs leave all of these to the partitioner, so the strict
    /// engine skips them; other errors (invalid programs, unsupported
    /// constructs) remain rejections.
    pub fn is_strict_refusal(&self) -> bool {
        self.is_refusal() || matches!(self, ShardedRunError::Interp(e) if e.kind == ErrorKind::Trap)
    }
}

impl Engine for ShardedEngine {
    fn name(&self) -> &str {
        match (self.implicit, self.canvas) {
            (ImplicitReshards::Error, false) => "sharded",
            (ImplicitReshards::Insert, false) => "insert",
            (ImplicitReshards::Error, true) => "sharded-canvas",
            (ImplicitReshards::Insert, true) => "canvas",
        }
    }
    fn run(&self, p: &Program) -> Outcome {
        catching(|| {
            let m = match load(&p.name, &p.text) {
                Ok(m) => m,
                Err(e) => return Outcome::Rejected(e),
            };
            match run_sharded_outputs(&m, p, self.implicit, self.canvas) {
                Err(e) if self.implicit == ImplicitReshards::Error && e.is_strict_refusal() => {
                    Outcome::Skipped(format!("not a complete partitioned program: {e}"))
                }
                Err(e) => Outcome::Rejected(e.to_string()),
                Ok(o) => o,
            }
        })
    }
}

/// Runs `@main` of `m` sharded on `p`'s inputs and reassembles the results.
pub fn run_sharded_outputs(
    m: &Module,
    p: &Program,
    implicit: ImplicitReshards,
    canvas: bool,
) -> Result<Outcome, ShardedRunError> {
    let opts = ShardedOptions { limits: Limits::default(), implicit, canvas };
    let results = run_sharded(m, "main", ShardedInputs::Global(values(p)), &opts).map_err(ShardedRunError::Interp)?;
    let mut out = vec![];
    for (i, r) in results.into_iter().enumerate() {
        let global =
            r.reassemble().map_err(|e| ShardedRunError::Results(format!("result {i} cannot be reassembled: {e}")))?;
        match global {
            Value::Tensor(t) => out.push(Output { value: t, placement: Placement::Sharded(r) }),
            _ => return Err(ShardedRunError::Results(format!("result {i} is not a tensor"))),
        }
    }
    Ok(Outcome::Ran(out))
}

fn tensors(results: Vec<Value>, wrap: impl Fn(usize, shardref_interp::Tensor) -> Output) -> Outcome {
    let mut out = vec![];
    for (i, v) in results.into_iter().enumerate() {
        match v {
            Value::Tensor(t) => out.push(wrap(i, t)),
            _ => return Outcome::Rejected(format!("result {i} is not a tensor")),
        }
    }
    Outcome::Ran(out)
}
