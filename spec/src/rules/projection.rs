//! Projecting tensor shardings onto an op's factors and back (upstream's
//! `sharding_projection.{h,cc}`, sharding-rules.md §1.3), and the
//! compatibility test of `getCompatibleFactorShardings` (ERU).
//!
//! A dimension sharding `{a0, a1, ...}` (axes major to minor) over a dimension
//! mapped to factors `f0..fk` (major to minor) is dealt out factor by factor: a
//! non-minor-most factor takes axes while they share a divisor with what is
//! left of its size (splitting an axis into sub-axes `"a":(pre)size` when only
//! part of it fits); if an axis is coprime with a remaining size above 1, every
//! remaining axis becomes that factor's overflow axes and the next factor gets
//! an empty closed sharding. The minor-most factor takes every remaining axis,
//! even when they do not divide its size. Projecting back concatenates the
//! factors' axes per dimension, merging adjacent sub-axes of one axis, and
//! stops after overflow axes or after a factor sharded less than its size.
//!
//! Invariants: these are pure functions of their inputs; an axis the mesh does
//! not have makes the projection fail (`None`) instead of guessing its size;
//! for shardings without priorities and with valid axes, projecting onto any
//! rule and back gives the sharding again (tested below by proptest).

use std::collections::BTreeMap;

use crate::ir::sdy::{
    AxisRef, DimensionSharding, Mesh, MeshOrRef, OpShardingRule, ReductionKind, SubAxisInfo, TensorMapping,
    TensorSharding,
};

/// How one factor of one tensor is sharded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FactorSharding {
    /// The axes the factor is sharded along, major to minor.
    pub axes: Vec<AxisRef>,
    /// Whether the factor may not be sharded further.
    pub is_closed: bool,
    /// Whether the factor is the last (minor-most) of its dimension.
    pub is_minor_most: bool,
    /// Axes of the dimension beyond this non-minor-most factor whose first
    /// axis does not divide the factor's remaining size.
    pub overflow_axes: Vec<AxisRef>,
}

/// The factor shardings of one tensor, with the axes it keeps as they are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TensorFactorShardings {
    /// Factor index → sharding, for the factors the tensor has (after an
    /// overflow, later factors of that dimension are absent, as upstream).
    pub factors: BTreeMap<i64, FactorSharding>,
    pub replicated: Vec<AxisRef>,
    pub unreduced: Vec<AxisRef>,
    pub reduction: ReductionKind,
}

/// The factor shardings of every operand and result of one op.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShardingProjection {
    pub operands: Vec<TensorFactorShardings>,
    pub results: Vec<TensorFactorShardings>,
}

/// The size of an axis reference on `mesh`.
pub fn axis_size(a: &AxisRef, mesh: &Mesh) -> Option<i64> {
    match a.sub_axis {
        Some(s) => Some(s.size),
        None => mesh.axis_size(&a.name),
    }
}

/// Whether `a` and `b` are consecutive sub-axes of one axis (`canMerge`).
fn can_merge(a: &AxisRef, b: &AxisRef) -> bool {
    match (a.sub_axis, b.sub_axis) {
        (Some(x), Some(y)) => a.name == b.name && x.pre_size.checked_mul(x.size) == Some(y.pre_size),
        _ => false,
    }
}

/// `addAxisOrMerge`: appends `a`, merging it into the last axis when they are
/// consecutive sub-axes (a merge covering the whole axis becomes the full axis).
fn push_or_merge(axes: &mut Vec<AxisRef>, a: AxisRef, mesh: &Mesh) {
    if let Some(last) = axes.last_mut()
        && let (Some(x), Some(y)) = (last.sub_axis, a.sub_axis)
        && can_merge(last, &a)
    {
        let size = x.size.saturating_mul(y.size);
        last.sub_axis = if mesh.axis_size(&last.name) == Some(size) && x.pre_size == 1 {
            None
        } else {
            Some(SubAxisInfo { pre_size: x.pre_size, size })
        };
        return;
    }
    axes.push(a);
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(i64::MAX)
}

/// The part of an axis not yet dealt out: its remaining size and, once it has
/// been split, the pre-size of the remaining sub-axis.
#[derive(Clone, Copy)]
struct Remaining {
    size: i64,
    split_pre_size: Option<i64>,
}

impl Remaining {
    fn of(axes: &[AxisRef], i: usize, mesh: &Mesh) -> Option<Option<Remaining>> {
        match axes.get(i) {
            None => Some(None),
            Some(a) => {
                Some(Some(Remaining { size: axis_size(a, mesh)?, split_pre_size: a.sub_axis.map(|s| s.pre_size) }))
            }
        }
    }
    fn sub_axis(&self) -> Option<SubAxisInfo> {
        self.split_pre_size.map(|pre_size| SubAxisInfo { pre_size, size: self.size })
    }
}

