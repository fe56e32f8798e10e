//! Collectives and host transfers: `all_gather`, `all_reduce`,
//! `all_to_all`, `reduce_scatter`, `collective_permute`,
//! `collective_broadcast`, `collective_reduce`, the legacy
//! `cross-replica-sum`, `send`, `recv`, `infeed` and `outfeed`
//! (upstream's `verifyReplicaGroups`, `verifyAllGatherOp`,
//! `inferAllToAllOp`, `verifyReduceScatterOp`, `verifyCollectivePermuteOp`,
//! `verifyCollectiveBroadcastOp`, `verifyCollectiveReduceOp`,
//! `verifyInfeedOp`).
//!
//! Only what types and attributes decide is checked here. The constraints
//! that need the process grid (`size(replica_groups)` against
//! `num_replicas`, ids below `num_partitions`) are the interpreter's: it
//! checks them when it forms the process groups, as upstream's interpreter
//! does. Replica groups written as `#stablehlo.replica_group_mesh_axes` are
//! resolved against a mesh at run time and are not checked here.

use shardref_spec::ir::stablehlo::StablehloAttr;
use shardref_spec::ir::{Attr, Dim, ElemType, Signedness, Type};

use super::common::*;
use super::reduce::reducer;
use crate::attrs::{Field, Kind};
use crate::{Check, Fail};

/// A dense 2-D `replica_groups` (or `source_target_pairs`): its shape and
/// its ids in row-major order. `None` when the attribute is absent or
/// written in another form.
fn dense_2d<K: Kind>(field: Field<'_, K>) -> Result<Option<(Vec<Dim>, Vec<i64>)>, Fail> {
    let name = field.name;
    let Some(a @ Attr::Dense(d)) = field.raw() else { return Ok(None) };
    let Some(t) = tensor(&d.ty) else { return Ok(None) };
    let ids = ints_of(a).ok_or_else(|| {
        Fail::new("stablehlo_signature", format!("attribute '{name}' failed to satisfy constraint: i64 dense elements"))
    })?;
    Ok(Some((shape(t).map(<[Dim]>::to_vec).unwrap_or_default(), ids)))
}

/// `verifyReplicaGroups`: a rank-2 tensor of unique ids (`-1` pads groups
/// of ops that allow groups of different sizes), ids `0..n` all present,
/// and, when given, the group size. `codes` are the op's labels for
/// uniqueness and for the ids being in range.
fn replica_groups(
    op: Op<'_>,
    same_size: bool,
    global_ids: bool,
    group_size: Option<i64>,
    unique: &'static str,
    in_range: &'static str,
) -> Check {
    let Some((s, ids)) = dense_2d(crate::attrs::stablehlo::AllReduce::of(op.o).replica_groups())? else {
        return Ok(());
    };
    // all_gather_i3, all_to_all_i5: replica_groups is a 2-D tensor.
    if s.len() != 2 {
        return Err(Fail::new("stablehlo_signature", "replica groups should be a rank 2 tensor"));
    }
    if global_ids && ids.is_empty() {
        return Err(Fail::new(in_range, "if `use_global_device_ids` is set, the replica groups cannot be empty"));
    }
    let mut seen = std::collections::HashSet::new();
    for &id in &ids {
        if id == -1 {
            if !same_size {
                continue;
            }
            return Err(Fail::new(in_range, "Invalid replica id -1"));
        }
        // all_gather_c2, all_reduce_c1, all_to_all_c5, reduce_scatter_c3, collective_reduce_c1
        if !seen.insert(id) {
            return Err(Fail::new(unique, format!("replica id #{id} seen more than once")));
        }
    }
    // all_gather_c4, all_reduce_c3, all_to_all_c7, reduce_scatter_c5
    for id in 0..seen.len() as i64 {
        if !seen.contains(&id) {
            return Err(Fail::new(in_range, format!("replica id #{id} not seen in replica groups")));
        }
    }
    // all_to_all_c8
    if let (true, Some(k)) = (same_size, group_size) {
        let groups = s[0].unwrap_or(0);
        if groups == 0 || ids.len() as u64 / groups != k as u64 {
            return Err(Fail::new("all_to_all_c8", format!("group size of replica_groups must be {k}")));
        }
    }
    Ok(())
}

