// Negative tests of the verifier's `or` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// or_c1
func.func @main(%a: tensor<2xi1>, %b: tensor<3xi1>) -> tensor<2xi1> {
// expected-error @+1 {{[or_c1] requires compatible types}}
  %0 = "stablehlo.or"(%a, %b) : (tensor<2xi1>, tensor<3xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
