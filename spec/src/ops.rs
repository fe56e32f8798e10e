//! The op table: every op shardref knows, as data.
//!
//! `OpKind` is generated from one list, so that the interpreter, the verifier
//! and the printer dispatch with exhaustive `match`es: adding an op here fails
//! to compile until every consumer handles it.
//!
//! Each row is `Variant, "mnemonic", [traits]`, in one block per dialect. Traits follow MLIR's
//! names. Operand/attribute/region signatures live with each family's
//! lowering and verifier, keyed by the same `OpKind`.

use std::fmt;

/// A trait set, as bit flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Traits(pub u32);

impl Traits {
    pub const NONE: Traits = Traits(0);
    /// Applies to tensors element by element (result\[i\] depends on operands\[i\] only).
    pub const ELEMENTWISE: Traits = Traits(1 << 0);
    /// Communicates between devices or processes.
    pub const COLLECTIVE: Traits = Traits(1 << 1);
    /// Ends a block.
    pub const TERMINATOR: Traits = Traits(1 << 2);
    /// Regions cannot see values defined outside the op.
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 3);
    /// Defines a symbol (`sym_name`).
    pub const SYMBOL: Traits = Traits(1 << 4);
    /// Operands and results all have one type.
    pub const SAME_OPERANDS_AND_RESULT_TYPE: Traits = Traits(1 << 5);
    /// No side effects.
    pub const PURE: Traits = Traits(1 << 6);
    /// Has regions that it runs (control flow, reductions, calls).
    pub const HAS_REGIONS: Traits = Traits(1 << 7);
    /// A constant: no operands, value from an attribute.
    pub const CONSTANT_LIKE: Traits = Traits(1 << 8);
    /// Ops of the test dialects (`check`, `interpreter`).
    pub const TEST: Traits = Traits(1 << 9);
    /// Refers to symbols (functions, meshes).
    pub const SYMBOL_USER: Traits = Traits(1 << 10);
    /// Its regions' blocks need no terminator (MLIR's `NoTerminator`: `builtin.module`).
    pub const NO_TERMINATOR: Traits = Traits(1 << 11);

    pub const fn union(self, other: Traits) -> Traits {
        Traits(self.0 | other.0)
    }
    pub const fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    Builtin,
    Func,
    Arith,
    Stablehlo,
    Chlo,
    Mhlo,
    Sdy,
    Mpmd,
    Check,
    Interpreter,
    Hlo,
}

impl Dialect {
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Builtin => "builtin",
            Dialect::Func => "func",
            Dialect::Arith => "arith",
            Dialect::Stablehlo => "stablehlo",
            Dialect::Chlo => "chlo",
            Dialect::Mhlo => "mhlo",
            Dialect::Sdy => "sdy",
            Dialect::Mpmd => "mpmd",
            Dialect::Check => "check",
            Dialect::Interpreter => "interpreter",
            Dialect::Hlo => "hlo",
        }
    }
}

/// The static description of one op.
#[derive(Clone, Copy, Debug)]
pub struct OpSpec {
    pub kind: OpKind,
    pub name: &'static str,
    pub dialect: Dialect,
    pub traits: Traits,
}

macro_rules! traits {
    () => { Traits::NONE };
    ($first:ident $(| $rest:ident)*) => { Traits::$first$(.union(Traits::$rest))* };
}

macro_rules! define_dialect {
    ($enum:ident, $dialect:ident, $table:ident, { $($variant:ident, $name:literal, [$($trait:ident)|*];)* }) => {
        #[doc = concat!("The ops of the `", stringify!($dialect), "` dialect.")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $enum { $($variant,)* }

        impl $enum {
            pub const ALL: &'static [$enum] = &[$($enum::$variant,)*];
        }

        static $table: &[OpSpec] = &[
            $(OpSpec { kind: OpKind::$dialect($enum::$variant), name: $name, dialect: Dialect::$dialect, traits: traits!($($trait)|*) },)*
        ];
    };
}

define_dialect!(BuiltinOp, Builtin, BUILTIN_OPS, {
    Module, "builtin.module", [ISOLATED_FROM_ABOVE | SYMBOL | HAS_REGIONS | NO_TERMINATOR];
});

