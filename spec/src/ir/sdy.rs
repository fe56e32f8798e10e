//! Typed model of the `sdy` attributes (shardy-inventory §1.2).
//!
//! Each struct mirrors one upstream attribute definition and keeps exactly
//! the information its textual form carries, so that printing and parsing
//! are inverse. The enums `PropagationDirection` and `ReductionKind` are
//! stored on ops as `i32` integer attributes (upstream's specialized enum
//! attributes print that way in the generic form); they have conversions to
//! and from those integers here.
//!
//! Invariant: a `Mesh` never holds `device_ids` equal to `iota(product of
//! axis sizes)` when built with `Mesh::new`, as upstream's builder drops them.

/// An axis of a mesh: `"name"=size`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MeshAxis {
    pub name: String,
    pub size: i64,
}

/// A mesh: `<["a"=2, "b"=4], device_ids=[...]>`. Empty axes with no device
/// ids is the empty mesh; empty axes with one device id is a maximal mesh.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mesh {
    pub axes: Vec<MeshAxis>,
    pub device_ids: Option<Vec<i64>>,
}

impl Mesh {
    /// Builds a mesh, dropping `device_ids` that are absent, empty, or equal
    /// to iota over the product of the axis sizes (when there are axes).
    pub fn new(axes: Vec<MeshAxis>, device_ids: Option<Vec<i64>>) -> Mesh {
        let device_ids = device_ids.filter(|ids| !ids.is_empty() && (axes.is_empty() || !is_iota(ids, &axes)));
        Mesh { axes, device_ids }
    }

    /// The product of the axis sizes, if it fits in an i64.
    pub fn num_devices(&self) -> Option<i64> {
        self.axes.iter().try_fold(1i64, |acc, a| acc.checked_mul(a.size))
    }

    /// The size of the axis named `name`, if the mesh has one.
    pub fn axis_size(&self, name: &str) -> Option<i64> {
        self.axes.iter().find(|a| a.name == name).map(|a| a.size)
    }
}

fn is_iota(ids: &[i64], axes: &[MeshAxis]) -> bool {
    let product = axes.iter().try_fold(1i64, |acc, a| acc.checked_mul(a.size));
    product == Some(ids.len() as i64) && ids.iter().enumerate().all(|(i, &d)| d == i as i64)
}

/// The `(pre_size)size` part of a sub-axis reference `"a":(2)4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubAxisInfo {
    pub pre_size: i64,
    pub size: i64,
}

/// A reference to a full axis `"a"` or to a sub-axis `"a":(pre)size`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AxisRef {
    pub name: String,
    pub sub_axis: Option<SubAxisInfo>,
}

impl AxisRef {
    /// A reference to the full axis `name`.
    pub fn full(name: impl Into<String>) -> AxisRef {
        AxisRef { name: name.into(), sub_axis: None }
    }
}

/// The sharding of one tensor dimension: `{"a", "b", ?}p1`. A closed
/// dimension cannot be further sharded by propagation; an open one (`?`) can.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DimensionSharding {
    pub axes: Vec<AxisRef>,
    pub is_closed: bool,
    pub priority: Option<i64>,
}

/// The mesh a sharding is bound to: a symbol reference `@mesh`, or a mesh
/// written inline as `mesh<[...]>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MeshOrRef {
    Ref(String),
    Inline(Mesh),
}

/// The reduction applied to unreduced axes, and by `sdy.all_reduce` and
/// `sdy.reduce_scatter`. Printed as `sum`, `max`, `min`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ReductionKind {
    #[default]
    Sum,
    Max,
    Min,
}

impl ReductionKind {
    pub const ALL: [ReductionKind; 3] = [ReductionKind::Sum, ReductionKind::Max, ReductionKind::Min];

    /// The keyword upstream prints.
    pub fn keyword(self) -> &'static str {
        match self {
            ReductionKind::Sum => "sum",
            ReductionKind::Max => "max",
            ReductionKind::Min => "min",
        }
    }

    pub fn from_keyword(s: &str) -> Option<ReductionKind> {
        ReductionKind::ALL.into_iter().find(|k| k.keyword() == s)
    }

    /// The value of upstream's `ReductionOp` enum (the op attribute's integer).
    pub fn to_i32(self) -> i32 {
        match self {
            ReductionKind::Sum => 0,
            ReductionKind::Max => 1,
            ReductionKind::Min => 2,
        }
    }

    pub fn from_i32(v: i128) -> Option<ReductionKind> {
        ReductionKind::ALL.into_iter().find(|k| i128::from(k.to_i32()) == v)
    }
}

