//! Local forms of position-dependent ops on sharded dimensions: what each
//! device runs on its own shards, with its per-device offsets, so that these
//! ops need neither the global-canvas execution nor a gather to global
//! values (../shared/docs/sharding-rules.md §3.3, §3.6, §3.7).
//!
//! - Window form (slice, pad, reverse, concatenate, dynamic_slice): a device's result block
//!   reads one contiguous range of each operand per dimension. The device
//!   fetches that range (its *window*) from the devices that hold it — its
//!   own shard when it holds it, else a halo from its neighbours, exactly the
//!   data upstream's halo exchange moves with collective_permute — and runs
//!   the op's kernel on the window with attributes shifted by its offsets
//!   (a slice from 0, a pad with `low' = low + i0·(interior+1) − r0`, a plain
//!   reverse, a concatenation of the windows). Operand and result shardings
//!   may differ (a permutation factor's reshard is part of the same exchange).
//!   dynamic_slice is a window form too: its start indices are clamped
//!   globally and its window is the block shifted by them.
//! - reduce_window (no base dilation) is a window form too: the input range
//!   its block's windows cover, reduced with the padding shifted to the block.
//! - iota: a local iota plus the block's offset along the iota dimension.
//! - dynamic_update_slice: the start indices are clamped globally, and each
//!   device writes the part of the update that falls into its block (the
//!   update window, fetched like an operand window) at its local offset.
//! - gather (`gather_kernel`): operand batching dimensions stay local (they
//!   are sharded as the indices' batching dimensions they pair with); operand
//!   dimensions that are reduction factors
//!   (sharded collapsed dimensions, slice size 1) get their start indices
//!   clamped globally and rebased to the device's block; an index outside
//!   the block points at one appended zero row, so the device's result is
//!   its partial (a sum over the reduction axes gives the gather).
//! - scatter (`scatter_args`): indices into sharded inserted dimensions are
//!   rebased to the device's block (updates outside it fall out of bounds
//!   and are skipped, as the spec skips them globally); with updates sharded
//!   on implicit batch dimensions (a reduction factor), only the leader of
//!   each reduction group keeps the inputs of a sum, the others start from
//!   zeros, and the partials combine with the update body's monoid.
//!
//! - Elementwise ops whose operands are sharded unlike their result get
//!   their operands resharded on local shards (`align`, `reshard_local`)
//!   when reshards are inserted, instead of a gather to global values.
//!
//! Padding of non-divisible dimensions stays invisible: every form computes
//! each device's clipped block and pads the local tensor after it with zeros,
//! which no consumer reads.
//!
//! The decision's part is `form` (called by `factors::decide`): whether the op
//! has a local form with these shardings, every condition checked there, so
//! that `run` then always runs it.
//!
//! Invariant: `run` returns only shards that are exactly the blocks the
//! declared result sharding assigns each device; when an operand element
//! would have to come from another device and reshards are not inserted, it
//! returns the strict-mode refusal (a typed `Refusal` with op, operand,
//! dimension, factor, axes: a halo exchange).

use std::ops::Range;

use shardref_spec::ir::{ElemType, Module, OpId, Type};
use shardref_spec::ops::{OpKind, StablehloOp};

use crate::attrs::stablehlo as view;
use crate::attrs::{Field, kind};
use crate::devices::mesh::{AxisPart, Mesh, Sharding, extract_block};
use crate::devices::sdy_ops::Held;
use crate::error::{IResult, InterpError, Need, Refusal, RefusedValue};
use crate::ops::shape::{for_each_index, gather_many};
use crate::value::{Buffer, Tensor, Value, strides};

/// The position that holds block `b` of `axes` and otherwise agrees with `p`
/// on every mesh digit (so a replicated axis keeps `p`'s own coordinate).
fn with_block(mesh: &Mesh, p: usize, axes: &[AxisPart], b: usize) -> usize {
    let mut c = mesh.coords(p);
    let mut rest = b;
    for x in axes.iter().rev() {
        let digit = rest % x.size;
        rest /= x.size;
        let n = mesh.axes[x.axis].1;
        let stride = n / (x.pre * x.size);
        let old = (c[x.axis] / stride) % x.size;
        c[x.axis] = c[x.axis] - old * stride + digit * stride;
    }
    mesh.position(&c)
}

