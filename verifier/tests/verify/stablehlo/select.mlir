// Negative tests of the verifier's `select` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// select_c1
func.func @main(%p: tensor<3xi1>, %a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
// expected-error @+1 {{[select_c1] requires the same shape for all operands}}
  %0 = "stablehlo.select"(%p, %a, %b) : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// select_c2
func.func @main(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xf32> {
// expected-error @+1 {{[select_c2] requires compatible types for non-predicate operands}}
  %0 = "stablehlo.select"(%p, %a, %b) : (tensor<i1>, tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
