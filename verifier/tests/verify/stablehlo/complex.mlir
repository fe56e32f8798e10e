// Negative tests of the verifier's `complex` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// complex_c1
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xcomplex<f32>> {
// expected-error @+1 {{[complex_c1] requires compatible types for all operands}}
  %0 = "stablehlo.complex"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// complex_c2
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<3xcomplex<f32>> {
// expected-error @+1 {{[complex_c2] inferred type(s) 'tensor<2xcomplex<f32>>'}}
  %0 = "stablehlo.complex"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

// complex_c3
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xcomplex<f64>> {
// expected-error @+1 {{[complex_c3] inferred type(s) 'tensor<2xcomplex<f32>>'}}
  %0 = "stablehlo.complex"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
  return %0 : tensor<2xcomplex<f64>>
}
