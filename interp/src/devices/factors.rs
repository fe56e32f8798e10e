//! The one decision of sharded execution (issue #30): for every op the driver
//! does not run itself (sdy ops and control flow), `decide` returns how the
//! devices run it, a typed `Decision`, and `sharded::Driver::generic` is one
//! `match` over it:
//! - `DeviceId`: `partition_id`/`replica_id`, each device's own id;
//! - `SingleDevice(d)`: results on a maximal mesh `<[], device_ids=[d]>` run on
//!   device d alone;
//! - `LocalForm(form)`: a position-dependent op runs on each device's shards
//!   with its offsets, fetching halo windows (`local_forms`);
//! - `Local(plan)`: each device runs the op's ordinary kernel on its local
//!   shards, with local result types (`sharded::Driver::local`);
//! - `ReduceInGroups(axes)`: a `stablehlo.reduce` over sharded dimensions
//!   whose body is no known monoid (jax's argmax): each device reduces its
//!   block, and each reduction group's partials are reduced again with the
//!   body in block order, as the global-to-local conversion completes it
//!   (`sharded::Driver::reduce_in_groups`);
//! - `Reshard(error)`: the op needs communication the program does not
//!   perform; the error carries the typed `Refusal` (op, operand or result,
//!   dimension, factor, axes). Strict runs report it; runs that insert
//!   reshards gather the operands and run the op once (the global fallback);
//! - `Canvas(reason, plan)`: the factor model does not decide the op
//!   (`CanvasReason`), and the canvas check (`canvas`) found that each device
//!   may compute its block on a global-shaped canvas of what it holds.
//!
//! The factor model (Shardy's op sharding rules, ../shared/docs/sharding-rules.md
//! §1–§3): every operand and result sharding is projected onto the rule's
//! factors: a dimension sharded along axes A whose mapping has exactly one
//! factor of size > 1 gives that factor the axes A. Then, per factor:
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
//! The factor model leaves an op to the canvas (`CanvasReason`) when it has no
//! rule, partial operands, a sharded dimension that several factors share, a
//! sharded dimension whose factor has different sizes in different tensors
//! (ops whose local forms run first: slice, pad, concatenate, dynamic_slice,
//! reduce_window; what gets here is e.g. select_and_scatter), a kernel that
//! reads global sizes or positions from attributes (rng, the dynamic_* ops,
//! custom_call), one value used twice in two layouts, a scatter that indexes
//! a sharded window dimension, or padding the kernel would read. The canvas
//! check states per operand dimension what a device's result block reads
//! (`canvas::deps`) and refuses the op when a device does not hold it.
//!
//! Invariants: `Local` is returned only when every device can compute its
//! result block from its own shards with the op's ordinary kernel; `Canvas`
//! only when every element a device's block reads is one it holds (padding is
//! never read); every refusal of a strict run is a `Reshard` whose error
//! carries a `Refusal`, apart from the halo a local form finds it needs while
//! running (`local_forms::run` reports that one, typed the same way).

use std::collections::HashMap;

use shardref_spec::ir::sdy::{OpShardingRule, ReductionKind};
use shardref_spec::ir::{Module, OpId};
use shardref_spec::ops::{OpKind, StablehloOp};

pub mod canvas;

use shardref_spec::ir::sdy::{MeshOrRef, SdyAttr, TensorSharding};
use shardref_spec::ir::{Attr, TensorType, Type, ValueId};

use crate::attrs::{self, stablehlo as view};
use crate::devices::local_forms::{self, Form};
use crate::devices::mesh::{AxisPart, Mesh, Sharding, per_value, sharding_string};
use crate::devices::options::{ImplicitReshards, ShardedOptions};
use crate::devices::sdy_ops::{Held, reshard};
use crate::error::{IResult, InterpError, Need, Refusal, RefusedValue};
use canvas::CanvasPlan;

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

