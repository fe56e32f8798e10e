//! Simulated devices (issue #5): the sdy device model, sharded execution of
//! global-view sdy programs, and (with the runtime) StableHLO collectives.
//!
//! - `mesh`: meshes, axis references and sub-axes, shardings to per-device blocks.
//! - `locality`: which operand elements an op reads to compute a result block.
//! - `sdy_ops`: the sdy ops' global semantics and the collectives' data movement.
//! - `sharded`: `run_sharded`, lockstep execution of a global-view program.
//! - `manual`: `sdy.manual_computation` bodies run per device.

pub mod locality;
pub mod manual;
pub mod mesh;
pub mod sdy_ops;
pub mod sharded;
