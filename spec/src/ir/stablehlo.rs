//! Typed model of the `#stablehlo.*` attributes the interpreter reads (and
//! of CHLO's copies of the enums plus `#chlo.ragged_dot`).
//!
//! Each attribute is a plain value; equality is structural. Dimension lists
//! are `i64`s (dynamic bounds are `DYNAMIC`). Floats (result accuracy
//! tolerances) are kept as f64 bits so that equality is exact.

use super::types::Type;

/// The value MLIR uses for a dynamic dimension size (`?`) in bounds.
pub const DYNAMIC: i64 = i64::MIN;

macro_rules! shlo_enum {
    ($(#[$doc:meta])* $name:ident, $mnemonic:literal, { $($variant:ident = $text:literal),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),* }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),*];
            /// The enum's name in `#stablehlo<name VALUE>`.
            pub const MNEMONIC: &'static str = $mnemonic;
            /// The keyword this value prints as.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),* }
            }
            pub fn parse(s: &str) -> Option<$name> {
                match s { $($text => Some($name::$variant),)* _ => None }
            }
            /// The accepted keywords, for error messages.
            pub fn keywords() -> String {
                [$($text),*].join(", ")
            }
        }
    };
}

shlo_enum!(
    /// `#stablehlo<comparison_direction LT>`.
    ComparisonDirection, "comparison_direction", { Eq = "EQ", Ne = "NE", Ge = "GE", Gt = "GT", Le = "LE", Lt = "LT" }
);
shlo_enum!(
    /// `#stablehlo<comparison_type FLOAT>`.
    ComparisonType, "comparison_type", {
        NoType = "NOTYPE", Float = "FLOAT", TotalOrder = "TOTALORDER", Signed = "SIGNED", Unsigned = "UNSIGNED"
    }
);
shlo_enum!(
    /// `#stablehlo<precision DEFAULT>`.
    Precision, "precision", { Default = "DEFAULT", High = "HIGH", Highest = "HIGHEST" }
);
shlo_enum!(
    /// `#stablehlo<fft_type FFT>`.
    FftType, "fft_type", { Fft = "FFT", Ifft = "IFFT", Rfft = "RFFT", Irfft = "IRFFT" }
);
shlo_enum!(
    /// `#stablehlo<transpose NO_TRANSPOSE>`.
    Transpose, "transpose", {
        TransposeInvalid = "TRANSPOSE_INVALID", NoTranspose = "NO_TRANSPOSE", Transpose = "TRANSPOSE", Adjoint = "ADJOINT"
    }
);
shlo_enum!(
    /// `#stablehlo<rng_distribution UNIFORM>`.
    RngDistribution, "rng_distribution", { Uniform = "UNIFORM", Normal = "NORMAL" }
);
shlo_enum!(
    /// `#stablehlo<rng_algorithm THREE_FRY>`.
    RngAlgorithm, "rng_algorithm", { Default = "DEFAULT", ThreeFry = "THREE_FRY", Philox = "PHILOX" }
);
shlo_enum!(
    /// `#stablehlo.result_accuracy_mode<HIGHEST>`.
    ResultAccuracyMode, "result_accuracy_mode", { Default = "DEFAULT", Highest = "HIGHEST", Tolerance = "TOLERANCE" }
);

/// `#stablehlo.dot<...>`: which dimensions of `dot_general` are batch and contracting dimensions.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct DotDimensionNumbers {
    pub lhs_batching_dimensions: Vec<i64>,
    pub rhs_batching_dimensions: Vec<i64>,
    pub lhs_contracting_dimensions: Vec<i64>,
    pub rhs_contracting_dimensions: Vec<i64>,
}

/// `#chlo.ragged_dot<...>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct RaggedDotDimensionNumbers {
    pub lhs_batching_dimensions: Vec<i64>,
    pub rhs_batching_dimensions: Vec<i64>,
    pub lhs_contracting_dimensions: Vec<i64>,
    pub rhs_contracting_dimensions: Vec<i64>,
    pub lhs_ragged_dimensions: Vec<i64>,
    pub rhs_group_dimensions: Vec<i64>,
}

/// `#stablehlo.gather<...>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct GatherDimensionNumbers {
    pub offset_dims: Vec<i64>,
    pub collapsed_slice_dims: Vec<i64>,
    pub operand_batching_dims: Vec<i64>,
    pub start_indices_batching_dims: Vec<i64>,
    pub start_index_map: Vec<i64>,
    pub index_vector_dim: i64,
}

/// `#stablehlo.scatter<...>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ScatterDimensionNumbers {
    pub update_window_dims: Vec<i64>,
    pub inserted_window_dims: Vec<i64>,
    pub input_batching_dims: Vec<i64>,
    pub scatter_indices_batching_dims: Vec<i64>,
    pub scatter_dims_to_operand_dims: Vec<i64>,
    pub index_vector_dim: i64,
}

/// `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ConvDimensionNumbers {
    pub input_batch_dimension: i64,
    pub input_feature_dimension: i64,
    pub input_spatial_dimensions: Vec<i64>,
    pub kernel_input_feature_dimension: i64,
    pub kernel_output_feature_dimension: i64,
    pub kernel_spatial_dimensions: Vec<i64>,
    pub output_batch_dimension: i64,
    pub output_feature_dimension: i64,
    pub output_spatial_dimensions: Vec<i64>,
}

