//! Positive tests of the sdy, mpmd and import-pass rules, and the rule
//! table's own invariants. The negative tests, one per rule label, are
//! data: `tests/verify/{sdy,mpmd,import}/*.mlir`, run by `shardref conform
//! verify` (`conformance/tests/project_suites.rs`); each snippet is written
//! for its rule, none is copied from the corpus.

use shardref_verifier::rules::RULES;

fn diags(text: &str) -> Vec<String> {
    let m = shardref_spec::parse("t.mlir", text).expect("snippet parses");
    shardref_verifier::verify(&m).into_iter().map(|d| d.message).collect()
}

const M: &str = "sdy.mesh @m = <[\"a\"=4, \"b\"=2]>\n";

fn arg(sharding: &str, ty: &str) -> String {
    format!(
        "{M}func.func @f(%x: {ty} {{sdy.sharding = #sdy.sharding<{sharding}>}}) -> {ty} {{\n  return %x : {ty}\n}}\n"
    )
}

/// A function over `%x` (with an optional `sdy.sharding` on it) whose body
/// computes `%0` of type `ty` with `op` (which may use `%x`) and returns it.
fn body(x_sharding: &str, ty: &str, op: &str) -> String {
    let attr =
        if x_sharding.is_empty() { String::new() } else { format!(" {{sdy.sharding = #sdy.sharding<{x_sharding}>}}") };
    format!("{M}{M2}func.func @f(%x: {ty}{attr}) -> {ty} {{\n  %0 = {op} : {ty}\n  return %0 : {ty}\n}}\n")
}

/// A second mesh with other axes, and a third with `@m`'s axes.
const M2: &str = "sdy.mesh @n = <[\"c\"=8]>\nsdy.mesh @k = <[\"a\"=4, \"b\"=2]>\n";

/// A `tensor<8x8xf32>` function whose argument has sharding `x` and whose
/// body is one collective `op` (using `%x`).
fn coll(x: &str, op: &str) -> String {
    body(x, "tensor<8x8xf32>", op)
}

// ---------------------------------------------------------------- mpmd (inventory §3.9)

/// A function with a two-mesh topology, its arguments, results and body.
fn mpmd_fn(args: &str, results: &str, body: &str) -> String {
    format!(
        "func.func @main({args}) -> ({results}) attributes {{topology = #mpmd.topology<<\"m1\" : <[\"x\"=2, \"y\"=4]>>, <\"m2\" : <[\"z\"=3]>>>}} {{\n{body}\n}}\n"
    )
}

/// A function transferring its argument of type `from` to type `to`.
fn transfer(from: &str, to: &str) -> String {
    mpmd_fn(&format!("%a: {from}"), to, &format!("  %0 = mpmd.transfer %a : ({from}) -> {to}\n  return %0 : {to}"))
}

const MT: &str = "!mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>>";
const MT2: &str = "!mpmd.mesh_tensor<\"m2\", tensor<4x8xf32>>";

/// A fragment on mesh m1 taking `%a: arg` into a body with `block_args`.
fn fragment(arg: &str, block_args: &str, body: &str, ret: &str) -> String {
    mpmd_fn(
        &format!("%a: {arg}"),
        MT,
        &format!(
            "  %0 = mpmd.fragment<mesh=\"m1\", origin=[]> (%a) ({block_args}) {{\n{body}\n  }} : ({arg}) -> {MT}\n  return %0 : {MT}"
        ),
    ) + ret
}

/// A fragment call from m1 to `@callee`, defined by `callee`.
fn fragment_call(name: &str, callee: &str) -> String {
    mpmd_fn(
        &format!("%a: {MT}"),
        MT,
        &format!("  %0 = mpmd.fragment_call<mesh=\"m1\", origin=[]> @{name}(%a) : ({MT}) -> {MT}\n  return %0 : {MT}"),
    ) + callee
}

/// A public entry point calling `@g` with an f32 tensor, and `g`.
fn call(attrs: &str, call_ty: &str, g: &str) -> String {
    format!(
        "func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {{\n  %0 = mpmd.call @g(%a) {attrs} : {call_ty}\n  return %0 : tensor<4xf32>\n}}\n{g}"
    )
}

const G: &str = "func.func private @g(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n";