/// The elements `want` (global ranges, one per dimension) of `h`, as device
/// `p` receives them: from its own shard where it holds them, else from the
/// device that holds their block and agrees with `p` on every other axis.
/// Returns the window and, for the first dimension along which `p` needed
/// another device's data, that dimension.
fn fetch(h: &Held, p: usize, want: &[Range<usize>]) -> (Tensor, Option<usize>) {
    let s = &h.sharding;
    let local = s.local_shape(&h.global);
    let held = s.block(&h.global, p);
    let remote =
        (0..want.len()).find(|&d| !want[d].is_empty() && (want[d].start < held[d].start || want[d].end > held[d].end));
    let shape: Vec<usize> = want.iter().map(Range::len).collect();
    let first = &h.shards[p];
    if remote.is_none() {
        let ranges: Vec<Range<usize>> = want
            .iter()
            .zip(&held)
            .map(|(w, b)| w.start.saturating_sub(b.start)..w.end.saturating_sub(b.start))
            .collect();
        return (extract_block(first, &ranges, &shape), None);
    }
    // Per dimension and wanted index: (block index, offset inside the block).
    let per_dim: Vec<Vec<(usize, usize)>> =
        want.iter().zip(&local).map(|(w, &l)| w.clone().map(|i| (i / l.max(1), i % l.max(1))).collect()).collect();
    // Elements are grouped by the block combination that holds them: a
    // mixed-radix key over the dimensions' shard counts.
    let counts: Vec<usize> = (0..want.len()).map(|d| s.num_shards(d).max(1)).collect();
    let mut sources: Vec<usize> = vec![];
    let mut parts = Vec::with_capacity(shape.iter().product());
    let ls = strides(&local);
    let mut cache: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    for_each_index(&shape, |i| {
        let key = i.iter().enumerate().fold(0, |acc, (d, &x)| acc * counts[d] + per_dim[d][x].0.min(counts[d] - 1));
        let k = *cache.entry(key).or_insert_with(|| {
            let mut q = p;
            for (d, &x) in i.iter().enumerate() {
                q = with_block(&s.mesh, q, &s.dims[d], per_dim[d][x].0);
            }
            match sources.iter().position(|&x| x == q) {
                Some(k) => k,
                None => {
                    sources.push(q);
                    sources.len() - 1
                }
            }
        });
        let l: usize = i.iter().enumerate().map(|(d, &x)| per_dim[d][x].1 * ls[d]).sum();
        parts.push((k, l));
    });
    let ts: Vec<&Tensor> = sources.iter().map(|&q| &h.shards[q]).collect();
    let buf = if ts.is_empty() {
        first.buf.gather(&[])
    } else {
        gather_many(&ts, &parts).unwrap_or_else(|_| Buffer::zeros(first.buf.repr(), parts.len()))
    };
    (Tensor::new(shape, first.elem.clone(), buf), remote)
}

/// A tensor holding block `t` (of the block's own shape) padded with zeros to `local`.
fn pad_to(t: &Tensor, local: &[usize]) -> Tensor {
    if t.shape == local {
        return t.clone();
    }
    let ranges: Vec<Range<usize>> = t.shape.iter().map(|&n| 0..n).collect();
    extract_block(t, &ranges, local)
}

/// The local form an op runs in (`factors::Decision::LocalForm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// slice, pad, reverse, concatenate, dynamic_slice: each device fetches its windows.
    Window(StablehloOp),
    Iota,
    DynamicUpdateSlice,
    /// reduce_window without base dilation.
    ReduceWindow,
}

fn form_of(kind: OpKind) -> Option<Form> {
    let OpKind::Stablehlo(k) = kind else { return None };
    match k {
        StablehloOp::Slice
        | StablehloOp::Pad
        | StablehloOp::Reverse
        | StablehloOp::Concatenate
        | StablehloOp::DynamicSlice => Some(Form::Window(k)),
        StablehloOp::Iota => Some(Form::Iota),
        StablehloOp::DynamicUpdateSlice => Some(Form::DynamicUpdateSlice),
        _ => None,
    }
}

/// The local form `op` runs in with these shardings, if it has one and something is sharded
/// (the decision's part, `factors::decide`): `Ok(None)` leaves the op to the factor model.
/// Every condition under which a form applies is checked here, so `run` never gives up.
pub fn form(
    m: &Module,
    op: OpId,
    kind: OpKind,
    operands: &[Held],
    results: &[(Vec<usize>, Sharding)],
) -> IResult<Option<Form>> {
    if kind == OpKind::Stablehlo(StablehloOp::ReduceWindow) {
        return Ok(reduce_window_form(m, op, operands, results)?.map(|_| Form::ReduceWindow));
    }
    let Some(form) = form_of(kind) else { return Ok(None) };
    let [(rglobal, rs)] = results else { return Ok(None) };
    let replicated = |s: &Sharding| s.is_fully_replicated();
    if !rs.unreduced.is_empty() || operands.iter().any(|h| !h.sharding.unreduced.is_empty()) {
        return Ok(None);
    }
    if replicated(rs) && operands.iter().all(|h| replicated(&h.sharding)) {
        return Ok(None);
    }
    if operands.iter().any(|h| h.sharding.mesh.device_ids != rs.mesh.device_ids) {
        return Ok(None);
    }
    if !matches!(m.value_type(m.op(op).results[0]), Type::Tensor(_)) {
        return Ok(None);
    }
    match form {
        // The op's attributes must fit its operands on every device.
        Form::Window(k) => {
            for p in 0..rs.mesh.num_devices() {
                if windows(m, op, k, operands, &rs.block(rglobal, p), p)?.is_none() {
                    return Ok(None);
                }
            }
        }
        Form::DynamicUpdateSlice if operands.len() < 2 => return Ok(None),
        Form::DynamicUpdateSlice | Form::Iota | Form::ReduceWindow => {}
    }
    Ok(Some(form))
}