define_dialect!(FuncOp, Func, FUNC_OPS, {
    Func, "func.func", [ISOLATED_FROM_ABOVE | SYMBOL | HAS_REGIONS];
    Return, "func.return", [TERMINATOR | PURE];
    Call, "func.call", [SYMBOL_USER];
});

define_dialect!(ArithOp, Arith, ARITH_OPS, {
    Constant, "arith.constant", [PURE | CONSTANT_LIKE];
});

define_dialect!(StablehloOp, Stablehlo, STABLEHLO_OPS, {
    Abs, "stablehlo.abs", [ELEMENTWISE | PURE];
    Cbrt, "stablehlo.cbrt", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Ceil, "stablehlo.ceil", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Convert, "stablehlo.convert", [ELEMENTWISE | PURE];
    Cosine, "stablehlo.cosine", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    CountLeadingZeros, "stablehlo.count_leading_zeros", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Exponential, "stablehlo.exponential", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    ExponentialMinusOne, "stablehlo.exponential_minus_one", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Floor, "stablehlo.floor", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Imag, "stablehlo.imag", [ELEMENTWISE | PURE];
    IsFinite, "stablehlo.is_finite", [ELEMENTWISE | PURE];
    Log, "stablehlo.log", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    LogPlusOne, "stablehlo.log_plus_one", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Logistic, "stablehlo.logistic", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Negate, "stablehlo.negate", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Not, "stablehlo.not", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Popcnt, "stablehlo.popcnt", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Real, "stablehlo.real", [ELEMENTWISE | PURE];
    ReducePrecision, "stablehlo.reduce_precision", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    RoundNearestAfz, "stablehlo.round_nearest_afz", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    RoundNearestEven, "stablehlo.round_nearest_even", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Rsqrt, "stablehlo.rsqrt", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Sign, "stablehlo.sign", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Sine, "stablehlo.sine", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Sqrt, "stablehlo.sqrt", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Tan, "stablehlo.tan", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Tanh, "stablehlo.tanh", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    BitcastConvert, "stablehlo.bitcast_convert", [PURE];
    UniformQuantize, "stablehlo.uniform_quantize", [ELEMENTWISE | PURE];
    UniformDequantize, "stablehlo.uniform_dequantize", [ELEMENTWISE | PURE];
    Add, "stablehlo.add", [ELEMENTWISE | PURE];
    And, "stablehlo.and", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Atan2, "stablehlo.atan2", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Complex, "stablehlo.complex", [ELEMENTWISE | PURE];
    Divide, "stablehlo.divide", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Maximum, "stablehlo.maximum", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Minimum, "stablehlo.minimum", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Multiply, "stablehlo.multiply", [ELEMENTWISE | PURE];
    Or, "stablehlo.or", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Power, "stablehlo.power", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Remainder, "stablehlo.remainder", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    ShiftLeft, "stablehlo.shift_left", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    ShiftRightArithmetic, "stablehlo.shift_right_arithmetic", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    ShiftRightLogical, "stablehlo.shift_right_logical", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Subtract, "stablehlo.subtract", [ELEMENTWISE | PURE];
    Xor, "stablehlo.xor", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Compare, "stablehlo.compare", [ELEMENTWISE | PURE];
    Select, "stablehlo.select", [ELEMENTWISE | PURE];
    Clamp, "stablehlo.clamp", [ELEMENTWISE | PURE];
    Constant, "stablehlo.constant", [PURE | CONSTANT_LIKE];
    Iota, "stablehlo.iota", [PURE];
    DynamicIota, "stablehlo.dynamic_iota", [PURE];
    Broadcast, "stablehlo.broadcast", [PURE];
    BroadcastInDim, "stablehlo.broadcast_in_dim", [PURE];
    DynamicBroadcastInDim, "stablehlo.dynamic_broadcast_in_dim", [PURE];
    Reshape, "stablehlo.reshape", [PURE];
    DynamicReshape, "stablehlo.dynamic_reshape", [PURE];
    Transpose, "stablehlo.transpose", [PURE];
    Concatenate, "stablehlo.concatenate", [PURE];
    Slice, "stablehlo.slice", [PURE];
    DynamicSlice, "stablehlo.dynamic_slice", [PURE];
    RealDynamicSlice, "stablehlo.real_dynamic_slice", [PURE];
    DynamicUpdateSlice, "stablehlo.dynamic_update_slice", [PURE];
    Pad, "stablehlo.pad", [PURE];
    DynamicPad, "stablehlo.dynamic_pad", [PURE];
    Reverse, "stablehlo.reverse", [PURE];
    Gather, "stablehlo.gather", [PURE];
    DynamicGather, "stablehlo.dynamic_gather", [PURE];
    Scatter, "stablehlo.scatter", [HAS_REGIONS];
    Sort, "stablehlo.sort", [HAS_REGIONS];
    GetDimensionSize, "stablehlo.get_dimension_size", [PURE];
    SetDimensionSize, "stablehlo.set_dimension_size", [PURE];
    TorchIndexSelect, "stablehlo.torch_index_select", [PURE];
    Reduce, "stablehlo.reduce", [HAS_REGIONS];
    ReduceWindow, "stablehlo.reduce_window", [HAS_REGIONS];
    SelectAndScatter, "stablehlo.select_and_scatter", [HAS_REGIONS];
    Map, "stablehlo.map", [HAS_REGIONS];
    Dot, "stablehlo.dot", [PURE];
    DotGeneral, "stablehlo.dot_general", [PURE];
    Einsum, "stablehlo.einsum", [PURE];
    UnaryEinsum, "stablehlo.unary_einsum", [PURE];
    Convolution, "stablehlo.convolution", [PURE];
    DynamicConv, "stablehlo.dynamic_conv", [PURE];
    Fft, "stablehlo.fft", [PURE];
    TriangularSolve, "stablehlo.triangular_solve", [PURE];
    Cholesky, "stablehlo.cholesky", [PURE];
    BatchNormGrad, "stablehlo.batch_norm_grad", [PURE];
    BatchNormInference, "stablehlo.batch_norm_inference", [PURE];
    BatchNormTraining, "stablehlo.batch_norm_training", [PURE];
    Rng, "stablehlo.rng", [];
    RngBitGenerator, "stablehlo.rng_bit_generator", [PURE];
    While, "stablehlo.while", [HAS_REGIONS];
    If, "stablehlo.if", [HAS_REGIONS];
    Case, "stablehlo.case", [HAS_REGIONS];
    Return, "stablehlo.return", [TERMINATOR | PURE];
    Composite, "stablehlo.composite", [SYMBOL_USER];
    CustomCall, "stablehlo.custom_call", [];
    OptimizationBarrier, "stablehlo.optimization_barrier", [PURE];
    Tuple, "stablehlo.tuple", [PURE];
    GetTupleElement, "stablehlo.get_tuple_element", [PURE];
    CreateToken, "stablehlo.create_token", [PURE];
    AfterAll, "stablehlo.after_all", [PURE];
    Infeed, "stablehlo.infeed", [];
    Outfeed, "stablehlo.outfeed", [];
    Send, "stablehlo.send", [];
    Recv, "stablehlo.recv", [];
    AllGather, "stablehlo.all_gather", [COLLECTIVE];
    AllReduce, "stablehlo.all_reduce", [COLLECTIVE | HAS_REGIONS];
    AllToAll, "stablehlo.all_to_all", [COLLECTIVE];
    ReduceScatter, "stablehlo.reduce_scatter", [COLLECTIVE | HAS_REGIONS];
    CollectivePermute, "stablehlo.collective_permute", [COLLECTIVE];
    CollectiveBroadcast, "stablehlo.collective_broadcast", [COLLECTIVE];
    CollectiveReduce, "stablehlo.collective_reduce", [COLLECTIVE | HAS_REGIONS];
    CrossReplicaSum, "stablehlo.cross-replica-sum", [COLLECTIVE];
    PartitionId, "stablehlo.partition_id", [];
    ReplicaId, "stablehlo.replica_id", [];
    AsyncStart, "stablehlo.async_start", [ISOLATED_FROM_ABOVE | HAS_REGIONS];
    AsyncDone, "stablehlo.async_done", [];
});

