//! Op-specific sdy rules (inventory §3.8): sharding_constraint, reshard,
//! data_flow_edge, func_data_flow_edge, propagation_barrier,
//! manual_computation and named_computation.

use std::collections::HashSet;

use shardref_spec::Diagnostic;
use shardref_spec::ir::sdy::{PropagationDirection, ReductionKind, ShardingPerValue, TensorSharding};
use shardref_spec::ir::{Attr, OpId, TensorType, Type, ValueDef, ValueId};
use shardref_spec::ops::{Dialect, FuncOp, OpKind, OpName, SdyOp};

use super::axes::{axis_str, size};
use super::hooks::sharding_bypassing_barriers;
use super::sharding::{bound_axis, check, check_per_value, enclosing_manual_axes};
use crate::{Check, Cx, Fail};

/// The `sharding` of `sharding_constraint`, `reshard` and `data_flow_edge`.
fn sharding<'a>(cx: &'a Cx<'_>, op: OpId) -> Option<&'a TensorSharding> {
    crate::attrs::sdy::DataFlowEdge::of(cx.m.op(op)).sharding().get()
}

/// `in_shardings` / `out_shardings` of `manual_computation` and `named_computation`.
fn per_value<'a>(field: crate::attrs::Field<'a, crate::attrs::kind::ShardingPerValue>) -> Option<&'a ShardingPerValue> {
    field.get()
}

fn result_type(cx: &Cx<'_>, op: OpId) -> Option<Type> {
    cx.m.op(op).results.first().map(|&v| cx.m.value_type(v).clone())
}

fn use_count(cx: &Cx<'_>, v: ValueId) -> usize {
    cx.m.ops.iter().map(|o| o.operands.iter().filter(|&&x| x == v).count()).sum()
}

fn is_static(t: &Type) -> bool {
    t.as_tensor().is_some_and(|t| t.static_shape().is_some())
}

/// `sdy.sharding_constraint` and `sdy.reshard`: the sharding against the type.
pub fn constraint_uses(cx: &Cx<'_>, op: OpId) -> Check {
    let Some(s) = sharding(cx, op) else {
        return Ok(());
    };
    let ty = result_type(cx, op);
    let manual = enclosing_manual_axes(cx.m, op);
    // sharding_constraint_c1: the sharding is valid for the result type (T1–T10).
    check(s, ty.as_ref(), cx.syms.mesh(&s.mesh), false, &manual)?;
    let Some(source) = cx.m.op(op).operands.first().and_then(|&v| sharding_bypassing_barriers(cx, v)) else {
        return Ok(());
    };
    // A constraint or reshard may introduce `sum` unreduced axes and drop
    // any, reducing them with the source's own reduction (U1–U5).
    super::unreduced::check_transition(
        cx,
        &[Some(source)],
        &[Some(s)],
        Some(ReductionKind::Sum),
        Some(source.reduction),
    )
}

/// `sdy.data_flow_edge` (D1–D4).
pub fn data_flow_edge_uses(cx: &Cx<'_>, op: OpId) -> Check {
    let ty = result_type(cx, op).unwrap_or(Type::None);
    // data_flow_edge_c1 (D1): the result has a static shape.
    if !is_static(&ty) {
        return Err(Fail::new(
            "data_flow_edge_c1",
            format!("expected sdy.data_flow_edge to have a static-shaped result. type: '{ty}'"),
        ));
    }
    let Some(&input) = cx.m.op(op).operands.first() else {
        return Ok(());
    };
    // data_flow_edge_c2 (D2): the input has a single user.
    if use_count(cx, input) != 1 {
        return Err(Fail::new("data_flow_edge_c2", "expected input of sdy.data_flow_edge to have a single user"));
    }
    if let ValueDef::Result { op: def, .. } = cx.m.value(input).def {
        let k = cx.m.op(def).name.kind();
        let shardable = matches!(k, Some(OpKind::Sdy(SdyOp::ManualComputation | SdyOp::NamedComputation)));
        // data_flow_edge_c3 (D3): the input is not defined by another sdy op.
        if k.is_some_and(|k| k.dialect() == Dialect::Sdy) && !shardable {
            return Err(Fail::new("data_flow_edge_c3", 
                "expected input of sdy.data_flow_edge to not be defined by an SdyDialect op (other than an sdy.named_computation).",
            )
            .note(cx.m.op(def).span, "sdy op defining the input of the sdy.data_flow_edge"));
        }
    }
    // data_flow_edge_c4 (D4): the optional sharding is valid (T1–T10).
    if let Some(s) = sharding(cx, op) {
        let manual = enclosing_manual_axes(cx.m, op);
        check(s, Some(&ty), cx.syms.mesh(&s.mesh), false, &manual)?;
    }
    Ok(())
}