/// The `channel_handle`'s handle (0 when absent).
fn channel_id(op: Op<'_>) -> i64 {
    match crate::attrs::stablehlo::SendRecv::of(op.o)
        .channel_handle()
        .raw()
        .and_then(shardref_spec::ir::Attr::as_stablehlo)
    {
        Some(StablehloAttr::ChannelHandle(c)) => c.handle,
        _ => 0,
    }
}

fn use_global_device_ids(op: Op<'_>) -> bool {
    matches!(
        crate::attrs::stablehlo::AllGather::of(op.o).use_global_device_ids().raw(),
        Some(Attr::Bool(true)) | Some(Attr::Unit)
    )
}

/// The ranked tensor operands and results of a variadic collective, which
/// has as many results as operands (`stablehlo_signature`).
fn paired(op: Op<'_>) -> Result<Vec<(&shardref_spec::ir::TensorType, &shardref_spec::ir::TensorType)>, Fail> {
    let ins = op.operands_at_least(1)?;
    let outs = op.results(ins.len())?;
    ins.iter()
        .zip(&outs)
        .enumerate()
        .map(|(i, (a, r))| {
            Ok((expect_tensor(a, &format!("operand #{i}"))?, expect_tensor(r, &format!("result #{i}"))?))
        })
        .collect()
}

/// `all_gather`: `all_gather_c1`, `all_gather_c2`, `all_gather_c4`..`all_gather_c6`.
pub fn all_gather(op: Op<'_>) -> Check {
    let pairs = paired(op)?;
    let dim = op.int(crate::attrs::stablehlo::AllGather::of(op.o).all_gather_dim())?;
    let global = use_global_device_ids(op);
    replica_groups(op, true, global, None, "all_gather_c2", "all_gather_c4")?;
    // all_gather_c5
    if global && channel_id(op) < 0 {
        return Err(Fail::new("all_gather_c5", "channel_id cannot be negative when useGlobalDeviceIds is set"));
    }
    for (a, r) in pairs {
        let (Some(sa), Some(sr)) = (shape(a), shape(r)) else { continue };
        // all_gather_c1
        if dim < 0 || dim >= sa.len() as i64 {
            return Err(Fail::new("all_gather_c1", "all_gather_dim must be a valid index of operand"));
        }
        let d = dim as usize;
        // all_gather_c6 (upstream: a gather dimension of size 0 cannot be gathered)
        if sa[d] == Some(0) {
            return Err(Fail::new("all_gather_c6", "dimension size of operand at 'all_gather_dim' cannot be zero"));
        }
        // all_gather_c6
        if sr.len() != sa.len() {
            return Err(Fail::new("all_gather_c6", "operand and result must have the same rank"));
        }
        // all_gather_c6
        if (0..sa.len()).any(|i| i != d && !dim_compat(sa[i], sr[i])) {
            return Err(Fail::new(
                "all_gather_c6",
                "operand and result should have the same shape except for the dimension size at 'all_gather_dim'",
            ));
        }
        // all_gather_c6
        if let (Some(x), Some(y)) = (sa[d], sr[d])
            && y % x != 0
        {
            return Err(Fail::new(
                "all_gather_c6",
                format!(
                    "result gather dimension has size {y}, expected to be a multiple of operand gather dimension size {x}"
                ),
            ));
        }
        // all_gather_c6: the element types agree.
        if !elem_compat(&a.elem, &r.elem) {
            return Err(Fail::new(
                "all_gather_c6",
                format!("operand and result element types differ: {} vs {}", qt(a), qt(r)),
            ));
        }
    }
    Ok(())
}

/// A reduction body applied to each operand on its own: the accumulator
/// element type (`all_reduce_c5`, `reduce_scatter_c7`, `collective_reduce_c4`).
fn per_operand_reducer(op: Op<'_>, t: &shardref_spec::ir::TensorType, code: &'static str) -> Result<ElemType, Fail> {
    let init = make(vec![], t.elem.clone());
    let acc = reducer(op, 0, &[t], &[&init], &[]).map_err(|f| f.relabel(code))?;
    Ok(acc.into_iter().next().unwrap_or_else(|| t.elem.clone()))
}

