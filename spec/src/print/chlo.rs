//! Custom forms of the `chlo` ops.

use crate::ir::OpId;
use crate::ops::ChloOp;

use super::Printer;

/// Prints `op` in its custom form; false to fall back to the generic form.
pub fn print(_p: &mut Printer<'_>, _op: OpId, _kind: ChloOp) -> bool {
    false
}
