//! The attribute schemas, one view per attribute format, in dialect modules. Each op table row
//! (`crate::ops`) names one of these. Field syntax: `accessor: Kind presence = "attribute-name"`;
//! presences follow the upstream ODS definitions (`req` for a required attribute, `opt` for an
//! optional one, `default(v)` for a defaulted one). Attribute names come from `keys` when some
//! pass writes them too.

use super::views;

/// The key constants: attribute names that passes and drivers *write* (and the discardable and
/// function attributes every consumer may read through `Common` and `Func`).
pub mod keys {
    pub const SYM_NAME: &str = "sym_name";
    pub const SYM_VISIBILITY: &str = "sym_visibility";
    pub const FUNCTION_TYPE: &str = "function_type";
    pub const ARG_ATTRS: &str = "arg_attrs";
    pub const RES_ATTRS: &str = "res_attrs";
    pub const SDY_SHARDING: &str = "sdy.sharding";
    pub const SDY_SHARDING_RULE: &str = "sdy.sharding_rule";
    pub const SDY_SHARDING_ORIGIN: &str = "sdy.sharding_origin";
    pub const SDY_ORIGINAL_FUNC_NAME: &str = "sdy.original_func_name";
    pub const SDY_EXECUTION_THREAD: &str = "sdy.execution_thread";
    pub const MHLO_SHARDING: &str = "mhlo.sharding";
    pub const MHLO_FRONTEND_ATTRIBUTES: &str = "mhlo.frontend_attributes";
    pub const STABLEHLO_MESH: &str = "stablehlo.mesh";
    pub const MESH_SHAPE: &str = "mesh_shape";
    pub const TOPOLOGY: &str = "topology";
    pub const MPMD_MEMORY_KIND: &str = "mhlo.memory_kind";
    pub const CALLEE: &str = "callee";
    /// `func.call`'s `no_inline` unit attribute.
    pub const NO_INLINE: &str = "no_inline";
    pub const NAME: &str = "name";
    pub const SHARDING: &str = "sharding";
    pub const OUT_SHARDING: &str = "out_sharding";
    pub const IN_SHARDINGS: &str = "in_shardings";
    pub const OUT_SHARDINGS: &str = "out_shardings";
    pub const GROUP_ID: &str = "group_id";
    pub const ORIGIN: &str = "origin";
    pub const VALUE: &str = "value";
    pub const TOLERANCE: &str = "tolerance";
    pub const MIN_ULP_DIFFERENCE: &str = "min_ulp_difference";
    pub const MAX_ULP_DIFFERENCE: &str = "max_ulp_difference";
    // Attributes of StableHLO ops that passes rewrite.
    pub const DIMENSION: &str = "dimension";
    pub const START_INDICES: &str = "start_indices";
    pub const LIMIT_INDICES: &str = "limit_indices";
    pub const STRIDES: &str = "strides";
    pub const DIMENSION_NUMBERS: &str = "dimension_numbers";
    pub const SCATTER_DIMENSION_NUMBERS: &str = "scatter_dimension_numbers";
    pub const REPLICA_GROUPS: &str = "replica_groups";
    pub const IOTA_DIMENSION: &str = "iota_dimension";
    pub const MANUAL_AXES: &str = "manual_axes";
    /// The key of an axis in a `stablehlo.mesh` dictionary.
    pub const AXIS_NAME: &str = "name";
    pub const AXIS_SIZE: &str = "size";
    pub const AXES: &str = "axes";
    pub const DEVICE_IDS: &str = "device_ids";
    /// The mesh of an `sdy.mesh` op.
    pub const MESH: &str = "mesh";
    /// `private` in `sym_visibility`.
    pub const PRIVATE: &[u8] = b"private";
}

