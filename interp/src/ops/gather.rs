//! `gather` and `scatter`, following the spec's index formulas literally
//! (batching dimensions included).
//!
//! Choices: `scatter` applies updates in row-major order of the update
//! index space (the spec's `schedule` is implementation-defined; this is the
//! reference interpreter's order), and skips each update element whose
//! result index is out of bounds, as the spec says. `gather` clamps start
//! indices so the slice fits, as the spec says.

use crate::error::{IResult, invalid};
use crate::ops::elementwise::scalar_i64;
use crate::ops::shape::for_each_index;
use crate::value::{Tensor, strides};

/// The kernels take the IR's typed dimension numbers directly.
pub use shardref_spec::ir::stablehlo::{GatherDimensionNumbers as GatherDims, ScatterDimensionNumbers as ScatterDims};

/// A list of dimension numbers below `bound`, each once (every list of gather's and scatter's
/// dimension numbers is unique by the spec; a repeated one would break the result's layout).
fn us(v: &[i64], bound: usize, what: &str) -> IResult<Vec<usize>> {
    let mut out: Vec<usize> = Vec::with_capacity(v.len());
    for &x in v {
        match usize::try_from(x) {
            Ok(x) if x < bound && !out.contains(&x) => out.push(x),
            Ok(x) if x < bound => return invalid(format!("{what} repeats dimension {x}")),
            _ => return invalid(format!("{what} {x} out of range (bound {bound})")),
        }
    }
    Ok(out)
}

/// Reads all index values of an integer tensor as i64 (`scalar_i64` of each element, in one
/// typed loop for the integer buffers).
fn index_values(t: &Tensor) -> IResult<Vec<i64>> {
    use crate::value::Buffer as B;
    if crate::value::plain(&t.elem) {
        match &t.buf {
            B::I8(s) => return Ok(s.iter().map(|&x| x as i64).collect()),
            B::I16(s) => return Ok(s.iter().map(|&x| x as i64).collect()),
            B::I32(s) => return Ok(s.iter().map(|&x| x as i64).collect()),
            B::I64(s) => return Ok(s.to_vec()),
            B::U8(s) => return Ok(s.iter().map(|&x| x as i64).collect()),
            B::U16(s) => return Ok(s.iter().map(|&x| x as i64).collect()),
            B::U32(s) => return Ok(s.iter().map(|&x| x as i64).collect()),
            _ => {}
        }
    }
    (0..t.num_elements()).map(|i| scalar_i64(&crate::eval::scalar_at(t, i))).collect()
}

/// The start index vector selected by `batch_index` (the index without `index_vector_dim`).
fn start_vector(indices: &Tensor, values: &[i64], ist: &[usize], batch_index: &[usize], ivd: usize) -> Vec<i64> {
    if ivd < indices.rank() {
        let mut idx = batch_index.to_vec();
        idx.insert(ivd, 0);
        let base: usize = idx.iter().zip(ist).map(|(a, b)| a * b).sum();
        (0..indices.shape[ivd]).map(|k| values[base + k * ist[ivd]]).collect()
    } else {
        let base: usize = batch_index.iter().zip(ist).map(|(a, b)| a * b).sum();
        vec![values[base]]
    }
}

