//! `gather`, `dynamic_gather` and `scatter`: their dimension numbers, slice sizes, update
//! shapes and (for scatter) the update computation (upstream's
//! `verifyGather`, `inferGatherReturnTypeComponents`,
//! `validateScatterDimensionNumbers` and `verifyScatterOp`).

use shardref_spec::ir::stablehlo::StablehloAttr;
use shardref_spec::ir::{Dim, TensorType, Type};

use super::common::*;
use super::elementwise::{Cats, operand_in};
use super::reduce::reducer;
use crate::{Check, Fail};

/// The batch dimensions of `indices` (all but `index_vector_dim`).
fn batch_dims(si: &[Dim], index_vector_dim: i64) -> Vec<Dim> {
    si.iter().enumerate().filter(|&(i, _)| i as i64 != index_vector_dim).map(|(_, &d)| d).collect()
}

/// `gather`: `gather_c1`..`gather_c23`.
pub fn gather(op: Op<'_>) -> Check {
    let [x, idx] = op.args::<2>()?;
    let sizes = op.ints(crate::attrs::stablehlo::DynamicSlice::of(op.o).slice_sizes())?;
    gather_checks(op, x, idx, Some(sizes.len() as u64), Some(sizes))
}

/// `dynamic_gather`: `gather` with `slice_sizes` as its third operand
/// (`dynamic_gather_i3`, `dynamic_gather_c1`..`dynamic_gather_c23`, which
/// upstream's `TypeInference.cpp` numbers like `gather`'s constraints). The
/// slice sizes' values are checked, and the offset dimensions of the result
/// inferred, only when a `stablehlo.constant` defines the operand
/// (upstream's `matchInts`); otherwise those dimensions are unknown.
pub fn dynamic_gather(op: Op<'_>) -> Check {
    let [x, idx, s] = op.args::<3>()?;
    // dynamic_gather_i3
    let ts = operand_in(s, 2, Cats::INT)?;
    if let Some(r) = ts.rank()
        && r != 1
    {
        return Err(Fail::new("dynamic_gather_i3", format!("slice_sizes.rank != 1 (got {r})")));
    }
    let len = shape(ts).and_then(|sh| sh[0]);
    let values = op.const_ints(2).filter(|v| len.is_none_or(|n| v.len() as u64 == n));
    gather_checks(op, x, idx, len.or(values.as_ref().map(|v| v.len() as u64)), values)
}

