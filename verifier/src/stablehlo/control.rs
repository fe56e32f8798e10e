//! Control flow and calls: `while`, `if`, `case`, `optimization_barrier`,
//! `composite`, and the `func` dialect's `call` and `return`.
//!
//! `func.call`/`func.return` have no StableHLO spec labels; their checks
//! are MLIR's func-dialect verifiers, labelled `func_call_c*` and
//! `func_return_c*` here (shardref's names), with MLIR's messages.

use shardref_spec::ir::{Attr, ElemType, OpId, Type};
use shardref_spec::ops::{FuncOp, OpKind, OpName};

use super::common::*;
use crate::attrs::{Field, kind};
use crate::{Check, Fail};

fn type_list(ts: &[&Type]) -> String {
    ts.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
}

fn all_compat(a: &[&Type], b: &[&Type]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| type_compat(x, y))
}

/// `while`: `while_c1`..`while_c3`.
pub fn while_op(op: Op<'_>) -> Check {
    let ins = op.operand_types();
    op.regions(2)?;
    let (Some((cargs, crets)), Some((bargs, brets))) = (op.region_signature(0), op.region_signature(1)) else {
        return Err(Fail::new("while_c1|while_c3", "expects non-empty cond and body regions"));
    };
    // while_c1
    if !all_compat(&ins, &cargs) {
        return Err(Fail::new(
            "while_c1",
            format!(
                "expect operands to be compatible with condition block arguments but got {} vs {}",
                type_list(&ins),
                type_list(&cargs)
            ),
        ));
    }
    // while_c2
    if !all_compat(&ins, &bargs) {
        return Err(Fail::new(
            "while_c2",
            format!(
                "expect operands to be compatible with body block arguments but got {} vs {}",
                type_list(&ins),
                type_list(&bargs)
            ),
        ));
    }
    if !all_compat(&ins, &brets) {
        return Err(Fail::new(
            "while_c2",
            format!(
                "expect operands to be compatible with body block return types but got {} vs {}",
                type_list(&ins),
                type_list(&brets)
            ),
        ));
    }
    // while_c1
    if crets.len() != 1 {
        return Err(Fail::new(
            "while_c1",
            format!("expect condition body returns a single value but got {}", crets.len()),
        ));
    }
    if scalar_elem(crets[0]) != Some(&ElemType::I1) {
        return Err(Fail::new(
            "while_c1",
            format!("expect condition block return a zero-ranked tensor of i1 but got {}", q(crets[0])),
        ));
    }
    // while_c3
    let rs = op.result_types();
    if !all_compat(&ins, &rs) {
        return Err(Fail::new(
            "while_c3",
            format!(
                "inferred type(s) {} are incompatible with return type(s) of operation {}",
                type_list(&ins),
                type_list(&rs)
            ),
        ));
    }
    Ok(())
}

/// `if` and `case`: the selector (`if_i1`, `case_i1`), branches without
/// arguments (`if_c1`, `case_c2`) returning compatible types (`if_c2`,
/// `case_c3`) that the results match (`if_c3`, `case_c4`); `case_c1`.
pub fn conditional(op: Op<'_>, is_case: bool) -> Check {
    let [sel] = op.args::<1>()?;
    let ts = expect_tensor(sel, "operand #0")?;
    let want = if is_case { ElemType::I32 } else { ElemType::I1 };
    // if_i1, case_i1
    if let Some(r) = ts.rank()
        && r != 0
    {
        return Err(Fail::new("if_i1|case_i1", format!("operand should be rank 0 tensor but got rank {r}")));
    }
    if ts.elem != want {
        return Err(Fail::new(
            "if_i1|case_i1",
            format!("operand #0 must be 0D tensor of {want} values, but got {}", q(sel)),
        ));
    }
    let n = op.o.regions.len();
    // case_c1
    if n == 0 || !is_case && n != 2 {
        return Err(Fail::new(
            "case_c1",
            if is_case {
                "expect at least one branch".to_string()
            } else {
                format!("requires 2 regions, but found {n}")
            },
        ));
    }
    let mut sigs = vec![];
    for i in 0..n {
        let Some(sig) = op.region_signature(i) else {
            return Err(Fail::new("case_c1", "expect non-empty region"));
        };
        sigs.push(sig);
    }
    let first = sigs[0].1.clone();
    for (i, (args, rets)) in sigs.iter().enumerate() {
        // if_c1, case_c2
        if !args.is_empty() {
            return Err(Fail::new(
                "if_c1|case_c2",
                format!("branch {i} must have 0 arguments, but found {}", args.len()),
            ));
        }
        // if_c2, case_c3
        if !all_compat(&first, rets) {
            return Err(Fail::new(
                "if_c2|case_c3",
                format!(
                    "branch 0 and branch {i} have mismatched return types: {} vs {}",
                    type_list(&first),
                    type_list(rets)
                ),
            ));
        }
    }
    // if_c3, case_c4
    let rs = op.result_types();
    if !all_compat(&first, &rs) {
        return Err(Fail::new(
            "if_c3|case_c4",
            format!(
                "inferred type(s) {} are incompatible with return type(s) of operation {}",
                type_list(&first),
                type_list(&rs)
            ),
        ));
    }
    Ok(())
}

