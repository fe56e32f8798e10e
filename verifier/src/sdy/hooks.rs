//! The sdy dialect's attribute hooks (inventory §3.5): `sdy.sharding`,
//! `sdy.sharding_rule` and the propagation-edge attributes on any op, and
//! `sdy.sharding` on function arguments and results. Also the op-level
//! propagation-edge checks (§3.7, E5–E9) that the hook runs.

use shardref_spec::Diagnostic;
use shardref_spec::ir::sdy::{EdgeNodeType, EdgeValueRef, PropagationEdges, SdyAttr, TensorSharding};
use shardref_spec::ir::{Attr, OpId, Type, ValueDef, ValueId};
use shardref_spec::ops::{FuncOp, OpKind, OpName, SdyOp, StablehloOp};

use super::sharding::{check, check_per_value, enclosing_manual_axes};
use crate::{Check, Cx, Fail};

/// Runs the hooks for every discardable attribute of `op` (in name order,
/// as MLIR's dictionary), then a function's argument and result attributes.
pub fn check_op(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let o = cx.m.op(op);
    for (name, a) in o.attrs.iter() {
        check_attr(cx, op, name, a).map_err(|f| cx.op_error(op, f))?;
    }
    if o.name == OpName::Known(OpKind::Func(FuncOp::Func)) {
        let (ins, outs) = match crate::attrs::Func::of(o).function_type().raw() {
            Some(Attr::Type(Type::Function(i, r))) => (i.clone(), r.clone()),
            _ => (vec![], vec![]),
        };
        let fa = crate::attrs::Func::of(o);
        for (field, kind, types) in [(fa.arg_attrs(), "arg", &ins), (fa.res_attrs(), "result", &outs)] {
            let Some(dicts) = field.get() else {
                continue;
            };
            for (i, d) in dicts.iter().enumerate() {
                let Attr::Dict(d) = d else { continue };
                let Some(a) = crate::attrs::arg::sdy_sharding(d, o.span).raw() else {
                    continue;
                };
                let prefix = format!("{kind} {i} - ");
                let r = match a {
                    Attr::Sdy(s) => match s.as_ref() {
                        SdyAttr::Sharding(s) => {
                            let manual = enclosing_manual_axes(cx.m, op);
                            check(s, types.get(i), cx.syms.mesh(&s.mesh), false, &manual)
                        }
                        _ => Err(not_sharding()),
                    },
                    _ => Err(not_sharding()),
                };
                r.map_err(|f| cx.op_error(op, f.prefixed(&prefix)))?;
            }
        }
    }
    Ok(())
}

fn not_sharding() -> Fail {
    // hooks_c3 (H3): a function's `sdy.sharding` is a TensorShardingAttr.
    Fail::new("hooks_c3", "should have a sharding attribute of type TensorShardingAttr")
}