/// The checks `gather` and `dynamic_gather` share; `len` is the number of
/// slice sizes (when known) and `sizes` their values (when known). Each
/// check's label is `gather`'s; `dynamic_gather`'s has the same number.
fn gather_checks(op: Op<'_>, x: &Type, idx: &Type, len: Option<u64>, sizes: Option<Vec<i64>>) -> Check {
    let tx = expect_tensor(x, "operand #0")?;
    let ti = operand_in(idx, 1, Cats::INT)?;
    let tr = expect_tensor(op.result()?, "result #0")?;
    let Some(StablehloAttr::Gather(d)) = crate::attrs::stablehlo::Gather::of(op.o)
        .dimension_numbers()
        .raw()
        .and_then(shardref_spec::ir::Attr::as_stablehlo)
    else {
        // stablehlo_signature
        return Err(Fail::new("stablehlo_signature", "requires attribute 'dimension_numbers'"));
    };
    // gather_c23
    if tx.elem != tr.elem {
        return Err(Fail::new(
            "gather_c23",
            format!("expects operand and result to have the same element type, got {} and {}", q(x), qt(tr)),
        ));
    }
    let (Some(so), Some(si)) = (shape(tx), shape(ti)) else { return Ok(()) };
    let (ro, ri) = (so.len() as i64, si.len() as i64);
    let ivd = d.index_vector_dim;
    // gather_c1
    let total = d.offset_dims.len() + d.collapsed_slice_dims.len() + d.operand_batching_dims.len();
    if total as i64 != ro {
        return Err(Fail::new(
            "gather_c1",
            format!(
                "offset_dims size ({}) plus collapse_slice_dims size ({}) plus operand_batching_dims size ({}) is not equal to operand rank ({ro})",
                d.offset_dims.len(),
                d.collapsed_slice_dims.len(),
                d.operand_batching_dims.len()
            ),
        ));
    }
    // gather_c2
    dim_in_bounds("gather_c2", ivd, ri, "index_vector_dim", "rank-of('start_indices')", true)?;
    // gather_c3
    let index_size: Dim = if ivd < ri { si[ivd as usize] } else { Some(1) };
    if let Some(n) = index_size
        && d.start_index_map.len() as u64 != n
    {
        return Err(Fail::new(
            "gather_c3",
            format!(
                "start_index_map size ({}) is not equal to size of index dimension ({ivd}) of start_indices ({n})",
                d.start_index_map.len()
            ),
        ));
    }
    // gather_c4
    if !is_sorted(&d.offset_dims) {
        return Err(Fail::new("gather_c4", format!("expects offset_dims to be sorted, got: {}", list(&d.offset_dims))));
    }
    if !is_unique(&d.offset_dims) {
        return Err(Fail::new(
            "gather_c4",
            format!("expects offset_dims to not repeat, got: {}", list(&d.offset_dims)),
        ));
    }
    // gather_c6
    dims_distinct(
        "gather_c6",
        &d.collapsed_slice_dims,
        &d.operand_batching_dims,
        "collapsed_slice_dims",
        "operand_batching_dims",
    )?;
    // gather_c7
    if !is_sorted(&d.collapsed_slice_dims) {
        return Err(Fail::new(
            "gather_c7",
            format!("expects collapsed_slice_dims to be sorted, got: {}", list(&d.collapsed_slice_dims)),
        ));
    }
    // gather_c8
    dims_in_bounds("gather_c8", &d.collapsed_slice_dims, ro, "collapsed_slice_dims", "rank-of('operand')")?;
    // gather_c10
    if !is_sorted(&d.operand_batching_dims) {
        return Err(Fail::new(
            "gather_c10",
            format!("expects operand_batching_dims to be sorted, got: {}", list(&d.operand_batching_dims)),
        ));
    }
    // gather_c11
    dims_in_bounds("gather_c11", &d.operand_batching_dims, ro, "operand_batching_dims", "rank-of('operand')")?;
    // gather_c13
    if !is_unique(&d.start_indices_batching_dims) {
        return Err(Fail::new(
            "gather_c13",
            format!("expects start_indices_batching_dims to not repeat, got: {}", list(&d.start_indices_batching_dims)),
        ));
    }
    // gather_c14
    dims_in_bounds(
        "gather_c14",
        &d.start_indices_batching_dims,
        ri,
        "start_indices_batching_dims",
        "rank-of('start_indices')",
    )?;
    // gather_c15
    if d.start_indices_batching_dims.contains(&ivd) {
        return Err(Fail::new(
            "gather_c15",
            format!("expects start_indices_batching_dims not to include index_vector_dim {ivd}"),
        ));
    }
    // gather_c16
    if d.operand_batching_dims.len() != d.start_indices_batching_dims.len() {
        return Err(Fail::new(
            "gather_c16",
            "operand_batching_dims and start_indices_batching_dims should have the same size",
        ));
    }
    // gather_c17
    for (k, (&a, &b)) in d.operand_batching_dims.iter().zip(&d.start_indices_batching_dims).enumerate() {
        if !dim_compat(so[a as usize], si[b as usize]) {
            return Err(Fail::new(
                "gather_c17",
                format!(
                    "operand_batching_dims[{k}] and start_indices_batching_dims[{k}] must have compatible sizes, but got {} and {}",
                    dims_str(&[so[a as usize]]).trim_matches(['[', ']']),
                    dims_str(&[si[b as usize]]).trim_matches(['[', ']'])
                ),
            ));
        }
    }
    // gather_c18
    dims_distinct(
        "gather_c18",
        &d.start_index_map,
        &d.operand_batching_dims,
        "start_index_map",
        "operand_batching_dims",
    )?;
    // gather_c19
    dims_in_bounds("gather_c19", &d.start_index_map, ro, "start_index_map", "rank-of('operand')")?;
    // gather_c20
    if let Some(n) = len
        && n != ro as u64
    {
        return Err(Fail::new("gather_c20", format!("slice_sizes size ({n}) not equal to operand rank ({ro})")));
    }
    if let Some(sizes) = &sizes {
        // gather_c21
        for (i, &s) in sizes.iter().enumerate() {
            if s < 0 || so[i].is_some_and(|n| s as u64 > n) {
                return Err(Fail::new(
                    "gather_c21",
                    format!(
                        "slice size ({s}) is out of bounds for operand dimension ({}) at index {i}",
                        dims_str(&[so[i]]).trim_matches(['[', ']'])
                    ),
                ));
            }
        }
        // gather_c9
        for &c in &d.collapsed_slice_dims {
            if sizes[c as usize] > 1 {
                return Err(Fail::new(
                    "gather_c9",
                    format!("slice_sizes collapsed dimension {c} should <= 1 but got {}", sizes[c as usize]),
                ));
            }
        }
        // gather_c12
        for &c in &d.operand_batching_dims {
            if sizes[c as usize] > 1 {
                return Err(Fail::new(
                    "gather_c12",
                    format!("slice_sizes batching dimension {c} should <= 1 but got {}", sizes[c as usize]),
                ));
            }
        }
    }
    // gather_c22: an offset dimension is unknown when the slice sizes are.
    let batch = batch_dims(si, ivd);
    let offsets: Vec<Dim> = (0..ro)
        .filter(|i| !d.collapsed_slice_dims.contains(i) && !d.operand_batching_dims.contains(i))
        .map(|i| sizes.as_ref().map(|s| s[i as usize] as u64))
        .collect();
    let result_rank = (batch.len() + offsets.len()) as i64;
    // gather_c5
    dims_in_bounds("gather_c5", &d.offset_dims, result_rank, "offset_dims", "implied-result-rank")?;
    let mut out: Vec<Dim> = Vec::with_capacity(result_rank as usize);
    let (mut bi, mut oi) = (0, 0);
    for i in 0..result_rank {
        if d.offset_dims.contains(&i) {
            out.push(offsets[oi]);
            oi += 1;
        } else {
            out.push(batch[bi]);
            bi += 1;
        }
    }
    // gather_c22
    check_inferred_shape("gather_c22", &out, tr)
}

