// Negative tests of the verifier's `round_nearest_even` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// round_nearest_even_c1
func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {
// expected-error @+1 {{[round_nearest_even_c1] requires compatible types}}
  %0 = "stablehlo.round_nearest_even"(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
