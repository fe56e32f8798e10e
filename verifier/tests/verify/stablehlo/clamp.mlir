// Negative tests of the verifier's `clamp` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// clamp_c1
func.func @main(%l: tensor<3xf32>, %x: tensor<2xf32>, %h: tensor<f32>) -> tensor<2xf32> {
// expected-error @+1 {{[clamp_c1] min shape [3] is not scalar and is not compatible to operand shape [2]}}
  %0 = "stablehlo.clamp"(%l, %x, %h) : (tensor<3xf32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// clamp_c2
func.func @main(%l: tensor<f32>, %x: tensor<2xf32>, %h: tensor<3xf32>) -> tensor<2xf32> {
// expected-error @+1 {{[clamp_c2] max shape [3] is not scalar and is not compatible to operand shape [2]}}
  %0 = "stablehlo.clamp"(%l, %x, %h) : (tensor<f32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// clamp_c3
func.func @main(%l: tensor<f64>, %x: tensor<2xf32>, %h: tensor<f32>) -> tensor<2xf32> {
// expected-error @+1 {{[clamp_c3] requires the same element type for all operands}}
  %0 = "stablehlo.clamp"(%l, %x, %h) : (tensor<f64>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// clamp_c4
func.func @main(%l: tensor<f32>, %x: tensor<2xf32>, %h: tensor<f32>) -> tensor<3xf32> {
// expected-error @+1 {{[clamp_c4] inferred type(s) 'tensor<2xf32>'}}
  %0 = "stablehlo.clamp"(%l, %x, %h) : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