define_dialect!(ChloOp, Chlo, CHLO_OPS, {
    AsinAcosKernel, "chlo._asin_acos_kernel", [ELEMENTWISE | PURE];
    Acos, "chlo.acos", [ELEMENTWISE | PURE];
    Acosh, "chlo.acosh", [ELEMENTWISE | PURE];
    Asin, "chlo.asin", [ELEMENTWISE | PURE];
    Asinh, "chlo.asinh", [ELEMENTWISE | PURE];
    Atan, "chlo.atan", [ELEMENTWISE | PURE];
    Atanh, "chlo.atanh", [ELEMENTWISE | PURE];
    BesselI1e, "chlo.bessel_i1e", [ELEMENTWISE | PURE];
    Conj, "chlo.conj", [ELEMENTWISE | PURE];
    Cosh, "chlo.cosh", [ELEMENTWISE | PURE];
    Digamma, "chlo.digamma", [ELEMENTWISE | PURE];
    Erf, "chlo.erf", [ELEMENTWISE | PURE];
    ErfInv, "chlo.erf_inv", [ELEMENTWISE | PURE];
    Erfc, "chlo.erfc", [ELEMENTWISE | PURE];
    IsInf, "chlo.is_inf", [ELEMENTWISE | PURE];
    IsNegInf, "chlo.is_neg_inf", [ELEMENTWISE | PURE];
    IsPosInf, "chlo.is_pos_inf", [ELEMENTWISE | PURE];
    Lgamma, "chlo.lgamma", [ELEMENTWISE | PURE];
    Sinh, "chlo.sinh", [ELEMENTWISE | PURE];
    Square, "chlo.square", [ELEMENTWISE | PURE];
    Tan, "chlo.tan", [ELEMENTWISE | PURE];
    Mulhi, "chlo.mulhi", [ELEMENTWISE | PURE];
    NextAfter, "chlo.next_after", [ELEMENTWISE | PURE];
    Polygamma, "chlo.polygamma", [ELEMENTWISE | PURE];
    Zeta, "chlo.zeta", [ELEMENTWISE | PURE];
    BroadcastAdd, "chlo.broadcast_add", [PURE];
    BroadcastAnd, "chlo.broadcast_and", [PURE];
    BroadcastAtan2, "chlo.broadcast_atan2", [PURE];
    BroadcastCompare, "chlo.broadcast_compare", [PURE];
    BroadcastComplex, "chlo.broadcast_complex", [PURE];
    BroadcastDivide, "chlo.broadcast_divide", [PURE];
    BroadcastMaximum, "chlo.broadcast_maximum", [PURE];
    BroadcastMinimum, "chlo.broadcast_minimum", [PURE];
    BroadcastMultiply, "chlo.broadcast_multiply", [PURE];
    BroadcastNextAfter, "chlo.broadcast_next_after", [PURE];
    BroadcastOr, "chlo.broadcast_or", [PURE];
    BroadcastPolygamma, "chlo.broadcast_polygamma", [PURE];
    BroadcastPower, "chlo.broadcast_power", [PURE];
    BroadcastRemainder, "chlo.broadcast_remainder", [PURE];
    BroadcastSelect, "chlo.broadcast_select", [PURE];
    BroadcastShiftLeft, "chlo.broadcast_shift_left", [PURE];
    BroadcastShiftRightArithmetic, "chlo.broadcast_shift_right_arithmetic", [PURE];
    BroadcastShiftRightLogical, "chlo.broadcast_shift_right_logical", [PURE];
    BroadcastSubtract, "chlo.broadcast_subtract", [PURE];
    BroadcastXor, "chlo.broadcast_xor", [PURE];
    BroadcastZeta, "chlo.broadcast_zeta", [PURE];
    Constant, "chlo.constant", [PURE | CONSTANT_LIKE];
    ConstantLike, "chlo.constant_like", [PURE];
    TopK, "chlo.top_k", [PURE];
    RaggedDot, "chlo.ragged_dot", [PURE];
    Scan, "chlo.scan", [ISOLATED_FROM_ABOVE | HAS_REGIONS];
});