/// `optimization_barrier`: `optimization_barrier_c1`.
pub fn optimization_barrier(op: Op<'_>) -> Check {
    let ins = op.operand_types();
    let rs = op.result_types();
    // optimization_barrier_c1
    if !all_compat(&ins, &rs) {
        return Err(Fail::new(
            "optimization_barrier_c1",
            format!(
                "inferred type(s) {} are incompatible with return type(s) of operation {}",
                type_list(&ins),
                type_list(&rs)
            ),
        ));
    }
    Ok(())
}

/// The `func.func` named by a symbol reference attribute, and its type.
fn callee<'m>(op: Op<'m>, field: Field<'m, kind::Symbol>) -> Result<Option<(OpId, &'m [Type], &'m [Type])>, Fail> {
    let attr = field.name;
    let Some(Attr::SymbolRef(path)) = field.raw() else {
        // stablehlo_signature
        return Err(Fail::new("stablehlo_signature", format!("requires attribute '{attr}'")));
    };
    let [name] = path.as_slice() else { return Ok(None) };
    let Some(f) = op.m.lookup_symbol(name) else { return Ok(None) };
    if op.m.op(f).name != OpName::Known(OpKind::Func(FuncOp::Func)) {
        return Ok(None);
    }
    match crate::attrs::Func::of(op.m.op(f)).function_type().get() {
        Some(Type::Function(a, r)) => Ok(Some((f, a, r))),
        _ => Ok(None),
    }
}

/// `composite`: `composite_c2`..`composite_c4`.
pub fn composite(op: Op<'_>) -> Check {
    let Some(Attr::SymbolRef(path)) = crate::attrs::stablehlo::Composite::of(op.o).decomposition().raw() else {
        // stablehlo_signature
        return Err(Fail::new("stablehlo_signature", "requires attribute 'decomposition'"));
    };
    // composite_c1
    match crate::attrs::stablehlo::Composite::of(op.o).name().raw() {
        Some(Attr::Str(s, _)) if s.contains(&b'.') && !s.starts_with(b".") && !s.ends_with(b".") => {}
        _ => {
            return Err(Fail::new(
                "composite_c1",
                "name must be a valid namespaced op name, i.e. it must match the following regular expression: [a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+ e.g. \"my_namespace.my_op\"",
            ));
        }
    }
    // composite_c2
    let Some((_, args, res)) = callee(op, crate::attrs::stablehlo::Composite::of(op.o).decomposition())? else {
        return Err(Fail::new("composite_c2", format!("'@{}' does not reference a valid function", path.join("::@"))));
    };
    let ins = op.operand_types();
    // composite_c3
    if ins.len() != args.len() {
        return Err(Fail::new(
            "composite_c3",
            format!("has {} operand(s), but decomposition has {}", ins.len(), args.len()),
        ));
    }
    for (i, (t, a)) in ins.iter().zip(args).enumerate() {
        if *t != a {
            return Err(Fail::new(
                "composite_c3",
                format!("operand at index {i} has type {}, but decomposition has type {}", q(t), q(a)),
            ));
        }
    }
    let rs = op.result_types();
    // composite_c4
    if rs.len() != res.len() {
        return Err(Fail::new(
            "composite_c4",
            format!("has {} result(s), but decomposition has {}", rs.len(), res.len()),
        ));
    }
    for (i, (t, a)) in rs.iter().zip(res).enumerate() {
        if *t != a {
            return Err(Fail::new(
                "composite_c4",
                format!("result at index {i} has type {}, but decomposition has type {}", q(t), q(a)),
            ));
        }
    }
    Ok(())
}

