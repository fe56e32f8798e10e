//! The op table: every op shardref knows, as data.
//!
//! `OpKind` is generated from one list, so that the interpreter, the verifier
//! and the printer dispatch with exhaustive `match`es: adding an op here fails
//! to compile until every consumer handles it.
//!
//! Each row is `Variant, "mnemonic", [traits], View`, in one block per dialect. Traits follow
//! MLIR's names. `View` names the op's attribute format in `crate::schema` (`Plain` when it has no
//! attributes of its own, `stablehlo::Transpose`, ...): the row's attribute schema (names, kinds,
//! required / optional / default) and the typed accessors every consumer reads attributes with.
//! Operand/region signatures live with each family's lowering and verifier, keyed by the same
//! `OpKind`.

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
    /// The attribute view (format) the row names, e.g. `stablehlo::Transpose` (`crate::schema`).
    pub view: &'static str,
    /// The view's attribute schema.
    pub attrs: &'static [crate::schema::AttrSpec],
}

macro_rules! traits {
    () => { Traits::NONE };
    ($first:ident $(| $rest:ident)*) => { Traits::$first$(.union(Traits::$rest))* };
}

macro_rules! define_dialect {
    ($enum:ident, $dialect:ident, $table:ident, { $($variant:ident, $name:literal, [$($trait:ident)|*], $($view:ident)::+;)* }) => {
        #[doc = concat!("The ops of the `", stringify!($dialect), "` dialect.")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $enum { $($variant,)* }

        impl $enum {
            pub const ALL: &'static [$enum] = &[$($enum::$variant,)*];
        }

        static $table: &[OpSpec] = &[
            $(OpSpec { kind: OpKind::$dialect($enum::$variant), name: $name, dialect: Dialect::$dialect, traits: traits!($($trait)|*), view: stringify!($($view)::+), attrs: crate::schema::$($view)::+::SCHEMA },)*
        ];
    };
}

define_dialect!(BuiltinOp, Builtin, BUILTIN_OPS, {
    Module, "builtin.module", [ISOLATED_FROM_ABOVE | SYMBOL | HAS_REGIONS | NO_TERMINATOR], Module;
});

define_dialect!(FuncOp, Func, FUNC_OPS, {
    Func, "func.func", [ISOLATED_FROM_ABOVE | SYMBOL | HAS_REGIONS], Func;
    Return, "func.return", [TERMINATOR | PURE], Plain;
    Call, "func.call", [SYMBOL_USER], Call;
});

define_dialect!(ArithOp, Arith, ARITH_OPS, {
    Constant, "arith.constant", [PURE | CONSTANT_LIKE], Constant;
});