views! {
    /// Ops without attributes of their own.
    Plain {}

    /// Discardable attributes, allowed on any op.
    Common {
        sdy_sharding: ShardingPerValue opt = keys::SDY_SHARDING,
        sdy_sharding_rule: Sdy opt = keys::SDY_SHARDING_RULE,
        sdy_sharding_origin: Any opt = keys::SDY_SHARDING_ORIGIN,
        mhlo_sharding: Str opt = keys::MHLO_SHARDING,
        mhlo_frontend_attributes: Dictionary opt = keys::MHLO_FRONTEND_ATTRIBUTES,
        stablehlo_mesh: Any opt = keys::STABLEHLO_MESH,
    }

    /// `func.func` (and the function-like `builtin.module` symbol attributes).
    Func {
        sym_name: Str req = keys::SYM_NAME,
        sym_visibility: Str opt = keys::SYM_VISIBILITY,
        function_type: Type req = keys::FUNCTION_TYPE,
        arg_attrs: Array opt = keys::ARG_ATTRS,
        res_attrs: Array opt = keys::RES_ATTRS,
        mesh_shape: Sdy opt = keys::MESH_SHAPE,
        topology: Mpmd opt = keys::TOPOLOGY,
        sdy_original_func_name: Str opt = keys::SDY_ORIGINAL_FUNC_NAME,
        sdy_execution_thread: Any opt = keys::SDY_EXECUTION_THREAD,
    }

    /// Any symbol op (`builtin.module`, `sdy.mesh`, `func.func`): its name and visibility.
    Symbol {
        sym_name: Str opt = keys::SYM_NAME,
        sym_visibility: Str opt = keys::SYM_VISIBILITY,
    }

    /// `builtin.module`.
    Module {
        sym_name: Str opt = keys::SYM_NAME,
        sym_visibility: Str opt = keys::SYM_VISIBILITY,
        mhlo_num_replicas: Int opt = "mhlo.num_replicas",
        mhlo_num_partitions: Int opt = "mhlo.num_partitions",
        /// The conformance runner's synthesized-argument recipe.
        shardref_args: Any opt = "shardref.args",
        /// An HLO module's header attributes (`replica_count=2`), kept under `hlo.<name>`.
        hlo_replica_count: HloText opt = "hlo.replica_count",
        hlo_num_partitions: HloText opt = "hlo.num_partitions",
        /// An HLO module's stack-frame sections (`FileNames`, ...), as written.
        hlo_stack_frames: HloText opt = hlo::marks::STACK_FRAMES,
    }

    /// `func.call`.
    Call {
        callee: Symbol req = keys::CALLEE,
        no_inline: Flag opt = keys::NO_INLINE,
    }

    /// `arith.constant`.
    Constant {
        value: Any req = keys::VALUE,
    }
}

/// Function argument and result attribute dictionaries (`arg_attrs`, `res_attrs` entries).
pub mod arg {
    use crate::ir::{Dict, Span};
    use crate::schema::{Field, kind};

    pub const SDY_SHARDING: &str = super::keys::SDY_SHARDING;
    pub const MHLO_SHARDING: &str = super::keys::MHLO_SHARDING;
    pub const MEMORY_KIND: &str = super::keys::MPMD_MEMORY_KIND;
    pub const TF_ALIASING_OUTPUT: &str = "tf.aliasing_output";

    /// `sdy.sharding` of one argument or result.
    pub fn sdy_sharding(d: &Dict, span: Span) -> Field<'_, kind::Sharding> {
        Field::in_dict(d, SDY_SHARDING, span)
    }
    /// `mhlo.sharding` of one argument or result.
    pub fn mhlo_sharding(d: &Dict, span: Span) -> Field<'_, kind::Str> {
        Field::in_dict(d, MHLO_SHARDING, span)
    }
    /// `mhlo.memory_kind` of one argument or result.
    pub fn memory_kind(d: &Dict, span: Span) -> Field<'_, kind::Str> {
        Field::in_dict(d, MEMORY_KIND, span)
    }
}

pub mod stablehlo {
    use super::super::views;
    use super::keys;

