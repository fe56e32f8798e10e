//! `shardref run FILE --sharded [--show-sharding]`: runs a global-view sdy
//! function on the simulated devices of its mesh and prints the global
//! results reassembled from the shards, as `shardref run` prints results.
//!
//! `--show-sharding` first prints, per result, its type and sharding and
//! which device (by device id) holds which block, as a grid: rows are the
//! blocks of dimension 0 and columns those of dimension 1 (a rank-1 value
//! is one row; higher ranks list each block with its devices). A cell
//! lists every device holding that block (replicas, or the partial values
//! of an unreduced value, which the header says).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;

use shardref_interp::Value;
use shardref_interp::devices::mesh::UnshardError;
use shardref_interp::devices::sharded::{ShardedValue, global_shape};

/// The global value of a sharded result, or a message saying why it has none.
pub fn reassemble(i: usize, v: &ShardedValue) -> Result<Value, String> {
    v.reassemble().map_err(|e| match e {
        UnshardError::Disagreement(d) => {
            let each: Vec<String> = d
                .devices
                .iter()
                .zip(&d.values)
                .map(|(&p, val)| format!("device {} holds {val}", v.mesh.device_id(p)))
                .collect();
            format!("result {i}: replicas of element {:?} disagree: {}", d.index, each.join(", "))
        }
        UnshardError::Malformed(m) => format!("result {i}: {m}"),
    })
}

fn range_text(r: &Range<usize>) -> String {
    format!("[{}:{})", r.start, r.end)
}

/// The block layout of one result (see the module header).
pub fn sharding_grid(i: usize, v: &ShardedValue) -> String {
    let mut out = String::new();
    let mesh_axes: Vec<String> = v.mesh.axes.iter().map(|(n, s)| format!("\"{n}\"={s}")).collect();
    let mesh_name = v.mesh.name.as_deref().map(|n| format!("@{n} ")).unwrap_or_default();
    let _ = writeln!(out, "%result{i} : {} on mesh {mesh_name}[{}]", v.global_type, mesh_axes.join(", "));
    let Ok(global) = global_shape(&v.global_type) else {
        let _ = writeln!(out, "  (not a tensor: held whole by every device)");
        return out;
    };
    let Ok(sharding) = v.effective_sharding() else {
        let _ = writeln!(out, "  (sharding does not fit the value)");
        return out;
    };
    let _ = writeln!(out, "  sharding {}", sharding.dims_string());
    if !sharding.unreduced.is_empty() {
        let _ =
            writeln!(out, "  unreduced ({}): each block's devices hold partial values", sharding.reduction.keyword());
    }
    let mut blocks: BTreeMap<Vec<(usize, usize)>, Vec<i64>> = BTreeMap::new();
    for p in 0..v.mesh.num_devices() {
        let b: Vec<(usize, usize)> = sharding.block(&global, p).into_iter().map(|r| (r.start, r.end)).collect();
        blocks.entry(b).or_default().push(v.mesh.device_id(p));
    }
    let devices = |ds: &[i64]| ds.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    match global.len() {
        0 => {
            for ds in blocks.values() {
                let _ = writeln!(out, "  scalar on devices {}", devices(ds));
            }
        }
        1 | 2 => {
            let rows: Vec<(usize, usize)> = if global.len() == 2 {
                let mut r: Vec<_> = blocks.keys().map(|b| b[0]).collect();
                r.dedup();
                r.sort();
                r.dedup();
                r
            } else {
                vec![(0, 1)]
            };
            let col_dim = global.len() - 1;
            let mut cols: Vec<(usize, usize)> = blocks.keys().map(|b| b[col_dim]).collect();
            cols.sort();
            cols.dedup();
            let cell = |r: (usize, usize), c: (usize, usize)| -> String {
                let found: Vec<i64> = blocks
                    .iter()
                    .filter(|(b, _)| b[col_dim] == c && (global.len() == 1 || b[0] == r))
                    .flat_map(|(_, ds)| ds.iter().copied())
                    .collect();
                if found.is_empty() { "-".into() } else { devices(&found) }
            };
            let row_label = |r: (usize, usize)| if global.len() == 2 { range_text(&(r.0..r.1)) } else { String::new() };
            let col_labels: Vec<String> = cols.iter().map(|c| range_text(&(c.0..c.1))).collect();
            let cells: Vec<Vec<String>> = rows.iter().map(|&r| cols.iter().map(|&c| cell(r, c)).collect()).collect();
            let lw = rows.iter().map(|&r| row_label(r).len()).max().unwrap_or(0);
            let widths: Vec<usize> = (0..cols.len())
                .map(|j| cells.iter().map(|row| row[j].len()).chain([col_labels[j].len()]).max().unwrap_or(1))
                .collect();
            let what = if global.len() == 2 { "rows: dim 0, columns: dim 1" } else { "columns: dim 0" };
            let _ = writeln!(out, "  device ids per block ({what}):");
            let mut header = format!("  {:lw$}", "");
            for (j, l) in col_labels.iter().enumerate() {
                let _ = write!(header, "  {:>w$}", l, w = widths[j]);
            }
            let _ = writeln!(out, "{}", header.trim_end());
            for (ri, &r) in rows.iter().enumerate() {
                let mut line = format!("  {:lw$}", row_label(r));
                for (j, c) in cells[ri].iter().enumerate() {
                    let _ = write!(line, "  {:>w$}", c, w = widths[j]);
                }
                let _ = writeln!(out, "{line}");
            }
        }
        _ => {
            let _ = writeln!(out, "  device ids per block:");
            for (b, ds) in &blocks {
                let rs: Vec<String> = b.iter().map(|&(s, e)| format!("{s}:{e}")).collect();
                let _ = writeln!(out, "  [{}] on {}", rs.join(", "), devices(ds));
            }
        }
    }
    out
}
