// Negative tests of the verifier's `triangular_solve` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// triangular_solve_c1
func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x3xf64>) -> tensor<2x3xf64> {
// expected-error @+1 {{[triangular_solve_c1] expects a and b to have the same element type}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf32>, tensor<2x3xf64>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

// triangular_solve_c2
func.func @main(%a: tensor<2x2xf32>, %b: tensor<1x2x3xf32>) -> tensor<1x2x3xf32> {
// expected-error @+1 {{[triangular_solve_c2] operands must have equal rank}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf32>, tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  return %0 : tensor<1x2x3xf32>
}

// -----

// triangular_solve_c3
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
// expected-error @+1 {{[triangular_solve_c3] two minor dimensions of operand 'a' must be compatible}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// triangular_solve_c4
func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x3xf32>) -> tensor<3x2xf32> {
// expected-error @+1 {{[triangular_solve_c4] inferred type(s) 'tensor<2x3xf32>' are incompatible}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
