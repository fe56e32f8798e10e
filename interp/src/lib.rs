//! shardref-interp: the executable reference semantics of StableHLO, sdy and
//! mpmd programs (issues #3 and #5).
//!
//! - `value`: tensors over typed contiguous buffers, tuples, tokens.
//! - `ops`: one module of pure kernels per op family.
//! - `eval`: the evaluator, the only dispatcher over op kinds; fuel, memory
//!   and call-depth limits. It sees processes through `devices::runtime::Comm`
//!   and re-enters the drivers above it through `eval::Host`.
//! - `body`: scalar region bodies (sort comparators, reducers) compiled once.
//! - `limits`: the limits of a run (below both the evaluator and the runtime).
//! - `liveness`: after which op each frame value is dead (buffer reuse).
//! - `pool`: large dead buffers kept for reuse as kernel outputs.
//! - `check`: the semantics of the test dialect's `check.*` ops.
//! - `annotations`: XLA's sharding annotations as custom calls, read and checked (identities).
//! - `error`: `InterpError` with a category and the op's span.
//! - `devices`: simulated devices, their rendezvous and the collectives.
//! - `eval::mpmd`: the global (unpartitioned) reading of the mpmd ops.
//! - `npy`: NumPy's `.npy`/`.npz` files, as `shardref run` reads and writes them.
//!
//! Invariants: depends on `shardref-spec` only, never on the verifier. No
//! input makes it panic: ill-typed IR is an `InvalidProgram` error, unknown
//! constructs are `Unsupported`, and limits give `ResourceExhausted`.
//! Results never depend on the thread count.

pub mod annotations;
pub mod attrs;
pub mod body;
pub mod check;
pub mod devices;
pub mod error;
pub mod eval;
pub mod fastloop;
pub mod fusion;
pub mod hlo;
pub mod limits;
pub mod liveness;
pub mod npy;
pub mod ops;
pub mod par;
pub mod pool;
pub mod print;
pub mod value;

pub use error::{ErrorKind, InterpError, Need, Refusal, RefusedValue, ReplicaMismatch};
pub use eval::{Limits, OpStats, Outcome};

/// Runs function `entry` of `m` on `inputs` (the ordinary interpreter, with
/// the device layer as its host for `interpreter.run_parallel` and
/// `sdy.manual_computation`).
pub fn run(m: &shardref_spec::Module, entry: &str, inputs: Vec<Value>, limits: Limits) -> error::IResult<Outcome> {
    eval::run_with_host(m, entry, inputs, limits, Some(devices::host::strict()))
}

/// `run`, with per-op totals.
pub fn run_profiled(
    m: &shardref_spec::Module,
    entry: &str,
    inputs: Vec<Value>,
    limits: Limits,
) -> error::IResult<(Outcome, std::collections::BTreeMap<String, eval::OpStats>)> {
    eval::run_profiled_with_host(m, entry, inputs, limits, Some(devices::host::strict()))
}
pub use value::{Buffer, Tensor, Value};