/// An `mpmd.for` over `%a` (and `%t`, a token) with the given header and body.
fn for_loop(operands: &str, types: &str, attrs: &str, block_args: &str, body: &str) -> String {
    format!(
        "func.func @main(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> attributes {{topology = #mpmd.topology<<\"m1\" : <[\"x\"=2]>>, <\"m2\" : <[\"x\"=2]>>>}} {{\n  %0 = mpmd.for ({operands}) {attrs} ({block_args}) {{\n{body}\n  }} : {types}\n  return %a : tensor<4xf32>\n}}\n"
    )
}

const FOR_BODY: &str = "    mpmd.return %b : tensor<4xf32>";

#[test]
fn valid_mpmd_programs_verify_cleanly() {
    let sharded = "!mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, sharding=<@any, [{\"x\"}, {\"y\"}]>>";
    for text in [
        transfer(sharded, MT2),
        transfer(MT, "!mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, memory_kind=\"pinned_host\">"),
        fragment(sharded, "%b: tensor<4x8xf32>", "    mpmd.return %b : tensor<4x8xf32>", "")
            .replace(&format!("-> {MT}\n  return"), &format!("-> {sharded}\n  return"))
            .replace(&format!(") -> ({MT})"), &format!(") -> ({sharded})"))
            .replace(&format!("return %0 : {MT}"), &format!("return %0 : {sharded}")),
        fragment_call(
            "body",
            "func.func private @body(%b: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {mesh_shape = #sdy.mesh<[\"x\"=2, \"y\"=4]>} {\n  return %b : tensor<4x8xf32>\n}\n",
        ),
        call("{call_counter = 1 : ui32}", "(tensor<4xf32>) -> tensor<4xf32>", G),
        for_loop(
            "%a",
            "tensor<4xf32>",
            "{iterations = 4 : ui32, unroll_factor = 2 : ui32}",
            "%b: tensor<4xf32>, %i: tensor<ui32>",
            FOR_BODY,
        ),
        mpmd_fn(
            "%a: tensor<4x8xf32>",
            MT,
            &format!("  %0 = mpmd.assign %a : (tensor<4x8xf32>) -> {MT}\n  return %0 : {MT}"),
        ),
    ] {
        assert_eq!(diags(&text), Vec::<String>::new(), "{text}");
    }
}

// ---------------------------------------------------------------- sdy import passes (inventory §4.5-§4.7)

use shardref_passes::{Pass, PassKind, PassState, run_pass};

/// The messages the pass reports on a module that verifies.
fn pass_diags(text: &str, pass: PassKind, state: &mut PassState) -> Vec<String> {
    let mut m = shardref_spec::parse("t.mlir", text).expect("snippet parses");
    assert_eq!(diags(text), Vec::<String>::new(), "{text}");
    run_pass(&mut m, &Pass::new(pass), state).diagnostics.into_iter().map(|d| d.message).collect()
}

/// A manual computation over `%x` whose body holds `body`.
fn grouped_manual(group_outer: &str, body: &str) -> String {
    format!(
        "sdy.mesh @m = <[\"a\"=2]>\nfunc.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {{\n  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{{}}]>] out_shardings=[<@m, [{{}}]>] manual_axes={{}} (%y: tensor<8xf32>) {{\n{body}\n    sdy.return %y : tensor<8xf32>\n  }} : (tensor<8xf32>) -> tensor<8xf32>\n{group_outer}\n  return %0 : tensor<8xf32>\n}}\n"
    )
}

const TWO_CALLS: &str = "func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n  %0 = call @h(%x) : (tensor<8xf32>) -> tensor<8xf32>\n  %1 = call @h(%0) : (tensor<8xf32>) -> tensor<8xf32>\n  return %1 : tensor<8xf32>\n}\nfunc.func private @h(%y: tensor<8xf32>) -> tensor<8xf32> {\n  return %y : tensor<8xf32>\n}\n";

#[test]
fn import_passes_accept_valid_programs() {
    let same_level = grouped_manual(
        "",
        "    sdy.sharding_group %y group_id = 7 : tensor<8xf32>\n    sdy.sharding_group %y group_id = 7 : tensor<8xf32>",
    );
    assert_eq!(pass_diags(&same_level, PassKind::ShardingGroupImport, &mut PassState::default()), Vec::<String>::new());
    let empty_body = "sdy.mesh @m = <[\"a\"=2]>\nfunc.func @f() {\n  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={\"a\"} () {\n    sdy.return\n  } : () -> ()\n  return\n}\n";
    assert_eq!(pass_diags(empty_body, PassKind::ManualAxesCleanup, &mut PassState::default()), Vec::<String>::new());
}