/// `sdy.func_data_flow_edge` (F1–F5).
pub fn func_data_flow_edge_uses(cx: &Cx<'_>, op: OpId) -> Check {
    let ty = result_type(cx, op).unwrap_or(Type::None);
    // func_data_flow_edge_c1 (F1): the result has a static shape.
    if !is_static(&ty) {
        return Err(Fail::new(
            "func_data_flow_edge_c1",
            format!("expected sdy.func_data_flow_edge to have a static-shaped result. type: '{ty}'"),
        ));
    }
    // func_data_flow_edge_c2 (F2): the operand exists.
    let Some(&v) = cx.m.op(op).operands.first() else {
        return Err(Fail::new(
            "func_data_flow_edge_c1",
            "expected operand of sdy.func_data_flow_edge should be non-null.",
        ));
    };
    // func_data_flow_edge_c3 (F3): the operand has a single user.
    if use_count(cx, v) != 1 {
        return Err(Fail::new(
            "func_data_flow_edge_c3",
            "expected operand of sdy.func_data_flow_edge to have a single user",
        ));
    }
    match cx.m.value(v).def {
        ValueDef::BlockArg { block, .. } => {
            // func_data_flow_edge_c4 (F4): a block-argument operand belongs to a function.
            let owner = cx.m.block_parent_op(block).map(|o| cx.m.op(o).name.clone());
            if owner != Some(OpName::Known(OpKind::Func(FuncOp::Func))) {
                return Err(Fail::new(
                    "func_data_flow_edge_c4",
                    "expected operand of sdy.func_data_flow_edge to be a block argument of a func op.",
                ));
            }
        }
        ValueDef::Result { op: def, .. } => {
            // func_data_flow_edge_c5 (F5): an op-result operand comes from a call.
            if cx.m.op(def).name != OpName::Known(OpKind::Func(FuncOp::Call)) {
                return Err(Fail::new(
                    "func_data_flow_edge_c5",
                    "expected operand of sdy.func_data_flow_edge to be a result of call op.",
                ));
            }
        }
    }
    Ok(())
}

/// `sdy.propagation_barrier::verify` (PB1).
pub fn verify_propagation_barrier(cx: &Cx<'_>, op: OpId) -> Check {
    let dir = crate::attrs::sdy::PropagationBarrier::of(cx.m.op(op))
        .allowed_direction()
        .raw()
        .and_then(Attr::as_int)
        .and_then(PropagationDirection::from_i32);
    // propagation_barrier_c1 (PB1): the direction is not BOTH.
    if dir == Some(PropagationDirection::Both) {
        return Err(Fail::new(
            "propagation_barrier_c1",
            "cannot specify `BOTH` as the direction. Not blocking propagation direction makes the op redundant.",
        ));
    }
    Ok(())
}

/// `sdy.manual_computation::verify` (MC1).
pub fn verify_manual_computation(cx: &Cx<'_>, op: OpId) -> Check {
    let parents = enclosing_manual_axes(cx.m, op);
    for a in super::manual_axes(cx.m, op) {
        // manual_computation_c1 (MC1): a manual axis is not already manual in a parent.
        if let Some((name, span)) = parents.iter().find(|(n, _)| *n == a) {
            return Err(bound_axis("manual_computation_c1", name, *span));
        }
    }
    Ok(())
}

