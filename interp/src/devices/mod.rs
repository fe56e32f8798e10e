//! Simulated devices (issue #5): deterministic processes that meet in
//! collectives, and the StableHLO collectives over them.
//!
//! - `runtime`: processes on threads, the rendezvous (`DeviceCtx::exchange`),
//!   exact deadlock and mismatch detection.
//! - `collectives`: StableHLO's collectives with the spec's process-grid
//!   semantics, send/recv/infeed/outfeed, and `interpreter.run_parallel`.

pub mod collectives;
pub mod runtime;
