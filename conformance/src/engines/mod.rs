//! Engines: implementations that run a global-view sharded program on given
//! global inputs and return its global results (issue #13).
//!
//! An `Engine` takes a `Program` (the module's text and one global input per
//! argument of `@main`) and returns an `Outcome`: the results (each with the
//! devices that hold each element, when the engine knows them), a rejection
//! with the engine's own message, a crash, or a skip (the engine does not
//! apply to this program, or is not installed). The difftest runner
//! (`crate::difftest`) is written once over this trait, in the spirit of the
//! WebAssembly reference interpreter's `Make (Engine)` functor, and so is
//! `Differential`, the conformance `Mode` that judges suite cases by running
//! them on several engines.
//!
//! The engines:
//! - `global`: shardref's reference interpreter, shardings ignored.
//! - `sharded`: shardref on the simulated devices of the mesh, strict (every
//!   communication explicit); a program that leaves communication implicit
//!   is skipped, not rejected, since upstream partitions such programs first.
//! - `insert`: shardref sharded, inserting the reshards a program leaves
//!   implicit (as upstream's partitioner pipeline would).
//! - `shardy`: Shardy's propagation and export pipelines (jaxlib, through
//!   `shardy_opt.py`) rewrite the program to explicit collectives, and
//!   shardref runs the result sharded in strict mode.
//! - `xla`: XLA CPU on N devices (`xla_run.py`).
//! - `stablehlo`: the StableHLO reference interpreter (`stablehlo_eval.py`)
//!   on the unpartitioned twin (shardings and sdy ops erased).
//!
//! External engines are optional: `available` says why one cannot run (no
//! Python, no jax), and the shardref engines never need them.
//!
//! Invariant: engines never panic on a program (shardref's panics are caught
//! and reported as crashes) and are deterministic for a given program.

pub mod external;
pub mod shardref;

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use shardref_interp::devices::sharded::ShardedValue;
use shardref_interp::{Tensor, Value};
use shardref_spec::ir::Module;
use shardref_spec::{Source, parse_source};
use shardref_verifier::equiv::{self, inputs};

pub use external::{Python, ShardyEngine, StablehloEngine, XlaEngine};
pub use shardref::{GlobalEngine, ShardedEngine};

/// A program to run: its text and one global input per argument of `@main`.
#[derive(Clone, Debug)]
pub struct Program {
    pub name: String,
    pub text: String,
    pub inputs: Vec<Tensor>,
}

impl Program {
    /// The program of `text` with seeded random inputs for `@main`
    /// (`equiv`'s draws: trial 0 of `seed`).
    pub fn with_random_inputs(name: &str, text: &str, seed: u64) -> Result<Program, String> {
        let m = parse(name, text)?;
        let (args, _) = equiv::arg_types(&m, "main").map_err(|e| e.message)?;
        let mut rng = inputs::trial_rng(seed, 0);
        let values = inputs::random_inputs(&args, &mut rng)?;
        let inputs = values
            .into_iter()
            .map(|v| match v {
                Value::Tensor(t) => Ok(t),
                _ => Err("@main takes a non-tensor argument".to_string()),
            })
            .collect::<Result<_, _>>()?;
        Ok(Program { name: name.to_string(), text: text.to_string(), inputs })
    }
}

/// Parses `text` with shardref's parser (the message is the located report).
pub fn parse(name: &str, text: &str) -> Result<Module, String> {
    let source = Arc::new(Source { name: name.to_string(), text: text.to_string(), first_line: 1 });
    parse_source(source).map_err(|r| r.to_string())
}

/// Where the elements of a result live.
#[derive(Clone, Debug)]
pub enum Placement {
    /// An engine without devices (or one that does not say).
    Global,
    /// shardref's per-device shards.
    Sharded(ShardedValue),
    /// Per device id, the `[start, stop)` range per dimension it holds (XLA).
    Slices(Vec<(i64, Vec<(usize, usize)>)>),
}

/// One global result.
#[derive(Clone, Debug)]
pub struct Output {
    pub value: Tensor,
    pub placement: Placement,
}

impl Output {
    pub fn global(value: Tensor) -> Output {
        Output { value, placement: Placement::Global }
    }

