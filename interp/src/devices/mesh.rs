//! The sdy device model (shardy-inventory §0.3, §2.2): meshes, axis
//! references with sub-axes, and tensor shardings mapped to per-device blocks.
//!
//! Definitions, exactly as Shardy's:
//! - A mesh `<["a1"=s1, ..., "an"=sn], device_ids=[...]>` is an n-D array of
//!   devices of shape `[s1..sn]`, "a1" the most major. Mesh *position* `p` is
//!   the row-major linear index of the coordinates; it holds device id
//!   `device_ids[p]` (iota when absent). A maximal mesh `<[], device_ids=[d]>`
//!   has one position holding device d; the empty mesh `<[]>` has one
//!   position holding device 0.
//! - Sub-axis `"a":(m)k` of axis `a` (size n) is the middle digit of `a`
//!   reshaped to `[m, k, n/(m*k)]`: coordinate `(c_a / (n/(m*k))) mod k`.
//!   A full axis is the sub-axis `(1)n`.
//! - A dimension sharding `{x1, ..., xt}` (major to minor) splits the
//!   dimension into `N = Π size(xi)` blocks; a position's block index is the
//!   mixed-radix number of its coordinates on `x1..xt`. Local size is
//!   `ceil(D/N)`; the block of index b is `[b*L, min((b+1)*L, D))`, so with a
//!   non-divisible dimension the tail blocks are shorter or empty. Local
//!   tensors are padded to `ceil(D/N)` with zeros; the padding is never read
//!   back (`unshard` only reads each block's in-range part).
//! - Axes that shard no dimension are replicated. Unreduced axes hold
//!   partials: the logical value is the reduction (sum, max or min) over the
//!   positions that differ only in those axes.
//!
//! Conventions: `p`/`q` mesh positions, `d` a tensor dimension, `a` an axis
//! index, `t` a tensor.

use std::fmt;
use std::ops::Range;

use shardref_spec::ir::sdy::{self, AxisRef, MeshOrRef, ReductionKind, SdyAttr, TensorSharding};
use shardref_spec::ir::{Attr, Module, Type};
use shardref_spec::ops::{OpKind, OpName, SdyOp, StablehloOp};
use shardref_spec::schema::{Field, kind};

use crate::ops::shape::{for_each_index, gather_many};
use crate::value::{Buffer, Tensor, strides};

/// A mesh resolved to positions and device ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mesh {
    /// The `sdy.mesh` symbol it came from, when it was referenced by name.
    pub name: Option<String>,
    /// Axes, most major first: (name, size).
    pub axes: Vec<(String, usize)>,
    /// The device id at each position (length = product of the axis sizes).
    pub device_ids: Vec<i64>,
}

/// A resolved (sub-)axis reference: digit `(pre)size` of axis `axis`.
/// A full axis is `pre == 1, size == axis size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AxisPart {
    pub axis: usize,
    pub pre: usize,
    pub size: usize,
}

impl AxisPart {
    /// Whether two (sub-)axes share a digit: the same axis, and their ranges
    /// `[pre, pre·size)` of the axis' mixed-radix scale intersect (`"x"` and
    /// `"x":(1)2` overlap, `"x":(1)2` and `"x":(2)2` do not).
    pub fn overlaps(self, other: AxisPart) -> bool {
        self.axis == other.axis
            && self.size > 1
            && other.size > 1
            && self.pre.max(other.pre) < (self.pre * self.size).min(other.pre * other.size)
    }

    /// Whether `self` overlaps any axis of `xs`.
    pub fn overlaps_any(self, xs: &[AxisPart]) -> bool {
        xs.iter().any(|&x| self.overlaps(x))
    }
}

impl Mesh {
    /// Resolves an inline mesh attribute. Errors name what is malformed
    /// (non-positive sizes, a device_ids list of the wrong length).
    pub fn from_attr(name: Option<&str>, m: &sdy::Mesh) -> Result<Mesh, String> {
        let mut axes = Vec::with_capacity(m.axes.len());
        let mut n: usize = 1;
        for a in &m.axes {
            let size = usize::try_from(a.size)
                .ok()
                .filter(|&s| s > 0)
                .ok_or_else(|| format!("mesh axis \"{}\" has size {}", a.name, a.size))?;
            n = n.checked_mul(size).filter(|&n| n <= 1 << 20).ok_or("mesh has too many devices")?;
            axes.push((a.name.clone(), size));
        }
        let device_ids = match &m.device_ids {
            Some(ids) if ids.len() == n => ids.clone(),
            Some(ids) => {
                return Err(format!("mesh has {n} positions but {} device ids", ids.len()));
            }
            None => (0..n as i64).collect(),
        };
        Ok(Mesh { name: name.map(str::to_owned), axes, device_ids })
    }