    views! {
        Constant { value: Any req = keys::VALUE }
        Compare {
            comparison_direction: CmpDir req = "comparison_direction",
            compare_type: CmpType opt = "compare_type",
        }
        ReducePrecision { exponent_bits: Int req = "exponent_bits", mantissa_bits: Int req = "mantissa_bits" }
        Iota { iota_dimension: Int req = keys::IOTA_DIMENSION }
        Broadcast { broadcast_sizes: Ints req = "broadcast_sizes" }
        BroadcastInDim { broadcast_dimensions: Ints req = "broadcast_dimensions" }
        DynamicBroadcastInDim {
            broadcast_dimensions: Ints req = "broadcast_dimensions",
            known_expanding_dimensions: Ints opt = "known_expanding_dimensions",
            known_nonexpanding_dimensions: Ints opt = "known_nonexpanding_dimensions",
        }
        Transpose { permutation: Ints req = "permutation" }
        /// `concatenate`, `get_dimension_size`, `set_dimension_size`.
        Dimension { dimension: Int req = keys::DIMENSION }
        Slice {
            start_indices: Ints req = keys::START_INDICES,
            limit_indices: Ints req = keys::LIMIT_INDICES,
            strides: Ints req = keys::STRIDES,
        }
        DynamicSlice { slice_sizes: Ints req = "slice_sizes" }
        Pad {
            edge_padding_low: Ints req = "edge_padding_low",
            edge_padding_high: Ints req = "edge_padding_high",
            interior_padding: Ints req = "interior_padding",
        }
        /// `reverse`, `reduce`, `map`.
        Dimensions { dimensions: Ints req = "dimensions" }
        Gather {
            dimension_numbers: GatherDims req = keys::DIMENSION_NUMBERS,
            slice_sizes: Ints req = "slice_sizes",
            indices_are_sorted: Bool opt = "indices_are_sorted",
        }
        DynamicGather {
            dimension_numbers: GatherDims req = keys::DIMENSION_NUMBERS,
            indices_are_sorted: Bool opt = "indices_are_sorted",
        }
        Scatter {
            scatter_dimension_numbers: ScatterDims req = keys::SCATTER_DIMENSION_NUMBERS,
            indices_are_sorted: Bool opt = "indices_are_sorted",
            unique_indices: Bool opt = "unique_indices",
        }
        Sort { dimension: Int default(-1) = keys::DIMENSION, is_stable: Bool default(false) = "is_stable" }
        TorchIndexSelect { dim: Int req = "dim", batch_dims: Int req = "batch_dims" }
        ReduceWindow {
            window_dimensions: Ints req = "window_dimensions",
            window_strides: Ints opt = "window_strides",
            base_dilations: Ints opt = "base_dilations",
            window_dilations: Ints opt = "window_dilations",
            padding: Ints opt = "padding",
        }
        SelectAndScatter {
            window_dimensions: Ints opt = "window_dimensions",
            window_strides: Ints opt = "window_strides",
            padding: Ints opt = "padding",
        }
        Dot { precision_config: Array opt = "precision_config" }
        DotGeneral {
            dot_dimension_numbers: DotDims req = "dot_dimension_numbers",
            precision_config: Array opt = "precision_config",
            algorithm: Shlo opt = "algorithm",
        }
        Einsum { einsum_config: Str req = "einsum_config" }
        Convolution {
            window_strides: Ints opt = "window_strides",
            padding: Ints opt = "padding",
            lhs_dilation: Ints opt = "lhs_dilation",
            rhs_dilation: Ints opt = "rhs_dilation",
            window_reversal: Any opt = "window_reversal",
            dimension_numbers: ConvDims req = keys::DIMENSION_NUMBERS,
            feature_group_count: Int req = "feature_group_count",
            batch_group_count: Int req = "batch_group_count",
            precision_config: Array opt = "precision_config",
        }
        Fft { fft_type: FftKind req = "fft_type", fft_length: Ints req = "fft_length" }
        TriangularSolve {
            left_side: Bool req = "left_side",
            lower: Bool req = "lower",
            unit_diagonal: Bool req = "unit_diagonal",
            transpose_a: TransposeKind req = "transpose_a",
        }
        Cholesky { lower: Bool opt = "lower" }
        BatchNorm { epsilon: Float req = "epsilon", feature_index: Int req = "feature_index" }
        Rng { rng_distribution: RngDist req = "rng_distribution" }
        RngBitGenerator { rng_algorithm: RngAlg req = "rng_algorithm" }
        Composite {
            name: Str req = keys::NAME,
            composite_attributes: Dictionary opt = "composite_attributes",
            decomposition: Symbol req = "decomposition",
            version: Int opt = "version",
        }
        CustomCall {
            call_target_name: Str req = "call_target_name",
            error_message: Str opt = "error_message",
            has_side_effect: Bool opt = "has_side_effect",
            backend_config: Any opt = "backend_config",
            api_version: Any opt = "api_version",
            called_computations: Array opt = "called_computations",
        }
        GetTupleElement { index: Int req = "index" }
        Infeed { infeed_config: Str opt = "infeed_config", layout: Array opt = "layout" }
        Outfeed { outfeed_config: Str opt = "outfeed_config" }
        /// `send`, `recv`.
        SendRecv { channel_handle: Channel req = "channel_handle", is_host_transfer: Bool opt = "is_host_transfer" }
        AllGather {
            all_gather_dim: Int req = "all_gather_dim",
            replica_groups: Any req = keys::REPLICA_GROUPS,
            channel_handle: Channel opt = "channel_handle",
            use_global_device_ids: Flag opt = "use_global_device_ids",
        }
        /// `all_reduce`, `collective_reduce`.
        AllReduce {
            replica_groups: Any req = keys::REPLICA_GROUPS,
            channel_handle: Channel opt = "channel_handle",
            use_global_device_ids: Flag opt = "use_global_device_ids",
            has_dynamic_root: Flag opt = "has_dynamic_root",
        }
        AllToAll {
            split_dimension: Int req = "split_dimension",
            concat_dimension: Int req = "concat_dimension",
            split_count: Int req = "split_count",
            replica_groups: Any req = keys::REPLICA_GROUPS,
            channel_handle: Channel opt = "channel_handle",
        }
        ReduceScatter {
            scatter_dimension: Int req = "scatter_dimension",
            replica_groups: Any req = keys::REPLICA_GROUPS,
            channel_handle: Channel opt = "channel_handle",
            use_global_device_ids: Flag opt = "use_global_device_ids",
        }
        CollectivePermute {
            source_target_pairs: Ints req = "source_target_pairs",
            channel_handle: Channel opt = "channel_handle",
        }
        /// `collective_broadcast`, `cross-replica-sum`.
        CollectiveBroadcast {
            replica_groups: Any req = keys::REPLICA_GROUPS,
            channel_handle: Channel opt = "channel_handle",
            has_dynamic_root: Flag opt = "has_dynamic_root",
        }
        AsyncStart { execution_thread: Str opt = "execution_thread" }
    }
}

