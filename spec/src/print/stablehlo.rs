//! Custom forms of the `stablehlo` ops, and the `#stablehlo.*` / `#chlo.*`
//! attribute printers.
//!
//! Each form prints exactly what stablehlo-opt prints, spacing included
//! (declarative formats emit a separator space before every variable, even
//! an empty one, and enum attributes print their own leading space, hence
//! `stablehlo.compare  LT, ...`). A form is used only when the op's
//! attributes have exactly the kinds the form's parser produces; otherwise the
//! op falls back to the generic form, so that parsing the output gives back
//! the same IR. For the same reason an attribute that a pretty form omits at
//! its default value (`has_side_effect = false`, `lower = false`, a DEFAULT
//! `result_accuracy`, `is_stable = true`) is omitted only when absent: written
//! out explicitly, it stays in the attribute dictionary (stablehlo-opt would
//! drop it, changing the IR).

use std::fmt::{self, Write};

use crate::float;
use crate::ir::stablehlo::*;
use crate::ir::*;
use crate::lower::stablehlo::{
    KwKind, KwOpSpec, KwSpec, OperandsForm, TypeForm, is_reduce_applies_op, kw_op_spec, operands_op_form, real_type_of,
};
use crate::ops::{OpKind, StablehloOp};
use crate::schema::stablehlo as view;
use crate::schema::{Field, kind};

use super::{Printer, write_type};

/// The inherent (ODS-declared) attributes of each op, which the generic form
/// prints as properties (`<{...}>`).
pub fn inherent_attrs(k: StablehloOp) -> &'static [&'static str] {
    use StablehloOp as S;
    const ACCURACY: &[&str] = &["result_accuracy"];
    match k {
        S::Cbrt
        | S::Cosine
        | S::Exponential
        | S::ExponentialMinusOne
        | S::Log
        | S::LogPlusOne
        | S::Logistic
        | S::Rsqrt
        | S::Sine
        | S::Sqrt
        | S::Tan
        | S::Tanh => ACCURACY,
        S::Abs
        | S::Ceil
        | S::Convert
        | S::CountLeadingZeros
        | S::Floor
        | S::Imag
        | S::IsFinite
        | S::Negate
        | S::Not
        | S::Popcnt
        | S::Real
        | S::RoundNearestAfz
        | S::RoundNearestEven
        | S::Sign
        | S::BitcastConvert
        | S::UniformQuantize
        | S::UniformDequantize
        | S::Add
        | S::And
        | S::Atan2
        | S::Complex
        | S::Divide
        | S::Maximum
        | S::Minimum
        | S::Multiply
        | S::Or
        | S::Power
        | S::Remainder
        | S::ShiftLeft
        | S::ShiftRightArithmetic
        | S::ShiftRightLogical
        | S::Subtract
        | S::Xor
        | S::Select
        | S::Clamp
        | S::Reshape
        | S::DynamicReshape
        | S::RealDynamicSlice
        | S::DynamicUpdateSlice
        | S::DynamicPad
        | S::While
        | S::If
        | S::Case
        | S::Return
        | S::OptimizationBarrier
        | S::Tuple
        | S::CreateToken
        | S::AfterAll
        | S::PartitionId
        | S::ReplicaId
        | S::AsyncStart
        | S::AsyncDone => &[],
        S::ReducePrecision => &["exponent_bits", "mantissa_bits"],
        S::Compare => &["compare_type", "comparison_direction"],
        S::Constant => &["value"],
        S::Iota | S::DynamicIota => &["iota_dimension"],
        S::GetTupleElement => &["index"],
        S::Broadcast => &["broadcast_sizes"],
        S::BroadcastInDim => &["broadcast_dimensions"],
        S::DynamicBroadcastInDim => {
            &["broadcast_dimensions", "known_expanding_dimensions", "known_nonexpanding_dimensions"]
        }
        S::Transpose => &["permutation"],
        S::Concatenate | S::GetDimensionSize | S::SetDimensionSize => &["dimension"],
        S::Slice => &["limit_indices", "start_indices", "strides"],
        S::DynamicSlice => &["slice_sizes"],
        S::Pad => &["edge_padding_high", "edge_padding_low", "interior_padding"],
        S::Reverse | S::Reduce | S::Map => &["dimensions"],
        S::Gather => &["dimension_numbers", "indices_are_sorted", "slice_sizes"],
        S::DynamicGather => &["dimension_numbers", "indices_are_sorted"],
        S::Scatter => &["indices_are_sorted", "scatter_dimension_numbers", "unique_indices"],
        S::Sort => &["dimension", "is_stable"],
        S::TorchIndexSelect => &["batch_dims", "dim"],
        S::ReduceWindow => &["base_dilations", "padding", "window_dilations", "window_dimensions", "window_strides"],
        S::SelectAndScatter => &["padding", "window_dimensions", "window_strides"],
        S::Dot => &["precision_config"],
        S::DotGeneral => &["algorithm", "dot_dimension_numbers", "precision_config"],
        S::Einsum | S::UnaryEinsum => &["einsum_config"],
        S::Convolution => &[
            "batch_group_count",
            "dimension_numbers",
            "feature_group_count",
            "lhs_dilation",
            "padding",
            "precision_config",
            "rhs_dilation",
            "window_reversal",
            "window_strides",
        ],
        S::DynamicConv => &[
            "batch_group_count",
            "dimension_numbers",
            "feature_group_count",
            "lhs_dilation",
            "precision_config",
            "rhs_dilation",
            "window_reversal",
            "window_strides",
        ],
        S::Fft => &["fft_length", "fft_type"],
        S::TriangularSolve => &["left_side", "lower", "transpose_a", "unit_diagonal"],
        S::Cholesky => &["lower"],
        S::BatchNormGrad | S::BatchNormInference | S::BatchNormTraining => &["epsilon", "feature_index"],
        S::Rng => &["rng_distribution"],
        S::RngBitGenerator => &["rng_algorithm"],
        S::Composite => &["composite_attributes", "decomposition", "name", "version"],
        S::CustomCall => &[
            "api_version",
            "backend_config",
            "call_target_name",
            "called_computations",
            "has_side_effect",
            "operand_layouts",
            "output_operand_aliases",
            "result_layouts",
            "result_tilings",
        ],
        S::Infeed => &["infeed_config", "layout"],
        S::Outfeed => &["outfeed_config"],
        S::Send | S::Recv => &["channel_handle", "is_host_transfer", "source_target_pairs"],
        S::AllGather => &["all_gather_dim", "channel_handle", "replica_groups", "use_global_device_ids"],
        S::AllReduce => &["channel_handle", "replica_groups", "use_global_device_ids"],
        S::AllToAll => &["channel_handle", "concat_dimension", "replica_groups", "split_count", "split_dimension"],
        S::ReduceScatter => &["channel_handle", "replica_groups", "scatter_dimension", "use_global_device_ids"],
        S::CollectivePermute => &["channel_handle", "source_target_pairs"],
        S::CollectiveBroadcast => &["channel_handle", "has_dynamic_root", "replica_groups"],
        S::CollectiveReduce => &["channel_handle", "has_dynamic_root", "replica_groups", "use_global_device_ids"],
        S::CrossReplicaSum => &["replica_groups"],
    }
}

