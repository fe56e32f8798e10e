//! The canvas branch of the decision (`factors::decide`), formerly
//! `devices/locality.rs`: which elements of its operands an op reads to
//! compute a block of its result (`deps`), and the check that every device
//! holds them (`plan`), which gives the canvas plan or the refusal.
//!
//! Each operand dimension gets a `Dep`, in the spirit of Shardy's op sharding
//! rules (shardy/dialect/sdy/transforms/propagation/op_sharding_rule_registry.cc):
//! - `Needs(f)`: pass-through and index-mapped dimensions. `f` maps the
//!   device's result block (one range per result dimension) to the hull of
//!   the operand indices it reads along this dimension (identity for
//!   elementwise ops, shifted and strided for slice, pad, reverse and
//!   concatenate, grouped for grouped convolutions).
//! - `Reduce(factor)`: a reduction factor (contracting dimensions, reduced
//!   dimensions, gathered operand dimensions). All operands carrying a factor
//!   must be sharded alike on it or replicated; each device then computes the
//!   partial over its share, and the result is unreduced over those axes.
//! - `All`: the op needs the whole dimension (Shardy's need-replication and
//!   permutation factors, and every dimension of ops without a rule here).
//!
//! On a canvas, a device lays out the elements it holds at their global
//! positions, fills the rest with the neutral value of the op's reductions,
//! runs the op's ordinary kernel in global coordinates and keeps its own
//! result block (`sharded::Driver::compute`); `plan` guarantees nothing it
//! does not hold reaches that block.
//!
//! Invariant: the match over `StablehloOp` is exhaustive; an op with no
//! precise rule needs every dimension of every operand.

use std::collections::HashMap;
use std::ops::Range;

use shardref_spec::ir::sdy::ReductionKind;
use shardref_spec::ir::{Module, OpId};
use shardref_spec::ops::{OpKind, StablehloOp, Traits};

use crate::attrs;
use crate::devices::mesh::{AxisPart, Sharding};
use crate::devices::sdy_ops::Held;
use crate::error::{IResult, InterpError, Need, Refusal, RefusedValue};

/// The result block of a device: one range per result dimension. Indexing
/// past the result's rank (an ill-typed program) reads an empty range, so a
/// rule never panics.
pub struct Block<'a>(pub &'a [Range<usize>]);

static EMPTY: Range<usize> = 0..0;

impl std::ops::Index<usize> for Block<'_> {
    type Output = Range<usize>;
    fn index(&self, d: usize) -> &Range<usize> {
        self.0.get(d).unwrap_or(&EMPTY)
    }
}

/// Maps a device's result block to the hull of the indices it reads along one operand dimension.
pub type IndexMap = Box<dyn Fn(&Block<'_>) -> Range<usize>>;

/// How one operand dimension depends on the result.
pub enum Dep {
    Needs(IndexMap),
    Reduce(usize),
    All,
}

/// The combining operation of a reduction factor's partials.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    Sum,
    Max,
    Min,
    /// A reduction whose body is not a single add/max/min: sharding it is not local.
    Other,
}

