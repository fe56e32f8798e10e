// Negative tests of the verifier's `convert` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// convert_c1
func.func @main(%x: tensor<2xf32>) -> tensor<3xi32> {
// expected-error @+1 {{[convert_c1] requires the same shape for all operands and results}}
  %0 = "stablehlo.convert"(%x) : (tensor<2xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