/// Names the op suggests for its results (MLIR's `getAsmResultNames`):
/// (first result of a group, name).
pub fn result_names(m: &Module, op: OpId, k: StablehloOp) -> Vec<(usize, &'static str)> {
    let n = m.op(op).results.len();
    let groups: &[&'static str] = match k {
        // A constant's name depends on its type (`c` for integers, `cst` otherwise), a rule
        // `names::result_hints` applies to every dialect's constants before it reads this table.
        StablehloOp::Constant => &[],
        StablehloOp::RngBitGenerator => &["output_state", "output"],
        StablehloOp::BatchNormGrad => &["grad_operand", "grad_scale", "grad_offset"],
        StablehloOp::BatchNormTraining => &["output", "batch_mean", "batch_var"],
        StablehloOp::Abs
        | StablehloOp::Cbrt
        | StablehloOp::Ceil
        | StablehloOp::Convert
        | StablehloOp::Cosine
        | StablehloOp::CountLeadingZeros
        | StablehloOp::Exponential
        | StablehloOp::ExponentialMinusOne
        | StablehloOp::Floor
        | StablehloOp::Imag
        | StablehloOp::IsFinite
        | StablehloOp::Log
        | StablehloOp::LogPlusOne
        | StablehloOp::Logistic
        | StablehloOp::Negate
        | StablehloOp::Not
        | StablehloOp::Popcnt
        | StablehloOp::Real
        | StablehloOp::ReducePrecision
        | StablehloOp::RoundNearestAfz
        | StablehloOp::RoundNearestEven
        | StablehloOp::Rsqrt
        | StablehloOp::Sign
        | StablehloOp::Sine
        | StablehloOp::Sqrt
        | StablehloOp::Tan
        | StablehloOp::Tanh
        | StablehloOp::BitcastConvert
        | StablehloOp::UniformQuantize
        | StablehloOp::UniformDequantize
        | StablehloOp::Add
        | StablehloOp::And
        | StablehloOp::Atan2
        | StablehloOp::Complex
        | StablehloOp::Divide
        | StablehloOp::Maximum
        | StablehloOp::Minimum
        | StablehloOp::Multiply
        | StablehloOp::Or
        | StablehloOp::Power
        | StablehloOp::Remainder
        | StablehloOp::ShiftLeft
        | StablehloOp::ShiftRightArithmetic
        | StablehloOp::ShiftRightLogical
        | StablehloOp::Subtract
        | StablehloOp::Xor
        | StablehloOp::Compare
        | StablehloOp::Select
        | StablehloOp::Clamp
        | StablehloOp::Iota
        | StablehloOp::DynamicIota
        | StablehloOp::Broadcast
        | StablehloOp::BroadcastInDim
        | StablehloOp::DynamicBroadcastInDim
        | StablehloOp::Reshape
        | StablehloOp::DynamicReshape
        | StablehloOp::Transpose
        | StablehloOp::Concatenate
        | StablehloOp::Slice
        | StablehloOp::DynamicSlice
        | StablehloOp::RealDynamicSlice
        | StablehloOp::DynamicUpdateSlice
        | StablehloOp::Pad
        | StablehloOp::DynamicPad
        | StablehloOp::Reverse
        | StablehloOp::Gather
        | StablehloOp::DynamicGather
        | StablehloOp::Scatter
        | StablehloOp::Sort
        | StablehloOp::GetDimensionSize
        | StablehloOp::SetDimensionSize
        | StablehloOp::TorchIndexSelect
        | StablehloOp::Reduce
        | StablehloOp::ReduceWindow
        | StablehloOp::SelectAndScatter
        | StablehloOp::Map
        | StablehloOp::Dot
        | StablehloOp::DotGeneral
        | StablehloOp::Einsum
        | StablehloOp::UnaryEinsum
        | StablehloOp::Convolution
        | StablehloOp::DynamicConv
        | StablehloOp::Fft
        | StablehloOp::TriangularSolve
        | StablehloOp::Cholesky
        | StablehloOp::BatchNormInference
        | StablehloOp::Rng
        | StablehloOp::While
        | StablehloOp::If
        | StablehloOp::Case
        | StablehloOp::Return
        | StablehloOp::Composite
        | StablehloOp::CustomCall
        | StablehloOp::OptimizationBarrier
        | StablehloOp::Tuple
        | StablehloOp::GetTupleElement
        | StablehloOp::CreateToken
        | StablehloOp::AfterAll
        | StablehloOp::Infeed
        | StablehloOp::Outfeed
        | StablehloOp::Send
        | StablehloOp::Recv
        | StablehloOp::AllGather
        | StablehloOp::AllReduce
        | StablehloOp::AllToAll
        | StablehloOp::ReduceScatter
        | StablehloOp::CollectivePermute
        | StablehloOp::CollectiveBroadcast
        | StablehloOp::CollectiveReduce
        | StablehloOp::CrossReplicaSum
        | StablehloOp::PartitionId
        | StablehloOp::ReplicaId
        | StablehloOp::AsyncStart
        | StablehloOp::AsyncDone => return vec![],
    };
    // ODS names one result per group; an op with another result count keeps numbers.
    if n != groups.len() {
        return vec![];
    }
    groups.iter().copied().enumerate().collect()
}

