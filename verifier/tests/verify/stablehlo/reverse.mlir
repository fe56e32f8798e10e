// Negative tests of the verifier's `reverse` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// reverse_c1
func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {
// expected-error @+1 {{[reverse_c1] inferred type(s) 'tensor<2xf32>'}}
  %0 = "stablehlo.reverse"(%x) {dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// reverse_c2
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
// expected-error @+1 {{[reverse_c2] dimensions should be unique. Got: [0, 0]}}
  %0 = "stablehlo.reverse"(%x) {dimensions = array<i64: 0, 0>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// reverse_c3
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
// expected-error @+1 {{[reverse_c3] all dimensions should be between [0, 1). Got dimension: 1.}}
  %0 = "stablehlo.reverse"(%x) {dimensions = array<i64: 1>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