/// Runs `op` in `form` (which `form` chose for these operands and results). `insert`: perform
/// the halo exchange an operand needs; otherwise a needed halo is the strict-mode refusal.
pub fn run(
    it: &mut crate::eval::Interp<'_>,
    op: OpId,
    form: Form,
    operands: &[Held],
    results: &[(Vec<usize>, Sharding)],
    insert: bool,
) -> IResult<Vec<Held>> {
    let m = it.m;
    let o = m.op(op);
    let unfit = || InterpError::invalid(o.span, format!("'{}' does not fit its local form", o.name.as_str()));
    if form == Form::ReduceWindow {
        return reduce_window(it, op, operands, results, insert);
    }
    let [(rglobal, rs)] = results else { return Err(unfit()) };
    let span = o.span;
    let n = rs.mesh.num_devices();
    let local = rs.local_shape(rglobal);
    // Every device builds its block: the work is the local block times the devices, paid before
    // anything is allocated (the global evaluator pays for an op's results the same way).
    let local_elems = local.iter().fold(1u64, |acc, &d| acc.saturating_mul(d as u64));
    it.charge_op(op, local_elems.saturating_mul(n as u64).max(1))?;
    let mut shards = Vec::with_capacity(n);
    let mut need: Option<(usize, usize, usize)> = None;
    let mut note = |i: usize, d: Option<usize>, p: usize| {
        if let (None, Some(d)) = (need, d) {
            need = Some((i, d, p));
        }
    };
    let elem = match m.value_type(o.results[0]) {
        Type::Tensor(t) => t.elem.clone(),
        _ => return Err(unfit()),
    };
    for p in 0..n {
        let block = rs.block(rglobal, p);
        let t = match form {
            Form::Iota => iota_block(m, op, &block, &local, &elem)?,
            Form::ReduceWindow => return Err(unfit()),
            Form::Window(k) => {
                let Some(w) = windows(m, op, k, operands, &block, p)? else { return Err(unfit()) };
                let mut ws = Vec::with_capacity(w.len());
                for (i, want) in w.iter().enumerate() {
                    let (t, remote) = fetch(&operands[i], p, want);
                    note(i, remote, p);
                    ws.push(t);
                }
                let t = window_kernel(m, op, k, operands, &ws, &block, p)?;
                pad_to(&t, &local)
            }
            Form::DynamicUpdateSlice => {
                let (Some(x), Some(u)) = (operands.first(), operands.get(1)) else { return Err(unfit()) };
                // The operand's block of the result (its own shard when sharded alike).
                let (base, remote) = fetch(x, p, &block);
                note(0, remote, p);
                let base = pad_to(&base, &local);
                let starts = operands[2..]
                    .iter()
                    .map(|h| crate::ops::elementwise::scalar_i64(&h.shards[p]))
                    .collect::<IResult<Vec<_>>>()
                    .map_err(|e| e.at(span))?;
                let mut want = vec![];
                let mut at = vec![];
                for d in 0..rglobal.len() {
                    let (dim, us) = (rglobal[d] as i64, u.global.get(d).copied().unwrap_or(0) as i64);
                    let s = starts.get(d).copied().unwrap_or(0).clamp(0, (dim - us).max(0));
                    let (r0, r1) = (block[d].start as i64, block[d].end as i64);
                    let (lo, hi) = (r0.max(s), r1.min(s + us));
                    if lo >= hi {
                        want.clear();
                        break;
                    }
                    want.push((lo - s) as usize..(hi - s) as usize);
                    at.push(lo - r0);
                }
                if want.is_empty() {
                    base
                } else {
                    let (w, remote) = fetch(u, p, &want);
                    note(1, remote, p);
                    crate::ops::shape::dynamic_update_slice(&base, &w, &at).map_err(|e| e.at(span))?
                }
            }
        };
        shards.push(t);
    }
    if let Some((i, d, p)) = need
        && !insert
    {
        let (refusal, message) = strict_refusal(m, op, operands, results, i, d, p);
        return Err(InterpError::refused(span, refusal, message));
    }
    let mut s = rs.clone();
    s.unreduced.clear();
    Ok(vec![Held { sharding: s, shards, global: rglobal.clone() }])
}

