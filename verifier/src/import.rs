//! The error-reporting analyses of sdy import passes (inventory §4.5,
//! §4.6), in upstream's words and order. They run after the verifier, when
//! a pipeline names the pass (`ImportPass::from_flag`), and only on a module
//! that verified cleanly, as in MLIR.
//!
//! Each analysis is the first stage of its pass and returns what the rest
//! of the pass needs, so the full transformations can reuse it:
//! - `sdy-sharding-group-import`: `sharding_groups` validates the groups and
//!   returns the value → group-ops map that unification starts from;
//! - `sdy-manual-axes-cleanup`: `manual_axes_cleanup` reports the manual
//!   computations the pass cannot clean up and returns the ones it rewrites;
//! - `sdy-import-func-calls`: `func_calls_in_import_order` lists the
//!   `func.call` ops in the order the pass imports them, and
//!   `import_func_calls` reports its warning for a callee called twice.
//!
//! Errors use `emitError`: the messages carry no op prefix. Upstream's
//! process-wide state (a once-only warning) is the explicit `PassState`,
//! which a runner keeps across the chunks of one `-split-input-file` run.

use shardref_spec::Diagnostic;
use shardref_spec::diag::Severity;
use shardref_spec::ir::sdy::SdyAttr;
use shardref_spec::ir::{Attr, Dim, Module, OpId, Type, ValueId};
use shardref_spec::ops::{FuncOp, OpKind, OpName, SdyOp};

use crate::{Cx, Fail};

/// A pass whose analysis the verifier runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportPass {
    ShardingGroupImport,
    ManualAxesCleanup,
    ImportFuncCalls,
}

/// State upstream keeps for the life of the process, across the chunks of
/// a `-split-input-file` run: `emitOpWarningOnce`'s static once flag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassState {
    /// `sdy-import-func-calls` has warned about a callee with several calls.
    pub warned_multiple_calls: bool,
}

impl ImportPass {
    pub const ALL: [ImportPass; 3] =
        [ImportPass::ShardingGroupImport, ImportPass::ManualAxesCleanup, ImportPass::ImportFuncCalls];

    /// The pass's name on an `sdy_opt` command line, without dashes.
    pub fn flag(self) -> &'static str {
        match self {
            ImportPass::ShardingGroupImport => "sdy-sharding-group-import",
            ImportPass::ManualAxesCleanup => "sdy-manual-axes-cleanup",
            ImportPass::ImportFuncCalls => "sdy-import-func-calls",
        }
    }

    /// The pass a command-line word names: `-name`, `--name`, or either
    /// with `=options`.
    pub fn from_flag(word: &str) -> Option<ImportPass> {
        let w = word.trim_start_matches('-');
        let name = w.split('=').next().unwrap_or(w);
        ImportPass::ALL.into_iter().find(|p| p.flag() == name)
    }

    /// The passes a command line names, in pipeline order, each once (a
    /// file's RUN lines are read together).
    pub fn in_pipeline(run: &str) -> Vec<ImportPass> {
        let mut out = vec![];
        for p in run.split_whitespace().filter(|w| w.starts_with('-')).filter_map(ImportPass::from_flag) {
            if !out.contains(&p) {
                out.push(p);
            }
        }
        out
    }

    /// Runs the pass's analysis: the diagnostics it reports (none when the
    /// pass would succeed without warnings).
    pub fn check(self, m: &Module, state: &mut PassState) -> Vec<Diagnostic> {
        let cx = Cx::new(m);
        match self {
            ImportPass::ShardingGroupImport => sharding_groups(&cx).err().into_iter().collect(),
            ImportPass::ManualAxesCleanup => manual_axes_cleanup(&cx).err().unwrap_or_default(),
            ImportPass::ImportFuncCalls => import_func_calls(&cx, state).into_iter().collect(),
        }
    }
}

/// Runs the analyses of `passes` in order, as a pipeline after
/// verification: the first pass that reports an error stops it (warnings
/// do not).
pub fn check_pipeline(m: &Module, passes: &[ImportPass], state: &mut PassState) -> Vec<Diagnostic> {
    let mut out = vec![];
    for p in passes {
        out.extend(p.check(m, state));
        if out.iter().any(|d| d.severity == Severity::Error) {
            break;
        }
    }
    out
}

/// The nearest enclosing `sdy.manual_computation` of `op`.
fn parent_manual_computation(m: &Module, op: OpId) -> Option<OpId> {
    crate::symbols::enclosing(m, op, OpName::Known(OpKind::Sdy(SdyOp::ManualComputation)))
}

