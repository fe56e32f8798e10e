//! The verifier's side of the op table: for every op kind, which rules of
//! `rules::RULES` check it, as an exhaustive match (a new op fails to
//! compile until it has an entry). `tests/op_table.rs` checks the entries
//! against the rule table and the interpreter: every op kind the
//! interpreter runs has rules, and every kind said not to be interpreted
//! is one the interpreter reports as unsupported.

use shardref_spec::ops::{
    ArithOp, BuiltinOp, CheckOp, ChloOp, FuncOp, InterpreterOp, MhloOp, MpmdOp, OpKind, SdyOp, StablehloOp,
};

use crate::rules::RULES;

/// What checks an op kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The spec's constraints of the op: the labels `<mnemonic>_cN`
    /// (`<mnemonic>_iN`), plus any other label prefixes given.
    Spec(&'static [&'static str]),
    /// Rules whose labels start with these prefixes (a family's rules, or
    /// ODS-style checks such as `stablehlo_operand_types`).
    Labels(&'static [&'static str]),
    /// Checked as part of another op: a terminator by the op owning its
    /// region, a module or function by the ops and symbols in it.
    Owner,
    /// Ops of the test dialects (`check`, `interpreter`): they check what
    /// they compare when they run, as upstream's interpreter does; the
    /// verifier has no rules for them.
    TestDialect,
    /// The interpreter does not run the op (it reports it as unsupported)
    /// and the verifier has no rules for it yet.
    NotInterpreted,
    /// XLA HLO instructions: they run only in HLO module runs, which
    /// `hlo::verify` checks (XLA's `HloVerifier` messages, category
    /// `hlo_verifier`).
    HloModule,
}

const SIG: &[&str] = &["stablehlo_signature", "stablehlo_operand_types"];

/// The entry of one op kind.
pub fn entry(k: OpKind) -> Entry {
    match k {
        OpKind::Builtin(BuiltinOp::Module) => Entry::Owner,
        OpKind::Func(FuncOp::Func) => Entry::Owner,
        OpKind::Func(FuncOp::Return) => Entry::Labels(&["func_return_c"]),
        OpKind::Func(FuncOp::Call) => Entry::Labels(&["func_call_c"]),
        // arith.constant is checked as stablehlo.constant is.
        OpKind::Arith(ArithOp::Constant) => Entry::Owner,
        OpKind::Stablehlo(s) => stablehlo(s),
        OpKind::Chlo(c) => chlo(c),
        OpKind::Mhlo(m) => mhlo(m),
        OpKind::Sdy(s) => sdy(s),
        OpKind::Mpmd(m) => mpmd(m),
        OpKind::Check(
            CheckOp::ExpectEq
            | CheckOp::ExpectEqConst
            | CheckOp::ExpectAlmostEq
            | CheckOp::ExpectAlmostEqConst
            | CheckOp::ExpectClose
            | CheckOp::ExpectSerializedEq,
        ) => Entry::TestDialect,
        OpKind::Interpreter(InterpreterOp::RunParallel | InterpreterOp::Print | InterpreterOp::Probe) => {
            Entry::TestDialect
        }
        OpKind::Hlo(_) => Entry::HloModule,
    }
}