/// reduce_window's local form applies (no base dilation, inits replicated, results sharded
/// alike): its window and body region, or `None`.
fn reduce_window_form(
    m: &Module,
    op: OpId,
    operands: &[Held],
    results: &[(Vec<usize>, Sharding)],
) -> IResult<Option<(crate::ops::windows::Window, shardref_spec::ir::RegionId)>> {
    let o = m.op(op);
    let span = o.span;
    let n = operands.len() / 2;
    if n == 0 || operands.len() != 2 * n || results.len() != n {
        return Ok(None);
    }
    let (rglobal, rs) = &results[0];
    if results.iter().any(|(_, s)| s.dims != rs.dims || !s.unreduced.is_empty())
        || operands.iter().any(|h| !h.sharding.unreduced.is_empty() || h.sharding.mesh.device_ids != rs.mesh.device_ids)
        || operands[n..].iter().any(|h| !h.sharding.is_fully_replicated())
    {
        return Ok(None);
    }
    if rs.is_fully_replicated() && operands.iter().all(|h| h.sharding.is_fully_replicated()) {
        return Ok(None);
    }
    let x = &operands[0];
    let rank = x.global.len();
    let w = crate::ops::windows::Window::new(
        rank,
        ints(view::ReduceWindow::of(o).window_dimensions())?,
        view::ReduceWindow::of(o).window_strides().opt().map_err(|e| InterpError::from(e).at(span))?,
        view::ReduceWindow::of(o).base_dilations().opt().map_err(|e| InterpError::from(e).at(span))?,
        view::ReduceWindow::of(o).window_dilations().opt().map_err(|e| InterpError::from(e).at(span))?,
        view::ReduceWindow::of(o).padding().opt().map_err(|e| InterpError::from(e).at(span))?,
    )
    .map_err(|e| e.at(span))?;
    if w.base_dilations.iter().any(|&b| b != 1) || rglobal.len() != rank {
        return Ok(None);
    }
    let Some(&r) = o.regions.first() else { return Ok(None) };
    Ok(Some((w, r)))
}

/// reduce_window without base dilation, as a window form: each device
/// fetches the input range its result block's windows cover (a halo from its
/// neighbours where the windows cross its block) and reduces it with the
/// padding shifted to its block, `low' = low + i0 − r0·stride` and `high'`
/// the rest of the block's last window. Padding reads the init values, as
/// the global op's does.
fn reduce_window(
    it: &mut crate::eval::Interp<'_>,
    op: OpId,
    operands: &[Held],
    results: &[(Vec<usize>, Sharding)],
    insert: bool,
) -> IResult<Vec<Held>> {
    let m = it.m;
    let o = m.op(op);
    let span = o.span;
    let Some((w, r)) = reduce_window_form(m, op, operands, results)? else {
        return Err(InterpError::invalid(span, "'stablehlo.reduce_window' does not fit its local form"));
    };
    let n = operands.len() / 2;
    let (rglobal, rs) = &results[0];
    let x = &operands[0];
    let rank = x.global.len();
    let local = rs.local_shape(rglobal);
    let mut out: Vec<Vec<Tensor>> = vec![vec![]; n];
    let mut need: Option<(usize, usize, usize)> = None;
    for p in 0..rs.mesh.num_devices() {
        let block = rs.block(rglobal, p);
        let inits: Vec<&Tensor> = operands[n..].iter().map(|h| &h.shards[p]).collect();
        if block.iter().any(|b| b.is_empty()) {
            for (j, h) in operands[..n].iter().enumerate() {
                let t = &h.shards[p];
                out[j].push(Tensor::new(
                    local.clone(),
                    t.elem.clone(),
                    Buffer::zeros(t.buf.repr(), local.iter().product()),
                ));
            }
            continue;
        }
        let mut want = Vec::with_capacity(rank);
        let mut padding = Vec::with_capacity(rank);
        for d in 0..rank {
            let (s, dw) = (w.strides[d] as i64, ((w.dims[d] - 1) * w.window_dilations[d] + 1) as i64);
            let (lo, size) = (w.padding[d].0, x.global[d] as i64);
            let (r0, r1) = (block[d].start as i64, block[d].end as i64);
            let i0 = (r0 * s - lo).clamp(0, size);
            let i1 = ((r1 - 1) * s + dw - lo).clamp(0, size);
            if i1 <= i0 {
                want.push(0..0);
                padding.push((0, (r1 - r0 - 1) * s + dw));
            } else {
                let low = lo + i0 - r0 * s;
                want.push(i0 as usize..i1 as usize);
                padding.push((low, (r1 - r0 - 1) * s + dw - low - (i1 - i0)));
            }
        }
        let mut ws = Vec::with_capacity(n);
        for (i, h) in operands[..n].iter().enumerate() {
            let (t, remote) = fetch(h, p, &want);
            if let (None, Some(d)) = (need, remote) {
                need = Some((i, d, p));
            }
            ws.push(t);
        }
        let mut lw = w.clone();
        lw.padding = padding;
        let refs: Vec<&Tensor> = ws.iter().collect();
        let vals = crate::ops::windows::reduce_window(&refs, &inits, &lw, &mut |args| {
            let vals = it.apply_region_fresh(r, args.into_iter().map(Value::Tensor).collect(), span)?;
            vals.into_iter()
                .map(|v| match v {
                    Value::Tensor(t) => Ok(t),
                    _ => Err(InterpError::invalid(span, "reduce_window body returns a non-tensor")),
                })
                .collect()
        })
        .map_err(|e| e.at(span))?;
        for (j, t) in vals.into_iter().enumerate() {
            out[j].push(pad_to(&t, &local));
        }
    }
    if let Some((i, d, p)) = need
        && !insert
    {
        let (refusal, message) = strict_refusal(m, op, operands, results, i, d, p);
        return Err(InterpError::refused(span, refusal, message));
    }
    Ok(out
        .into_iter()
        .zip(results)
        .map(|(shards, (g, s))| Held { sharding: s.clone(), shards, global: g.clone() })
        .collect())
}