/// `getTensorShape`: the dimensions of a shaped value (no element type);
/// empty for other values.
fn tensor_shape(t: &Type) -> Vec<Dim> {
    match t {
        Type::Tensor(tt) => tt.shape.clone().unwrap_or_default(),
        Type::MeshTensor(mt) => mt.tensor.shape.clone().unwrap_or_default(),
        Type::Vector(dims, _) => dims.iter().map(|&d| Some(d)).collect(),
        Type::Tuple(_) | Type::Function(..) | Type::Elem(_) | Type::None | Type::Token | Type::Opaque { .. } => vec![],
    }
}

/// The sharding groups of a module: each grouped value, in first-use
/// order, with its `sdy.sharding_group` ops in textual order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShardingGroups {
    pub by_value: Vec<(ValueId, Vec<OpId>)>,
}

/// `buildShardingGroupMappingAndValidateGroups`: walks the
/// `sdy.sharding_group` ops in textual order, building the value → ops map,
/// and stops at the first group whose members cross a manual computation
/// boundary or differ in shape.
pub fn sharding_groups(cx: &Cx<'_>) -> Result<ShardingGroups, Diagnostic> {
    let m = cx.m;
    let mut groups = ShardingGroups::default();
    let mut manual_parent: Vec<(i128, Option<OpId>)> = vec![];
    let mut shapes: Vec<(i128, Vec<Dim>)> = vec![];
    for op in m.walk() {
        if m.op(op).name != OpName::Known(OpKind::Sdy(SdyOp::ShardingGroup)) {
            continue;
        }
        let o = m.op(op);
        let (Some(&input), Some(id)) = (o.operands.first(), o.attrs.get("group_id").and_then(Attr::as_int)) else {
            continue;
        };
        match groups.by_value.iter_mut().find(|(v, _)| *v == input) {
            Some((_, ops)) => ops.push(op),
            None => groups.by_value.push((input, vec![op])),
        }
        let parent = parent_manual_computation(m, op);
        match manual_parent.iter().find(|(g, _)| *g == id) {
            // sharding_group_import_c1: the members of a group share their
            // nearest enclosing manual computation (or all have none).
            Some((_, p)) if *p != parent => {
                return Err(cx.located(
                    op,
                    Fail::new(format!(
                        "ShardingGroupOps values cannot cross ManualComputationOp boundaries for groupId: {id}"
                    )),
                ));
            }
            Some(_) => {}
            None => manual_parent.push((id, parent)),
        }
        let shape = tensor_shape(m.value_type(input));
        match shapes.iter().find(|(g, _)| *g == id) {
            // sharding_group_import_c2: the members of a group have one shape.
            Some((_, s)) if *s != shape => {
                return Err(cx.located(
                    op,
                    Fail::new(format!("ShardingGroupOps values must have the same shape for groupId: {id}")),
                ));
            }
            Some(_) => {}
            None => shapes.push((id, shape)),
        }
    }
    Ok(groups)
}

/// Every op in post-order (the ops nested in an op before it), the order
/// of MLIR's default `walk`.
fn post_order(m: &Module) -> Vec<OpId> {
    let mut out = post_order_within(m, m.root);
    out.push(m.root);
    out
}

fn sharding_count(m: &Module, op: OpId, name: &str) -> usize {
    match m.op(op).attrs.get(name) {
        Some(Attr::Sdy(a)) => match a.as_ref() {
            SdyAttr::ShardingPerValue(l) => l.shardings.len(),
            _ => 0,
        },
        _ => 0,
    }
}

/// The failure checks of `sdy-manual-axes-cleanup`, over every manual
/// computation in post-order. The pass reports each failing op and goes on
/// (it only marks itself failed), so every error is returned. On success,
/// the manual computations the pass rewrites (those with in or out
/// shardings) are returned.
pub fn manual_axes_cleanup(cx: &Cx<'_>) -> Result<Vec<OpId>, Vec<Diagnostic>> {
    let m = cx.m;
    let mut errors = vec![];
    let mut rewritten = vec![];
    for op in post_order(m) {
        if m.op(op).name != OpName::Known(OpKind::Sdy(SdyOp::ManualComputation)) {
            continue;
        }
        if sharding_count(m, op, "in_shardings") > 0 || sharding_count(m, op, "out_shardings") > 0 {
            rewritten.push(op);
            continue;
        }
        let first_is_return = m
            .op(op)
            .regions
            .first()
            .and_then(|&r| m.region(r).blocks.first())
            .and_then(|&b| m.block(b).ops.first())
            .is_some_and(|&o| m.op(o).name == OpName::Known(OpKind::Sdy(SdyOp::Return)));
        // manual_axes_cleanup_c1: a manual computation with manual axes but
        // no in/out shardings has an empty body.
        if !crate::sdy::manual_axes(m, op).is_empty() && !first_is_return {
            errors.push(cx.located(
                op,
                Fail::new(
                    "op has manual_axes when there are no in/out shardings and the body is not empty. This isn't allowed at this stage, please contact the Shardy team or file a bug.",
                ),
            ));
        }
    }
    if errors.is_empty() { Ok(rewritten) } else { Err(errors) }
}