/// Names the op suggests for the entry block arguments of its `index`-th region.
pub fn block_arg_names(m: &Module, op: OpId, k: StablehloOp, index: usize) -> Option<Vec<String>> {
    match k {
        StablehloOp::While => {
            let r = *m.op(op).regions.get(index)?;
            let b = *m.region(r).blocks.first()?;
            Some(vec!["iterArg".to_string(); m.block(b).args.len()])
        }
        StablehloOp::Abs
        | StablehloOp::Cbrt
        | StablehloOp::Ceil
        | StablehloOp::Convert
        | StablehloOp::Cosine
        | StablehloOp::CountLeadingZeros
        | StablehloOp::Exponential
        | StablehloOp::ExponentialMinusOne
        | StablehloOp::Floor
        | StablehloOp::Imag
        | StablehloOp::IsFinite
        | StablehloOp::Log
        | StablehloOp::LogPlusOne
        | StablehloOp::Logistic
        | StablehloOp::Negate
        | StablehloOp::Not
        | StablehloOp::Popcnt
        | StablehloOp::Real
        | StablehloOp::ReducePrecision
        | StablehloOp::RoundNearestAfz
        | StablehloOp::RoundNearestEven
        | StablehloOp::Rsqrt
        | StablehloOp::Sign
        | StablehloOp::Sine
        | StablehloOp::Sqrt
        | StablehloOp::Tan
        | StablehloOp::Tanh
        | StablehloOp::BitcastConvert
        | StablehloOp::UniformQuantize
        | StablehloOp::UniformDequantize
        | StablehloOp::Add
        | StablehloOp::And
        | StablehloOp::Atan2
        | StablehloOp::Complex
        | StablehloOp::Divide
        | StablehloOp::Maximum
        | StablehloOp::Minimum
        | StablehloOp::Multiply
        | StablehloOp::Or
        | StablehloOp::Power
        | StablehloOp::Remainder
        | StablehloOp::ShiftLeft
        | StablehloOp::ShiftRightArithmetic
        | StablehloOp::ShiftRightLogical
        | StablehloOp::Subtract
        | StablehloOp::Xor
        | StablehloOp::Compare
        | StablehloOp::Select
        | StablehloOp::Clamp
        | StablehloOp::Constant
        | StablehloOp::Iota
        | StablehloOp::DynamicIota
        | StablehloOp::Broadcast
        | StablehloOp::BroadcastInDim
        | StablehloOp::DynamicBroadcastInDim
        | StablehloOp::Reshape
        | StablehloOp::DynamicReshape
        | StablehloOp::Transpose
        | StablehloOp::Concatenate
        | StablehloOp::Slice
        | StablehloOp::DynamicSlice
        | StablehloOp::RealDynamicSlice
        | StablehloOp::DynamicUpdateSlice
        | StablehloOp::Pad
        | StablehloOp::DynamicPad
        | StablehloOp::Reverse
        | StablehloOp::Gather
        | StablehloOp::DynamicGather
        | StablehloOp::Scatter
        | StablehloOp::Sort
        | StablehloOp::GetDimensionSize
        | StablehloOp::SetDimensionSize
        | StablehloOp::TorchIndexSelect
        | StablehloOp::Reduce
        | StablehloOp::ReduceWindow
        | StablehloOp::SelectAndScatter
        | StablehloOp::Map
        | StablehloOp::Dot
        | StablehloOp::DotGeneral
        | StablehloOp::Einsum
        | StablehloOp::UnaryEinsum
        | StablehloOp::Convolution
        | StablehloOp::DynamicConv
        | StablehloOp::Fft
        | StablehloOp::TriangularSolve
        | StablehloOp::Cholesky
        | StablehloOp::BatchNormGrad
        | StablehloOp::BatchNormInference
        | StablehloOp::BatchNormTraining
        | StablehloOp::Rng
        | StablehloOp::RngBitGenerator
        | StablehloOp::If
        | StablehloOp::Case
        | StablehloOp::Return
        | StablehloOp::Composite
        | StablehloOp::CustomCall
        | StablehloOp::OptimizationBarrier
        | StablehloOp::Tuple
        | StablehloOp::GetTupleElement
        | StablehloOp::CreateToken
        | StablehloOp::AfterAll
        | StablehloOp::Infeed
        | StablehloOp::Outfeed
        | StablehloOp::Send
        | StablehloOp::Recv
        | StablehloOp::AllGather
        | StablehloOp::AllReduce
        | StablehloOp::AllToAll
        | StablehloOp::ReduceScatter
        | StablehloOp::CollectivePermute
        | StablehloOp::CollectiveBroadcast
        | StablehloOp::CollectiveReduce
        | StablehloOp::CrossReplicaSum
        | StablehloOp::PartitionId
        | StablehloOp::ReplicaId
        | StablehloOp::AsyncStart
        | StablehloOp::AsyncDone => None,
    }
}

/// Prints `op` in its custom form; false to fall back to the generic form.
pub fn print(p: &mut Printer<'_>, op: OpId, kind: StablehloOp) -> bool {
    let o = p.m.op(op);
    if !o.successors.is_empty() {
        return false;
    }
    use StablehloOp as S;
    match kind {
        S::Constant => print_constant(p, op),
        S::Iota
        | S::DynamicIota
        | S::Broadcast
        | S::BroadcastInDim
        | S::DynamicBroadcastInDim
        | S::Transpose
        | S::Reverse
        | S::Concatenate
        | S::GetDimensionSize
        | S::SetDimensionSize
        | S::DynamicSlice
        | S::Pad
        | S::Fft
        | S::Rng
        | S::RngBitGenerator
        | S::Einsum
        | S::UnaryEinsum
        | S::ReducePrecision
        | S::Cholesky => match kw_op_spec(kind) {
            Some(spec) => print_kw_op(p, op, kind, spec),
            None => false,
        },
        S::Abs
        | S::Cbrt
        | S::Ceil
        | S::Convert
        | S::Cosine
        | S::CountLeadingZeros
        | S::Exponential
        | S::ExponentialMinusOne
        | S::Floor
        | S::Imag
        | S::IsFinite
        | S::Log
        | S::LogPlusOne
        | S::Logistic
        | S::Negate
        | S::Not
        | S::Popcnt
        | S::Real
        | S::RoundNearestAfz
        | S::RoundNearestEven
        | S::Rsqrt
        | S::Sign
        | S::Sine
        | S::Sqrt
        | S::Tan
        | S::Tanh
        | S::BitcastConvert
        | S::UniformQuantize
        | S::UniformDequantize
        | S::Add
        | S::And
        | S::Atan2
        | S::Complex
        | S::Divide
        | S::Maximum
        | S::Minimum
        | S::Multiply
        | S::Or
        | S::Power
        | S::Remainder
        | S::ShiftLeft
        | S::ShiftRightArithmetic
        | S::ShiftRightLogical
        | S::Subtract
        | S::Xor
        | S::Select
        | S::Clamp
        | S::Reshape
        | S::DynamicReshape
        | S::RealDynamicSlice
        | S::DynamicUpdateSlice
        | S::DynamicPad
        | S::Tuple
        | S::CreateToken
        | S::AfterAll
        | S::PartitionId
        | S::ReplicaId => match operands_op_form(kind) {
            Some(form) => print_operands_op(p, op, kind, form),
            None => false,
        },
        S::Compare => print_compare(p, op),
        S::Slice => print_slice(p, op),
        S::GetTupleElement => print_get_tuple_element(p, op),
        S::Dot | S::DotGeneral => print_dot(p, op, kind),
        S::Convolution => print_convolution(p, op),
        S::CustomCall => print_custom_call(p, op),
        S::Composite => print_composite(p, op),
        S::Reduce => print_reduce(p, op),
        S::While => print_while(p, op),
        S::OptimizationBarrier => print_optimization_barrier(p, op),
        S::Return => print_return(p, op),
        // Generic-only ops.
        S::Gather
        | S::DynamicGather
        | S::Scatter
        | S::Sort
        | S::TorchIndexSelect
        | S::ReduceWindow
        | S::SelectAndScatter
        | S::Map
        | S::DynamicConv
        | S::TriangularSolve
        | S::BatchNormGrad
        | S::BatchNormInference
        | S::BatchNormTraining
        | S::If
        | S::Case
        | S::Infeed
        | S::Outfeed
        | S::Send
        | S::Recv
        | S::AllGather
        | S::AllReduce
        | S::AllToAll
        | S::ReduceScatter
        | S::CollectivePermute
        | S::CollectiveBroadcast
        | S::CollectiveReduce
        | S::CrossReplicaSum
        | S::AsyncStart
        | S::AsyncDone => false,
    }
}

// ---------------------------------------------------------------- helpers

fn types_of(p: &Printer<'_>, vs: &[ValueId]) -> Vec<Type> {
    vs.iter().map(|&v| p.m.value_type(v).clone()).collect()
}

fn no_regions(p: &Printer<'_>, op: OpId) -> bool {
    p.m.op(op).regions.is_empty()
}

// The forms the pretty parser builds, of an attribute as stored (a field's `raw()`).

/// `N : i64`.
fn get_i64(a: Option<&Attr>) -> Option<i64> {
    match a? {
        Attr::Int(IntAttr { value, ty: Some(ElemType::I64) }) => i64::try_from(*value).ok(),
        _ => None,
    }
}

