// Negative tests of the verifier's `hooks` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// hooks_c1
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[hooks_c1] 'stablehlo.abs' op should have a sharding attribute of type TensorShardingPerValueAttr}}
  %0 = stablehlo.abs %x {sdy.sharding = 7 : i64} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// hooks_c2
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[hooks_c2] 'stablehlo.abs' op result shardings don't match number of values: 2 shardings vs 1 values}}
  %0 = stablehlo.abs %x {sdy.sharding = #sdy.sharding_per_value<[<@m, [{}]>, <@m, [{}]>]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// hooks_c3
// expected-error @+1 {{[hooks_c3] 'func.func' op arg 0 - should have a sharding attribute of type TensorShardingAttr}}
func.func @f(%x: tensor<4xf32> {sdy.sharding = "s"}) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// hooks_c4
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[hooks_c4] should have a sharding rule attribute of type OpShardingRuleAttr for attr named 'sdy.sharding_rule'}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = 7 : i64} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// hooks_c5
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[hooks_c5] should have a propagation edges attribute of type PropagationEdgesAttr for attr named 'sdy.propagation_edges'}}
  %0 = stablehlo.abs %x {sdy.propagation_edges = 7 : i64} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// hooks_c6
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[hooks_c6] should have a propagation edges attribute of type ArrayAttr<PropagationEdgesAttr>}}
  %0 = stablehlo.abs %x {sdy.block_arg_propagation_edges = [7 : i64]} : tensor<4xf32>
  return %0 : tensor<4xf32>
}