/// How a tensor is laid out over a mesh: one dimension sharding per
/// dimension, plus the axes it is explicitly replicated over and the axes
/// it is unreduced (a partial value) over, with that reduction.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TensorSharding {
    pub mesh: MeshOrRef,
    pub dims: Vec<DimensionSharding>,
    pub replicated: Vec<AxisRef>,
    pub unreduced: Vec<AxisRef>,
    pub reduction: ReductionKind,
}

/// One sharding per value (the results of an op, or the operands and results
/// of a region op): `#sdy.sharding_per_value<[<@m, ...>, ...]>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ShardingPerValue {
    pub shardings: Vec<TensorSharding>,
}

/// The axes a `sdy.manual_computation` is manual on: `{"a", "b"}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ManualAxes {
    pub axes: Vec<String>,
}

/// A list of axis references: `{"x", "y":(1)2}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AxisRefList {
    pub axes: Vec<AxisRef>,
}

/// One axis list per dimension: `[{}, {"x"}]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ListOfAxisRefLists {
    pub lists: Vec<AxisRefList>,
}

/// One all-to-all step: `{"x"}: 0->2` moves axes `x` from dim 0 to dim 2.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AllToAllParam {
    pub axes: Vec<AxisRef>,
    pub src_dim: i64,
    pub tgt_dim: i64,
}

/// The parameters of an `sdy.all_to_all`: `[{"x"}: 0->2, {"y"}: 1->3]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AllToAllParamList {
    pub params: Vec<AllToAllParam>,
}

/// The factors of one tensor dimension, as factor indices (`ij` is `[0, 1]`).
/// An empty mapping is representable (upstream parses `[i,]` to one) and
/// rejected by the verifier.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DimMapping {
    pub factors: Vec<i64>,
}

/// The dimension mappings of one tensor: `[i, jk]`; `[]` for a scalar.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TensorMapping {
    pub dims: Vec<DimMapping>,
}

/// How an op's dimensions relate through factors:
/// `<([i, j])->([i]) {i=2, j=4} reduction={j}, custom>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpShardingRule {
    pub factor_sizes: Vec<i64>,
    pub operand_mappings: Vec<TensorMapping>,
    pub result_mappings: Vec<TensorMapping>,
    pub reduction_factors: Vec<i64>,
    pub need_replication_factors: Vec<i64>,
    pub permutation_factors: Vec<i64>,
    pub blocked_propagation_factors: Vec<i64>,
    pub is_custom: bool,
}

/// The factor index that upstream writes as `z_1` and beyond: `i`..`z` are 0..=17.
pub const FACTOR_START_AT_Z: i64 = 17;

/// The symbol of factor `index`: `i`..`z`, then `z_1`, `z_2`, ...
pub fn factor_symbol(index: i64) -> String {
    if (0..=FACTOR_START_AT_Z).contains(&index) {
        char::from(b'i' + index as u8).to_string()
    } else {
        format!("z_{}", index.wrapping_sub(FACTOR_START_AT_Z))
    }
}

/// The direction a `sdy.propagation_barrier` lets shardings flow. Upstream's
/// `PropagationDirection` enum; stored on the op as an `i32` attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PropagationDirection {
    None,
    Forward,
    Backward,
    Both,
}

impl PropagationDirection {
    pub const ALL: [PropagationDirection; 4] = [
        PropagationDirection::None,
        PropagationDirection::Forward,
        PropagationDirection::Backward,
        PropagationDirection::Both,
    ];

    /// The upper-case keyword upstream prints.
    pub fn keyword(self) -> &'static str {
        match self {
            PropagationDirection::None => "NONE",
            PropagationDirection::Forward => "FORWARD",
            PropagationDirection::Backward => "BACKWARD",
            PropagationDirection::Both => "BOTH",
        }
    }

    pub fn from_keyword(s: &str) -> Option<PropagationDirection> {
        PropagationDirection::ALL.into_iter().find(|d| d.keyword() == s)
    }

    pub fn to_i32(self) -> i32 {
        match self {
            PropagationDirection::None => 0,
            PropagationDirection::Forward => 1,
            PropagationDirection::Backward => 2,
            PropagationDirection::Both => 3,
        }
    }

    pub fn from_i32(v: i128) -> Option<PropagationDirection> {
        PropagationDirection::ALL.into_iter().find(|d| i128::from(d.to_i32()) == v)
    }
}