define_dialect!(StablehloOp, Stablehlo, STABLEHLO_OPS, {
    Abs, "stablehlo.abs", [ELEMENTWISE | PURE], Plain;
    Cbrt, "stablehlo.cbrt", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Ceil, "stablehlo.ceil", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Convert, "stablehlo.convert", [ELEMENTWISE | PURE], Plain;
    Cosine, "stablehlo.cosine", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    CountLeadingZeros, "stablehlo.count_leading_zeros", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Exponential, "stablehlo.exponential", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    ExponentialMinusOne, "stablehlo.exponential_minus_one", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Floor, "stablehlo.floor", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Imag, "stablehlo.imag", [ELEMENTWISE | PURE], Plain;
    IsFinite, "stablehlo.is_finite", [ELEMENTWISE | PURE], Plain;
    Log, "stablehlo.log", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    LogPlusOne, "stablehlo.log_plus_one", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Logistic, "stablehlo.logistic", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Negate, "stablehlo.negate", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Not, "stablehlo.not", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Popcnt, "stablehlo.popcnt", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Real, "stablehlo.real", [ELEMENTWISE | PURE], Plain;
    ReducePrecision, "stablehlo.reduce_precision", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], stablehlo::ReducePrecision;
    RoundNearestAfz, "stablehlo.round_nearest_afz", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    RoundNearestEven, "stablehlo.round_nearest_even", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Rsqrt, "stablehlo.rsqrt", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Sign, "stablehlo.sign", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Sine, "stablehlo.sine", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Sqrt, "stablehlo.sqrt", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Tan, "stablehlo.tan", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Tanh, "stablehlo.tanh", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    BitcastConvert, "stablehlo.bitcast_convert", [PURE], Plain;
    UniformQuantize, "stablehlo.uniform_quantize", [ELEMENTWISE | PURE], Plain;
    UniformDequantize, "stablehlo.uniform_dequantize", [ELEMENTWISE | PURE], Plain;
    Add, "stablehlo.add", [ELEMENTWISE | PURE], Plain;
    And, "stablehlo.and", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Atan2, "stablehlo.atan2", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Complex, "stablehlo.complex", [ELEMENTWISE | PURE], Plain;
    Divide, "stablehlo.divide", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Maximum, "stablehlo.maximum", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Minimum, "stablehlo.minimum", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Multiply, "stablehlo.multiply", [ELEMENTWISE | PURE], Plain;
    Or, "stablehlo.or", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Power, "stablehlo.power", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Remainder, "stablehlo.remainder", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    ShiftLeft, "stablehlo.shift_left", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    ShiftRightArithmetic, "stablehlo.shift_right_arithmetic", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    ShiftRightLogical, "stablehlo.shift_right_logical", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Subtract, "stablehlo.subtract", [ELEMENTWISE | PURE], Plain;
    Xor, "stablehlo.xor", [ELEMENTWISE | PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Compare, "stablehlo.compare", [ELEMENTWISE | PURE], stablehlo::Compare;
    Select, "stablehlo.select", [ELEMENTWISE | PURE], Plain;
    Clamp, "stablehlo.clamp", [ELEMENTWISE | PURE], Plain;
    Constant, "stablehlo.constant", [PURE | CONSTANT_LIKE], stablehlo::Constant;
    Iota, "stablehlo.iota", [PURE], stablehlo::Iota;
    DynamicIota, "stablehlo.dynamic_iota", [PURE], stablehlo::Iota;
    Broadcast, "stablehlo.broadcast", [PURE], stablehlo::Broadcast;
    BroadcastInDim, "stablehlo.broadcast_in_dim", [PURE], stablehlo::BroadcastInDim;
    DynamicBroadcastInDim, "stablehlo.dynamic_broadcast_in_dim", [PURE], stablehlo::DynamicBroadcastInDim;
    Reshape, "stablehlo.reshape", [PURE], Plain;
    DynamicReshape, "stablehlo.dynamic_reshape", [PURE], Plain;
    Transpose, "stablehlo.transpose", [PURE], stablehlo::Transpose;
    Concatenate, "stablehlo.concatenate", [PURE], stablehlo::Dimension;
    Slice, "stablehlo.slice", [PURE], stablehlo::Slice;
    DynamicSlice, "stablehlo.dynamic_slice", [PURE], stablehlo::DynamicSlice;
    RealDynamicSlice, "stablehlo.real_dynamic_slice", [PURE], Plain;
    DynamicUpdateSlice, "stablehlo.dynamic_update_slice", [PURE], Plain;
    Pad, "stablehlo.pad", [PURE], stablehlo::Pad;
    DynamicPad, "stablehlo.dynamic_pad", [PURE], Plain;
    Reverse, "stablehlo.reverse", [PURE], stablehlo::Dimensions;
    Gather, "stablehlo.gather", [PURE], stablehlo::Gather;
    DynamicGather, "stablehlo.dynamic_gather", [PURE], stablehlo::DynamicGather;
    Scatter, "stablehlo.scatter", [HAS_REGIONS], stablehlo::Scatter;
    Sort, "stablehlo.sort", [HAS_REGIONS], stablehlo::Sort;
    GetDimensionSize, "stablehlo.get_dimension_size", [PURE], stablehlo::Dimension;
    SetDimensionSize, "stablehlo.set_dimension_size", [PURE], stablehlo::Dimension;
    TorchIndexSelect, "stablehlo.torch_index_select", [PURE], stablehlo::TorchIndexSelect;
    Reduce, "stablehlo.reduce", [HAS_REGIONS], stablehlo::Dimensions;
    ReduceWindow, "stablehlo.reduce_window", [HAS_REGIONS], stablehlo::ReduceWindow;
    SelectAndScatter, "stablehlo.select_and_scatter", [HAS_REGIONS], stablehlo::SelectAndScatter;
    Map, "stablehlo.map", [HAS_REGIONS], stablehlo::Dimensions;
    Dot, "stablehlo.dot", [PURE], stablehlo::Dot;
    DotGeneral, "stablehlo.dot_general", [PURE], stablehlo::DotGeneral;
    Einsum, "stablehlo.einsum", [PURE], stablehlo::Einsum;
    UnaryEinsum, "stablehlo.unary_einsum", [PURE], stablehlo::Einsum;
    Convolution, "stablehlo.convolution", [PURE], stablehlo::Convolution;
    DynamicConv, "stablehlo.dynamic_conv", [PURE], stablehlo::Convolution;
    Fft, "stablehlo.fft", [PURE], stablehlo::Fft;
    TriangularSolve, "stablehlo.triangular_solve", [PURE], stablehlo::TriangularSolve;
    Cholesky, "stablehlo.cholesky", [PURE], stablehlo::Cholesky;
    BatchNormGrad, "stablehlo.batch_norm_grad", [PURE], stablehlo::BatchNorm;
    BatchNormInference, "stablehlo.batch_norm_inference", [PURE], stablehlo::BatchNorm;
    BatchNormTraining, "stablehlo.batch_norm_training", [PURE], stablehlo::BatchNorm;
    Rng, "stablehlo.rng", [], stablehlo::Rng;
    RngBitGenerator, "stablehlo.rng_bit_generator", [PURE], stablehlo::RngBitGenerator;
    While, "stablehlo.while", [HAS_REGIONS], Plain;
    If, "stablehlo.if", [HAS_REGIONS], Plain;
    Case, "stablehlo.case", [HAS_REGIONS], Plain;
    Return, "stablehlo.return", [TERMINATOR | PURE], Plain;
    Composite, "stablehlo.composite", [SYMBOL_USER], stablehlo::Composite;
    CustomCall, "stablehlo.custom_call", [], stablehlo::CustomCall;
    OptimizationBarrier, "stablehlo.optimization_barrier", [PURE], Plain;
    Tuple, "stablehlo.tuple", [PURE], Plain;
    GetTupleElement, "stablehlo.get_tuple_element", [PURE], stablehlo::GetTupleElement;
    CreateToken, "stablehlo.create_token", [PURE], Plain;
    AfterAll, "stablehlo.after_all", [PURE], Plain;
    Infeed, "stablehlo.infeed", [], stablehlo::Infeed;
    Outfeed, "stablehlo.outfeed", [], stablehlo::Outfeed;
    Send, "stablehlo.send", [], stablehlo::SendRecv;
    Recv, "stablehlo.recv", [], stablehlo::SendRecv;
    AllGather, "stablehlo.all_gather", [COLLECTIVE], stablehlo::AllGather;
    AllReduce, "stablehlo.all_reduce", [COLLECTIVE | HAS_REGIONS], stablehlo::AllReduce;
    AllToAll, "stablehlo.all_to_all", [COLLECTIVE], stablehlo::AllToAll;
    ReduceScatter, "stablehlo.reduce_scatter", [COLLECTIVE | HAS_REGIONS], stablehlo::ReduceScatter;
    CollectivePermute, "stablehlo.collective_permute", [COLLECTIVE], stablehlo::CollectivePermute;
    CollectiveBroadcast, "stablehlo.collective_broadcast", [COLLECTIVE], stablehlo::CollectiveBroadcast;
    CollectiveReduce, "stablehlo.collective_reduce", [COLLECTIVE | HAS_REGIONS], stablehlo::AllReduce;
    CrossReplicaSum, "stablehlo.cross-replica-sum", [COLLECTIVE], stablehlo::CollectiveBroadcast;
    PartitionId, "stablehlo.partition_id", [], Plain;
    ReplicaId, "stablehlo.replica_id", [], Plain;
    AsyncStart, "stablehlo.async_start", [ISOLATED_FROM_ABOVE | HAS_REGIONS], stablehlo::AsyncStart;
    AsyncDone, "stablehlo.async_done", [], Plain;
});

