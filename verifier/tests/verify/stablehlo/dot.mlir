// Negative tests of the verifier's `dot` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// dot_c1
func.func @main(%a: tensor<2x2x2xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {
// expected-error @+1 {{[dot_c1] expected both lhs/rhs ranks to be either 1 or 2}}
  %0 = "stablehlo.dot"(%a, %b) : (tensor<2x2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// dot_c2
func.func @main(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
// expected-error @+1 {{[dot_c2] expected lhs dimension 1 to be compatible with rhs dimension 0}}
  %0 = "stablehlo.dot"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
