//! HLO shardings (`sharding=` of XLA's HLO text, decoded by `shardref_spec::hlo::device_attrs::sharding`) as
//! per-partition blocks of a global array, both ways: `shard` splits a global value into the values
//! the partitions of an SPMD module receive, `reassemble` puts per-partition values back together
//! and checks that replicas agree.
//!
//! Model (XLA's `HloSharding` and the SPMD partitioner's tiling):
//! - A tiled sharding `devices=[t0,...,tk-1, s0,...]D` (explicit device list, or an iota tile
//!   assignment `<=[reshape]T(perm)` already expanded by the decoder) is an array of devices of shape
//!   `[t0,...,tk-1, s0,...]` in row-major order; its first `k` dimensions tile the `k` dimensions of
//!   the array, the trailing `s` dimensions are subgroups (`last_tile_dim_replicate` is one
//!   `replicated` subgroup, `last_tile_dims={...}` names each). The device at tile coordinates
//!   `(c0..ck-1, ...)` holds, along dimension `d`, the block `[c_d * L, min((c_d + 1) * L, D))` with
//!   `L = ceil(D / t_d)`; its local array has shape `L` per dimension, padded with zeros past `D`
//!   (the partitioner's padding, which reassembly never reads). This is exactly an sdy mesh with one
//!   axis per tile-assignment dimension and `device_ids` = the device list, each array dimension
//!   sharded by its own axis, so the work is done by `mesh::Sharding`.
//! - `{replicated}`: every partition holds the whole array.
//! - `{maximal device=N}`: partition N holds the whole array. `shard` gives every partition a copy
//!   (the partitioned program reads it on N only; XLA's runtime needs a buffer on each), and
//!   `reassemble` takes partition N's value without looking at the others.
//! - Mesh form (`{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}`, `shardref_spec::hlo::named`): the same
//!   blocks as its tile-assignment form (XLA's `V3ToV2Sharding`), computed directly as an sdy
//!   sharding over the mesh (its device ids are partitions); `{mesh[...], replicated}` and
//!   `{single_device[device_id=N]}` are `{replicated}` and `{maximal device=N}`.
//! - Tuples: one sharding per element, applied element by element.
//! - `{manual}` and `manual` subgroups have no global view (each partition's value is its own), and
//!   `{unknown}` / `unreduced` subgroups name no layout: both directions refuse them with a message
//!   (`run --per-device` takes per-partition values instead).
//!
//! Partition `i` is XLA partition `i` (`partition-id`, device numbers in `sharding=` and
//! `replica_groups`); every tile assignment must name each of the module's partitions exactly once.
//! Results are vectors indexed by partition.

use std::ops::Range;

use shardref_spec::hlo::device_attrs::Sharding as HloSharding;
use shardref_spec::hlo::named::{NamedKind, NamedSharding};
use shardref_spec::ir::sdy::ReductionKind;

use super::mesh::{AxisPart, Mesh, Sharding, UnshardError};
use crate::value::{Tensor, Value};

/// How one array is laid out over the partitions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArrayLayout {
    /// Tiles (and replicated subgroups) as an sdy sharding over a mesh whose positions are the tile
    /// assignment's entries; `mesh.device_ids` are partition numbers.
    Blocks(Sharding),
    /// One partition holds the array.
    Maximal { device: usize, partitions: usize },
}