pub mod chlo {
    use super::super::views;
    use super::keys;

    views! {
        /// `chlo.broadcast_*` (but `broadcast_compare`).
        Broadcasting { broadcast_dimensions: Ints opt = "broadcast_dimensions" }
        BroadcastCompare {
            broadcast_dimensions: Ints opt = "broadcast_dimensions",
            comparison_direction: CmpDir req = "comparison_direction",
            compare_type: CmpType opt = "compare_type",
        }
        /// `chlo.constant`, `chlo.constant_like`.
        Constant { value: Any req = keys::VALUE }
        /// `chlo.top_k`, `mhlo.topk`.
        TopK {
            k: Int req = "k",
            /// `mhlo.topk`'s.
            largest: Bool opt = "largest",
            /// `chlo.top_k`'s.
            is_stable: Bool default(true) = "is_stable",
        }
        RaggedDot {
            ragged_dot_dimension_numbers: RaggedDotDims req = "ragged_dot_dimension_numbers",
            precision_config: Array opt = "precision_config",
        }
        Scan {
            dimension: Int req = keys::DIMENSION,
            is_reverse: Bool opt = "is_reverse",
            scan_dim_size: Int opt = "scan_dim_size",
            operand_segment_sizes: Ints req = "operandSegmentSizes",
            result_segment_sizes: Ints req = "resultSegmentSizes",
        }
    }
}