/// How the devices run one op: the one decision of sharded execution (`decide`).
pub enum Decision {
    /// `partition_id` or `replica_id`: each device's own id (partition id = device id).
    DeviceId(StablehloOp),
    /// The op's results live on a single device `d` (a maximal mesh `<[], device_ids=[d]>`,
    /// Shardy's `sdy-resolve-single-device-sharding`): the op runs there alone.
    SingleDevice(i64),
    /// A position-dependent op in its local form (offsets, halo windows): `local_forms::run`.
    LocalForm(Form),
    /// Every device runs the op's kernel on its local shards, with its results' local types
    /// (`Interp::eval_op_local`).
    Local(LocalPlan, LocalTypes),
    /// A `stablehlo.reduce` over sharded dimensions whose body is no known monoid, completed as
    /// XLA's partitioner completes it: each device reduces its block, and the partials of each
    /// reduction group (the mesh axes given, which shard the reduced dimensions) are reduced
    /// again with the body from the init values, in block order (`reduce_in_groups`).
    ReduceInGroups(Vec<AxisPart>, LocalTypes),
    /// The op needs communication the program does not perform (the error: a typed
    /// `Refusal`, or another trap of the sharded semantics). A strict run reports it; a run
    /// that inserts reshards gathers the operands and runs the op once (the global fallback).
    Reshard(InterpError),
    /// Each device computes its block on a global-shaped canvas (`canvas::CanvasPlan`), because
    /// the factor model does not decide the op (`CanvasReason`).
    Canvas(CanvasReason, CanvasPlan),
}

/// The local types of an op's results on a device: each result's tensor type with the shape of
/// the device's block. A local run hands them to the evaluator for the one call
/// (`Interp::eval_op_local`), so the kernels build and check local results.
pub type LocalTypes = HashMap<ValueId, Type>;

/// The local types of `op`'s results (`LocalTypes`); a non-tensor result is unsupported.
fn local_types(m: &Module, op: OpId, results: &[(Vec<usize>, Sharding)]) -> IResult<LocalTypes> {
    let o = m.op(op);
    let mut types = HashMap::new();
    for (&r, (g, s)) in o.results.iter().zip(results) {
        let Type::Tensor(tt) = m.value_type(r) else {
            return Err(InterpError::unsupported(o.span, "sharded execution of non-tensor values"));
        };
        let shape = s.local_shape(g).into_iter().map(|x| Some(x as u64)).collect();
        types.insert(r, Type::Tensor(TensorType { shape: Some(shape), ..tt.clone() }));
    }
    Ok(types)
}

/// Why an op runs on canvases rather than on its local shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CanvasReason {
    /// `ShardedOptions::canvas`: every op runs on canvases (the independent second implementation).
    Forced,
    /// The op has no sharding rule, or its rule does not fit its operands and results.
    NoRule,
    /// Partial (unreduced) operands, or tensors on meshes with other device ids.
    OtherMeshOrPartial,
    /// A sharded dimension that several factors share, or an operand dimension holding several
    /// factors that would have to be sliced for one of them.
    SharedDimension,
    /// The kernel reads global sizes or positions from attributes (rng, dynamic_*, custom_call),
    /// or the op has no operands.
    GlobalPositions,
    /// A factor whose size differs between the tensors that carry it.
    UnequalFactorSizes,
    /// Padding of a non-divisible dimension would be read where it is not the reduction's identity.
    Padding,
    /// A reduction factor of an op whose partials no known monoid combines.
    UnknownReduction,
    /// One value used at two operand positions in two layouts or forms.
    ValueReused,
    /// A scatter that indexes a sharded window dimension.
    ScatterWindow,
}