/// `gather(operand, start_indices)` with `slice_sizes`.
pub fn gather(operand: &Tensor, indices: &Tensor, d: &GatherDims, slice_sizes: &[i64]) -> IResult<Tensor> {
    let r = operand.rank();
    let slice_sizes = crate::ops::shape::to_usize(slice_sizes, "slice size")?;
    if slice_sizes.len() != r || slice_sizes.iter().zip(&operand.shape).any(|(s, d)| s > d) {
        return invalid("gather slice_sizes must have one entry per operand dimension and fit it");
    }
    let ivd = usize::try_from(d.index_vector_dim).ok().filter(|&v| v <= indices.rank()).ok_or_else(|| {
        crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "index_vector_dim out of range")
    })?;
    let collapsed = us(&d.collapsed_slice_dims, r, "collapsed_slice_dims")?;
    let obatch = us(&d.operand_batching_dims, r, "operand_batching_dims")?;
    let sbatch = us(&d.start_indices_batching_dims, indices.rank(), "start_indices_batching_dims")?;
    let map = us(&d.start_index_map, r, "start_index_map")?;
    if obatch.len() != sbatch.len() {
        return invalid("operand_batching_dims and start_indices_batching_dims differ in length");
    }
    // Batch dims of the result: start_indices' dims without index_vector_dim.
    let batch_shape: Vec<usize> = (0..indices.rank()).filter(|&x| x != ivd).map(|x| indices.shape[x]).collect();
    let offset_sizes: Vec<usize> =
        (0..r).filter(|x| !collapsed.contains(x) && !obatch.contains(x)).map(|x| slice_sizes[x]).collect();
    let rank_out = batch_shape.len() + offset_sizes.len();
    let offset_dims = us(&d.offset_dims, rank_out, "offset_dims")?;
    if offset_dims.len() != offset_sizes.len() {
        return invalid("offset_dims must name one result dimension per uncollapsed slice dimension");
    }
    let batch_dims: Vec<usize> = (0..rank_out).filter(|x| !offset_dims.contains(x)).collect();
    let mut shape = vec![0; rank_out];
    for (k, &o) in offset_dims.iter().enumerate() {
        shape[o] = offset_sizes[k];
    }
    for (k, &b) in batch_dims.iter().enumerate() {
        shape[b] = batch_shape[k];
    }
    let values = index_values(indices)?;
    let ist = indices.strides();
    let ost = operand.strides();
    // Operand dims that receive offset indices, in order.
    let offset_operand_dims: Vec<usize> = (0..r).filter(|x| !collapsed.contains(x) && !obatch.contains(x)).collect();
    let n = crate::value::checked_numel(&shape)?;
    if n == 0 {
        return Ok(Tensor::new(shape, operand.elem.clone(), crate::value::Buffer::zeros(operand.buf.repr(), 0)));
    }
    // Each batch index selects one slice: its first operand element (`base`), then a box of
    // `offset_sizes` elements whose operand and result offsets are affine (strided copies).
    let rst = strides(&shape);
    let (mut bases, mut dst_bases) = (Vec::new(), Vec::new());
    let mut full = vec![0i64; r];
    let mut err = None;
    let last: usize = offset_operand_dims.iter().zip(&offset_sizes).map(|(&od, &sz)| (sz - 1) * ost[od]).sum();
    for_each_index(&batch_shape, |batch_index| {
        if err.is_some() {
            return;
        }
        let start = start_vector(indices, &values, &ist, batch_index, ivd);
        if start.len() != map.len() {
            err = Some("start index vector length differs from start_index_map");
            return;
        }
        full.fill(0);
        for (k, &od) in map.iter().enumerate() {
            let hi = (operand.shape[od] - slice_sizes[od]) as i64;
            full[od] = start[k].clamp(0, hi);
        }
        for (&od, &sd) in obatch.iter().zip(&sbatch) {
            let k = if sd < ivd { sd } else { sd - 1 };
            full[od] += batch_index[k] as i64;
        }
        let base = full.iter().zip(&ost).map(|(&a, &b)| a as usize * b).sum::<usize>();
        // The slice's last element is its largest operand index.
        if base + last >= operand.num_elements() {
            err = Some(if operand.num_elements() == 0 {
                "gather reads elements of an empty operand"
            } else {
                "gather index out of range after clamping (batching index too large)"
            });
            return;
        }
        bases.push(base);
        dst_bases.push(batch_dims.iter().zip(batch_index).map(|(&b, &i)| i * rst[b]).sum::<usize>());
    });
    if let Some(e) = err {
        return invalid(e);
    }
    let volume: usize = offset_sizes.iter().product();
    if volume == 1 {
        // One element per batch index, in the result's row-major order.
        return Ok(Tensor::new(shape, operand.elem.clone(), operand.buf.gather(&bases)));
    }
    let sstr: Vec<isize> = offset_operand_dims.iter().map(|&od| ost[od] as isize).collect();
    let dstr: Vec<isize> = offset_dims.iter().map(|&o| rst[o] as isize).collect();
    let parts: Vec<crate::ops::strided::Part<'_>> = bases
        .iter()
        .zip(&dst_bases)
        .map(|(&sbase, &dbase)| crate::ops::strided::Part {
            src: &operand.buf,
            sbase,
            sstr: sstr.clone(),
            dbase,
            dstr: dstr.clone(),
            shape: offset_sizes.clone(),
        })
        .collect();
    let buf = crate::ops::strided::compose(operand.buf.repr(), n, None, None, &parts).ok_or_else(|| {
        crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "a fresh buffer was shared")
    })?;
    Ok(Tensor::new(shape, operand.elem.clone(), buf))
}

