// Negative tests of the verifier's `popcnt` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// popcnt_c1
func.func @main(%x: tensor<2xi32>) -> tensor<3xi32> {
// expected-error @+1 {{[popcnt_c1] requires compatible types}}
  %0 = "stablehlo.popcnt"(%x) : (tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