/// The factor model's verdict on one op (`by_factors`), before the canvas check.
enum ByFactors {
    Local(LocalPlan),
    Communicate(Refusal, String),
    Canvas(CanvasReason),
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
    let kinds = canvas::componentwise_ops(m, *o.regions.first()?, n)?;
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
    let k = canvas::single_op_kind(m, *m.op(op).regions.first()?)?;
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

/// The one decision of sharded execution for `op` (not an sdy op nor control flow, which the
/// driver runs itself), in this order:
/// 1. `partition_id`/`replica_id` give each device its id (`DeviceId`);
/// 2. results on a single device run there (`SingleDevice`); operands held by one device that an
///    op on the mesh reads are broadcast to it first (an implicit reshard: `operands` is
///    rewritten when reshards are inserted, else `Reshard`);
/// 3. values the op's regions use from outside it must be whole on every device (`Reshard`);
/// 4. unless `opts.canvas`, a position-dependent op with a local form (`LocalForm`), then the
///    factor model (`Local`; an implicit reshard is `Reshard`, unless reshards are inserted and
///    resharding the operands on local shards (`local_forms::align`, which rewrites `operands`)
///    makes the op local), a reduce whose body is no known monoid completed in groups
///    (`ReduceInGroups`) before either;
/// 5. otherwise the canvas check (`canvas::plan`): `Canvas` with its reason, or `Reshard`.
///
/// `Err` is an error whatever the policy (an attribute that does not decode, a failed
/// broadcast); `Reshard` is the policy's to act on.
#[allow(clippy::too_many_arguments)]
pub fn decide(
    m: &Module,
    run_mesh: &Mesh,
    op: OpId,
    kind: OpKind,
    operands: &mut Vec<Held>,
    captured: &[(ValueId, Held)],
    results: &[(Vec<usize>, Sharding)],
    opts: &ShardedOptions,
) -> IResult<Decision> {
    let o = m.op(op);
    let span = o.span;
    let name = o.name.as_str();
    let insert = opts.implicit == ImplicitReshards::Insert;
    if let OpKind::Stablehlo(k @ (StablehloOp::PartitionId | StablehloOp::ReplicaId)) = kind {
        return Ok(Decision::DeviceId(k));
    }
    if let Some(d) = single_device(m, run_mesh, op, results)? {
        return Ok(Decision::SingleDevice(d));
    }
    match from_single_devices(m, op, std::mem::take(operands), results, opts.implicit) {
        Ok(held) => *operands = held,
        Err(e) if e.refusal.is_some() => return Ok(Decision::Reshard(e)),
        Err(e) => return Err(e),
    }
    // Values the op's regions use from outside it must be whole on every device.
    let whole = captured.iter().try_for_each(|(_, h)| {
        let d = (0..h.global.len()).find(|&d| h.sharding.num_shards(d) > 1);
        let captured = |need, dim, axes| Refusal {
            need,
            op: name.to_string(),
            value: RefusedValue::Captured,
            dim,
            factor: None,
            axes,
        };
        match (d, h.sharding.unreduced.is_empty()) {
            (None, true) => Ok(()),
            (Some(d), _) => {
                let axes = h.sharding.mesh.parts_name(h.sharding.dims.get(d).map_or(&[][..], |v| v));
                let msg = format!(
                    "'{name}': a value its regions use is sharded on {axes} along dimension {d} (implicit communication)"
                );
                Err(InterpError::refused(span, captured(Need::Reshard, Some(d), axes), msg))
            }
            (None, false) => Err(InterpError::refused(
                span,
                captured(Need::AllReduce, None, h.sharding.mesh.parts_name(&h.sharding.unreduced)),
                format!("'{name}': a value its regions use is unreduced (a missing sdy.all_reduce)"),
            )),
        }
    });
    if let Err(e) = whole {
        return Ok(Decision::Reshard(e));
    }
    let reason = if opts.canvas {
        CanvasReason::Forced
    } else {
        if let Some(form) = local_forms::form(m, op, kind, operands, results)? {
            return Ok(Decision::LocalForm(form));
        }
        match by_factors(m, op, kind, operands, results) {
            ByFactors::Local(plan) => return Ok(Decision::Local(plan, local_types(m, op, results)?)),
            ByFactors::Communicate(refusal, message) => {
                if let Some(axes) = reduce_in_groups(m, op, kind, operands, results)? {
                    return Ok(Decision::ReduceInGroups(axes, local_types(m, op, results)?));
                }
                if insert
                    && let Some(aligned) = local_forms::align(kind, operands, results)
                    && let ByFactors::Local(plan) = by_factors(m, op, kind, &aligned, results)
                {
                    *operands = aligned;
                    return Ok(Decision::Local(plan, local_types(m, op, results)?));
                }
                return Ok(Decision::Reshard(InterpError::refused(span, refusal, message)));
            }
            ByFactors::Canvas(reason) => reason,
        }
    };
    Ok(match canvas::plan(m, op, kind, operands, results) {
        Ok(plan) => Decision::Canvas(reason, plan),
        Err(e) => Decision::Reshard(e),
    })
}

/// The mesh axes over which a `stablehlo.reduce` whose body is no known monoid (jax's argmax
/// and argmin: a variadic reduce selecting a value and its index) is completed in groups
/// (`Decision::ReduceInGroups`): Shardy's export leaves such a reduce over sharded dimensions to
/// the global-to-local conversion (XLA's partitioner), where every device reduces its own block
/// and the partials of each reduction group are reduced once more with the body from the init
/// values. For a body that is associative and commutative, as a selection is, this is the global
/// reduce's result. `None` when the reduce does not have this form: inputs sharded alike, whole
/// (not partial), init values replicated, reduced dimensions dividing evenly, tensor results
/// sharded as the inputs' kept dimensions (so no reduced axis shards a result), and a body.
fn reduce_in_groups(
    m: &Module,
    op: OpId,
    kind: OpKind,
    operands: &[Held],
    results: &[(Vec<usize>, Sharding)],
) -> IResult<Option<Vec<AxisPart>>> {
    let o = m.op(op);
    if kind != OpKind::Stablehlo(StablehloOp::Reduce)
        || operands.len() < 2
        || operands.len() % 2 != 0
        || reduce_kind(m, op, operands).is_some()
    {
        return Ok(None);
    }
    let n = operands.len() / 2;
    let (inputs, inits) = operands.split_at(n);
    let Some(first) = inputs.first() else { return Ok(None) };
    let s = &first.sharding;
    let dims = match view::Dimensions::of(o).dimensions().get() {
        Some(d) => crate::ops::reduce::check_dims(first.global.len(), &d).map_err(|e| e.at(o.span))?,
        None => return Ok(None),
    };
    let whole = |h: &Held| h.sharding.unreduced.is_empty();
    let replicated = |h: &Held| h.sharding.dims.iter().all(|d| d.is_empty()) && whole(h);
    if !inputs.iter().all(|h| h.sharding.dims == s.dims && h.sharding.mesh == s.mesh && whole(h))
        || !inits.iter().all(replicated)
    {
        return Ok(None);
    }
    let axes: Vec<AxisPart> = dims.iter().flat_map(|&d| s.dims[d].iter().copied()).collect();
    let divisible = dims.iter().all(|&d| first.global[d] % s.num_shards(d).max(1) == 0);
    let kept: Vec<&Vec<AxisPart>> = (0..first.global.len()).filter(|d| !dims.contains(d)).map(|d| &s.dims[d]).collect();
    let results_fit = results.iter().all(|(_, r)| {
        r.mesh.device_ids == s.mesh.device_ids
            && r.unreduced.is_empty()
            && r.dims.len() == kept.len()
            && r.dims.iter().zip(&kept).all(|(a, b)| a == *b)
    });
    let tensors = o.results.iter().all(|&r| matches!(m.value_type(r), Type::Tensor(_)));
    if axes.is_empty() || !divisible || !results_fit || !tensors || o.regions.is_empty() {
        return Ok(None);
    }
    Ok(Some(axes))
}

/// Decides how `op` runs on the devices, from its rule.
fn by_factors(m: &Module, op: OpId, kind: OpKind, operands: &[Held], results: &[(Vec<usize>, Sharding)]) -> ByFactors {
    // Everything replicated: every device runs the op as the global program
    // would (stablehlo.rng draws from the interpreter's counter, so its
    // devices would differ; the canvas runs it).
    let replicated = |s: &Sharding| s.unreduced.is_empty() && s.dims.iter().all(|d| d.iter().all(|a| a.size == 1));
    if kind != OpKind::Stablehlo(StablehloOp::Rng)
        && operands.iter().all(|h| replicated(&h.sharding))
        && results.iter().all(|(_, s)| replicated(s))
    {
        let n = operands.len();
        return ByFactors::Local(LocalPlan {
            slice_to: vec![None; n],
            mask: vec![vec![]; n],
            partial: vec![],
            kind: ReductionKind::Sum,
        });
    }
    let Some(rule) = rule_of(m, op) else { return ByFactors::Canvas(CanvasReason::NoRule) };
    let name = m.op(op).name.as_str();
    if rule.operand_mappings.len() != operands.len() || rule.result_mappings.len() != results.len() {
        return ByFactors::Canvas(CanvasReason::NoRule);
    }
    let Some(mesh) = results.first().map(|(_, s)| &s.mesh).or_else(|| operands.first().map(|h| &h.sharding.mesh))
    else {
        return ByFactors::Canvas(CanvasReason::NoRule);
    };
    if operands.iter().any(|h| !h.sharding.unreduced.is_empty() || h.sharding.mesh.device_ids != mesh.device_ids)
        || results.iter().any(|(_, s)| s.mesh.device_ids != mesh.device_ids)
    {
        return ByFactors::Canvas(CanvasReason::OtherMeshOrPartial);
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
            return ByFactors::Canvas(CanvasReason::NoRule);
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
                _ if sharded => return ByFactors::Canvas(CanvasReason::SharedDimension),
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
        return ByFactors::Local(LocalPlan { slice_to, mask, partial, kind: ReductionKind::Sum });
    }
    if reads_global_positions(kind) || n_ops == 0 {
        return ByFactors::Canvas(CanvasReason::GlobalPositions);
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
        ByFactors::Communicate(refusal, message)
    };
    let in_list = |l: &[i64], f: usize| l.iter().any(|&x| x == f as i64);
    let mut claimed: Vec<(usize, Vec<AxisPart>)> = vec![];
    // The (tensor, dimension) pairs of sharded reduction factors.
    let mut reduced_dims: Vec<(usize, usize)> = vec![];
    for (f, os) in occ.iter().enumerate() {
        let Some(first) = os.iter().find(|o| !o.axes.is_empty()) else { continue };
        let sym = shardref_spec::ir::sdy::factor_symbol(f as i64);
        if os.iter().any(|o| tensors[o.tensor].global[o.dim] != tensors[first.tensor].global[first.dim]) {
            return ByFactors::Canvas(CanvasReason::UnequalFactorSizes);
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
                return ByFactors::Canvas(CanvasReason::SharedDimension);
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
                    return ByFactors::Communicate(gather_first(name, axes), message);
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
                        return ByFactors::Canvas(CanvasReason::Padding);
                    }
                    k
                }
                None => {
                    let axes = mesh.parts_name(&partial);
                    let message = format!(
                        "'{name}': scatters updates sharded on {axes} with an update body that is no known monoid (add, max, min, or/and on i1) (a gather is needed first)"
                    );
                    return ByFactors::Communicate(gather_first(name, axes), message);
                }
            },
            _ => return ByFactors::Canvas(CanvasReason::UnknownReduction),
        };
        // Padding is filled with the init value (reduce) or zero (dot).
        if kind == OpKind::Stablehlo(StablehloOp::Reduce) && mask.iter().skip(1).any(|d| !d.is_empty()) {
            return ByFactors::Canvas(CanvasReason::Padding);
        }
    }
    if mask.iter().any(|d| !d.is_empty()) && partial.is_empty() {
        return ByFactors::Canvas(CanvasReason::Padding);
    }
    // The kernel reads its operands by value: one value used twice must
    // reach it in one layout.
    let ids = &m.op(op).operands;
    for i in 0..ids.len().min(n_ops) {
        if (0..i).any(|j| ids[j] == ids[i] && slice_to[j] != slice_to[i]) {
            return ByFactors::Canvas(CanvasReason::ValueReused);
        }
    }
    // A scatter's local form changes operands by position (indices rebased to the device's
    // block, inputs zeroed on all but one device of a partial sum) while the kernel binds them by
    // value: a value used at two positions (e.g. as indices and as updates) would take one
    // position's form at both (a difftest finding: the updates' unrebased copy replaced the
    // rebased indices).
    if kind == OpKind::Stablehlo(StablehloOp::Scatter) && (0..ids.len()).any(|i| ids[..i].contains(&ids[i])) {
        return ByFactors::Canvas(CanvasReason::ValueReused);
    }
    // Scatter indices are rebased only along sharded inserted dimensions
    // that an index addresses (`local_forms::scatter_args`).
    // (All inputs share the first one's factors, so its sharding after slicing stands for all.)
    if kind == OpKind::Stablehlo(StablehloOp::Scatter) {
        let input = slice_to.first().and_then(Option::as_ref).or(operands.first().map(|h| &h.sharding));
        if input.is_none_or(|s| !scatter_local(m, op, s)) {
            return ByFactors::Canvas(CanvasReason::ScatterWindow);
        }
    }
    partial.sort_by_key(|x| (x.axis, x.pre));
    partial.dedup();
    ByFactors::Local(LocalPlan { slice_to, mask, partial, kind: red })
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