fn stablehlo(s: StablehloOp) -> Entry {
    use StablehloOp as S;
    match s {
        S::Return => Entry::Owner,
        S::CreateToken | S::AfterAll | S::PartitionId | S::ReplicaId | S::Outfeed | S::CustomCall => Entry::Labels(SIG),
        S::Einsum | S::UnaryEinsum => Entry::Labels(&["einsum_c"]),
        S::CrossReplicaSum => Entry::Labels(&["cross_replica_sum_c"]),
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
        | S::ReducePrecision
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
        | S::Compare
        | S::Select
        | S::Clamp
        | S::Constant
        | S::Iota
        | S::DynamicIota
        | S::Broadcast
        | S::BroadcastInDim
        | S::DynamicBroadcastInDim
        | S::Reshape
        | S::DynamicReshape
        | S::Transpose
        | S::Concatenate
        | S::Slice
        | S::DynamicSlice
        | S::RealDynamicSlice
        | S::DynamicUpdateSlice
        | S::Pad
        | S::DynamicPad
        | S::Reverse
        | S::Gather
        | S::DynamicGather
        | S::Scatter
        | S::Sort
        | S::GetDimensionSize
        | S::SetDimensionSize
        | S::TorchIndexSelect
        | S::Reduce
        | S::ReduceWindow
        | S::SelectAndScatter
        | S::Map
        | S::Dot
        | S::DotGeneral
        | S::Convolution
        | S::DynamicConv
        | S::Fft
        | S::TriangularSolve
        | S::Cholesky
        | S::BatchNormGrad
        | S::BatchNormInference
        | S::BatchNormTraining
        | S::Rng
        | S::RngBitGenerator
        | S::While
        | S::If
        | S::Case
        | S::Composite
        | S::OptimizationBarrier
        | S::Tuple
        | S::GetTupleElement
        | S::Infeed
        | S::Send
        | S::Recv
        | S::AllGather
        | S::AllReduce
        | S::AllToAll
        | S::ReduceScatter
        | S::CollectivePermute
        | S::CollectiveBroadcast
        | S::CollectiveReduce
        | S::AsyncStart
        | S::AsyncDone => Entry::Spec(SIG),
    }
}

fn chlo(c: ChloOp) -> Entry {
    use ChloOp as C;
    match c {
        C::AsinAcosKernel
        | C::Acos
        | C::Acosh
        | C::Asin
        | C::Asinh
        | C::Atan
        | C::Atanh
        | C::BesselI1e
        | C::Conj
        | C::Cosh
        | C::Digamma
        | C::Erf
        | C::ErfInv
        | C::Erfc
        | C::Lgamma
        | C::Sinh
        | C::Square
        | C::Tan => Entry::Labels(&["chlo_unary_c", "chlo_operand_types"]),
        C::IsInf | C::IsNegInf | C::IsPosInf => Entry::Labels(&["chlo_is_inf_c", "chlo_operand_types"]),
        C::Mulhi | C::NextAfter | C::Polygamma | C::Zeta => Entry::Labels(&["chlo_binary_c", "chlo_operand_types"]),
        C::BroadcastAdd
        | C::BroadcastAnd
        | C::BroadcastAtan2
        | C::BroadcastCompare
        | C::BroadcastComplex
        | C::BroadcastDivide
        | C::BroadcastMaximum
        | C::BroadcastMinimum
        | C::BroadcastMultiply
        | C::BroadcastNextAfter
        | C::BroadcastOr
        | C::BroadcastPolygamma
        | C::BroadcastPower
        | C::BroadcastRemainder
        | C::BroadcastShiftLeft
        | C::BroadcastShiftRightArithmetic
        | C::BroadcastShiftRightLogical
        | C::BroadcastSubtract
        | C::BroadcastXor
        | C::BroadcastZeta => Entry::Labels(&["chlo_broadcast_c", "chlo_operand_types"]),
        C::BroadcastSelect => Entry::Labels(&["chlo_broadcast_select_c", "chlo_operand_types"]),
        C::Constant => Entry::Labels(&["chlo_constant_c"]),
        C::ConstantLike => Entry::Labels(&["chlo_constant_like_c"]),
        C::TopK => Entry::Labels(&["chlo_top_k_c"]),
        C::RaggedDot => Entry::Labels(&["chlo_ragged_dot_c"]),
        C::Scan => Entry::Labels(&["chlo_scan_c"]),
    }
}

fn mhlo(m: MhloOp) -> Entry {
    use MhloOp as M;
    match m {
        M::Acos | M::Acosh | M::Asin | M::Asinh | M::Atanh | M::Cosh | M::Erf | M::Sinh => {
            Entry::Labels(&["chlo_unary_c", "chlo_operand_types"])
        }
        M::TopK => Entry::Labels(&["chlo_top_k_c"]),
        M::Copy | M::Domain | M::AddDependency => Entry::Labels(&["mhlo_pass_through_c"]),
        M::Bitcast => Entry::Labels(&["mhlo_bitcast_c"]),
    }
}

