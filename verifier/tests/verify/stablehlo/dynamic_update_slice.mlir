// Negative tests of the verifier's `dynamic_update_slice` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// dynamic_update_slice_c1
func.func @main(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<4x5xf32> {
// expected-error @+1 {{[dynamic_update_slice_c1] inferred type(s) 'tensor<4x4xf32>' are incompatible}}
  %0 = "stablehlo.dynamic_update_slice"(%x, %u, %i, %i) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// dynamic_update_slice_c2
func.func @main(%x: tensor<4x4xf32>, %u: tensor<2x2xf64>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<4x4xf32> {
// expected-error @+1 {{[dynamic_update_slice_c2] expects update and operand to have the same element type}}
  %0 = "stablehlo.dynamic_update_slice"(%x, %u, %i, %i) : (tensor<4x4xf32>, tensor<2x2xf64>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// dynamic_update_slice_c3
func.func @main(%x: tensor<4x4xf32>, %u: tensor<2xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<4x4xf32> {
// expected-error @+1 {{[dynamic_update_slice_c3] update rank does not match operand rank: 1 vs 2.}}
  %0 = "stablehlo.dynamic_update_slice"(%x, %u, %i, %i) : (tensor<4x4xf32>, tensor<2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// dynamic_update_slice_c4
func.func @main(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<4x4xf32> {
// expected-error @+1 {{[dynamic_update_slice_c4] expects number of start_indices to match operand rank: 1 vs 2.}}
  %0 = "stablehlo.dynamic_update_slice"(%x, %u, %i) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// dynamic_update_slice_c5
func.func @main(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<4x4xf32> {
// expected-error @+1 {{[dynamic_update_slice_c5] start indices must have same element type}}
  %0 = "stablehlo.dynamic_update_slice"(%x, %u, %i, %j) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i64>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// dynamic_update_slice_c6
func.func @main(%x: tensor<4x4xf32>, %u: tensor<2x5xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<4x4xf32> {
// expected-error @+1 {{[dynamic_update_slice_c6] expects size at dimension 1 of update to be in range [0, 4]. Got: 5.}}
  %0 = "stablehlo.dynamic_update_slice"(%x, %u, %i, %i) : (tensor<4x4xf32>, tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
