//! One negative test per rule label (named after it) and positive tests.
//! Each snippet is written for its rule; none is copied from the corpus.

use shardref_verifier::rules::RULES;

fn diags(text: &str) -> Vec<String> {
    let m = shardref_spec::parse("t.mlir", text).expect("snippet parses");
    shardref_verifier::verify(&m).into_iter().map(|d| d.message).collect()
}

fn rejects(text: &str, want: &str) {
    let d = diags(text);
    assert!(d.iter().any(|m| m.contains(want)), "expected '{want}', got {d:?}");
}

macro_rules! neg {
    ($($label:ident: $text:expr => $want:expr;)*) => {
        $(#[test] fn $label() { rejects($text, $want); })*
        const TESTED: &[&str] = &[$(stringify!($label),)*];
    };
}

const M: &str = "sdy.mesh @m = <[\"a\"=4, \"b\"=2]>\n";

fn arg(sharding: &str, ty: &str) -> String {
    format!(
        "{M}func.func @f(%x: {ty} {{sdy.sharding = #sdy.sharding<{sharding}>}}) -> {ty} {{\n  return %x : {ty}\n}}\n"
    )
}

neg! {
    mesh_c1: "sdy.mesh @m = <[\"a\"=0]>" => "axis size must be at least 1, got: 0";
    mesh_c2: "sdy.mesh @m = <[], device_ids=[-3]>" => "device id must be non-negative, got: -3";
    mesh_c3: "sdy.mesh @m = <[], device_ids=[0, 1]>" => "axes is empty and device_ids has more than one element";
    mesh_c4: "sdy.mesh @m = <[\"x\"=2, \"x\"=2]>" => "duplicate axis name: \"x\"";
    mesh_c5: "sdy.mesh @m = <[\"x\"=3], device_ids=[0, 1]>" => "custom op 'sdy.mesh' total product of axis sizes must match total number of device ids, got: 3 != 2";
    mesh_c6: "sdy.mesh @m = <[\"x\"=2], device_ids=[3, 0]>" => "sorted device ids must be iota(product(axes)), got: 0, 3";
    axis_list_c1: &arg("@m, [{\"z\"}]", "tensor<8xf32>") => "'func.func' op arg 0 - unknown axis name: \"z\"";
    axis_list_c2: &arg("@m, [{\"a\"}, {\"a\"}]", "tensor<8x8xf32>") => "duplicate axis ref: \"a\"";
    axis_list_c3: &arg("@m, [{\"a\":(1)2, \"a\":(2)2}]", "tensor<8xf32>") => "two consecutive sub-axes can be merged: \"a\":(1)2, \"a\":(2)2";
    axis_list_c4: &arg("@m, [{}], replicated={\"b\", \"a\"}", "tensor<8xf32>") => "replicated axes are not ordered w.r.t. mesh";
    sub_axes_c1: &arg("@m, [{\"a\"}, {\"a\":(1)2}]", "tensor<8x8xf32>") => "both sub-axis and full-axis are used for axis name: \"a\"";
    sub_axes_c3: &arg("@m, [{\"a\":(2)1}]", "tensor<8xf32>") => "sub-axis sizes must be greater than 1: \"a\":(2)1";
    sub_axes_c4: &arg("@m, [{\"a\":(1)3}]", "tensor<8xf32>") => "sub-axis next pre-size 3 doesn't divide the size of the full axis 4";
    sub_axes_c5: &arg("@m, [{\"a\":(1)4}]", "tensor<8xf32>") => "sub-axis size is equal to the full axis size: \"a\":(1)4";
    sub_axes_c6: &arg("@m, [{\"a\":(1)2}, {\"a\":(1)2}]", "tensor<8x8xf32>") => "duplicate axis ref";
    sharding_c1: &arg("@nope, [{}]", "tensor<8xf32>") => "arg 0 - unknown mesh: @nope";
    sharding_c3: &arg("@m, []", "tuple<tensor<2xf32>, tensor<2xf32>>") => "ops can only have a sharding for a tuple of size 1";
    sharding_c4: &arg("@m, [{}]", "!stablehlo.token") => "non-shaped tensors can only have a sharding with rank 0";
    sharding_c5: &arg("@m, []", "tensor<*xf32>") => "only ranked tensors can have a sharding. type: 'tensor<*xf32>'";
    sharding_c6: &arg("@m, [{}, {}]", "tensor<8xf32>") => "sharding doesn't match tensor rank: 2 != 1";
    sharding_c8: &arg("@m, [{}p2]", "tensor<8xf32>") => "dim 0 is empty and closed but has a priority";
    propagation_barrier_c1: "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = sdy.propagation_barrier %x allowed_direction=BOTH : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n" => "cannot specify `BOTH` as the direction";
    hooks_c2: &format!("{M}func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {{\n  %0 = stablehlo.abs %x {{sdy.sharding = #sdy.sharding_per_value<[<@m, [{{}}]>, <@m, [{{}}]>]>}} : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}}\n") => "'stablehlo.abs' op result shardings don't match number of values: 2 shardings vs 1 values";
    sharding_rule_c4: "func.func @f(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {\n  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=4, j=2}>} : tensor<4x2xf32>\n  return %0 : tensor<4x2xf32>\n}\n" => "op operand - mapping rank must match: 1 != 2";
    sharding_rule_c9: "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4, j=2}>} : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n" => "has factor j=2 that isn't used in operand and result mappings";
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

macro_rules! neg_mpmd {
    ($($label:ident: $text:expr => $want:expr;)*) => {
        $(#[test] fn $label() { rejects($text, $want); })*
        const TESTED_MPMD: &[&str] = &[$(stringify!($label),)*];
    };
}

neg_mpmd! {
    mesh_lookup_c1: &format!("func.func @main(%a: {MT}) -> {MT2} {{\n  %0 = mpmd.transfer %a : ({MT}) -> {MT2}\n  return %0 : {MT2}\n}}\n") => "Function does not have a topology attribute: main";
    mesh_lookup_c2: &transfer(MT, "!mpmd.mesh_tensor<\"m9\", tensor<4x8xf32>>") => "Topology doesn't have a mesh with name: m9";
    mesh_tensor_c1: &transfer("!mpmd.mesh_tensor<\"m1\", tensor<3x8xf32>, sharding=<@any, [{\"x\"}, {}]>>", "!mpmd.mesh_tensor<\"m2\", tensor<3x8xf32>>") => "'mpmd.transfer' op dim 0 with size 3 is not divisible by its sharded size 2";
    mpmd_parent_c1: &for_loop("%a", "tensor<4xf32>", "{iterations = 2 : ui32}", "%b: tensor<4xf32>, %i: tensor<ui32>", "    %c = mpmd.assign %b : (tensor<4xf32>) -> !mpmd.mesh_tensor<\"m1\", tensor<4xf32>>\n    %d = mpmd.transfer %c : (!mpmd.mesh_tensor<\"m1\", tensor<4xf32>>) -> !mpmd.mesh_tensor<\"m2\", tensor<4xf32>>\n    mpmd.return %b : tensor<4xf32>") => "'mpmd.transfer' op expects parent op 'func.func'";
    mpmd_named_computation_c1: "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = mpmd.named_computation<\"n\"> (%a) () {\n    %c = stablehlo.constant dense<0.0> : tensor<4xf32>\n    mpmd.return %c : tensor<4xf32>\n  } : (tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n" => "number of block arguments must match the number of operands respectively: 0 != 1";
    mpmd_named_computation_c2: "func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {\n  %0 = mpmd.named_computation<\"n\"> (%a) (%b: tensor<4xf32>) {\n    mpmd.return %b : tensor<4xf32>\n  } : (tensor<4xi32>) -> tensor<4xi32>\n  return %0 : tensor<4xi32>\n}\n" => "expected the type of the block argument to match the type of operand: 'tensor<4xf32>', got: 'tensor<4xi32>'";
    fragment_c1: &fragment(MT, "", "    %c = stablehlo.constant dense<0.0> : tensor<4x8xf32>\n    mpmd.return %c : tensor<4x8xf32>", "") => "number of block arguments must match the number of operands respectively: 0 != 1";
    fragment_c2: &fragment("!stablehlo.token", "%b: tensor<4x8xf32>", "    mpmd.return %b : tensor<4x8xf32>", "") => "expected the type of the block argument to match the operand: '!stablehlo.token', got: 'tensor<4x8xf32>'";
    fragment_c3: &fragment(MT2, "%b: tensor<4x8xf32>", "    mpmd.return %b : tensor<4x8xf32>", "") => "expected the mesh name of the operand to match that of the fragment op: m2 != m1";
    fragment_c4: &fragment("!mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, sharding=<@any, [{\"q\"}, {}]>>", "%b: tensor<4x8xf32>", "    mpmd.return %b : tensor<4x8xf32>", "") => "'mpmd.fragment' op unknown axis name: \"q\"";
    fragment_c5: &fragment(MT, "%b: tensor<4x4xf32>", "    %c = stablehlo.constant dense<0.0> : tensor<4x8xf32>\n    mpmd.return %c : tensor<4x8xf32>", "") => "expected the type of the block argument to be global tensor type operand: 'tensor<4x8xf32>', got: 'tensor<4x4xf32>'";
    fragment_call_c1: &fragment_call("nope", "") => "'nope' does not reference a valid function";
    fragment_call_c2: &fragment_call("body", "func.func private @body(%b: tensor<4x8xf32>) -> tensor<4x8xf32> {\n  return %b : tensor<4x8xf32>\n}\n") => "Function does not have a mesh_shape attribute: body";
    fragment_call_c3: &fragment_call("body", "func.func private @body(%b: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {mesh_shape = #sdy.mesh<[\"z\"=3]>} {\n  return %b : tensor<4x8xf32>\n}\n") => "Expected mesh of fragment call and callee function to match: #sdy.mesh<[\"x\"=2, \"y\"=4]> vs #sdy.mesh<[\"z\"=3]>";
    transfer_c1: &transfer(MT, "!mpmd.mesh_tensor<\"m2\", tensor<4x8xf32>, sharding=<@any, [{\"z\"}]>>") => "'mpmd.transfer' op sharding doesn't match tensor rank: 1 != 2";
    transfer_c2: &transfer(MT, "!mpmd.mesh_tensor<\"m2\", tensor<8x4xf32>>") => "cannot perform transfer between given types '!mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>>' and '!mpmd.mesh_tensor<\"m2\", tensor<8x4xf32>>': global tensor types are different";
    transfer_c3: &transfer(MT, "!mpmd.mesh_tensor<\"m2\", tensor<4x8xf32>, memory_kind=\"disk\">") => "memory kind must be either 'pinned_host' or 'device'. Found 'disk'.";
    transfer_c4: &mpmd_fn(&format!("%a: {MT} {{mhlo.memory_kind = \"pinned_host\"}}"), MT2, &format!("  %0 = mpmd.transfer %a : ({MT}) -> {MT2}\n  return %0 : {MT2}")) => "Transfers from host with attributes are not supported. Memory kinds must be expressed in the type.";
    transfer_c5: &mpmd_fn(&format!("%a: {MT}"), MT2, &format!("  %0 = mpmd.transfer {{mhlo.memory_kind = \"pinned_host\"}} %a : ({MT}) -> {MT2}\n  return %0 : {MT2}")) => "Transfers to host with attributes are not supported. Memory kinds must expressed be in the type.";
    assign_c1: &mpmd_fn("%a: tensor<4x8xf32>", "!mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, sharding=<@any, [{\"q\"}, {}]>>", "  %0 = mpmd.assign %a : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, sharding=<@any, [{\"q\"}, {}]>>\n  return %0 : !mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, sharding=<@any, [{\"q\"}, {}]>>") => "'mpmd.assign' op unknown axis name: \"q\"";
    assign_c2: &mpmd_fn("%a: tensor<4x8xf32>", "!mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, sharding=<@any, [{\"x\"}, {}]>>", "  %0 = mpmd.assign %a : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, sharding=<@any, [{\"x\"}, {}]>>\n  return %0 : !mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, sharding=<@any, [{\"x\"}, {}]>>") => "MeshTensorType should be fully replicated: '!mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, sharding=<@any, [{\"x\"}, {}]>>'";
    assign_c3: &mpmd_fn(&format!("%a: {MT}"), "tensor<8x4xf32>", &format!("  %0 = mpmd.unassign %a : ({MT}) -> tensor<8x4xf32>\n  return %0 : tensor<8x4xf32>")) => "mismatch between the given local type 'tensor<8x4xf32>' and mesh_type ranked tensor type: 'tensor<4x8xf32>'";
    call_c1: &call("", "(tensor<4xf32>) -> tensor<4xf32>", "func.func private @g(%a: tensor<4xi32>) -> tensor<4xf32> {\n  %c = stablehlo.constant dense<0.0> : tensor<4xf32>\n  return %c : tensor<4xf32>\n}\n") => "Type mismatch. Expected call operand to have type 'tensor<4xi32>' but got 'tensor<4xf32>'";
    call_c2: &call("", "(tensor<4xf32>) -> tensor<4xf32>", "func.func private @g(%a: tensor<4xf32>) -> tensor<4xi32> {\n  %c = stablehlo.constant dense<0> : tensor<4xi32>\n  return %c : tensor<4xi32>\n}\n") => "Type mismatch. Expected call result to have type 'tensor<4xi32>' but got 'tensor<4xf32>'";
    call_c3: &call("", "(tensor<4xf32>) -> tensor<4xf32>", "func.func public @g(%a: tensor<4xf32>) -> tensor<4xf32> attributes {topology = #mpmd.topology<<\"m1\" : <[\"x\"=2]>>>} {\n  return %a : tensor<4xf32>\n}\n") => "MPMD CallOp callee with topology must also have visibility set to private";
    call_c4: &call("{call_counter = 3 : i32}", "(tensor<4xf32>) -> tensor<4xf32>", G) => "call_counter must be an uint32, got 'i32'";
    call_c5: &format!("func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {{\n  %0 = mpmd.named_computation<\"n\"> (%a) (%b: tensor<4xf32>) {{\n    %c = mpmd.call @g(%b) : (tensor<4xf32>) -> tensor<4xf32>\n    mpmd.return %c : tensor<4xf32>\n  }} : (tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}}\n{G}") => "Mpmd CallOp on \"g\" can only be used in a function or for_op block but was called from inside op mpmd.named_computation";
    call_c6: &format!("func.func private @f(%a: tensor<4xf32>) -> tensor<4xf32> attributes {{topology = #mpmd.topology<<\"m1\" : <[\"x\"=2]>>>}} {{\n  %0 = mpmd.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}}\n{G}") => "Mpmd CallOp on \"g\" in an Mpmd function can only be used directly by the entrypoint function, i.e. the main function, but was called from \"f\".";
    call_c7: &call("", "(tensor<4xf32>) -> tensor<4xf32>", "") => "'g' does not reference a valid function";
    for_c1: &for_loop("%a", "tensor<4xf32>", "{iterations = 2 : ui32}", "%b: tensor<4xf32>", FOR_BODY) => "wrong number of arguments for region";
    for_c2: &for_loop("%a", "tensor<4xf32>", "{iterations = 2 : ui32}", "%b: tensor<4xi32>, %i: tensor<ui32>", "    %c = stablehlo.constant dense<0.0> : tensor<4xf32>\n    mpmd.return %c : tensor<4xf32>") => "wrong argument type at argument no. 0";
    for_c3: &for_loop("%a", "tensor<4xf32>", "{iterations = 2 : ui32}", "%b: tensor<4xf32>, %i: tensor<i64>", FOR_BODY) => "index must have a 32-bit integer rank-0 tensor type";
    for_c4: &for_loop("%a", "tensor<4xf32>", "{iterations = 2 : ui32}", "%b: tensor<4xf32>, %i: tensor<ui32>", "    mpmd.return %i : tensor<ui32>") => "type mismatch for result of region";
    for_c5: &for_loop("%a, %t", "tensor<4xf32>, !stablehlo.token", "{iterations = 2 : ui32}", "%b: tensor<4xf32>, %u: !stablehlo.token, %i: tensor<ui32>", "    mpmd.return %b, %u : tensor<4xf32>, !stablehlo.token").replace("%0 = mpmd.for", "%0:2 = mpmd.for") => "type ids in operands/results are not identical";
    for_c6: &for_loop("%a", "tensor<4xf32>", "{iterations = 0 : ui32}", "%b: tensor<4xf32>, %i: tensor<ui32>", FOR_BODY) => "number of iterations must be greater than zero";
    for_c7: &for_loop("%a", "tensor<4xf32>", "{iterations = 3 : ui32, unroll_factor = 2 : ui32}", "%b: tensor<4xf32>, %i: tensor<ui32>", FOR_BODY) => "number of iterations 3 isn't divisible by unroll factor 2";
    for_c8: &for_loop("%a", "tensor<4xf32>", "", "%b: tensor<4xf32>, %i: tensor<ui32>", FOR_BODY) => "'mpmd.for' op requires attribute 'iterations'";
    reduce_c1: "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = mpmd.reduce<none> %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n" => "ReduceOp must have exactly one operand if the reduction type is none";
}

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

use shardref_verifier::import::{ImportPass, PassState, check_pipeline};

/// The messages of the pass's analysis on a module that verifies.
fn pass_diags(text: &str, pass: ImportPass, state: &mut PassState) -> Vec<String> {
    let m = shardref_spec::parse("t.mlir", text).expect("snippet parses");
    assert_eq!(diags(text), Vec::<String>::new(), "{text}");
    check_pipeline(&m, &[pass], state).into_iter().map(|d| d.message).collect()
}

macro_rules! neg_import {
    ($($label:ident: $pass:expr, $text:expr => $want:expr;)*) => {
        $(#[test] fn $label() {
            let d = pass_diags($text, $pass, &mut PassState::default());
            assert!(d.iter().any(|m| m.contains($want)), "expected '{}', got {d:?}", $want);
        })*
        const TESTED_IMPORT: &[&str] = &[$(stringify!($label),)*];
    };
}

/// A manual computation over `%x` whose body holds `body`.
fn manual(group_outer: &str, body: &str) -> String {
    format!(
        "sdy.mesh @m = <[\"a\"=2]>\nfunc.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {{\n  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{{}}]>] out_shardings=[<@m, [{{}}]>] manual_axes={{}} (%y: tensor<8xf32>) {{\n{body}\n    sdy.return %y : tensor<8xf32>\n  }} : (tensor<8xf32>) -> tensor<8xf32>\n{group_outer}\n  return %0 : tensor<8xf32>\n}}\n"
    )
}

const TWO_CALLS: &str = "func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n  %0 = call @h(%x) : (tensor<8xf32>) -> tensor<8xf32>\n  %1 = call @h(%0) : (tensor<8xf32>) -> tensor<8xf32>\n  return %1 : tensor<8xf32>\n}\nfunc.func private @h(%y: tensor<8xf32>) -> tensor<8xf32> {\n  return %y : tensor<8xf32>\n}\n";

neg_import! {
    manual_axes_cleanup_c1: ImportPass::ManualAxesCleanup, "sdy.mesh @m = <[\"a\"=2]>\nfunc.func @f() {\n  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={\"a\"} () {\n    %c = sdy.constant dense<1.0> : tensor<2xf32>\n    sdy.return\n  } : () -> ()\n  return\n}\n" => "op has manual_axes when there are no in/out shardings and the body is not empty. This isn't allowed at this stage";
    sharding_group_import_c1: ImportPass::ShardingGroupImport, &manual("  sdy.sharding_group %0 group_id = 7 : tensor<8xf32>", "    sdy.sharding_group %y group_id = 7 : tensor<8xf32>") => "ShardingGroupOps values cannot cross ManualComputationOp boundaries for groupId: 7";
    sharding_group_import_c2: ImportPass::ShardingGroupImport, "func.func @f(%x: tensor<8xf32>, %y: tensor<2x4xf32>) -> tensor<8xf32> {\n  sdy.sharding_group %x group_id = 3 : tensor<8xf32>\n  sdy.sharding_group %y group_id = 3 : tensor<2x4xf32>\n  return %x : tensor<8xf32>\n}\n" => "ShardingGroupOps values must have the same shape for groupId: 3";
    import_func_calls_w1: ImportPass::ImportFuncCalls, TWO_CALLS => "function @h has multiple call ops, we need to clone the function body for each call";
}

#[test]
fn import_passes_accept_valid_programs() {
    let same_level = manual(
        "",
        "    sdy.sharding_group %y group_id = 7 : tensor<8xf32>\n    sdy.sharding_group %y group_id = 7 : tensor<8xf32>",
    );
    assert_eq!(
        pass_diags(&same_level, ImportPass::ShardingGroupImport, &mut PassState::default()),
        Vec::<String>::new()
    );
    let empty_body = "sdy.mesh @m = <[\"a\"=2]>\nfunc.func @f() {\n  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={\"a\"} () {\n    sdy.return\n  } : () -> ()\n  return\n}\n";
    assert_eq!(pass_diags(empty_body, ImportPass::ManualAxesCleanup, &mut PassState::default()), Vec::<String>::new());
}

#[test]
fn import_func_calls_warns_once_per_process() {
    let mut state = PassState::default();
    assert_eq!(pass_diags(TWO_CALLS, ImportPass::ImportFuncCalls, &mut state).len(), 1);
    assert!(state.warned_multiple_calls);
    assert_eq!(pass_diags(TWO_CALLS, ImportPass::ImportFuncCalls, &mut state), Vec::<String>::new());
}

#[test]
fn pipelines_name_passes_with_options() {
    assert_eq!(
        ImportPass::in_pipeline(
            "sdy_opt %s -split-input-file -sdy-import-func-calls='x=false' --sdy-manual-axes-cleanup -verify-diagnostics"
        ),
        vec![ImportPass::ImportFuncCalls, ImportPass::ManualAxesCleanup]
    );
}

/// Labels whose negative test is not written yet; this list only shrinks.
const UNTESTED: &[&str] = &[
    "sharding_c2",
    "sharding_c10",
    "hooks_c1",
    "hooks_c3",
    "hooks_c4",
    "hooks_c5",
    "hooks_c6",
    "sharding_rule_c1",
    "sharding_rule_c3",
    "sharding_rule_c5",
    "sharding_rule_c6",
    "sharding_rule_c7",
    "sharding_rule_c8",
    "sharding_rule_c10",
    "sharding_rule_c11",
    "sharding_rule_c13",
    "sharding_rule_c14",
    "sharding_rule_c15",
    "edges_c1",
    "edges_c2",
    "edges_c3",
    "edges_c4",
    "edges_c5",
    "edges_c7",
    "edges_c8",
    "sub_axes_c2",
    "sharding_constraint_c1",
    "data_flow_edge_c1",
    "data_flow_edge_c2",
    "data_flow_edge_c3",
    "func_data_flow_edge_c1",
    "func_data_flow_edge_c3",
    "func_data_flow_edge_c4",
    "func_data_flow_edge_c5",
    "named_computation_c1",
    "named_computation_c2",
    "named_computation_c4",
    "manual_computation_c1",
    "manual_computation_c3",
    "manual_computation_c4",
    "manual_computation_c5",
    "manual_computation_c6",
    "manual_computation_c7",
    "manual_computation_c8",
    "collective_c1",
    "collective_c3",
    "collective_axes_c2",
    "all_to_all_c1",
    "all_to_all_c3",
    "all_to_all_c4",
    "all_to_all_c5",
    "all_to_all_c6",
    "replicated_to_unreduced_c3",
];

#[test]
fn every_rule_has_a_negative_test() {
    let tested: Vec<&str> = TESTED.iter().chain(TESTED_MPMD).chain(TESTED_IMPORT).copied().collect();
    for r in RULES {
        assert!(tested.contains(&r.label) || UNTESTED.contains(&r.label), "rule {} has no negative test", r.label);
    }
    for t in &tested {
        assert!(!UNTESTED.contains(t), "{t} is tested: drop it from UNTESTED");
        assert!(RULES.iter().any(|r| r.label == *t), "{t} is not a rule label");
    }
}

#[test]
fn valid_programs_verify_cleanly() {
    for text in [
        arg("@m, [{\"a\", ?}p1], replicated={\"b\"}", "tensor<8xf32>"),
        arg("@m, [{\"a\":(1)2, \"b\", \"a\":(2)2}]", "tensor<8xf32>"),
        format!(
            "{M}func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {{\n  %0 = sdy.sharding_constraint %x <@m, [{{\"a\"}}]> : tensor<8xf32>\n  return %0 : tensor<8xf32>\n}}\n"
        ),
    ] {
        assert_eq!(diags(&text), Vec::<String>::new(), "{text}");
    }
}
