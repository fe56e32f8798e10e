//! Typed model of the `sdy` attributes (shardy-inventory §1.2).
//!
//! Filled by the sdy dialect work; until then every `#sdy.*` attribute is kept
//! opaque, so `SdyAttr` has no variants.

#[derive(Clone, Debug, PartialEq)]
pub enum SdyAttr {}
