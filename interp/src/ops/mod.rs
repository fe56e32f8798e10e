//! The op families' kernels: pure functions from tensors (and attributes) to tensors.

pub mod elementwise;