#[test]
fn import_func_calls_warns_once_per_process() {
    let mut state = PassState::default();
    assert_eq!(pass_diags(TWO_CALLS, PassKind::ImportFuncCalls, &mut state).len(), 1);
    assert!(state.warned_multiple_calls);
    assert_eq!(pass_diags(TWO_CALLS, PassKind::ImportFuncCalls, &mut state), Vec::<String>::new());
}

#[test]
fn pass_names_take_options() {
    let p = Pass::parse("-sdy-import-func-calls='add-data-flow-edges-on-named-computations=false'").unwrap();
    assert_eq!(p.kind, PassKind::ImportFuncCalls);
    assert!(!p.option("add-data-flow-edges-on-named-computations"));
    assert!(Pass::new(PassKind::ImportFuncCalls).option("add-data-flow-edges-on-named-computations"));
    assert!(Pass::parse("--sdy-no-such-pass").is_err());
}

#[test]
fn valid_programs_verify_cleanly() {
    for text in [
        arg("@m, [{\"a\", ?}p1], replicated={\"b\"}", "tensor<8xf32>"),
        arg("@m, [{\"a\":(1)2, \"b\", \"a\":(2)2}]", "tensor<8xf32>"),
        format!(
            "{M}func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {{\n  %0 = sdy.sharding_constraint %x <@m, [{{\"a\"}}]> : tensor<8xf32>\n  return %0 : tensor<8xf32>\n}}\n"
        ),
        coll("@m, [{\"a\", \"b\"}, {}]", "sdy.all_gather [{\"b\"}, {}] %x out_sharding=<@m, [{\"a\"}, {}]>"),
        coll("@m, [{\"a\"}, {}]", "sdy.all_slice [{}, {\"b\"}] %x out_sharding=<@m, [{\"a\"}, {\"b\"}]>"),
        coll("@m, [{\"a\":(1)2}, {}]", "sdy.all_slice [{\"a\":(2)2}, {}] %x out_sharding=<@m, [{\"a\"}, {}]>"),
        coll("@m, [{\"a\", \"b\"}, {}]", "sdy.all_to_all [{\"b\"}: 0->1] %x out_sharding=<@m, [{\"a\"}, {\"b\"}]>"),
        coll("@m, [{\"a\"}, {}]", "sdy.collective_permute %x out_sharding=<@m, [{\"b\", \"a\":(1)2}, {}]>"),
        coll(
            "@m, [{}, {}], unreduced={\"a\"}",
            "sdy.all_reduce {\"b\"} %x out_sharding=<@m, [{}, {}], unreduced={\"a\"}>",
        ),
        coll(
            "@m, [{}, {}], unreduced={\"a\", \"b\"}",
            "sdy.all_reduce {} %x out_sharding=<@m, [{}, {}], unreduced={\"a\":(1)2}>",
        ),
        coll(
            "@m, [{\"a\"}, {}], unreduced={\"b\"}",
            "sdy.reduce_scatter [{}, {\"b\"}] %x out_sharding=<@m, [{\"a\"}, {\"b\"}]>",
        ),
        coll(
            "@m, [{\"b\"}, {\"a\"}]",
            "sdy.sharded_to_unreduced [{\"b\"}, {\"a\"}] %x out_sharding=<@m, [{}, {}], unreduced={\"a\", \"b\"}>",
        ),
        coll(
            "@m, [{}, {}], unreduced={\"b\"}",
            "sdy.replicated_to_unreduced {\"a\"} %x out_sharding=<@m, [{}, {}], unreduced={\"a\", \"b\"}>",
        ),
        body(
            "@m, [{}], unreduced=max{\"a\", \"b\"}",
            "tensor<8xf32>",
            "sdy.reshard %x <@m, [{}], unreduced=max{\"a\"}>",
        ),
    ] {
        assert_eq!(diags(&text), Vec::<String>::new(), "{text}");
    }
}

#[test]
fn rule_labels_are_unique() {
    let mut seen = std::collections::HashSet::new();
    for r in RULES {
        assert!(seen.insert(r.label), "label {} names two rules", r.label);
    }
}
