//! The device layer as the evaluator's host (`eval::Host`): the drivers
//! that run above the evaluator and re-enter it on simulated processes.
//!
//! - `interpreter.run_parallel`: `parallel::run_parallel` (one process per
//!   program slot, or a sharded run for a global-view sdy function);
//! - `sdy.manual_computation`: `manual::global` (one process per device of
//!   the mesh, or inline on the current device when already on one).
//!
//! The host carries the driver policy the evaluator must not know about:
//! what a sharded run started from here does with implicit reshards. The
//! two hosts are statics (`options::DeviceHost`, defined below the drivers,
//! which install them), so an interpreter can borrow one for any lifetime.

use shardref_spec::ir::OpId;

pub use crate::devices::options::{DeviceHost, host, strict};
use crate::error::IResult;
use crate::eval::{Frame, Host, Interp};
use crate::value::Value;

impl Host for DeviceHost {
    fn run_parallel(&self, it: &mut Interp<'_>, f: &mut Frame, op: OpId) -> IResult<Vec<Value>> {
        crate::devices::parallel::run_parallel(it, f, op, self.implicit)
    }

    fn manual_computation(&self, it: &mut Interp<'_>, op: OpId, operands: Vec<Value>) -> IResult<Vec<Value>> {
        crate::devices::manual::global(it, op, operands)
    }
}
