// Negative tests of the verifier's `broadcast` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// broadcast_c1
func.func @main(%x: tensor<2xf32>) -> tensor<2x3xf32> {
// expected-error @+1 {{[broadcast_c1] inferred type(s) 'tensor<3x2xf32>'}}
  %0 = "stablehlo.broadcast"(%x) {broadcast_sizes = array<i64: 3>} : (tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
