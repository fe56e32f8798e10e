//! Custom forms of the `stablehlo` ops.

use crate::ir::OpId;
use crate::ops::StablehloOp;

use super::Printer;

/// Prints `op` in its custom form; false to fall back to the generic form.
pub fn print(_p: &mut Printer<'_>, _op: OpId, _kind: StablehloOp) -> bool {
    false
}

pub fn write_attr(_f: &mut impl std::fmt::Write, a: &crate::ir::stablehlo::StablehloAttr) -> std::fmt::Result {
    match *a {}
}
