//! QuickCheck properties of the axis arithmetic `sdy-manual-axes-cleanup`
//! relies on: the parts of a manual axis that no used (sub-)axis covers,
//! merged back with the used parts, tile the axis exactly, and
//! `sort_and_merge` keeps the covered set while ordering axes as the mesh
//! does.

use quickcheck::{QuickCheck, TestResult};
use shardref_passes::manual_axes_cleanup::{axis_set_diff, sort_and_merge};
use shardref_spec::ir::sdy::{AxisRef, Mesh, MeshAxis, SubAxisInfo};

/// The factor intervals `[pre, pre*size)` an axis list covers on `axis` (log2 units).
fn covered(mesh: &Mesh, axes: &[AxisRef], axis: &str) -> Vec<bool> {
    let size = mesh.axis_size(axis).unwrap_or(1);
    let bits = size.trailing_zeros() as usize;
    let mut out = vec![false; bits];
    for a in axes.iter().filter(|a| a.name == axis) {
        let (pre, sz) = match a.sub_axis {
            Some(s) => (s.pre_size, s.size),
            None => (1, size),
        };
        for b in pre.trailing_zeros() as usize..(pre * sz).trailing_zeros() as usize {
            if b < bits {
                out[b] = true;
            }
        }
    }
    out
}

/// A mesh `x`=2^bits_x, `y`=2^bits_y and a used sub-axis of `y` from bits (lo, len).
fn case(bits_x: u8, bits_y: u8, lo: u8, len: u8) -> Option<(Mesh, Vec<AxisRef>)> {
    let (bx, by) = (1 + bits_x % 3, 1 + bits_y % 4);
    let lo = lo % by;
    let len = 1 + len % (by - lo);
    let mesh = Mesh::new(
        vec![MeshAxis { name: "x".into(), size: 1 << bx }, MeshAxis { name: "y".into(), size: 1 << by }],
        None,
    );
    let used = if len == by {
        AxisRef::full("y")
    } else {
        AxisRef { name: "y".into(), sub_axis: Some(SubAxisInfo { pre_size: 1 << lo, size: 1 << len }) }
    };
    Some((mesh, vec![used]))
}

#[test]
fn diff_and_used_tile_each_manual_axis() {
    fn prop(bits_x: u8, bits_y: u8, lo: u8, len: u8) -> TestResult {
        let Some((mesh, used)) = case(bits_x, bits_y, lo, len) else { return TestResult::discard() };
        let manual = vec!["x".to_string(), "y".to_string()];
        let diff = axis_set_diff(&mesh, &manual, &used);
        for axis in ["x", "y"] {
            let d = covered(&mesh, &diff, axis);
            let u = covered(&mesh, &used, axis);
            if d.iter().zip(&u).any(|(a, b)| a == b) {
                return TestResult::failed();
            }
        }
        TestResult::passed()
    }
    QuickCheck::new().tests(500).quickcheck(prop as fn(u8, u8, u8, u8) -> TestResult);
}

#[test]
fn sort_and_merge_keeps_coverage_and_mesh_order() {
    fn prop(bits_x: u8, bits_y: u8, lo: u8, len: u8) -> TestResult {
        let Some((mesh, used)) = case(bits_x, bits_y, lo, len) else { return TestResult::discard() };
        let manual = vec!["y".to_string(), "x".to_string()];
        let mut all = axis_set_diff(&mesh, &manual, &used);
        all.extend(used);
        all.reverse();
        let merged = sort_and_merge(&mesh, all.clone());
        // Everything together is the two full axes, in mesh order.
        if merged != vec![AxisRef::full("x"), AxisRef::full("y")] {
            return TestResult::failed();
        }
        for axis in ["x", "y"] {
            if covered(&mesh, &merged, axis) != covered(&mesh, &all, axis) {
                return TestResult::failed();
            }
        }
        TestResult::passed()
    }
    QuickCheck::new().tests(500).quickcheck(prop as fn(u8, u8, u8, u8) -> TestResult);
}