/// The strict-mode refusal and its message: device `p` needs elements of
/// operand `i` along dimension `d` that another device holds.
fn strict_refusal(
    m: &Module,
    op: OpId,
    operands: &[Held],
    results: &[(Vec<usize>, Sharding)],
    i: usize,
    d: usize,
    p: usize,
) -> (Refusal, String) {
    let name = m.op(op).name.as_str();
    let h = &operands[i];
    let mesh = &h.sharding.mesh;
    let axes = h.sharding.dims.get(d).map_or(&[][..], |v| v);
    // The op's sharding rule as the decision reads it (`factors::rule_of`).
    let factor = shardref_spec::rules::op_sharding_rule(m, op, false).and_then(|r| {
        let f = r
            .operand_mappings
            .get(i)?
            .dims
            .get(d)?
            .factors
            .iter()
            .copied()
            .find(|&f| usize::try_from(f).ok().and_then(|f| r.factor_sizes.get(f)).is_some_and(|&s| s > 1))?;
        let ty = if r.permutation_factors.contains(&f) {
            "permutation"
        } else if r.need_replication_factors.contains(&f) {
            "need-replication"
        } else if r.reduction_factors.contains(&f) {
            "reduction"
        } else {
            "pass-through"
        };
        Some((shardref_spec::ir::sdy::factor_symbol(f), ty))
    });
    let held = h.sharding.block(&h.global, p);
    let block = results.first().map(|(g, s)| s.block(g, p)).unwrap_or_default();
    let sharded =
        if axes.is_empty() { "replicated".to_string() } else { format!("sharded on {}", mesh.parts_name(axes)) };
    let message = format!(
        "'{name}': operand #{i} dimension {d} is {sharded}{}, and device {} needs elements of it outside [{}, {}) to compute its result block {:?} (implicit communication: a halo exchange)",
        factor.as_ref().map(|(sym, ty)| format!(", its factor {sym} is a {ty} factor")).unwrap_or_default(),
        mesh.device_id(p),
        held[d].start,
        held[d].end,
        block
    );
    let refusal = Refusal {
        need: Need::Halo,
        op: name.to_string(),
        value: RefusedValue::Operand(i),
        dim: Some(d),
        factor: factor.map(|(sym, _)| sym),
        axes: mesh.parts_name(axes),
    };
    (refusal, message)
}

/// Device block `block` of an iota: a local iota plus the block's offsets.
fn iota_block(m: &Module, op: OpId, block: &[Range<usize>], local: &[usize], elem: &ElemType) -> IResult<Tensor> {
    let o = m.op(op);
    let dim = view::Iota::of(o).iota_dimension().req().map_err(|e| InterpError::from(e).at(o.span))?;
    let dim = usize::try_from(dim)
        .ok()
        .filter(|&d| d < local.len())
        .ok_or_else(|| InterpError::invalid(o.span, "iota dimension out of range"))?;
    let st = strides(local);
    let n: usize = local.iter().product();
    let (step, len, off) = (st[dim], local[dim], block[dim].start as i64);
    let v: Vec<i64> = (0..n).map(|i| off + ((i / step.max(1)) % len.max(1)) as i64).collect();
    let buf = crate::ops::convert::from_i64s(elem, &v).map_err(|e| e.at(o.span))?;
    Ok(Tensor::new(local.to_vec(), elem.clone(), buf))
}

fn ints(field: Field<'_, kind::Ints>) -> IResult<Vec<i64>> {
    field.req().map_err(|e| InterpError::from(e).at(field.span))
}

