//! Simulated devices (issue #5): deterministic processes that meet in
//! collectives, the StableHLO collectives over them, the sdy device model and
//! sharded execution of global-view sdy programs.
//!
//! Layers (issue #9; imports only point down):
//! - bottom, below the evaluator: `runtime` (processes as coroutines on a
//!   fixed worker pool, the rendezvous behind the `Comm` trait, exact
//!   deadlock and mismatch detection) and `mesh`;
//! - middle, with the evaluator: `collectives` (the collective kernels, over
//!   `Comm`);
//! - top, above the evaluator and reached from it only through `eval::Host`
//!   (`host`): `parallel`, `manual`, `sharded` (with `factors`, `local_forms`,
//!   `sdy_ops`) and `mpmd`.
//!
//! - `runtime`: processes on a worker pool, the rendezvous (`Comm::exchange`),
//!   exact deadlock and mismatch detection.
//! - `collectives`: StableHLO's collectives with the spec's process-grid
//!   semantics, send/recv/infeed/outfeed.
//! - `parallel`: `interpreter.run_parallel`.
//! - `host`: the device layer as the evaluator's `Host`.
//! - `options`: a run's implicit-reshard policy and options, and the host value drivers install.
//! - `mesh`: meshes, axis references and sub-axes, shardings to per-device blocks.
//! - `factors`: the one decision per sharded op (`decide`, a typed `Decision`),
//!   from its Shardy factors; `factors::canvas`: what an op reads, for canvases.
//! - `local_forms`: per-device offsets and halo windows of position-dependent ops.
//! - `sdy_ops`: the sdy collectives' data movement on held shards.
//! - `sharded`: `run_sharded`, lockstep execution of a global-view program.
//! - `hlo_sharding`: HLO `sharding=` attributes as per-partition blocks (shard, reassemble).
//! - `mpmd`: MPMD programs: topologies of meshes, fragments, transfers, schedule.
//! - `manual`: `sdy.manual_computation` bodies run per device.

pub mod collectives;
pub mod factors;
pub mod hlo_sharding;
pub mod host;
pub mod local_forms;
pub mod manual;
pub mod mesh;
pub mod mpmd;
pub mod options;
pub mod parallel;
pub mod runtime;
pub mod sdy_ops;
pub mod sharded;
