// Negative tests of the verifier's `dynamic_slice` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// dynamic_slice_c1
func.func @main(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i64>, %k: tensor<2xi32>) -> tensor<2x2xf64> {
// expected-error @+1 {{[dynamic_slice_c1] expects operand and result to have the same element type}}
  %0 = "stablehlo.dynamic_slice"(%x, %i, %i) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// -----

// dynamic_slice_c2
func.func @main(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i64>, %k: tensor<2xi32>) -> tensor<2x2xf32> {
// expected-error @+1 {{[dynamic_slice_c2] has mismatched number of slice sizes (2) and number of start indices (1)}}
  %0 = "stablehlo.dynamic_slice"(%x, %i) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<i32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// dynamic_slice_c3
func.func @main(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i64>, %k: tensor<2xi32>) -> tensor<2x2xf32> {
// expected-error @+1 {{[dynamic_slice_c3] start indices must have same element type}}
  %0 = "stablehlo.dynamic_slice"(%x, %i, %j) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<i32>, tensor<i64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// dynamic_slice_c4
func.func @main(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i64>, %k: tensor<2xi32>) -> tensor<2x5xf32> {
// expected-error @+1 {{[dynamic_slice_c4] has slice size 5 greater than dimension size 4 in dimension 1 of operand}}
  %0 = "stablehlo.dynamic_slice"(%x, %i, %i) {slice_sizes = array<i64: 2, 5>} : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// dynamic_slice_c5
func.func @main(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i64>, %k: tensor<2xi32>) -> tensor<2x3xf32> {
// expected-error @+1 {{[dynamic_slice_c5] inferred shape '[2, 2]' is incompatible with return type of operation 'tensor<2x3xf32>'}}
  %0 = "stablehlo.dynamic_slice"(%x, %i, %i) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
