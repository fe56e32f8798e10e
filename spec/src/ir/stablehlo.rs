//! Typed model of the `#stablehlo.*` attributes the interpreter reads.
//!
//! Filled by the stablehlo dialect work; until then they are kept opaque, so
//! `StablehloAttr` has no variants.

#[derive(Clone, Debug, PartialEq)]
pub enum StablehloAttr {}