/// The layout of a rank-`rank` array with sharding `s` (not a tuple) over `partitions` partitions.
pub fn array_layout(s: &HloSharding, rank: usize, partitions: usize) -> Result<ArrayLayout, String> {
    let whole_mesh =
        || Mesh { name: None, axes: vec![("p".into(), partitions)], device_ids: (0..partitions as i64).collect() };
    match s {
        HloSharding::Replicated => Ok(ArrayLayout::Blocks(Sharding::replicated(whole_mesh(), rank))),
        HloSharding::Maximal(d) => match usize::try_from(*d) {
            Ok(device) if device < partitions => Ok(ArrayLayout::Maximal { device, partitions }),
            _ => Err(format!("sharding {{maximal device={d}}} names a device outside the {partitions} partitions")),
        },
        HloSharding::Manual => Err("a {manual} sharding has no global view: each partition's value is its own".into()),
        HloSharding::Unknown => Err("sharding {unknown} does not say how the array is laid out".into()),
        HloSharding::Tuple(_) => Err("a tuple sharding for an array".into()),
        HloSharding::Named(named) => named_layout(named, rank, partitions),
        HloSharding::Tiled { dims, devices, subgroups } => {
            if let Some(kind) = subgroups.iter().find(|k| *k != "replicated") {
                return Err(if kind == "manual" {
                    "a sharding with a manual subgroup has no global view: each partition's value is its own".into()
                } else {
                    format!("sharding subgroup kind '{kind}' is not supported (only replicated subgroups are)")
                });
            }
            let tiled = dims.len() - subgroups.len().min(dims.len());
            if tiled != rank {
                return Err(format!(
                    "sharding tiles {tiled} dimension{} but the array has rank {rank}",
                    if tiled == 1 { "" } else { "s" }
                ));
            }
            every_partition_once(devices, partitions, "the tile assignment")?;
            let mut axes = Vec::with_capacity(dims.len());
            for (i, &t) in dims.iter().enumerate() {
                let size = usize::try_from(t).ok().filter(|&t| t > 0).ok_or_else(|| format!("tile dimension {t}"))?;
                axes.push((if i < tiled { format!("t{i}") } else { format!("r{}", i - tiled) }, size));
            }
            let mesh = Mesh { name: None, axes, device_ids: devices.clone() };
            let dims = (0..tiled).map(|a| vec![AxisPart { axis: a, pre: 1, size: mesh.axes[a].1 }]).collect();
            Ok(ArrayLayout::Blocks(Sharding {
                mesh,
                dims,
                replicated: vec![],
                unreduced: vec![],
                reduction: ReductionKind::Sum,
            }))
        }
    }
}

/// Checks that `devices` names each of the `partitions` partitions exactly once.
fn every_partition_once(devices: &[i64], partitions: usize, what: &str) -> Result<(), String> {
    let mut seen = vec![false; partitions];
    for &d in devices {
        match usize::try_from(d).ok().filter(|&d| d < partitions) {
            Some(p) if !seen[p] => seen[p] = true,
            Some(_) => return Err(format!("device {d} appears twice in {what}")),
            None => return Err(format!("device {d} of {what} is not one of the {partitions} partitions")),
        }
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        return Err(format!(
            "partition {missing} is not in {what} ({} devices for {partitions} partitions)",
            devices.len()
        ));
    }
    Ok(())
}