/// A variadic scatter's inputs share one shape, and its updates another (the spec's scatter C4
/// and C6): the update targets are computed once, from the first of each.
pub fn check_variadic_shapes(inputs: &[Tensor], updates: &[Tensor]) -> IResult<()> {
    for (what, ts) in [("inputs", inputs), ("updates", updates)] {
        if let Some(t) = ts.iter().find(|t| t.shape != ts[0].shape) {
            return invalid(format!("scatter {what} differ in shape: {:?} and {:?}", ts[0].shape, t.shape));
        }
    }
    Ok(())
}

/// For each update element (row-major), the flat result index it updates, or
/// `None` when out of bounds. Shared by all N inputs of a scatter.
pub fn scatter_targets(
    input_shape: &[usize],
    indices: &Tensor,
    update_shape: &[usize],
    d: &ScatterDims,
) -> IResult<Vec<Option<usize>>> {
    let r = input_shape.len();
    let ivd = usize::try_from(d.index_vector_dim).ok().filter(|&v| v <= indices.rank()).ok_or_else(|| {
        crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "index_vector_dim out of range")
    })?;
    let window_dims = us(&d.update_window_dims, update_shape.len(), "update_window_dims")?;
    let inserted = us(&d.inserted_window_dims, r, "inserted_window_dims")?;
    let ibatch = us(&d.input_batching_dims, r, "input_batching_dims")?;
    let sbatch = us(&d.scatter_indices_batching_dims, indices.rank(), "scatter_indices_batching_dims")?;
    let map = us(&d.scatter_dims_to_operand_dims, r, "scatter_dims_to_operand_dims")?;
    if ibatch.len() != sbatch.len() {
        return invalid("input_batching_dims and scatter_indices_batching_dims differ in length");
    }
    let scatter_dims: Vec<usize> = (0..update_shape.len()).filter(|x| !window_dims.contains(x)).collect();
    let window_operand_dims: Vec<usize> = (0..r).filter(|x| !inserted.contains(x) && !ibatch.contains(x)).collect();
    if window_operand_dims.len() != window_dims.len() {
        return invalid("update_window_dims must name one update dimension per window dimension of the operand");
    }
    // The updates' scatter dimensions are the indices' batch dimensions (the spec's
    // `shape(updates)` constraint); the index vectors are read by them.
    let batch_shape: Vec<usize> = (0..indices.rank()).filter(|&x| x != ivd).map(|x| indices.shape[x]).collect();
    let update_scatter_shape: Vec<usize> = scatter_dims.iter().map(|&x| update_shape[x]).collect();
    if batch_shape != update_scatter_shape {
        return invalid(format!(
            "the updates' scatter dimensions {update_scatter_shape:?} differ from the indices' batch dimensions {batch_shape:?}"
        ));
    }
    let values = index_values(indices)?;
    let ist = indices.strides();
    let rst = strides(input_shape);
    let mut out = Vec::with_capacity(crate::value::checked_numel(update_shape)?);
    let mut err = None;
    for_each_index(update_shape, |ui| {
        let scatter_index: Vec<usize> = scatter_dims.iter().map(|&s| ui[s]).collect();
        let start = start_vector(indices, &values, &ist, &scatter_index, ivd);
        if start.len() != map.len() {
            err.get_or_insert("scatter index vector length differs from scatter_dims_to_operand_dims");
            return;
        }
        let mut full = vec![0i64; r];
        for (k, &od) in map.iter().enumerate() {
            full[od] = start[k];
        }
        // Saturating: indices come from data, and a sum past i64 is out of bounds either way.
        for (&od, &sd) in ibatch.iter().zip(&sbatch) {
            let k = if sd < ivd { sd } else { sd - 1 };
            full[od] = full[od].saturating_add(scatter_index.get(k).copied().unwrap_or(0) as i64);
        }
        for (k, &od) in window_operand_dims.iter().enumerate() {
            full[od] = full[od].saturating_add(ui[window_dims[k]] as i64);
        }
        let inside = full.iter().zip(input_shape).all(|(&x, &s)| x >= 0 && (x as usize) < s);
        out.push(inside.then(|| full.iter().zip(&rst).map(|(&a, &b)| a as usize * b).sum()));
    });
    if let Some(e) = err {
        return invalid(e);
    }
    Ok(out)
}

