// Negative tests of the verifier's `slice` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// slice_c1
func.func @main(%x: tensor<4x4xf32>) -> tensor<2x2xf64> {
// expected-error @+1 {{[slice_c1] expects operand and result to have the same element type}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2, 2>, strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// -----

// slice_c2
func.func @main(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
// expected-error @+1 {{[slice_c2] the number of elements in start_indices (1) does not match the rank of the operand (2)}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0>, limit_indices = array<i64: 2, 2>, strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// slice_c3
func.func @main(%x: tensor<4x4xf32>) -> tensor<2x5xf32> {
// expected-error @+1 {{[slice_c3] limit index 5 is larger than dimension size 4 in dimension 1}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2, 5>, strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// slice_c4
func.func @main(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
// expected-error @+1 {{[slice_c4] stride must be positive but got 0 in dimension 1}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2, 2>, strides = array<i64: 1, 0>} : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// slice_c5
func.func @main(%x: tensor<4x4xf32>) -> tensor<2x1xf32> {
// expected-error @+1 {{[slice_c5] inferred shape '[2, 2]' is incompatible with return type of operation 'tensor<2x1xf32>'}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 4, 4>, strides = array<i64: 2, 3>} : (tensor<4x4xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}
