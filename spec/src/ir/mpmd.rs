//! Typed model of the `mpmd` types and attributes (shardy-inventory §1.3).
//!
//! Filled by the mpmd dialect work; until then `#mpmd.*` attributes are kept
//! opaque, so `MpmdAttr` has no variants.

#[derive(Clone, Debug, PartialEq)]
pub struct MeshTensorType {
    pub mesh_name: String,
    pub tensor: crate::ir::TensorType,
}

#[derive(Clone, Debug, PartialEq)]
pub enum MpmdAttr {}