impl ConvDimensionNumbers {
    /// The compact `[b, 0, f]` lists for input, kernel and output, if every
    /// dimension number is in range and used once (the condition for the
    /// compact form to describe the attribute).
    pub fn compact_lists(&self) -> Option<[Vec<ConvDim>; 3]> {
        let input = compact(
            &self.input_spatial_dimensions,
            &[(self.input_batch_dimension, ConvDim::Batch), (self.input_feature_dimension, ConvDim::Feature)],
        )?;
        let kernel = compact(
            &self.kernel_spatial_dimensions,
            &[
                (self.kernel_input_feature_dimension, ConvDim::InputFeature),
                (self.kernel_output_feature_dimension, ConvDim::OutputFeature),
            ],
        )?;
        let output = compact(
            &self.output_spatial_dimensions,
            &[(self.output_batch_dimension, ConvDim::Batch), (self.output_feature_dimension, ConvDim::Feature)],
        )?;
        Some([input, kernel, output])
    }
}

/// One entry of a compact convolution dimension list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConvDim {
    /// `b`
    Batch,
    /// `f`
    Feature,
    /// `i`
    InputFeature,
    /// `o`
    OutputFeature,
    /// A spatial dimension's index.
    Spatial(i64),
}

impl ConvDim {
    pub fn letter(self) -> Option<char> {
        match self {
            ConvDim::Batch => Some('b'),
            ConvDim::Feature => Some('f'),
            ConvDim::InputFeature => Some('i'),
            ConvDim::OutputFeature => Some('o'),
            ConvDim::Spatial(_) => None,
        }
    }
}

fn compact(spatial: &[i64], non_spatial: &[(i64, ConvDim); 2]) -> Option<Vec<ConvDim>> {
    let n = spatial.len() + 2;
    let mut dims: Vec<Option<ConvDim>> = vec![None; n];
    let mut place = |at: i64, d: ConvDim| -> Option<()> {
        let slot = dims.get_mut(usize::try_from(at).ok()?)?;
        if slot.is_some() {
            return None;
        }
        *slot = Some(d);
        Some(())
    };
    for &(at, d) in non_spatial {
        place(at, d)?;
    }
    for (k, &at) in spatial.iter().enumerate() {
        place(at, ConvDim::Spatial(k as i64))?;
    }
    dims.into_iter().collect()
}

/// `#stablehlo.dot_algorithm<...>`.
#[derive(Clone, Debug, PartialEq)]
pub struct DotAlgorithm {
    pub lhs_precision_type: Type,
    pub rhs_precision_type: Type,
    pub accumulation_type: Type,
    pub lhs_component_count: i64,
    pub rhs_component_count: i64,
    pub num_primitive_operations: i64,
    pub allow_imprecise_accumulation: bool,
}

/// `#stablehlo.channel_handle<handle = 1, type = 0>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ChannelHandle {
    pub handle: i64,
    pub ty: i64,
}

/// `#stablehlo.output_operand_alias<...>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct OutputOperandAlias {
    pub output_tuple_indices: Vec<i64>,
    pub operand_index: i64,
    pub operand_tuple_indices: Vec<i64>,
}

/// `#stablehlo.result_accuracy<atol = ..., rtol = ..., ulps = ..., mode = ...>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResultAccuracy {
    /// f64 bits.
    pub atol: u64,
    /// f64 bits.
    pub rtol: u64,
    pub ulps: i64,
    pub mode: ResultAccuracyMode,
}

impl ResultAccuracy {
    /// The default (`mode = DEFAULT`, no tolerances), which the unary ops' pretty form omits.
    pub fn is_default(&self) -> bool {
        *self == ResultAccuracy { atol: 0, rtol: 0, ulps: 0, mode: ResultAccuracyMode::Default }
    }
}

/// `#stablehlo.bounds<4, ?>` (the tensor encoding of bounded dynamic shapes).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct TypeExtensions {
    /// One per dimension; `DYNAMIC` when unbounded.
    pub bounds: Vec<i64>,
}

/// Which dialect an enum attribute belongs to: CHLO keeps its own copies of
/// comparison direction, comparison type and precision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EnumDialect {
    Stablehlo,
    Chlo,
}

impl EnumDialect {
    pub fn name(self) -> &'static str {
        match self {
            EnumDialect::Stablehlo => "stablehlo",
            EnumDialect::Chlo => "chlo",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum StablehloAttr {
    ComparisonDirection(EnumDialect, ComparisonDirection),
    ComparisonType(EnumDialect, ComparisonType),
    Precision(EnumDialect, Precision),
    FftType(FftType),
    Transpose(Transpose),
    RngDistribution(RngDistribution),
    RngAlgorithm(RngAlgorithm),
    ResultAccuracyMode(ResultAccuracyMode),
    ResultAccuracy(ResultAccuracy),
    Dot(DotDimensionNumbers),
    RaggedDot(RaggedDotDimensionNumbers),
    Gather(GatherDimensionNumbers),
    Scatter(ScatterDimensionNumbers),
    Conv(ConvDimensionNumbers),
    DotAlgorithm(DotAlgorithm),
    ChannelHandle(ChannelHandle),
    OutputOperandAlias(OutputOperandAlias),
    TypeExtensions(TypeExtensions),
}

impl StablehloAttr {
    /// Wraps the attribute as an `Attr`.
    pub fn into_attr(self) -> super::Attr {
        super::Attr::Stablehlo(Box::new(self))
    }
}

impl super::Attr {
    /// The typed stablehlo/chlo attribute, if this is one.
    pub fn as_stablehlo(&self) -> Option<&StablehloAttr> {
        match self {
            super::Attr::Stablehlo(s) => Some(s),
            _ => None,
        }
    }
}
