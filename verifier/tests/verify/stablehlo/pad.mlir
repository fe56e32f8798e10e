// Negative tests of the verifier's `pad` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// pad_c1
func.func @main(%x: tensor<2x3xf32>, %v: tensor<f64>) -> tensor<4x5xf32> {
// expected-error @+1 {{[pad_c1] expects operand and padding_value to have the same element type}}
  %0 = "stablehlo.pad"(%x, %v) {edge_padding_low = array<i64: 1, 1>, edge_padding_high = array<i64: 1, 1>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f64>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// pad_c2
func.func @main(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<4x5xf32> {
// expected-error @+1 {{[pad_c2] edge_padding_low length (1) must match operand rank (2)}}
  %0 = "stablehlo.pad"(%x, %v) {edge_padding_low = array<i64: 1>, edge_padding_high = array<i64: 1, 1>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// pad_c3
func.func @main(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<4x5xf32> {
// expected-error @+1 {{[pad_c3] Interior padding cannot be negative: -1}}
  %0 = "stablehlo.pad"(%x, %v) {edge_padding_low = array<i64: 1, 1>, edge_padding_high = array<i64: 1, 1>, interior_padding = array<i64: 0, -1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// pad_c4
func.func @main(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<4x5xf32> {
// expected-error @+1 {{[pad_c4] inferred type(s) 'tensor<5x5xf32>' are incompatible with return type(s) of operation 'tensor<4x5xf32>'}}
  %0 = "stablehlo.pad"(%x, %v) {edge_padding_low = array<i64: 1, 1>, edge_padding_high = array<i64: 1, 1>, interior_padding = array<i64: 1, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