define_dialect!(ChloOp, Chlo, CHLO_OPS, {
    AsinAcosKernel, "chlo._asin_acos_kernel", [ELEMENTWISE | PURE], Plain;
    Acos, "chlo.acos", [ELEMENTWISE | PURE], Plain;
    Acosh, "chlo.acosh", [ELEMENTWISE | PURE], Plain;
    Asin, "chlo.asin", [ELEMENTWISE | PURE], Plain;
    Asinh, "chlo.asinh", [ELEMENTWISE | PURE], Plain;
    Atan, "chlo.atan", [ELEMENTWISE | PURE], Plain;
    Atanh, "chlo.atanh", [ELEMENTWISE | PURE], Plain;
    BesselI1e, "chlo.bessel_i1e", [ELEMENTWISE | PURE], Plain;
    Conj, "chlo.conj", [ELEMENTWISE | PURE], Plain;
    Cosh, "chlo.cosh", [ELEMENTWISE | PURE], Plain;
    Digamma, "chlo.digamma", [ELEMENTWISE | PURE], Plain;
    Erf, "chlo.erf", [ELEMENTWISE | PURE], Plain;
    ErfInv, "chlo.erf_inv", [ELEMENTWISE | PURE], Plain;
    Erfc, "chlo.erfc", [ELEMENTWISE | PURE], Plain;
    IsInf, "chlo.is_inf", [ELEMENTWISE | PURE], Plain;
    IsNegInf, "chlo.is_neg_inf", [ELEMENTWISE | PURE], Plain;
    IsPosInf, "chlo.is_pos_inf", [ELEMENTWISE | PURE], Plain;
    Lgamma, "chlo.lgamma", [ELEMENTWISE | PURE], Plain;
    Sinh, "chlo.sinh", [ELEMENTWISE | PURE], Plain;
    Square, "chlo.square", [ELEMENTWISE | PURE], Plain;
    Tan, "chlo.tan", [ELEMENTWISE | PURE], Plain;
    Mulhi, "chlo.mulhi", [ELEMENTWISE | PURE], Plain;
    NextAfter, "chlo.next_after", [ELEMENTWISE | PURE], Plain;
    Polygamma, "chlo.polygamma", [ELEMENTWISE | PURE], Plain;
    Zeta, "chlo.zeta", [ELEMENTWISE | PURE], Plain;
    BroadcastAdd, "chlo.broadcast_add", [PURE], Plain;
    BroadcastAnd, "chlo.broadcast_and", [PURE], Plain;
    BroadcastAtan2, "chlo.broadcast_atan2", [PURE], Plain;
    BroadcastCompare, "chlo.broadcast_compare", [PURE], chlo::BroadcastCompare;
    BroadcastComplex, "chlo.broadcast_complex", [PURE], Plain;
    BroadcastDivide, "chlo.broadcast_divide", [PURE], Plain;
    BroadcastMaximum, "chlo.broadcast_maximum", [PURE], Plain;
    BroadcastMinimum, "chlo.broadcast_minimum", [PURE], Plain;
    BroadcastMultiply, "chlo.broadcast_multiply", [PURE], Plain;
    BroadcastNextAfter, "chlo.broadcast_next_after", [PURE], Plain;
    BroadcastOr, "chlo.broadcast_or", [PURE], Plain;
    BroadcastPolygamma, "chlo.broadcast_polygamma", [PURE], Plain;
    BroadcastPower, "chlo.broadcast_power", [PURE], Plain;
    BroadcastRemainder, "chlo.broadcast_remainder", [PURE], Plain;
    BroadcastSelect, "chlo.broadcast_select", [PURE], Plain;
    BroadcastShiftLeft, "chlo.broadcast_shift_left", [PURE], Plain;
    BroadcastShiftRightArithmetic, "chlo.broadcast_shift_right_arithmetic", [PURE], Plain;
    BroadcastShiftRightLogical, "chlo.broadcast_shift_right_logical", [PURE], Plain;
    BroadcastSubtract, "chlo.broadcast_subtract", [PURE], Plain;
    BroadcastXor, "chlo.broadcast_xor", [PURE], Plain;
    BroadcastZeta, "chlo.broadcast_zeta", [PURE], Plain;
    Constant, "chlo.constant", [PURE | CONSTANT_LIKE], chlo::Constant;
    ConstantLike, "chlo.constant_like", [PURE], chlo::Constant;
    TopK, "chlo.top_k", [PURE], chlo::TopK;
    RaggedDot, "chlo.ragged_dot", [PURE], chlo::RaggedDot;
    Scan, "chlo.scan", [ISOLATED_FROM_ABOVE | HAS_REGIONS], chlo::Scan;
});