    /// Resolves `@name` (an `sdy.mesh` symbol of the module) or an inline mesh.
    pub fn resolve(m: &Module, mesh: &MeshOrRef) -> Result<Mesh, String> {
        match mesh {
            MeshOrRef::Inline(inline) => Mesh::from_attr(None, inline),
            MeshOrRef::Ref(name) => {
                let op = m.lookup_symbol(name).ok_or_else(|| format!("no mesh @{name} in the module"))?;
                let o = m.op(op);
                if o.name != OpName::Known(OpKind::Sdy(SdyOp::Mesh)) {
                    return Err(format!("@{name} is not an sdy.mesh"));
                }
                match crate::attrs::sdy::Mesh::of(o).mesh().raw() {
                    Some(Attr::Sdy(a)) => match &**a {
                        SdyAttr::Mesh(mesh) => Mesh::from_attr(Some(name), mesh),
                        _ => Err(format!("sdy.mesh @{name} has no mesh attribute")),
                    },
                    _ => Err(format!("sdy.mesh @{name} has no mesh attribute")),
                }
            }
        }
    }

    /// Number of positions (devices) of the mesh.
    pub fn num_devices(&self) -> usize {
        self.device_ids.len()
    }

    /// A maximal mesh: no axes and one explicit device.
    pub fn is_maximal(&self) -> bool {
        self.axes.is_empty() && self.device_ids.len() == 1 && self.device_ids[0] != 0
    }

    /// The device id held at position `p`.
    pub fn device_id(&self, p: usize) -> i64 {
        self.device_ids[p]
    }

    /// The position holding device id `id`.
    pub fn position_of(&self, id: i64) -> Option<usize> {
        self.device_ids.iter().position(|&d| d == id)
    }

    /// Coordinates of position `p`, most major first.
    pub fn coords(&self, p: usize) -> Vec<usize> {
        let mut c = vec![0; self.axes.len()];
        let mut rest = p;
        for (i, (_, size)) in self.axes.iter().enumerate().rev() {
            c[i] = rest % size;
            rest /= size;
        }
        c
    }

    /// The position of coordinates `c`.
    pub fn position(&self, c: &[usize]) -> usize {
        c.iter().zip(&self.axes).fold(0, |acc, (&ci, (_, size))| acc * size + ci)
    }

    /// The index of the axis named `name`.
    pub fn axis_index(&self, name: &str) -> Option<usize> {
        self.axes.iter().position(|(n, _)| n == name)
    }

    /// Resolves an axis reference; a sub-axis must divide its axis.
    pub fn axis_part(&self, r: &AxisRef) -> Result<AxisPart, String> {
        let axis = self.axis_index(&r.name).ok_or_else(|| format!("unknown axis \"{}\"", r.name))?;
        let n = self.axes[axis].1;
        match r.sub_axis {
            None => Ok(AxisPart { axis, pre: 1, size: n }),
            Some(s) => {
                let (pre, size) = (usize::try_from(s.pre_size).unwrap_or(0), usize::try_from(s.size).unwrap_or(0));
                // Checked: both sizes come from the program and their product may not fit.
                if pre == 0 || size == 0 || pre.checked_mul(size).is_none_or(|ps| !n.is_multiple_of(ps)) {
                    return Err(format!(
                        "sub-axis \"{}\":({}){} does not divide its axis of size {n}",
                        r.name, s.pre_size, s.size
                    ));
                }
                Ok(AxisPart { axis, pre, size })
            }
        }
    }

    /// Resolves a list of axis references.
    pub fn axis_parts(&self, rs: &[AxisRef]) -> Result<Vec<AxisPart>, String> {
        rs.iter().map(|r| self.axis_part(r)).collect()
    }