/// `N : i32`.
fn get_i32(a: Option<&Attr>) -> Option<i64> {
    match a? {
        Attr::Int(IntAttr { value, ty: Some(ElemType::I32) }) => i32::try_from(*value).ok().map(i64::from),
        _ => None,
    }
}

/// `array<i64: ...>`.
fn get_i64_array(a: Option<&Attr>) -> Option<Vec<i64>> {
    match a? {
        Attr::DenseArray(a) if a.elem == ElemType::I64 => Some(a.as_i64()),
        _ => None,
    }
}

/// `#stablehlo.*`.
fn get_shlo(a: Option<&Attr>) -> Option<&StablehloAttr> {
    a?.as_stablehlo()
}

fn int_list_text(vs: &[i64]) -> String {
    let items: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
    format!("[{}]", items.join(", "))
}

fn ty_text(t: &Type) -> String {
    let mut s = String::new();
    let _ = write_type(&mut s, t);
    s
}

fn function_type_text(ins: &[Type], outs: &[Type]) -> String {
    let mut s = String::new();
    let _ = super::write_function_type(&mut s, ins, outs);
    s
}

/// `custom<SameOperandsAndResultType>`: the result type when every operand has
/// it (or there are none), else the functional type. None if the op does not
/// have exactly one result.
fn same_type_text(p: &Printer<'_>, op: OpId) -> Option<String> {
    let o = p.m.op(op);
    if o.results.len() != 1 {
        return None;
    }
    let rt = p.m.value_type(o.results[0]);
    let ins = types_of(p, &o.operands);
    if ins.iter().all(|t| t == rt) {
        Some(ty_text(rt))
    } else {
        Some(function_type_text(&ins, std::slice::from_ref(rt)))
    }
}

fn op_function_type_text(p: &Printer<'_>, op: OpId) -> String {
    let o = p.m.op(op);
    function_type_text(&types_of(p, &o.operands), &types_of(p, &o.results))
}

// ---------------------------------------------------------------- constant

fn print_constant(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    if o.results.len() != 1 || !o.operands.is_empty() || !no_regions(p, op) {
        return false;
    }
    let rt = p.m.value_type(o.results[0]).clone();
    let value = view::Constant::of(o).value();
    let direct = match value.raw() {
        Some(Attr::Dense(d)) => d.ty == rt,
        Some(Attr::DenseResource { ty: Some(t), .. }) => **t == rt,
        _ => false,
    };
    if direct {
        return p.print_constant_like(op, "stablehlo.constant", value);
    }
    // The generic body without the quoted name, as MLIR prints quantized constants.
    p.w("stablehlo.constant()");
    let props = Dict(o.attrs.0.iter().filter(|(k, _)| k == value.name).cloned().collect());
    if !props.is_empty() {
        p.w(" <");
        let _ = super::write_dict(&mut p.out, &props);
        p.w(">");
    }
    let attrs = o.attrs.clone();
    p.attr_dict(&attrs, &[value.name]);
    p.w(" : () -> ");
    p.ty(&rt);
    true
}

// ---------------------------------------------------------------- keyword-attribute ops

/// The field of the op's row view that a keyword of its syntax prints: the view's field named
/// `attr` (the keyword table's ODS name, which the lowering shares). Every keyword's attribute is
/// one of its row's fields (`kw_attributes_are_fields_of_the_row_views` below).
fn kw_field<'a>(o: &'a Operation, op_kind: StablehloOp, attr: &str) -> Option<Field<'a, kind::Any>> {
    let spec = OpKind::Stablehlo(op_kind).attr_schema().iter().find(|s| s.name == attr)?;
    Some(Field::in_dict(&o.attrs, spec.name, o.span))
}

/// The text of one keyword attribute's value, or None if the op's attributes
/// do not have the kind the syntax expects. Also returns the consumed names.
fn kw_value_text(o: &Operation, op_kind: StablehloOp, ks: &KwSpec) -> Option<(String, Vec<&'static str>)> {
    let a = kw_field(o, op_kind, ks.attr).and_then(|f| f.raw());
    match ks.kind {
        KwKind::I64 => Some((get_i64(a)?.to_string(), vec![])),
        KwKind::I64Array => Some((int_list_text(&get_i64_array(a)?), vec![])),
        KwKind::Str => match a? {
            Attr::Str(s, None) => {
                let mut t = String::new();
                let _ = super::write_string(&mut t, s);
                Some((t, vec![]))
            }
            _ => None,
        },
        KwKind::OptBool => match a? {
            Attr::Bool(true) => Some(("true".into(), vec![])),
            _ => None,
        },
        KwKind::Fft => match get_shlo(a)? {
            StablehloAttr::FftType(t) => Some((format!(" {}", t.as_str()), vec![])),
            _ => None,
        },
        KwKind::Distribution => match get_shlo(a)? {
            StablehloAttr::RngDistribution(t) => Some((format!(" {}", t.as_str()), vec![])),
            _ => None,
        },
        KwKind::Algorithm => match get_shlo(a)? {
            StablehloAttr::RngAlgorithm(t) => Some((format!(" {}", t.as_str()), vec![])),
            _ => None,
        },
        // `format = e5m10`: reduce_precision's two attributes.
        KwKind::ExpMantissa => {
            let v = view::ReducePrecision::of(o);
            let (exponent, mantissa) = (v.exponent_bits(), v.mantissa_bits());
            let e = get_i32(exponent.raw())?;
            let m = get_i32(mantissa.raw())?;
            if e < 0 || m < 0 {
                return None;
            }
            Some((format!("e{e}m{m}"), vec![exponent.name, mantissa.name]))
        }
    }
}

fn print_kw_op(p: &mut Printer<'_>, op: OpId, kind: StablehloOp, spec: KwOpSpec) -> bool {
    let o = p.m.op(op);
    if !no_regions(p, op) {
        return false;
    }
    let n = o.operands.len();
    if (spec.variadic && n < spec.fixed) || (!spec.variadic && n != spec.fixed) {
        return false;
    }
    let mut consumed: Vec<&str> = vec![];
    let mut kws = vec![];
    for ks in spec.kws {
        match kw_value_text(o, kind, ks) {
            Some((text, names)) => {
                kws.push(format!("{} = {text}", ks.key));
                if names.is_empty() {
                    consumed.push(ks.attr);
                } else {
                    consumed.extend(names);
                }
            }
            // `lower` of cholesky is optional (a present `false` stays in the attribute dictionary).
            None if ks.kind == KwKind::OptBool => {}
            None => return false,
        }
    }
    let ty = match spec.types {
        TypeForm::Result => {
            if o.results.len() != 1 || n != 0 {
                return false;
            }
            ty_text(p.m.value_type(o.results[0]))
        }
        TypeForm::Functional => op_function_type_text(p, op),
        TypeForm::Same => match same_type_text(p, op) {
            Some(t) => t,
            None => return false,
        },
    };
    let operands = o.operands.clone();
    let attrs = o.attrs.clone();
    p.w(OpKind::Stablehlo(kind).name());
    if spec.variadic {
        // `custom<VariadicOperandWithAttribute>`: each variadic operand is followed by a comma.
        p.w(" ");
        let fixed = p.value_list(&operands[..spec.fixed]);
        p.w(&fixed);
        if spec.fixed > 0 {
            p.w(", ");
        }
        let rest = p.value_list(&operands[spec.fixed..]);
        p.w(&rest);
        p.w(",");
    } else if !operands.is_empty() {
        p.w(" ");
        let vs = p.value_list(&operands);
        p.w(&vs);
        if !kws.is_empty() {
            p.w(",");
        }
    }
    for (i, k) in kws.iter().enumerate() {
        if i > 0 {
            p.w(",");
        }
        p.w(" ");
        p.w(k);
    }
    p.attr_dict(&attrs, &consumed);
    p.w(" : ");
    p.w(&ty);
    true
}