pub mod sdy {
    use super::super::views;
    use super::keys;

    views! {
        Mesh { sym_name: Str req = keys::SYM_NAME, mesh: Sdy req = keys::MESH }
        /// `sharding_constraint`, `reshard`.
        Sharding { sharding: Sharding req = keys::SHARDING }
        DataFlowEdge { sharding: Sharding opt = keys::SHARDING }
        ManualComputation {
            in_shardings: ShardingPerValue req = keys::IN_SHARDINGS,
            out_shardings: ShardingPerValue req = keys::OUT_SHARDINGS,
            manual_axes: Sdy req = keys::MANUAL_AXES,
        }
        ShardingGroup { group_id: Int req = keys::GROUP_ID }
        Constant { value: Any req = keys::VALUE }
        PropagationBarrier { allowed_direction: Any req = "allowed_direction" }
        NamedComputation {
            name: Str req = keys::NAME,
            in_shardings: ShardingPerValue opt = keys::IN_SHARDINGS,
            out_shardings: ShardingPerValue opt = keys::OUT_SHARDINGS,
        }
        AllGather { gathering_axes: Sdy req = "gathering_axes", out_sharding: Sharding req = keys::OUT_SHARDING }
        AllSlice { slicing_axes: Sdy req = "slicing_axes", out_sharding: Sharding req = keys::OUT_SHARDING }
        AllToAll { params: Sdy req = "params", out_sharding: Sharding req = keys::OUT_SHARDING }
        CollectivePermute { out_sharding: Sharding req = keys::OUT_SHARDING }
        AllReduce {
            reduction_axes: Sdy req = "reduction_axes",
            out_sharding: Sharding req = keys::OUT_SHARDING,
            reduction_op: Int opt = "reduction_op",
        }
        ReduceScatter {
            reduce_scatter_axes: Sdy req = "reduce_scatter_axes",
            out_sharding: Sharding req = keys::OUT_SHARDING,
            reduction_op: Int opt = "reduction_op",
        }
        /// `sharded_to_unreduced`, `replicated_to_unreduced`.
        ToUnreduced { axes: Sdy req = "axes", out_sharding: Sharding req = keys::OUT_SHARDING }
        FuncDataFlowEdge {}
        /// What any of the eight collectives may carry (each row declares those it takes, with
        /// these kinds), for code that reads any collective; not a row's view. A `reduction_op` on
        /// a collective whose row declares none is a stray attribute the printer keeps in the
        /// generic form.
        Collective {
            out_sharding: Sharding req = keys::OUT_SHARDING,
            reduction_op: Int opt = "reduction_op",
        }
    }
}

pub mod mpmd {
    use super::super::views;
    use super::keys;

    views! {
        NamedComputation { origin: Mpmd req = keys::ORIGIN }
        NamedTensor { name: Str req = keys::NAME }
        /// `fragment`, `fragment_call`.
        Fragment {
            origin: Array req = keys::ORIGIN,
            mesh_name: Str req = "mesh_name",
            stage_id: Int opt = "stage_id",
            call_counter: Int opt = "call_counter",
            callee: Symbol opt = keys::CALLEE,
            in_shardings: ShardingPerValue opt = keys::IN_SHARDINGS,
            out_shardings: ShardingPerValue opt = keys::OUT_SHARDINGS,
        }
        Transfer { memory_kind: Str opt = keys::MPMD_MEMORY_KIND }
        /// `assign`, `unassign`.
        Assign { origin: Any opt = keys::ORIGIN }
        Call { callee: Symbol req = keys::CALLEE, call_counter: Int opt = "call_counter" }
        For { iterations: Int req = "iterations", unroll_factor: Int opt = "unroll_factor" }
        Reduce { reduction: Mpmd req = "reduction" }
    }
}