/// `func.call`: `func_call_c1` (callee and operands), `func_call_c2` (results).
pub fn func_call(op: Op<'_>) -> Check {
    // func_call_c1: an unresolved callee is not reported here. The chunks of
    // a split file (`//--- part2.mlir`) call functions another chunk
    // defines, so resolution belongs to linking; the interpreter reports a
    // missing function when it runs the call.
    let Some((_, args, res)) = callee(op, crate::attrs::Call::of(op.o).callee())? else {
        return Ok(());
    };
    let ins = op.operand_types();
    if ins.len() != args.len() {
        return Err(Fail::new("func_call_c1", "incorrect number of operands for callee"));
    }
    for (i, (t, a)) in ins.iter().zip(args).enumerate() {
        if *t != a {
            return Err(Fail::new(
                "func_call_c1",
                format!(
                    "operand type mismatch: expected operand type {}, but provided {} for operand number {i}",
                    q(a),
                    q(t)
                ),
            ));
        }
    }
    let rs = op.result_types();
    // func_call_c2
    if rs.len() != res.len() {
        return Err(Fail::new("func_call_c2", "incorrect number of results for callee"));
    }
    for (i, (t, a)) in rs.iter().zip(res).enumerate() {
        if *t != a {
            return Err(Fail::new(
                "func_call_c2",
                format!("result type mismatch at index {i}: expected {}, but got {}", q(a), q(t)),
            ));
        }
    }
    Ok(())
}

/// `func.return`: `func_return_c1` (count), `func_return_c2` (types), against
/// the enclosing `func.func`'s result types.
pub fn func_return(op: Op<'_>) -> Check {
    let Some((fname, res)) = enclosing_function(op) else { return Ok(()) };
    let ins = op.operand_types();
    // func_return_c1
    if ins.len() != res.len() {
        return Err(Fail::new(
            "func_return_c1",
            format!("has {} operands, but enclosing function (@{fname}) returns {}", ins.len(), res.len()),
        ));
    }
    Ok(())
}

/// `func.return`'s `func_return_c2` (types), which MLIR reports with
/// `emitError`, so without the `'func.return' op` prefix.
pub fn func_return_types(op: Op<'_>) -> Check {
    let Some((fname, res)) = enclosing_function(op) else { return Ok(()) };
    // func_return_c2
    for (i, (t, r)) in op.operand_types().into_iter().zip(&res).enumerate() {
        if t != r {
            return Err(Fail::new(
                "func_return_c2",
                format!(
                    "type of return operand {i} ({}) doesn't match function result type ({}) in function @{fname}",
                    q(t),
                    q(r)
                ),
            ));
        }
    }
    Ok(())
}

/// The name and result types of the `func.func` directly enclosing `op`.
fn enclosing_function(op: Op<'_>) -> Option<(String, Vec<Type>)> {
    let parent = op.m.parent_op(op.id)?;
    let po = op.m.op(parent);
    if po.name != OpName::Known(OpKind::Func(FuncOp::Func)) {
        return None;
    }
    let Some(Attr::Type(Type::Function(_, res))) = crate::attrs::Func::of(po).function_type().raw() else {
        return None;
    };
    let fname = match crate::attrs::Func::of(po).sym_name().raw() {
        Some(Attr::Str(s, _)) => String::from_utf8_lossy(s).into_owned(),
        _ => String::new(),
    };
    Some((fname, res.clone()))
}