// ---------------------------------------------------------------- operands-only ops

fn print_operands_op(p: &mut Printer<'_>, op: OpId, kind: StablehloOp, form: OperandsForm) -> bool {
    let o = p.m.op(op);
    if !no_regions(p, op) {
        return false;
    }
    let n = o.operands.len();
    let ins = types_of(p, &o.operands);
    let outs = types_of(p, &o.results);
    let ty = match form {
        OperandsForm::Same(want) => {
            if want.is_some_and(|w| w != n) {
                return false;
            }
            match same_type_text(p, op) {
                Some(t) => t,
                None => return false,
            }
        }
        OperandsForm::Complex => {
            if n != 2 || outs.len() != 1 {
                return false;
            }
            match real_type_of(&outs[0]) {
                Some(real) if ins[0] == real && ins[1] == real => ty_text(&outs[0]),
                _ => function_type_text(&ins, &outs),
            }
        }
        OperandsForm::Select => {
            if n != 3 || outs.len() != 1 {
                return false;
            }
            if ins[1] == outs[0] && ins[2] == outs[0] {
                format!("{}, {}", ty_text(&ins[0]), ty_text(&outs[0]))
            } else {
                function_type_text(&ins, &outs)
            }
        }
        OperandsForm::Tuple => {
            if outs.len() != 1 || outs[0] != Type::Tuple(ins.clone()) {
                return false;
            }
            ty_text(&outs[0])
        }
        OperandsForm::Functional(want) => {
            match want {
                Some(w) if w != n => return false,
                None if n < 2 => return false,
                _ => {}
            }
            function_type_text(&ins, &outs)
        }
        OperandsForm::Nullary => {
            if n != 0 || outs.len() != 1 || matches!(outs[0], Type::Function(..)) {
                return false;
            }
            ty_text(&outs[0])
        }
    };
    let operands = o.operands.clone();
    let attrs = o.attrs.clone();
    p.w(OpKind::Stablehlo(kind).name());
    if form != OperandsForm::Nullary {
        // The separator space is printed even before an empty operand list.
        p.w(" ");
        let vs = p.value_list(&operands);
        p.w(&vs);
    }
    p.attr_dict(&attrs, &[]);
    p.w(" : ");
    p.w(&ty);
    true
}

// ---------------------------------------------------------------- compare

fn print_compare(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    if o.operands.len() != 2 || !no_regions(p, op) {
        return false;
    }
    let v = view::Compare::of(o);
    let Some(StablehloAttr::ComparisonDirection(EnumDialect::Stablehlo, dir)) =
        get_shlo(v.comparison_direction().raw())
    else {
        return false;
    };
    let mut consumed = vec![v.comparison_direction().name];
    let ct = match get_shlo(v.compare_type().raw()) {
        Some(StablehloAttr::ComparisonType(EnumDialect::Stablehlo, t)) => {
            consumed.push(v.compare_type().name);
            Some(*t)
        }
        _ => None,
    };
    let dir = *dir;
    let operands = o.operands.clone();
    let attrs = o.attrs.clone();
    p.w("stablehlo.compare  ");
    p.w(dir.as_str());
    p.w(", ");
    let vs = p.value_list(&operands);
    p.w(&vs);
    if let Some(t) = ct {
        p.w(",  ");
        p.w(t.as_str());
    }
    p.attr_dict(&attrs, &consumed);
    p.w(" : ");
    p.op_function_type(op);
    true
}

// ---------------------------------------------------------------- slice, get_tuple_element

fn print_slice(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    if o.operands.len() != 1 || !no_regions(p, op) {
        return false;
    }
    let slice = view::Slice::of(o);
    let (Some(start), Some(limit), Some(strides)) = (
        get_i64_array(slice.start_indices().raw()),
        get_i64_array(slice.limit_indices().raw()),
        get_i64_array(slice.strides().raw()),
    ) else {
        return false;
    };
    if start.len() != limit.len() || start.len() != strides.len() {
        return false;
    }
    let ranges: Vec<String> = start
        .iter()
        .zip(&limit)
        .zip(&strides)
        .map(|((s, l), st)| if *st == 1 { format!("{s}:{l}") } else { format!("{s}:{l}:{st}") })
        .collect();
    let operand = o.operands[0];
    let attrs = o.attrs.clone();
    p.w("stablehlo.slice ");
    let v = p.value(operand);
    p.w(&v);
    p.w(" [");
    p.w(&ranges.join(", "));
    p.w("]");
    p.attr_dict(&attrs, &[slice.start_indices().name, slice.limit_indices().name, slice.strides().name]);
    p.w(" : ");
    p.op_function_type(op);
    true
}

fn print_get_tuple_element(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    if o.operands.len() != 1 || !no_regions(p, op) {
        return false;
    }
    let index_field = view::GetTupleElement::of(o).index();
    let Some(index) = get_i32(index_field.raw()) else {
        return false;
    };
    let operand = o.operands[0];
    let attrs = o.attrs.clone();
    p.w("stablehlo.get_tuple_element ");
    let v = p.value(operand);
    p.w(&v);
    p.w(&format!("[{index}]"));
    p.attr_dict(&attrs, &[index_field.name]);
    p.w(" : ");
    p.op_function_type(op);
    true
}

// ---------------------------------------------------------------- dot, dot_general

/// `[DEFAULT, HIGH]` if the attribute is an array of stablehlo precisions.
fn precision_text(a: &Attr) -> Option<String> {
    let Attr::Array(items) = a else { return None };
    let mut words = vec![];
    for it in items {
        match it.as_stablehlo()? {
            StablehloAttr::Precision(EnumDialect::Stablehlo, pr) => words.push(pr.as_str()),
            _ => return None,
        }
    }
    Some(format!("[{}]", words.join(", ")))
}