pub mod check {
    use super::super::views;
    use super::keys;

    views! {
        ExpectEqConst { value: Any req = keys::VALUE }
        ExpectAlmostEq { tolerance: Any opt = keys::TOLERANCE }
        ExpectAlmostEqConst { value: Any req = keys::VALUE, tolerance: Any opt = keys::TOLERANCE }
        ExpectClose {
            min_ulp_difference: Int opt = keys::MIN_ULP_DIFFERENCE,
            max_ulp_difference: Int opt = keys::MAX_ULP_DIFFERENCE,
        }
        ExpectSerializedEq { probe_id: Str req = "probe_id", iteration: Int opt = "iteration" }
    }
}

pub mod interpreter {
    use super::super::views;

    views! {
        RunParallel { programs: Array req = "programs", infeed: Array opt = "infeed" }
        Probe { probe_id: Str req = "probe_id" }
    }
}

/// XLA HLO (`hlo.*` rows). The lowering (`crate::hlo::lower`) keeps each instruction attribute
/// under its HLO name: computation references as symbol references (`HloComp`, `HloComps`), the
/// parameter number as an integer, the lowering's marks (`hlo.name`, `hlo.root`, ...), and every
/// other value as canonical token text, which the `Hlo*` kinds decode (`crate::hlo::attrs`).
/// Presences are XLA's parser's (`req` where it requires the attribute).
pub mod hlo {
    use super::super::views;

    /// The lowering's marks: what it stores beside the instructions' XLA attributes, under names
    /// that HLO text never writes as attributes.
    pub mod marks {
        /// The prefix of the marks (`hlo.name`, `hlo.root`, ...) and of the module header's
        /// attributes (`hlo.replica_count`), which the text writes elsewhere.
        pub const PREFIX: &str = "hlo.";
        /// An instruction's name (`%add.1`).
        pub const NAME: &str = "hlo.name";
        /// The computation's `ROOT` instruction.
        pub const ROOT: &str = "hlo.root";
        /// A `get-tuple-element` written as compact tuple access (`%p#1`).
        pub const COMPACT: &str = "hlo.compact";
        /// The `ENTRY` computation.
        pub const ENTRY: &str = "hlo.entry";
        /// A constant's literal text.
        pub const LITERAL: &str = "hlo.literal";
        /// The module's stack-frame sections, on the module.
        pub const STACK_FRAMES: &str = "hlo.stack_frames";
        /// A parameter's number (`parameter(0)`).
        pub const PARAMETER_NUMBER: &str = "parameter_number";
    }

    /// Keys of `frontend_attributes={...}` entries that carry semantics.
    pub mod frontend {
        /// Makes a send/recv pair a collective permute over these pairs.
        pub const SEND_RECV_SOURCE_TARGET_PAIRS: &str = "_xla_send_recv_source_target_pairs";
        /// The name of a composite call (`is_composite=true`).
        pub const COMPOSITE_NAME: &str = "composite.name";
    }

