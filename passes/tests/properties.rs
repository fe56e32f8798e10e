//! Property tests that validate the passes on generated modules: random
//! meshes (with size-one axes), shardings on arguments, results and ops,
//! open and closed sharding constraints, sharding groups, inline meshes,
//! manual computations, constants and scalar broadcasts used by several
//! ops, named computations, optimization barriers and calls to private
//! functions (some called twice). For every pass:
//! (a) the output verifies;
//! (b) `@main` computes bitwise the same results as before on random inputs
//!     (a global run on the reference interpreter);
//! (c) running the pass again changes nothing, where upstream's pass is
//!     idempotent;
//! (d) the output has the shape the pass promises (checked per pass below).
//!
//! Each pass gets `CASES` generated modules in the normal test run.

use proptest::prelude::*;
use shardref_interp::{Limits, Value};
use shardref_passes::rewrite::{
    callee, funcs, is_call, is_sdy, manual_axes, mesh_of, sharding_list, sharding_of, sym_name, users,
};
use shardref_passes::{Pass, PassKind, PassState, run_pass};
use shardref_spec::ir::sdy::{MeshOrRef, SdyAttr, TensorSharding};
use shardref_spec::ir::{Attr, Module};
use shardref_spec::ops::{OpKind, SdyOp, StablehloOp};
use shardref_spec::print::{PrintOptions, print_module};

const CASES: u32 = 500;
const T: &str = "tensor<8x8xf32>";

/// One generated op: a kind and a number that picks its details.
#[derive(Clone, Debug)]
struct GenOp {
    kind: u8,
    pick: u32,
}

#[derive(Clone, Debug)]
struct GenModule {
    size_a: u8,
    size_b: u8,
    arg_shardings: Vec<u32>,
    ops: Vec<GenOp>,
    result_sharding: u32,
    helpers: u8,
}

fn gen_module() -> impl Strategy<Value = GenModule> {
    (
        prop::sample::select(vec![1u8, 2]),
        prop::sample::select(vec![1u8, 2, 4]),
        prop::collection::vec(any::<u32>(), 1..3),
        prop::collection::vec((0u8..13, any::<u32>()).prop_map(|(kind, pick)| GenOp { kind, pick }), 1..10),
        any::<u32>(),
        1u8..3,
    )
        .prop_map(|(size_a, size_b, arg_shardings, ops, result_sharding, helpers)| GenModule {
            size_a,
            size_b,
            arg_shardings,
            ops,
            result_sharding,
            helpers,
        })
}

/// The mesh written as a reference, or (sometimes) inline.
fn mesh_ref(g: &GenModule, pick: u32) -> String {
    if pick % 5 == 0 { format!("mesh<[\"a\"={}, \"b\"={}]>", g.size_a, g.size_b) } else { "@mesh".to_string() }
}

/// A sharding of a rank-2 tensor, `None` for some picks.
fn sharding(g: &GenModule, pick: u32, closed_only: bool) -> Option<String> {
    if pick % 4 == 0 {
        return None;
    }
    let dims = ["{}", "{\"a\"}", "{\"b\"}", "{\"a\", \"b\"}", "{?}", "{\"a\", ?}"];
    let n = if closed_only { 4 } else { dims.len() as u32 };
    let d0 = dims[((pick / 4) % n) as usize];
    let d1 = match d0 {
        "{}" | "{?}" => dims[((pick / 32) % n) as usize],
        _ => {
            if (pick / 32) % 2 == 0 {
                "{}"
            } else {
                "{?}"
            }
        }
    };
    let d1 = if closed_only && d1 == "{?}" { "{}" } else { d1 };
    Some(format!("<{}, [{d0}, {d1}]>", mesh_ref(g, pick / 256)))
}