fn sdy(s: SdyOp) -> Entry {
    use SdyOp as S;
    match s {
        S::Mesh => Entry::Labels(&["mesh_c"]),
        S::ShardingConstraint | S::Reshard => Entry::Labels(&["sharding_constraint_c", "sharding_c", "unreduced_c"]),
        S::Return => Entry::Owner,
        S::ManualComputation => Entry::Labels(&["manual_computation_c"]),
        S::ShardingGroup => Entry::Labels(&["sharding_group_import_c"]),
        S::Constant => Entry::Labels(&["hooks_c"]),
        S::DataFlowEdge => Entry::Labels(&["data_flow_edge_c"]),
        S::PropagationBarrier => Entry::Labels(&["propagation_barrier_c"]),
        S::NamedComputation => Entry::Labels(&["named_computation_c"]),
        S::AllGather | S::AllSlice => Entry::Labels(&["collective_c", "collective_axes_c"]),
        S::AllToAll => Entry::Labels(&["collective_c", "sdy_all_to_all_c"]),
        S::CollectivePermute => Entry::Labels(&["collective_c", "sdy_collective_permute_c"]),
        S::AllReduce => Entry::Labels(&["collective_c", "sdy_all_reduce_c"]),
        S::ReduceScatter => Entry::Labels(&["collective_c", "collective_axes_c"]),
        S::ShardedToUnreduced => Entry::Labels(&["collective_c", "sharded_to_unreduced_c"]),
        S::ReplicatedToUnreduced => Entry::Labels(&["collective_c", "replicated_to_unreduced_c"]),
        S::FuncDataFlowEdge => Entry::Labels(&["func_data_flow_edge_c"]),
    }
}

fn mpmd(m: MpmdOp) -> Entry {
    use MpmdOp as M;
    match m {
        M::Return => Entry::Owner,
        M::NamedComputation => Entry::Labels(&["mpmd_named_computation_c", "mpmd_parent_c"]),
        M::NamedTensor => Entry::Labels(&["mpmd_parent_c"]),
        M::Fragment => Entry::Labels(&["fragment_c"]),
        M::FragmentCall => Entry::Labels(&["fragment_call_c"]),
        M::Transfer => Entry::Labels(&["transfer_c", "mesh_lookup_c", "mesh_tensor_c"]),
        M::Assign | M::Unassign => Entry::Labels(&["assign_c"]),
        M::Call => Entry::Labels(&["call_c"]),
        M::For => Entry::Labels(&["for_c"]),
        M::Broadcast => Entry::Labels(&["mpmd_parent_c"]),
        M::Reduce => Entry::Labels(&["mpmd_reduce_c"]),
    }
}

/// Whether `label` is the rule `prefix` (`stablehlo_signature`), one of
/// the numbered rules `prefix` ends in (`chlo_unary_c` takes
/// `chlo_unary_c1`), or a constraint of the op `prefix` (`abs` takes
/// `abs_c1` and `abs_i1`).
fn under(label: &str, prefix: &str) -> bool {
    let digits = |r: &str| !r.is_empty() && r.bytes().all(|b| b.is_ascii_digit());
    match label.strip_prefix(prefix) {
        Some("") => true,
        Some(rest) if prefix.ends_with("_c") => digits(rest),
        Some(rest) => {
            rest.strip_prefix('_').and_then(|r| r.strip_prefix(|c: char| c.is_ascii_lowercase())).is_some_and(digits)
        }
        None => false,
    }
}

/// The labels of `RULES` that check op kind `k` (empty for the entries
/// that name no rules).
pub fn labels(k: OpKind) -> Vec<&'static str> {
    let prefixes: Vec<String> = match entry(k) {
        Entry::Spec(extra) => {
            let mnemonic = k.name().rsplit('.').next().unwrap_or("").replace('-', "_");
            std::iter::once(mnemonic).chain(extra.iter().map(|s| s.to_string())).collect()
        }
        Entry::Labels(p) => p.iter().map(|s| s.to_string()).collect(),
        Entry::Owner | Entry::TestDialect | Entry::NotInterpreted | Entry::HloModule => vec![],
    };
    RULES.iter().map(|r| r.label).filter(|l| prefixes.iter().any(|p| under(l, p))).collect()
}
