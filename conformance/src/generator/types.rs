//! Element types and tensor types of generated programs, and their literals.
//!
//! Each element type belongs to one family (float, integer, boolean) that
//! decides which elementwise ops and reduction bodies apply to it. Literals
//! (`identity`) are the neutral values of reductions, printed so that
//! shardref and MLIR parse them to the exact value (infinities in hex).

use crate::generator::rng::Rng;

/// The element types the generator uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dtype {
    F32,
    BF16,
    F64,
    I32,
    I8,
    U8,
    I1,
}

/// What ops an element type admits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Float,
    Int,
    Bool,
}

/// Every element type, in a fixed order.
pub const ALL_DTYPES: [Dtype; 7] = [Dtype::F32, Dtype::BF16, Dtype::F64, Dtype::I32, Dtype::I8, Dtype::U8, Dtype::I1];

impl Dtype {
    pub fn name(self) -> &'static str {
        match self {
            Dtype::F32 => "f32",
            Dtype::BF16 => "bf16",
            Dtype::F64 => "f64",
            Dtype::I32 => "i32",
            Dtype::I8 => "i8",
            Dtype::U8 => "ui8",
            Dtype::I1 => "i1",
        }
    }

    pub fn family(self) -> Family {
        match self {
            Dtype::F32 | Dtype::BF16 | Dtype::F64 => Family::Float,
            Dtype::I32 | Dtype::I8 | Dtype::U8 => Family::Int,
            Dtype::I1 => Family::Bool,
        }
    }

    /// A random element type, weighted towards f32 and i32.
    pub fn random(rng: &mut Rng) -> Dtype {
        match rng.below(10) {
            0..=3 => Dtype::F32,
            4..=5 => Dtype::I32,
            6 => Dtype::BF16,
            7 => Dtype::I1,
            8 => *rng.pick(&[Dtype::I8, Dtype::U8]),
            _ => Dtype::F64,
        }
    }
}

/// A reduction (or its body op) and the literals of its neutral value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    Add,
    Max,
    Min,
    And,
    Or,
}

impl Reduction {
    /// The StableHLO op of the reduction's body.
    pub fn op(self) -> &'static str {
        match self {
            Reduction::Add => "stablehlo.add",
            Reduction::Max => "stablehlo.maximum",
            Reduction::Min => "stablehlo.minimum",
            Reduction::And => "stablehlo.and",
            Reduction::Or => "stablehlo.or",
        }
    }

    /// The reductions that apply to a family.
    pub fn for_family(f: Family) -> &'static [Reduction] {
        match f {
            Family::Float => &[Reduction::Add, Reduction::Max, Reduction::Min],
            Family::Int => &[Reduction::Add, Reduction::Max, Reduction::Min, Reduction::And, Reduction::Or],
            Family::Bool => &[Reduction::And, Reduction::Or, Reduction::Max, Reduction::Min],
        }
    }

    /// The literal of the neutral value of this reduction in `d`.
    pub fn identity(self, d: Dtype) -> &'static str {
        match (self, d) {
            (Reduction::Add, Dtype::F32 | Dtype::BF16 | Dtype::F64) => "0.000000e+00",
            (Reduction::Add | Reduction::Or, Dtype::I32 | Dtype::I8 | Dtype::U8) => "0",
            (Reduction::Add | Reduction::Or | Reduction::Max, Dtype::I1) => "false",
            (Reduction::And | Reduction::Min, Dtype::I1) => "true",
            (Reduction::Max, Dtype::F32) => "0xFF800000",
            (Reduction::Min, Dtype::F32) => "0x7F800000",
            (Reduction::Max, Dtype::BF16) => "0xFF80",
            (Reduction::Min, Dtype::BF16) => "0x7F80",
            (Reduction::Max, Dtype::F64) => "0xFFF0000000000000",
            (Reduction::Min, Dtype::F64) => "0x7FF0000000000000",
            (Reduction::Max, Dtype::I32) => "-2147483648",
            (Reduction::Min | Reduction::And, Dtype::I32) => "-1",
            (Reduction::Max, Dtype::I8) => "-128",
            (Reduction::Min | Reduction::And, Dtype::I8) => "-1",
            (Reduction::Max, Dtype::U8) => "0",
            (Reduction::Min | Reduction::And, Dtype::U8) => "255",
            (Reduction::And | Reduction::Or, Dtype::F32 | Dtype::BF16 | Dtype::F64) => "0.000000e+00",
        }
    }
}

/// A static tensor type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorTy {
    pub shape: Vec<i64>,
    pub dtype: Dtype,
}

impl TensorTy {
    pub fn new(shape: Vec<i64>, dtype: Dtype) -> TensorTy {
        TensorTy { shape, dtype }
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn elements(&self) -> i64 {
        self.shape.iter().product()
    }

    /// The scalar type of the same element type.
    pub fn scalar(&self) -> TensorTy {
        TensorTy::new(vec![], self.dtype)
    }

    /// A random shape (rank 0 to 3, dimensions 1 to 8) of element type `dtype`.
    pub fn random(rng: &mut Rng, dtype: Dtype) -> TensorTy {
        let rank = match rng.below(10) {
            0 => 0,
            1..=3 => 1,
            4..=7 => 2,
            _ => 3,
        };
        TensorTy::new((0..rank).map(|_| random_dim(rng)).collect(), dtype)
    }
}

/// A random dimension size, weighted towards sizes that meshes divide.
pub fn random_dim(rng: &mut Rng) -> i64 {
    *rng.pick(&[1, 2, 2, 3, 4, 4, 5, 6, 8, 8, 7])
}

impl std::fmt::Display for TensorTy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("tensor<")?;
        for d in &self.shape {
            write!(f, "{d}x")?;
        }
        write!(f, "{}>", self.dtype.name())
    }
}

/// `array<i64: ...>`.
pub fn i64_array(v: &[i64]) -> String {
    if v.is_empty() {
        "array<i64>".to_string()
    } else {
        format!("array<i64: {}>", v.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))
    }
}

/// `[a, b, ...]`.
pub fn list(v: &[i64]) -> String {
    format!("[{}]", v.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))
}
