//! StableHLO type rules (issues #4, #15): the constraints of
//! openxla/stablehlo `docs/spec.md` and its type inference, for every op
//! the interpreter runs, so that the interpreter never meets an ill-typed op.
//!
//! One file per op family, mirroring the spec: `elementwise`, `shape`,
//! `reduce` (reductions and windows), `dot` (dot, convolution,
//! dynamic_conv), `gather` (gather, dynamic_gather, scatter), `control`
//! (control flow and calls), `linalg` (cholesky, triangular_solve, fft),
//! `misc` (tuples, tokens, ids), `collective` (collectives and host
//! transfers), `numeric` (batch norm, rng) and `legacy` (einsum,
//! torch_index_select, set_dimension_size); `common` holds the
//! compatibility relations they share. `check` below is the only
//! dispatcher: an exhaustive match over `StablehloOp` whose rows say which
//! check (and which element type categories) apply, each row tagged with
//! its spec labels. `crate::coverage` lists the same labels per op kind as
//! data.
//!
//! Messages follow upstream's verifier (`stablehlo/dialect/TypeInference.cpp`,
//! `StablehloOps.cpp`) where it has one, with MLIR's `'stablehlo.op' op `
//! prefix. Every failure carries its label (`Fail::code`). Labels of checks
//! that are not spec constraints: `stablehlo_signature` (operand, result
//! and region counts and required attributes, which ODS checks upstream),
//! `stablehlo_operand_types` (the element types an op accepts: the spec's
//! Inputs tables, ODS's operand constraints) and `stablehlo_shape_overflow`.
//!
//! `async_start` and `async_done` follow upstream's type inference
//! (`AsyncStartOp::inferReturnTypes`, `AsyncDoneOp::inferReturnTypes`): a
//! failure there is followed by MLIR's "failed to infer returned types", as
//! upstream reports both (`verify_op`).

pub mod collective;
pub mod common;
pub mod control;
pub mod dot;
pub mod elementwise;
pub mod gather;
pub mod legacy;
pub mod linalg;
pub mod misc;
pub mod numeric;
pub mod reduce;
pub mod shape;

use shardref_spec::Diagnostic;
use shardref_spec::ir::OpId;
use shardref_spec::ops::{FuncOp, StablehloOp};

use crate::{Check, Cx};
use common::Op;
use elementwise::{self as ew, Cats};

const FC: Cats = Cats::FLOAT.or(Cats::COMPLEX).or(Cats::QUANT);
const FQ: Cats = Cats::FLOAT.or(Cats::QUANT);
const NUM: Cats = Cats::INT.or(Cats::FLOAT).or(Cats::COMPLEX).or(Cats::QUANT);
const LOGIC: Cats = Cats::BOOL.or(Cats::INT);