/// The deprecated `torch_index_select(operand, index)` (MHLO semantics):
/// `result[p, j, q] = operand[p, index[p[..batch_dims], j], q]`, where `p`
/// indexes the operand's dimensions before `dim`, `j` the index's dimensions
/// after its `batch_dims` leading ones (shared with the operand), and `q`
/// the operand's dimensions after `dim`. Out-of-range indices are clamped to
/// the dimension, as the `gather` MHLO lowers it to clamps its starts.
pub fn torch_index_select(operand: &Tensor, index: &Tensor, dim: i64, batch_dims: i64) -> IResult<Tensor> {
    let r = operand.rank();
    let (Ok(d), Ok(bd)) = (usize::try_from(dim), usize::try_from(batch_dims)) else {
        return invalid("torch_index_select: dim and batch_dims must be non-negative");
    };
    if d >= r || bd > d || bd > index.rank() || operand.shape[..bd] != index.shape[..bd] {
        return invalid("torch_index_select: need batch_dims <= dim < rank(operand) and matching batch dimensions");
    }
    let idx = crate::ops::dynamic::int_values(index)?;
    let mut shape: Vec<usize> = operand.shape[..d].to_vec();
    shape.extend_from_slice(&index.shape[bd..]);
    shape.extend_from_slice(&operand.shape[d + 1..]);
    let n: usize = shape.iter().product();
    if n > 0 && operand.shape[d] == 0 {
        return invalid("torch_index_select: cannot select from an empty dimension");
    }
    let os = operand.strides();
    let is = index.strides();
    let (jr, qr) = (index.rank() - bd, r - d - 1);
    let mut flat = Vec::with_capacity(n);
    crate::ops::shape::for_each_index(&shape, |ix| {
        let (p, rest) = ix.split_at(d);
        let (j, q) = rest.split_at(jr);
        let ipos: usize = p[..bd].iter().zip(&is).map(|(a, s)| a * s).sum::<usize>()
            + j.iter().zip(&is[bd..]).map(|(a, s)| a * s).sum::<usize>();
        let sel = idx[ipos].clamp(0, operand.shape[d] as i64 - 1) as usize;
        let mut o: usize = p.iter().zip(&os).map(|(a, s)| a * s).sum();
        o += sel * os[d];
        o += q.iter().zip(&os[d + 1..]).map(|(a, s)| a * s).sum::<usize>();
        debug_assert_eq!(q.len(), qr);
        flat.push(o);
    });
    Ok(Tensor::new(shape, operand.elem.clone(), operand.buf.gather(&flat)))
}

/// The per-element implementation the strided gather replaced, kept as the tests' reference.
#[cfg(test)]
mod indexed {
    use super::*;

    pub(super) fn gather(operand: &Tensor, indices: &Tensor, d: &GatherDims, slice_sizes: &[i64]) -> IResult<Tensor> {
        let r = operand.rank();
        let slice_sizes = crate::ops::shape::to_usize(slice_sizes, "slice size")?;
        if slice_sizes.len() != r || slice_sizes.iter().zip(&operand.shape).any(|(s, d)| s > d) {
            return invalid("gather slice_sizes must have one entry per operand dimension and fit it");
        }
        let ivd = usize::try_from(d.index_vector_dim).ok().filter(|&v| v <= indices.rank()).ok_or_else(|| {
            crate::error::InterpError::invalid(shardref_spec::ir::Span::NONE, "index_vector_dim out of range")
        })?;
        let collapsed = us(&d.collapsed_slice_dims, r, "collapsed_slice_dims")?;
        let obatch = us(&d.operand_batching_dims, r, "operand_batching_dims")?;
        let sbatch = us(&d.start_indices_batching_dims, indices.rank(), "start_indices_batching_dims")?;
        let map = us(&d.start_index_map, r, "start_index_map")?;
        if obatch.len() != sbatch.len() {
            return invalid("operand_batching_dims and start_indices_batching_dims differ in length");
        }
        // Batch dims of the result: start_indices' dims without index_vector_dim.
        let batch_shape: Vec<usize> = (0..indices.rank()).filter(|&x| x != ivd).map(|x| indices.shape[x]).collect();
        let offset_sizes: Vec<usize> =
            (0..r).filter(|x| !collapsed.contains(x) && !obatch.contains(x)).map(|x| slice_sizes[x]).collect();
        let rank_out = batch_shape.len() + offset_sizes.len();
        let offset_dims = us(&d.offset_dims, rank_out, "offset_dims")?;
        if offset_dims.len() != offset_sizes.len() {
            return invalid("offset_dims must name one result dimension per uncollapsed slice dimension");
        }
        let batch_dims: Vec<usize> = (0..rank_out).filter(|x| !offset_dims.contains(x)).collect();
        let mut shape = vec![0; rank_out];
        for (k, &o) in offset_dims.iter().enumerate() {
            shape[o] = offset_sizes[k];
        }
        for (k, &b) in batch_dims.iter().enumerate() {
            shape[b] = batch_shape[k];
        }
        let values = super::index_values(indices)?;
        let ist = indices.strides();
        let ost = operand.strides();
        // Operand dims that receive offset indices, in order.
        let offset_operand_dims: Vec<usize> =
            (0..r).filter(|x| !collapsed.contains(x) && !obatch.contains(x)).collect();
        let mut src = Vec::with_capacity(crate::value::checked_numel(&shape)?);
        let mut err = None;
        for_each_index(&shape, |ri| {
            let batch_index: Vec<usize> = batch_dims.iter().map(|&b| ri[b]).collect();
            let start = start_vector(indices, &values, &ist, &batch_index, ivd);
            if start.len() != map.len() {
                err.get_or_insert("start index vector length differs from start_index_map".to_string());
                return;
            }
            let mut full = vec![0i64; r];
            for (k, &od) in map.iter().enumerate() {
                let hi = (operand.shape[od] - slice_sizes[od]) as i64;
                full[od] = start[k].clamp(0, hi);
            }
            for (&od, &sd) in obatch.iter().zip(&sbatch) {
                let k = if sd < ivd { sd } else { sd - 1 };
                full[od] += batch_index[k] as i64;
            }
            for (k, &od) in offset_operand_dims.iter().enumerate() {
                full[od] += ri[offset_dims[k]] as i64;
            }
            src.push(full.iter().zip(&ost).map(|(&a, &b)| a as usize * b).sum::<usize>());
        });
        if let Some(e) = err {
            return invalid(e);
        }
        if src.iter().any(|&s| s >= operand.num_elements()) {
            return invalid(if operand.num_elements() == 0 {
                "gather reads elements of an empty operand"
            } else {
                "gather index out of range after clamping (batching index too large)"
            });
        }
        Ok(Tensor::new(shape, operand.elem.clone(), operand.buf.gather(&src)))
    }
}

