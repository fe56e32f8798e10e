//! Custom forms of the `sdy` ops and attributes.

use crate::ir::OpId;
use crate::ops::SdyOp;

use super::Printer;

/// Prints `op` in its custom form; false to fall back to the generic form.
pub fn print(_p: &mut Printer<'_>, _op: OpId, _kind: SdyOp) -> bool {
    false
}

pub fn write_attr(_f: &mut impl std::fmt::Write, a: &crate::ir::sdy::SdyAttr) -> std::fmt::Result {
    match *a {}
}