/// The checks of one StableHLO op.
pub fn check(op: Op<'_>, k: StablehloOp) -> Check {
    use StablehloOp as S;
    match k {
        S::Abs => ew::complex_part(op, Cats::SINT.or(Cats::FLOAT).or(Cats::COMPLEX).or(Cats::QUANT)), // abs_c1, abs_c2
        S::Cbrt => ew::unary_same(op, FC),                                                            // cbrt_c1
        S::Ceil => ew::unary_same(op, FQ),                                                            // ceil_c1
        S::Convert => ew::convert(op),                                                                // convert_c1
        S::Cosine => ew::unary_same(op, FC),                                                          // cosine_c1
        S::CountLeadingZeros => ew::unary_same(op, Cats::INT), // count_leading_zeros_c1
        S::Exponential => ew::unary_same(op, FC),              // exponential_c1
        S::ExponentialMinusOne => ew::unary_same(op, FC),      // exponential_minus_one_c1
        S::Floor => ew::unary_same(op, FQ),                    // floor_c1
        S::Imag => ew::complex_part(op, Cats::FLOAT.or(Cats::COMPLEX)), // imag_c1, imag_c2
        S::IsFinite => ew::is_finite(op),                      // is_finite_c1
        S::Log => ew::unary_same(op, FC),                      // log_c1
        S::LogPlusOne => ew::unary_same(op, FC),               // log_plus_one_c1
        S::Logistic => ew::unary_same(op, FC),                 // logistic_c1
        S::Negate => ew::unary_same(op, NUM),                  // negate_c1
        S::Not => ew::unary_same(op, LOGIC),                   // not_c1
        S::Popcnt => ew::unary_same(op, Cats::INT),            // popcnt_c1
        S::Real => ew::complex_part(op, Cats::FLOAT.or(Cats::COMPLEX)), // real_c1, real_c2
        S::ReducePrecision => ew::reduce_precision(op),        // reduce_precision_c1..reduce_precision_c3
        S::RoundNearestAfz => ew::unary_same(op, FQ),          // round_nearest_afz_c1
        S::RoundNearestEven => ew::unary_same(op, FQ),         // round_nearest_even_c1
        S::Rsqrt => ew::unary_same(op, FC),                    // rsqrt_c1
        S::Sign => ew::unary_same(op, Cats::SINT.or(Cats::FLOAT).or(Cats::COMPLEX).or(Cats::QUANT)), // sign_c1
        S::Sine => ew::unary_same(op, FC),                     // sine_c1
        S::Sqrt => ew::unary_same(op, FC),                     // sqrt_c1
        S::Tan => ew::unary_same(op, FC),                      // tan_c1
        S::Tanh => ew::unary_same(op, FC),                     // tanh_c1
        S::BitcastConvert => ew::bitcast_convert(op),          // bitcast_convert_c1, bitcast_convert_c2
        S::UniformQuantize => ew::uniform_quantize(op),        // uniform_quantize_c1, uniform_quantize_c2
        S::UniformDequantize => ew::uniform_dequantize(op),    // uniform_dequantize_c1, uniform_dequantize_c2
        S::Add => ew::add(op),                                 // add_c1..add_c7
        S::And => ew::binary_same(op, LOGIC),                  // and_c1
        S::Atan2 => ew::binary_same(op, FC),                   // atan2_c1
        S::Complex => ew::complex(op),                         // complex_c1..complex_c3
        S::Divide => ew::binary_same(op, NUM),                 // divide_c1
        S::Maximum => ew::binary_same(op, Cats::ANY),          // maximum_c1
        S::Minimum => ew::binary_same(op, Cats::ANY),          // minimum_c1
        S::Multiply => ew::binary_same(op, Cats::ANY),         // multiply_c1
        S::Or => ew::binary_same(op, LOGIC),                   // or_c1
        S::Power => ew::binary_same(op, NUM),                  // power_c1
        S::Remainder => ew::binary_same(op, NUM),              // remainder_c1
        S::ShiftLeft => ew::binary_same(op, Cats::INT),        // shift_left_c1
        S::ShiftRightArithmetic => ew::binary_same(op, Cats::INT), // shift_right_arithmetic_c1
        S::ShiftRightLogical => ew::binary_same(op, Cats::INT), // shift_right_logical_c1
        S::Subtract => ew::binary_same(op, NUM),               // subtract_c1
        S::Xor => ew::binary_same(op, LOGIC),                  // xor_c1
        S::Compare => ew::compare(op),                         // compare_c1..compare_c3
        S::Select => ew::select(op),                           // select_c1, select_c2
        S::Clamp => ew::clamp(op),                             // clamp_c1..clamp_c4
        S::Constant => shape::constant(op),                    // constant_c1
        S::Iota => shape::iota(op),                            // iota_c1
        S::DynamicIota => shape::dynamic_iota(op),             // dynamic_iota_c1, dynamic_iota_c2
        S::Broadcast => shape::broadcast(op),                  // broadcast_c1
        S::BroadcastInDim => shape::broadcast_in_dim(op),      // broadcast_in_dim_c1..broadcast_in_dim_c6
        S::DynamicBroadcastInDim => shape::dynamic_broadcast_in_dim(op), // dynamic_broadcast_in_dim_c1..dynamic_broadcast_in_dim_c5, dynamic_broadcast_in_dim_c7..dynamic_broadcast_in_dim_c10
        S::Reshape => shape::reshape(op),                                // reshape_c1..reshape_c3
        S::DynamicReshape => shape::dynamic_reshape(op),                 // dynamic_reshape_c1..dynamic_reshape_c4
        S::Transpose => shape::transpose(op),                            // transpose_c1..transpose_c4
        S::Concatenate => shape::concatenate(op),                        // concatenate_c1..concatenate_c6
        S::Slice => shape::slice(op),                                    // slice_c1..slice_c5
        S::DynamicSlice => shape::dynamic_slice(op),                     // dynamic_slice_c1..dynamic_slice_c5
        S::RealDynamicSlice => shape::real_dynamic_slice(op),            // real_dynamic_slice_c1..real_dynamic_slice_c3
        S::DynamicUpdateSlice => shape::dynamic_update_slice(op), // dynamic_update_slice_c1..dynamic_update_slice_c6
        S::Pad => shape::pad(op),                                 // pad_c1..pad_c4
        S::DynamicPad => shape::dynamic_pad(op),                  // dynamic_pad_c1..dynamic_pad_c3
        S::Reverse => shape::reverse(op),                         // reverse_c1..reverse_c3
        S::Gather => gather::gather(op),                          // gather_c1..gather_c23
        S::DynamicGather => gather::dynamic_gather(op), // dynamic_gather_i3, dynamic_gather_c1..dynamic_gather_c23
        S::Scatter => gather::scatter(op),              // scatter_c1..scatter_c25
        S::Sort => reduce::sort(op),                    // sort_c1..sort_c5
        S::GetDimensionSize => shape::get_dimension_size(op), // get_dimension_size_c1
        S::Reduce => reduce::reduce(op),                // reduce_c1..reduce_c8
        S::ReduceWindow => reduce::reduce_window(op),   // reduce_window_c1..reduce_window_c16
        S::SelectAndScatter => reduce::select_and_scatter(op), // select_and_scatter_c1..select_and_scatter_c12
        S::Map => reduce::map(op),                      // map_c1..map_c4
        S::Fft => linalg::fft(op),                      // fft_c1..fft_c5
        S::TriangularSolve => linalg::triangular_solve(op), // triangular_solve_c1..triangular_solve_c4
        S::Cholesky => linalg::cholesky(op),            // cholesky_c1..cholesky_c3
        S::Dot => dot::dot(op),                         // dot_c1, dot_c2
        S::DotGeneral => dot::dot_general(op),          // dot_general_c1..dot_general_c21
        S::Convolution => dot::convolution(op),         // convolution_c1..convolution_c34
        S::DynamicConv => dot::dynamic_conv(op),        // dynamic_conv_i3, dynamic_conv_c1..dynamic_conv_c34
        S::While => control::while_op(op),              // while_c1..while_c3
        S::If => control::conditional(op, false),       // if_c1..if_c3
        S::Case => control::conditional(op, true),      // case_c1..case_c4
        S::OptimizationBarrier => control::optimization_barrier(op), // optimization_barrier_c1
        S::Composite => control::composite(op),         // composite_c1..composite_c4
        S::Tuple => misc::tuple(op),                    // tuple_c1
        S::GetTupleElement => misc::get_tuple_element(op), // get_tuple_element_c1, get_tuple_element_c2
        S::CreateToken | S::AfterAll => misc::token(op), // stablehlo_operand_types
        S::PartitionId | S::ReplicaId => misc::process_id(op), // stablehlo_operand_types
        S::SetDimensionSize => legacy::set_dimension_size(op), // set_dimension_size_c1..set_dimension_size_c3
        S::TorchIndexSelect => legacy::torch_index_select(op), // torch_index_select_c1..torch_index_select_c3
        S::Einsum => legacy::einsum(op, 2),             // einsum_c1..einsum_c3
        S::UnaryEinsum => legacy::einsum(op, 1),        // einsum_c1..einsum_c3
        S::BatchNormGrad => numeric::batch_norm(op, numeric::BatchNorm::Grad), // batch_norm_grad_c1..batch_norm_grad_c5
        S::BatchNormInference => numeric::batch_norm(op, numeric::BatchNorm::Inference), // batch_norm_inference_c1..batch_norm_inference_c7
        S::BatchNormTraining => numeric::batch_norm(op, numeric::BatchNorm::Training), // batch_norm_training_c1..batch_norm_training_c7
        S::Rng => numeric::rng(op),                                                    // rng_c1..rng_c3
        S::RngBitGenerator => numeric::rng_bit_generator(op), // rng_bit_generator_c1, rng_bit_generator_c2
        S::Infeed => collective::infeed(op),                  // infeed_c1..infeed_c3
        S::Outfeed => collective::outfeed(op),                // stablehlo_operand_types
        S::Send => collective::send(op),                      // send_c1..send_c4
        S::Recv => collective::recv(op),                      // recv_c1..recv_c4
        S::AllGather => collective::all_gather(op),           // all_gather_c1..all_gather_c6
        S::AllReduce => collective::all_reduce(op),           // all_reduce_c1..all_reduce_c7
        S::AllToAll => collective::all_to_all(op),            // all_to_all_c1..all_to_all_c9
        S::ReduceScatter => collective::reduce_scatter(op),   // reduce_scatter_c2..reduce_scatter_c9
        S::CollectivePermute => collective::collective_permute(op), // collective_permute_c1..collective_permute_c5
        S::CollectiveBroadcast => collective::collective_broadcast(op), // collective_broadcast_c1..collective_broadcast_c5
        S::CollectiveReduce => collective::collective_reduce(op),       // collective_reduce_c1..collective_reduce_c4
        S::CrossReplicaSum => collective::cross_replica_sum(op),        // cross_replica_sum_c1, cross_replica_sum_c2
        // The terminator's types are checked by the op that owns its region.
        S::Return => Ok(()),
        // custom_call has no type constraints in the spec, and its targets
        // run in the interpreter's host (each target checks its operands).
        S::CustomCall => Ok(()),
        S::AsyncStart => control::async_start(op), // async_start_c1..async_start_c4
        S::AsyncDone => control::async_done(op),   // async_done_c1
    }
}