/// `all_reduce`: `all_reduce_c1`, `all_reduce_c3`..`all_reduce_c7`.
pub fn all_reduce(op: Op<'_>) -> Check {
    let pairs = paired(op)?;
    let global = use_global_device_ids(op);
    replica_groups(op, false, global, None, "all_reduce_c1", "all_reduce_c3")?;
    // all_reduce_c4
    if global && channel_id(op) <= 0 {
        return Err(Fail::new(
            "all_reduce_c4",
            format!("channel_id must be positive when useGlobalDeviceIds is set but got: {}", channel_id(op)),
        ));
    }
    for (a, r) in pairs {
        let e = per_operand_reducer(op, a, "all_reduce_c5")?;
        // all_reduce_c6, all_reduce_c7
        let inferred = shardref_spec::ir::TensorType { elem: e, ..a.clone() };
        check_inferred("all_reduce_c6|all_reduce_c7", &Type::Tensor(inferred), &Type::Tensor(r.clone()))?;
    }
    Ok(())
}

/// `all_to_all`: `all_to_all_c1`..`all_to_all_c5`, `all_to_all_c7`..`all_to_all_c9`.
pub fn all_to_all(op: Op<'_>) -> Check {
    let pairs = paired(op)?;
    let split = op.int(crate::attrs::stablehlo::AllToAll::of(op.o).split_dimension())?;
    let concat = op.int(crate::attrs::stablehlo::AllToAll::of(op.o).concat_dimension())?;
    let count = op.int(crate::attrs::stablehlo::AllToAll::of(op.o).split_count())?;
    // all_to_all_c4
    if count <= 0 {
        return Err(Fail::new("all_to_all_c4", format!("split_count must be positive, got {count}")));
    }
    replica_groups(op, true, false, Some(count), "all_to_all_c5", "all_to_all_c7")?;
    for (a, r) in pairs {
        let Some(sa) = shape(a) else { continue };
        let rank = sa.len() as i64;
        // all_to_all_c1
        if split < 0 || split >= rank {
            return Err(Fail::new(
                "all_to_all_c1",
                format!("AllToAll split_dimension {split} is out-of-bounds for input rank {rank}"),
            ));
        }
        // all_to_all_c3
        if concat < 0 || concat >= rank {
            return Err(Fail::new(
                "all_to_all_c3",
                format!("AllToAll concat_dimension {concat} is out-of-bounds for input rank {rank}"),
            ));
        }
        let mut out = sa.to_vec();
        let c = count as u64;
        // all_to_all_c2
        if let Some(n) = out[split as usize] {
            if n % c != 0 {
                return Err(Fail::new(
                    "all_to_all_c2",
                    format!("split dimension has size {n}, expected to be a multiple of split_count {count}"),
                ));
            }
            out[split as usize] = Some(n / c);
        }
        if let Some(n) = out[concat as usize] {
            out[concat as usize] = n.checked_mul(c);
        }
        // all_to_all_c9
        check_inferred("all_to_all_c9", &Type::Tensor(make(out, a.elem.clone())), &Type::Tensor(r.clone()))?;
    }
    Ok(())
}