    /// The device ids holding global element `index` (empty when unknown).
    pub fn holders(&self, index: &[usize]) -> Vec<i64> {
        match &self.placement {
            Placement::Global => vec![],
            Placement::Sharded(v) => v.holders(index).into_iter().map(|p| v.mesh.device_id(p)).collect(),
            Placement::Slices(s) => s
                .iter()
                .filter(|(_, ranges)| ranges.iter().zip(index).all(|(&(a, b), &i)| a <= i && i < b))
                .map(|(d, _)| *d)
                .collect(),
        }
    }
}

/// What an engine made of a program.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The global results, in order.
    Ran(Vec<Output>),
    /// The engine refused or failed the program with a message of its own
    /// (a verifier or compiler error, a run-time error).
    Rejected(String),
    /// The engine crashed: a shardref panic, a process killed by a signal,
    /// a CHECK failure or a timeout.
    Crashed(String),
    /// The engine does not apply to this program (or is unavailable).
    Skipped(String),
}

impl Outcome {
    /// A one-word name of the outcome's kind.
    pub fn kind(&self) -> &'static str {
        match self {
            Outcome::Ran(_) => "ran",
            Outcome::Rejected(_) => "rejected",
            Outcome::Crashed(_) => "crashed",
            Outcome::Skipped(_) => "skipped",
        }
    }

    /// The message of a rejection, crash or skip.
    pub fn message(&self) -> Option<&str> {
        match self {
            Outcome::Ran(_) => None,
            Outcome::Rejected(m) | Outcome::Crashed(m) | Outcome::Skipped(m) => Some(m),
        }
    }
}

/// An implementation that runs programs.
pub trait Engine: Send + Sync {
    /// The name used by `--engines`.
    fn name(&self) -> &str;
    /// `Err(why)` when the engine cannot run here (no Python, no jax).
    fn available(&self) -> Result<(), String> {
        Ok(())
    }
    /// Whether its float results are compared bitwise with shardref's. The
    /// external engines compare numerically exactly instead (NaN equals NaN
    /// whatever its payload, -0.0 equals 0.0), since they do not promise
    /// NaN payloads or the sign of zero.
    fn bitwise(&self) -> bool {
        true
    }
    /// Runs `program`.
    fn run(&self, program: &Program) -> Outcome;
    /// A line for the closing summary (what the engine counted), if any.
    fn notes(&self) -> Option<String> {
        None
    }
}

/// Runs `f`, turning a panic into a crash that quotes it.
pub fn catching(f: impl FnOnce() -> Outcome) -> Outcome {
    match std::panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(o) => o,
        Err(e) => Outcome::Crashed(format!("shardref panicked: {}", crate::panic_message(e.as_ref()))),
    }
}

/// The engine names `--engines` knows, in a fixed order.
pub const ENGINE_NAMES: [&str; 7] = ["global", "sharded", "insert", "canvas", "shardy", "xla", "stablehlo"];

/// The engine called `name`, with external engines using `python`.
pub fn engine_named(name: &str, python: &Python) -> Result<Box<dyn Engine>, String> {
    use shardref_interp::devices::sharded::ImplicitReshards;
    Ok(match name {
        "global" => Box::new(GlobalEngine),
        "sharded" => Box::new(ShardedEngine { implicit: ImplicitReshards::Error, canvas: false }),
        "insert" => Box::new(ShardedEngine { implicit: ImplicitReshards::Insert, canvas: false }),
        "canvas" => Box::new(ShardedEngine { implicit: ImplicitReshards::Insert, canvas: true }),
        "shardy" => Box::new(ShardyEngine { python: python.clone(), counts: Default::default() }),
        "xla" => Box::new(XlaEngine { python: python.clone() }),
        "stablehlo" => Box::new(StablehloEngine { python: python.clone() }),
        other => return Err(format!("unknown engine '{other}' (known: {})", ENGINE_NAMES.join(", "))),
    })
}

/// Engines by a comma-separated list.
pub fn engines_named(list: &str, python: &Python) -> Result<Vec<Box<dyn Engine>>, String> {
    list.split(',').map(str::trim).filter(|s| !s.is_empty()).map(|n| engine_named(n, python)).collect()
}
