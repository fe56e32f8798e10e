//! The communication decision of sharded execution, made once per op from its
//! Shardy op sharding rule (../shared/docs/sharding-rules.md §1–§3).
//!
//! Every operand and result sharding is projected onto the rule's factors: a
//! dimension sharded along axes A whose mapping has exactly one factor of
//! size > 1 gives that factor the axes A. Then, per factor:
//! - pass-through: every tensor that has the factor must be sharded alike.
//!   An operand that holds the factor replicated while the others shard it is
//!   sliced on each device (an all_slice, which needs no data from other
//!   devices); any other difference is an implicit reshard;
//! - reduction: the operands that shard it must agree; each device computes a
//!   partial result, unreduced over the factor's axes with the reduction kind
//!   of the op (the body's monoid for `stablehlo.reduce` and the update body's
//!   for `stablehlo.scatter`, a sum for dot, for convolution over its input
//!   features, and for gather, whose local form rebases its indices). A body
//!   that is no known monoid needs a gather first;
//! - need_replication and permutation: sharded is an implicit reshard;
//! - no axis may shard two factors (the diagonal-blocks trap of upstream's
//!   compatibility test), and an operand dimension holding several factors
//!   is never sliced for one of them.
//!
//! The decision is `Local` (each device runs the op's kernel on its local
//! shards, with local result types), `Communicate` (an implicit reshard, with
//! a message naming op, operand or result, dimension, factor and axes), or
//! `Canvas` when the factor model does not decide the op here: no rule,
//! partial operands, a sharded dimension that several factors share, a
//! sharded dimension whose factor has different sizes in different tensors
//! (ops whose local forms `local_forms` runs first: slice, pad, concatenate,
//! dynamic_slice, reduce_window; what gets here is e.g. select_and_scatter),
//! an op whose kernel reads global sizes or positions from attributes (rng,
//! the dynamic_* ops, custom_call), one value used twice in two layouts, a
//! scatter that indexes a sharded window dimension, or a max/min scatter
//! over non-divisible updates. The caller then uses the global-canvas
//! execution, which is exact for those.

//! Invariant: `Local` is returned only when every device can compute its
//! result block from its own shards with the op's ordinary kernel.

use shardref_spec::ir::sdy::{OpShardingRule, ReductionKind};
use shardref_spec::ir::{Module, OpId};
use shardref_spec::ops::{OpKind, StablehloOp};

use crate::attrs::stablehlo as view;
use crate::devices::mesh::{AxisPart, Sharding};
use crate::devices::sdy_ops::Held;
use crate::error::{Need, Refusal, RefusedValue};

/// The refusal of a reduction or scatter over sharded dimensions whose combiner is no known
/// monoid: the operand must be gathered first.
fn gather_first(name: &str, axes: String) -> Refusal {
    Refusal {
        need: Need::Reshard,
        op: name.to_string(),
        value: RefusedValue::Operand(0),
        dim: None,
        factor: None,
        axes,
    }
}

/// The op's sharding rule: its own `sdy.sharding_rule` attribute, else the
/// registry's (`spec::rules`, not conservative).
pub fn rule_of(m: &Module, op: OpId) -> Option<OpShardingRule> {
    shardref_spec::rules::op_sharding_rule(m, op, false)
}

/// What the factor analysis decided for one op.
pub enum Decision {
    /// Every device runs the op on its local shards.
    Local(LocalPlan),
    /// The op needs data other devices hold: the refusal says what (op,
    /// operand or result, dimension, factor, axes), the message says it in prose.
    Communicate(Refusal, String),
    /// The factor model does not decide this op; the canvas execution does.
    Canvas,
}

/// How the devices run an op locally.
pub struct LocalPlan {
    /// Per operand: the sharding it must be sliced to first (dimensions it
    /// holds replicated that the op's factors shard), or `None`.
    pub slice_to: Vec<Option<Sharding>>,
    /// Per operand: the dimensions whose padding must hold the identity of the
    /// reduction (reduction factors over non-divisible dimensions).
    pub mask: Vec<Vec<usize>>,
    /// The axes the results are partial over, and how partials combine.
    pub partial: Vec<AxisPart>,
    pub kind: ReductionKind,
}

/// One tensor of the op as the analysis sees it.
struct T<'a> {
    what: String,
    global: &'a [usize],
    sharding: &'a Sharding,
    is_result: bool,
}

/// One dimension that carries a factor.
struct Occurrence {
    tensor: usize,
    dim: usize,
    axes: Vec<AxisPart>,
    /// The dimension holds other factors of size > 1 too (`[ij]`): slicing
    /// it along this factor alone would need a strided view.
    compound: bool,
}