/// The device `d` when `op`'s results live on a maximal mesh `<[], device_ids=[d]>` (a
/// single-device sharding) and the run's mesh is another: every result on that mesh, or
/// replicated, as upstream's `getSingleDeviceIdForOp` requires. `None` otherwise.
fn single_device(m: &Module, run_mesh: &Mesh, op: OpId, results: &[(Vec<usize>, Sharding)]) -> IResult<Option<i64>> {
    let o = m.op(op);
    let declared = per_value(attrs::Common::of(o).sdy_sharding());
    let mut device = None;
    for s in &declared {
        if let Some(d) = maximal_device(m, s)
            && run_mesh.device_ids != [d]
        {
            if device.is_some_and(|x| x != d) {
                return Err(InterpError::invalid(
                    o.span,
                    format!("'{}' has results on two single devices", o.name.as_str()),
                ));
            }
            device = Some(d);
        }
    }
    let Some(d) = device else { return Ok(None) };
    for (i, (_, s)) in results.iter().enumerate() {
        let on_d = s.mesh.axes.is_empty() && s.mesh.device_ids == [d];
        if !on_d && (s.dims.iter().any(|x| !x.is_empty()) || !s.unreduced.is_empty()) {
            return Err(InterpError::invalid(
                o.span,
                format!(
                    "'{}' has a result on device {d} (a single-device sharding) but result #{i} is sharded",
                    o.name.as_str()
                ),
            ));
        }
    }
    Ok(Some(d))
}