    /// The coordinate of position `p` on the (sub-)axis `x`.
    pub fn digit(&self, x: AxisPart, p: usize) -> usize {
        let c = self.coords(p)[x.axis];
        let n = self.axes[x.axis].1;
        (c / (n / (x.pre * x.size))) % x.size
    }

    /// Makes a replicated value a sum of partials over the (sub-)axes `xs`:
    /// the position with coordinate 0 on every one of them keeps its shard,
    /// the others hold zeros (`sdy.replicated_to_unreduced`, and unreduced
    /// axes a declared sharding introduces).
    pub fn keep_one_representative(&self, shards: &[Tensor], xs: &[AxisPart]) -> Vec<Tensor> {
        shards
            .iter()
            .enumerate()
            .map(|(p, t)| if xs.iter().all(|&x| self.digit(x, p) == 0) { t.clone() } else { zeros_like(t) })
            .collect()
    }

    /// The mixed-radix index of position `p` over `xs` (major to minor).
    pub fn index_over(&self, xs: &[AxisPart], p: usize) -> usize {
        xs.iter().fold(0, |acc, &x| acc * x.size + self.digit(x, p))
    }

    /// Position `p`'s coordinates with the digits of `xs` set to zero: two
    /// positions agree on every (sub-)axis outside `xs` iff their keys match.
    pub fn key_outside(&self, xs: &[AxisPart], p: usize) -> Vec<usize> {
        let mut c = self.coords(p);
        for &x in xs {
            let n = self.axes[x.axis].1;
            let stride = n / (x.pre * x.size);
            let digit = (c[x.axis] / stride) % x.size;
            c[x.axis] -= digit * stride;
        }
        c
    }

    /// The group of `p` along `xs`: every position that agrees with `p` on all
    /// (sub-)axes outside `xs`, ordered by its mixed-radix index over `xs`
    /// (this is upstream's `getReplicaGroups` order).
    pub fn group(&self, xs: &[AxisPart], p: usize) -> Vec<usize> {
        let key = self.key_outside(xs, p);
        let mut g: Vec<usize> = (0..self.num_devices()).filter(|&q| self.key_outside(xs, q) == key).collect();
        g.sort_by_key(|&q| self.index_over(xs, q));
        g
    }

    /// How an axis part prints in sdy syntax: `"x"` or `"x":(2)2`.
    pub fn part_name(&self, x: AxisPart) -> String {
        let (name, n) = &self.axes[x.axis];
        if x.pre == 1 && x.size == *n { format!("\"{name}\"") } else { format!("\"{name}\":({}){}", x.pre, x.size) }
    }

    /// A list of axis parts as `{"x", "y":(1)2}`.
    pub fn parts_name(&self, xs: &[AxisPart]) -> String {
        format!("{{{}}}", xs.iter().map(|&x| self.part_name(x)).collect::<Vec<_>>().join(", "))
    }
}

/// A tensor sharding resolved against its mesh.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sharding {
    pub mesh: Mesh,
    /// Per dimension, the axes sharding it, major to minor.
    pub dims: Vec<Vec<AxisPart>>,
    /// Axes listed as explicitly replicated.
    pub replicated: Vec<AxisPart>,
    /// Axes the value is unreduced (a partial) over.
    pub unreduced: Vec<AxisPart>,
    /// The reduction that combines the partials of unreduced axes.
    pub reduction: ReductionKind,
}

/// Replicas of one element disagree: the global index, the mesh positions of
/// the first two holders that differ (after reducing unreduced partials; for
/// an unreduced group, its representative) and their printed values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    pub index: Vec<usize>,
    pub devices: Vec<usize>,
    pub values: Vec<String>,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "replicas of element {:?} disagree:", self.index)?;
        for (d, v) in self.devices.iter().zip(&self.values) {
            write!(f, " device {d} holds {v};")?;
        }
        Ok(())
    }
}

/// Why per-device shards could not be put back together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnshardError {
    /// Two replicas of an element hold different values.
    Disagreement(Disagreement),
    /// The shards do not fit the sharding (wrong count, shape or type).
    Malformed(String),
}