/// Whether an edge value reference names an operand or a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeNodeType {
    Operand,
    Result,
}

impl EdgeNodeType {
    pub fn keyword(self) -> &'static str {
        match self {
            EdgeNodeType::Operand => "operand",
            EdgeNodeType::Result => "result",
        }
    }
}

/// `operand-1` or `result-0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EdgeValueRef {
    pub ty: EdgeNodeType,
    pub index: i64,
}

/// `{"x" = operand-1 -> [operand-0, result-0]}`: along axis `x`, a sharding
/// flowed from the source value to the targets.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AxisToPropagationDetails {
    pub axis: AxisRef,
    pub source: EdgeValueRef,
    pub targets: Vec<EdgeValueRef>,
}

/// `{step-2 = [...]}`: what one propagation step did.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PropagationOneStep {
    pub step_index: i64,
    pub entries: Vec<AxisToPropagationDetails>,
}

/// `#sdy.propagation_edges<[...]>`: propagation debug information.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PropagationEdges {
    pub steps: Vec<PropagationOneStep>,
}

/// The `sdy` attributes that appear as attribute values (in dictionaries or
/// as op attributes). Parts that only occur nested (axis refs, dimension
/// shardings, mappings) are plain structs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SdyAttr {
    /// `#sdy.mesh<...>`.
    Mesh(Mesh),
    /// `#sdy.sharding<...>`.
    Sharding(TensorSharding),
    /// `#sdy.sharding_per_value<[...]>`.
    ShardingPerValue(ShardingPerValue),
    /// `#sdy<manual_axes{...}>`.
    ManualAxes(ManualAxes),
    /// `#sdy<axis_ref_list{...}>`.
    AxisRefList(AxisRefList),
    /// `#sdy<list_of_axis_ref_lists[...]>`.
    ListOfAxisRefLists(ListOfAxisRefLists),
    /// `#sdy<all_to_all_param_list[...]>`.
    AllToAllParamList(AllToAllParamList),
    /// `#sdy.op_sharding_rule<...>`.
    OpShardingRule(OpShardingRule),
    /// `#sdy.propagation_edges<[...]>`.
    PropagationEdges(PropagationEdges),
}

impl SdyAttr {
    /// The attribute's mnemonic, as in `#sdy.<mnemonic>`.
    pub fn mnemonic(&self) -> &'static str {
        match self {
            SdyAttr::Mesh(_) => "mesh",
            SdyAttr::Sharding(_) => "sharding",
            SdyAttr::ShardingPerValue(_) => "sharding_per_value",
            SdyAttr::ManualAxes(_) => "manual_axes",
            SdyAttr::AxisRefList(_) => "axis_ref_list",
            SdyAttr::ListOfAxisRefLists(_) => "list_of_axis_ref_lists",
            SdyAttr::AllToAllParamList(_) => "all_to_all_param_list",
            SdyAttr::OpShardingRule(_) => "op_sharding_rule",
            SdyAttr::PropagationEdges(_) => "propagation_edges",
        }
    }
}

/// Which axes attribute one of the eight collectives takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollectiveAxes {
    /// `sdy.collective_permute`: none.
    None,
    /// `{...}`: an `AxisRefList`.
    List,
    /// `[{...}, ...]`: a `ListOfAxisRefLists`, one list per dimension.
    PerDim,
    /// `[{...}: src->tgt, ...]`: an `AllToAllParamList`.
    AllToAll,
}

impl CollectiveAxes {
    /// Whether `a` is the attribute kind this axes form holds.
    pub fn fits(self, a: &SdyAttr) -> bool {
        match self {
            CollectiveAxes::None => false,
            CollectiveAxes::List => matches!(a, SdyAttr::AxisRefList(_)),
            CollectiveAxes::PerDim => matches!(a, SdyAttr::ListOfAxisRefLists(_)),
            CollectiveAxes::AllToAll => matches!(a, SdyAttr::AllToAllParamList(_)),
        }
    }
}

/// The attributes of a collective op beyond `out_sharding`: its axes (under
/// their upstream ODS name) and whether it takes a `reduction_op`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CollectiveSpec {
    pub axes: CollectiveAxes,
    /// The axes attribute's name; empty for `CollectiveAxes::None`.
    pub axes_attr: &'static str,
    pub has_reduction: bool,
}

