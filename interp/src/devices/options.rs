//! What a run of the device layer is given, below the drivers that take it: the policy for
//! implicit reshards, a sharded run's options, and the `DeviceHost` value a driver installs in
//! the interpreters it creates, through which a nested `interpreter.run_parallel` or
//! `sdy.manual_computation` re-enters the device layer (`eval::Host`).
//!
//! Invariant: the host's behaviour, which dispatches to the drivers (`parallel`, `manual`,
//! `sharded`), is implemented above them in `host`; the drivers name only the value defined
//! here, so that they and the host do not import each other.

use crate::eval::Limits;

/// What to do when an op's operand shardings would need communication that
/// the program does not perform explicitly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImplicitReshards {
    /// Report it: an error naming the op, the operand, the dimension and the axes.
    Error,
    /// Perform it, as upstream's partitioner pipeline (insert-explicit-reshards,
    /// reshard-to-collectives) would: gather, compute, re-slice.
    Insert,
}

/// Options of a sharded run.
#[derive(Clone, Copy, Debug)]
pub struct ShardedOptions {
    pub limits: Limits,
    pub implicit: ImplicitReshards,
    /// Run every op on global-shaped canvases (the slow, independent second
    /// implementation) instead of deciding from the op's factors and running
    /// it on local shards.
    pub canvas: bool,
}

impl Default for ShardedOptions {
    fn default() -> Self {
        ShardedOptions { limits: Limits::default(), implicit: ImplicitReshards::Error, canvas: false }
    }
}

/// The device layer with one implicit-reshard policy, as the evaluator's host (its
/// `eval::Host` implementation is in `host`).
#[derive(Debug)]
pub struct DeviceHost {
    pub implicit: ImplicitReshards,
}

static STRICT: DeviceHost = DeviceHost { implicit: ImplicitReshards::Error };
static INSERT: DeviceHost = DeviceHost { implicit: ImplicitReshards::Insert };

/// The host whose sharded runs report implicit reshards as errors.
pub fn strict() -> &'static DeviceHost {
    &STRICT
}

/// The host for `implicit`.
pub fn host(implicit: ImplicitReshards) -> &'static DeviceHost {
    match implicit {
        ImplicitReshards::Error => &STRICT,
        ImplicitReshards::Insert => &INSERT,
    }
}
