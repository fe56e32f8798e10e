//! `sdy.manual_computation`: the body runs once per device on the operands'
//! blocks along the manual axes; results are reassembled per out_shardings.

use shardref_spec::ir::{Module, OpId};

use crate::devices::sdy_ops::Held;
use crate::devices::sharded::ShardedOptions;
use crate::error::{IResult, InterpError};

/// A manual computation inside a sharded run.
pub fn sharded(m: &Module, op: OpId, operands: Vec<Held>, opts: ShardedOptions) -> IResult<Vec<Held>> {
    let _ = (operands, opts);
    Err(InterpError::unsupported(m.op(op).span, "sdy.manual_computation in sharded runs: in progress"))
}

/// A manual computation in the ordinary (global) interpreter.
pub fn global(it: &mut crate::eval::Interp, op: OpId, operands: Vec<crate::value::Value>) -> IResult<Vec<crate::value::Value>> {
    let _ = operands;
    Err(InterpError::unsupported(it.m.op(op).span, "sdy.manual_computation: in progress"))
}
