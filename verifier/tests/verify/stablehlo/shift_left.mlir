// Negative tests of the verifier's `shift_left` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// shift_left_c1
func.func @main(%a: tensor<2xi32>, %b: tensor<3xi32>) -> tensor<2xi32> {
// expected-error @+1 {{[shift_left_c1] requires compatible types}}
  %0 = "stablehlo.shift_left"(%a, %b) : (tensor<2xi32>, tensor<3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