/// `reduce_scatter`: `reduce_scatter_c2`, `reduce_scatter_c3`, `reduce_scatter_c5`..`reduce_scatter_c9`.
pub fn reduce_scatter(op: Op<'_>) -> Check {
    let [a] = op.args::<1>()?;
    let a = expect_tensor(a, "operand #0")?;
    let r = expect_tensor(op.result()?, "result #0")?;
    let dim = op.int(crate::attrs::stablehlo::ReduceScatter::of(op.o).scatter_dimension())?;
    let global = use_global_device_ids(op);
    replica_groups(op, true, global, None, "reduce_scatter_c3", "reduce_scatter_c5")?;
    let e = per_operand_reducer(op, a, "reduce_scatter_c7")?;
    let (Some(sa), Some(sr)) = (shape(a), shape(r)) else { return Ok(()) };
    // reduce_scatter_c8
    if sa.len() != sr.len() {
        return Err(Fail::new("reduce_scatter_c8", "operand and result should have same rank"));
    }
    // reduce_scatter_c2
    if dim < 0 || dim >= sa.len() as i64 {
        return Err(Fail::new("reduce_scatter_c2", "scatter dim should be less than operand/result rank"));
    }
    // reduce_scatter_c6
    if global && channel_id(op) <= 0 {
        return Err(Fail::new(
            "reduce_scatter_c6",
            format!("channel_id must be positive when useGlobalDeviceIds is set but got: {}", channel_id(op)),
        ));
    }
    let d = dim as usize;
    if let (Some(x), Some(y)) = (sa[d], sr[d]) {
        // reduce_scatter_c8 (upstream: neither scatter dimension may be 0)
        if y == 0 {
            return Err(Fail::new("reduce_scatter_c8", "result dimension size at scatter_dimension cannot be zero"));
        }
        if x == 0 {
            return Err(Fail::new("reduce_scatter_c8", "operand dimension size at scatter_dimension cannot be zero"));
        }
        // reduce_scatter_c1, reduce_scatter_c8
        if x % y != 0 {
            return Err(Fail::new(
                "reduce_scatter_c8",
                format!(
                    "operand scatter dimension has size {x}, expected to be a multiple of result scatter dimension size {y}"
                ),
            ));
        }
    }
    // reduce_scatter_c8
    for i in (0..sa.len()).filter(|&i| i != d) {
        if !dim_compat(sa[i], sr[i]) {
            let s = |x: Dim| x.map_or("?".to_string(), |v| v.to_string());
            return Err(Fail::new(
                "reduce_scatter_c8",
                format!("non scatter dimensions should be same for operand ({}) and result ({})", s(sa[i]), s(sr[i])),
            ));
        }
    }
    // reduce_scatter_c9
    if !elem_compat(&r.elem, &e) {
        return Err(Fail::new(
            "reduce_scatter_c9",
            format!("result element-type is expected to be {}, but got {}", e, r.elem),
        ));
    }
    Ok(())
}

/// `source_target_pairs` of `collective_permute`, `send` and `recv`
/// (upstream's `verifyCollectivePermuteOp`): `labels` are the op's labels
/// for C1..C4.
fn source_target_pairs(op: Op<'_>, labels: [&'static str; 4], required: bool) -> Check {
    let Some((s, ids)) = dense_2d(crate::attrs::stablehlo::CollectivePermute::of(op.o).source_target_pairs())? else {
        if required {
            return Err(Fail::new("stablehlo_signature", "requires attribute 'source_target_pairs'"));
        }
        return Ok(());
    };
    if s.len() != 2 {
        return Err(Fail::new(
            "stablehlo_signature",
            format!("expect source_target_pairs attribute to be of rank 2, but got rank {}", s.len()),
        ));
    }
    if s[1] != Some(2) {
        let d = |x: Dim| x.map_or("?".to_string(), |v| v.to_string());
        return Err(Fail::new(
            labels[0],
            format!("expect source_target_pairs attribute of shape (N, 2), but got ({}, {})", d(s[0]), d(s[1])),
        ));
    }
    let (mut sources, mut targets) = (std::collections::HashSet::new(), std::collections::HashSet::new());
    for (i, &v) in ids.iter().enumerate() {
        if v < 0 {
            return Err(Fail::new(labels[3], "replica ids in source_target_pairs must be >= 0."));
        }
        if i % 2 == 0 {
            if !sources.insert(v) {
                return Err(Fail::new(labels[1], "duplicate sources not allowed."));
            }
        } else if !targets.insert(v) {
            return Err(Fail::new(labels[2], "duplicate targets not allowed."));
        }
    }
    Ok(())
}

/// `collective_permute`: `collective_permute_c1`..`collective_permute_c5`.
pub fn collective_permute(op: Op<'_>) -> Check {
    let [a] = op.args::<1>()?;
    let r = op.result()?;
    source_target_pairs(
        op,
        ["collective_permute_c1", "collective_permute_c2", "collective_permute_c3", "collective_permute_c4"],
        true,
    )?;
    // collective_permute_c5
    check_inferred("collective_permute_c5", a, r)
}