/// The global ranges of each tensor operand that result block `block` reads
/// (`None`: the op's attributes do not fit its operands; the canvas decides).
fn windows(
    m: &Module,
    op: OpId,
    k: StablehloOp,
    operands: &[Held],
    block: &[Range<usize>],
    p: usize,
) -> IResult<Option<Vec<Vec<Range<usize>>>>> {
    let Some(x) = operands.first() else { return Ok(None) };
    let rank = x.global.len();
    if block.len() != rank {
        return Ok(None);
    }
    let w = match k {
        StablehloOp::Slice => {
            let (start, stride) =
                (ints(view::Slice::of(m.op(op)).start_indices())?, ints(view::Slice::of(m.op(op)).strides())?);
            if start.len() != rank || stride.len() != rank {
                return Ok(None);
            }
            let one = (0..rank)
                .map(|d| {
                    let (s, t) = (start[d].max(0) as usize, stride[d].max(1) as usize);
                    let r = &block[d];
                    if r.is_empty() { s..s } else { s + r.start * t..s + (r.end - 1) * t + 1 }
                })
                .collect();
            vec![one]
        }
        StablehloOp::Pad => {
            let (low, inner) =
                (ints(view::Pad::of(m.op(op)).edge_padding_low())?, ints(view::Pad::of(m.op(op)).interior_padding())?);
            if low.len() != rank || inner.len() != rank {
                return Ok(None);
            }
            let one = (0..rank)
                .map(|d| {
                    let step = inner[d] + 1;
                    let size = x.global[d] as i64;
                    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
                    // The first and last input index of the block: scan its ends.
                    for r in block[d].clone() {
                        let q = r as i64 - low[d];
                        if q >= 0 && q % step == 0 && q / step < size {
                            lo = q / step;
                            break;
                        }
                    }
                    for r in block[d].clone().rev() {
                        let q = r as i64 - low[d];
                        if q >= 0 && q % step == 0 && q / step < size {
                            hi = q / step + 1;
                            break;
                        }
                    }
                    if lo == i64::MAX { 0..0 } else { lo as usize..hi as usize }
                })
                .collect();
            vec![one, vec![]]
        }
        StablehloOp::DynamicSlice => {
            // The start indices (each device's own scalars) are clamped globally.
            let sizes = ints(view::DynamicSlice::of(m.op(op)).slice_sizes())?;
            if sizes.len() != rank || operands.len() != rank + 1 {
                return Ok(None);
            }
            let mut one = Vec::with_capacity(rank);
            for d in 0..rank {
                let start =
                    crate::ops::elementwise::scalar_i64(&operands[d + 1].shards[p]).map_err(|e| e.at(m.op(op).span))?;
                let s = start.clamp(0, (x.global[d] as i64 - sizes[d]).max(0)) as usize;
                one.push(s + block[d].start..s + block[d].end);
            }
            let mut all = vec![one];
            all.extend((0..rank).map(|_| vec![]));
            all
        }
        StablehloOp::Reverse => {
            let dims = ints(view::Dimensions::of(m.op(op)).dimensions())?;
            let one = (0..rank)
                .map(|d| {
                    let r = &block[d];
                    if dims.contains(&(d as i64)) && !r.is_empty() {
                        x.global[d] - r.end..x.global[d] - r.start
                    } else {
                        r.clone()
                    }
                })
                .collect();
            vec![one]
        }
        StablehloOp::Concatenate => {
            let Ok(c) = usize::try_from(
                view::Dimension::of(m.op(op)).dimension().req().map_err(|e| InterpError::from(e).at(m.op(op).span))?,
            ) else {
                return Ok(None);
            };
            let mut off = 0;
            let mut all = vec![];
            for h in operands {
                if h.global.len() != rank || c >= rank {
                    return Ok(None);
                }
                let len = h.global[c];
                let one: Vec<Range<usize>> = (0..rank)
                    .map(|d| {
                        if d == c {
                            let (lo, hi) = (block[d].start.max(off), block[d].end.min(off + len));
                            if lo < hi { lo - off..hi - off } else { 0..0 }
                        } else {
                            block[d].clone()
                        }
                    })
                    .collect();
                all.push(one);
                off += len;
            }
            all
        }
        _ => return Ok(None),
    };
    Ok(Some(w))
}

