//! Custom forms of the `mpmd` ops, types and attributes.

use std::fmt::{self, Write};

use crate::ir::OpId;
use crate::ir::mpmd::{MeshTensorType, MpmdAttr};
use crate::ops::MpmdOp;

use super::Printer;

/// Prints `op` in its custom form; false to fall back to the generic form.
pub fn print(_p: &mut Printer<'_>, _op: OpId, _kind: MpmdOp) -> bool {
    false
}

pub fn write_attr(_f: &mut impl Write, a: &MpmdAttr) -> fmt::Result {
    match *a {}
}

pub fn write_mesh_tensor_type(f: &mut impl Write, t: &MeshTensorType) -> fmt::Result {
    f.write_str("!mpmd.mesh_tensor<")?;
    super::write_string(f, t.mesh_name.as_bytes())?;
    f.write_str(", ")?;
    super::write_tensor_type(f, &t.tensor)?;
    f.write_str(">")
}