fn has_dynamic_root(op: Op<'_>) -> bool {
    matches!(
        crate::attrs::stablehlo::AllReduce::of(op.o).has_dynamic_root().raw(),
        Some(Attr::Bool(true)) | Some(Attr::Unit)
    )
}

/// The data operands of `collective_broadcast` and `collective_reduce`:
/// with `has_dynamic_root`, the last operand is a `tensor<Nxi32>` of roots.
fn data_operands<'m>(op: Op<'m>, name: &str, code: &'static str) -> Result<Vec<&'m Type>, Fail> {
    let mut ins = op.operand_types();
    if !has_dynamic_root(op) {
        if ins.is_empty() {
            return Err(Fail::new(code, format!("{name} requires at least one data operand")));
        }
        return Ok(ins);
    }
    if ins.len() < 2 {
        return Err(Fail::new(
            code,
            format!("{name} with has_dynamic_root=true requires at least two operands (data + root)"),
        ));
    }
    let root = ins.pop().unwrap_or(&Type::Token);
    let i32 = ElemType::Int { width: 32, signedness: Signedness::Signless };
    let n = ins.len() as u64;
    match tensor(root).and_then(|t| shape(t).map(|s| (t, s))) {
        Some((t, [d])) if t.elem == i32 => {
            if *d != Some(n) {
                let got = d.map_or("?".to_string(), |v| v.to_string());
                return Err(Fail::new(
                    code,
                    format!(
                        "last operand of {name} with has_dynamic_root=true must have the same number of elements as data operands ({n}), but got {got}"
                    ),
                ));
            }
        }
        _ => {
            return Err(Fail::new(
                code,
                format!(
                    "last operand of {name} with has_dynamic_root=true must be a rank-1 i32 tensor, but got {}",
                    q(root)
                ),
            ));
        }
    }
    Ok(ins)
}

/// Unique, non-negative ids in a dense `replica_groups` (collective_broadcast's form).
fn nonnegative_unique_groups(op: Op<'_>, unique: &'static str, in_range: &'static str) -> Check {
    let Some((s, ids)) = dense_2d(crate::attrs::stablehlo::AllReduce::of(op.o).replica_groups())? else {
        return Ok(());
    };
    if s.len() != 2 {
        return Err(Fail::new(
            "stablehlo_signature",
            format!("replica groups should be a rank 2 tensor,but instead it is of rank {}", s.len()),
        ));
    }
    let mut seen = std::collections::HashSet::new();
    for &id in &ids {
        if id < 0 {
            return Err(Fail::new(in_range, format!("replica_groups values must be positive, but was given {id}")));
        }
        if !seen.insert(id) {
            return Err(Fail::new(unique, format!("replica id #{id} seen more than once")));
        }
    }
    Ok(())
}

/// `collective_broadcast`: `collective_broadcast_c1`..`collective_broadcast_c5`.
pub fn collective_broadcast(op: Op<'_>) -> Check {
    nonnegative_unique_groups(op, "collective_broadcast_c1", "collective_broadcast_c2")?;
    let data = data_operands(op, "collective_broadcast", "collective_broadcast_c3|collective_broadcast_c4")?;
    // collective_broadcast_c5
    let rs = op.results(data.len()).map_err(|f| f.relabel("collective_broadcast_c5"))?;
    // collective_broadcast_c3, collective_broadcast_c4
    for (a, r) in data.iter().zip(&rs) {
        check_inferred("collective_broadcast_c3", a, r)?;
    }
    Ok(())
}