fn render(g: &GenModule) -> String {
    let mut s = format!("sdy.mesh @mesh = <[\"a\"={}, \"b\"={}]>\n", g.size_a, g.size_b);
    if g.size_a == 2 {
        // A duplicate of the mesh, for lift-inlined-meshes to merge.
        s.push_str(&format!("sdy.mesh @mesh_dup = <[\"a\"={}, \"b\"={}]>\n", g.size_a, g.size_b));
    }
    let args: Vec<String> = g
        .arg_shardings
        .iter()
        .enumerate()
        .map(|(i, &p)| match sharding(g, p, false) {
            Some(sh) => format!("%arg{i}: {T} {{sdy.sharding = #sdy.sharding{sh}}}"),
            None => format!("%arg{i}: {T}"),
        })
        .collect();
    let res = match sharding(g, g.result_sharding, false) {
        Some(sh) => format!("({T} {{sdy.sharding = #sdy.sharding{sh}}})"),
        None => T.to_string(),
    };
    s.push_str(&format!("func.func @main({}) -> {res} {{\n", args.join(", ")));
    let mut vals: Vec<String> = (0..g.arg_shardings.len()).map(|i| format!("%arg{i}")).collect();
    let mut helpers_used = vec![false; g.helpers as usize];
    let mut n = 0;
    let local_a = 8 / g.size_a as u32;
    for op in &g.ops {
        let p = op.pick;
        let a = vals[(p as usize) % vals.len()].clone();
        let b = vals[(p as usize / 7) % vals.len()].clone();
        let v = format!("%v{n}");
        n += 1;
        let line = match op.kind {
            0 => format!("{v} = stablehlo.add {a}, {b} : {T}"),
            1 => format!("{v} = stablehlo.negate {a} : {T}"),
            2 => format!("{v} = stablehlo.constant dense<{}.5> : {T}", p % 7),
            3 => format!(
                "{v}_s = stablehlo.constant dense<{}.25> : tensor<f32>\n  {v} = stablehlo.broadcast_in_dim {v}_s, dims = [] : (tensor<f32>) -> {T}",
                p % 5
            ),
            4 => {
                let closed = p % 2 == 0;
                let sh = sharding(g, (p / 2) | 1, closed).unwrap_or_else(|| "<@mesh, [{}, {}]>".to_string());
                format!("{v} = sdy.sharding_constraint {a} {sh} : {T}")
            }
            5 => {
                n -= 1;
                format!("sdy.sharding_group {a} group_id = {} : {T}", p % 4)
            }
            6 => {
                let h = (p % g.helpers as u32) as usize;
                helpers_used[h] = true;
                format!("{v} = call @helper{h}({a}) : ({T}) -> {T}")
            }
            7 => format!("{v} = stablehlo.optimization_barrier {a} : {T}"),
            8 => {
                let sh = if p % 2 == 0 {
                    String::new()
                } else {
                    format!(" in_shardings=[<@mesh, [{{\"b\"}}, {{}}]>] out_shardings=[<@mesh, [{{}}, {{\"b\", ?}}]>]")
                };
                format!(
                    "{v} = sdy.named_computation<\"nc{}\">({a}){sh} (%x{n}: {T}) {{\n    %y{n} = stablehlo.multiply %x{n}, %x{n} : {T}\n    sdy.return %y{n} : {T}\n  }} : ({T}) -> {T}",
                    p % 2
                )
            }
            9 => {
                let manual = if p % 2 == 0 { "{\"a\"}" } else { "{\"a\", \"b\"}" };
                let mesh = if p % 3 == 0 { mesh_ref(g, 0) } else { "@mesh".to_string() };
                format!(
                    "{v} = sdy.manual_computation({a}) in_shardings=[<{mesh}, [{{\"a\"}}, {{}}]>] out_shardings=[<@mesh, [{{\"a\"}}, {{?}}]>] manual_axes={manual} (%x{n}: tensor<{local_a}x8xf32>) {{\n    %y{n} = stablehlo.negate %x{n} : tensor<{local_a}x8xf32>\n    sdy.return %y{n} : tensor<{local_a}x8xf32>\n  }} : ({T}) -> {T}"
                )
            }
            10 => {
                let sh = sharding(g, p | 1, false).unwrap_or_default();
                format!("{v} = stablehlo.multiply {a}, {b} {{sdy.sharding = #sdy.sharding_per_value<[{sh}]>}} : {T}")
            }
            12 => {
                // A row-wise gather with an iota batch index, for explicit-gather-scatter-batching.
                let iota = if p % 3 == 0 {
                    format!(
                        "{v}_r = stablehlo.iota dim = 0 : tensor<8xi32>\n  {v}_i = stablehlo.reshape {v}_r : (tensor<8xi32>) -> tensor<8x1xi32>"
                    )
                } else {
                    format!("{v}_i = stablehlo.iota dim = 0 : tensor<8x1xi32>")
                };
                let (first, second, map) = if p % 2 == 0 { ("_i", "_o", "[0, 1]") } else { ("_o", "_i", "[1, 0]") };
                format!(
                    "{iota}\n  {v}_o = stablehlo.constant dense<{}> : tensor<8x1xi32>\n  {v}_x = stablehlo.concatenate {v}{first}, {v}{second}, dim = 1 : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x2xi32>\n  {v} = \"stablehlo.gather\"({a}, {v}_x) {{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = {map}, index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>, indices_are_sorted = false}} : ({T}, tensor<8x2xi32>) -> tensor<8x4xf32>\n  {v}_z = stablehlo.constant dense<0.0> : tensor<f32>\n  {v}_p = stablehlo.pad {v}, {v}_z, low = [0, 0], high = [0, 4], interior = [0, 0] : (tensor<8x4xf32>, tensor<f32>) -> {T}",
                    p % 6
                )
            }
            _ => format!(
                "{v} = stablehlo.constant dense<2.0> : {T}\n  {v}_m = stablehlo.multiply {v}, {a} : {T}\n  {v}_n = stablehlo.add {v}, {v}_m : {T}"
            ),
        };
        s.push_str("  ");
        s.push_str(&line);
        s.push('\n');
        if op.kind != 5 {
            vals.push(match op.kind {
                11 => format!("{v}_n"),
                12 => format!("{v}_p"),
                _ => v,
            });
        }
    }
    s.push_str(&format!("  return {} : {T}\n}}\n", vals.last().unwrap()));
    for (h, used) in helpers_used.iter().enumerate() {
        if !used && h > 0 {
            continue;
        }
        let arg = if h == 0 {
            format!("%x: {T} {{sdy.sharding = #sdy.sharding<@mesh, [{{\"b\"}}, {{}}]>}}")
        } else {
            format!("%x: {T}")
        };
        let res = if h == 1 {
            format!("({T} {{sdy.sharding = #sdy.sharding<@mesh, [{{}}, {{\"b\"}}]>}})")
        } else {
            T.to_string()
        };
        s.push_str(&format!(
            "func.func private @helper{h}({arg}) -> {res} {{\n  %c = stablehlo.constant dense<3.0> : {T}\n  %y = stablehlo.add %x, %c : {T}\n  return %y : {T}\n}}\n"
        ));
    }
    s
}