/// The layout of a sharding in mesh form: the mesh's devices are partitions, each dimension is
/// split by its (sub-)axes as an sdy sharding (`mesh::Sharding`, whose `AxisPart` is the same
/// `(pre)size` digit), axes no dimension names replicate it. `manual` and `unreduced` (whole, or as
/// axes) have no global view.
fn named_layout(named: &NamedSharding, rank: usize, partitions: usize) -> Result<ArrayLayout, String> {
    let (dims, unreduced, manual) = match &named.kind {
        NamedKind::Replicated => return array_layout(&HloSharding::Replicated, rank, partitions),
        NamedKind::Manual => return array_layout(&HloSharding::Manual, rank, partitions),
        NamedKind::Unreduced => {
            return Err("an {unreduced} sharding holds partial values: it has no global view".into());
        }
        NamedKind::Dims { dims, unreduced, manual, .. } => (dims, unreduced, manual),
    };
    if !manual.is_empty() {
        return Err("a sharding with manual axes has no global view: each partition's value is its own".into());
    }
    if !unreduced.is_empty() {
        return Err("a sharding with unreduced axes holds partial values: it has no global view".into());
    }
    if dims.len() != rank {
        return Err(format!(
            "sharding has {} dimension{} but the array has rank {rank}",
            dims.len(),
            if dims.len() == 1 { "" } else { "s" }
        ));
    }
    every_partition_once(&named.mesh.device_ids, partitions, "the mesh")?;
    let size = |n: i64| usize::try_from(n).map_err(|_| format!("mesh size {n}"));
    let axes = named.mesh.axes.iter().map(|(a, n)| Ok((a.clone(), size(*n)?))).collect::<Result<Vec<_>, String>>()?;
    let mesh = Mesh { name: None, axes, device_ids: named.mesh.device_ids.clone() };
    let dims = dims
        .iter()
        .map(|(refs, _)| {
            refs.iter()
                .map(|r| {
                    let (pre, n) = r.pre_size(&named.mesh);
                    Ok(AxisPart { axis: r.axis, pre: size(pre)?, size: size(n)? })
                })
                .collect::<Result<Vec<_>, String>>()
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(ArrayLayout::Blocks(Sharding {
        mesh,
        dims,
        replicated: vec![],
        unreduced: vec![],
        reduction: ReductionKind::Sum,
    }))
}

/// Per partition, the block `[start, end)` per dimension of a global array of shape `global` that it
/// holds (clipped to the array; a tail block of an uneven dimension is shorter or empty).
pub fn blocks(s: &HloSharding, global: &[usize], partitions: usize) -> Result<Vec<Vec<Range<usize>>>, String> {
    Ok(match array_layout(s, global.len(), partitions)? {
        ArrayLayout::Maximal { .. } => vec![global.iter().map(|&n| 0..n).collect(); partitions],
        ArrayLayout::Blocks(sh) => {
            let mut out = vec![vec![]; partitions];
            for p in 0..sh.mesh.num_devices() {
                out[sh.mesh.device_id(p) as usize] = sh.block(global, p);
            }
            out
        }
    })
}

/// The local (per-partition) shape of a global array of shape `global`.
pub fn local_shape(s: &HloSharding, global: &[usize], partitions: usize) -> Result<Vec<usize>, String> {
    Ok(match array_layout(s, global.len(), partitions)? {
        ArrayLayout::Maximal { .. } => global.to_vec(),
        ArrayLayout::Blocks(sh) => sh.local_shape(global),
    })
}

/// Splits a global value into one value per partition.
pub fn shard(s: &HloSharding, v: &Value, partitions: usize) -> Result<Vec<Value>, String> {
    match (s, v) {
        (HloSharding::Tuple(ss), Value::Tuple(vs)) => {
            if ss.len() != vs.len() {
                return Err(format!("a tuple sharding of {} elements for a tuple of {}", ss.len(), vs.len()));
            }
            let mut per: Vec<Vec<Value>> = vec![Vec::with_capacity(vs.len()); partitions];
            for (s, v) in ss.iter().zip(vs) {
                for (p, x) in shard(s, v, partitions)?.into_iter().enumerate() {
                    per[p].push(x);
                }
            }
            Ok(per.into_iter().map(Value::Tuple).collect())
        }
        (_, Value::Tuple(vs)) => {
            // A single sharding on a tuple applies to each of its elements (XLA's reading of a
            // non-tuple sharding on a tuple-shaped instruction).
            shard(&HloSharding::Tuple(vec![s.clone(); vs.len()]), v, partitions)
        }
        (_, Value::Token) => Ok(vec![Value::Token; partitions]),
        (_, Value::Future(_)) => Err("an HLO sharding of a !stablehlo.future (HLO has no futures)".into()),
        (_, Value::Tensor(t)) => shard_tensor(s, t, partitions).map(|ts| ts.into_iter().map(Value::Tensor).collect()),
    }
}

fn shard_tensor(s: &HloSharding, t: &Tensor, partitions: usize) -> Result<Vec<Tensor>, String> {
    match array_layout(s, t.rank(), partitions)? {
        ArrayLayout::Maximal { .. } => Ok(vec![t.clone(); partitions]),
        ArrayLayout::Blocks(sh) => {
            let by_position = sh.shard(t);
            let mut out: Vec<Option<Tensor>> = vec![None; partitions];
            for (p, x) in by_position.into_iter().enumerate() {
                out[sh.mesh.device_id(p) as usize] = Some(x);
            }
            Ok(out.into_iter().flatten().collect())
        }
    }
}

/// Why per-partition values could not be reassembled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReassembleError {
    /// Two partitions holding the same element disagree: the global index (of element `element` of a
    /// tuple result, when it is one), the partitions and their values.
    Disagreement { element: Option<usize>, index: Vec<usize>, partitions: Vec<i64>, values: Vec<String> },
    /// The values do not fit the sharding or the shape.
    Malformed(String),
}

impl std::fmt::Display for ReassembleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReassembleError::Disagreement { element, index, partitions, values } => {
                if let Some(e) = element {
                    write!(f, "tuple element {e}: ")?;
                }
                write!(f, "replicas of element {index:?} disagree:")?;
                for (p, v) in partitions.iter().zip(values) {
                    write!(f, " partition {p} holds {v};")?;
                }
                Ok(())
            }
            ReassembleError::Malformed(m) => f.write_str(m),
        }
    }
}

