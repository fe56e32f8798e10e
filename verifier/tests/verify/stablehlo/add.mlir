// Negative tests of the verifier's `add` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// add_c1
func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
// expected-error @+1 {{[add_c1] requires compatible types for all operands and results}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// add_c2
func.func @main(%a: tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>> {
// expected-error @+1 {{[add_c2] expects  all operands and results to be either quantized or non-quantized}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// add_c3
func.func @main(%a: tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<2x2x!quant.uniform<i16:f32, 0.5:1>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>> {
// expected-error @+1 {{[add_c3] mismatched operands and result quantization storage types}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x2x!quant.uniform<i16:f32, 0.5:1>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// add_c4
func.func @main(%a: tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<2x2x!quant.uniform<i8:f64, 0.5:1>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>> {
// expected-error @+1 {{[add_c4] mismatched operands and result quantization expressed types}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x2x!quant.uniform<i8:f64, 0.5:1>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// add_c5
func.func @main(%a: tensor<2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>, %b: tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>> {
// expected-error @+1 {{[add_c5] result is not per_axis quantized but lhs or rhs are}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>, tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// add_c6
func.func @main(%a: tensor<2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>, %b: tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2}>> {
// expected-error @+1 {{[add_c6] quantization_dimension of lhs and result are not same}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>, tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2}>>
}

// -----

// add_c7
func.func @main(%a: tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2}>> {
// expected-error @+1 {{[add_c7] quantization_dimension of rhs and result are not same}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2}>>
}