/// Random f32 inputs for `@main` (finite values, a few special ones).
fn inputs(m: &Module, seed: u64) -> Vec<Value> {
    let f = m.lookup_symbol("main").expect("main");
    let (ins, _) = shardref_passes::rewrite::func_type(m, f);
    let mut state = seed | 1;
    ins.iter()
        .map(|t| {
            let tt = t.as_tensor().expect("tensor argument");
            let shape: Vec<u64> = tt.static_shape().expect("static");
            let count: u64 = shape.iter().product();
            let mut bytes = vec![];
            for _ in 0..count {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let x = match state % 16 {
                    0 => -0.0f32,
                    1 => f32::MIN_POSITIVE / 2.0,
                    _ => ((state >> 20) % 2001) as f32 / 100.0 - 10.0,
                };
                bytes.extend(x.to_le_bytes());
            }
            let dense = shardref_spec::ir::DenseElements {
                ty: t.clone(),
                data: shardref_spec::ir::DenseData::Elements(bytes.into()),
                hex: false,
            };
            Value::Tensor(shardref_interp::value::Tensor::from_dense(&dense).expect("tensor"))
        })
        .collect()
}

/// The results of `@main`, as (shape, bytes) for bitwise comparison.
fn results(m: &Module, args: Vec<Value>) -> Vec<(Vec<usize>, Vec<u8>)> {
    let out = shardref_interp::run(m, "main", args, Limits::default()).expect("main runs");
    out.results
        .iter()
        .map(|v| {
            let t = v.as_tensor().expect("tensor result");
            (t.shape.clone(), t.buf.to_le_bytes())
        })
        .collect()
}

