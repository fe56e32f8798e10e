//! Simulated devices (issue #5): deterministic processes that meet in
//! collectives, the StableHLO collectives over them, the sdy device model and
//! sharded execution of global-view sdy programs.
//!
//! - `runtime`: processes on threads, the rendezvous (`DeviceCtx::exchange`),
//!   exact deadlock and mismatch detection.
//! - `collectives`: StableHLO's collectives with the spec's process-grid
//!   semantics, send/recv/infeed/outfeed, and `interpreter.run_parallel`.
//! - `mesh`: meshes, axis references and sub-axes, shardings to per-device blocks.
//! - `locality`: which operand elements an op reads to compute a result block.
//! - `sdy_ops`: the sdy ops' global semantics and the collectives' data movement.
//! - `sharded`: `run_sharded`, lockstep execution of a global-view program.
//! - `hlo_sharding`: HLO `sharding=` attributes as per-partition blocks (shard, reassemble).
//! - `mpmd`: MPMD programs: topologies of meshes, fragments, transfers, schedule.
//! - `manual`: `sdy.manual_computation` bodies run per device.

pub mod collectives;
pub mod factors;
pub mod hlo_sharding;
pub mod locality;
pub mod manual;
pub mod mesh;
pub mod mpmd;
pub mod runtime;
pub mod sdy_ops;
pub mod sharded;
