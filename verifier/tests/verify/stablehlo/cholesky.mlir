// Negative tests of the verifier's `cholesky` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// cholesky_c1
func.func @main(%a: tensor<2x2xf32>) -> tensor<2x2xf64> {
// expected-error @+1 {{[cholesky_c1] inferred type(s) 'tensor<2x2xf32>' are incompatible}}
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// -----

// cholesky_c2
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
// expected-error @+1 {{[cholesky_c2] argument 'a' must have rank >= 2, got shape [2].}}
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// cholesky_c3
func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
// expected-error @+1 {{[cholesky_c3] minor dimensions of 'a' must have equal size, got shape [2, 3].}}
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