fn all_shardings(m: &Module) -> Vec<TensorSharding> {
    let mut out = vec![];
    let mut copy = m.clone();
    shardref_passes::rewrite::transform_shardings(&mut copy, |_, s| {
        out.push(s.clone());
        s
    });
    out
}

fn live_ops(m: &Module, kind: OpKind) -> Vec<shardref_spec::ir::OpId> {
    m.walk().into_iter().filter(|&o| m.op(o).name == shardref_spec::ops::OpName::Known(kind)).collect()
}

/// (d): what each pass promises about its output.
fn promised(kind: PassKind, before: &Module, after: &Module) -> Result<(), String> {
    let m = after;
    match kind {
        PassKind::LiftInlinedMeshes => {
            if all_shardings(m).iter().any(|s| matches!(s.mesh, MeshOrRef::Inline(_))) {
                return Err("an inline mesh is left".into());
            }
            let meshes: Vec<_> = live_ops(m, OpKind::Sdy(SdyOp::Mesh))
                .into_iter()
                .filter_map(|o| match shardref_passes::rewrite::sdy_attr(m, o, "mesh") {
                    Some(SdyAttr::Mesh(x)) => Some(x.clone()),
                    _ => None,
                })
                .collect();
            for (i, a) in meshes.iter().enumerate() {
                if meshes[..i].contains(a) {
                    return Err("two equal meshes are left".into());
                }
            }
        }
        PassKind::RemoveSizeOneAxes => {
            for s in all_shardings(m) {
                let Some(mesh) = mesh_of(m, &s) else { continue };
                let axes = s.dims.iter().flat_map(|d| &d.axes).chain(&s.replicated).chain(&s.unreduced);
                for a in axes {
                    if a.sub_axis.is_none() && mesh.axis_size(&a.name) == Some(1) {
                        return Err(format!("axis {} of size one is left", a.name));
                    }
                }
            }
        }
        PassKind::ManualAxesCleanup => {
            for mc in live_ops(m, OpKind::Sdy(SdyOp::ManualComputation)) {
                let manual = manual_axes(m, mc);
                for name in ["in_shardings", "out_shardings"] {
                    for s in sharding_list(m, mc, name).unwrap_or_default() {
                        let used: Vec<&str> = s
                            .dims
                            .iter()
                            .flat_map(|d| &d.axes)
                            .chain(&s.replicated)
                            .chain(&s.unreduced)
                            .map(|a| a.name.as_str())
                            .collect();
                        if let Some(a) = manual.iter().find(|a| !used.contains(&a.as_str())) {
                            return Err(format!("manual axis {a} is unused by a sharding"));
                        }
                    }
                }
            }
        }
        PassKind::ShardingGroupImport => {
            let groups = live_ops(m, OpKind::Sdy(SdyOp::ShardingGroup));
            let ids: Vec<i128> =
                groups.iter().filter_map(|&o| m.op(o).attrs.get("group_id").and_then(Attr::as_int)).collect();
            let max = ids.iter().copied().max().unwrap_or(-1);
            if (0..=max).any(|i| !ids.contains(&i)) {
                return Err(format!("group ids are not 0..n: {ids:?}"));
            }
            let mut seen = vec![];
            for &o in &groups {
                let key = (m.op(o).operands[0], m.op(o).attrs.get("group_id").and_then(Attr::as_int));
                if seen.contains(&key) {
                    return Err("a value is twice in one group".into());
                }
                seen.push(key);
            }
            // Values grouped together before are grouped together after.
            for &o in &live_ops(before, OpKind::Sdy(SdyOp::ShardingGroup)) {
                for &p in &live_ops(before, OpKind::Sdy(SdyOp::ShardingGroup)) {
                    if before.op(o).attrs.get("group_id") != before.op(p).attrs.get("group_id") {
                        continue;
                    }
                    let gid = |v| {
                        groups
                            .iter()
                            .find(|&&g| m.op(g).operands[0] == v)
                            .and_then(|&g| m.op(g).attrs.get("group_id").cloned())
                    };
                    if gid(before.op(o).operands[0]) != gid(before.op(p).operands[0]) {
                        return Err("two members of a group were separated".into());
                    }
                }
            }
        }
        PassKind::ApplyShardingConstraints => {
            // A value that gained a sharding gained that of a constraint on it.
            for c in live_ops(before, OpKind::Sdy(SdyOp::ShardingConstraint)) {
                let v = before.op(c).operands[0];
                let Some(s) = shardref_passes::rewrite::sharding_attr(before, c, "sharding") else { continue };
                if sharding_of(before, v).is_none()
                    && let Some(now) = sharding_of(m, v)
                    && now != s
                    && !live_ops(before, OpKind::Sdy(SdyOp::ShardingConstraint)).iter().any(|&d| {
                        before.op(d).operands[0] == v
                            && shardref_passes::rewrite::sharding_attr(before, d, "sharding") == Some(now.clone())
                    })
                    && !live_ops(before, OpKind::Sdy(SdyOp::ManualComputation)).iter().any(|&d| {
                        before.op(d).operands.contains(&v)
                            && sharding_list(before, d, "in_shardings").unwrap_or_default().contains(&now)
                    })
                {
                    return Err("a value got a sharding no constraint asked for".into());
                }
            }
        }
        PassKind::AddDataFlowEdges | PassKind::AddFuncDataFlowEdges => {
            let edge = if kind == PassKind::AddDataFlowEdges { SdyOp::DataFlowEdge } else { SdyOp::FuncDataFlowEdge };
            for op in m.walk() {
                let owners: Vec<_> = if kind == PassKind::AddDataFlowEdges {
                    if !shardref_passes::add_data_flow_edges::is_data_flow_op(m, op) {
                        continue;
                    }
                    let mut o = shardref_passes::add_data_flow_edges::block_arg_owners(m, op);
                    o.extend(m.op(op).results.iter().copied());
                    o
                } else if is_call(m, op) {
                    m.op(op).results.clone()
                } else {
                    continue;
                };
                for v in owners {
                    let us = users(m, v);
                    if us.len() != 1 || !is_sdy(m, us[0], edge) {
                        return Err(format!("an edge owner has users {us:?} instead of one edge"));
                    }
                }
            }
        }
        PassKind::ImportFuncCalls => {
            if !live_ops(m, OpKind::Func(shardref_spec::ops::FuncOp::Call)).is_empty() {
                return Err("a call is left".into());
            }
            for c in live_ops(before, OpKind::Func(shardref_spec::ops::FuncOp::Call)) {
                let name = callee(before, c).unwrap_or_default();
                if shardref_passes::rewrite::func_named(m, &name).is_some() {
                    return Err(format!("callee @{name} is left"));
                }
            }
        }
        PassKind::FlattenCallGraph => {
            let calls: Vec<String> = live_ops(m, OpKind::Func(shardref_spec::ops::FuncOp::Call))
                .iter()
                .filter_map(|&c| callee(m, c))
                .collect();
            for (i, c) in calls.iter().enumerate() {
                if calls[..i].contains(c) {
                    return Err(format!("@{c} is called twice"));
                }
            }
        }
        PassKind::PreOrderFuncs => {
            // Every callee comes after its callers.
            let order: Vec<String> = funcs(m).iter().filter_map(|&f| sym_name(m, f)).collect();
            for f in funcs(m) {
                let at = order.iter().position(|n| Some(n) == sym_name(m, f).as_ref());
                for c in shardref_passes::rewrite::pre_order_within(m, f) {
                    if is_call(m, c) {
                        let to = order.iter().position(|n| Some(n) == callee(m, c).as_ref());
                        if to <= at {
                            return Err(format!("a callee precedes its caller: {order:?}"));
                        }
                    }
                }
            }
        }
        PassKind::PropagateShardingFromFuncToCall => {
            for c in live_ops(m, OpKind::Func(shardref_spec::ops::FuncOp::Call)) {
                let f = shardref_passes::rewrite::func_named(m, &callee(m, c).unwrap_or_default()).unwrap();
                if shardref_passes::rewrite::func_result_sharding(m, f, 0).is_some()
                    && sharding_list(m, c, "sdy.sharding").is_none()
                {
                    return Err("a call did not take its callee's result sharding".into());
                }
            }
        }
        PassKind::ConstantOrScalarSplitter => {
            if !live_ops(m, OpKind::Stablehlo(StablehloOp::Constant)).is_empty() {
                return Err("a stablehlo.constant is left".into());
            }
            for c in live_ops(m, OpKind::Sdy(SdyOp::Constant)) {
                let r = m.op(c).results[0];
                let rank = m.value_type(r).as_tensor().and_then(|t| t.rank()).unwrap_or(0);
                let non_group: Vec<_> =
                    users(m, r).into_iter().filter(|&u| !is_sdy(m, u, SdyOp::ShardingGroup)).collect();
                // A user that also takes a function argument is not a
                // constant expression: it must have the constant to itself.
                let takes_arg = |u: shardref_spec::ir::OpId| {
                    m.op(u).operands.iter().any(|&v| {
                        matches!(m.value(v).def, shardref_spec::ir::ValueDef::BlockArg { block, .. }
                            if m.block_parent_op(block).is_some_and(|p| shardref_passes::rewrite::is_func(m, p)))
                    })
                };
                if rank > 0 && non_group.len() > 1 && non_group.iter().any(|&u| takes_arg(u)) {
                    return Err("a non-scalar constant used by a non-constant op has other users".into());
                }
            }
        }
        PassKind::SymbolDce => {
            let called: Vec<String> = live_ops(m, OpKind::Func(shardref_spec::ops::FuncOp::Call))
                .iter()
                .filter_map(|&c| callee(m, c))
                .collect();
            for f in funcs(m) {
                let name = sym_name(m, f).unwrap_or_default();
                if name != "main" && !called.contains(&name) {
                    return Err(format!("uncalled private function @{name} is left"));
                }
            }
        }
        PassKind::ExplicitGatherScatterBatching => {
            // Every generated gather indexes its leading dimension with an iota.
            for gth in live_ops(m, OpKind::Stablehlo(StablehloOp::Gather)) {
                let Some(Attr::Stablehlo(a)) = m.op(gth).attrs.get("dimension_numbers") else { continue };
                let shardref_spec::ir::stablehlo::StablehloAttr::Gather(dn) = a.as_ref() else { continue };
                if dn.operand_batching_dims != [0] || dn.start_indices_batching_dims != [0] {
                    return Err("a gather did not get its explicit batching dimension".into());
                }
            }
        }
        PassKind::ImportPipeline => {}
    }
    Ok(())
}

