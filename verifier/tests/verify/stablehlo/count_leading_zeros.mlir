// Negative tests of the verifier's `count_leading_zeros` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// count_leading_zeros_c1
func.func @main(%x: tensor<2xi32>) -> tensor<3xi32> {
// expected-error @+1 {{[count_leading_zeros_c1] requires compatible types}}
  %0 = "stablehlo.count_leading_zeros"(%x) : (tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