impl fmt::Display for UnshardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnshardError::Disagreement(d) => d.fmt(f),
            UnshardError::Malformed(s) => f.write_str(s),
        }
    }
}

impl Sharding {
    /// The fully replicated sharding of a rank-`rank` tensor on `mesh`.
    pub fn replicated(mesh: Mesh, rank: usize) -> Sharding {
        Sharding {
            mesh,
            dims: vec![vec![]; rank],
            replicated: vec![],
            unreduced: vec![],
            reduction: ReductionKind::Sum,
        }
    }

    /// Resolves spec's typed sharding attribute against module `m` (for `@mesh` references).
    pub fn from_attr(m: &Module, attr: &TensorSharding) -> Result<Sharding, String> {
        let mesh = Mesh::resolve(m, &attr.mesh)?;
        Sharding::with_mesh(mesh, attr)
    }

    /// Resolves a sharding attribute against an already resolved mesh.
    pub fn with_mesh(mesh: Mesh, attr: &TensorSharding) -> Result<Sharding, String> {
        let dims = attr.dims.iter().map(|d| mesh.axis_parts(&d.axes)).collect::<Result<Vec<_>, _>>()?;
        let replicated = mesh.axis_parts(&attr.replicated)?;
        let unreduced = mesh.axis_parts(&attr.unreduced)?;
        Ok(Sharding { mesh, dims, replicated, unreduced, reduction: attr.reduction })
    }

    /// The number of blocks dimension `d` is split into.
    pub fn num_shards(&self, d: usize) -> usize {
        self.dims.get(d).map_or(1, |x| x.iter().map(|x| x.size).product())
    }

    /// Fills in the dimensions of a maximal-mesh sharding printed as `[]`
    /// (Shardy's form for a value on one device, whatever its rank).
    pub fn fit_rank(&mut self, rank: usize) {
        if self.dims.is_empty() && self.mesh.axes.is_empty() {
            self.dims = vec![vec![]; rank];
        }
    }

    /// An error when the sharding does not have one dimension sharding per
    /// dimension of a rank-`rank` tensor.
    pub fn check_rank(&self, rank: usize) -> Result<(), String> {
        if self.dims.len() == rank {
            Ok(())
        } else {
            Err(format!("sharding {} has {} dimensions for a rank-{rank} tensor", self.dims_string(), self.dims.len()))
        }
    }

    /// Whether any dimension is split or any axis unreduced.
    pub fn is_fully_replicated(&self) -> bool {
        self.unreduced.is_empty() && self.dims.iter().all(|d| d.iter().all(|x| x.size == 1))
    }

    /// The local (per-device) shape: `ceil(D/N)` per dimension.
    pub fn local_shape(&self, global: &[usize]) -> Vec<usize> {
        global.iter().enumerate().map(|(d, &n)| n.div_ceil(self.num_shards(d).max(1))).collect()
    }

    /// The block index of position `p` along dimension `d`.
    pub fn block_index(&self, d: usize, p: usize) -> usize {
        self.dims.get(d).map_or(0, |x| self.mesh.index_over(x, p))
    }

    /// The global block `[start, end)` per dimension that position `p` holds,
    /// clipped to the global shape (a tail block of a non-divisible dimension
    /// is shorter or empty).
    pub fn block(&self, global: &[usize], p: usize) -> Vec<Range<usize>> {
        let local = self.local_shape(global);
        (0..global.len())
            .map(|d| {
                let start = (self.block_index(d, p) * local[d]).min(global[d]);
                start..(start + local[d]).min(global[d])
            })
            .collect()
    }

    /// Whether position `p` is the representative of its unreduced group (its
    /// digits on every unreduced axis are 0).
    pub fn is_unreduced_representative(&self, p: usize) -> bool {
        self.unreduced.iter().all(|&x| self.mesh.digit(x, p) == 0)
    }

    /// Splits a global tensor into one local tensor per position, padded with
    /// zeros to the local shape. For unreduced axes with `sum`, the
    /// representative of each group holds the value and the others zeros; for
    /// `max`/`min`, every member holds the value (x R x = x).
    pub fn shard(&self, t: &Tensor) -> Vec<Tensor> {
        // Replicated: every device shares the one buffer.
        if self.is_fully_replicated() {
            return vec![t.clone(); self.mesh.num_devices()];
        }
        (0..self.mesh.num_devices())
            .map(|p| {
                let local = extract_block(t, &self.block(&t.shape, p), &self.local_shape(&t.shape));
                if self.reduction == ReductionKind::Sum && !self.is_unreduced_representative(p) {
                    zeros_like(&local)
                } else {
                    local
                }
            })
            .collect()
    }

