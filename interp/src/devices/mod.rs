//! Simulated devices (issue #5): deterministic processes that meet in
//! collectives, and the StableHLO collectives over them.
//!
//! - `runtime`: processes on threads, the rendezvous (`DeviceCtx::exchange`),
//!   exact deadlock and mismatch detection.

pub mod runtime;