/// An op's dependencies.
pub struct OpDeps {
    /// Per operand, per dimension.
    pub operands: Vec<Vec<Dep>>,
    /// How partials of reduction factors combine.
    pub combine: Combine,
    /// For `stablehlo.reduce`: input i is filled with operand `fill_from + i`
    /// outside the device's share (its init value); otherwise zeros.
    pub fill_from: Option<usize>,
    /// Whether the op is linear in its operands, so unreduced (partial)
    /// operands give an unreduced result: at most one partial operand for
    /// products, all alike for sums.
    pub linear: Linear,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Linear {
    No,
    /// Additive in every operand (add, subtract, negate, data movement).
    Every,
    /// Linear in each operand separately (dot, convolution): one partial operand.
    One,
}

fn identity(d: usize) -> Dep {
    Dep::Needs(Box::new(move |b: &Block<'_>| b[d].clone()))
}

fn all(rank: usize) -> Vec<Dep> {
    (0..rank).map(|_| Dep::All).collect()
}

/// The hull of `map(o)` over the outputs `o` in `r` that map to an input.
fn hull(r: Range<usize>, map: impl Fn(usize) -> Option<usize>) -> Range<usize> {
    let mut lo = usize::MAX;
    let mut hi = 0;
    for o in r {
        if let Some(i) = map(o) {
            lo = lo.min(i);
            hi = hi.max(i + 1);
        }
    }
    if lo == usize::MAX { 0..0 } else { lo..hi }
}

fn dims(v: &[i64]) -> Vec<usize> {
    v.iter().map(|&d| d.max(0) as usize).collect()
}

/// The dependencies of `op`, given its operand and result shapes.
pub fn deps(m: &Module, op: OpId, kind: OpKind, shapes: &[Vec<usize>], results: &[Vec<usize>]) -> IResult<OpDeps> {
    let o = m.op(op);
    let rank = |i: usize| shapes.get(i).map_or(0, Vec::len);
    let out_rank = results.first().map_or(0, Vec::len);
    let mut d = OpDeps {
        operands: shapes.iter().map(|s| all(s.len())).collect(),
        combine: Combine::Sum,
        fill_from: None,
        linear: Linear::No,
    };
    // Elementwise ops (the op table's trait): each same-rank operand maps dimension to dimension.
    let elementwise = |d: &mut OpDeps| {
        for (i, s) in shapes.iter().enumerate() {
            if s.len() == out_rank {
                d.operands[i] = (0..out_rank).map(identity).collect();
            }
        }
    };
    // Ops of other dialects have no dependency rule: every dimension of
    // every operand is needed whole (the default `d`), so a sharded operand
    // is implicit communication. Of the sdy ops only `sdy.constant` gets
    // here (the driver runs the others itself), and it has no operands.
    let k = match kind {
        OpKind::Stablehlo(k) => k,
        OpKind::Builtin(_)
        | OpKind::Func(_)
        | OpKind::Arith(_)
        | OpKind::Chlo(_)
        | OpKind::Mhlo(_)
        | OpKind::Sdy(_)
        | OpKind::Mpmd(_)
        | OpKind::Check(_)
        | OpKind::Interpreter(_)
        | OpKind::Hlo(_) => return Ok(d),
    };
    if kind.has(Traits::ELEMENTWISE) {
        elementwise(&mut d);
        d.linear = match k {
            StablehloOp::Add | StablehloOp::Subtract | StablehloOp::Negate => Linear::Every,
            StablehloOp::Multiply => Linear::One,
            _ => Linear::No,
        };
        return Ok(d);
    }
    use StablehloOp as S;
    match k {
        S::Constant | S::Iota => {}
        S::BroadcastInDim => {
            let bd = dims(&attrs::stablehlo::BroadcastInDim::of(o).broadcast_dimensions().req()?);
            let out = results.first().cloned().unwrap_or_default();
            d.operands[0] = bd
                .iter()
                .enumerate()
                .map(|(i, &r)| {
                    let same = shapes[0].get(i) == out.get(r);
                    if same {
                        identity(r)
                    } else {
                        Dep::Needs(Box::new(move |b: &Block<'_>| if b[r].is_empty() { 0..0 } else { 0..1 }))
                    }
                })
                .collect();
            d.linear = Linear::Every;
        }
        S::Transpose => {
            let perm = dims(&attrs::stablehlo::Transpose::of(o).permutation().req()?);
            let mut deps: Vec<Dep> = all(rank(0));
            for (r, &i) in perm.iter().enumerate() {
                if i < deps.len() {
                    deps[i] = identity(r);
                }
            }
            d.operands[0] = deps;
            d.linear = Linear::Every;
        }
        S::Reshape => {
            // Row-major reshape: an output element reads the operand element with
            // the same linear index; the hull per operand dimension is exact for
            // splits and merges of dimensions.
            let out = results.first().cloned().unwrap_or_default();
            let input = shapes[0].clone();
            d.operands[0] = (0..rank(0))
                .map(|i| {
                    let (out, input) = (out.clone(), input.clone());
                    Dep::Needs(Box::new(move |b: &Block<'_>| {
                        let ranges: Vec<Range<usize>> = (0..out.len()).map(|r| b[r].clone()).collect();
                        let lens: Vec<usize> = ranges.iter().map(|r| r.len()).collect();
                        let ostrides = crate::value::strides(&out);
                        let istrides = crate::value::strides(&input);
                        let (mut lo, mut hi) = (usize::MAX, 0);
                        crate::ops::shape::for_each_index(&lens, |idx| {
                            let lin: usize =
                                idx.iter().zip(&ranges).zip(&ostrides).map(|((&x, r), st)| (x + r.start) * st).sum();
                            let c = (lin / istrides[i].max(1)) % input[i].max(1);
                            lo = lo.min(c);
                            hi = hi.max(c + 1);
                        });
                        if lo == usize::MAX { 0..0 } else { lo..hi }
                    }))
                })
                .collect();
            d.linear = Linear::Every;
        }
        S::Concatenate => {
            let c = attrs::stablehlo::Dimension::of(o).dimension().req()?.max(0) as usize;
            let mut offset = 0;
            for (j, s) in shapes.iter().enumerate() {
                let len = s.get(c).copied().unwrap_or(0);
                let off = offset;
                d.operands[j] = (0..s.len())
                    .map(|i| {
                        if i == c {
                            Dep::Needs(Box::new(move |b: &Block<'_>| {
                                hull(b[c].clone(), |x| (x >= off && x < off + len).then(|| x - off))
                            }))
                        } else {
                            identity(i)
                        }
                    })
                    .collect();
                offset += len;
            }
            d.linear = Linear::Every;
        }
        S::Slice => {
            let (start, stride) = (
                dims(&attrs::stablehlo::Slice::of(o).start_indices().req()?),
                dims(&attrs::stablehlo::Slice::of(o).strides().req()?),
            );
            d.operands[0] = (0..rank(0))
                .map(|i| {
                    let (s, t) = (start.get(i).copied().unwrap_or(0), stride.get(i).copied().unwrap_or(1));
                    Dep::Needs(Box::new(move |b: &Block<'_>| hull(b[i].clone(), |x| Some(s + x * t))))
                })
                .collect();
            d.linear = Linear::Every;
        }
        S::Pad => {
            let lo = attrs::stablehlo::Pad::of(o).edge_padding_low().req()?;
            let inner = attrs::stablehlo::Pad::of(o).interior_padding().req()?;
            d.operands[0] = (0..rank(0))
                .map(|i| {
                    let (l, step, size) =
                        (lo.get(i).copied().unwrap_or(0), inner.get(i).copied().unwrap_or(0) + 1, shapes[0][i] as i64);
                    Dep::Needs(Box::new(move |b: &Block<'_>| {
                        hull(b[i].clone(), |x| {
                            let p = x as i64 - l;
                            (p >= 0 && p % step == 0 && p / step < size).then(|| (p / step) as usize)
                        })
                    }))
                })
                .collect();
        }
        S::Reverse => {
            let rev = dims(&attrs::stablehlo::Dimensions::of(o).dimensions().req()?);
            d.operands[0] = (0..rank(0))
                .map(|i| {
                    if rev.contains(&i) {
                        let n = shapes[0][i];
                        Dep::Needs(Box::new(move |b: &Block<'_>| hull(b[i].clone(), |x| n.checked_sub(x + 1))))
                    } else {
                        identity(i)
                    }
                })
                .collect();
            d.linear = Linear::Every;
        }
        S::DotGeneral | S::Dot => {
            let (lb, rb, lc, rc) = if k == S::Dot {
                (vec![], vec![], vec![rank(0).saturating_sub(1)], vec![0])
            } else {
                match attrs::stablehlo::DotGeneral::of(o).dot_dimension_numbers().get() {
                    Some(n) => (
                        dims(&n.lhs_batching_dimensions),
                        dims(&n.rhs_batching_dimensions),
                        dims(&n.lhs_contracting_dimensions),
                        dims(&n.rhs_contracting_dimensions),
                    ),
                    _ => return Ok(d),
                }
            };
            let mut next = lb.len();
            for (side, (b, c)) in [(&lb, &lc), (&rb, &rc)].into_iter().enumerate() {
                d.operands[side] = (0..rank(side))
                    .map(|i| {
                        if let Some(j) = b.iter().position(|&x| x == i) {
                            identity(j)
                        } else if let Some(j) = c.iter().position(|&x| x == i) {
                            Dep::Reduce(j)
                        } else {
                            next += 1;
                            identity(next - 1)
                        }
                    })
                    .collect();
            }
            d.linear = Linear::One;
        }
        S::Reduce => {
            let n = shapes.len() / 2;
            let red = dims(&attrs::stablehlo::Dimensions::of(o).dimensions().req()?);
            for i in 0..n {
                let mut next = 0;
                d.operands[i] = (0..rank(i))
                    .map(|x| {
                        if red.contains(&x) {
                            Dep::Reduce(x)
                        } else {
                            next += 1;
                            identity(next - 1)
                        }
                    })
                    .collect();
            }
            d.fill_from = Some(n);
            // One combiner for all results: a body of n independent ops of one kind.
            let kinds = o.regions.first().and_then(|&r| componentwise_ops(m, r, n)).unwrap_or_default();
            d.combine = match kinds.first() {
                Some(&k) if kinds.iter().any(|&x| x != k) => Combine::Other,
                Some(S::Add) => Combine::Sum,
                Some(S::Maximum) => Combine::Max,
                Some(S::Minimum) => Combine::Min,
                _ => Combine::Other,
            };
        }
        S::Gather => {
            // An operand dimension taken whole by every slice (an offset dimension whose slice
            // size is the dimension's size: its start index clamps to 0) passes through to its
            // offset dimension of the result, and an index batch dimension to its batch
            // dimension of the result (the rule's pass-through factors). Every other operand
            // dimension is a reduction factor: a device gathers what it holds and zeros
            // elsewhere (upstream's convert-global-to-local masks out-of-shard indices the same
            // way); the index vector dimension is needed whole.
            d.operands[0] = (0..rank(0)).map(Dep::Reduce).collect();
            if let Some(dn) = attrs::stablehlo::Gather::of(o).dimension_numbers().get() {
                let sizes = dims(&attrs::stablehlo::DynamicSlice::of(o).slice_sizes().req()?);
                let offset = dims(&dn.offset_dims);
                let skipped = dims(&dn.collapsed_slice_dims).into_iter().chain(dims(&dn.operand_batching_dims));
                let skipped: Vec<usize> = skipped.collect();
                let windowed = (0..rank(0)).filter(|i| !skipped.contains(i));
                for (&r, i) in offset.iter().zip(windowed) {
                    if sizes.get(i) == shapes[0].get(i) {
                        d.operands[0][i] = identity(r);
                    }
                }
                let batch = (0..out_rank).filter(|r| !offset.contains(r));
                let ivd = usize::try_from(dn.index_vector_dim).ok();
                let index_dims = (0..rank(1)).filter(|&j| Some(j) != ivd);
                if let Some(indices) = d.operands.get_mut(1) {
                    for (j, r) in index_dims.zip(batch) {
                        if let Some(dep) = indices.get_mut(j) {
                            *dep = identity(r);
                        }
                    }
                }
            }
        }
        S::Convolution => {
            let Some(n) = attrs::stablehlo::Convolution::of(o).dimension_numbers().get() else {
                return Ok(d);
            };
            let fgc = attrs::stablehlo::Convolution::of(o).feature_group_count().req().unwrap_or(1).max(1) as usize;
            let bgc = attrs::stablehlo::Convolution::of(o).batch_group_count().req().unwrap_or(1).max(1) as usize;
            let (ib, i_f) = (n.input_batch_dimension as usize, n.input_feature_dimension as usize);
            let (ki, ko) = (n.kernel_input_feature_dimension as usize, n.kernel_output_feature_dimension as usize);
            let (ob, of) = (n.output_batch_dimension as usize, n.output_feature_dimension as usize);
            let out_features = results.first().and_then(|r| r.get(of)).copied().unwrap_or(1);
            let mut input = all(rank(0));
            let mut kernel = all(rank(1));
            if ib < input.len() {
                input[ib] = if bgc == 1 {
                    identity(ob)
                } else {
                    // Batch groups: output feature group g reads input batch group g.
                    let in_batch = shapes[0][ib];
                    let (per_in, per_out) = (in_batch / bgc, (out_features / bgc).max(1));
                    Dep::Needs(Box::new(move |b: &Block<'_>| {
                        if b[of].is_empty() || b[ob].is_empty() {
                            return 0..0;
                        }
                        let (g0, g1) = (b[of].start / per_out, (b[of].end - 1) / per_out);
                        g0 * per_in + b[ob].start..g1 * per_in + b[ob].end
                    }))
                };
            }
            if i_f < input.len() && ki < kernel.len() {
                if fgc == 1 {
                    input[i_f] = Dep::Reduce(0);
                    kernel[ki] = Dep::Reduce(0);
                } else {
                    let in_features = shapes[0][i_f];
                    let (per_in, per_out) = (in_features / fgc, (out_features / fgc).max(1));
                    input[i_f] = Dep::Needs(Box::new(move |b: &Block<'_>| {
                        if b[of].is_empty() {
                            return 0..0;
                        }
                        (b[of].start / per_out) * per_in..((b[of].end - 1) / per_out + 1) * per_in
                    }));
                }
            }
            if ko < kernel.len() {
                kernel[ko] = identity(of);
            }
            d.operands[0] = input;
            d.operands[1] = kernel;
            d.linear = Linear::One;
        }
        S::ReduceWindow | S::SelectAndScatter => {
            let rw = attrs::stablehlo::ReduceWindow::of(o);
            let w = rw.window_dimensions().req()?;
            let strides = rw.window_strides().opt()?;
            let plain = |i: usize| {
                let one = |field: attrs::Field<'_, attrs::kind::Ints>| {
                    field.opt().ok().flatten().is_none_or(|v| v.get(i).is_none_or(|&x| x == 1))
                };
                let no_pad = match rw.padding().raw() {
                    None => true,
                    Some(a) => attrs::ints_of(a).is_none_or(|v| v.get(2 * i..2 * i + 2).is_none_or(|p| p == [0, 0])),
                };
                w.get(i) == Some(&1)
                    && strides.as_ref().is_none_or(|s| s.get(i).is_none_or(|&x| x == 1))
                    && one(rw.base_dilations())
                    && one(rw.window_dilations())
                    && no_pad
            };
            let n = if k == S::ReduceWindow { shapes.len() / 2 } else { 2 };
            for j in 0..n {
                d.operands[j] = (0..rank(j)).map(|i| if plain(i) { identity(i) } else { Dep::All }).collect();
            }
        }
        S::Fft => {
            let len = attrs::stablehlo::Fft::of(o).fft_length().req()?.len();
            let r = rank(0);
            d.operands[0] = (0..r).map(|i| if i + len >= r { Dep::All } else { identity(i) }).collect();
        }
        S::OptimizationBarrier => {
            // Index maps are stated against result #0's block, so only a single
            // operand passes through; several operands need their whole values.
            if let [s] = shapes {
                d.operands[0] = (0..s.len()).map(identity).collect();
            }
        }
        // Ops without a precise rule here need every operand dimension whole.
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
        | S::DynamicIota
        | S::Broadcast
        | S::DynamicBroadcastInDim
        | S::DynamicReshape
        | S::DynamicSlice
        | S::RealDynamicSlice
        | S::DynamicUpdateSlice
        | S::DynamicPad
        | S::DynamicGather
        | S::Scatter
        | S::Sort
        | S::GetDimensionSize
        | S::SetDimensionSize
        | S::TorchIndexSelect
        | S::Map
        | S::Einsum
        | S::UnaryEinsum
        | S::DynamicConv
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
        | S::Return
        | S::Composite
        | S::CustomCall
        | S::Tuple
        | S::GetTupleElement
        | S::CreateToken
        | S::AfterAll
        | S::Infeed
        | S::Outfeed
        | S::Send
        | S::Recv
        | S::AllGather
        | S::AllReduce
        | S::AllToAll
        | S::ReduceScatter
        | S::CollectivePermute
        | S::CollectiveBroadcast
        | S::CollectiveReduce
        | S::CrossReplicaSum
        | S::PartitionId
        | S::ReplicaId
        | S::AsyncStart
        | S::AsyncDone => {}
    }
    Ok(d)
}

/// How each device lays out its operands on the canvas, and what its results are partial over.
pub struct CanvasPlan {
    /// [device][operand][dim]: the part of the operand's global range the device places.
    pub masks: Vec<Vec<Vec<Range<usize>>>>,
    pub fill_from: Option<usize>,
    pub partial: Vec<AxisPart>,
    pub combine: ReductionKind,
}

/// The canvas plan of `op`, or why it has none: every device must hold what the op reads to
/// compute its block (the refusal of an implicit reshard, or another trap of the sharded
/// semantics, when it does not).
pub fn plan(
    m: &Module,
    op: OpId,
    kind: OpKind,
    operands: &[Held],
    results: &[(Vec<usize>, Sharding)],
) -> IResult<CanvasPlan> {
    let o = m.op(op);
    let span = o.span;
    let name = o.name.as_str();
    let shapes: Vec<Vec<usize>> = operands.iter().map(|h| h.global.clone()).collect();
    let rshapes: Vec<Vec<usize>> = results.iter().map(|(g, _)| g.clone()).collect();
    let deps = deps(m, op, kind, &shapes, &rshapes).map_err(|e| e.at(span))?;
    let Some((rglobal, rs)) = results.first() else {
        return Err(InterpError::unsupported(span, format!("sharded execution of '{name}', which has no results")));
    };
    let mesh = rs.mesh.clone();
    for (i, h) in operands.iter().enumerate() {
        if h.sharding.mesh.device_ids != mesh.device_ids {
            return Err(InterpError::trap(
                span,
                format!("'{name}': operand #{i} is on a mesh with other device ids than its result"),
            ));
        }
    }
    for (j, (_, s)) in results.iter().enumerate().skip(1) {
        // Index maps are stated against result #0's block; results of the same rank must share it.
        if s.dims.len() == rs.dims.len() && s.dims != rs.dims {
            return Err(InterpError::trap(span, format!("'{name}': result #{j} is sharded unlike result #0")));
        }
    }
    // Partial (unreduced) operands are only allowed through linear ops.
    let partial: Vec<usize> = (0..operands.len()).filter(|&i| !operands[i].sharding.unreduced.is_empty()).collect();
    let mut carried: Vec<AxisPart> = vec![];
    if let Some(&i) = partial.first() {
        let ok = match deps.linear {
            Linear::No => false,
            Linear::One => partial.len() == 1,
            Linear::Every => {
                partial.len() == operands.len()
                    && operands.iter().all(|h| h.sharding.unreduced == operands[i].sharding.unreduced)
            }
        } && operands[i].sharding.reduction == ReductionKind::Sum;
        if !ok {
            let axes = mesh.parts_name(&operands[i].sharding.unreduced);
            let msg = format!(
                "'{name}': operand #{i} is unreduced over {axes} and the op needs its reduced value (a missing sdy.all_reduce)"
            );
            let refusal = Refusal {
                need: Need::AllReduce,
                op: name.to_string(),
                value: RefusedValue::Operand(i),
                dim: None,
                factor: None,
                axes,
            };
            return Err(InterpError::refused(span, refusal, msg));
        }
        carried = operands[i].sharding.unreduced.clone();
    }
    let (factors, reduce_axes) = reduction_factors(&deps, operands).map_err(|c| {
        let (i, d, axes, msg) = match c {
            FactorConflict::Unlike { i, d, i0, d0, axes, first } => (i, d, mesh.parts_name(&axes), format!(
                "'{name}': operand #{i} dimension {d} is sharded on {} but operand #{i0} dimension {d0} of the same reduction factor on {} (implicit communication)",
                mesh.parts_name(&axes),
                mesh.parts_name(&first)
            )),
            FactorConflict::Shared { i, d, i0, d0, axes } => (i, d, mesh.parts_name(&axes), format!(
                "'{name}': operand #{i} dimension {d} and operand #{i0} dimension {d0} are sharded on the same axes {} but belong to different reduction factors (implicit communication)",
                mesh.parts_name(&axes)
            )),
        };
        let refusal = Refusal {
            need: Need::Reshard,
            op: name.to_string(),
            value: RefusedValue::Operand(i),
            dim: Some(d),
            factor: None,
            axes,
        };
        InterpError::refused(span, refusal, msg)
    })?;
    if !reduce_axes.is_empty() {
        if deps.combine == Combine::Other {
            return Err(InterpError::trap(
                span,
                format!(
                    "'{name}': reduces over dimensions sharded on {} with a body that is not a single add, max or min",
                    mesh.parts_name(&reduce_axes)
                ),
            ));
        }
        for (d, axes) in rs.dims.iter().enumerate() {
            if let Some(x) = axes.iter().find(|x| x.overlaps_any(&reduce_axes)) {
                return Err(InterpError::trap(
                    span,
                    format!(
                        "'{name}': result dimension {d} is sharded on {}, an axis the op reduces over",
                        mesh.part_name(*x)
                    ),
                ));
            }
        }
    }
    // Per device: needed ⊆ held.
    let mut masks: Vec<Vec<Vec<Range<usize>>>> = vec![];
    for p in 0..mesh.num_devices() {
        let block = rs.block(rglobal, p);
        let mut per_operand = vec![];
        for (i, h) in operands.iter().enumerate() {
            let held = h.sharding.block(&h.global, p);
            let mut mask: Vec<Range<usize>> = (0..h.global.len()).map(|d| 0..h.global[d]).collect();
            for (d, dep) in deps.operands[i].iter().enumerate() {
                let needed = match dep {
                    Dep::Needs(f) => f(&Block(&block)),
                    Dep::All => 0..h.global[d],
                    Dep::Reduce(f) => match factors.get(f) {
                        Some((axes, _, _)) => {
                            let n: usize = axes.iter().map(|x| x.size).product();
                            let len = h.global[d].div_ceil(n.max(1));
                            let start = (mesh.index_over(axes, p) * len).min(h.global[d]);
                            let r = start..(start + len).min(h.global[d]);
                            mask[d] = r.clone();
                            r
                        }
                        None => 0..h.global[d],
                    },
                };
                if !needed.is_empty() && (needed.start < held[d].start || needed.end > held[d].end) {
                    let axes = mesh.parts_name(h.sharding.dims.get(d).map_or(&[][..], |v| v));
                    let msg = format!(
                        "'{name}': operand #{i} dimension {d} is sharded on {axes}: device {} needs elements [{}, {}) of it but holds [{}, {}) (implicit communication)",
                        mesh.device_id(p),
                        needed.start,
                        needed.end,
                        held[d].start,
                        held[d].end
                    );
                    let refusal = Refusal {
                        need: Need::Reshard,
                        op: name.to_string(),
                        value: RefusedValue::Operand(i),
                        dim: Some(d),
                        factor: None,
                        axes,
                    };
                    return Err(InterpError::refused(span, refusal, msg));
                }
            }
            per_operand.push(mask);
        }
        masks.push(per_operand);
    }
    let combine = reduction_kind(deps.combine).unwrap_or(ReductionKind::Sum);
    if !carried.is_empty() && !reduce_axes.is_empty() && combine != ReductionKind::Sum {
        return Err(InterpError::trap(
            span,
            format!("'{name}': mixes sum partials with a {} reduction", combine.keyword()),
        ));
    }
    // A partial operand is linear only in the sum over its own axes: a
    // reduction sharded on those axes too would multiply partials of
    // one group with each other's blocks.
    if let Some(x) = carried.iter().find(|x| x.overlaps_any(&reduce_axes)) {
        let axes = mesh.part_name(*x);
        let msg = format!(
            "'{name}': an operand is unreduced over {axes} and the op reduces over dimensions sharded on it (a missing sdy.all_reduce)"
        );
        let i = operands.iter().position(|h| h.sharding.unreduced.contains(x)).unwrap_or(0);
        let refusal = Refusal {
            need: Need::AllReduce,
            op: name.to_string(),
            value: RefusedValue::Operand(i),
            dim: None,
            factor: None,
            axes,
        };
        return Err(InterpError::refused(span, refusal, msg));
    }
    let mut partial_axes = carried;
    for x in reduce_axes {
        if !partial_axes.contains(&x) {
            partial_axes.push(x);
        }
    }
    // A result cannot be partial over an axis that also shards it.
    for (j, (_, s)) in results.iter().enumerate() {
        for (d, axes) in s.dims.iter().enumerate() {
            if let Some(x) = axes.iter().find(|x| x.overlaps_any(&partial_axes)) {
                let axes = mesh.part_name(*x);
                let msg = format!(
                    "'{name}': result #{j} dimension {d} is sharded on {axes}, an axis its partial operands are unreduced over (implicit communication)"
                );
                let refusal = Refusal {
                    need: Need::Reshard,
                    op: name.to_string(),
                    value: RefusedValue::Result(j),
                    dim: Some(d),
                    factor: None,
                    axes,
                };
                return Err(InterpError::refused(span, refusal, msg));
            }
        }
    }
    Ok(CanvasPlan { masks, fill_from: deps.fill_from, partial: partial_axes, combine })
}

/// How the partials of a reduction factor combine, as a sharding's reduction kind; `None` for a
/// body that is not a single add, max or min.
pub(crate) fn reduction_kind(c: Combine) -> Option<ReductionKind> {
    match c {
        Combine::Sum => Some(ReductionKind::Sum),
        Combine::Max => Some(ReductionKind::Max),
        Combine::Min => Some(ReductionKind::Min),
        Combine::Other => None,
    }
}

/// Why an op's sharded reduction factors cannot run locally.
pub(crate) enum FactorConflict {
    /// Two carriers of one factor sharded on different axes: operand `i` dimension `d` on `axes`,
    /// operand `i0` dimension `d0` (the factor's first carrier) on `first`.
    Unlike { i: usize, d: usize, i0: usize, d0: usize, axes: Vec<AxisPart>, first: Vec<AxisPart> },
    /// Two factors sharded on overlapping axes (only their diagonal blocks would meet).
    Shared { i: usize, d: usize, i0: usize, d0: usize, axes: Vec<AxisPart> },
}

/// The reduction factors an op's operands shard: per factor, its axes and its first carrier
/// (operand, dimension), and all their axes sorted. Every carrier of a factor must be sharded
/// alike (or replicated) and no two factors may share an axis.
#[allow(clippy::type_complexity)]
pub(crate) fn reduction_factors(
    deps: &OpDeps,
    operands: &[Held],
) -> Result<(HashMap<usize, (Vec<AxisPart>, usize, usize)>, Vec<AxisPart>), FactorConflict> {
    let mut factors: HashMap<usize, (Vec<AxisPart>, usize, usize)> = HashMap::new();
    for (i, dl) in deps.operands.iter().enumerate() {
        for (d, dep) in dl.iter().enumerate() {
            let Dep::Reduce(f) = dep else { continue };
            let Some(axes) = operands[i].sharding.dims.get(d) else { continue };
            if axes.is_empty() {
                continue;
            }
            match factors.get(f) {
                None => {
                    factors.insert(*f, (axes.clone(), i, d));
                }
                Some((first, i0, d0)) if first != axes => {
                    return Err(FactorConflict::Unlike {
                        i,
                        d,
                        i0: *i0,
                        d0: *d0,
                        axes: axes.clone(),
                        first: first.clone(),
                    });
                }
                Some(_) => {}
            }
        }
    }
    let mut by_factor: Vec<(&usize, &(Vec<AxisPart>, usize, usize))> = factors.iter().collect();
    by_factor.sort_by_key(|(f, _)| **f);
    let mut all: Vec<AxisPart> = vec![];
    for (k, (_, (axes, i, d))) in by_factor.iter().enumerate() {
        if let Some((_, (_, i0, d0))) =
            by_factor[..k].iter().find(|(_, (a, _, _))| axes.iter().any(|x| x.overlaps_any(a)))
        {
            return Err(FactorConflict::Shared { i: *i, d: *d, i0: *i0, d0: *d0, axes: axes.clone() });
        }
        all.extend(axes.iter().copied());
    }
    all.sort_by_key(|x| (x.axis, x.pre));
    Ok((factors, all))
}

/// The single stablehlo op of a two-argument reduction body, if it is one.
pub(crate) fn single_op_kind(m: &Module, r: shardref_spec::ir::RegionId) -> Option<StablehloOp> {
    let region = m.region(r);
    let [b] = region.blocks.as_slice() else { return None };
    let block = m.block(*b);
    let [first, ret] = block.ops.as_slice() else { return None };
    let (fo, ro) = (m.op(*first), m.op(*ret));
    let k = match fo.name.kind()? {
        OpKind::Stablehlo(k) => k,
        _ => return None,
    };
    let ok = block.args.len() == 2 && fo.operands == block.args && ro.operands == fo.results;
    ok.then_some(k)
}

/// The op kinds of a reduction body made of `n` independent binary ops, in result order: op i
/// reads block arguments i and n + i (in either order) and the return yields the n results in
/// order. `None` for any other body. Each result of such a reduce combines on its own.
pub(crate) fn componentwise_ops(m: &Module, r: shardref_spec::ir::RegionId, n: usize) -> Option<Vec<StablehloOp>> {
    let region = m.region(r);
    let [b] = region.blocks.as_slice() else { return None };
    let block = m.block(*b);
    let (ret, body) = block.ops.split_last()?;
    if block.args.len() != 2 * n || body.len() != n || m.op(*ret).operands.len() != n {
        return None;
    }
    let mut kinds = Vec::with_capacity(n);
    for (i, &result) in m.op(*ret).operands.iter().enumerate() {
        let def = body.iter().map(|&id| m.op(id)).find(|o| o.results.as_slice() == [result])?;
        let OpKind::Stablehlo(k) = def.name.kind()? else { return None };
        let (a, b) = (block.args[i], block.args[n + i]);
        if def.operands.as_slice() != [a, b] && def.operands.as_slice() != [b, a] {
            return None;
        }
        kinds.push(k);
    }
    Some(kinds)
}