/// Verifies one StableHLO op, as a located diagnostic.
pub fn verify_op(cx: &Cx<'_>, op: OpId, k: StablehloOp) -> Result<(), Vec<Diagnostic>> {
    check(Op::new(cx.m, op), k).map_err(|f| {
        // The async ops' constraints are checked by their type inference, whose failure MLIR
        // follows with its own error (the region count is ODS's, checked before inference).
        let inferred = matches!(k, StablehloOp::AsyncStart | StablehloOp::AsyncDone) && f.code != "stablehlo_signature";
        let code = f.code;
        let mut ds = vec![cx.op_error(op, f)];
        if inferred {
            ds.push(cx.op_error(op, crate::Fail::new(code, "failed to infer returned types")));
        }
        ds
    })
}

/// Verifies the `func` dialect's ops whose types the interpreter relies on,
/// at op-verification time (`func.call`'s checks are symbol uses, below).
pub fn verify_func_op(cx: &Cx<'_>, op: OpId, k: FuncOp) -> Result<(), Diagnostic> {
    let o = Op::new(cx.m, op);
    match k {
        // func_return_c1 (`emitOpError`), then func_return_c2 (`emitError`: no op prefix).
        FuncOp::Return => control::func_return(o)
            .map_err(|f| cx.op_error(op, f))
            .and_then(|()| control::func_return_types(o).map_err(|f| cx.located(op, f))),
        FuncOp::Call | FuncOp::Func => Ok(()),
    }
}

/// The `func` dialect's symbol-use checks: `func.call` compares its
/// operands and results with the callee's type in MLIR's
/// `CallOp::verifySymbolUses`, so these errors come after every op
/// verifier of the module (a callee's `func.return` type error first).
pub fn func_symbol_uses(cx: &Cx<'_>, op: OpId, k: FuncOp) -> Result<(), Diagnostic> {
    let r = match k {
        FuncOp::Call => control::func_call(Op::new(cx.m, op)), // func_call_c1, func_call_c2
        FuncOp::Return | FuncOp::Func => Ok(()),
    };
    r.map_err(|f| cx.op_error(op, f))
}