// The MHLO ops that XLA's HLO import leaves in StableHLO modules (Shardy dumps,
// `*sdy*output_module.mlir`) because StableHLO has no counterpart: XLA-private
// ops (`copy`, `add_dependency`, `bitcast`, `domain`) and the math ops that
// MHLO keeps as ops where StableHLO has them in CHLO (`acos` ... `topk`).
define_dialect!(MhloOp, Mhlo, MHLO_OPS, {
    Acos, "mhlo.acos", [ELEMENTWISE | PURE];
    Acosh, "mhlo.acosh", [ELEMENTWISE | PURE];
    AddDependency, "mhlo.add_dependency", [];
    Asin, "mhlo.asin", [ELEMENTWISE | PURE];
    Asinh, "mhlo.asinh", [ELEMENTWISE | PURE];
    Atanh, "mhlo.atanh", [ELEMENTWISE | PURE];
    Bitcast, "mhlo.bitcast", [PURE];
    Copy, "mhlo.copy", [PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Cosh, "mhlo.cosh", [ELEMENTWISE | PURE];
    Domain, "mhlo.domain", [PURE];
    Erf, "mhlo.erf", [ELEMENTWISE | PURE];
    Sinh, "mhlo.sinh", [ELEMENTWISE | PURE];
    TopK, "mhlo.topk", [PURE];
});

define_dialect!(SdyOp, Sdy, SDY_OPS, {
    Mesh, "sdy.mesh", [SYMBOL];
    ShardingConstraint, "sdy.sharding_constraint", [SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER];
    Reshard, "sdy.reshard", [PURE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER];
    Return, "sdy.return", [PURE | TERMINATOR];
    ManualComputation, "sdy.manual_computation", [ISOLATED_FROM_ABOVE | HAS_REGIONS | SYMBOL_USER];
    ShardingGroup, "sdy.sharding_group", [];
    Constant, "sdy.constant", [PURE];
    DataFlowEdge, "sdy.data_flow_edge", [SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER];
    PropagationBarrier, "sdy.propagation_barrier", [PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    NamedComputation, "sdy.named_computation", [ISOLATED_FROM_ABOVE | HAS_REGIONS | SYMBOL_USER];
    AllGather, "sdy.all_gather", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER];
    AllSlice, "sdy.all_slice", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER];
    AllToAll, "sdy.all_to_all", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER];
    CollectivePermute, "sdy.collective_permute", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER];
    AllReduce, "sdy.all_reduce", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER];
    ReduceScatter, "sdy.reduce_scatter", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER];
    ShardedToUnreduced, "sdy.sharded_to_unreduced", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER];
    ReplicatedToUnreduced, "sdy.replicated_to_unreduced", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER];
    FuncDataFlowEdge, "sdy.func_data_flow_edge", [SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER];
});