    views! {
        /// What any instruction may carry: the lowering's marks and XLA's generic attributes.
        Instr {
            name: Str opt = marks::NAME,
            root: Flag opt = marks::ROOT,
            /// A `get-tuple-element` written as compact tuple access (`%p#1`).
            compact: Flag opt = marks::COMPACT,
            sharding: HloSharding opt = "sharding",
            frontend_attributes: HloFrontendAttrs opt = "frontend_attributes",
            metadata: HloTokens opt = "metadata",
            backend_config: HloTokens opt = "backend_config",
            control_predecessors: Array opt = "control-predecessors",
        }
        /// The participant attributes of the collective rows (all-reduce, all-gather, all-to-all,
        /// ...: each declares those it takes, with these kinds), for code that reads any
        /// collective; not a row's view.
        Collective {
            replica_groups: HloReplicaGroups opt = "replica_groups",
            channel_id: HloInt opt = "channel_id",
            use_global_device_ids: HloBool opt = "use_global_device_ids",
        }
        /// `hlo.computation`.
        Computation {
            sym_name: Str req = super::keys::SYM_NAME,
            entry: Flag opt = marks::ENTRY,
            execution_thread: HloWord opt = "execution_thread",
        }
        Parameter { parameter_number: Int req = marks::PARAMETER_NUMBER }
        Constant { literal: HloTokens req = marks::LITERAL }
        /// `compare`: the older `type=FLOAT|TOTALORDER|SIGNED|UNSIGNED` or the newer
        /// `order=TOTAL|PARTIAL` (XLA's parser takes one or the other; it prints `order=TOTAL`).
        Compare { direction: HloWord req = "direction", compare_type: HloWord opt = "type", order: HloWord opt = "order" }
        ReducePrecision { exponent_bits: HloInt req = "exponent_bits", mantissa_bits: HloInt req = "mantissa_bits" }
        /// `transpose`, `reverse`, `concatenate`, `get-dimension-size`, `set-dimension-size`.
        Dimensions { dimensions: HloInts req = "dimensions" }
        Broadcast { dimensions: HloInts opt = "dimensions" }
        Iota { iota_dimension: HloInt req = "iota_dimension" }
        Slice { slice: HloSlice req = "slice" }
        Pad { padding: HloPadding req = "padding" }
        DynamicSlice { dynamic_slice_sizes: HloInts req = "dynamic_slice_sizes" }
        /// `dot`, `ragged-dot`, `scaled-dot`.
        Dot {
            lhs_batch_dims: HloInts opt = "lhs_batch_dims",
            rhs_batch_dims: HloInts opt = "rhs_batch_dims",
            lhs_contracting_dims: HloInts opt = "lhs_contracting_dims",
            rhs_contracting_dims: HloInts opt = "rhs_contracting_dims",
            operand_precision: HloTokens opt = "operand_precision",
            algorithm: HloWord opt = "algorithm",
        }
        Convolution {
            window: HloWindow opt = "window",
            dim_labels: HloDimLabels req = "dim_labels",
            feature_group_count: HloInt opt = "feature_group_count",
            batch_group_count: HloInt opt = "batch_group_count",
            operand_precision: HloTokens opt = "operand_precision",
        }
        Gather {
            offset_dims: HloInts opt = "offset_dims",
            collapsed_slice_dims: HloInts opt = "collapsed_slice_dims",
            operand_batching_dims: HloInts opt = "operand_batching_dims",
            start_indices_batching_dims: HloInts opt = "start_indices_batching_dims",
            start_index_map: HloInts opt = "start_index_map",
            index_vector_dim: HloInt req = "index_vector_dim",
            slice_sizes: HloInts req = "slice_sizes",
            indices_are_sorted: HloBool opt = "indices_are_sorted",
        }
        Scatter {
            update_window_dims: HloInts opt = "update_window_dims",
            inserted_window_dims: HloInts opt = "inserted_window_dims",
            input_batching_dims: HloInts opt = "input_batching_dims",
            scatter_indices_batching_dims: HloInts opt = "scatter_indices_batching_dims",
            scatter_dims_to_operand_dims: HloInts opt = "scatter_dims_to_operand_dims",
            index_vector_dim: HloInt req = "index_vector_dim",
            to_apply: HloComp req = "to_apply",
            indices_are_sorted: HloBool opt = "indices_are_sorted",
            unique_indices: HloBool opt = "unique_indices",
        }
        /// `reduce`.
        Reduce { dimensions: HloInts req = "dimensions", to_apply: HloComp req = "to_apply" }
        ReduceWindow { window: HloWindow opt = "window", to_apply: HloComp req = "to_apply" }
        SelectAndScatter {
            window: HloWindow opt = "window",
            select: HloComp req = "select",
            scatter: HloComp req = "scatter",
        }
        Sort { dimensions: HloInts req = "dimensions", is_stable: HloBool opt = "is_stable", to_apply: HloComp req = "to_apply" }
        Map { dimensions: HloInts opt = "dimensions", to_apply: HloComp req = "to_apply" }
        TopK { k: HloInt req = "k", largest: HloBool opt = "largest" }
        Rng { distribution: HloWord req = "distribution" }
        RngBitGenerator { algorithm: HloWord opt = "algorithm" }
        GetTupleElement { index: HloInt req = "index" }
        Call { to_apply: HloComp req = "to_apply", is_composite: HloBool opt = "is_composite" }
        Fusion { calls: HloComp req = "calls", kind: HloWord opt = "kind" }
        While { condition: HloComp req = "condition", body: HloComp req = "body" }
        Conditional {
            branch_computations: HloComps opt = "branch_computations",
            true_computation: HloComp opt = "true_computation",
            false_computation: HloComp opt = "false_computation",
        }
        CustomCall {
            custom_call_target: HloWord req = "custom_call_target",
            to_apply: HloComp opt = "to_apply",
            called_computations: HloComps opt = "called_computations",
            api_version: HloWord opt = "api_version",
            custom_call_has_side_effect: HloBool opt = "custom_call_has_side_effect",
        }
        /// `batch-norm-inference`, `batch-norm-training`, `batch-norm-grad`.
        BatchNorm { epsilon: HloFloat req = "epsilon", feature_index: HloInt req = "feature_index" }
        Cholesky { lower: HloWord opt = "lower", cholesky_options: HloOptions opt = "cholesky_options" }
        TriangularSolve {
            left_side: HloWord opt = "left_side",
            lower: HloWord opt = "lower",
            unit_diagonal: HloWord opt = "unit_diagonal",
            transpose_a: HloWord opt = "transpose_a",
            triangular_solve_options: HloOptions opt = "triangular_solve_options",
        }
        Fft { fft_type: HloWord req = "fft_type", fft_length: HloInts req = "fft_length" }
        /// `all-reduce`, `all-reduce-start`, `reduce-scatter`, `collective-reduce`.
        AllReduce {
            replica_groups: HloReplicaGroups opt = "replica_groups",
            channel_id: HloInt opt = "channel_id",
            use_global_device_ids: HloBool opt = "use_global_device_ids",
            to_apply: HloComp req = "to_apply",
            constrain_layout: HloBool opt = "constrain_layout",
            /// `reduce-scatter`'s scatter dimension.
            dimensions: HloInts opt = "dimensions",
        }
        /// `all-gather`, `all-gather-start`.
        AllGather {
            dimensions: HloInts req = "dimensions",
            replica_groups: HloReplicaGroups opt = "replica_groups",
            channel_id: HloInt opt = "channel_id",
            use_global_device_ids: HloBool opt = "use_global_device_ids",
            constrain_layout: HloBool opt = "constrain_layout",
        }
        /// `all-to-all` (without `dimensions`, the tuple form), `ragged-all-to-all`,
        /// `collective-broadcast`.
        AllToAll {
            dimensions: HloInts opt = "dimensions",
            replica_groups: HloReplicaGroups opt = "replica_groups",
            channel_id: HloInt opt = "channel_id",
            use_global_device_ids: HloBool opt = "use_global_device_ids",
            constrain_layout: HloBool opt = "constrain_layout",
        }
        /// `collective-permute`, `collective-permute-start`.
        CollectivePermute {
            source_target_pairs: HloPairs opt = "source_target_pairs",
            channel_id: HloInt opt = "channel_id",
            /// The in-place (4-operand) form's slice sizes.
            slice_sizes: HloTokens opt = "slice_sizes",
        }
        /// `send`, `recv`, `send-done`, `recv-done`.
        SendRecv { channel_id: HloInt opt = "channel_id", is_host_transfer: HloBool opt = "is_host_transfer" }
        AsyncStart { calls: HloComp req = "calls", async_execution_thread: HloWord opt = "async_execution_thread" }
    }
}
