//! The op families' kernels: pure functions from tensors (and attributes) to tensors.

pub mod chlo;
pub mod compare;
pub mod conv;
pub mod convert;
pub mod dot;
pub mod dynamic;
pub mod elementwise;
pub mod gather;
pub mod linalg;
pub mod quant;
pub mod reduce;
pub mod shape;
pub mod tanh32;
pub mod windows;
