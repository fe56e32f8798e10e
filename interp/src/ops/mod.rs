//! The op families' kernels: pure functions from tensors (and attributes) to tensors.

pub mod batch_norm;
pub mod chlo;
pub mod compare;
pub mod conv;
pub mod convert;
pub mod dot;
pub mod ducc;
pub mod dynamic;
pub mod einsum;
pub mod elementwise;
pub mod fused;
pub mod gather;
pub mod linalg;
pub mod monoid;
pub mod quant;
pub mod reduce;
pub mod rng;
pub mod shape;
pub mod strided;
pub mod tanh32;
pub mod trsm;
pub mod windows;
pub mod xla_cpu_math;
