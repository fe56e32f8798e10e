// Negative tests of the verifier's `optimization_barrier` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// optimization_barrier_c1
func.func @main(%x: tensor<2xf32>) -> tensor<2xf64> {
// expected-error @+1 {{[optimization_barrier_c1] inferred type(s) tensor<2xf32> are incompatible with return type(s) of operation tensor<2xf64>}}
  %0 = "stablehlo.optimization_barrier"(%x) : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}