/// The global shape a value of local shape `local` has when nothing else says: `local × tiles` per
/// dimension (exact when every dimension divides evenly).
pub fn padded_global_shape(s: &HloSharding, local: &[usize], partitions: usize) -> Result<Vec<usize>, String> {
    Ok(match array_layout(s, local.len(), partitions)? {
        ArrayLayout::Maximal { .. } => local.to_vec(),
        ArrayLayout::Blocks(sh) => local.iter().enumerate().map(|(d, &l)| l * sh.num_shards(d)).collect(),
    })
}

/// Reassembles one array from its per-partition values (`shards[i]` from partition `i`) into a global
/// array of shape `global`, requiring every replica of each element to agree bitwise.
pub fn reassemble_tensor(s: &HloSharding, shards: &[Tensor], global: &[usize]) -> Result<Tensor, ReassembleError> {
    let partitions = shards.len();
    let layout = array_layout(s, global.len(), partitions).map_err(ReassembleError::Malformed)?;
    match layout {
        ArrayLayout::Maximal { device, .. } => {
            let t = &shards[device];
            if t.shape != global {
                return Err(ReassembleError::Malformed(format!(
                    "partition {device} holds shape {:?}, expected {global:?}",
                    t.shape
                )));
            }
            Ok(t.clone())
        }
        ArrayLayout::Blocks(sh) => {
            // `unshard` takes the values in mesh-position order.
            let by_position: Vec<Tensor> =
                (0..sh.mesh.num_devices()).map(|p| shards[sh.mesh.device_id(p) as usize].clone()).collect();
            sh.unshard(&by_position, global).map_err(|e| match e {
                UnshardError::Malformed(m) => ReassembleError::Malformed(m),
                UnshardError::Disagreement(d) => ReassembleError::Disagreement {
                    element: None,
                    index: d.index,
                    partitions: d.devices.iter().map(|&p| sh.mesh.device_id(p)).collect(),
                    values: d.values,
                },
            })
        }
    }
}

/// Reassembles a value (tensor or tuple) from its per-partition values; `global` gives each array's
/// global shape (in tuple-leaf order), or `None` for `padded_global_shape`.
pub fn reassemble(s: &HloSharding, shards: &[Value], global: Option<&[Vec<usize>]>) -> Result<Value, ReassembleError> {
    let mut leaf = 0;
    reassemble_in(s, shards, global, &mut leaf, None)
}