// The MHLO ops that XLA's HLO import leaves in StableHLO modules (Shardy dumps,
// `*sdy*output_module.mlir`) because StableHLO has no counterpart: XLA-private
// ops (`copy`, `add_dependency`, `bitcast`, `domain`) and the math ops that
// MHLO keeps as ops where StableHLO has them in CHLO (`acos` ... `topk`).
define_dialect!(MhloOp, Mhlo, MHLO_OPS, {
    Acos, "mhlo.acos", [ELEMENTWISE | PURE], Plain;
    Acosh, "mhlo.acosh", [ELEMENTWISE | PURE], Plain;
    AddDependency, "mhlo.add_dependency", [], Plain;
    Asin, "mhlo.asin", [ELEMENTWISE | PURE], Plain;
    Asinh, "mhlo.asinh", [ELEMENTWISE | PURE], Plain;
    Atanh, "mhlo.atanh", [ELEMENTWISE | PURE], Plain;
    Bitcast, "mhlo.bitcast", [PURE], Plain;
    Copy, "mhlo.copy", [PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Cosh, "mhlo.cosh", [ELEMENTWISE | PURE], Plain;
    Domain, "mhlo.domain", [PURE], Plain;
    Erf, "mhlo.erf", [ELEMENTWISE | PURE], Plain;
    Sinh, "mhlo.sinh", [ELEMENTWISE | PURE], Plain;
    TopK, "mhlo.topk", [PURE], chlo::TopK;
});

define_dialect!(SdyOp, Sdy, SDY_OPS, {
    Mesh, "sdy.mesh", [SYMBOL], sdy::Mesh;
    ShardingConstraint, "sdy.sharding_constraint", [SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER], sdy::Sharding;
    Reshard, "sdy.reshard", [PURE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER], sdy::Sharding;
    Return, "sdy.return", [PURE | TERMINATOR], Plain;
    ManualComputation, "sdy.manual_computation", [ISOLATED_FROM_ABOVE | HAS_REGIONS | SYMBOL_USER], sdy::ManualComputation;
    ShardingGroup, "sdy.sharding_group", [], sdy::ShardingGroup;
    Constant, "sdy.constant", [PURE], sdy::Constant;
    DataFlowEdge, "sdy.data_flow_edge", [SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER], sdy::DataFlowEdge;
    PropagationBarrier, "sdy.propagation_barrier", [PURE | SAME_OPERANDS_AND_RESULT_TYPE], sdy::PropagationBarrier;
    NamedComputation, "sdy.named_computation", [ISOLATED_FROM_ABOVE | HAS_REGIONS | SYMBOL_USER], sdy::NamedComputation;
    AllGather, "sdy.all_gather", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER], sdy::AllGather;
    AllSlice, "sdy.all_slice", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER], sdy::AllSlice;
    AllToAll, "sdy.all_to_all", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER], sdy::AllToAll;
    CollectivePermute, "sdy.collective_permute", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER], sdy::CollectivePermute;
    AllReduce, "sdy.all_reduce", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER], sdy::AllReduce;
    ReduceScatter, "sdy.reduce_scatter", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER], sdy::ReduceScatter;
    ShardedToUnreduced, "sdy.sharded_to_unreduced", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER], sdy::ToUnreduced;
    ReplicatedToUnreduced, "sdy.replicated_to_unreduced", [COLLECTIVE | SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER], sdy::ToUnreduced;
    FuncDataFlowEdge, "sdy.func_data_flow_edge", [SAME_OPERANDS_AND_RESULT_TYPE | SYMBOL_USER], sdy::FuncDataFlowEdge;
});