/// The op's kernel on the windows, shifted to the device's block.
fn window_kernel(
    m: &Module,
    op: OpId,
    k: StablehloOp,
    operands: &[Held],
    ws: &[Tensor],
    block: &[Range<usize>],
    p: usize,
) -> IResult<Tensor> {
    let span = m.op(op).span;
    let out = match k {
        StablehloOp::Slice => {
            let w = &ws[0];
            let stride = ints(view::Slice::of(m.op(op)).strides())?;
            let zeros = vec![0; w.rank()];
            let limit: Vec<i64> = w.shape.iter().map(|&n| n as i64).collect();
            crate::ops::shape::slice(w, &zeros, &limit, &stride)
        }
        StablehloOp::Pad => {
            let w = &ws[0];
            let (low, inner) =
                (ints(view::Pad::of(m.op(op)).edge_padding_low())?, ints(view::Pad::of(m.op(op)).interior_padding())?);
            let value = operands
                .get(1)
                .map(|h| &h.shards[p])
                .ok_or_else(|| InterpError::invalid(span, "pad without a value"))?;
            // The window's first input index, recomputed from the block.
            let first = windows(m, op, k, operands, block, p)?.map(|w| w[0].clone()).unwrap_or_default();
            let (mut lo, mut hi) = (vec![], vec![]);
            for d in 0..w.rank() {
                let len = block[d].len() as i64;
                let n = w.shape[d] as i64;
                let step = inner[d] + 1;
                let l = if n == 0 { len } else { low[d] + first[d].start as i64 * step - block[d].start as i64 };
                let dilated = if n == 0 { 0 } else { (n - 1) * step + 1 };
                lo.push(l);
                hi.push(len - l - dilated);
            }
            crate::ops::shape::pad(w, value, &lo, &hi, &inner)
        }
        StablehloOp::Reverse => crate::ops::shape::reverse(&ws[0], &ints(view::Dimensions::of(m.op(op)).dimensions())?),
        StablehloOp::DynamicSlice => Ok(ws[0].clone()),
        StablehloOp::Concatenate => {
            let c = view::Dimension::of(m.op(op)).dimension().req().map_err(|e| InterpError::from(e).at(span))?;
            let refs: Vec<&Tensor> = ws.iter().collect();
            crate::ops::shape::concatenate(&refs, c)
        }
        _ => return Err(InterpError::invalid(span, "no window form")),
    };
    out.map_err(|e| e.at(span))
}

/// Indices with the values `v` as i64 (the kernels read any integer type).
fn i64_tensor(shape: &[usize], v: Vec<i64>) -> Tensor {
    Tensor::new(shape.to_vec(), ElemType::I64, Buffer::I64(v.into()))
}

fn index_values(t: &Tensor) -> IResult<Vec<i64>> {
    (0..t.num_elements()).map(|i| crate::ops::elementwise::scalar_i64(&crate::eval::scalar_at(t, i))).collect()
}

/// The component of each index vector element of `indices` (one per element,
/// the position along `index_vector_dim`; 0 when the vector is implicit).
fn components(indices: &Tensor, ivd: i64) -> Vec<usize> {
    let Some(ivd) = usize::try_from(ivd).ok().filter(|&v| v < indices.rank()) else {
        return vec![0; indices.num_elements()];
    };
    let st = strides(&indices.shape);
    (0..indices.num_elements()).map(|i| (i / st[ivd]) % indices.shape[ivd].max(1)).collect()
}

/// The local gather of device `p`: `h` is the operand as held, `operand`
/// and `indices` the device's arguments. Dimensions the operand holds
/// sharded and the gather takes whole keep their local size; sharded
/// dimensions it slices (reduction factors, slice size 1) get their indices
/// clamped globally and rebased to the device's block, an index outside
/// the block pointing at one appended zero row.
pub fn gather_kernel(m: &Module, op: OpId, h: &Held, p: usize, operand: &Tensor, indices: &Tensor) -> IResult<Tensor> {
    let o = m.op(op);
    let span = o.span;
    let g = view::Gather::of(o);
    let Some(dn) = g.dimension_numbers().get() else {
        return Err(InterpError::invalid(span, "gather without dimension_numbers"));
    };
    let sizes = ints(g.slice_sizes())?;
    let s = &h.sharding;
    let block = s.block(&h.global, p);
    let rank = h.global.len();
    // An operand batching dimension is a pass-through factor: it is sharded as
    // the indices' batching dimension it pairs with, so each device's local
    // gather pairs its own operand rows with its own index rows, slice size 1.
    let batching = |d: usize| dn.operand_batching_dims.contains(&(d as i64));
    // Sharded dimensions the gather slices: rebased.
    let sliced: Vec<usize> = (0..rank)
        .filter(|&d| s.num_shards(d) > 1 && !batching(d) && sizes.get(d).is_some_and(|&x| x as usize != h.global[d]))
        .collect();
    let mut local_sizes = sizes.clone();
    for d in 0..rank.min(local_sizes.len()) {
        if s.num_shards(d) > 1 && !batching(d) && !sliced.contains(&d) {
            local_sizes[d] = operand.shape[d] as i64;
        }
    }
    if sliced.is_empty() {
        return crate::ops::gather::gather(operand, indices, dn, &local_sizes).map_err(|e| e.at(span));
    }
    // A sliced dimension no index component addresses starts at 0: only the
    // devices whose block holds 0 contribute.
    if sliced.iter().any(|&d| !dn.start_index_map.contains(&(d as i64)) && block[d].start > 0) {
        let out = crate::ops::gather::gather(operand, indices, dn, &local_sizes).map_err(|e| e.at(span))?;
        return Ok(crate::devices::mesh::zeros_like(&out));
    }
    // The operand with one zero row appended along every sliced dimension.
    let mut low = vec![0; rank];
    let mut high = vec![0; rank];
    let inner = vec![0; rank];
    for &d in &sliced {
        high[d] = 1;
        low[d] = 0;
    }
    let zero = Tensor::new(vec![], operand.elem.clone(), Buffer::zeros(operand.buf.repr(), 1));
    let extended = crate::ops::shape::pad(operand, &zero, &low, &high, &inner).map_err(|e| e.at(span))?;
    let values = index_values(indices).map_err(|e| e.at(span))?;
    let comp = components(indices, dn.index_vector_dim);
    let v: Vec<i64> = values
        .iter()
        .zip(&comp)
        .map(|(&x, &k)| {
            let Some(d) = dn.start_index_map.get(k).and_then(|&d| usize::try_from(d).ok()) else { return x };
            if !sliced.contains(&d) {
                return x;
            }
            let g = x.clamp(0, h.global[d] as i64 - sizes[d]);
            let (b0, b1) = (block[d].start as i64, block[d].end as i64);
            if g >= b0 && g < b1 { g - b0 } else { operand.shape[d] as i64 }
        })
        .collect();
    let rebased = i64_tensor(&indices.shape, v);
    crate::ops::gather::gather(&extended, &rebased, dn, &local_sizes).map_err(|e| e.at(span))
}