#[cfg(test)]
mod tests {
    //! The strided gather against the per-element one, bit for bit: random row and element
    //! gathers (clamped indices included) over random shapes and element types.
    use super::*;
    use crate::value::Buffer;
    use proptest::prelude::*;
    use shardref_spec::ir::ElemType;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn gathers_match(rows in 1usize..9, cols in 1usize..9, n in 0usize..12, width in 1usize..4,
                         collapse in any::<bool>(), bf in any::<bool>(), seed in any::<u64>()) {
            let width = width.min(cols);
            let vals: Vec<i64> = (0..(rows * cols) as i64).collect();
            let elem = if bf { ElemType::Float(shardref_spec::ir::FloatKind::BF16) } else { ElemType::I32 };
            let operand = Tensor::new(vec![rows, cols], elem.clone(), crate::ops::convert::from_i64s(&elem, &vals).unwrap());
            let idx: Vec<i32> = (0..2 * n).map(|k| ((seed >> (k % 50)) as i32 % 13) - 3).collect();
            let indices = Tensor::new(vec![n, 2], ElemType::I32, Buffer::I32(idx.into()));
            let (offset_dims, collapsed, sizes) = if collapse {
                (vec![1], vec![0], vec![1, width as i64])
            } else {
                (vec![1, 2], vec![], vec![2.min(rows) as i64, width as i64])
            };
            let d = GatherDims {
                offset_dims,
                collapsed_slice_dims: collapsed,
                operand_batching_dims: vec![],
                start_indices_batching_dims: vec![],
                start_index_map: vec![0, 1],
                index_vector_dim: 1,
            };
            let a = gather(&operand, &indices, &d, &sizes);
            let b = indexed::gather(&operand, &indices, &d, &sizes);
            match (a, b) {
                (Ok(a), Ok(b)) => {
                    prop_assert_eq!(a.shape, b.shape);
                    prop_assert_eq!(a.buf.to_le_bytes(), b.buf.to_le_bytes());
                }
                (a, b) => prop_assert_eq!(a.map(|t| t.shape).map_err(|e| e.to_string()), b.map(|t| t.shape).map_err(|e| e.to_string())),
            }
            // Element gathers: collapsed rows and columns.
            let d1 = GatherDims {
                offset_dims: vec![],
                collapsed_slice_dims: vec![0, 1],
                operand_batching_dims: vec![],
                start_indices_batching_dims: vec![],
                start_index_map: vec![0, 1],
                index_vector_dim: 1,
            };
            let a = gather(&operand, &indices, &d1, &[1, 1]).map(|t| t.buf.to_le_bytes()).map_err(|e| e.to_string());
            let b = indexed::gather(&operand, &indices, &d1, &[1, 1]).map(|t| t.buf.to_le_bytes()).map_err(|e| e.to_string());
            prop_assert_eq!(a, b);
        }
    }
}