define_dialect!(MpmdOp, Mpmd, MPMD_OPS, {
    Return, "mpmd.return", [PURE | TERMINATOR];
    NamedComputation, "mpmd.named_computation", [ISOLATED_FROM_ABOVE | HAS_REGIONS];
    NamedTensor, "mpmd.named_tensor", [PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Fragment, "mpmd.fragment", [ISOLATED_FROM_ABOVE | HAS_REGIONS];
    FragmentCall, "mpmd.fragment_call", [SYMBOL_USER];
    Transfer, "mpmd.transfer", [PURE];
    Assign, "mpmd.assign", [PURE];
    Unassign, "mpmd.unassign", [PURE];
    Call, "mpmd.call", [SYMBOL_USER];
    For, "mpmd.for", [HAS_REGIONS];
    Broadcast, "mpmd.broadcast", [PURE | SAME_OPERANDS_AND_RESULT_TYPE];
    Reduce, "mpmd.reduce", [PURE | SAME_OPERANDS_AND_RESULT_TYPE];
});

define_dialect!(CheckOp, Check, CHECK_OPS, {
    ExpectEq, "check.expect_eq", [TEST];
    ExpectEqConst, "check.expect_eq_const", [TEST];
    ExpectAlmostEq, "check.expect_almost_eq", [TEST];
    ExpectAlmostEqConst, "check.expect_almost_eq_const", [TEST];
    ExpectClose, "check.expect_close", [TEST];
    ExpectSerializedEq, "check.expect_serialized_eq", [TEST];
});

define_dialect!(InterpreterOp, Interpreter, INTERPRETER_OPS, {
    RunParallel, "interpreter.run_parallel", [TEST | SYMBOL_USER];
    Print, "interpreter.print", [TEST];
    Probe, "interpreter.probe", [TEST];
});

// XLA HLO (`spec/src/hlo`): one row per opcode of XLA's `hlo_opcode.h`, named `hlo.<opcode>` with
// XLA's opcode string, plus the `hlo.computation` that holds a computation's instructions.
define_dialect!(HloOp, Hlo, HLO_OPS, {
    Computation, "hlo.computation", [ISOLATED_FROM_ABOVE | SYMBOL | HAS_REGIONS | NO_TERMINATOR];
    Abs, "hlo.abs", [ELEMENTWISE | PURE];
    Acos, "hlo.acos", [ELEMENTWISE | PURE];
    Acosh, "hlo.acosh", [ELEMENTWISE | PURE];
    Add, "hlo.add", [ELEMENTWISE | PURE];
    AddDependency, "hlo.add-dependency", [];
    AfterAll, "hlo.after-all", [];
    AllGather, "hlo.all-gather", [COLLECTIVE];
    AllGatherDone, "hlo.all-gather-done", [];
    AllGatherStart, "hlo.all-gather-start", [COLLECTIVE];
    AllReduce, "hlo.all-reduce", [COLLECTIVE];
    AllReduceDone, "hlo.all-reduce-done", [];
    AllReduceStart, "hlo.all-reduce-start", [COLLECTIVE];
    AllToAll, "hlo.all-to-all", [COLLECTIVE];
    And, "hlo.and", [ELEMENTWISE | PURE];
    Asin, "hlo.asin", [ELEMENTWISE | PURE];
    Asinh, "hlo.asinh", [ELEMENTWISE | PURE];
    AsyncDone, "hlo.async-done", [];
    AsyncStart, "hlo.async-start", [];
    AsyncUpdate, "hlo.async-update", [];
    Atan, "hlo.atan", [ELEMENTWISE | PURE];
    Atan2, "hlo.atan2", [ELEMENTWISE | PURE];
    Atanh, "hlo.atanh", [ELEMENTWISE | PURE];
    BatchNormGrad, "hlo.batch-norm-grad", [];
    BatchNormInference, "hlo.batch-norm-inference", [];
    BatchNormTraining, "hlo.batch-norm-training", [];
    Bitcast, "hlo.bitcast", [];
    BitcastConvert, "hlo.bitcast-convert", [];
    Broadcast, "hlo.broadcast", [];
    Call, "hlo.call", [];
    Cbrt, "hlo.cbrt", [ELEMENTWISE | PURE];
    Ceil, "hlo.ceil", [ELEMENTWISE | PURE];
    Cholesky, "hlo.cholesky", [];
    Clamp, "hlo.clamp", [ELEMENTWISE | PURE];
    Clz, "hlo.count-leading-zeros", [ELEMENTWISE | PURE];
    CollectiveBroadcast, "hlo.collective-broadcast", [COLLECTIVE];
    CollectivePermute, "hlo.collective-permute", [COLLECTIVE];
    CollectivePermuteDone, "hlo.collective-permute-done", [];
    CollectivePermuteStart, "hlo.collective-permute-start", [COLLECTIVE];
    CollectiveReduce, "hlo.collective-reduce", [COLLECTIVE];
    Compare, "hlo.compare", [ELEMENTWISE | PURE];
    Complex, "hlo.complex", [ELEMENTWISE | PURE];
    Concatenate, "hlo.concatenate", [];
    Conditional, "hlo.conditional", [];
    Constant, "hlo.constant", [];
    Convert, "hlo.convert", [ELEMENTWISE | PURE];
    Convolution, "hlo.convolution", [];
    Copy, "hlo.copy", [];
    CopyDone, "hlo.copy-done", [];
    CopyStart, "hlo.copy-start", [];
    Cos, "hlo.cosine", [ELEMENTWISE | PURE];
    Cosh, "hlo.cosh", [ELEMENTWISE | PURE];
    CustomCall, "hlo.custom-call", [];
    Divide, "hlo.divide", [ELEMENTWISE | PURE];
    Domain, "hlo.domain", [];
    Dot, "hlo.dot", [];
    DynamicReshape, "hlo.dynamic-reshape", [];
    DynamicSlice, "hlo.dynamic-slice", [];
    DynamicUpdateSlice, "hlo.dynamic-update-slice", [];
    Erf, "hlo.erf", [ELEMENTWISE | PURE];
    Exp, "hlo.exponential", [ELEMENTWISE | PURE];
    Expm1, "hlo.exponential-minus-one", [ELEMENTWISE | PURE];
    Fft, "hlo.fft", [];
    Floor, "hlo.floor", [ELEMENTWISE | PURE];
    Fusion, "hlo.fusion", [];
    Gather, "hlo.gather", [];
    GetDimensionSize, "hlo.get-dimension-size", [];
    GetTupleElement, "hlo.get-tuple-element", [];
    Imag, "hlo.imag", [ELEMENTWISE | PURE];
    Infeed, "hlo.infeed", [];
    Iota, "hlo.iota", [];
    IsFinite, "hlo.is-finite", [ELEMENTWISE | PURE];
    Log, "hlo.log", [ELEMENTWISE | PURE];
    Log1p, "hlo.log-plus-one", [ELEMENTWISE | PURE];
    Logistic, "hlo.logistic", [ELEMENTWISE | PURE];
    Map, "hlo.map", [];
    Maximum, "hlo.maximum", [ELEMENTWISE | PURE];
    Minimum, "hlo.minimum", [ELEMENTWISE | PURE];
    Mulhi, "hlo.mulhi", [ELEMENTWISE | PURE];
    Multiply, "hlo.multiply", [ELEMENTWISE | PURE];
    Negate, "hlo.negate", [ELEMENTWISE | PURE];
    Not, "hlo.not", [ELEMENTWISE | PURE];
    OptimizationBarrier, "hlo.opt-barrier", [];
    Or, "hlo.or", [ELEMENTWISE | PURE];
    Outfeed, "hlo.outfeed", [];
    Pad, "hlo.pad", [];
    Parameter, "hlo.parameter", [];
    PartitionId, "hlo.partition-id", [];
    PopulationCount, "hlo.popcnt", [ELEMENTWISE | PURE];
    Power, "hlo.power", [ELEMENTWISE | PURE];
    RaggedAllToAll, "hlo.ragged-all-to-all", [COLLECTIVE];
    RaggedDot, "hlo.ragged-dot", [];
    Real, "hlo.real", [ELEMENTWISE | PURE];
    Recv, "hlo.recv", [];
    RecvDone, "hlo.recv-done", [];
    Reduce, "hlo.reduce", [];
    ReducePrecision, "hlo.reduce-precision", [ELEMENTWISE | PURE];
    ReduceScatter, "hlo.reduce-scatter", [COLLECTIVE];
    ReduceWindow, "hlo.reduce-window", [];
    Remainder, "hlo.remainder", [ELEMENTWISE | PURE];
    ReplicaId, "hlo.replica-id", [];
    Reshape, "hlo.reshape", [];
    Reverse, "hlo.reverse", [];
    Rng, "hlo.rng", [];
    RngBitGenerator, "hlo.rng-bit-generator", [];
    RngGetAndUpdateState, "hlo.rng-get-and-update-state", [];
    RoundNearestAfz, "hlo.round-nearest-afz", [ELEMENTWISE | PURE];
    RoundNearestEven, "hlo.round-nearest-even", [ELEMENTWISE | PURE];
    Rsqrt, "hlo.rsqrt", [ELEMENTWISE | PURE];
    ScaledDot, "hlo.scaled-dot", [];
    Scan, "hlo.scan", [];
    Scatter, "hlo.scatter", [];
    Select, "hlo.select", [ELEMENTWISE | PURE];
    SelectAndScatter, "hlo.select-and-scatter", [];
    Send, "hlo.send", [];
    SendDone, "hlo.send-done", [];
    SetDimensionSize, "hlo.set-dimension-size", [];
    ShiftLeft, "hlo.shift-left", [ELEMENTWISE | PURE];
    ShiftRightArithmetic, "hlo.shift-right-arithmetic", [ELEMENTWISE | PURE];
    ShiftRightLogical, "hlo.shift-right-logical", [ELEMENTWISE | PURE];
    Shuffle, "hlo.shuffle", [];
    Sign, "hlo.sign", [ELEMENTWISE | PURE];
    Sin, "hlo.sine", [ELEMENTWISE | PURE];
    Sinh, "hlo.sinh", [ELEMENTWISE | PURE];
    Slice, "hlo.slice", [];
    Sort, "hlo.sort", [];
    Sqrt, "hlo.sqrt", [ELEMENTWISE | PURE];
    StochasticConvert, "hlo.stochastic-convert", [ELEMENTWISE | PURE];
    Subtract, "hlo.subtract", [ELEMENTWISE | PURE];
    Tan, "hlo.tan", [ELEMENTWISE | PURE];
    Tanh, "hlo.tanh", [ELEMENTWISE | PURE];
    TopK, "hlo.topk", [];
    Transpose, "hlo.transpose", [];
    TriangularSolve, "hlo.triangular-solve", [];
    Tuple, "hlo.tuple", [];
    While, "hlo.while", [];
    Xor, "hlo.xor", [ELEMENTWISE | PURE];
});

/// Every op shardref knows, grouped by dialect so that each dialect's code
/// matches exhaustively over its own ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OpKind {
    Builtin(BuiltinOp),
    Func(FuncOp),
    Arith(ArithOp),
    Stablehlo(StablehloOp),
    Chlo(ChloOp),
    Mhlo(MhloOp),
    Sdy(SdyOp),
    Mpmd(MpmdOp),
    Check(CheckOp),
    Interpreter(InterpreterOp),
    Hlo(HloOp),
}

