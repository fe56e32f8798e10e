// Negative tests of the verifier's `broadcast_in_dim` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// broadcast_in_dim_c1
func.func @main(%x: tensor<2xf32>) -> tensor<2x3xf64> {
// expected-error @+1 {{[broadcast_in_dim_c1] expects operand and result to have the same element type}}
  %0 = "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

// broadcast_in_dim_c2
func.func @main(%x: tensor<2xf32>) -> tensor<2x3xf32> {
// expected-error @+1 {{[broadcast_in_dim_c2] broadcast_dimensions size (2) does not match operand rank (1)}}
  %0 = "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// broadcast_in_dim_c3
func.func @main(%x: tensor<2xf32>) -> tensor<2x3xf32> {
// expected-error @+1 {{[broadcast_in_dim_c3] broadcast_dimensions contains invalid value 2 for result with rank 2}}
  %0 = "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: 2>} : (tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// broadcast_in_dim_c4
func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
// expected-error @+1 {{[broadcast_in_dim_c4] broadcast_dimensions should not have duplicates}}
  %0 = "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: 0, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// broadcast_in_dim_c5
func.func @main(%x: tensor<2xf32>) -> tensor<2x3xf32> {
// expected-error @+1 {{[broadcast_in_dim_c5] size of operand dimension 0 (2) is not equal to 1 or size of result dimension 1 (3)}}
  %0 = "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: 1>} : (tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// broadcast_in_dim_c6
func.func @main(%x: tensor<2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>> {
// expected-error @+1 {{[broadcast_in_dim_c6] result quantization_dimension 0 not same as broadcast_dimensions 0 (1)}}
  %0 = "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: 1>} : (tensor<2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>
}