/// Device `p`'s scatter arguments: indices into sharded inserted
/// dimensions rebased to its block; with partial results over `partial`
/// summed, the inputs of every device but each group's leader are zeros.
pub fn scatter_args(
    m: &Module,
    op: OpId,
    operands: &[Held],
    partial: &[AxisPart],
    sum: bool,
    p: usize,
    args: &mut [Value],
) -> IResult<()> {
    let o = m.op(op);
    let span = o.span;
    let Some(dn) = view::Scatter::of(o).scatter_dimension_numbers().get() else {
        return Err(InterpError::invalid(span, "scatter without scatter_dimension_numbers"));
    };
    let n = operands.len().saturating_sub(1) / 2;
    let Some(x) = operands.first() else { return Ok(()) };
    let s = &x.sharding;
    let block = s.block(&x.global, p);
    let sharded: Vec<usize> =
        (0..x.global.len()).filter(|&d| s.num_shards(d) > 1 && dn.inserted_window_dims.contains(&(d as i64))).collect();
    if !sharded.is_empty()
        && let Some(Value::Tensor(indices)) = args.get(n)
    {
        let values = index_values(indices).map_err(|e| e.at(span))?;
        let comp = components(indices, dn.index_vector_dim);
        let v = values
            .iter()
            .zip(&comp)
            .map(|(&x, &k)| match dn.scatter_dims_to_operand_dims.get(k).and_then(|&d| usize::try_from(d).ok()) {
                Some(d) if sharded.contains(&d) => x.saturating_sub(block[d].start as i64),
                _ => x,
            })
            .collect();
        let rebased = i64_tensor(&indices.shape, v);
        args[n] = Value::Tensor(rebased);
    }
    if sum && !partial.is_empty() && partial.iter().any(|&a| s.mesh.digit(a, p) != 0) {
        for a in args.iter_mut().take(n) {
            if let Value::Tensor(t) = a {
                *a = Value::Tensor(crate::devices::mesh::zeros_like(t));
            }
        }
    }
    Ok(())
}

/// `h` moved to the dimension shardings of `out` on local shards: every
/// device fetches its new block from the devices that hold it (a reshard
/// without a global value). `h` must not be partial.
pub fn reshard_local(h: &Held, out: &Sharding) -> Held {
    let local = out.local_shape(&h.global);
    let shards = (0..out.mesh.num_devices())
        .map(|p| {
            let (t, _) = fetch(h, p, &out.block(&h.global, p));
            pad_to(&t, &local)
        })
        .collect();
    let mut s = out.clone();
    s.unreduced.clear();
    Held { sharding: s, shards, global: h.global.clone() }
}

/// With reshards inserted, the operands of an elementwise op whose
/// shardings differ from its result's, resharded on local shards to the
/// result's dimension shardings (`None`: not an elementwise op of one
/// shape, or a partial value is involved; the caller gathers instead).
pub fn align(kind: OpKind, operands: &[Held], results: &[(Vec<usize>, Sharding)]) -> Option<Vec<Held>> {
    if !kind.has(shardref_spec::ops::Traits::ELEMENTWISE) {
        return None;
    }
    let [(rglobal, rs)] = results else { return None };
    if !rs.unreduced.is_empty() || operands.iter().any(|h| !h.sharding.unreduced.is_empty()) {
        return None;
    }
    if operands.iter().any(|h| h.sharding.mesh.device_ids != rs.mesh.device_ids) {
        return None;
    }
    operands
        .iter()
        .map(|h| {
            if h.global == *rglobal {
                Some(if h.sharding.dims == rs.dims { h.clone() } else { reshard_local(h, rs) })
            } else if h.sharding.is_fully_replicated() {
                Some(h.clone())
            } else {
                None
            }
        })
        .collect()
}