fn callee(m: &Module, call: OpId) -> Option<&str> {
    match m.op(call).attrs.get("callee") {
        Some(Attr::SymbolRef(path)) if path.len() == 1 => Some(path[0].as_str()),
        _ => None,
    }
}

fn is_func_call(m: &Module, op: OpId) -> bool {
    m.op(op).name == OpName::Known(OpKind::Func(FuncOp::Call))
}

/// `walkCalls` in its default post-order: functions of the call graph with
/// callees before their callers (a depth-first search from each function
/// in module order, callees in call order), and within a function its
/// `func.call` ops in textual order. LLVM's traversal may order unrelated
/// roots differently; this matters only for which of two calls to the
/// same callee in different, unrelated functions is imported first.
pub fn func_calls_in_import_order(m: &Module) -> Vec<OpId> {
    let funcs: Vec<OpId> = m
        .block(m.body())
        .ops
        .iter()
        .copied()
        .filter(|&op| m.op(op).name == OpName::Known(OpKind::Func(FuncOp::Func)))
        .collect();
    let name_of = |f: OpId| m.op(f).attrs.get("sym_name").and_then(Attr::as_str).map(|s| s.to_vec());
    let calls_in =
        |f: OpId| -> Vec<OpId> { post_order_within(m, f).into_iter().filter(|&o| is_func_call(m, o)).collect() };
    let func_named = |n: &str| funcs.iter().copied().find(|&f| name_of(f).as_deref() == Some(n.as_bytes()));
    let mut visited = vec![false; m.ops.len()];
    let mut order: Vec<OpId> = vec![];
    for &root in &funcs {
        // Iterative depth-first search: (function, next call index).
        let mut stack: Vec<(OpId, usize)> = vec![];
        if !visited[root.index()] {
            visited[root.index()] = true;
            stack.push((root, 0));
        }
        while let Some((f, i)) = stack.pop() {
            let calls = calls_in(f);
            if let Some(&call) = calls.get(i) {
                stack.push((f, i + 1));
                if let Some(g) = callee(m, call).and_then(func_named)
                    && !visited[g.index()]
                {
                    visited[g.index()] = true;
                    stack.push((g, 0));
                }
            } else {
                order.push(f);
            }
        }
    }
    order.into_iter().flat_map(calls_in).collect()
}

/// The ops nested in `op` (not `op` itself), in post-order.
fn post_order_within(m: &Module, op: OpId) -> Vec<OpId> {
    let mut out = vec![];
    let mut stack: Vec<(OpId, bool)> = vec![];
    for &r in m.op(op).regions.iter().rev() {
        for &b in m.region(r).blocks.iter().rev() {
            stack.extend(m.block(b).ops.iter().rev().map(|&o| (o, false)));
        }
    }
    while let Some((o, expanded)) = stack.pop() {
        if expanded {
            out.push(o);
            continue;
        }
        stack.push((o, true));
        for &r in m.op(o).regions.iter().rev() {
            for &b in m.region(r).blocks.iter().rev() {
                stack.extend(m.block(b).ops.iter().rev().map(|&x| (x, false)));
            }
        }
    }
    out
}

/// The warning `sdy-import-func-calls` emits, once per process, at the
/// first call to a callee whose body an earlier call already took.
pub fn import_func_calls(cx: &Cx<'_>, state: &mut PassState) -> Option<Diagnostic> {
    if state.warned_multiple_calls {
        return None;
    }
    let m = cx.m;
    let mut seen: Vec<&str> = vec![];
    for call in func_calls_in_import_order(m) {
        let Some(name) = callee(m, call) else { continue };
        if seen.contains(&name) {
            // import_func_calls_w1: a callee called more than once has its
            // body cloned, with a warning (once per process).
            state.warned_multiple_calls = true;
            let mut d = cx.located(
                call,
                Fail::new(format!(
                    "function @{name} has multiple call ops, we need to clone the function body for each call"
                )),
            );
            d.severity = Severity::Warning;
            return Some(d);
        }
        seen.push(name);
    }
    None
}