fn reassemble_in(
    s: &HloSharding,
    shards: &[Value],
    global: Option<&[Vec<usize>]>,
    leaf: &mut usize,
    element: Option<usize>,
) -> Result<Value, ReassembleError> {
    let first = shards.first().ok_or_else(|| ReassembleError::Malformed("no partitions".into()))?;
    match first {
        Value::Token => Ok(Value::Token),
        Value::Future(_) => Err(ReassembleError::Malformed("a !stablehlo.future under an HLO sharding".into())),
        Value::Tuple(items) => {
            let n = items.len();
            let ss: Vec<HloSharding> = match s {
                HloSharding::Tuple(ss) if ss.len() == n => ss.clone(),
                HloSharding::Tuple(ss) => {
                    return Err(ReassembleError::Malformed(format!(
                        "a tuple sharding of {} elements for a tuple of {n}",
                        ss.len()
                    )));
                }
                other => vec![other.clone(); n],
            };
            let mut out = Vec::with_capacity(n);
            for (e, s) in ss.iter().enumerate() {
                let column: Vec<Value> = shards
                    .iter()
                    .map(|v| match v {
                        Value::Tuple(xs) if xs.len() == n => Ok(xs[e].clone()),
                        _ => Err(ReassembleError::Malformed("partitions return values of different kinds".into())),
                    })
                    .collect::<Result<_, _>>()?;
                out.push(reassemble_in(s, &column, global, leaf, Some(element.unwrap_or(e)))?);
            }
            Ok(Value::Tuple(out))
        }
        Value::Tensor(t0) => {
            let ts: Vec<Tensor> = shards
                .iter()
                .map(|v| match v {
                    Value::Tensor(t) => Ok(t.clone()),
                    _ => Err(ReassembleError::Malformed("partitions return values of different kinds".into())),
                })
                .collect::<Result<_, _>>()?;
            let shape = match global.and_then(|g| g.get(*leaf)) {
                Some(g) => g.clone(),
                // Under a maximal sharding the owner's shape is the global one.
                None => match s {
                    HloSharding::Maximal(d) => ts
                        .get(usize::try_from(*d).unwrap_or(usize::MAX))
                        .map_or_else(|| t0.shape.clone(), |t| t.shape.clone()),
                    _ => padded_global_shape(s, &t0.shape, shards.len()).map_err(ReassembleError::Malformed)?,
                },
            };
            *leaf += 1;
            reassemble_tensor(s, &ts, &shape).map(Value::Tensor).map_err(|e| match e {
                ReassembleError::Disagreement { index, partitions, values, .. } => {
                    ReassembleError::Disagreement { element, index, partitions, values }
                }
                m => m,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Buffer;
    use shardref_spec::hlo::{device_attrs, tok};
    use shardref_spec::ir::ElemType;

    fn parse(text: &str) -> HloSharding {
        device_attrs::sharding(&tok::reparse(text).expect("tokens")).expect("sharding")
    }

    fn iota(shape: &[usize]) -> Tensor {
        let n: usize = shape.iter().product();
        Tensor::new(shape.to_vec(), ElemType::I32, Buffer::I32((0..n as i32).collect::<Vec<_>>().into()))
    }

    fn ints(t: &Tensor) -> Vec<i32> {
        match &t.buf {
            Buffer::I32(v) => v.to_vec(),
            other => panic!("not i32: {other:?}"),
        }
    }

    /// `blocks` as `start:end,...` per partition, the notation of cli/tests/hlo_xla/*/xla.txt.
    fn blocks_text(s: &str, global: &[usize], n: usize) -> Vec<String> {
        blocks(&parse(s), global, n)
            .unwrap()
            .iter()
            .map(|b| b.iter().map(|r| format!("{}:{}", r.start, r.end)).collect::<Vec<_>>().join(","))
            .collect()
    }

    #[test]
    fn tiled_forms_give_xla_blocks() {
        // Iota, explicit device list, transposed iota with a replicated subgroup.
        assert_eq!(blocks_text("{devices=[4,1]<=[4]}", &[8, 3], 4), ["0:2,0:3", "2:4,0:3", "4:6,0:3", "6:8,0:3"]);
        assert_eq!(blocks_text("{devices=[4,1]0,2,1,3}", &[8, 3], 4), ["0:2,0:3", "4:6,0:3", "2:4,0:3", "6:8,0:3"]);
        assert_eq!(blocks_text("{devices=[2,2]<=[4]}", &[4, 6], 4), ["0:2,0:3", "0:2,3:6", "2:4,0:3", "2:4,3:6"]);
        // `<=[2,2]T(1,0)` lists devices 0,2,1,3: the tile index runs over the minor mesh axis.
        assert_eq!(
            blocks_text("{devices=[2,1,2]<=[2,2]T(1,0) last_tile_dim_replicate}", &[4, 2], 4),
            ["0:2,0:2", "2:4,0:2", "0:2,0:2", "2:4,0:2"]
        );
        assert_eq!(
            blocks_text("{devices=[2,1,2]<=[4] last_tile_dim_replicate}", &[4, 2], 4),
            ["0:2,0:2", "0:2,0:2", "2:4,0:2", "2:4,0:2"]
        );
        assert_eq!(
            blocks_text("{devices=[1,2,2]<=[2,2]T(1,0) last_tile_dims={replicated}}", &[3, 4], 4),
            ["0:3,0:2", "0:3,2:4", "0:3,0:2", "0:3,2:4"]
        );
        // Uneven: 6 rows over 4 partitions, 2 rows each; the last block is empty.
        assert_eq!(blocks_text("{devices=[4,1]<=[4]}", &[6, 3], 4), ["0:2,0:3", "2:4,0:3", "4:6,0:3", "6:6,0:3"]);
        assert_eq!(blocks_text("{replicated}", &[5], 2), ["0:5", "0:5"]);
        assert_eq!(blocks_text("{maximal device=1}", &[2, 2], 3), ["0:2,0:2", "0:2,0:2", "0:2,0:2"]);
    }

    /// Each mesh-form sharding gives the blocks of the tile-assignment form XLA itself converts it
    /// to (`HloSharding::v3_to_v2_sharding` in jaxlib 0.12.0.1, printed with `to_string`).
    #[test]
    fn mesh_forms_give_the_blocks_of_xla_conversion() {
        for (named, v2) in [
            ("{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}", "{devices=[2,4]<=[8]}"),
            ("{mesh['x'=2,'y'=4], [{'y'}, {}]}", "{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}"),
            ("{mesh['x'=2,'y'=4], [{'y','x'}, {}]}", "{devices=[8,1]<=[2,4]T(1,0)}"),
            ("{mesh['x'=2,'y'=4], [{'x', ?}, {?}]}", "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"),
            (
                "{mesh['x'=2,'y'=4], [{}, {'y'}], replicated={'x'}}",
                "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}",
            ),
            ("{mesh['x'=8], [{'x':(2)4}, {}]}", "{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}"),
            ("{mesh['x'=8], [{'x':(4)2}, {'x':(1)4}]}", "{devices=[2,4]<=[4,2]T(1,0)}"),
            (
                "{mesh['x'=2,'y'=4], [{'y':(2)2}, {'x'}], replicated={'y':(1)2}}",
                "{devices=[2,2,2]<=[4,2]T(1,0) last_tile_dim_replicate}",
            ),
            ("{mesh['x'=2,'y'=4], device_ids=([4,2]T(1,0)), [{'x'}, {'y'}]}", "{devices=[2,4]<=[4,2]T(1,0)}"),
            ("{mesh['x'=2,'y'=4], device_ids=(7,6,5,4,3,2,1,0), [{'x'}, {'y'}]}", "{devices=[2,4]7,6,5,4,3,2,1,0}"),
            ("{mesh['a'=2,'b'=2,'c'=2], [{'c','a'}, {'b'}]}", "{devices=[4,2]<=[4,2]T(1,0)}"),
            ("{mesh['x'=1,'y'=8], [{'y'}, {}]}", "{devices=[8,1]<=[8]}"),
            ("{mesh['x'=2,'y'=4], [{}, {}]}", "{replicated}"),
            ("{mesh[], replicated}", "{replicated}"),
            ("{single_device[device_id=3]}", "{maximal device=3}"),
        ] {
            assert_eq!(blocks_text(named, &[16, 6], 8), blocks_text(v2, &[16, 6], 8), "{named}");
            assert_eq!(blocks_text(named, &[13, 5], 8), blocks_text(v2, &[13, 5], 8), "{named} (uneven)");
        }
        for (s, want) in [
            ("{mesh['x'=8], manual}", "no global view"),
            ("{mesh['x'=2,'y'=4], [{}, {'y'}], manual={'x'}}", "manual axes"),
            ("{mesh['x'=2,'y'=4], [{}, {'y'}], unreduced={'x'}}", "unreduced axes"),
            ("{mesh['x'=2,'y'=4], [{'x'}]}", "sharding has 1 dimension but the array has rank 2"),
            ("{mesh['x'=2,'y'=2], [{'x'}, {'y'}]}", "partition 4 is not in the mesh"),
        ] {
            let e = array_layout(&parse(s), 2, 8).unwrap_err();
            assert!(e.contains(want), "{s}: {e}");
        }
    }

    #[test]
    fn shard_then_reassemble_is_the_identity() {
        let g = iota(&[6, 4]);
        for s in [
            "{devices=[4,1]<=[4]}",
            "{devices=[2,2]<=[2,2]T(1,0)}",
            "{devices=[1,2,2]<=[4] last_tile_dim_replicate}",
            "{devices=[2,1,2]3,1,0,2 last_tile_dim_replicate}",
            "{replicated}",
            "{maximal device=2}",
        ] {
            let sh = parse(s);
            let parts = shard(&sh, &Value::Tensor(g.clone()), 4).unwrap();
            let back = reassemble(&sh, &parts, Some(&[vec![6, 4]])).unwrap();
            assert_eq!(back, Value::Tensor(g.clone()), "{s}");
        }
    }

    #[test]
    fn shards_hold_their_blocks_padded_with_zeros() {
        let parts = shard(&parse("{devices=[4,1]0,2,1,3}"), &Value::Tensor(iota(&[6, 2])), 4).unwrap();
        let local: Vec<Vec<i32>> = parts.iter().map(|v| ints(v.as_tensor().unwrap())).collect();
        // Partition 1 is the third tile (rows 4..6), partition 3 the fourth (rows 6..8: padding).
        assert_eq!(local, [vec![0, 1, 2, 3], vec![8, 9, 10, 11], vec![4, 5, 6, 7], vec![0, 0, 0, 0]]);
    }

    #[test]
    fn disagreeing_replicas_are_reported_with_their_partitions() {
        let sh = parse("{devices=[2,1,2]<=[4] last_tile_dim_replicate}");
        let mut parts = shard(&sh, &Value::Tensor(iota(&[4, 1])), 4).unwrap();
        // Partition 3 replicates partition 2's rows 2..4; change its second row.
        parts[3] = Value::Tensor(Tensor::new(vec![2, 1], ElemType::I32, Buffer::I32(vec![2, 7].into())));
        match reassemble(&sh, &parts, None) {
            Err(ReassembleError::Disagreement { element: None, index, partitions, values }) => {
                assert_eq!((index, partitions, values), (vec![3, 0], vec![2, 3], vec!["3".into(), "7".into()]));
            }
            other => panic!("{other:?}"),
        }
        // Under a maximal sharding only the owner's value counts.
        let m = parse("{maximal device=1}");
        let parts = vec![Value::Tensor(iota(&[3])), Value::Tensor(iota(&[2])), Value::Tensor(iota(&[1]))];
        assert_eq!(reassemble(&m, &parts, None).unwrap(), Value::Tensor(iota(&[2])));
    }

    #[test]
    fn tuples_shard_element_by_element() {
        let sh = parse("{{devices=[2]<=[2]}, {replicated}}");
        let v = Value::Tuple(vec![Value::Tensor(iota(&[4])), Value::Tensor(iota(&[3]))]);
        let parts = shard(&sh, &v, 2).unwrap();
        match &parts[1] {
            Value::Tuple(xs) => {
                assert_eq!(ints(xs[0].as_tensor().unwrap()), [2, 3]);
                assert_eq!(ints(xs[1].as_tensor().unwrap()), [0, 1, 2]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(reassemble(&sh, &parts, None).unwrap(), v);
    }

    #[test]
    fn layouts_without_a_global_view_are_refused() {
        for (s, want) in [
            ("{manual}", "no global view"),
            ("{devices=[2,2]<=[4] last_tile_dims={manual}}", "manual subgroup"),
            ("{unknown}", "does not say"),
            ("{devices=[2,1]<=[2]}", "partition 2 is not in the tile assignment"),
            ("{devices=[2,1]0,5}", "device 5 of the tile assignment"),
            ("{maximal device=7}", "outside the 4 partitions"),
        ] {
            let e = array_layout(&parse(s), if s.contains("last_tile_dims") { 1 } else { 2 }, 4).unwrap_err();
            assert!(e.contains(want), "{s}: {e}");
        }
        let e = array_layout(&parse("{devices=[4,1]<=[4]}"), 3, 4).unwrap_err();
        assert_eq!(e, "sharding tiles 2 dimensions but the array has rank 3");
    }
}