/// `addRemainingAxes`: the rest of the current axis and every later axis.
fn add_remaining(
    out: &mut Vec<AxisRef>,
    mut rem: Option<Remaining>,
    axes: &[AxisRef],
    mut i: usize,
    mesh: &Mesh,
) -> Option<()> {
    while let Some(r) = rem {
        push_or_merge(out, AxisRef { name: axes[i].name.clone(), sub_axis: r.sub_axis() }, mesh);
        i += 1;
        rem = Remaining::of(axes, i, mesh)?;
    }
    Some(())
}

/// `buildTensorFactorShardings`: projects one tensor's sharding (or, when it
/// has none, an empty one that is closed iff `closed_if_missing`) onto the
/// factors of its mapping.
pub fn project_tensor(
    mapping: &TensorMapping,
    sharding: Option<&TensorSharding>,
    factor_sizes: &[i64],
    mesh: &Mesh,
    closed_if_missing: bool,
) -> Option<TensorFactorShardings> {
    let mut result = TensorFactorShardings::default();
    if sharding.is_some_and(|s| s.dims.len() != mapping.dims.len()) {
        return None;
    }
    for (dim, dm) in mapping.dims.iter().enumerate() {
        let (axes, dim_closed): (&[AxisRef], bool) = match sharding {
            Some(s) => (&s.dims[dim].axes, s.dims[dim].is_closed),
            None => (&[], closed_if_missing),
        };
        let mut i = 0usize;
        let mut rem = Remaining::of(axes, i, mesh)?;
        let mut has_overflow = false;
        for (k, &f) in dm.factors.iter().enumerate() {
            let fs = result.factors.entry(f).or_default();
            fs.is_minor_most = k + 1 == dm.factors.len();
            if has_overflow {
                fs.is_closed = true;
                break;
            }
            fs.is_closed = dim_closed;
            let mut remaining_factor = *usize::try_from(f).ok().and_then(|f| factor_sizes.get(f))?;
            if fs.is_minor_most {
                add_remaining(&mut fs.axes, rem, axes, i, mesh)?;
                break;
            }
            let mut g = 1;
            while let Some(r) = rem.as_mut() {
                if r.size != 1 {
                    g = gcd(remaining_factor, r.size);
                    if g <= 1 {
                        break;
                    }
                }
                let name = axes[i].name.clone();
                let sub_axis = if r.size > g {
                    let pre = r.split_pre_size.unwrap_or(1);
                    r.split_pre_size = Some(pre.checked_mul(g)?);
                    r.size /= g;
                    remaining_factor /= g;
                    Some(SubAxisInfo { pre_size: pre, size: g })
                } else {
                    let s = r.sub_axis();
                    remaining_factor /= r.size.max(1);
                    i += 1;
                    rem = Remaining::of(axes, i, mesh)?;
                    s
                };
                fs.axes.push(AxisRef { name, sub_axis });
            }
            if remaining_factor > 1 && rem.is_some() {
                has_overflow = true;
                add_remaining(&mut fs.overflow_axes, rem, axes, i, mesh)?;
            }
        }
    }
    if let Some(s) = sharding {
        result.replicated = s.replicated.clone();
        result.unreduced = s.unreduced.clone();
        result.reduction = s.reduction;
    }
    Some(result)
}

impl TensorFactorShardings {
    /// `createTensorShardingAttr`: the tensor sharding these factor shardings
    /// describe on a tensor with `mapping`, bound to `mesh_ref` (whose mesh is
    /// `mesh`). Any factor that would need a strided view is left out.
    pub fn to_tensor_sharding(
        &self,
        mapping: &TensorMapping,
        factor_sizes: &[i64],
        mesh_ref: MeshOrRef,
        mesh: &Mesh,
    ) -> Option<TensorSharding> {
        let mut dims = Vec::with_capacity(mapping.dims.len());
        for dm in &mapping.dims {
            let mut closed = false;
            let mut axes: Vec<AxisRef> = vec![];
            for &f in &dm.factors {
                let size = *usize::try_from(f).ok().and_then(|f| factor_sizes.get(f))?;
                let fs = self.factors.get(&f)?;
                closed |= fs.is_closed;
                let sharded = add_axes(&mut axes, &fs.axes, mesh)?;
                if !fs.overflow_axes.is_empty() {
                    add_axes(&mut axes, &fs.overflow_axes, mesh)?;
                    break;
                }
                if sharded < size {
                    break;
                }
            }
            dims.push(DimensionSharding { axes, is_closed: closed, priority: None });
        }
        Some(TensorSharding {
            mesh: mesh_ref,
            dims,
            replicated: self.replicated.clone(),
            unreduced: self.unreduced.clone(),
            reduction: self.reduction,
        })
    }