/// Operands held by one device (a maximal mesh) that an op on another mesh reads: that
/// device broadcasts them to the op's mesh (upstream: an all-reduce of its value and zeros
/// elsewhere after the single-device op), an implicit reshard.
fn from_single_devices(
    m: &Module,
    op: OpId,
    operands: Vec<Held>,
    results: &[(Vec<usize>, Sharding)],
    implicit: ImplicitReshards,
) -> IResult<Vec<Held>> {
    let o = m.op(op);
    let Some((_, rs)) = results.first() else { return Ok(operands) };
    let target = rs.mesh.clone();
    operands
        .into_iter()
        .enumerate()
        .map(|(i, h)| {
            let single = h.sharding.mesh.axes.is_empty() && h.sharding.mesh.device_ids.len() == 1;
            if !single || h.sharding.mesh.device_ids == target.device_ids {
                return Ok(h);
            }
            match implicit {
                ImplicitReshards::Insert => {
                    let rank = h.global.len();
                    reshard(&h, Sharding::replicated(target.clone(), rank)).map_err(|e| e.at(o.span))
                }
                ImplicitReshards::Error => {
                    let message = format!(
                        "'{}': operand #{i} lives on device {} alone (a single-device sharding) and the op runs on {} (implicit communication)",
                        o.name.as_str(),
                        h.sharding.mesh.device_ids[0],
                        sharding_string(rs)
                    );
                    let refusal = Refusal {
                        need: Need::Reshard,
                        op: o.name.as_str().to_string(),
                        value: RefusedValue::Operand(i),
                        dim: None,
                        factor: None,
                        axes: String::new(),
                    };
                    Err(InterpError::refused(o.span, refusal, message))
                }
            }
        })
        .collect()
}

/// The device of a single-device sharding: its mesh is `<[], device_ids=[d]>` (a maximal mesh;
/// the empty mesh `<[]>` is not one).
pub(crate) fn maximal_device(m: &Module, s: &TensorSharding) -> Option<i64> {
    let mesh = match &s.mesh {
        MeshOrRef::Inline(mesh) => mesh,
        MeshOrRef::Ref(name) => {
            let o = m.op(m.lookup_symbol(name)?);
            match attrs::sdy::Mesh::of(o).mesh().raw() {
                Some(Attr::Sdy(a)) => match &**a {
                    SdyAttr::Mesh(mesh) => mesh,
                    _ => return None,
                },
                _ => return None,
            }
        }
    };
    match (mesh.axes.is_empty(), mesh.device_ids.as_deref()) {
        (true, Some(&[d])) => Some(d),
        _ => None,
    }
}
