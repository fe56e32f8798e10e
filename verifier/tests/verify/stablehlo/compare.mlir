// Negative tests of the verifier's `compare` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// compare_c1
func.func @main(%a: tensor<2xf32>, %b: tensor<2xi32>) -> tensor<2xi1> {
// expected-error @+1 {{[compare_c1] requires compatible types for all operands}}
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// compare_c2
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<3xi1> {
// expected-error @+1 {{[compare_c2] requires the same shape for all operands and results}}
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// compare_c3
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xi1> {
// expected-error @+1 {{[compare_c3] compare_type SIGNED is not valid for element type f32}}
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type SIGNED>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