    /// The axes of factor `f`, if the tensor has it (`getFactorSharding`).
    pub fn factor_axes(&self, f: i64) -> Option<&[AxisRef]> {
        self.factors.get(&f).map(|s| s.axes.as_slice())
    }
}

/// `addAxesToDimSharding`: appends `new`, merging its first axis into the
/// last one when they are consecutive sub-axes; returns the product of the sizes.
fn add_axes(axes: &mut Vec<AxisRef>, new: &[AxisRef], mesh: &Mesh) -> Option<i64> {
    let mut total = 1i64;
    for (k, a) in new.iter().enumerate() {
        total = total.saturating_mul(axis_size(a, mesh)?);
        if k == 0 {
            push_or_merge(axes, a.clone(), mesh);
        } else {
            axes.push(a.clone());
        }
    }
    Some(total)
}

impl ShardingProjection {
    /// Projects every operand and result sharding (None: no sharding) onto `rule`.
    pub fn build(
        operands: &[Option<&TensorSharding>],
        results: &[Option<&TensorSharding>],
        rule: &OpShardingRule,
        mesh: &Mesh,
        closed_if_missing: bool,
    ) -> Option<ShardingProjection> {
        if operands.len() != rule.operand_mappings.len() || results.len() != rule.result_mappings.len() {
            return None;
        }
        let project = |(s, m): (&Option<&TensorSharding>, &TensorMapping)| {
            project_tensor(m, *s, &rule.factor_sizes, mesh, closed_if_missing)
        };
        Some(ShardingProjection {
            operands: operands.iter().zip(&rule.operand_mappings).map(project).collect::<Option<_>>()?,
            results: results.iter().zip(&rule.result_mappings).map(project).collect::<Option<_>>()?,
        })
    }

    /// Every tensor, operands first.
    pub fn tensors(&self) -> impl Iterator<Item = &TensorFactorShardings> {
        self.operands.iter().chain(&self.results)
    }
}

/// Whether two axis references share devices (`AxisRefAttr::overlaps`).
pub fn overlaps(a: &AxisRef, b: &AxisRef) -> bool {
    if a.name != b.name {
        return false;
    }
    match (a.sub_axis, b.sub_axis) {
        (Some(x), Some(y)) => {
            x.pre_size < y.pre_size.saturating_mul(y.size) && y.pre_size < x.pre_size.saturating_mul(x.size)
        }
        _ => true,
    }
}

