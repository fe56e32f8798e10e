// Negative tests of the verifier's `dot_general` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// dot_general_c1
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
// expected-error @+1 {{[dot_general_c1] lhs and rhs should have the same number of batching dimensions}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot_general_c2
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
// expected-error @+1 {{[dot_general_c2] lhs and rhs should have the same number of contracting dimensions}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = []>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot_general_c3
func.func @main(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>) -> tensor<3xf32> {
// expected-error @+1 {{[dot_general_c3] has duplicated dimension from lhs_batching_dimensions and lhs_contracting_dimensions: 1}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [1], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// dot_general_c4
func.func @main(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>) -> tensor<3xf32> {
// expected-error @+1 {{[dot_general_c4] has duplicated dimension from rhs_batching_dimensions and rhs_contracting_dimensions: 1}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// dot_general_c5
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
// expected-error @+1 {{[dot_general_c5] lhs_batching_dimensions value: 2 is out of range: [0, 2)}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [2], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot_general_c6
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
// expected-error @+1 {{[dot_general_c6] lhs_contracting_dimensions value: 2 is out of range: [0, 2)}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot_general_c7
func.func @main(%a: tensor<2x2x3xf32>, %b: tensor<2x3x4xf32>) -> tensor<2x2x4xf32> {
// expected-error @+1 {{[dot_general_c7] rhs_batching_dimensions value: 3 is out of range: [0, 3)}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [3], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
  return %0 : tensor<2x2x4xf32>
}

// -----

// dot_general_c8
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
// expected-error @+1 {{[dot_general_c8] rhs_contracting_dimensions value: -1 is out of range: [0, 2)}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [-1]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot_general_c9
func.func @main(%a: tensor<2x2x3xf32>, %b: tensor<5x3x4xf32>) -> tensor<2x2x4xf32> {
// expected-error @+1 {{[dot_general_c9] batching dimension sizes must match for lhs/rhs}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x3xf32>, tensor<5x3x4xf32>) -> tensor<2x2x4xf32>
  return %0 : tensor<2x2x4xf32>
}

// -----

// dot_general_c10
func.func @main(%a: tensor<2x3xf32>, %b: tensor<5x4xf32>) -> tensor<2x4xf32> {
// expected-error @+1 {{[dot_general_c10] contracting dimension sizes must match for lhs/rhs}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<5x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot_general_c11
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
// expected-error @+1 {{[dot_general_c11] expects precision config to be empty or have <= 2 elements, got 3}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, #stablehlo<precision HIGH>]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot_general_c12
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<4x2xf32> {
// expected-error @+1 {{[dot_general_c12] inferred shape '[2, 4]' is incompatible with return type of operation 'tensor<4x2xf32>'}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// dot_general_c13
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf64>) -> tensor<2x4xf32> {
// expected-error @+1 {{[dot_general_c13] expects lhs and rhs to have the same element type, got f32 and f64}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4xf64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot_general_c14
func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<3x4xf32>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:1>> {
// expected-error @+1 {{[dot_general_c14] rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x4xf32>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<2x4x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// dot_general_c15
func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:1>> {
// expected-error @+1 {{[dot_general_c15] Zero point of rhs should be 0}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<2x4x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// dot_general_c16
func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0}>>) -> tensor<2x2xf32> {
// expected-error @+1 {{[dot_general_c16] Quantization dimension of rhs should not be in the contracting dimension of rhs}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x2xf32>, tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0}>>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// dot_general_c17
func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<3x4x!quant.uniform<i16:f32, 0.5>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:1>> {
// expected-error @+1 {{[dot_general_c17] mismatched lhs and rhs quantization storage types}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x4x!quant.uniform<i16:f32, 0.5>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<2x4x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// dot_general_c18
func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x4x!quant.uniform<i8:f64, 0.5:1>> {
// expected-error @+1 {{[dot_general_c18] mismatched lhs, rhs and result quantization expressed types}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x4x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x4x!quant.uniform<i8:f64, 0.5:1>>
  return %0 : tensor<2x4x!quant.uniform<i8:f64, 0.5:1>>
}

// -----

// dot_general_c19
func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<3x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2}>> {
// expected-error @+1 {{[dot_general_c19] mismatched rhs and result quantization granularity}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2}>>
}

// -----

// dot_general_c20
func.func @main(%a: tensor<2x3xf64>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x4xf64> {
// expected-error @+1 {{[dot_general_c20] mismatched rhs quantization expressed type and lhs and result element type}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf64>, tensor<3x4x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x4xf64>
  return %0 : tensor<2x4xf64>
}

// -----

// dot_general_c21
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
// expected-error @+1 {{[dot_general_c21] must specify DEFAULT precision config when algorithm is set.}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision DEFAULT>], algorithm = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
