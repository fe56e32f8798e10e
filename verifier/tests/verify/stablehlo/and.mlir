// Negative tests of the verifier's `and` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// and_c1
func.func @main(%a: tensor<2xi32>, %b: tensor<3xi32>) -> tensor<2xi32> {
// expected-error @+1 {{[and_c1] requires compatible types for all operands and results}}
  %0 = "stablehlo.and"(%a, %b) : (tensor<2xi32>, tensor<3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