fn check_attr(cx: &Cx<'_>, op: OpId, name: &str, a: &Attr) -> Check {
    let sdy = match a {
        Attr::Sdy(s) => Some(s.as_ref()),
        _ => None,
    };
    match name {
        "sdy.sharding" => {
            // hooks_c1 (H1): an op's `sdy.sharding` is a TensorShardingPerValueAttr.
            let Some(SdyAttr::ShardingPerValue(l)) = sdy else {
                return Err(Fail::new(
                    "hooks_c1",
                    "should have a sharding attribute of type TensorShardingPerValueAttr",
                ));
            };
            let types: Vec<Type> = cx.m.op(op).results.iter().map(|&v| cx.m.value_type(v).clone()).collect();
            check_per_value(cx, op, &l.shardings, &types).map_err(|f| f.prefixed("result "))
        }
        "sdy.sharding_rule" => {
            // hooks_c4 (H4): `sdy.sharding_rule` is an OpShardingRuleAttr.
            let Some(SdyAttr::OpShardingRule(r)) = sdy else {
                return Err(Fail::new(
                    "hooks_c4",
                    "should have a sharding rule attribute of type OpShardingRuleAttr for attr named 'sdy.sharding_rule'",
                ));
            };
            super::rule::check(cx, op, r)
        }
        "sdy.propagation_edges" => {
            // hooks_c5 (H5): `sdy.propagation_edges` is a PropagationEdgesAttr.
            let Some(SdyAttr::PropagationEdges(e)) = sdy else {
                return Err(Fail::new(
                    "hooks_c5",
                    "should have a propagation edges attribute of type PropagationEdgesAttr for attr named 'sdy.propagation_edges'",
                ));
            };
            check_edges_on_op(cx, op, e)
        }
        "sdy.result_propagation_edges" | "sdy.block_arg_propagation_edges" => {
            let ok = match a {
                Attr::Array(items) => items
                    .iter()
                    .all(|x| matches!(x, Attr::Sdy(s) if matches!(s.as_ref(), SdyAttr::PropagationEdges(_)))),
                _ => false,
            };
            // hooks_c6 (H6): the per-value edge attributes are arrays of PropagationEdgesAttr.
            if !ok {
                return Err(Fail::new(
                    "hooks_c6",
                    "should have a propagation edges attribute of type ArrayAttr<PropagationEdgesAttr> for attr named 'sdy.result_propagation_edges' or 'sdy.block_arg_propagation_edges'",
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// `getSharding(value)`: the sharding recorded for a value by its defining
/// op or, for a block argument, by the op that owns its edge (the function,
/// a manual or named computation, or the `stablehlo.while` whose result of
/// the same index the argument carries).
pub fn value_sharding<'a>(cx: &'a Cx<'_>, v: ValueId) -> Option<&'a TensorSharding> {
    let m = cx.m;
    match m.value(v).def {
        ValueDef::Result { op, index } => {
            let o = m.op(op);
            match o.name {
                OpName::Known(OpKind::Sdy(SdyOp::ShardingConstraint | SdyOp::Reshard | SdyOp::DataFlowEdge)) => {
                    sharding_attr(crate::attrs::sdy::Sharding::of(o).sharding().raw())
                }
                OpName::Known(OpKind::Sdy(k)) if shardref_spec::ir::sdy::collective_spec(k).is_some() => {
                    sharding_attr(crate::attrs::sdy::AllGather::of(o).out_sharding().raw())
                }
                OpName::Known(OpKind::Sdy(SdyOp::ManualComputation)) => {
                    per_value(crate::attrs::sdy::ManualComputation::of(o).out_shardings().raw(), index as usize)
                }
                OpName::Known(OpKind::Sdy(SdyOp::NamedComputation)) => {
                    per_value(crate::attrs::sdy::ManualComputation::of(o).out_shardings().raw(), index as usize)
                }
                _ => per_value(crate::attrs::Common::of(o).sdy_sharding().raw(), index as usize),
            }
        }
        ValueDef::BlockArg { block, index } => {
            let owner = m.block_parent_op(block)?;
            let o = m.op(owner);
            match o.name {
                OpName::Known(OpKind::Func(FuncOp::Func)) => {
                    let Some(Attr::Array(dicts)) = crate::attrs::Func::of(o).arg_attrs().raw() else {
                        return None;
                    };
                    let Some(Attr::Dict(d)) = dicts.get(index as usize) else {
                        return None;
                    };
                    sharding_attr(crate::attrs::arg::sdy_sharding(d, o.span).raw())
                }
                OpName::Known(OpKind::Sdy(SdyOp::ManualComputation | SdyOp::NamedComputation)) => {
                    per_value(crate::attrs::sdy::ManualComputation::of(o).in_shardings().raw(), index as usize)
                }
                // Shardy's data-flow interface on `stablehlo.while`: a cond or body argument's edge
                // owner is the while's result of the same index, whose sharding sits on the while.
                OpName::Known(OpKind::Stablehlo(StablehloOp::While)) => {
                    per_value(crate::attrs::Common::of(o).sdy_sharding().raw(), index as usize)
                }
                _ => None,
            }
        }
    }
}

/// `getShardingBypassingBarriers`: the sharding of `v`, looking through
/// `sdy.propagation_barrier` ops to their input.
pub fn sharding_bypassing_barriers<'a>(cx: &'a Cx<'_>, mut v: ValueId) -> Option<&'a TensorSharding> {
    // A chain of barriers is at most as long as the module has ops.
    for _ in 0..=cx.m.ops.len() {
        let ValueDef::Result { op, .. } = cx.m.value(v).def else { break };
        let o = cx.m.op(op);
        if o.name != OpName::Known(OpKind::Sdy(SdyOp::PropagationBarrier)) {
            break;
        }
        let Some(&input) = o.operands.first() else { break };
        v = input;
    }
    value_sharding(cx, v)
}

fn sharding_attr(a: Option<&Attr>) -> Option<&TensorSharding> {
    match a {
        Some(Attr::Sdy(s)) => match s.as_ref() {
            SdyAttr::Sharding(s) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

fn per_value(a: Option<&Attr>, i: usize) -> Option<&TensorSharding> {
    match a {
        Some(Attr::Sdy(s)) => match s.as_ref() {
            SdyAttr::ShardingPerValue(l) => l.shardings.get(i),
            _ => None,
        },
        _ => None,
    }
}

fn edge_value(cx: &Cx<'_>, op: OpId, r: &EdgeValueRef) -> Option<ValueId> {
    let o = cx.m.op(op);
    let i = usize::try_from(r.index).ok()?;
    match r.ty {
        EdgeNodeType::Result => o.results.get(i).copied(),
        EdgeNodeType::Operand => o.operands.get(i).copied(),
    }
}

fn check_edge_ref(cx: &Cx<'_>, op: OpId, r: &EdgeValueRef) -> Check {
    let o = cx.m.op(op);
    if o.name == OpName::Known(OpKind::Sdy(SdyOp::FuncDataFlowEdge)) {
        return Ok(());
    }
    let (n, what) = match r.ty {
        EdgeNodeType::Result => (o.results.len(), "a result"),
        EdgeNodeType::Operand => (o.operands.len(), "an operand"),
    };
    // edges_c8 (E8/E9): value refs are in range.
    if r.index < 0 || r.index >= n as i64 {
        return Err(Fail::new(
            "edges_c8",
            format!("expected a value ref to have {what} index in range [0, {n}), got: {}", r.index),
        ));
    }
    Ok(())
}

/// `verifyPropagationEdgesShardingAttr`.
fn check_edges_on_op(cx: &Cx<'_>, op: OpId, e: &PropagationEdges) -> Check {
    let mut shardings = vec![];
    for step in &e.steps {
        for entry in &step.entries {
            for r in std::iter::once(&entry.source).chain(&entry.targets) {
                if let Some(s) = edge_value(cx, op, r).and_then(|v| value_sharding(cx, v)) {
                    shardings.push(s);
                }
            }
        }
    }
    // edges_c5 (E5): the edges reference at least one sharding.
    if shardings.is_empty() {
        return Err(Fail::new("edges_c5", "expected propagation edges attr to reference a sharding."));
    }
    let mesh = super::common_mesh(cx, shardings.iter().copied());
    // edges_c6 (E6): the referenced shardings share a mesh.
    let Some(mesh) = mesh else {
        return Err(Fail::new("edges_c6", "expected a common mesh for propagation edges attr."));
    };
    for step in &e.steps {
        for entry in &step.entries {
            // edges_c7 (E7): every axis is in the common mesh.
            if mesh.axis_size(&entry.axis.name).is_none() {
                return Err(Fail::new("edges_c7", "expected axis ref to be in one of the meshes"));
            }
            check_edge_ref(cx, op, &entry.source)?;
            for t in &entry.targets {
                check_edge_ref(cx, op, t)?;
            }
        }
    }
    Ok(())
}
