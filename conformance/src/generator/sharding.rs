//! Random tensor shardings over a mesh.
//!
//! A sharding gives each dimension a list of axes (major to minor), open or
//! closed, with an optional priority, plus a list of replicated axes. The
//! generator keeps every sharding valid by construction: each mesh axis is
//! used at most once in a sharding (as a whole axis or as one sub-axis
//! `"x":(k)m` with `m > 1`, `k*m` dividing the axis size and `m` less than
//! it), replicated axes are listed in mesh order, axes of size 1 are never
//! used, and priorities sit only on dimensions with axes or open ones.
//! Dimension sizes need not be divisible by the axes (non-divisible
//! shardings are legal and are generated on purpose).

use crate::generator::mesh::Mesh;
use crate::generator::rng::Rng;

/// A reference to a mesh axis or sub-axis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AxisRef {
    pub axis: usize,
    /// `(pre_size, size)` for a sub-axis.
    pub sub: Option<(i64, i64)>,
}

/// The sharding of one dimension.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DimSharding {
    pub axes: Vec<AxisRef>,
    pub open: bool,
    pub priority: Option<u32>,
}

/// A tensor sharding over the module's mesh `@mesh`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sharding {
    pub dims: Vec<DimSharding>,
    pub replicated: Vec<AxisRef>,
}

/// How free a random sharding may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Freedom {
    /// Open dimensions and priorities allowed (argument, result and op shardings).
    Open,
    /// Closed dimensions only, no priorities.
    Closed,
}

impl Sharding {
    /// A random sharding of a tensor of `rank` dimensions (with sub-axes
    /// sometimes when `sub_axes`; the choices drawn are the same either way).
    pub fn random(rng: &mut Rng, mesh: &Mesh, rank: usize, freedom: Freedom, sub_axes: bool) -> Sharding {
        let mut dims: Vec<DimSharding> =
            (0..rank).map(|_| DimSharding { axes: Vec::new(), open: false, priority: None }).collect();
        let mut replicated = Vec::new();
        for i in rng.permutation(mesh.axes.len()) {
            let size = mesh.axes[i].1;
            if size <= 1 {
                continue;
            }
            let sub = random_sub(rng, size).filter(|_| sub_axes);
            let r = AxisRef { axis: i, sub };
            match rng.below(10) {
                0..=5 if rank > 0 => {
                    let d = rng.below(rank);
                    dims[d].axes.push(r);
                }
                6 => replicated.push(r),
                _ => {}
            }
        }
        replicated.sort_by_key(|r| (r.axis, r.sub.map_or(0, |s| s.0)));
        if freedom == Freedom::Open {
            for d in &mut dims {
                d.open = rng.chance(15);
                if (d.open || !d.axes.is_empty()) && rng.chance(15) {
                    d.priority = Some(rng.below(4) as u32);
                }
            }
        }
        Sharding { dims, replicated }
    }

    /// Whether no dimension is sharded.
    pub fn is_replicated(&self) -> bool {
        self.dims.iter().all(|d| d.axes.is_empty())
    }

    /// The `<@mesh, [...]>` body shared by `#sdy.sharding<...>` and per-value lists.
    pub fn body(&self, mesh: &Mesh, mesh_name: &str) -> String {
        let dims: Vec<String> = self
            .dims
            .iter()
            .map(|d| {
                let mut parts: Vec<String> = d.axes.iter().map(|a| axis_text(mesh, a)).collect();
                if d.open {
                    parts.push("?".into());
                }
                let p = d.priority.map(|p| format!("p{p}")).unwrap_or_default();
                format!("{{{}}}{p}", parts.join(", "))
            })
            .collect();
        let rep = if self.replicated.is_empty() {
            String::new()
        } else {
            let r: Vec<String> = self.replicated.iter().map(|a| axis_text(mesh, a)).collect();
            format!(", replicated={{{}}}", r.join(", "))
        };
        format!("<@{mesh_name}, [{}]{rep}>", dims.join(", "))
    }

    /// `#sdy.sharding<...>`.
    pub fn attr(&self, mesh: &Mesh, mesh_name: &str) -> String {
        format!("#sdy.sharding{}", self.body(mesh, mesh_name))
    }
}

/// A sub-axis of an axis of `size`, sometimes.
fn random_sub(rng: &mut Rng, size: i64) -> Option<(i64, i64)> {
    if !rng.chance(20) {
        return None;
    }
    let options: Vec<(i64, i64)> = (1..size)
        .flat_map(|k| (2..size).map(move |m| (k, m)))
        .filter(|&(k, m)| size % (k * m) == 0 && !(k == 1 && m == size))
        .collect();
    if options.is_empty() { None } else { Some(*rng.pick(&options)) }
}

fn axis_text(mesh: &Mesh, a: &AxisRef) -> String {
    let name = &mesh.axes[a.axis].0;
    match a.sub {
        Some((k, m)) => format!("\"{name}\":({k}){m}"),
        None => format!("\"{name}\""),
    }
}