impl OpKind {
    pub fn spec(self) -> &'static OpSpec {
        match self {
            OpKind::Builtin(o) => &BUILTIN_OPS[o as usize],
            OpKind::Func(o) => &FUNC_OPS[o as usize],
            OpKind::Arith(o) => &ARITH_OPS[o as usize],
            OpKind::Stablehlo(o) => &STABLEHLO_OPS[o as usize],
            OpKind::Chlo(o) => &CHLO_OPS[o as usize],
            OpKind::Mhlo(o) => &MHLO_OPS[o as usize],
            OpKind::Sdy(o) => &SDY_OPS[o as usize],
            OpKind::Mpmd(o) => &MPMD_OPS[o as usize],
            OpKind::Check(o) => &CHECK_OPS[o as usize],
            OpKind::Interpreter(o) => &INTERPRETER_OPS[o as usize],
            OpKind::Hlo(o) => &HLO_OPS[o as usize],
        }
    }

    /// Every op, dialect by dialect.
    pub fn all() -> impl Iterator<Item = OpKind> {
        [
            BUILTIN_OPS,
            FUNC_OPS,
            ARITH_OPS,
            STABLEHLO_OPS,
            CHLO_OPS,
            MHLO_OPS,
            SDY_OPS,
            MPMD_OPS,
            CHECK_OPS,
            INTERPRETER_OPS,
            HLO_OPS,
        ]
        .into_iter()
        .flat_map(|t| t.iter().map(|s| s.kind))
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }
    pub fn dialect(self) -> Dialect {
        self.spec().dialect
    }
    pub fn traits(self) -> Traits {
        self.spec().traits
    }
    pub fn has(self, t: Traits) -> bool {
        self.traits().contains(t)
    }
    /// Looks an op up by its full name (`stablehlo.add`).
    pub fn from_name(name: &str) -> Option<OpKind> {
        use std::collections::HashMap;
        use std::sync::OnceLock;
        static INDEX: OnceLock<HashMap<&'static str, OpKind>> = OnceLock::new();
        INDEX.get_or_init(|| OpKind::all().map(|k| (k.name(), k)).collect()).get(name).copied()
    }
}