/// `collective_reduce`: `collective_reduce_c1`..`collective_reduce_c4`.
pub fn collective_reduce(op: Op<'_>) -> Check {
    replica_groups(op, false, use_global_device_ids(op), None, "collective_reduce_c1", "collective_reduce_c2")?;
    let data = data_operands(op, "collective_reduce", "collective_reduce_c3")?;
    let rs = op.results(data.len())?;
    for (i, (a, r)) in data.iter().zip(&rs).enumerate() {
        let a = expect_tensor(a, &format!("operand #{i}"))?;
        let e = per_operand_reducer(op, a, "collective_reduce_c4")?;
        // collective_reduce_c3
        let inferred = shardref_spec::ir::TensorType { elem: e, ..a.clone() };
        check_inferred("collective_reduce_c3", &Type::Tensor(inferred), r)?;
    }
    Ok(())
}

/// The legacy `cross-replica-sum` (XLA's CrossReplicaSum: an all-reduce
/// with addition): each result has its operand's type.
pub fn cross_replica_sum(op: Op<'_>) -> Check {
    let ins = op.operands_at_least(1)?;
    let rs = op.results(ins.len())?;
    replica_groups(op, false, false, None, "cross_replica_sum_c1", "cross_replica_sum_c1")?;
    for (a, r) in ins.iter().zip(&rs) {
        // cross_replica_sum_c2
        check_inferred("cross_replica_sum_c2", a, r)?;
    }
    Ok(())
}

/// `send`: `send_c1`..`send_c4`, a token result and a token as last operand.
pub fn send(op: Op<'_>) -> Check {
    let ins = op.operands_at_least(1)?;
    // stablehlo_operand_types: the last operand is the token.
    if ins.last().is_none_or(|t| **t != Type::Token) {
        return Err(Fail::new("stablehlo_operand_types", "the last operand of send must be a token"));
    }
    source_target_pairs(op, ["send_c1", "send_c2", "send_c3", "send_c4"], false)?;
    check_inferred("stablehlo_operand_types", &Type::Token, op.result()?)
}

/// `recv`: `recv_c1`..`recv_c4`, and a token as last result.
pub fn recv(op: Op<'_>) -> Check {
    let [t] = op.args::<1>()?;
    if *t != Type::Token {
        return Err(Fail::new("stablehlo_operand_types", format!("operand #0 must be token, but got {}", q(t))));
    }
    source_target_pairs(op, ["recv_c1", "recv_c2", "recv_c3", "recv_c4"], false)?;
    let rs = op.result_types();
    // stablehlo_operand_types (upstream's verifyRecvOp): the last result is a token.
    if rs.last().is_none_or(|t| **t != Type::Token) {
        let last = rs.last().map_or("nothing".to_string(), |t| q(t));
        return Err(Fail::new(
            "stablehlo_operand_types",
            format!("last element of result types is expected to be of token type, but got {last}"),
        ));
    }
    Ok(())
}

/// `infeed`: `infeed_c1`..`infeed_c3`.
pub fn infeed(op: Op<'_>) -> Check {
    let [t] = op.args::<1>()?;
    if *t != Type::Token {
        return Err(Fail::new("stablehlo_operand_types", format!("operand #0 must be token, but got {}", q(t))));
    }
    let rs = op.result_types();
    // infeed_c1
    let Some((last, data)) = rs.split_last() else {
        return Err(Fail::new("infeed_c1", "result is expected to be at least of size 1, but got 0"));
    };
    // infeed_c2
    if let Some(bad) = data.iter().find(|t| tensor(t).is_none()) {
        return Err(Fail::new(
            "infeed_c2",
            format!(
                "all elements of result types, except the last element, are expected to be of tensor type, but got {}",
                q(bad)
            ),
        ));
    }
    // infeed_c3
    if **last != Type::Token {
        return Err(Fail::new(
            "infeed_c3",
            format!("last element of result types is expected to be of token type, but got {}", q(last)),
        ));
    }
    Ok(())
}

/// `outfeed`: tensors then a token in, a token out (the spec states no
/// constraints; these are ODS's operand and result types).
pub fn outfeed(op: Op<'_>) -> Check {
    let ins = op.operands_at_least(1)?;
    // stablehlo_operand_types
    if ins.last().is_none_or(|t| **t != Type::Token) {
        return Err(Fail::new("stablehlo_operand_types", "the last operand of outfeed must be a token"));
    }
    check_inferred("stablehlo_operand_types", &Type::Token, op.result()?)
}
