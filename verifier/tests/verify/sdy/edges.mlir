// Negative tests of the verifier's `edges` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// edges_c1
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[edges_c1] propagation edges have negative step index: -2}}
  %0 = stablehlo.abs %x {sdy.propagation_edges = #sdy.propagation_edges<[{step--2 = [{"a" = operand-0 -> [result-0]}]}]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// edges_c2
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[edges_c2] propagation edges have duplicate step index: 5}}
  %0 = stablehlo.abs %x {sdy.propagation_edges = #sdy.propagation_edges<[{step-5 = [{"a" = operand-0 -> [result-0]}]}, {step-5 = [{"b" = operand-0 -> [result-0]}]}]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// edges_c3
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[edges_c3] propagation edges have a source that is the same as a target}}
  %0 = stablehlo.abs %x {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = result-0 -> [operand-0, result-0]}]}]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// edges_c4
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[edges_c4] propagation edges have duplicate targets for step index: 2 and axis: b}}
  %0 = stablehlo.abs %x {sdy.propagation_edges = #sdy.propagation_edges<[{step-2 = [{"b" = operand-0 -> [result-0, result-0]}]}]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// edges_c5
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[edges_c5] 'stablehlo.abs' op expected propagation edges attr to reference a sharding.}}
  %0 = stablehlo.abs %x {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand-0 -> [result-0]}]}]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// edges_c6
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32> {sdy.sharding = #sdy.sharding<@n, [{}]>}) -> tensor<4xf32> {
// expected-error @+1 {{[edges_c6] expected a common mesh for propagation edges attr.}}
  %0 = stablehlo.abs %x {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand-0 -> [result-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@m, [{}]>]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// edges_c7
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[edges_c7] expected axis ref to be in one of the meshes}}
  %0 = stablehlo.abs %x {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"q" = operand-0 -> [result-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@m, [{}]>]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// edges_c8
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[edges_c8] expected a value ref to have an operand index in range [0, 1), got: 4}}
  %0 = stablehlo.abs %x {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = result-0 -> [operand-4]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@m, [{}]>]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}