define_dialect!(MpmdOp, Mpmd, MPMD_OPS, {
    Return, "mpmd.return", [PURE | TERMINATOR], Plain;
    NamedComputation, "mpmd.named_computation", [ISOLATED_FROM_ABOVE | HAS_REGIONS], mpmd::NamedComputation;
    NamedTensor, "mpmd.named_tensor", [PURE | SAME_OPERANDS_AND_RESULT_TYPE], mpmd::NamedTensor;
    Fragment, "mpmd.fragment", [ISOLATED_FROM_ABOVE | HAS_REGIONS], mpmd::Fragment;
    FragmentCall, "mpmd.fragment_call", [SYMBOL_USER], mpmd::Fragment;
    Transfer, "mpmd.transfer", [PURE], mpmd::Transfer;
    Assign, "mpmd.assign", [PURE], mpmd::Assign;
    Unassign, "mpmd.unassign", [PURE], mpmd::Assign;
    Call, "mpmd.call", [SYMBOL_USER], mpmd::Call;
    For, "mpmd.for", [HAS_REGIONS], mpmd::For;
    Broadcast, "mpmd.broadcast", [PURE | SAME_OPERANDS_AND_RESULT_TYPE], Plain;
    Reduce, "mpmd.reduce", [PURE | SAME_OPERANDS_AND_RESULT_TYPE], mpmd::Reduce;
});