    /// Reassembles per-position local tensors into the global tensor: reduces
    /// the partials of every unreduced group, then requires every replica of
    /// each element to agree bitwise. Padding is never read.
    pub fn unshard(&self, shards: &[Tensor], global: &[usize]) -> Result<Tensor, UnshardError> {
        let n = self.mesh.num_devices();
        if shards.len() != n {
            return Err(UnshardError::Malformed(format!("{} shards for a mesh of {n} devices", shards.len())));
        }
        let local = self.local_shape(global);
        for (p, s) in shards.iter().enumerate() {
            if s.shape != local || s.elem != shards[0].elem {
                return Err(UnshardError::Malformed(format!(
                    "shard of device {p} has shape {:?}, expected {:?}",
                    s.shape, local
                )));
            }
        }
        // Reduce unreduced partials: one tensor per reduction group, held by its representative.
        let mut reduced: Vec<Option<Tensor>> = vec![None; n];
        for p in 0..n {
            if self.unreduced.is_empty() {
                reduced[p] = Some(shards[p].clone());
                continue;
            }
            let group = self.mesh.group(&self.unreduced, p);
            if group.first() != Some(&p) {
                continue;
            }
            let mut acc = shards[p].clone();
            for &q in &group[1..] {
                acc = reduce_pair(self.reduction, &acc, &shards[q]).map_err(UnshardError::Malformed)?;
            }
            reduced[p] = Some(acc);
        }
        let holders: Vec<(usize, &Tensor)> =
            reduced.iter().enumerate().filter_map(|(p, t)| Some((p, t.as_ref()?))).collect();
        let ts: Vec<&Tensor> = holders.iter().map(|(_, t)| *t).collect();
        let width = shards[0].buf.repr().byte_width();
        let bytes: Vec<Vec<u8>> = ts.iter().map(|t| t.buf.to_le_bytes()).collect();
        let gstrides = strides(global);
        let lstrides = strides(&local);
        let total: usize = global.iter().product();
        let mut first: Vec<Option<(usize, usize)>> = vec![None; total];
        let mut disagreement: Option<(usize, Vec<usize>)> = None;
        for (k, &(p, _)) in holders.iter().enumerate() {
            let block = self.block(global, p);
            let shape: Vec<usize> = block.iter().map(|r| r.len()).collect();
            for_each_index(&shape, |i| {
                let g: usize = i.iter().zip(&block).zip(&gstrides).map(|((&x, r), s)| (x + r.start) * s).sum();
                let l: usize = i.iter().zip(&lstrides).map(|(&x, s)| x * s).sum();
                match first[g] {
                    None => first[g] = Some((k, l)),
                    Some((k0, l0)) => {
                        let a = &bytes[k0][l0 * width..(l0 + 1) * width];
                        let b = &bytes[k][l * width..(l + 1) * width];
                        if a != b && disagreement.as_ref().is_none_or(|(g0, _)| g < *g0) {
                            disagreement = Some((g, vec![k0, k]));
                        }
                    }
                }
            });
        }
        if let Some((g, ks)) = disagreement {
            let index = unravel(g, global);
            let mut devices = vec![];
            let mut values = vec![];
            for k in ks {
                let (p, t) = holders[k];
                let l: usize =
                    index.iter().zip(&self.block(global, p)).zip(&lstrides).map(|((&x, r), s)| (x - r.start) * s).sum();
                devices.push(p);
                values.push(element_string(t, l));
            }
            return Err(UnshardError::Disagreement(Disagreement { index, devices, values }));
        }
        let mut parts = Vec::with_capacity(total);
        for (g, src) in first.iter().enumerate() {
            match src {
                Some(s) => parts.push(*s),
                None => {
                    return Err(UnshardError::Malformed(format!("no device holds element {:?}", unravel(g, global))));
                }
            }
        }
        if ts.is_empty() {
            return Ok(Tensor::new(global.to_vec(), shards[0].elem.clone(), shards[0].buf.gather(&[])));
        }
        let buf = gather_many(&ts, &parts).map_err(|e| UnshardError::Malformed(e.message))?;
        Ok(Tensor::new(global.to_vec(), shards[0].elem.clone(), buf))
    }

