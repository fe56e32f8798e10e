//! Every rule the verifier enforces, as data: its label (used next to the
//! check and in the name of its negative test in `tests/rules.rs`), the
//! inventory's rule id, the message pattern and the inventory section.

/// One rule.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    pub label: &'static str,
    pub id: &'static str,
    pub message: &'static str,
    pub section: &'static str,
}

macro_rules! rules {
    ($($label:literal, $id:literal, $section:literal, $msg:literal;)*) => {
        /// The rules, in inventory order.
        pub const RULES: &[Rule] = &[$(Rule { label: $label, id: $id, message: $msg, section: $section },)*];
    };
}

rules! {
    "mesh_c1", "M1", "3.1", "axis size must be at least 1, got: <size>";
    "mesh_c2", "M2", "3.1", "device id must be non-negative, got: <id>";
    "mesh_c3", "M3", "3.1", "axes is empty and device_ids has more than one element";
    "mesh_c4", "M4", "3.1", "duplicate axis name: \"<name>\"";
    "mesh_c5", "M5", "3.1", "total product of axis sizes must match total number of device ids, got: <p> != <n>";
    "mesh_c6", "M6", "3.1", "sorted device ids must be iota(product(axes)), got: <ids>";
    "axis_list_c1", "A1", "3.2", "unknown axis name: \"<name>\"";
    "axis_list_c2", "A2", "3.2", "duplicate axis ref: <axis>";
    "axis_list_c3", "A3", "3.2", "two consecutive sub-axes can be merged: <prev>, <cur>";
    "axis_list_c4", "A4", "3.2", "<kind> axes are not ordered w.r.t. mesh";
    "sub_axes_c1", "S1", "3.3", "both sub-axis and full-axis are used for axis name: \"<name>\"";
    "sub_axes_c2", "S2", "3.3", "sub-axis pre-size must be at least 1: <axis>";
    "sub_axes_c3", "S3", "3.3", "sub-axis sizes must be greater than 1: <axis>";
    "sub_axes_c4", "S4", "3.3", "sub-axis next pre-size <k> doesn't divide the size of the full axis <n>: <axis>";
    "sub_axes_c5", "S5", "3.3", "sub-axis size is equal to the full axis size: <axis>";
    "sub_axes_c6", "S6", "3.3", "overlapping sub-axes: <prev>, <cur>";
    "sharding_c1", "T1", "3.4", "unknown mesh: @<name>";
    "sharding_c2", "T2", "3.4", "a maximal sharding can only have a sharding with rank 0 and no replicated or unreduced axes.";
    "sharding_c3", "T3", "3.4", "ops can only have a sharding for a tuple of size 1: <type>";
    "sharding_c4", "T4", "3.4", "non-shaped tensors can only have a sharding with rank 0 and no replicated or unreduced axes. type: <t>, sharding: <s>";
    "sharding_c5", "T5", "3.4", "only ranked tensors can have a sharding. type: <t>";
    "sharding_c6", "T6", "3.4", "sharding doesn't match tensor rank: <r> != <n>";
    "sharding_c8", "T8", "3.4", "dim <d> is empty and closed but has a priority";
    "sharding_c10", "T10", "3.4", "operates on axis \"<a>\" which is already bound by a parent sdy.manual_computation op";
    "hooks_c1", "H1", "3.5", "should have a sharding attribute of type TensorShardingPerValueAttr";
    "hooks_c2", "H2", "3.5", "shardings don't match number of values: <n> shardings vs <m> values";
    "hooks_c3", "H3", "3.5", "should have a sharding attribute of type TensorShardingAttr";
    "hooks_c4", "H4", "3.5", "should have a sharding rule attribute of type OpShardingRuleAttr for attr named 'sdy.sharding_rule'";
    "hooks_c5", "H5", "3.5", "should have a propagation edges attribute of type PropagationEdgesAttr for attr named 'sdy.propagation_edges'";
    "hooks_c6", "H6", "3.5", "should have a propagation edges attribute of type ArrayAttr<PropagationEdgesAttr> ...";
    "sharding_rule_c1", "R1", "3.6", "number of <kind>s and mappings must match: <n> != <m>";
    "sharding_rule_c3", "R3", "3.6", "expected a ranked tensor with a static shape. type: <t>";
    "sharding_rule_c4", "R4", "3.6", "mapping rank must match: <m> != <n>";
    "sharding_rule_c5", "R5", "3.6", "dim mapping must have at least one factor";
    "sharding_rule_c6", "R6", "3.6", "expecting factor indices to be within 0<=...<num_factors; received: <f>, num_factors: <n>";
    "sharding_rule_c7", "R7", "3.6", "cannot reuse factors for the same tensor value";
    "sharding_rule_c8", "R8", "3.6", "dim mapping can't have a factor of size 1 if there are multiple factors";
    "sharding_rule_c9", "R9", "3.6", "has factor <sym>=<size> that isn't used in operand and result mappings";
    "sharding_rule_c10", "R10", "3.6", "indices of special factors must be sorted";
    "sharding_rule_c11", "R11", "3.6", "indices of special factors must be unique";
    "sharding_rule_c13", "R13", "3.6", "index must be less than <n>, got: <max>";
    "sharding_rule_c14", "R14", "3.6", "a factor can only be in one of the reduction, need replication, or permutation factor sets";
    "sharding_rule_c15", "R15", "3.6", "reduction factor cannot be in result mappings";
    "edges_c1", "E1", "3.7", "propagation edges have negative step index: <i>";
    "edges_c2", "E2", "3.7", "propagation edges have duplicate step index: <i>";
    "edges_c3", "E3", "3.7", "propagation edges have a source that is the same as a target";
    "edges_c4", "E4", "3.7", "propagation edges have duplicate targets for step index: <i> and axis: <axis>";
    "edges_c5", "E5", "3.7", "expected propagation edges attr to reference a sharding.";
    "edges_c6", "E6", "3.7", "expected a common mesh for propagation edges attr.";
    "edges_c7", "E7", "3.7", "expected axis ref to be in one of the meshes";
    "edges_c8", "E8/E9", "3.7", "expected a value ref to have a <result|operand> index in range [0, <n>), got: <i>";
    "sharding_constraint_c1", "T*", "3.8", "sharding_constraint/reshard sharding checked with T1-T10";
    "unreduced_c1", "U1", "3.8", "cannot add new unreduced axis '<name>'.";
    "unreduced_c2", "U2", "3.8", "cannot introduce '<op>' unreduced axes. Expected '<expected>'.";
    "unreduced_c4", "U4", "3.8", "cannot reduce '<op>' unreduced axes. Expected '<expected>'.";
    "unreduced_c5", "U5", "3.8", "cannot change the reduction operator of kept unreduced axes from <a> to <b>.";
    "data_flow_edge_c1", "D1", "3.8", "expected sdy.data_flow_edge to have a static-shaped result. type: <t>";
    "data_flow_edge_c2", "D2", "3.8", "expected input of sdy.data_flow_edge to have a single user";
    "data_flow_edge_c3", "D3", "3.8", "expected input of sdy.data_flow_edge to not be defined by an SdyDialect op (other than an sdy.named_computation).";
    "data_flow_edge_c4", "D4", "3.8", "data_flow_edge sharding checked with T1-T10";
    "func_data_flow_edge_c1", "F1", "3.8", "expected sdy.func_data_flow_edge to have a static-shaped result. type: <t>";
    "func_data_flow_edge_c3", "F3", "3.8", "expected operand of sdy.func_data_flow_edge to have a single user";
    "func_data_flow_edge_c4", "F4", "3.8", "expected operand of sdy.func_data_flow_edge to be a block argument of a func op.";
    "func_data_flow_edge_c5", "F5", "3.8", "expected operand of sdy.func_data_flow_edge to be a result of call op.";
    "propagation_barrier_c1", "PB1", "3.8", "cannot specify `BOTH` as the direction. Not blocking propagation direction makes the op redundant.";
    "named_computation_c1", "N1", "3.8", "number of block arguments must match the number of operands: <a> != <b>";
    "named_computation_c2", "N2", "3.8", "expected the type of the <i>'th block argument to match the type of the corresponding operand: <inner> vs <outer>";
    "named_computation_c3", "N3", "3.8", "failed to infer returned types (after: inferred type(s) <...> are incompatible with return type(s) of operation <...>)";
    "named_computation_c4", "N4", "3.8", "in_shardings/out_shardings checked with H2 and T1-T10";
    "manual_computation_c1", "MC1", "3.8", "operates on axis \"<a>\" which is already bound by a parent sdy.manual_computation op";
    "manual_computation_c2", "MC2", "3.8", "operand/result shardings checked with H2 and T1-T10";
    "manual_computation_c3", "MC3", "3.8", "number of op <k>s and region <k>s must match. ...";
    "manual_computation_c4", "MC4", "3.8", "<k> sharding at index <i> must have all manual axes come before free axes ...";
    "manual_computation_c5", "MC5", "3.8", "<k> dimension size <n> is not divisible by the manual axes size <p>";
    "manual_computation_c6", "MC6", "3.8", "<k> shape, corresponding sharding, and region <k> shape at index <i> must match. ...";
    "manual_computation_c7", "MC7", "3.8", "all in and out shardings must be bound to the same mesh or an empty mesh.";
    "manual_computation_c8", "MC8", "3.8", "unknown manual axis: \"<a>\"";
    "manual_computation_c9", "MC9", "3.8", "using value defined outside the region (note: required by region isolation constraints)";
    "collective_c1", "CI1", "3.8", "collective on operand without sharding";
    "collective_c2", "CI2", "3.8", "out_sharding checked with T1-T10 against the result type";
    "collective_c3", "CI3", "3.8", "result mesh does not match operand mesh";
    "collective_axes_c1", "CD1", "3.8", "per-dim collective axes checked with A1-A3";
    "collective_axes_c2", "CD2", "3.8", "result sharding has rank <r> but collective axes has rank <c>";
    "collective_axes_c3", "CD3", "3.8", "can't apply <gathering|shard-to-unreduce> axis <axis> to operand sharding on dimension <d>";
    "collective_axes_c4", "CD4", "3.8", "result sharding doesn't match expected sharding <[axes]> on dimension <d>";
    "sharded_to_unreduced_c1", "SU1", "3.8", "out_sharding reduction_op must be SUM";
    "sharded_to_unreduced_c2", "SU2", "3.8", "out_unreduced_axes should be in_unreduced_axes + sharded_to_unreduced_axes";
    "all_to_all_c1", "AT1", "3.8", "parameter list is empty";
    "all_to_all_c2", "AT2", "3.8", "all-to-all axes checked with A1-A3";
    "all_to_all_c3", "AT3", "3.8", "source dimension <d> is out of range [0, <rank>)";
    "all_to_all_c4", "AT4", "3.8", "target dimension <d> is out of range [0, <rank>)";
    "all_to_all_c5", "AT5", "3.8", "overlapping source/target dimensions in all-to-all params: <d>";
    "all_to_all_c6", "AT6", "3.8", "source dimensions are not sorted in ascending order: <src> appears after <prev>";
    "all_to_all_c7", "AT7", "3.8", "can't apply all-to-all axis <axis> to operand sharding on dimension <src>";
    "collective_permute_c1", "CP1", "3.8", "result mesh has different axes than operand mesh";
    "collective_permute_c2", "CP2", "3.8", "result mesh name is different but same device ids as operand";
    "collective_permute_c3", "CP3", "3.8", "sharded size of result doesn't match operand on dimension <d>: <out> != <in>";
    "all_reduce_c1", "AR1", "3.8", "operand and result shardings are not equivalent";
    "all_reduce_c2", "AR2", "3.8", "reduction axes checked with A4 then A1-A3";
    "all_reduce_c3", "AR3", "3.8", "reduction axis <a> overlaps with operand dimension sharding or replicated axes";
    "all_reduce_c4", "AR4", "3.8", "reduction axis <a> overlaps with result unreduced axes";
    "replicated_to_unreduced_c1", "RU1", "3.8", "out_sharding reduction_op must be SUM";
    "replicated_to_unreduced_c2", "RU2", "3.8", "input and output must share the same dimension shardings";
    "replicated_to_unreduced_c3", "RU3", "3.8", "r2u axes must not be empty";
    "replicated_to_unreduced_c4", "RU4", "3.8", "r2u axes checked with A4 then A1-A3";
    "replicated_to_unreduced_c5", "RU5", "3.8", "r2u axis <a> overlaps with operand dimension sharding";
    "replicated_to_unreduced_c6", "RU6", "3.8", "r2u axis <a> overlaps with operand unreduced axes";
    "replicated_to_unreduced_c7", "RU7", "3.8", "out_unreduced_axes should be in_unreduced_axes + r2u_axes";
    "mesh_lookup_c1", "G1", "3.9", "Function does not have a topology attribute: <func>";
    "mesh_lookup_c2", "G2", "3.9", "Topology doesn't have a mesh with name: <name>";
    "mesh_tensor_c1", "MT1", "3.9", "mesh tensor sharding checked with T2-T9, A1-A4, S1-S6 on the topology mesh, divisibility on";
    "mpmd_parent_c1", "PT", "3.9", "expects parent op 'func.func' | expects parent op to be one of 'func.func, mpmd.for'";
    "mpmd_named_computation_c1", "MN1", "3.9", "number of <inner>s must match the number of <outer>s respectively: <a> != <b>";
    "mpmd_named_computation_c2", "MN2", "3.9", "expected the type of the <inner> to match the type of <outer>: <t>, got: <u>";
    "fragment_c1", "FR1", "3.9", "number of <inner>s must match the number of <outer>s respectively: <a> != <b>";
    "fragment_c2", "FR2", "3.9", "expected the type of the <inner> to match the <outer>: <outer type>, got: <inner type>";
    "fragment_c3", "FR3", "3.9", "expected the mesh name of the <outer> to match that of the fragment op: <a> != <b>";
    "fragment_c4", "FR4", "3.9", "mesh tensor sharding checked with MT1 on the fragment's mesh";
    "fragment_c5", "FR5", "3.9", "expected the type of the <inner> to be global tensor type <outer>: <global>, got: <inner>";
    "fragment_call_c1", "FC1", "3.9", "'<callee>' does not reference a valid function";
    "fragment_call_c2", "FC2/G3", "3.9", "Function does not have a mesh_shape attribute: <func>";
    "fragment_call_c3", "FC3", "3.9", "Expected mesh of fragment call and callee function to match: <call mesh> vs <func mesh>";
    "transfer_c1", "TR1", "3.9", "both mesh tensor types checked with G1, G2 and MT1";
    "transfer_c2", "TR2", "3.9", "cannot perform transfer between given types <in> and <out>: global tensor types are different";
    "transfer_c3", "TR3", "3.9", "memory kind must be either 'pinned_host' or 'device'. Found '<k>'.";
    "transfer_c4", "TR4", "3.9", "Transfers from host with attributes are not supported. Memory kinds must be expressed in the type.";
    "transfer_c5", "TR5", "3.9", "Transfers to host with attributes are not supported. Memory kinds must expressed be in the type.";
    "assign_c1", "AS1", "3.9", "the mesh tensor type checked with G1, G2 and MT1";
    "assign_c2", "AS2", "3.9", "MeshTensorType should be fully replicated: <type>";
    "assign_c3", "AS3", "3.9", "mismatch between the given local type <l> and mesh_type ranked tensor type: <g>";
    "call_c1", "CA1", "3.9", "Type mismatch. Expected call operand to have type <t> but got <u>";
    "call_c2", "CA2", "3.9", "Type mismatch. Expected call result to have type <t> but got <u>";
    "call_c3", "CA3", "3.9", "MPMD CallOp callee with topology must also have visibility set to private, ...";
    "call_c4", "CA4", "3.9", "call_counter must be an uint32, got <type>";
    "call_c5", "CA5", "3.9", "Mpmd CallOp on \"<callee>\" can only be used in a function or for_op block but was called from inside op <op>";
    "call_c6", "CA6", "3.9", "Mpmd CallOp on \"<callee>\" in an Mpmd function can only be used directly by the entrypoint function, ...";
    "call_c7", "-", "3.9", "'<callee>' does not reference a valid function (upstream dereferences null)";
    "for_c1", "FO1", "3.9", "wrong number of arguments for region";
    "for_c2", "FO2", "3.9", "wrong argument type at argument no. <i>";
    "for_c3", "FO3", "3.9", "index must have a 32-bit integer rank-0 tensor type";
    "for_c4", "FO4", "3.9", "type mismatch for result of region";
    "for_c5", "FO5", "3.9", "type ids in operands/results are not identical";
    "for_c6", "FO6", "3.9", "number of iterations must be greater than zero";
    "for_c7", "FO7", "3.9", "number of iterations <n> isn't divisible by unroll factor <k>";
    "for_c8", "ODS", "3.9", "requires attribute 'iterations'";
    "reduce_c1", "RD1", "3.9", "ReduceOp must have exactly one operand if the reduction type is none";
    "manual_axes_cleanup_c1", "4.5", "4.5", "op has manual_axes when there are no in/out shardings and the body is not empty. ...";
    "sharding_group_import_c1", "4.6", "4.6", "ShardingGroupOps values cannot cross ManualComputationOp boundaries for groupId: <id>";
    "sharding_group_import_c2", "4.6", "4.6", "ShardingGroupOps values must have the same shape for groupId: <id>";
    "import_func_calls_w1", "4.7", "4.7", "function @<callee> has multiple call ops, we need to clone the function body for each call";
}
