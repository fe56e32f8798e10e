// Negative tests of the verifier's `transpose` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// transpose_c1
func.func @main(%x: tensor<2x3xf32>) -> tensor<3x2xf64> {
// expected-error @+1 {{[transpose_c1] expects operand and result to have the same element type}}
  %0 = "stablehlo.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

// transpose_c2
func.func @main(%x: tensor<2x3xf32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[transpose_c2] attribute permutation must be a permutation of [0, 1] but got [1, 1]}}
  %0 = "stablehlo.transpose"(%x) {permutation = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// transpose_c3
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
// expected-error @+1 {{[transpose_c3] inferred shape '[3, 2]' is incompatible with return type of operation 'tensor<2x3xf32>'}}
  %0 = "stablehlo.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// transpose_c4
func.func @main(%x: tensor<2x3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>> {
// expected-error @+1 {{[transpose_c4] operand quantization_dimension 0 is not same as permutation[0] = 1}}
  %0 = "stablehlo.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<2x3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>
}