    /// The sharding in sdy syntax, for messages: `[{"x"}, {}]`.
    pub fn dims_string(&self) -> String {
        format!("[{}]", self.dims.iter().map(|d| self.mesh.parts_name(d)).collect::<Vec<_>>().join(", "))
    }
}

/// The multi-index of linear index `g` in `shape`.
pub fn unravel(mut g: usize, shape: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        if shape[d] > 0 {
            idx[d] = g % shape[d];
            g /= shape[d];
        }
    }
    idx
}

/// Element `i` of `t`, printed.
pub fn element_string(t: &Tensor, i: usize) -> String {
    let one = Tensor::new(vec![], t.elem.clone(), t.buf.gather(&[i]));
    crate::ops::convert::element_strings(&one).ok().and_then(|v| v.into_iter().next()).unwrap_or_else(|| "?".into())
}

/// A tensor of zeros with `t`'s shape and type.
pub fn zeros_like(t: &Tensor) -> Tensor {
    Tensor::new(t.shape.clone(), t.elem.clone(), Buffer::zeros(t.buf.repr(), t.num_elements()))
}

/// Copies the global block `ranges` of `t` into a tensor of `local` shape,
/// zero padded where the block is shorter than the local shape.
pub fn extract_block(t: &Tensor, ranges: &[Range<usize>], local: &[usize]) -> Tensor {
    let n: usize = local.iter().product();
    let zero = Tensor::new(vec![1], t.elem.clone(), Buffer::zeros(t.buf.repr(), 1));
    let gstrides = strides(&t.shape);
    let mut parts = Vec::with_capacity(n);
    for_each_index(local, |i| {
        let inside = i.iter().zip(ranges).all(|(&x, r)| r.start + x < r.end);
        if inside {
            parts.push((0, i.iter().zip(ranges).zip(&gstrides).map(|((&x, r), s)| (x + r.start) * s).sum()));
        } else {
            parts.push((1, 0));
        }
    });
    // Both tensors share a representation, so the gather cannot fail.
    let buf = gather_many(&[t, &zero], &parts).unwrap_or_else(|_| Buffer::zeros(t.buf.repr(), n));
    Tensor::new(local.to_vec(), t.elem.clone(), buf)
}

/// Combines two partials with a reduction kind, using the elementwise kernels
/// (so floats follow the same rules as `stablehlo.add`/`maximum`/`minimum`).
pub fn reduce_pair(kind: ReductionKind, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    let k = match kind {
        ReductionKind::Sum => StablehloOp::Add,
        ReductionKind::Max => StablehloOp::Maximum,
        ReductionKind::Min => StablehloOp::Minimum,
    };
    let ty = shardref_spec::ir::Type::Tensor(a.ty());
    crate::ops::elementwise::binary(k, a, b, &ty).map_err(|e| e.message)
}
/// The static shape of a ranked tensor type (a value's global shape, which its sharding splits).
pub fn global_shape(t: &Type) -> Result<Vec<usize>, String> {
    match t {
        Type::Tensor(tt) => tt
            .static_shape()
            .and_then(|s| s.into_iter().map(|d| usize::try_from(d).ok()).collect::<Option<Vec<_>>>())
            .ok_or_else(|| format!("{t} has no static shape")),
        _ => Err(format!("{t} is not a tensor type")),
    }
}

/// The shardings of a per-value attribute (`in_shardings`, `out_shardings`).
pub fn per_value(field: Field<'_, kind::ShardingPerValue>) -> Vec<TensorSharding> {
    field.get().map(|v| v.shardings.clone()).unwrap_or_default()
}

/// A sharding in sdy syntax, for messages.
pub fn sharding_string(s: &Sharding) -> String {
    let mut out = s.dims_string();
    if !s.unreduced.is_empty() {
        out.push_str(&format!(", unreduced={}", s.mesh.parts_name(&s.unreduced)));
    }
    out
}