fn region_types(cx: &Cx<'_>, op: OpId) -> (Vec<Type>, Vec<Type>) {
    let m = cx.m;
    let Some(&r) = m.op(op).regions.first() else {
        return (vec![], vec![]);
    };
    let Some(&b) = m.region(r).blocks.first() else {
        return (vec![], vec![]);
    };
    let args = m.block(b).args.iter().map(|&v| m.value_type(v).clone()).collect();
    let rets = m
        .block(b)
        .ops
        .last()
        .map(|&t| m.op(t).operands.iter().map(|&v| m.value_type(v).clone()).collect())
        .unwrap_or_default();
    (args, rets)
}

fn manual_side(
    cx: &Cx<'_>,
    op: OpId,
    global: &[Type],
    local: &[Type],
    shardings: &[TensorSharding],
    manual: &HashSet<String>,
    kind: &str,
) -> Check {
    if global.is_empty() && local.is_empty() && shardings.is_empty() {
        return Ok(());
    }
    // manual_computation_c2 (MC2): in/out shardings are valid for the op's types.
    check_per_value(cx, op, shardings, global).map_err(|f| f.prefixed(&format!("{kind} ")))?;
    // manual_computation_c3 (MC3): the op and its region agree on the number of values.
    if global.len() != local.len() {
        return Err(Fail::new(
            "manual_computation_c3",
            format!(
                "number of op {kind}s and region {kind}s must match. Op has {} op {kind}s and {} region {kind}s",
                global.len(),
                local.len()
            ),
        ));
    }
    for (i, ((g, l), s)) in global.iter().zip(local).zip(shardings).enumerate() {
        for (d, ds) in s.dims.iter().enumerate() {
            let is_manual = |a: &&shardref_spec::ir::sdy::AxisRef| manual.contains(&a.name);
            let first_free = ds.axes.iter().position(|a| !is_manual(&a));
            if let Some(ff) = first_free
                && let Some(pos) = ds.axes[ff..].iter().position(|a| is_manual(&a))
            {
                let at = ff + pos;
                // manual_computation_c4 (MC4): manual axes come before free axes in a dimension.
                return Err(Fail::new(
                    "manual_computation_c4",
                    format!(
                        "{kind} sharding at index {i} must have all manual axes come before free axes in its dimension sharding at index {d}. Saw manual axis {} after free axis {}",
                        axis_str(&ds.axes[at]),
                        axis_str(&ds.axes[at - 1])
                    ),
                ));
            }
        }
        let Some(gt) = g.as_tensor() else { continue };
        let Some(shape) = &gt.shape else { continue };
        let mesh = cx.syms.mesh(&s.mesh);
        let mut dims = vec![];
        for (dim, ds) in shape.iter().zip(&s.dims) {
            match dim {
                None => dims.push(None),
                Some(n) => {
                    let p = ds
                        .axes
                        .iter()
                        .filter(|a| manual.contains(&a.name))
                        .fold(1i64, |acc, a| acc.saturating_mul(mesh.map_or(1, |m| size(a, m))));
                    // manual_computation_c5 (MC5): manual axes divide the dimension.
                    if p <= 0 || (*n as i64) % p != 0 {
                        return Err(Fail::new(
                            "manual_computation_c5",
                            format!("{kind} dimension size {n} is not divisible by the manual axes size {p}"),
                        ));
                    }
                    dims.push(Some(n / p as u64));
                }
            }
        }
        let expected = Type::Tensor(TensorType { shape: Some(dims), elem: gt.elem.clone(), encoding: None });
        // manual_computation_c6 (MC6): the region's type is the op's type divided by the manual axes.
        if &expected != l {
            return Err(Fail::new(
                "manual_computation_c6",
                format!(
                    "{kind} shape, corresponding sharding, and region {kind} shape at index {i} must match. Expected local shape '{expected}', actual local shape '{l}'"
                ),
            ));
        }
    }
    Ok(())
}