/// An op's name: one the table knows, or any other `dialect.op` name (kept so
/// that generic-form ops of other dialects still round-trip).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpName {
    Known(OpKind),
    Unknown(Box<str>),
}

impl OpName {
    pub fn parse(name: &str) -> OpName {
        match OpKind::from_name(name) {
            Some(k) => OpName::Known(k),
            None => OpName::Unknown(name.into()),
        }
    }
    pub fn as_str(&self) -> &str {
        match self {
            OpName::Known(k) => k.name(),
            OpName::Unknown(s) => s,
        }
    }
    pub fn kind(&self) -> Option<OpKind> {
        match self {
            OpName::Known(k) => Some(*k),
            OpName::Unknown(_) => None,
        }
    }
}

impl fmt::Display for OpName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_kind_order_and_names_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for kind in OpKind::all() {
            let spec = kind.spec();
            assert_eq!(spec.kind, kind, "{} is out of order", spec.name);
            assert!(seen.insert(spec.name), "{} is listed twice", spec.name);
            assert!(spec.name.starts_with(spec.dialect.name()), "{} has the wrong dialect", spec.name);
        }
    }

    #[test]
    fn lookup_by_name() {
        assert_eq!(OpKind::from_name("stablehlo.add"), Some(OpKind::Stablehlo(StablehloOp::Add)));
        assert_eq!(OpKind::from_name("sdy.all_gather"), Some(OpKind::Sdy(SdyOp::AllGather)));
        assert_eq!(OpKind::from_name("stablehlo.nope"), None);
    }
}
