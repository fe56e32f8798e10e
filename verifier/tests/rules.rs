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

/// A function over `%x` (with an optional `sdy.sharding` on it) whose body
/// computes `%0` of type `ty` with `op` (which may use `%x`) and returns it.
fn body(x_sharding: &str, ty: &str, op: &str) -> String {
    let attr =
        if x_sharding.is_empty() { String::new() } else { format!(" {{sdy.sharding = #sdy.sharding<{x_sharding}>}}") };
    format!("{M}{M2}func.func @f(%x: {ty}{attr}) -> {ty} {{\n  %0 = {op} : {ty}\n  return %0 : {ty}\n}}\n")
}

/// A second mesh with other axes, and a third with `@m`'s axes.
const M2: &str = "sdy.mesh @n = <[\"c\"=8]>\nsdy.mesh @k = <[\"a\"=4, \"b\"=2]>\n";

/// `abs` over `tensor<ty>` with extra attributes `attrs`.
fn abs(attrs: &str, ty: &str) -> String {
    format!(
        "{M}func.func @f(%x: {ty}) -> {ty} {{\n  %0 = stablehlo.abs %x {{{attrs}}} : {ty}\n  return %0 : {ty}\n}}\n"
    )
}

/// A manual computation over `%x: tensor<8xf32>` with the given header
/// (shardings and manual axes), block argument type and body.
fn manual(header: &str, local: &str, inner: &str) -> String {
    format!(
        "{M}{M2}func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {{\n  %0 = sdy.manual_computation(%x) {header} (%y: {local}) {{\n{inner}\n  }} : (tensor<8xf32>) -> tensor<8xf32>\n  return %0 : tensor<8xf32>\n}}\n"
    )
}

/// A named computation over `%x: tensor<8xf32>` with the given suffix
/// (shardings), block arguments, body and op result type.
fn named(shardings: &str, args: &str, inner: &str, result: &str) -> String {
    format!(
        "{M}func.func @f(%x: tensor<8xf32>) -> {result} {{\n  %0 = sdy.named_computation<\"n\">(%x){shardings} ({args}) {{\n{inner}\n  }} : (tensor<8xf32>) -> {result}\n  return %0 : {result}\n}}\n"
    )
}

