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
    "reduce_c1",
];

/// The StableHLO rules' negative tests live in `tests/stablehlo_rules.rs`
/// (which checks them against its own untested list): a label is known there
/// when its `neg!` block has a test of that name or its UNTESTED list names it.
const STABLEHLO_TESTS: &str = include_str!("stablehlo_rules.rs");

fn stablehlo_knows(label: &str) -> bool {
    STABLEHLO_TESTS.contains(&format!("\n    {label}: ")) || STABLEHLO_TESTS.contains(&format!("\"{label}\""))
}

#[test]
fn every_rule_has_a_negative_test() {
    for r in RULES {
        assert!(
            TESTED.contains(&r.label) || UNTESTED.contains(&r.label) || stablehlo_knows(r.label),
            "rule {} has no negative test",
            r.label
        );
    }
    for t in TESTED {
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