/// `sdy.manual_computation::verifySymbolUses` (MC2–MC8).
pub fn manual_computation_uses(cx: &Cx<'_>, op: OpId) -> Check {
    let o = cx.m.op(op);
    let manual_list = super::manual_axes(cx.m, op);
    let manual: HashSet<String> = manual_list.iter().cloned().collect();
    let ins = per_value(crate::attrs::sdy::NamedComputation::of(cx.m.op(op)).in_shardings())
        .map(|l| l.shardings.as_slice())
        .unwrap_or(&[]);
    let outs = per_value(crate::attrs::sdy::NamedComputation::of(cx.m.op(op)).out_shardings())
        .map(|l| l.shardings.as_slice())
        .unwrap_or(&[]);
    let (args, rets) = region_types(cx, op);
    let operands: Vec<Type> = o.operands.iter().map(|&v| cx.m.value_type(v).clone()).collect();
    let results: Vec<Type> = o.results.iter().map(|&v| cx.m.value_type(v).clone()).collect();
    manual_side(cx, op, &operands, &args, ins, &manual, "operand")?;
    manual_side(cx, op, &results, &rets, outs, &manual, "result")?;
    if ins.is_empty() && outs.is_empty() {
        return Ok(());
    }
    let mesh = super::common_mesh(cx, ins.iter().chain(outs));
    // manual_computation_c7 (MC7): all shardings share a mesh when axes are manual.
    if mesh.is_none() && !manual_list.is_empty() {
        return Err(Fail::new(
            "manual_computation_c7",
            "all in and out shardings must be bound to the same mesh or an empty mesh.",
        ));
    }
    for a in &manual_list {
        // manual_computation_c8 (MC8): manual axes are axes of that mesh.
        if let Some(m) = mesh
            && m.axis_size(a).is_none()
        {
            return Err(Fail::new("manual_computation_c8", format!("unknown manual axis: \"{a}\"")));
        }
    }
    Ok(())
}

/// `sdy.named_computation`'s type inference (N3): its result types are the
/// types its body returns. MLIR reports the mismatch, then the failure.
pub fn verify_named_computation(cx: &Cx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
    let (_, returned) = region_types(cx, op);
    let results: Vec<Type> = cx.m.op(op).results.iter().map(|&v| cx.m.value_type(v).clone()).collect();
    // named_computation_c3 (N3): the results have the types the body returns.
    if returned != results {
        let list = |ts: &[Type]| ts.iter().map(|t| format!("'{t}'")).collect::<Vec<_>>().join(", ");
        return Err(vec![
            cx.op_error(
                op,
                Fail::new(
                    "named_computation_c3",
                    format!(
                        "inferred type(s) {} are incompatible with return type(s) of operation {}",
                        list(&returned),
                        list(&results)
                    ),
                ),
            ),
            cx.op_error(op, Fail::new("named_computation_c3", "failed to infer returned types")),
        ]);
    }
    Ok(())
}

/// `sdy.named_computation::verifySymbolUses` (N1, N2, N4).
pub fn named_computation_uses(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let o = cx.m.op(op);
    let (args, _) = region_types(cx, op);
    let operands: Vec<Type> = o.operands.iter().map(|&v| cx.m.value_type(v).clone()).collect();
    // named_computation_c1 (N1): one block argument per operand.
    if args.len() != operands.len() {
        return Err(cx.located(
            op,
            Fail::new(
                "named_computation_c1",
                format!(
                    "number of block arguments must match the number of operands: {} != {}",
                    args.len(),
                    operands.len()
                ),
            ),
        ));
    }
    for (i, (inner, outer)) in args.iter().zip(&operands).enumerate() {
        // named_computation_c2 (N2): block arguments have their operand's type.
        if inner != outer {
            return Err(cx.located(
                op,
                Fail::new("named_computation_c2", format!(
                    "expected the type of the {i}'th block argument to match the type of the corresponding operand: '{inner}' vs '{outer}'"
                )),
            ));
        }
    }
    let results: Vec<Type> = o.results.iter().map(|&v| cx.m.value_type(v).clone()).collect();
    // named_computation_c4 (N4): in/out shardings are valid for operands and results.
    if let Some(l) = per_value(crate::attrs::sdy::NamedComputation::of(cx.m.op(op)).in_shardings()) {
        check_per_value(cx, op, &l.shardings, &operands).map_err(|f| cx.op_error(op, f.prefixed("in_shardings ")))?;
    }
    if let Some(l) = per_value(crate::attrs::sdy::NamedComputation::of(cx.m.op(op)).out_shardings()) {
        check_per_value(cx, op, &l.shardings, &results).map_err(|f| cx.op_error(op, f.prefixed("out_shardings ")))?;
    }
    Ok(())
}