fn check_pass(kind: PassKind, g: &GenModule, seed: u64) -> Result<(), TestCaseError> {
    let text = render(g);
    let before = shardref_spec::parse("gen.mlir", &text).map_err(|r| TestCaseError::fail(format!("{r}\n{text}")))?;
    let d = shardref_verifier::verify(&before);
    prop_assert!(
        d.is_empty(),
        "generated module does not verify: {:?}\n{text}",
        d.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
    let mut pass = Pass::new(kind);
    if kind == PassKind::ImportPipeline {
        pass.options = vec![("dedup-functions-fully", seed % 2 == 0)];
    }
    let mut after = before.clone();
    let outcome = run_pass(&mut after, &pass, &mut PassState::default());
    prop_assert!(!outcome.failed(), "{kind:?} failed: {:?}\n{text}", outcome.diagnostics);
    let printed = print_module(&after, PrintOptions::default());
    // (a) the output verifies.
    let d = shardref_verifier::verify(&after);
    prop_assert!(
        d.is_empty(),
        "{kind:?} output does not verify: {:?}\n{text}\n{printed}",
        d.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
    // (b) it computes bitwise the same results.
    let args = inputs(&before, seed);
    prop_assert_eq!(
        results(&before, args.clone()),
        results(&after, args),
        "{:?} changed the results\n{}\n{}",
        kind,
        text,
        printed
    );
    // (c) idempotence.
    if kind.idempotent() {
        let mut again = after.clone();
        let o = run_pass(&mut again, &pass, &mut PassState::default());
        prop_assert!(!o.failed());
        prop_assert_eq!(
            print_module(&again, PrintOptions::default()),
            printed.clone(),
            "{:?} is not idempotent\n{}",
            kind,
            text
        );
    }
    // (d) the promised shape.
    promised(kind, &before, &after).map_err(|e| TestCaseError::fail(format!("{kind:?}: {e}\n{text}\n{printed}")))?;
    Ok(())
}

macro_rules! pass_properties {
    ($($name:ident: $kind:expr;)*) => {$(
        proptest! {
            #![proptest_config(ProptestConfig { cases: CASES, failure_persistence: None, ..ProptestConfig::default() })]
            #[test]
            fn $name(g in gen_module(), seed in any::<u64>()) {
                check_pass($kind, &g, seed)?;
            }
        }
    )*};
}

pass_properties! {
    add_data_flow_edges: PassKind::AddDataFlowEdges;
    apply_sharding_constraints: PassKind::ApplyShardingConstraints;
    constant_or_scalar_splitter: PassKind::ConstantOrScalarSplitter;
    lift_inlined_meshes: PassKind::LiftInlinedMeshes;
    manual_axes_cleanup: PassKind::ManualAxesCleanup;
    sharding_group_import: PassKind::ShardingGroupImport;
    add_func_data_flow_edges: PassKind::AddFuncDataFlowEdges;
    import_func_calls: PassKind::ImportFuncCalls;
    flatten_call_graph: PassKind::FlattenCallGraph;
    pre_order_funcs: PassKind::PreOrderFuncs;
    propagate_sharding_from_func_to_call: PassKind::PropagateShardingFromFuncToCall;
    remove_size_one_axes: PassKind::RemoveSizeOneAxes;
    explicit_gather_scatter_batching: PassKind::ExplicitGatherScatterBatching;
    symbol_dce: PassKind::SymbolDce;
    import_pipeline: PassKind::ImportPipeline;
}

#[test]
fn every_pass_has_properties() {
    let text = include_str!("properties.rs");
    for k in PassKind::ALL {
        assert!(text.contains(&format!("PassKind::{k:?};")), "{k:?} has no property test");
    }
}

// ---------------------------------------------------------------- differential against Shardy

/// Replaces SSA value names by their order of first appearance, so that
/// outputs compare modulo naming.
fn normalize(text: &str) -> String {
    let mut names: Vec<String> = vec![];
    let mut out = String::new();
    let bytes: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == '%' {
            let mut j = i + 1;
            while j < bytes.len() && (bytes[j].is_alphanumeric() || bytes[j] == '_') {
                j += 1;
            }
            let name: String = bytes[i..j].iter().collect();
            let k = names.iter().position(|n| *n == name).unwrap_or_else(|| {
                names.push(name.clone());
                names.len() - 1
            });
            out.push_str(&format!("%v{k}"));
            i = j;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n")
}

/// Runs 2000 generated modules per pass through shardref and through the
/// official Shardy in jaxlib (`../shared/oracles/shardy_opt.py`, venv
/// `/work/venv`), and compares the printed outputs modulo SSA names. Prints
/// a summary line per pass and the first differences; fails when a module
/// that Shardy accepts is rejected by shardref or the outputs differ.
/// Modules on which the oracle's process dies are counted, not compared.
#[test]
#[ignore = "needs /work/venv with jax 0.10.2 and ../shared/oracles; minutes"]
fn differential_against_shardy() {
    use proptest::strategy::ValueTree;
    let python = std::env::var("SHARDREF_PYTHON").unwrap_or_else(|_| "/work/venv/bin/python".to_string());
    let oracle = std::env::var("SHARDREF_SHARDY_OPT")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/oracles/shardy_opt.py").to_string());
    let n: usize = std::env::var("SHARDREF_DIFF_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(2000);
    let passes = [
        PassKind::AddDataFlowEdges,
        PassKind::ApplyShardingConstraints,
        PassKind::ConstantOrScalarSplitter,
        PassKind::LiftInlinedMeshes,
        PassKind::ManualAxesCleanup,
        PassKind::ShardingGroupImport,
    ];
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = gen_module();
    let texts: Vec<String> = (0..n).map(|_| render(&strategy.new_tree(&mut runner).unwrap().current())).collect();
    let dir = std::env::temp_dir().join(format!("shardref-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cases.mlir");
    std::fs::write(&file, texts.join("// -----\n")).unwrap();
    let mut unexplained = 0;
    let only = std::env::var("SHARDREF_DIFF_PASS").ok();
    for kind in passes {
        if only.as_deref().is_some_and(|o| o != kind.name()) {
            continue;
        }
        // The oracle prints one `// ----- case N: ok|FAILED` block per case;
        // when it dies (an assertion in jaxlib), the case it died on is
        // recorded as a crash and the run resumes after it.
        let mut theirs: Vec<Option<(bool, String)>> = vec![];
        while theirs.len() < n {
            std::fs::write(&file, texts[theirs.len()..].join("// -----\n")).unwrap();
            let out = std::process::Command::new(&python)
                .arg(&oracle)
                .arg("--split-input-file")
                .arg("--pass")
                .arg(kind.name())
                .arg(&file)
                .output()
                .expect("the oracle runs");
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            let before = theirs.len();
            for chunk in text.split("// ----- case ").skip(1) {
                let (head, body) = chunk.split_once('\n').unwrap_or((chunk, ""));
                theirs.push(Some((head.ends_with("ok"), body.to_string())));
            }
            // A single remaining case prints no case header.
            if n - before == 1 && theirs.len() == before && out.status.code().is_some() {
                theirs.push(Some((out.status.success(), text.clone())));
            }
            if theirs.len() < n {
                theirs.push(None);
            }
        }
        let (mut same, mut differ, mut crashes) = (0, 0, 0);
        for (i, t) in texts.iter().enumerate() {
            let mut m = shardref_spec::parse("gen.mlir", t).unwrap();
            let o = run_pass(&mut m, &Pass::new(kind), &mut PassState::default());
            let ours = if o.failed() { None } else { Some(print_module(&m, PrintOptions::default())) };
            let Some(their) = &theirs[i] else {
                crashes += 1;
                if crashes <= 2 {
                    eprintln!("{kind:?} case {i}: the oracle crashed\n{t}");
                }
                continue;
            };
            match (their, ours) {
                ((true, theirs), Some(ours)) if normalize(theirs) == normalize(&ours) => same += 1,
                ((true, theirs), Some(ours)) => {
                    differ += 1;
                    if differ <= 3 {
                        eprintln!("{kind:?} case {i} differs:\n{t}\n--- shardy:\n{theirs}\n--- shardref:\n{ours}");
                    }
                }
                ((ok, theirs), ours) => {
                    differ += 1;
                    if differ <= 3 {
                        eprintln!("{kind:?} case {i}: shardy ok={ok}, shardref ok={}\n{t}\n{theirs}", ours.is_some());
                    }
                }
            }
        }
        eprintln!("{}: {same} equal, {differ} differ, {crashes} crash the oracle (of {n})", kind.name());
        unexplained += differ;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(unexplained, 0, "outputs differ from Shardy's");
}