/// `getCompatibleFactorShardings`: the common axes of every factor when the
/// projection needs no communication — every tensor that has a factor shards
/// it alike, need-replication factors are unsharded, and no axis shards two
/// factors — else None. Assumes no overflow axes (only reshape has them).
pub fn compatible_factor_shardings(p: &ShardingProjection, rule: &OpShardingRule) -> Option<Vec<Vec<AxisRef>>> {
    let n = rule.factor_sizes.len();
    let mut common = vec![vec![]; n];
    let mut seen: Vec<AxisRef> = vec![];
    for (f, slot) in common.iter_mut().enumerate() {
        let f = f as i64;
        let mut shared: Option<&[AxisRef]> = None;
        for t in p.tensors() {
            if let Some(axes) = t.factor_axes(f) {
                match shared {
                    None => shared = Some(axes),
                    Some(s) if s != axes => return None,
                    Some(_) => {}
                }
            }
        }
        let axes = shared.unwrap_or(&[]);
        if rule.need_replication_factors.contains(&f) {
            if !axes.is_empty() {
                return None;
            }
            continue;
        }
        if axes.iter().any(|a| seen.iter().any(|s| overlaps(a, s))) {
            return None;
        }
        *slot = axes.to_vec();
        seen.extend_from_slice(axes);
    }
    Some(common)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::sdy::{DimMapping, MeshAxis};
    use proptest::prelude::*;

    fn mesh(axes: &[(&str, i64)]) -> Mesh {
        Mesh::new(axes.iter().map(|(n, s)| MeshAxis { name: n.to_string(), size: *s }).collect(), None)
    }
    fn full(n: &str) -> AxisRef {
        AxisRef::full(n)
    }
    fn sub(n: &str, pre: i64, size: i64) -> AxisRef {
        AxisRef { name: n.into(), sub_axis: Some(SubAxisInfo { pre_size: pre, size }) }
    }
    fn sharding(dims: Vec<Vec<AxisRef>>) -> TensorSharding {
        TensorSharding {
            mesh: MeshOrRef::Ref("m".into()),
            dims: dims.into_iter().map(|axes| DimensionSharding { axes, is_closed: true, priority: None }).collect(),
            replicated: vec![],
            unreduced: vec![],
            reduction: ReductionKind::Sum,
        }
    }
    fn mapping(dims: &[&[i64]]) -> TensorMapping {
        TensorMapping { dims: dims.iter().map(|d| DimMapping { factors: d.to_vec() }).collect() }
    }

    /// The example of upstream's `ShardingProjection` header comment.
    #[test]
    fn header_example() {
        let m = mesh(&[("x", 4), ("y", 2)]);
        let sizes = [2, 4];
        let operand = mapping(&[&[0, 1]]);
        let result = mapping(&[&[0], &[1]]);
        let p = project_tensor(&operand, Some(&sharding(vec![vec![full("x"), full("y")]])), &sizes, &m, false).unwrap();
        assert_eq!(p.factor_axes(0).unwrap(), &[sub("x", 1, 2)]);
        assert_eq!(p.factor_axes(1).unwrap(), &[sub("x", 2, 2), full("y")]);
        // Projected back onto the operand, the split axis merges again.
        let back = p.to_tensor_sharding(&operand, &sizes, MeshOrRef::Ref("m".into()), &m).unwrap();
        assert_eq!(back.dims[0].axes, vec![full("x"), full("y")]);
        // Onto the result, each factor becomes its own dimension.
        let res = p.to_tensor_sharding(&result, &sizes, MeshOrRef::Ref("m".into()), &m).unwrap();
        assert_eq!(res.dims[0].axes, vec![sub("x", 1, 2)]);
        assert_eq!(res.dims[1].axes, vec![sub("x", 2, 2), full("y")]);
    }

    #[test]
    fn overflow_axes_close_later_factors() {
        // [ij] with i=2, j=4 sharded on "y"=3: 3 is coprime with 2, so "y"
        // overflows factor i and j gets an empty closed sharding.
        let m = mesh(&[("y", 3)]);
        let sizes = [2, 4];
        let t = mapping(&[&[0, 1]]);
        let mut s = sharding(vec![vec![full("y")]]);
        s.dims[0].is_closed = false;
        let p = project_tensor(&t, Some(&s), &sizes, &m, false).unwrap();
        let i = &p.factors[&0];
        assert!(i.axes.is_empty());
        assert_eq!(i.overflow_axes, vec![full("y")]);
        assert!(!i.is_closed);
        let j = &p.factors[&1];
        assert!(j.axes.is_empty() && j.is_closed);
        let back = p.to_tensor_sharding(&t, &sizes, MeshOrRef::Ref("m".into()), &m).unwrap();
        assert_eq!(back.dims[0].axes, vec![full("y")]);
    }

    #[test]
    fn minor_most_factor_takes_non_dividing_axes() {
        // A single factor of size 3 sharded on "x"=2 (needs padding).
        let m = mesh(&[("x", 2)]);
        let p = project_tensor(&mapping(&[&[0]]), Some(&sharding(vec![vec![full("x")]])), &[3], &m, false).unwrap();
        assert_eq!(p.factor_axes(0).unwrap(), &[full("x")]);
        assert!(p.factors[&0].overflow_axes.is_empty());
    }

    #[test]
    fn strided_view_is_dropped_when_projecting_back() {
        // Factor i of [ij] sharded on "x":(1)2 only (i=4): j's axes would need
        // a strided view, so projecting back stops after i.
        let m = mesh(&[("x", 4), ("y", 2)]);
        let sizes = [4, 2];
        let mut t = TensorFactorShardings::default();
        t.factors.insert(0, FactorSharding { axes: vec![sub("x", 1, 2)], ..Default::default() });
        t.factors.insert(1, FactorSharding { axes: vec![full("y")], is_minor_most: true, ..Default::default() });
        let back = t.to_tensor_sharding(&mapping(&[&[0, 1]]), &sizes, MeshOrRef::Ref("m".into()), &m).unwrap();
        assert_eq!(back.dims[0].axes, vec![sub("x", 1, 2)]);
    }

    #[test]
    fn unknown_axis_fails() {
        let m = mesh(&[("x", 2)]);
        assert!(project_tensor(&mapping(&[&[0]]), Some(&sharding(vec![vec![full("q")]])), &[4], &m, false).is_none());
    }

    #[test]
    fn compatibility() {
        // dot_general ([i, l], [l, k])->([i, k]) with l a reduction factor.
        let rule = OpShardingRule {
            factor_sizes: vec![8, 16, 32],
            operand_mappings: vec![mapping(&[&[0], &[2]]), mapping(&[&[2], &[1]])],
            result_mappings: vec![mapping(&[&[0], &[1]])],
            reduction_factors: vec![2],
            need_replication_factors: vec![],
            permutation_factors: vec![],
            blocked_propagation_factors: vec![],
            is_custom: false,
        };
        let m = mesh(&[("x", 2), ("y", 2)]);
        let lhs = sharding(vec![vec![full("x")], vec![full("y")]]);
        let rhs = sharding(vec![vec![full("y")], vec![]]);
        let out = sharding(vec![vec![full("x")], vec![]]);
        let p = ShardingProjection::build(&[Some(&lhs), Some(&rhs)], &[Some(&out)], &rule, &m, false).unwrap();
        let common = compatible_factor_shardings(&p, &rule).unwrap();
        assert_eq!(common, vec![vec![full("x")], vec![], vec![full("y")]]);
        // The result sharded differently on factor i is incompatible.
        let out2 = sharding(vec![vec![full("y")], vec![]]);
        let p = ShardingProjection::build(&[Some(&lhs), Some(&rhs)], &[Some(&out2)], &rule, &m, false).unwrap();
        assert!(compatible_factor_shardings(&p, &rule).is_none());
        // One axis on two factors is incompatible.
        let lhs3 = sharding(vec![vec![full("x")], vec![full("x")]]);
        let rhs3 = sharding(vec![vec![full("x")], vec![]]);
        let p = ShardingProjection::build(&[Some(&lhs3), Some(&rhs3)], &[Some(&out)], &rule, &m, false).unwrap();
        assert!(compatible_factor_shardings(&p, &rule).is_none());
        // A sharded need-replication factor is incompatible.
        let mut nr = rule.clone();
        nr.reduction_factors.clear();
        nr.need_replication_factors = vec![2];
        let p = ShardingProjection::build(&[Some(&lhs), Some(&rhs)], &[Some(&out)], &nr, &m, false).unwrap();
        assert!(compatible_factor_shardings(&p, &nr).is_none());
    }

    /// A mesh of up to four axes with sizes that share and lack divisors.
    fn arb_mesh() -> impl Strategy<Value = Mesh> {
        prop::collection::vec(prop::sample::select(vec![1i64, 2, 3, 4, 6, 8]), 1..=4).prop_map(|sizes| {
            let axes = sizes.iter().enumerate().map(|(i, &s)| MeshAxis { name: format!("a{i}"), size: s }).collect();
            Mesh::new(axes, None)
        })
    }

    proptest! {
        /// Projecting a sharding (distinct full axes, no priorities) onto any
        /// factorization of its dimensions and back gives it again.
        #[test]
        fn project_and_back_is_identity(
            m in arb_mesh(),
            dims in prop::collection::vec(prop::collection::vec(prop::sample::select(vec![1i64, 2, 3, 4, 5, 6, 8, 12]), 1..=3), 0..=3),
            perm in prop::collection::vec(any::<prop::sample::Index>(), 4),
            split in prop::collection::vec(0usize..4, 4),
            closed in any::<bool>(),
        ) {
            // Deal the mesh axes, in a shuffled order, to the dimensions.
            let mut names: Vec<String> = m.axes.iter().map(|a| a.name.clone()).collect();
            for (i, ix) in perm.iter().enumerate().take(names.len()) {
                let j = ix.index(names.len());
                names.swap(i, j);
            }
            let mut dim_axes: Vec<Vec<AxisRef>> = vec![vec![]; dims.len()];
            if !dims.is_empty() {
                for (k, n) in names.iter().enumerate() {
                    let d = split[k] % (dims.len() + 1);
                    if d < dims.len() {
                        dim_axes[d].push(AxisRef::full(n.as_str()));
                    }
                }
            }
            let mut factor_sizes = vec![];
            let mut t = TensorMapping { dims: vec![] };
            for factors in &dims {
                let ids: Vec<i64> = factors.iter().map(|&s| { factor_sizes.push(s); factor_sizes.len() as i64 - 1 }).collect();
                t.dims.push(DimMapping { factors: ids });
            }
            let mut s = sharding(dim_axes);
            for d in &mut s.dims { d.is_closed = closed; }
            s.replicated = vec![];
            let p = project_tensor(&t, Some(&s), &factor_sizes, &m, false).unwrap();
            let back = p.to_tensor_sharding(&t, &factor_sizes, s.mesh.clone(), &m).unwrap();
            prop_assert_eq!(back, s);
        }
    }
}