/// `scatter`: `scatter_c1`..`scatter_c25`.
pub fn scatter(op: Op<'_>) -> Check {
    let ins = op.operand_types();
    op.regions(1)?;
    // scatter_c5
    if ins.len() < 3 || ins.len() % 2 == 0 {
        return Err(Fail::new(
            "scatter_c5",
            format!(
                "expects an odd number of operands (inputs, scatter_indices, updates), at least 3, got {}",
                ins.len()
            ),
        ));
    }
    let n = (ins.len() - 1) / 2;
    let ts = ins
        .iter()
        .enumerate()
        .map(|(i, t)| expect_tensor(t, &format!("operand #{i}")))
        .collect::<Result<Vec<_>, _>>()?;
    let inputs = &ts[..n];
    let ti = operand_in(ins[n], n, Cats::INT)?;
    let updates = &ts[n + 1..];
    let rs = op.results(n)?;
    let Some(StablehloAttr::Scatter(d)) = crate::attrs::stablehlo::Scatter::of(op.o)
        .scatter_dimension_numbers()
        .raw()
        .and_then(shardref_spec::ir::Attr::as_stablehlo)
    else {
        // stablehlo_signature
        return Err(Fail::new("stablehlo_signature", "requires attribute 'scatter_dimension_numbers'"));
    };
    // scatter_c1
    for (i, t) in inputs.iter().enumerate() {
        if !shape_compat(t, inputs[0]) {
            return Err(Fail::new(
                "scatter_c1",
                format!(
                    "expects all inputs to have compatible shapes, but input {i} has type {} and input 0 has type {}",
                    qt(t),
                    qt(inputs[0])
                ),
            ));
        }
    }
    // scatter_c3
    for (i, t) in updates.iter().enumerate() {
        if !shape_compat(t, updates[0]) {
            return Err(Fail::new(
                "scatter_c3",
                format!(
                    "expects all updates to have compatible shapes, but update {i} has type {} and update 0 has type {}",
                    qt(t),
                    qt(updates[0])
                ),
            ));
        }
    }
    // scatter_c6
    for (t, u) in inputs.iter().zip(updates) {
        if t.elem != u.elem {
            return Err(Fail::new(
                "scatter_c6",
                format!("expects updates and inputs to have the same element types, got {} and {}", qt(u), qt(t)),
            ));
        }
    }
    // scatter_c23
    let refs_in: Vec<&TensorType> = inputs.to_vec();
    let inits: Vec<TensorType> = inputs.iter().map(|t| make(vec![], t.elem.clone())).collect();
    let refs_init: Vec<&TensorType> = inits.iter().collect();
    let acc = reducer(op, 0, &refs_in, &refs_init, &[])?;
    // scatter_c24, scatter_c25
    for (i, r) in rs.iter().enumerate() {
        let e = acc.get(i).cloned().unwrap_or_else(|| inputs[i].elem.clone());
        check_inferred_parts(
            "scatter_c24",
            "scatter_c25",
            &Type::Tensor(TensorType { shape: inputs[i].shape.clone(), elem: e, encoding: None }),
            r,
        )?;
    }
    let (Some(so), Some(si), Some(su)) = (shape(inputs[0]), shape(ti), shape(updates[0])) else { return Ok(()) };
    let (ro, ri, ru) = (so.len() as i64, si.len() as i64, su.len() as i64);
    let ivd = d.index_vector_dim;
    // scatter_c2
    let total = d.update_window_dims.len() + d.inserted_window_dims.len() + d.input_batching_dims.len();
    if total as i64 != ro {
        return Err(Fail::new(
            "scatter_c2",
            format!(
                "Expects rank-of operand to match size-of('update_window_dims') + size-of('inserted_window_dims') + size-of('input_batching_dims') i.e. {total} but got {ro}."
            ),
        ));
    }
    // scatter_c7
    if !is_sorted(&d.update_window_dims) {
        return Err(Fail::new(
            "scatter_c7",
            format!("Expects update_window_dims to be sorted; got: {}.", list(&d.update_window_dims)),
        ));
    }
    if !is_unique(&d.update_window_dims) {
        return Err(Fail::new(
            "scatter_c7",
            format!("Expects update_window_dims to not repeat; got: {}.", list(&d.update_window_dims)),
        ));
    }
    // scatter_c8
    dims_in_bounds("scatter_c8", &d.update_window_dims, ru, "update_window_dims", "rank-of('updates')")?;
    // scatter_c9
    dims_distinct(
        "scatter_c9",
        &d.inserted_window_dims,
        &d.input_batching_dims,
        "inserted_window_dims",
        "input_batching_dims",
    )?;
    // scatter_c10
    if !is_sorted(&d.inserted_window_dims) {
        return Err(Fail::new(
            "scatter_c10",
            format!("Expects inserted_window_dims to be sorted; got: {}.", list(&d.inserted_window_dims)),
        ));
    }
    // scatter_c11
    dims_in_bounds("scatter_c11", &d.inserted_window_dims, ro, "inserted_window_dims", "rank-of('operand')")?;
    // scatter_c12
    if !is_sorted(&d.input_batching_dims) {
        return Err(Fail::new(
            "scatter_c12",
            format!("Expects input_batching_dims to be sorted; got: {}.", list(&d.input_batching_dims)),
        ));
    }
    // scatter_c13
    dims_in_bounds("scatter_c13", &d.input_batching_dims, ro, "input_batching_dims", "rank-of('operand')")?;
    // scatter_c14
    if !is_unique(&d.scatter_indices_batching_dims) {
        return Err(Fail::new(
            "scatter_c14",
            format!(
                "Expects scatter_indices_batching_dims to not repeat; got: {}.",
                list(&d.scatter_indices_batching_dims)
            ),
        ));
    }
    // scatter_c15
    dims_in_bounds(
        "scatter_c15",
        &d.scatter_indices_batching_dims,
        ri,
        "scatter_indices_batching_dims",
        "rank-of('scatter_indices')",
    )?;
    // scatter_c16
    if d.scatter_indices_batching_dims.contains(&ivd) {
        return Err(Fail::new(
            "scatter_c16",
            format!("expects scatter_indices_batching_dims not to include index_vector_dim {ivd}."),
        ));
    }
    // scatter_c17
    if d.input_batching_dims.len() != d.scatter_indices_batching_dims.len() {
        return Err(Fail::new(
            "scatter_c17",
            "input_batching_dims and scatter_indices_batching_dims should have the same size.",
        ));
    }
    // scatter_c18
    for (k, (&a, &b)) in d.input_batching_dims.iter().zip(&d.scatter_indices_batching_dims).enumerate() {
        if !dim_compat(so[a as usize], si[b as usize]) {
            return Err(Fail::new(
                "scatter_c18",
                format!(
                    "input_batching_dims[{k}] and scatter_indices_batching_dims[{k}] must have compatible sizes, but got {} and {}.",
                    dims_str(&[so[a as usize]]).trim_matches(['[', ']']),
                    dims_str(&[si[b as usize]]).trim_matches(['[', ']'])
                ),
            ));
        }
    }
    // scatter_c22
    dim_in_bounds("scatter_c22", ivd, ri, "index_vector_dim", "rank-of('scatter_indices')", true)?;
    // scatter_c19
    let index_size: Dim = if ivd < ri { si[ivd as usize] } else { Some(1) };
    if let Some(k) = index_size
        && d.scatter_dims_to_operand_dims.len() as u64 != k
    {
        return Err(Fail::new(
            "scatter_c19",
            format!(
                "Scatter op has {} elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim={ivd} of scatter_indices is {k}. These two numbers must be equal.",
                d.scatter_dims_to_operand_dims.len()
            ),
        ));
    }
    // scatter_c20
    dims_distinct(
        "scatter_c20",
        &d.scatter_dims_to_operand_dims,
        &d.input_batching_dims,
        "scatter_dims_to_operand_dims",
        "input_batching_dims",
    )?;
    // scatter_c21
    dims_in_bounds(
        "scatter_c21",
        &d.scatter_dims_to_operand_dims,
        ro,
        "scatter_dims_to_operand_dims",
        "rank-of('operand')",
    )?;
    // scatter_c4
    let scatter_sizes = batch_dims(si, ivd);
    let expected_rank = (scatter_sizes.len() + d.update_window_dims.len()) as i64;
    if ru != expected_rank {
        return Err(Fail::new(
            "scatter_c4",
            format!(
                "expects updates tensor must be of rank {expected_rank} ( == rank-of('scatter_indices') - 1 + size-of('update_window_dims'), where 'scatter_indices' is expanded by a trailing 1 dimension if 'index_vector_dim' == rank-of('scatter_indices')), but got {ru}."
            ),
        ));
    }
    let window_sizes: Vec<Dim> = (0..ro)
        .filter(|i| !d.inserted_window_dims.contains(i) && !d.input_batching_dims.contains(i))
        .map(|i| so[i as usize])
        .collect();
    let (mut si_k, mut wi_k) = (0, 0);
    for i in 0..ru {
        let u = su[i as usize];
        if d.update_window_dims.contains(&i) {
            let bound = window_sizes.get(wi_k).copied().flatten();
            wi_k += 1;
            if let (Some(u), Some(b)) = (u, bound)
                && u > b
            {
                return Err(Fail::new(
                    "scatter_c4",
                    format!(
                        "expects bounds of the window dimensions of updates to not exceed the bounds of the corresponding dimensions of operand. For dimension {i}, updates bound is {u}, operand bound is {b}."
                    ),
                ));
            }
        } else {
            let want = scatter_sizes.get(si_k).copied().flatten();
            si_k += 1;
            if !dim_compat(u, want) {
                return Err(Fail::new(
                    "scatter_c4",
                    format!(
                        "expects bounds of the scatter dimensions of updates to be same as the bounds of the corresponding dimensions of scatter indices. For scatter dimension {i}, expected bound is {}, but got {}.",
                        dims_str(&[want]).trim_matches(['[', ']']),
                        dims_str(&[u]).trim_matches(['[', ']'])
                    ),
                ));
            }
        }
    }
    Ok(())
}
