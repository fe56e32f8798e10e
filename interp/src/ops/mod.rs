//! The op families' kernels: pure functions from tensors (and attributes) to tensors.

pub mod elementwise;
pub mod convert;
pub mod shape;
pub mod reduce;
pub mod windows;
pub mod dot;
pub mod compare;
pub mod gather;
pub mod conv;
pub mod linalg;
pub mod quant;
pub mod dynamic;
pub mod chlo;