fn print_dot(p: &mut Printer<'_>, op: OpId, kind: StablehloOp) -> bool {
    let o = p.m.op(op);
    if o.operands.len() != 2 || !no_regions(p, op) {
        return false;
    }
    let general = kind == StablehloOp::DotGeneral;
    let (dot, dot_general) = (view::Dot::of(o), view::DotGeneral::of(o));
    let precision_config = if general { dot_general.precision_config() } else { dot.precision_config() };
    let mut consumed = vec![];
    let mut text = String::new();
    if general {
        let dimension_numbers = dot_general.dot_dimension_numbers();
        let Some(StablehloAttr::Dot(d)) = get_shlo(dimension_numbers.raw()) else {
            return false;
        };
        consumed.push(dimension_numbers.name);
        text.push_str(", ");
        if !d.lhs_batching_dimensions.is_empty() || !d.rhs_batching_dimensions.is_empty() {
            let _ = write!(
                text,
                "batching_dims = {} x {}, ",
                int_list_text(&d.lhs_batching_dimensions),
                int_list_text(&d.rhs_batching_dimensions)
            );
        }
        let _ = write!(
            text,
            "contracting_dims = {} x {}",
            int_list_text(&d.lhs_contracting_dimensions),
            int_list_text(&d.rhs_contracting_dimensions)
        );
    }
    if let Some(t) = precision_config.raw().and_then(precision_text) {
        consumed.push(precision_config.name);
        let _ = write!(text, ", precision = {t}");
    }
    if general && let Some(StablehloAttr::DotAlgorithm(a)) = get_shlo(dot_general.algorithm().raw()) {
        consumed.push(dot_general.algorithm().name);
        text.push_str(", algorithm = ");
        let _ = write_dot_algorithm_body(&mut text, a);
    }
    let operands = o.operands.clone();
    let attrs = o.attrs.clone();
    p.w(OpKind::Stablehlo(kind).name());
    p.w(" ");
    let vs = p.value_list(&operands);
    p.w(&vs);
    p.w(&text);
    p.attr_dict(&attrs, &consumed);
    p.w(" : ");
    p.op_function_type(op);
    true
}

// ---------------------------------------------------------------- convolution

/// The `[[l, h], ...]` pairs of a `tensor<Nx2xi64>` padding attribute.
fn padding_pairs(a: &Attr) -> Option<Vec<(i64, i64)>> {
    let Attr::Dense(d) = a else { return None };
    let Type::Tensor(t) = &d.ty else { return None };
    if t.elem != ElemType::I64 || t.encoding.is_some() {
        return None;
    }
    let shape = t.static_shape()?;
    if shape.len() != 2 || shape[1] != 2 {
        return None;
    }
    let n = usize::try_from(shape[0]).ok()?.checked_mul(2)?;
    if n > 1 << 20 {
        return None;
    }
    let vals = match &d.data {
        DenseData::Splat(_) | DenseData::Elements(_) => crate::dense::int_elements(&d.data, &ElemType::I64, n),
        DenseData::Strings(_) => return None,
    };
    if vals.len() != n {
        return None;
    }
    Some(vals.chunks_exact(2).map(|c| (c[0] as i64, c[1] as i64)).collect())
}

fn print_convolution(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    if !no_regions(p, op) {
        return false;
    }
    let v = view::Convolution::of(o);
    let Some(StablehloAttr::Conv(dn)) = get_shlo(v.dimension_numbers().raw()) else {
        return false;
    };
    let Some(lists) = dn.compact_lists() else {
        return false;
    };
    let mut consumed = vec![v.dimension_numbers().name];
    let mut window = vec![];
    if let Some(s) = get_i64_array(v.window_strides().raw()) {
        consumed.push(v.window_strides().name);
        window.push(format!("stride = {}", int_list_text(&s)));
    }
    if let Some(pairs) = v.padding().raw().and_then(padding_pairs) {
        consumed.push(v.padding().name);
        let items: Vec<String> = pairs.iter().map(|(l, h)| format!("[{l}, {h}]")).collect();
        window.push(format!("pad = [{}]", items.join(", ")));
    }
    if let Some(s) = get_i64_array(v.lhs_dilation().raw()) {
        consumed.push(v.lhs_dilation().name);
        window.push(format!("lhs_dilate = {}", int_list_text(&s)));
    }
    if let Some(s) = get_i64_array(v.rhs_dilation().raw()) {
        consumed.push(v.rhs_dilation().name);
        window.push(format!("rhs_dilate = {}", int_list_text(&s)));
    }
    if let Some(Attr::DenseArray(a)) = v.window_reversal().raw()
        && a.elem == ElemType::I1
    {
        consumed.push(v.window_reversal().name);
        let items: Vec<&str> = a.values.iter().map(|v| if *v != 0 { "true" } else { "false" }).collect();
        window.push(format!("reverse = [{}]", items.join(", ")));
    }
    let dims = conv_lists_text(&lists);
    let operands = o.operands.clone();
    let attrs = o.attrs.clone();
    p.w("stablehlo.convolution(");
    let vs = p.value_list(&operands);
    p.w(&vs);
    p.w(") dim_numbers = ");
    p.w(&dims);
    p.w(", window = {");
    p.w(&window.join(", "));
    p.w("}");
    p.attr_dict(&attrs, &consumed);
    p.w(" : ");
    p.op_function_type(op);
    true
}

fn conv_lists_text(lists: &[Vec<ConvDim>; 3]) -> String {
    let one = |l: &Vec<ConvDim>| -> String {
        let items: Vec<String> = l
            .iter()
            .map(|d| match d {
                ConvDim::Spatial(k) => k.to_string(),
                other => other.letter().map(String::from).unwrap_or_default(),
            })
            .collect();
        format!("[{}]", items.join(", "))
    };
    format!("{}x{}->{}", one(&lists[0]), one(&lists[1]), one(&lists[2]))
}

// ---------------------------------------------------------------- custom_call, composite

fn print_custom_call(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    if !no_regions(p, op) {
        return false;
    }
    let call_target_name = view::CustomCall::of(o).call_target_name();
    let Some(Attr::Str(target, None)) = call_target_name.raw() else {
        return false;
    };
    let target = target.clone();
    let operands = o.operands.clone();
    let attrs = o.attrs.clone();
    p.w("stablehlo.custom_call @");
    p.symbol_name(&target);
    p.w("(");
    let vs = p.value_list(&operands);
    p.w(&vs);
    p.w(")");
    p.attr_dict(&attrs, &[call_target_name.name]);
    p.w(" : ");
    p.op_function_type(op);
    true
}

fn print_composite(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let name_field = view::Composite::of(o).name();
    let Some(Attr::Str(name, None)) = name_field.raw() else {
        return false;
    };
    let name = name.clone();
    let operands = o.operands.clone();
    let regions = o.regions.clone();
    let attrs = o.attrs.clone();
    p.w("stablehlo.composite ");
    let _ = super::write_string(&mut p.out, &name);
    p.w(" ");
    let vs = p.value_list(&operands);
    p.w(&vs);
    if !regions.is_empty() {
        p.w(" (");
        for (i, &r) in regions.iter().enumerate() {
            if i > 0 {
                p.w(", ");
            }
            p.region(r, true, false);
        }
        p.w(")");
    }
    p.attr_dict(&attrs, &[name_field.name]);
    p.w(" : ");
    p.op_function_type(op);
    true
}

// ---------------------------------------------------------------- reduce