/// Ops whose kernels take global sizes or positions from attributes or
/// operand values, so that running them on local shards along a sharded
/// pass-through factor would be wrong without a per-op local form.
fn reads_global_positions(kind: OpKind) -> bool {
    matches!(
        kind,
        OpKind::Stablehlo(
            StablehloOp::DynamicGather
                | StablehloOp::Iota
                | StablehloOp::DynamicIota
                | StablehloOp::Rng
                | StablehloOp::RngBitGenerator
                | StablehloOp::Broadcast
                | StablehloOp::DynamicBroadcastInDim
                | StablehloOp::DynamicReshape
                | StablehloOp::RealDynamicSlice
                | StablehloOp::DynamicPad
                | StablehloOp::DynamicConv
                | StablehloOp::Constant
                | StablehloOp::CustomCall
                | StablehloOp::PartitionId
                | StablehloOp::ReplicaId
        )
    )
}

/// The reduction kind of a `stablehlo.reduce` whose body combines each input with its own
/// accumulator by one binary op — for one input a single op, for N inputs N ops where op i reads
/// block arguments i and N + i (in either order) and the return yields the N results in order —
/// all of the same kind: add → sum, max → max, min → min, and on i1 `or` → max and `and` → min.
/// Such a body is N independent monoids, so each result's partials combine alone (a variadic sum
/// as Shardy exports it). `None`: no known monoid, or components of different kinds (the plan
/// has one reduction kind for all results).
pub(crate) fn reduce_kind(m: &Module, op: OpId, operands: &[Held]) -> Option<ReductionKind> {
    let o = m.op(op);
    if operands.len() < 2 || operands.len() % 2 != 0 {
        return None;
    }
    let n = operands.len() / 2;
    let kinds = crate::devices::locality::componentwise_ops(m, *o.regions.first()?, n)?;
    let mut kind = None;
    for (i, k) in kinds.into_iter().enumerate() {
        let is_bool = operands[i].shards.first().is_some_and(|t| t.elem == shardref_spec::ir::ElemType::I1);
        let ki = monoid(k, is_bool)?;
        // A sum applies the init value on every shard: it must be zero. Max and
        // min are idempotent, so any init value is fine.
        if ki == ReductionKind::Sum {
            let init = operands[n + i].shards.first()?;
            if *init != crate::devices::mesh::zeros_like(init) {
                return None;
            }
        }
        if kind.is_some_and(|k| k != ki) {
            return None;
        }
        kind = Some(ki);
    }
    kind
}

/// Whether every sharded reduction dimension of a convolution is its input
/// feature dimension (operand 0) or kernel input feature dimension (operand 1).
fn conv_features_only(m: &Module, op: OpId, reduced: &[(usize, usize)]) -> bool {
    let Some(n) = crate::attrs::stablehlo::Convolution::of(m.op(op)).dimension_numbers().get() else {
        return false;
    };
    reduced.iter().all(|&(t, d)| {
        (t == 0 && d as i64 == n.input_feature_dimension) || (t == 1 && d as i64 == n.kernel_input_feature_dimension)
    })
}

fn is_bool(operands: &[Held]) -> bool {
    operands.first().and_then(|h| h.shards.first()).is_some_and(|t| t.elem == shardref_spec::ir::ElemType::I1)
}

/// The reduction kind of a scatter with one input whose update body is a
/// single binary op (as `reduce_kind`); its partials combine with it.
fn scatter_kind(m: &Module, op: OpId, operands: &[Held]) -> Option<ReductionKind> {
    if operands.len() != 3 {
        return None;
    }
    let k = crate::devices::locality::single_op_kind(m, *m.op(op).regions.first()?)?;
    monoid(k, is_bool(operands))
}

/// The reduction kind of a combiner op: add → sum, max → max, min → min, and on i1 (where `add`
/// is a logical or) `add` and `or` → max and `and` → min. `None`: no known monoid.
fn monoid(k: StablehloOp, is_bool: bool) -> Option<ReductionKind> {
    Some(match k {
        StablehloOp::Add if is_bool => ReductionKind::Max,
        StablehloOp::Add => ReductionKind::Sum,
        StablehloOp::Maximum => ReductionKind::Max,
        StablehloOp::Minimum => ReductionKind::Min,
        StablehloOp::Or if is_bool => ReductionKind::Max,
        StablehloOp::And if is_bool => ReductionKind::Min,
        _ => return None,
    })
}

