// Negative tests of the verifier's `concatenate` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// concatenate_c1
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf64>) -> tensor<4x3xf32> {
// expected-error @+1 {{[concatenate_c1] requires the same element type for all operands}}
  %0 = "stablehlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf64>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// concatenate_c2
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> {
// expected-error @+1 {{[concatenate_c2] shapes of operand (0) and (1) are not compatible at non-concat index 1: (2, 3) != (2, 4)}}
  %0 = "stablehlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// concatenate_c3
func.func @main() -> tensor<2xf32> {
// expected-error @+1 {{[concatenate_c3] expected 1 or more operands, but found 0}}
  %0 = "stablehlo.concatenate"() {dimension = 0 : i64} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// concatenate_c4
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<4x3xf32> {
// expected-error @+1 {{[concatenate_c4] dimension 2 is out-of-bounds for input rank 2}}
  %0 = "stablehlo.concatenate"(%a, %b) {dimension = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// concatenate_c5
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<4x3xf64> {
// expected-error @+1 {{[concatenate_c5] inferred type(s) 'tensor<4x3xf32>' are incompatible with return type(s) of operation 'tensor<4x3xf64>'}}
  %0 = "stablehlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf64>
  return %0 : tensor<4x3xf64>
}

// -----

// concatenate_c6
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<4x3xf32> {
// expected-error @+1 {{[concatenate_c6] inferred type(s) 'tensor<2x6xf32>' are incompatible}}
  %0 = "stablehlo.concatenate"(%a, %b) {dimension = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