/// The inner op of a reduce body printable as `applies <op>` (MLIR's E1–E5
/// conditions, plus: the inner op and the return carry no attributes, which
/// the compact form could not show).
fn reduce_applies(p: &Printer<'_>, op: OpId) -> Option<StablehloOp> {
    let o = p.m.op(op);
    let &[r] = o.regions.as_slice() else {
        return None;
    };
    let &[b] = p.m.region(r).blocks.as_slice() else {
        return None;
    };
    let block = p.m.block(b);
    let &[inner, ret] = block.ops.as_slice() else {
        return None;
    };
    let (io, ro) = (p.m.op(inner), p.m.op(ret));
    let Some(OpKind::Stablehlo(k)) = io.name.kind() else {
        return None;
    };
    if !is_reduce_applies_op(k) || ro.name.kind() != Some(OpKind::Stablehlo(StablehloOp::Return)) {
        return None;
    }
    if io.operands.len() != 2
        || io.results.len() != 1
        || !io.regions.is_empty()
        || !io.attrs.is_empty()
        || !io.successors.is_empty()
    {
        return None;
    }
    if !ro.attrs.is_empty()
        || !ro.regions.is_empty()
        || !ro.successors.is_empty()
        || !ro.results.is_empty()
        || ro.operands != io.results
    {
        return None;
    }
    if block.args != io.operands {
        return None;
    }
    let t = p.m.value_type(io.results[0]);
    if io.operands.iter().any(|&v| p.m.value_type(v) != t) {
        return None;
    }
    let first = o.operands.first()?;
    let elem = match p.m.value_type(*first) {
        Type::Tensor(tt) => tt.elem.clone(),
        Type::Vector(_, e) => e.clone(),
        _ => return None,
    };
    let expected = Type::Tensor(TensorType { shape: Some(vec![]), elem, encoding: None });
    (*t == expected).then_some(k)
}

fn print_reduce(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let n = o.operands.len();
    if !n.is_multiple_of(2) || o.regions.len() != 1 {
        return false;
    }
    let dimensions = view::Dimensions::of(o).dimensions();
    let Some(dims) = get_i64_array(dimensions.raw()) else {
        return false;
    };
    let pairs = n / 2;
    let applies = reduce_applies(p, op);
    let r = o.regions[0];
    let entry = p.m.region(r).blocks.first().copied();
    if applies.is_none() {
        let Some(b) = entry else { return false };
        if p.m.block(b).args.len() != n {
            return false;
        }
    }
    let operands = o.operands.clone();
    let attrs = o.attrs.clone();
    p.w("stablehlo.reduce");
    for i in 0..pairs {
        if i > 0 {
            p.w(", ");
        }
        p.w("(");
        let a = p.value(operands[i]);
        p.w(&a);
        p.w(" init: ");
        let b = p.value(operands[i + pairs]);
        p.w(&b);
        p.w(")");
    }
    if let Some(k) = applies {
        p.w(" applies ");
        p.w(OpKind::Stablehlo(k).name());
    }
    p.w(" across dimensions = ");
    p.w(&int_list_text(&dims));
    p.attr_dict(&attrs, &[dimensions.name]);
    p.w(" : ");
    p.op_function_type(op);
    if applies.is_none() {
        let Some(b) = entry else { return false };
        p.newline();
        p.w(" reducer");
        let args = p.m.block(b).args.clone();
        for i in 0..pairs {
            p.w("(");
            for (j, &a) in [args[i], args[i + pairs]].iter().enumerate() {
                if j > 0 {
                    p.w(", ");
                }
                let name = p.value(a);
                p.w(&name);
                p.w(": ");
                let t = p.m.value_type(a).clone();
                p.ty(&t);
            }
            p.w(") ");
        }
        p.w(" ");
        p.region(r, false, false);
    }
    true
}

// ---------------------------------------------------------------- while

fn print_while(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let &[cond, body] = o.regions.as_slice() else {
        return false;
    };
    let types = types_of(p, &o.operands);
    if types_of(p, &o.results) != types {
        return false;
    }
    for r in [cond, body] {
        let Some(&b) = p.m.region(r).blocks.first() else {
            return false;
        };
        if types_of(p, &p.m.block(b).args) != types {
            return false;
        }
    }
    let cond_args = p.m.block(p.m.region(cond).blocks[0]).args.clone();
    let body_args = p.m.block(p.m.region(body).blocks[0]).args.clone();
    // Both regions' arguments are named `%iterArg...` in the same order
    // (`block_arg_names`), so the body's names stand for both.
    if cond_args.iter().zip(&body_args).any(|(&c, &b)| p.value(c) != p.value(b)) {
        return false;
    }
    let operands = o.operands.clone();
    let attrs = o.attrs.clone();
    p.w("stablehlo.while(");
    for (i, (&a, &v)) in body_args.iter().zip(&operands).enumerate() {
        if i > 0 {
            p.w(", ");
        }
        let an = p.value(a);
        p.w(&an);
        p.w(" = ");
        let vn = p.value(v);
        p.w(&vn);
    }
    p.w(")");
    if !operands.is_empty() {
        p.w(" : ");
        p.type_list(&types);
    }
    if !attrs.is_empty() {
        p.w(" attributes");
        p.attr_dict(&attrs, &[]);
    }
    p.newline();
    p.w("cond ");
    p.region(cond, false, false);
    p.w(" do ");
    p.region(body, false, false);
    true
}

// ---------------------------------------------------------------- optimization_barrier, return

fn print_optimization_barrier(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    if !no_regions(p, op) {
        return false;
    }
    let types = types_of(p, &o.operands);
    if types_of(p, &o.results) != types {
        return false;
    }
    let operands = o.operands.clone();
    let attrs = o.attrs.clone();
    p.w("stablehlo.optimization_barrier");
    p.attr_dict(&attrs, &[]);
    if operands.is_empty() {
        p.w("()");
    } else {
        p.w(" ");
        let vs = p.value_list(&operands);
        p.w(&vs);
        p.w(" : ");
        p.type_list(&types);
    }
    true
}

fn print_return(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    if !no_regions(p, op) || !o.results.is_empty() {
        return false;
    }
    let operands = o.operands.clone();
    let attrs = o.attrs.clone();
    // `$results attr-dict (`:` type($results)^)?`: the separator space is
    // printed even when there are no results.
    p.w("stablehlo.return ");
    let vs = p.value_list(&operands);
    p.w(&vs);
    p.attr_dict(&attrs, &[]);
    if !operands.is_empty() {
        p.w(" : ");
        let types = types_of(p, &operands);
        p.type_list(&types);
    }
    true
}

// ---------------------------------------------------------------- attributes

fn write_dims(f: &mut impl Write, vs: &[i64]) -> fmt::Result {
    f.write_str("[")?;
    for (i, v) in vs.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        if *v == DYNAMIC { f.write_str("?")? } else { write!(f, "{v}")? }
    }
    f.write_str("]")
}

/// `<name = [..], ...>` with empty lists and zero integers left out.
fn write_struct(f: &mut impl Write, lists: &[(&str, &[i64])], ints: &[(&str, i64)]) -> fmt::Result {
    f.write_str("<")?;
    let mut sep = "";
    for (name, vs) in lists {
        if !vs.is_empty() {
            write!(f, "{sep}{name} = ")?;
            write_dims(f, vs)?;
            sep = ", ";
        }
    }
    for (name, v) in ints {
        if *v != 0 {
            write!(f, "{sep}{name} = {v}")?;
            sep = ", ";
        }
    }
    f.write_str(">")
}

fn write_dot_algorithm_body(f: &mut impl Write, a: &DotAlgorithm) -> fmt::Result {
    f.write_str("<lhs_precision_type = ")?;
    write_type(f, &a.lhs_precision_type)?;
    f.write_str(", rhs_precision_type = ")?;
    write_type(f, &a.rhs_precision_type)?;
    f.write_str(", accumulation_type = ")?;
    write_type(f, &a.accumulation_type)?;
    write!(
        f,
        ", lhs_component_count = {}, rhs_component_count = {}, num_primitive_operations = {}, allow_imprecise_accumulation = {}>",
        a.lhs_component_count, a.rhs_component_count, a.num_primitive_operations, a.allow_imprecise_accumulation
    )
}