/// Decides how `op` runs on the devices, from its rule.
pub fn decide(m: &Module, op: OpId, kind: OpKind, operands: &[Held], results: &[(Vec<usize>, Sharding)]) -> Decision {
    // Everything replicated: every device runs the op as the global program
    // would (stablehlo.rng draws from the interpreter's counter, so its
    // devices would differ; the canvas runs it).
    let replicated = |s: &Sharding| s.unreduced.is_empty() && s.dims.iter().all(|d| d.iter().all(|a| a.size == 1));
    if kind != OpKind::Stablehlo(StablehloOp::Rng)
        && operands.iter().all(|h| replicated(&h.sharding))
        && results.iter().all(|(_, s)| replicated(s))
    {
        let n = operands.len();
        return Decision::Local(LocalPlan {
            slice_to: vec![None; n],
            mask: vec![vec![]; n],
            partial: vec![],
            kind: ReductionKind::Sum,
        });
    }
    let Some(rule) = rule_of(m, op) else { return Decision::Canvas };
    let name = m.op(op).name.as_str();
    if rule.operand_mappings.len() != operands.len() || rule.result_mappings.len() != results.len() {
        return Decision::Canvas;
    }
    let Some(mesh) = results.first().map(|(_, s)| &s.mesh).or_else(|| operands.first().map(|h| &h.sharding.mesh))
    else {
        return Decision::Canvas;
    };
    if operands.iter().any(|h| !h.sharding.unreduced.is_empty() || h.sharding.mesh.device_ids != mesh.device_ids)
        || results.iter().any(|(_, s)| s.mesh.device_ids != mesh.device_ids)
    {
        return Decision::Canvas;
    }
    let mut tensors: Vec<T> = operands
        .iter()
        .enumerate()
        .map(|(i, h)| T { what: format!("operand #{i}"), global: &h.global, sharding: &h.sharding, is_result: false })
        .collect();
    tensors.extend(results.iter().enumerate().map(|(j, (g, s))| T {
        what: format!("result #{j}"),
        global: g,
        sharding: s,
        is_result: true,
    }));
    let mappings: Vec<_> = rule.operand_mappings.iter().chain(&rule.result_mappings).collect();
    let nf = rule.factor_sizes.len();
    let mut occ: Vec<Vec<Occurrence>> = (0..nf).map(|_| vec![]).collect();
    let mut any_sharded = false;
    for (t, (x, mapping)) in tensors.iter().zip(&mappings).enumerate() {
        if mapping.dims.len() != x.global.len() || x.sharding.dims.len() != x.global.len() {
            return Decision::Canvas;
        }
        for (d, dm) in mapping.dims.iter().enumerate() {
            let axes = &x.sharding.dims[d];
            let sharded = axes.iter().any(|a| a.size > 1);
            any_sharded |= sharded;
            let big: Vec<usize> = dm
                .factors
                .iter()
                .filter_map(|&f| usize::try_from(f).ok().filter(|&f| f < nf && rule.factor_sizes[f] > 1))
                .collect();
            match big.as_slice() {
                [f] => occ[*f].push(Occurrence {
                    tensor: t,
                    dim: d,
                    axes: if sharded { axes.clone() } else { vec![] },
                    compound: false,
                }),
                // Several factors share the dimension: sharded, the canvas
                // decides; unsharded, every factor is held whole.
                _ if sharded => return Decision::Canvas,
                fs => {
                    for &f in fs {
                        occ[f].push(Occurrence { tensor: t, dim: d, axes: vec![], compound: fs.len() > 1 });
                    }
                }
            }
        }
    }
    let n_ops = operands.len();
    let mut slice_to: Vec<Option<Sharding>> = vec![None; n_ops];
    let mut mask: Vec<Vec<usize>> = vec![vec![]; n_ops];
    let mut partial: Vec<AxisPart> = vec![];
    if !any_sharded {
        return Decision::Local(LocalPlan { slice_to, mask, partial, kind: ReductionKind::Sum });
    }
    if reads_global_positions(kind) || n_ops == 0 {
        return Decision::Canvas;
    }
    let comm = |o: &Occurrence, sym: &str, detail: String| {
        let x = &tensors[o.tensor];
        let axes = mesh.parts_name(&o.axes);
        let message =
            format!("'{name}': {} dimension {} is sharded on {axes}{detail} (implicit communication)", x.what, o.dim);
        let value = if x.is_result { RefusedValue::Result(o.tensor - n_ops) } else { RefusedValue::Operand(o.tensor) };
        let refusal = Refusal {
            need: Need::Reshard,
            op: name.to_string(),
            value,
            dim: Some(o.dim),
            factor: Some(sym.to_string()),
            axes,
        };
        Decision::Communicate(refusal, message)
    };
    let in_list = |l: &[i64], f: usize| l.iter().any(|&x| x == f as i64);
    let mut claimed: Vec<(usize, Vec<AxisPart>)> = vec![];
    // The (tensor, dimension) pairs of sharded reduction factors.
    let mut reduced_dims: Vec<(usize, usize)> = vec![];
    for (f, os) in occ.iter().enumerate() {
        let Some(first) = os.iter().find(|o| !o.axes.is_empty()) else { continue };
        let sym = shardref_spec::ir::sdy::factor_symbol(f as i64);
        if os.iter().any(|o| tensors[o.tensor].global[o.dim] != tensors[first.tensor].global[first.dim]) {
            return Decision::Canvas;
        }
        if in_list(&rule.need_replication_factors, f) {
            return comm(first, &sym, format!(", but its factor {sym} is a need-replication factor"));
        }
        if in_list(&rule.permutation_factors, f) {
            return comm(first, &sym, format!(", but its factor {sym} is a permutation factor"));
        }
        let reduction = in_list(&rule.reduction_factors, f);
        let in_results: Vec<&Occurrence> = os.iter().filter(|o| tensors[o.tensor].is_result).collect();
        let target: &Vec<AxisPart> = match in_results.first() {
            Some(r) => &r.axes,
            None => &first.axes,
        };
        if !reduction && in_results.is_empty() {
            return comm(first, &sym, format!(", but its factor {sym} reaches no result"));
        }
        // No axis may shard two factors: each device would hold the
        // diagonal blocks of the two factors only (upstream's compatibility
        // test, ../shared/docs/sharding-rules.md §1.3).
        if let Some((g, _)) = claimed.iter().find(|(_, axes)| target.iter().any(|x| x.overlaps_any(axes))) {
            let other = shardref_spec::ir::sdy::factor_symbol(*g as i64);
            return comm(
                first,
                &sym,
                format!(", but its factor {sym} and factor {other} are sharded on the same axes"),
            );
        }
        if !target.is_empty() {
            claimed.push((f, target.clone()));
        }
        let holder = in_results.first().copied().unwrap_or(first);
        for o in os {
            if o.axes == *target || (o.axes.is_empty() && !tensors[o.tensor].is_result) {
                continue;
            }
            // Report the sharded side against the holder of the target axes.
            let (a, b) = if o.axes.is_empty() { (holder, o) } else { (o, holder) };
            let held = if b.axes.is_empty() {
                "replicated".to_string()
            } else {
                format!("sharded on {}", mesh.parts_name(&b.axes))
            };
            return comm(
                a,
                &sym,
                format!(", but {} dimension {} of the same factor {sym} is {held}", tensors[b.tensor].what, b.dim),
            );
        }
        for o in os.iter().filter(|o| !tensors[o.tensor].is_result) {
            if o.axes.is_empty() && !target.is_empty() && o.compound {
                return Decision::Canvas;
            }
            if o.axes.is_empty() && !target.is_empty() {
                let s = slice_to[o.tensor].get_or_insert_with(|| operands[o.tensor].sharding.clone());
                s.dims[o.dim] = target.clone();
            }
        }
        if reduction {
            let n: usize = target.iter().map(|x| x.size).product();
            for o in os.iter().filter(|o| !tensors[o.tensor].is_result) {
                if tensors[o.tensor].global[o.dim] % n.max(1) != 0 {
                    mask[o.tensor].push(o.dim);
                }
            }
            for (_, s) in results {
                if let Some(d) = (0..s.dims.len()).find(|&d| s.dims[d].iter().any(|x| x.overlaps_any(target))) {
                    return comm(
                        first,
                        &sym,
                        format!(", its reduction factor {sym}, and result dimension {d} is sharded on the same axes"),
                    );
                }
            }
            partial.extend(target.iter().copied());
            reduced_dims.extend(os.iter().map(|o| (o.tensor, o.dim)));
        }
    }
    let mut red = ReductionKind::Sum;
    if !partial.is_empty() {
        red = match kind {
            OpKind::Stablehlo(StablehloOp::Reduce) => match reduce_kind(m, op, operands) {
                Some(k) => k,
                None => {
                    let axes = mesh.parts_name(&partial);
                    let message = format!(
                        "'{name}': reduces over dimensions sharded on {axes} with a body that is no known monoid (add, max, min, or/and on i1) or an init value that is not its identity (a gather is needed first)"
                    );
                    return Decision::Communicate(gather_first(name, axes), message);
                }
            },
            OpKind::Stablehlo(StablehloOp::Dot | StablehloOp::DotGeneral) => ReductionKind::Sum,
            // Partial sums over sharded input features (no feature or batch
            // groups: with groups, the features are not one contraction).
            // Only the feature contraction: a sharded spatial (window)
            // reduction factor pairs input and kernel elements across blocks
            // once the convolution pads or strides.
            OpKind::Stablehlo(StablehloOp::Convolution)
                if {
                    let c = crate::attrs::stablehlo::Convolution::of(m.op(op));
                    [c.feature_group_count(), c.batch_group_count()].iter().all(|a| a.req().unwrap_or(1) == 1)
                } && conv_features_only(m, op, &reduced_dims) =>
            {
                ReductionKind::Sum
            }
            // Out-of-block indices read an appended zero row (`local_forms::gather_kernel`).
            OpKind::Stablehlo(StablehloOp::Gather) => ReductionKind::Sum,
            OpKind::Stablehlo(StablehloOp::Scatter) => match scatter_kind(m, op, operands) {
                Some(k) => {
                    // The padding of non-divisible updates scatters zeros:
                    // harmless only where zero is the combiner's identity.
                    let zero_is_identity = k == ReductionKind::Sum || (k == ReductionKind::Max && is_bool(operands));
                    if mask.iter().any(|d| !d.is_empty()) && !zero_is_identity {
                        return Decision::Canvas;
                    }
                    k
                }
                None => {
                    let axes = mesh.parts_name(&partial);
                    let message = format!(
                        "'{name}': scatters updates sharded on {axes} with an update body that is no known monoid (add, max, min, or/and on i1) (a gather is needed first)"
                    );
                    return Decision::Communicate(gather_first(name, axes), message);
                }
            },
            _ => return Decision::Canvas,
        };
        // Padding is filled with the init value (reduce) or zero (dot).
        if kind == OpKind::Stablehlo(StablehloOp::Reduce) && mask.iter().skip(1).any(|d| !d.is_empty()) {
            return Decision::Canvas;
        }
    }
    if mask.iter().any(|d| !d.is_empty()) && partial.is_empty() {
        return Decision::Canvas;
    }
    // The kernel reads its operands by value: one value used twice must
    // reach it in one layout.
    let ids = &m.op(op).operands;
    for i in 0..ids.len().min(n_ops) {
        if (0..i).any(|j| ids[j] == ids[i] && slice_to[j] != slice_to[i]) {
            return Decision::Canvas;
        }
    }
    // A scatter's local form changes operands by position (indices rebased to the device's
    // block, inputs zeroed on all but one device of a partial sum) while the kernel binds them by
    // value: a value used at two positions (e.g. as indices and as updates) would take one
    // position's form at both (a difftest finding: the updates' unrebased copy replaced the
    // rebased indices).
    if kind == OpKind::Stablehlo(StablehloOp::Scatter) && (0..ids.len()).any(|i| ids[..i].contains(&ids[i])) {
        return Decision::Canvas;
    }
    // Scatter indices are rebased only along sharded inserted dimensions
    // that an index addresses (`local_forms::scatter_args`).
    // (All inputs share the first one's factors, so its sharding after slicing stands for all.)
    if kind == OpKind::Stablehlo(StablehloOp::Scatter) {
        let input = slice_to.first().and_then(Option::as_ref).or(operands.first().map(|h| &h.sharding));
        if input.is_none_or(|s| !scatter_local(m, op, s)) {
            return Decision::Canvas;
        }
    }
    partial.sort_by_key(|x| (x.axis, x.pre));
    partial.dedup();
    Decision::Local(LocalPlan { slice_to, mask, partial, kind: red })
}

/// The scatter's inserted (window size 1, not in the updates) operand
/// dimensions that its inputs hold sharded, and whether the scatter has a
/// local form: every sharded operand dimension an index addresses must be
/// such an inserted dimension, and every sharded inserted dimension must be
/// addressed by an index (upstream rejects the other case too).
/// `input` is the sharding the first input has when the kernel runs.
pub fn scatter_local(m: &Module, op: OpId, input: &Sharding) -> bool {
    let o = m.op(op);
    let Some(dn) = view::Scatter::of(o).scatter_dimension_numbers().get() else {
        return false;
    };
    (0..input.dims.len()).filter(|&d| input.num_shards(d) > 1).all(|d| {
        let inserted = dn.inserted_window_dims.contains(&(d as i64));
        let indexed = dn.scatter_dims_to_operand_dims.contains(&(d as i64));
        inserted == indexed
    })
}