/// The eight sdy collectives, so that code about collectives alone can
/// match over them exhaustively without listing every other sdy op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Collective {
    AllGather,
    AllSlice,
    AllToAll,
    CollectivePermute,
    AllReduce,
    ReduceScatter,
    ShardedToUnreduced,
    ReplicatedToUnreduced,
}

impl Collective {
    /// The collective an sdy op is; `None` for other sdy ops.
    pub fn of(op: crate::ops::SdyOp) -> Option<Collective> {
        use crate::ops::SdyOp;
        match op {
            SdyOp::AllGather => Some(Collective::AllGather),
            SdyOp::AllSlice => Some(Collective::AllSlice),
            SdyOp::AllToAll => Some(Collective::AllToAll),
            SdyOp::CollectivePermute => Some(Collective::CollectivePermute),
            SdyOp::AllReduce => Some(Collective::AllReduce),
            SdyOp::ReduceScatter => Some(Collective::ReduceScatter),
            SdyOp::ShardedToUnreduced => Some(Collective::ShardedToUnreduced),
            SdyOp::ReplicatedToUnreduced => Some(Collective::ReplicatedToUnreduced),
            SdyOp::Mesh
            | SdyOp::ShardingConstraint
            | SdyOp::Reshard
            | SdyOp::Return
            | SdyOp::ManualComputation
            | SdyOp::ShardingGroup
            | SdyOp::Constant
            | SdyOp::DataFlowEdge
            | SdyOp::PropagationBarrier
            | SdyOp::NamedComputation
            | SdyOp::FuncDataFlowEdge => None,
        }
    }

    /// The collective's attributes beyond `out_sharding`.
    pub fn spec(self) -> CollectiveSpec {
        let spec = |axes, axes_attr, has_reduction| CollectiveSpec { axes, axes_attr, has_reduction };
        match self {
            Collective::AllGather => spec(CollectiveAxes::PerDim, "gathering_axes", false),
            Collective::AllSlice => spec(CollectiveAxes::PerDim, "slicing_axes", false),
            Collective::AllToAll => spec(CollectiveAxes::AllToAll, "params", false),
            Collective::CollectivePermute => spec(CollectiveAxes::None, "", false),
            Collective::AllReduce => spec(CollectiveAxes::List, "reduction_axes", true),
            Collective::ReduceScatter => spec(CollectiveAxes::PerDim, "reduce_scatter_axes", true),
            Collective::ShardedToUnreduced => spec(CollectiveAxes::PerDim, "axes", false),
            Collective::ReplicatedToUnreduced => spec(CollectiveAxes::List, "axes", false),
        }
    }
}

/// The shape of each of the eight collectives; `None` for other sdy ops.
pub fn collective_spec(op: crate::ops::SdyOp) -> Option<CollectiveSpec> {
    Collective::of(op).map(Collective::spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axis(name: &str, size: i64) -> MeshAxis {
        MeshAxis { name: name.into(), size }
    }

    #[test]
    fn iota_device_ids_are_dropped() {
        let m = Mesh::new(vec![axis("a", 2), axis("b", 2)], Some(vec![0, 1, 2, 3]));
        assert_eq!(m.device_ids, None);
        let m = Mesh::new(vec![axis("a", 2)], Some(vec![1, 0]));
        assert_eq!(m.device_ids, Some(vec![1, 0]));
        // A maximal mesh keeps its single id even when it is 0.
        let m = Mesh::new(vec![], Some(vec![0]));
        assert_eq!(m.device_ids, Some(vec![0]));
        // Ids that do not match the axes' product are kept (the verifier rejects them).
        let m = Mesh::new(vec![axis("a", 2)], Some(vec![0]));
        assert_eq!(m.device_ids, Some(vec![0]));
    }

    #[test]
    fn factor_symbols() {
        assert_eq!(factor_symbol(0), "i");
        assert_eq!(factor_symbol(17), "z");
        assert_eq!(factor_symbol(18), "z_1");
        assert_eq!(factor_symbol(27), "z_10");
    }

    #[test]
    fn enum_integers_round_trip() {
        for k in ReductionKind::ALL {
            assert_eq!(ReductionKind::from_i32(k.to_i32().into()), Some(k));
            assert_eq!(ReductionKind::from_keyword(k.keyword()), Some(k));
        }
        for d in PropagationDirection::ALL {
            assert_eq!(PropagationDirection::from_i32(d.to_i32().into()), Some(d));
            assert_eq!(PropagationDirection::from_keyword(d.keyword()), Some(d));
        }
    }
}