/// `async_start` (upstream's `AsyncStartOp::inferReturnTypes`, in its order): one region
/// (ODS), holding one op and a return (`async_start_c1`), the op a collective or a slice
/// (`async_start_c2`), the operands matching the body's arguments (`async_start_c3`), and the
/// result the future of the one value the body returns (`async_start_c4`).
pub fn async_start(op: Op<'_>) -> Check {
    let m = op.m;
    // stablehlo_signature: `SizedRegion<1>:$body`.
    let [r] = op.o.regions[..] else {
        return Err(Fail::new("stablehlo_signature", "requires one region"));
    };
    let Some(&b) = m.region(r).blocks.first() else {
        return Err(Fail::new("async_start_c1", "region must not be empty"));
    };
    let block = m.block(b);
    // async_start_c1
    if block.ops.len() != 2 {
        return Err(Fail::new("async_start_c1", "region must contain exactly one operation and a return"));
    }
    // async_start_c2
    use shardref_spec::ops::StablehloOp as S;
    let allowed = matches!(
        m.op(block.ops[0]).name.kind(),
        Some(OpKind::Stablehlo(
            S::AllGather
                | S::AllReduce
                | S::AllToAll
                | S::CollectiveBroadcast
                | S::CollectivePermute
                | S::CollectiveReduce
                | S::DynamicSlice
                | S::DynamicUpdateSlice
                | S::ReduceScatter
                | S::Slice
        ))
    );
    if !allowed {
        return Err(Fail::new("async_start_c2", "region must contain a collective or slice operation"));
    }
    // async_start_c3
    let ins = op.operand_types();
    if ins.len() != block.args.len() {
        return Err(Fail::new(
            "async_start_c3",
            format!("number of operands ({}) must match number of region arguments ({})", ins.len(), block.args.len()),
        ));
    }
    for (i, (a, &arg)) in ins.iter().zip(&block.args).enumerate() {
        let b = m.value_type(arg);
        if *a != b {
            return Err(Fail::new(
                "async_start_c3",
                format!("operand type {} at index {i} must match region argument type {}", q(a), q(b)),
            ));
        }
    }
    // async_start_c4
    let returned: Vec<&Type> = m.op(block.ops[1]).operands.iter().map(|&v| m.value_type(v)).collect();
    let [t] = returned[..] else {
        return Err(Fail::new(
            "async_start_c4",
            format!("region must return exactly one value, but got {}", returned.len()),
        ));
    };
    let inferred = Type::Future(vec![t.clone()]);
    let rs = op.result_types();
    if rs.len() != 1 || *rs[0] != inferred {
        return Err(Fail::new(
            "async_start_c4",
            format!(
                "inferred type(s) {} are incompatible with return type(s) of operation {}",
                q(&inferred),
                quoted(&rs)
            ),
        ));
    }
    Ok(())
}

/// `async_done` (upstream's `AsyncDoneOp::inferReturnTypes`): the operand is a future of one
/// type T, and the result is T (`async_done_c1`).
pub fn async_done(op: Op<'_>) -> Check {
    let [f] = op.args::<1>()?;
    let Type::Future(types) = f else {
        return Err(Fail::new("async_done_c1", "operand must be a future type"));
    };
    let [t] = &types[..] else {
        return Err(Fail::new(
            "async_done_c1",
            format!("future must have exactly one type parameter, but got {}", types.len()),
        ));
    };
    let rs = op.result_types();
    if rs.len() != 1 || rs[0] != t {
        return Err(Fail::new(
            "async_done_c1",
            format!("inferred type(s) {} are incompatible with return type(s) of operation {}", q(t), quoted(&rs)),
        ));
    }
    Ok(())
}

/// Types quoted one by one, comma-separated, as MLIR lists return types in messages.
fn quoted(ts: &[&Type]) -> String {
    ts.iter().map(|t| q(t)).collect::<Vec<_>>().join(", ")
}
