//! The mpmd rules (inventory §3.9). Most use `emitError`, so messages carry
//! no op prefix; mesh-tensor sharding errors carry it.

use shardref_spec::Diagnostic;
use shardref_spec::ir::Attr;
use shardref_spec::ir::OpId;
use shardref_spec::ir::mpmd::{MpmdAttr, Reduction};
use shardref_spec::ops::MpmdOp;

use crate::{Cx, Fail};

/// Op-verification-time checks of an mpmd op.
pub fn verify_op(cx: &Cx<'_>, op: OpId, kind: MpmdOp) -> Result<(), Diagnostic> {
    match kind {
        MpmdOp::Reduce => {
            let o = cx.m.op(op);
            let none =
                o.attrs.iter().any(|(_, a)| matches!(a, Attr::Mpmd(m) if **m == MpmdAttr::Reduction(Reduction::None)));
            // reduce_c1 (RD1): a `none` reduction has exactly one operand.
            if none && o.operands.len() != 1 {
                return Err(
                    cx.op_error(op, Fail::new("ReduceOp must have exactly one operand if the reduction type is none"))
                );
            }
            Ok(())
        }
        MpmdOp::Return
        | MpmdOp::NamedComputation
        | MpmdOp::NamedTensor
        | MpmdOp::Fragment
        | MpmdOp::FragmentCall
        | MpmdOp::Transfer
        | MpmdOp::Assign
        | MpmdOp::Unassign
        | MpmdOp::Call
        | MpmdOp::For
        | MpmdOp::Broadcast => Ok(()),
    }
}

/// Symbol-use checks of an mpmd op.
pub fn symbol_uses(_cx: &Cx<'_>, _op: OpId, kind: MpmdOp) -> Result<(), Diagnostic> {
    match kind {
        MpmdOp::Return
        | MpmdOp::NamedComputation
        | MpmdOp::NamedTensor
        | MpmdOp::Fragment
        | MpmdOp::FragmentCall
        | MpmdOp::Transfer
        | MpmdOp::Assign
        | MpmdOp::Unassign
        | MpmdOp::Call
        | MpmdOp::For
        | MpmdOp::Broadcast
        | MpmdOp::Reduce => Ok(()),
    }
}