pub fn write_attr(f: &mut impl Write, a: &StablehloAttr) -> fmt::Result {
    match a {
        StablehloAttr::ComparisonDirection(d, v) => {
            write!(f, "#{}<comparison_direction {}>", d.name(), v.as_str())
        }
        StablehloAttr::ComparisonType(d, v) => {
            write!(f, "#{}<comparison_type {}>", d.name(), v.as_str())
        }
        StablehloAttr::Precision(d, v) => write!(f, "#{}<precision {}>", d.name(), v.as_str()),
        StablehloAttr::FftType(v) => write!(f, "#stablehlo<fft_type {}>", v.as_str()),
        StablehloAttr::Transpose(v) => write!(f, "#stablehlo<transpose {}>", v.as_str()),
        StablehloAttr::RngDistribution(v) => {
            write!(f, "#stablehlo<rng_distribution {}>", v.as_str())
        }
        StablehloAttr::RngAlgorithm(v) => write!(f, "#stablehlo<rng_algorithm {}>", v.as_str()),
        StablehloAttr::ResultAccuracyMode(v) => {
            write!(f, "#stablehlo.result_accuracy_mode<{}>", v.as_str())
        }
        StablehloAttr::ResultAccuracy(r) => {
            f.write_str("#stablehlo.result_accuracy<")?;
            if r.atol != 0 {
                write!(f, "atol = {}, ", float::format_mlir(FloatKind::F64, r.atol.into()))?;
            }
            if r.rtol != 0 {
                write!(f, "rtol = {}, ", float::format_mlir(FloatKind::F64, r.rtol.into()))?;
            }
            if r.ulps != 0 {
                write!(f, "ulps = {}, ", r.ulps)?;
            }
            write!(f, "mode = #stablehlo.result_accuracy_mode<{}>>", r.mode.as_str())
        }
        StablehloAttr::Dot(d) => {
            f.write_str("#stablehlo.dot")?;
            write_struct(
                f,
                &[
                    ("lhs_batching_dimensions", &d.lhs_batching_dimensions),
                    ("rhs_batching_dimensions", &d.rhs_batching_dimensions),
                    ("lhs_contracting_dimensions", &d.lhs_contracting_dimensions),
                    ("rhs_contracting_dimensions", &d.rhs_contracting_dimensions),
                ],
                &[],
            )
        }
        StablehloAttr::RaggedDot(d) => {
            f.write_str("#chlo.ragged_dot")?;
            write_struct(
                f,
                &[
                    ("lhs_batching_dimensions", &d.lhs_batching_dimensions),
                    ("rhs_batching_dimensions", &d.rhs_batching_dimensions),
                    ("lhs_contracting_dimensions", &d.lhs_contracting_dimensions),
                    ("rhs_contracting_dimensions", &d.rhs_contracting_dimensions),
                    ("lhs_ragged_dimensions", &d.lhs_ragged_dimensions),
                    ("rhs_group_dimensions", &d.rhs_group_dimensions),
                ],
                &[],
            )
        }
        StablehloAttr::Gather(g) => {
            f.write_str("#stablehlo.gather")?;
            write_struct(
                f,
                &[
                    ("offset_dims", &g.offset_dims),
                    ("collapsed_slice_dims", &g.collapsed_slice_dims),
                    ("operand_batching_dims", &g.operand_batching_dims),
                    ("start_indices_batching_dims", &g.start_indices_batching_dims),
                    ("start_index_map", &g.start_index_map),
                ],
                &[("index_vector_dim", g.index_vector_dim)],
            )
        }
        StablehloAttr::Scatter(s) => {
            f.write_str("#stablehlo.scatter")?;
            write_struct(
                f,
                &[
                    ("update_window_dims", &s.update_window_dims),
                    ("inserted_window_dims", &s.inserted_window_dims),
                    ("input_batching_dims", &s.input_batching_dims),
                    ("scatter_indices_batching_dims", &s.scatter_indices_batching_dims),
                    ("scatter_dims_to_operand_dims", &s.scatter_dims_to_operand_dims),
                ],
                &[("index_vector_dim", s.index_vector_dim)],
            )
        }
        StablehloAttr::Conv(c) => match c.compact_lists() {
            Some(lists) => write!(f, "#stablehlo.conv<{}>", conv_lists_text(&lists)),
            None => {
                f.write_str("#stablehlo.conv<raw ")?;
                write!(
                    f,
                    "input_batch_dimension = {}, input_feature_dimension = {}, input_spatial_dimensions = ",
                    c.input_batch_dimension, c.input_feature_dimension
                )?;
                write_dims(f, &c.input_spatial_dimensions)?;
                write!(
                    f,
                    ", kernel_input_feature_dimension = {}, kernel_output_feature_dimension = {}, kernel_spatial_dimensions = ",
                    c.kernel_input_feature_dimension, c.kernel_output_feature_dimension
                )?;
                write_dims(f, &c.kernel_spatial_dimensions)?;
                write!(
                    f,
                    ", output_batch_dimension = {}, output_feature_dimension = {}, output_spatial_dimensions = ",
                    c.output_batch_dimension, c.output_feature_dimension
                )?;
                write_dims(f, &c.output_spatial_dimensions)?;
                f.write_str(">")
            }
        },
        StablehloAttr::DotAlgorithm(a) => {
            f.write_str("#stablehlo.dot_algorithm")?;
            write_dot_algorithm_body(f, a)
        }
        StablehloAttr::ChannelHandle(c) => {
            write!(f, "#stablehlo.channel_handle<handle = {}, type = {}>", c.handle, c.ty)
        }
        StablehloAttr::OutputOperandAlias(o) => {
            f.write_str("#stablehlo.output_operand_alias<output_tuple_indices = ")?;
            write_dims(f, &o.output_tuple_indices)?;
            write!(f, ", operand_index = {}, operand_tuple_indices = ", o.operand_index)?;
            write_dims(f, &o.operand_tuple_indices)?;
            f.write_str(">")
        }
        StablehloAttr::TypeExtensions(t) => {
            f.write_str("#stablehlo.bounds<")?;
            for (i, b) in t.bounds.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                if *b == DYNAMIC { f.write_str("?")? } else { write!(f, "{b}")? }
            }
            f.write_str(">")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `kw_field` finds every keyword's attribute among its row's fields, so that the keyword
    /// forms read exactly the attributes the lowering's keyword table names.
    #[test]
    fn kw_attributes_are_fields_of_the_row_views() {
        for &k in StablehloOp::ALL {
            let Some(spec) = kw_op_spec(k) else { continue };
            let schema = OpKind::Stablehlo(k).attr_schema();
            for ks in spec.kws {
                assert!(
                    schema.iter().any(|s| s.name == ks.attr),
                    "{}: keyword `{}` prints '{}', which its view does not declare",
                    OpKind::Stablehlo(k).name(),
                    ks.key,
                    ks.attr
                );
            }
        }
    }
}