/// A `tensor<8x8xf32>` function whose argument has sharding `x` and whose
/// body is one collective `op` (using `%x`).
fn coll(x: &str, op: &str) -> String {
    body(x, "tensor<8x8xf32>", op)
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
    sub_axes_c2: &arg("@m, [{\"a\":(0)2}]", "tensor<8xf32>") => "sub-axis pre-size must be at least 1: \"a\":(0)2";
    sharding_c2: "sdy.mesh @mx = <[], device_ids=[3]>\nfunc.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mx, [{}]>}) -> tensor<8xf32> {\n  return %x : tensor<8xf32>\n}\n" => "arg 0 - a maximal sharding can only have a sharding with rank 0 and no replicated or unreduced axes.";
    sharding_c10: &manual("in_shardings=[<@m, [{\"a\"}]>] out_shardings=[<@m, [{\"a\"}]>] manual_axes={\"a\"}", "tensor<2xf32>", "    %1 = stablehlo.abs %y {sdy.sharding = #sdy.sharding_per_value<[<@m, [{}], replicated={\"a\"}>]>} : tensor<2xf32>\n    sdy.return %1 : tensor<2xf32>") => "'stablehlo.abs' op result - operates on axis \"a\" which is already bound by a parent sdy.manual_computation op";
    hooks_c1: &abs("sdy.sharding = 7 : i64", "tensor<4xf32>") => "'stablehlo.abs' op should have a sharding attribute of type TensorShardingPerValueAttr";
    hooks_c3: "func.func @f(%x: tensor<4xf32> {sdy.sharding = \"s\"}) -> tensor<4xf32> {\n  return %x : tensor<4xf32>\n}\n" => "'func.func' op arg 0 - should have a sharding attribute of type TensorShardingAttr";
    hooks_c4: &abs("sdy.sharding_rule = 7 : i64", "tensor<4xf32>") => "should have a sharding rule attribute of type OpShardingRuleAttr for attr named 'sdy.sharding_rule'";
    hooks_c5: &abs("sdy.propagation_edges = 7 : i64", "tensor<4xf32>") => "should have a propagation edges attribute of type PropagationEdgesAttr for attr named 'sdy.propagation_edges'";
    hooks_c6: &abs("sdy.block_arg_propagation_edges = [7 : i64]", "tensor<4xf32>") => "should have a propagation edges attribute of type ArrayAttr<PropagationEdgesAttr>";
    sharding_rule_c1: &abs("sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=4}>", "tensor<4xf32>") => "number of operands and mappings must match: 1 != 2";
    sharding_rule_c3: &abs("sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4}>", "tensor<?xf32>") => "operand - expected a ranked tensor with a static shape. type: 'tensor<?xf32>'";
    sharding_rule_c5: &abs("sdy.sharding_rule = #sdy.op_sharding_rule<([i, ])->([i, j]) {i=4, j=2}>", "tensor<4x2xf32>") => "operand - dim mapping must have at least one factor";
    sharding_rule_c6: &abs("sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([j]) {i=4}>", "tensor<4xf32>") => "expecting factor indices to be within 0<=...<num_factors; received: 1, num_factors: 1";
    sharding_rule_c7: &abs("sdy.sharding_rule = #sdy.op_sharding_rule<([i, i])->([i, j]) {i=3, j=3}>", "tensor<3x3xf32>") => "operand - cannot reuse factors for the same tensor value";
    sharding_rule_c8: &abs("sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([ij]) {i=1, j=6}>", "tensor<6xf32>") => "dim mapping can't have a factor of size 1 if there are multiple factors";
    sharding_rule_c10: &abs("sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2} need_replication={j, i}>", "tensor<4x2xf32>") => "indices of special factors must be sorted";
    sharding_rule_c11: &abs("sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2} permutation={j, j}>", "tensor<4x2xf32>") => "indices of special factors must be unique";
    sharding_rule_c13: &abs("sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2} need_replication={k}>", "tensor<4x2xf32>") => "index must be less than 2, got: 2";
    sharding_rule_c14: &abs("sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2} need_replication={j} permutation={j}>", "tensor<4x2xf32>") => "a factor can only be in one of the reduction, need replication, or permutation factor sets";
    sharding_rule_c15: &abs("sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2} reduction={i}>", "tensor<4x2xf32>") => "reduction factor cannot be in result mappings";
    edges_c1: &abs("sdy.propagation_edges = #sdy.propagation_edges<[{step--2 = [{\"a\" = operand-0 -> [result-0]}]}]>", "tensor<4xf32>") => "propagation edges have negative step index: -2";
    edges_c2: &abs("sdy.propagation_edges = #sdy.propagation_edges<[{step-5 = [{\"a\" = operand-0 -> [result-0]}]}, {step-5 = [{\"b\" = operand-0 -> [result-0]}]}]>", "tensor<4xf32>") => "propagation edges have duplicate step index: 5";
    edges_c3: &abs("sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{\"a\" = result-0 -> [operand-0, result-0]}]}]>", "tensor<4xf32>") => "propagation edges have a source that is the same as a target";
    edges_c4: &abs("sdy.propagation_edges = #sdy.propagation_edges<[{step-2 = [{\"b\" = operand-0 -> [result-0, result-0]}]}]>", "tensor<4xf32>") => "propagation edges have duplicate targets for step index: 2 and axis: b";
    edges_c5: &abs("sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{\"a\" = operand-0 -> [result-0]}]}]>", "tensor<4xf32>") => "'stablehlo.abs' op expected propagation edges attr to reference a sharding.";
    edges_c6: &format!("{M}{M2}func.func @f(%x: tensor<4xf32> {{sdy.sharding = #sdy.sharding<@n, [{{}}]>}}) -> tensor<4xf32> {{\n  %0 = stablehlo.abs %x {{sdy.propagation_edges = #sdy.propagation_edges<[{{step-0 = [{{\"a\" = operand-0 -> [result-0]}}]}}]>, sdy.sharding = #sdy.sharding_per_value<[<@m, [{{}}]>]>}} : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}}\n") => "expected a common mesh for propagation edges attr.";
    edges_c7: &abs("sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{\"q\" = operand-0 -> [result-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@m, [{}]>]>", "tensor<4xf32>") => "expected axis ref to be in one of the meshes";
    edges_c8: &abs("sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{\"a\" = result-0 -> [operand-4]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@m, [{}]>]>", "tensor<4xf32>") => "expected a value ref to have an operand index in range [0, 1), got: 4";
    sharding_constraint_c1: &body("", "tensor<8xf32>", "sdy.sharding_constraint %x <@m, [{}, {\"b\"}]>") => "'sdy.sharding_constraint' op sharding doesn't match tensor rank: 2 != 1";
    unreduced_c1: &body("@m, [{}]", "tensor<8xf32>", "sdy.all_reduce {} %x out_sharding=<@m, [{}], unreduced={\"b\"}>") => "'sdy.all_reduce' op cannot add new unreduced axis 'b'.";
    unreduced_c2: &body("@m, [{\"b\"}]", "tensor<8xf32>", "sdy.reshard %x <@m, [{}], unreduced=min{\"b\"}>") => "'sdy.reshard' op cannot introduce 'min' unreduced axes. Expected 'sum'.";
    unreduced_c4: &body("@m, [{}], unreduced=min{\"a\"}", "tensor<8xf32>", "sdy.reduce_scatter max [{\"a\"}] %x out_sharding=<@m, [{\"a\"}]>") => "'sdy.reduce_scatter' op cannot reduce 'min' unreduced axes. Expected 'max'.";
    unreduced_c5: &body("@m, [{}], unreduced=min{\"a\", \"b\"}", "tensor<8xf32>", "sdy.sharding_constraint %x <@m, [{}], unreduced=max{\"b\"}>") => "'sdy.sharding_constraint' op cannot change the reduction operator of kept unreduced axes from min to max.";
    data_flow_edge_c1: &body("", "tensor<?xf32>", "sdy.data_flow_edge %x") => "expected sdy.data_flow_edge to have a static-shaped result. type: 'tensor<?xf32>'";
    data_flow_edge_c2: "func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {\n  %0 = sdy.data_flow_edge %x : tensor<4xf32>\n  return %0, %x : tensor<4xf32>, tensor<4xf32>\n}\n" => "expected input of sdy.data_flow_edge to have a single user";
    data_flow_edge_c3: &format!("{M}func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {{\n  %0 = sdy.reshard %x <@m, [{{}}]> : tensor<4xf32>\n  %1 = sdy.data_flow_edge %0 : tensor<4xf32>\n  return %1 : tensor<4xf32>\n}}\n") => "expected input of sdy.data_flow_edge to not be defined by an SdyDialect op (other than an sdy.named_computation).";
    data_flow_edge_c4: &body("", "tensor<8xf32>", "sdy.data_flow_edge %x sharding=<@m, [{\"a\"}, {}]>") => "'sdy.data_flow_edge' op sharding doesn't match tensor rank: 2 != 1";
    func_data_flow_edge_c1: &body("", "tensor<?xf32>", "sdy.func_data_flow_edge %x") => "expected sdy.func_data_flow_edge to have a static-shaped result. type: 'tensor<?xf32>'";
    func_data_flow_edge_c3: "func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {\n  %0 = sdy.func_data_flow_edge %x : tensor<4xf32>\n  return %x, %0 : tensor<4xf32>, tensor<4xf32>\n}\n" => "expected operand of sdy.func_data_flow_edge to have a single user";
    func_data_flow_edge_c4: &manual("in_shardings=[<@m, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={}", "tensor<8xf32>", "    %1 = sdy.func_data_flow_edge %y : tensor<8xf32>\n    sdy.return %1 : tensor<8xf32>") => "expected operand of sdy.func_data_flow_edge to be a block argument of a func op.";
    func_data_flow_edge_c5: "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.negate %x : tensor<4xf32>\n  %1 = sdy.func_data_flow_edge %0 : tensor<4xf32>\n  return %1 : tensor<4xf32>\n}\n" => "expected operand of sdy.func_data_flow_edge to be a result of call op.";
    named_computation_c1: &named("", "%a: tensor<8xf32>, %b: tensor<8xf32>", "    sdy.return %a : tensor<8xf32>", "tensor<8xf32>") => "number of block arguments must match the number of operands: 2 != 1";
    named_computation_c2: &named("", "%a: tensor<8xi32>", "    sdy.return %a : tensor<8xi32>", "tensor<8xi32>") => "expected the type of the 0'th block argument to match the type of the corresponding operand: 'tensor<8xi32>' vs 'tensor<8xf32>'";
    named_computation_c3: &named("", "%a: tensor<8xf32>", "    sdy.return %a, %a : tensor<8xf32>, tensor<8xf32>", "tensor<8xf32>") => "'sdy.named_computation' op failed to infer returned types";
    named_computation_c4: &named(" in_shardings=[<@m, [{}]>, <@m, [{}]>]", "%a: tensor<8xf32>", "    sdy.return %a : tensor<8xf32>", "tensor<8xf32>") => "'sdy.named_computation' op in_shardings shardings don't match number of values: 2 shardings vs 1 values";
    manual_computation_c1: &manual("in_shardings=[<@m, [{\"a\"}]>] out_shardings=[<@m, [{\"a\"}]>] manual_axes={\"a\"}", "tensor<2xf32>", "    %1 = sdy.manual_computation(%y) in_shardings=[<@m, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={\"b\", \"a\"} (%z: tensor<2xf32>) {\n      sdy.return %z : tensor<2xf32>\n    } : (tensor<2xf32>) -> tensor<2xf32>\n    sdy.return %1 : tensor<2xf32>") => "'sdy.manual_computation' op operates on axis \"a\" which is already bound by a parent sdy.manual_computation op";
    manual_computation_c2: &manual("in_shardings=[<@nope, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={}", "tensor<8xf32>", "    sdy.return %y : tensor<8xf32>") => "'sdy.manual_computation' op operand - unknown mesh: @nope";
    manual_computation_c3: &format!("{M}func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {{\n  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{{}}]>] out_shardings=[<@m, [{{}}]>] manual_axes={{}} (%y: tensor<8xf32>, %z: tensor<8xf32>) {{\n    sdy.return %y : tensor<8xf32>\n  }} : (tensor<8xf32>) -> tensor<8xf32>\n  return %0 : tensor<8xf32>\n}}\n") => "number of op operands and region operands must match. Op has 1 op operands and 2 region operands";
    manual_computation_c4: &manual("in_shardings=[<@m, [{\"b\", \"a\"}]>] out_shardings=[<@m, [{\"a\"}]>] manual_axes={\"a\"}", "tensor<2xf32>", "    sdy.return %y : tensor<2xf32>") => "operand sharding at index 0 must have all manual axes come before free axes in its dimension sharding at index 0. Saw manual axis \"a\" after free axis \"b\"";
    manual_computation_c5: &format!("{M}func.func @f(%x: tensor<6xf32>) -> tensor<6xf32> {{\n  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{{\"a\"}}]>] out_shardings=[<@m, [{{}}]>] manual_axes={{\"a\"}} (%y: tensor<2xf32>) {{\n    sdy.return %y : tensor<2xf32>\n  }} : (tensor<6xf32>) -> tensor<6xf32>\n  return %0 : tensor<6xf32>\n}}\n") => "operand dimension size 6 is not divisible by the manual axes size 4";
    manual_computation_c6: &manual("in_shardings=[<@m, [{\"a\"}]>] out_shardings=[<@m, [{\"a\"}]>] manual_axes={\"a\"}", "tensor<4xf32>", "    sdy.return %y : tensor<4xf32>") => "operand shape, corresponding sharding, and region operand shape at index 0 must match. Expected local shape 'tensor<2xf32>', actual local shape 'tensor<4xf32>'";
    manual_computation_c7: &manual("in_shardings=[<@m, [{}]>] out_shardings=[<@n, [{}]>] manual_axes={\"a\"}", "tensor<8xf32>", "    sdy.return %y : tensor<8xf32>") => "all in and out shardings must be bound to the same mesh or an empty mesh.";
    manual_computation_c8: &manual("in_shardings=[<@m, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={\"q\"}", "tensor<8xf32>", "    sdy.return %y : tensor<8xf32>") => "unknown manual axis: \"q\"";
    manual_computation_c9: &manual("in_shardings=[<@m, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={}", "tensor<8xf32>", "    %1 = stablehlo.add %y, %x : tensor<8xf32>\n    sdy.return %1 : tensor<8xf32>") => "'stablehlo.add' op using value defined outside the region";
    collective_c1: &coll("", "sdy.all_gather [{}, {}] %x out_sharding=<@m, [{}, {}]>") => "'sdy.all_gather' op collective on operand without sharding";
    collective_c2: &coll("@m, [{}, {}]", "sdy.collective_permute %x out_sharding=<@m, [{\"b\"}, {\"b\"}]>") => "'sdy.collective_permute' op duplicate axis ref: \"b\"";
    collective_c3: &coll("@m, [{}, {}]", "sdy.all_slice [{}, {}] %x out_sharding=<@n, [{}, {}]>") => "'sdy.all_slice' op result mesh does not match operand mesh";
    collective_axes_c1: &coll("@m, [{\"a\"}, {\"b\"}]", "sdy.all_gather [{\"a\"}, {\"a\"}] %x out_sharding=<@m, [{}, {\"b\"}]>") => "'sdy.all_gather' op duplicate axis ref: \"a\"";
    collective_axes_c2: &coll("@m, [{}, {}]", "sdy.all_slice [{\"a\"}] %x out_sharding=<@m, [{\"a\"}, {}]>") => "result sharding has rank 2 but collective axes has rank 1";
    collective_axes_c3: &coll("@m, [{\"a\", \"b\"}, {}]", "sdy.sharded_to_unreduced [{\"a\"}, {}] %x out_sharding=<@m, [{\"b\"}, {}], unreduced={\"a\"}>") => "'sdy.sharded_to_unreduced' op can't apply shard-to-unreduce axis \"a\" to operand sharding on dimension 0";
    collective_axes_c4: &coll("@m, [{\"a\":(1)2}, {}]", "sdy.all_slice [{\"a\":(2)2}, {}] %x out_sharding=<@m, [{\"a\":(1)2}, {}]>") => "'sdy.all_slice' op result sharding doesn't match expected sharding [\"a\"] on dimension 0";
    sharded_to_unreduced_c1: &coll("@m, [{\"a\"}, {}]", "sdy.sharded_to_unreduced [{\"a\"}, {}] %x out_sharding=<@m, [{}, {}], unreduced=max{\"a\"}>") => "'sdy.sharded_to_unreduced' op out_sharding reduction_op must be SUM";
    sharded_to_unreduced_c2: &coll("@m, [{\"a\"}, {}]", "sdy.sharded_to_unreduced [{\"a\"}, {}] %x out_sharding=<@m, [{}, {}], unreduced={\"b\"}>") => "out_unreduced_axes should be in_unreduced_axes + sharded_to_unreduced_axes";
    all_to_all_c1: &coll("@m, [{}, {}]", "sdy.all_to_all [] %x out_sharding=<@m, [{}, {}]>") => "'sdy.all_to_all' op parameter list is empty";
    all_to_all_c2: &coll("@m, [{\"a\"}, {}]", "sdy.all_to_all [{\"q\"}: 0->1] %x out_sharding=<@m, [{}, {\"a\"}]>") => "'sdy.all_to_all' op unknown axis name: \"q\"";
    all_to_all_c3: &coll("@m, [{\"a\"}, {}]", "sdy.all_to_all [{\"a\"}: 5->1] %x out_sharding=<@m, [{}, {\"a\"}]>") => "source dimension 5 is out of range [0, 2)";
    all_to_all_c4: &coll("@m, [{\"a\"}, {}]", "sdy.all_to_all [{\"a\"}: 0->2] %x out_sharding=<@m, [{}, {\"a\"}]>") => "target dimension 2 is out of range [0, 2)";
    all_to_all_c5: &coll("@m, [{\"a\"}, {}]", "sdy.all_to_all [{\"a\"}: 1->1] %x out_sharding=<@m, [{}, {\"a\"}]>") => "overlapping source/target dimensions in all-to-all params: 1";
    all_to_all_c6: &body("@m, [{}, {}, {}, {}]", "tensor<8x8x8x8xf32>", "sdy.all_to_all [{\"a\"}: 2->3, {\"b\"}: 0->1] %x out_sharding=<@m, [{}, {}, {}, {}]>") => "source dimensions are not sorted in ascending order: 0 appears after 2";
    all_to_all_c7: &coll("@m, [{\"a\", \"b\"}, {}]", "sdy.all_to_all [{\"a\"}: 0->1] %x out_sharding=<@m, [{\"b\"}, {\"a\"}]>") => "'sdy.all_to_all' op can't apply all-to-all axis \"a\" to operand sharding on dimension 0";
    collective_permute_c1: &coll("@m, [{}, {}]", "sdy.collective_permute %x out_sharding=<@n, [{}, {}]>") => "'sdy.collective_permute' op result mesh has different axes than operand mesh";
    collective_permute_c2: &coll("@m, [{}, {}]", "sdy.collective_permute %x out_sharding=<@k, [{}, {}]>") => "'sdy.collective_permute' op result mesh name is different but same device ids as operand";
    collective_permute_c3: &coll("@m, [{\"a\"}, {}]", "sdy.collective_permute %x out_sharding=<@m, [{\"b\"}, {}]>") => "sharded size of result doesn't match operand on dimension 0: 2 != 4";
    all_reduce_c1: &coll("@m, [{\"a\"}, {}]", "sdy.all_reduce {\"b\"} %x out_sharding=<@m, [{}, {\"a\"}]>") => "'sdy.all_reduce' op operand and result shardings are not equivalent";
    all_reduce_c2: &coll("@m, [{}, {}]", "sdy.all_reduce {\"b\", \"a\"} %x out_sharding=<@m, [{}, {}]>") => "'sdy.all_reduce' op reduction axes are not ordered w.r.t. mesh";
    all_reduce_c3: &coll("@m, [{}, {}], replicated={\"b\"}", "sdy.all_reduce {\"b\":(1)2} %x out_sharding=<@m, [{}, {}]>") => "reduction axis \"b\":(1)2 overlaps with operand dimension sharding or replicated axes";
    all_reduce_c4: &coll("@m, [{}, {}], unreduced={\"a\"}", "sdy.all_reduce {\"a\":(2)2} %x out_sharding=<@m, [{}, {}], unreduced={\"a\"}>") => "reduction axis \"a\":(2)2 overlaps with result unreduced axes";
    replicated_to_unreduced_c1: &coll("@m, [{}, {}]", "sdy.replicated_to_unreduced {\"a\"} %x out_sharding=<@m, [{}, {}], unreduced=min{\"a\"}>") => "'sdy.replicated_to_unreduced' op out_sharding reduction_op must be SUM";
    replicated_to_unreduced_c2: &coll("@m, [{}, {\"b\"}]", "sdy.replicated_to_unreduced {\"a\"} %x out_sharding=<@m, [{}, {\"b\", ?}], unreduced={\"a\"}>") => "input and output must share the same dimension shardings";
    replicated_to_unreduced_c3: &coll("@m, [{}, {}]", "sdy.replicated_to_unreduced {} %x out_sharding=<@m, [{}, {}]>") => "'sdy.replicated_to_unreduced' op r2u axes must not be empty";
    replicated_to_unreduced_c4: &coll("@m, [{}, {}]", "sdy.replicated_to_unreduced {\"b\", \"a\"} %x out_sharding=<@m, [{}, {}], unreduced={\"a\", \"b\"}>") => "r2u axes are not ordered w.r.t. mesh";
    replicated_to_unreduced_c5: &coll("@m, [{\"a\"}, {}]", "sdy.replicated_to_unreduced {\"a\":(2)2} %x out_sharding=<@m, [{\"a\"}, {}], unreduced={\"b\"}>") => "r2u axis \"a\":(2)2 overlaps with operand dimension sharding";
    replicated_to_unreduced_c6: &coll("@m, [{}, {}], unreduced={\"a\":(1)2}", "sdy.replicated_to_unreduced {\"a\"} %x out_sharding=<@m, [{}, {}], unreduced={\"a\"}>") => "r2u axis \"a\" overlaps with operand unreduced axes";
    replicated_to_unreduced_c7: &coll("@m, [{}, {}], unreduced={\"a\"}", "sdy.replicated_to_unreduced {\"b\"} %x out_sharding=<@m, [{}, {}], unreduced={\"b\"}>") => "out_unreduced_axes should be in_unreduced_axes + r2u_axes";
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
    mpmd_reduce_c1: "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = mpmd.reduce<none> %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n" => "ReduceOp must have exactly one operand if the reduction type is none";
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

use shardref_passes::{Pass, PassKind, PassState, run_pass};

/// The messages the pass reports on a module that verifies.
fn pass_diags(text: &str, pass: PassKind, state: &mut PassState) -> Vec<String> {
    let mut m = shardref_spec::parse("t.mlir", text).expect("snippet parses");
    assert_eq!(diags(text), Vec::<String>::new(), "{text}");
    run_pass(&mut m, &Pass::new(pass), state).diagnostics.into_iter().map(|d| d.message).collect()
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
fn grouped_manual(group_outer: &str, body: &str) -> String {
    format!(
        "sdy.mesh @m = <[\"a\"=2]>\nfunc.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {{\n  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{{}}]>] out_shardings=[<@m, [{{}}]>] manual_axes={{}} (%y: tensor<8xf32>) {{\n{body}\n    sdy.return %y : tensor<8xf32>\n  }} : (tensor<8xf32>) -> tensor<8xf32>\n{group_outer}\n  return %0 : tensor<8xf32>\n}}\n"
    )
}

const TWO_CALLS: &str = "func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n  %0 = call @h(%x) : (tensor<8xf32>) -> tensor<8xf32>\n  %1 = call @h(%0) : (tensor<8xf32>) -> tensor<8xf32>\n  return %1 : tensor<8xf32>\n}\nfunc.func private @h(%y: tensor<8xf32>) -> tensor<8xf32> {\n  return %y : tensor<8xf32>\n}\n";

neg_import! {
    manual_axes_cleanup_c1: PassKind::ManualAxesCleanup, "sdy.mesh @m = <[\"a\"=2]>\nfunc.func @f() {\n  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={\"a\"} () {\n    %c = sdy.constant dense<1.0> : tensor<2xf32>\n    sdy.return\n  } : () -> ()\n  return\n}\n" => "op has manual_axes when there are no in/out shardings and the body is not empty. This isn't allowed at this stage";
    sharding_group_import_c1: PassKind::ShardingGroupImport, &grouped_manual("  sdy.sharding_group %0 group_id = 7 : tensor<8xf32>", "    sdy.sharding_group %y group_id = 7 : tensor<8xf32>") => "ShardingGroupOps values cannot cross ManualComputationOp boundaries for groupId: 7";
    sharding_group_import_c2: PassKind::ShardingGroupImport, "func.func @f(%x: tensor<8xf32>, %y: tensor<2x4xf32>) -> tensor<8xf32> {\n  sdy.sharding_group %x group_id = 3 : tensor<8xf32>\n  sdy.sharding_group %y group_id = 3 : tensor<2x4xf32>\n  return %x : tensor<8xf32>\n}\n" => "ShardingGroupOps values must have the same shape for groupId: 3";
    import_func_calls_w1: PassKind::ImportFuncCalls, TWO_CALLS => "function @h has multiple call ops, we need to clone the function body for each call";
}

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

/// Labels whose negative test is not written yet; this list only shrinks.
const UNTESTED: &[&str] = &[];

/// The StableHLO rules' negative tests live in `tests/stablehlo_rules.rs`
/// (which checks them against its own untested list): a label is known there
/// when its `neg!` block has a test of that name or its UNTESTED list names it.
const STABLEHLO_TESTS: &str = include_str!("stablehlo_rules.rs");

fn stablehlo_knows(label: &str) -> bool {
    STABLEHLO_TESTS.contains(&format!("\n    {label}: ")) || STABLEHLO_TESTS.contains(&format!("\"{label}\""))
}

#[test]
fn every_rule_has_a_negative_test() {
    let tested: Vec<&str> = TESTED.iter().chain(TESTED_MPMD).chain(TESTED_IMPORT).copied().collect();
    for r in RULES {
        assert!(
            tested.contains(&r.label) || UNTESTED.contains(&r.label) || stablehlo_knows(r.label),
            "rule {} has no negative test",
            r.label
        );
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