define_dialect!(CheckOp, Check, CHECK_OPS, {
    ExpectEq, "check.expect_eq", [TEST], Plain;
    ExpectEqConst, "check.expect_eq_const", [TEST], check::ExpectEqConst;
    ExpectAlmostEq, "check.expect_almost_eq", [TEST], check::ExpectAlmostEq;
    ExpectAlmostEqConst, "check.expect_almost_eq_const", [TEST], check::ExpectAlmostEqConst;
    ExpectClose, "check.expect_close", [TEST], check::ExpectClose;
    ExpectSerializedEq, "check.expect_serialized_eq", [TEST], check::ExpectSerializedEq;
});

define_dialect!(InterpreterOp, Interpreter, INTERPRETER_OPS, {
    RunParallel, "interpreter.run_parallel", [TEST | SYMBOL_USER], interpreter::RunParallel;
    Print, "interpreter.print", [TEST], Plain;
    Probe, "interpreter.probe", [TEST], interpreter::Probe;
});

// XLA HLO (`spec/src/hlo`): one row per opcode of XLA's `hlo_opcode.h`, named `hlo.<opcode>` with
// XLA's opcode string, plus the `hlo.computation` that holds a computation's instructions.
define_dialect!(HloOp, Hlo, HLO_OPS, {
    Computation, "hlo.computation", [ISOLATED_FROM_ABOVE | SYMBOL | HAS_REGIONS | NO_TERMINATOR], hlo::Computation;
    Abs, "hlo.abs", [ELEMENTWISE | PURE], Plain;
    Acos, "hlo.acos", [ELEMENTWISE | PURE], Plain;
    Acosh, "hlo.acosh", [ELEMENTWISE | PURE], Plain;
    Add, "hlo.add", [ELEMENTWISE | PURE], Plain;
    AddDependency, "hlo.add-dependency", [], Plain;
    AfterAll, "hlo.after-all", [], Plain;
    AllGather, "hlo.all-gather", [COLLECTIVE], hlo::AllGather;
    AllGatherDone, "hlo.all-gather-done", [], Plain;
    AllGatherStart, "hlo.all-gather-start", [COLLECTIVE], hlo::AllGather;
    AllReduce, "hlo.all-reduce", [COLLECTIVE], hlo::AllReduce;
    AllReduceDone, "hlo.all-reduce-done", [], Plain;
    AllReduceStart, "hlo.all-reduce-start", [COLLECTIVE], hlo::AllReduce;
    AllToAll, "hlo.all-to-all", [COLLECTIVE], hlo::AllToAll;
    And, "hlo.and", [ELEMENTWISE | PURE], Plain;
    Asin, "hlo.asin", [ELEMENTWISE | PURE], Plain;
    Asinh, "hlo.asinh", [ELEMENTWISE | PURE], Plain;
    AsyncDone, "hlo.async-done", [], Plain;
    AsyncStart, "hlo.async-start", [], hlo::AsyncStart;
    AsyncUpdate, "hlo.async-update", [], Plain;
    Atan, "hlo.atan", [ELEMENTWISE | PURE], Plain;
    Atan2, "hlo.atan2", [ELEMENTWISE | PURE], Plain;
    Atanh, "hlo.atanh", [ELEMENTWISE | PURE], Plain;
    BatchNormGrad, "hlo.batch-norm-grad", [], hlo::BatchNorm;
    BatchNormInference, "hlo.batch-norm-inference", [], hlo::BatchNorm;
    BatchNormTraining, "hlo.batch-norm-training", [], hlo::BatchNorm;
    Bitcast, "hlo.bitcast", [], Plain;
    BitcastConvert, "hlo.bitcast-convert", [], Plain;
    Broadcast, "hlo.broadcast", [], hlo::Broadcast;
    Call, "hlo.call", [], hlo::Call;
    Cbrt, "hlo.cbrt", [ELEMENTWISE | PURE], Plain;
    Ceil, "hlo.ceil", [ELEMENTWISE | PURE], Plain;
    Cholesky, "hlo.cholesky", [], hlo::Cholesky;
    Clamp, "hlo.clamp", [ELEMENTWISE | PURE], Plain;
    Clz, "hlo.count-leading-zeros", [ELEMENTWISE | PURE], Plain;
    CollectiveBroadcast, "hlo.collective-broadcast", [COLLECTIVE], hlo::AllToAll;
    CollectivePermute, "hlo.collective-permute", [COLLECTIVE], hlo::CollectivePermute;
    CollectivePermuteDone, "hlo.collective-permute-done", [], Plain;
    CollectivePermuteStart, "hlo.collective-permute-start", [COLLECTIVE], hlo::CollectivePermute;
    CollectiveReduce, "hlo.collective-reduce", [COLLECTIVE], hlo::AllReduce;
    Compare, "hlo.compare", [ELEMENTWISE | PURE], hlo::Compare;
    Complex, "hlo.complex", [ELEMENTWISE | PURE], Plain;
    Concatenate, "hlo.concatenate", [], hlo::Dimensions;
    Conditional, "hlo.conditional", [], hlo::Conditional;
    Constant, "hlo.constant", [], hlo::Constant;
    Convert, "hlo.convert", [ELEMENTWISE | PURE], Plain;
    Convolution, "hlo.convolution", [], hlo::Convolution;
    Copy, "hlo.copy", [], Plain;
    CopyDone, "hlo.copy-done", [], Plain;
    CopyStart, "hlo.copy-start", [], Plain;
    Cos, "hlo.cosine", [ELEMENTWISE | PURE], Plain;
    Cosh, "hlo.cosh", [ELEMENTWISE | PURE], Plain;
    CustomCall, "hlo.custom-call", [], hlo::CustomCall;
    Divide, "hlo.divide", [ELEMENTWISE | PURE], Plain;
    Domain, "hlo.domain", [], Plain;
    Dot, "hlo.dot", [], hlo::Dot;
    DynamicReshape, "hlo.dynamic-reshape", [], Plain;
    DynamicSlice, "hlo.dynamic-slice", [], hlo::DynamicSlice;
    DynamicUpdateSlice, "hlo.dynamic-update-slice", [], Plain;
    Erf, "hlo.erf", [ELEMENTWISE | PURE], Plain;
    Exp, "hlo.exponential", [ELEMENTWISE | PURE], Plain;
    Expm1, "hlo.exponential-minus-one", [ELEMENTWISE | PURE], Plain;
    Fft, "hlo.fft", [], hlo::Fft;
    Floor, "hlo.floor", [ELEMENTWISE | PURE], Plain;
    Fusion, "hlo.fusion", [], hlo::Fusion;
    Gather, "hlo.gather", [], hlo::Gather;
    GetDimensionSize, "hlo.get-dimension-size", [], hlo::Dimensions;
    GetTupleElement, "hlo.get-tuple-element", [], hlo::GetTupleElement;
    Imag, "hlo.imag", [ELEMENTWISE | PURE], Plain;
    Infeed, "hlo.infeed", [], Plain;
    Iota, "hlo.iota", [], hlo::Iota;
    IsFinite, "hlo.is-finite", [ELEMENTWISE | PURE], Plain;
    Log, "hlo.log", [ELEMENTWISE | PURE], Plain;
    Log1p, "hlo.log-plus-one", [ELEMENTWISE | PURE], Plain;
    Logistic, "hlo.logistic", [ELEMENTWISE | PURE], Plain;
    Map, "hlo.map", [], hlo::Map;
    Maximum, "hlo.maximum", [ELEMENTWISE | PURE], Plain;
    Minimum, "hlo.minimum", [ELEMENTWISE | PURE], Plain;
    Mulhi, "hlo.mulhi", [ELEMENTWISE | PURE], Plain;
    Multiply, "hlo.multiply", [ELEMENTWISE | PURE], Plain;
    Negate, "hlo.negate", [ELEMENTWISE | PURE], Plain;
    Not, "hlo.not", [ELEMENTWISE | PURE], Plain;
    OptimizationBarrier, "hlo.opt-barrier", [], Plain;
    Or, "hlo.or", [ELEMENTWISE | PURE], Plain;
    Outfeed, "hlo.outfeed", [], Plain;
    Pad, "hlo.pad", [], hlo::Pad;
    Parameter, "hlo.parameter", [], hlo::Parameter;
    PartitionId, "hlo.partition-id", [], Plain;
    PopulationCount, "hlo.popcnt", [ELEMENTWISE | PURE], Plain;
    Power, "hlo.power", [ELEMENTWISE | PURE], Plain;
    RaggedAllToAll, "hlo.ragged-all-to-all", [COLLECTIVE], hlo::AllToAll;
    RaggedDot, "hlo.ragged-dot", [], hlo::Dot;
    Real, "hlo.real", [ELEMENTWISE | PURE], Plain;
    Recv, "hlo.recv", [], hlo::SendRecv;
    RecvDone, "hlo.recv-done", [], hlo::SendRecv;
    Reduce, "hlo.reduce", [], hlo::Reduce;
    ReducePrecision, "hlo.reduce-precision", [ELEMENTWISE | PURE], hlo::ReducePrecision;
    ReduceScatter, "hlo.reduce-scatter", [COLLECTIVE], hlo::AllReduce;
    ReduceWindow, "hlo.reduce-window", [], hlo::ReduceWindow;
    Remainder, "hlo.remainder", [ELEMENTWISE | PURE], Plain;
    ReplicaId, "hlo.replica-id", [], Plain;
    Reshape, "hlo.reshape", [], Plain;
    Reverse, "hlo.reverse", [], hlo::Dimensions;
    Rng, "hlo.rng", [], hlo::Rng;
    RngBitGenerator, "hlo.rng-bit-generator", [], hlo::RngBitGenerator;
    RngGetAndUpdateState, "hlo.rng-get-and-update-state", [], Plain;
    RoundNearestAfz, "hlo.round-nearest-afz", [ELEMENTWISE | PURE], Plain;
    RoundNearestEven, "hlo.round-nearest-even", [ELEMENTWISE | PURE], Plain;
    Rsqrt, "hlo.rsqrt", [ELEMENTWISE | PURE], Plain;
    ScaledDot, "hlo.scaled-dot", [], hlo::Dot;
    Scan, "hlo.scan", [], Plain;
    Scatter, "hlo.scatter", [], hlo::Scatter;
    Select, "hlo.select", [ELEMENTWISE | PURE], Plain;
    SelectAndScatter, "hlo.select-and-scatter", [], hlo::SelectAndScatter;
    Send, "hlo.send", [], hlo::SendRecv;
    SendDone, "hlo.send-done", [], hlo::SendRecv;
    SetDimensionSize, "hlo.set-dimension-size", [], hlo::Dimensions;
    ShiftLeft, "hlo.shift-left", [ELEMENTWISE | PURE], Plain;
    ShiftRightArithmetic, "hlo.shift-right-arithmetic", [ELEMENTWISE | PURE], Plain;
    ShiftRightLogical, "hlo.shift-right-logical", [ELEMENTWISE | PURE], Plain;
    Shuffle, "hlo.shuffle", [], Plain;
    Sign, "hlo.sign", [ELEMENTWISE | PURE], Plain;
    Sin, "hlo.sine", [ELEMENTWISE | PURE], Plain;
    Sinh, "hlo.sinh", [ELEMENTWISE | PURE], Plain;
    Slice, "hlo.slice", [], hlo::Slice;
    Sort, "hlo.sort", [], hlo::Sort;
    Sqrt, "hlo.sqrt", [ELEMENTWISE | PURE], Plain;
    StochasticConvert, "hlo.stochastic-convert", [ELEMENTWISE | PURE], Plain;
    Subtract, "hlo.subtract", [ELEMENTWISE | PURE], Plain;
    Tan, "hlo.tan", [ELEMENTWISE | PURE], Plain;
    Tanh, "hlo.tanh", [ELEMENTWISE | PURE], Plain;
    TopK, "hlo.topk", [], hlo::TopK;
    Transpose, "hlo.transpose", [], hlo::Dimensions;
    TriangularSolve, "hlo.triangular-solve", [], hlo::TriangularSolve;
    Tuple, "hlo.tuple", [], Plain;
    While, "hlo.while", [], hlo::While;
    Xor, "hlo.xor", [ELEMENTWISE | PURE], Plain;
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
    /// The op's attribute schema (its view's, `crate::schema`).
    pub fn attr_schema(self) -> &'static [crate::schema::AttrSpec] {
        self.spec().attrs
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
