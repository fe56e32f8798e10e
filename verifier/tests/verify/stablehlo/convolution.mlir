// Negative tests of the verifier's `convolution` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// convolution_c1
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c1] expects convolution arguments to have same number of dimensions}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x2xf32>, tensor<3x3x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c2
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c2] expects window-strides to have same dimension-size as size of window dimensions (2), but got: 1.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_strides = array<i64: 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c3
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c3] expects window to have positive stride for 0-th window dimension, but got 0.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_strides = array<i64: 0, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c4
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c4] expects the shape of padding-attribute to be {N, 2}, but got {2, 3}.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, padding = dense<0> : tensor<2x3xi64>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c5
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c5] expects base-dilation factors to have same dimension-size}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, lhs_dilation = array<i64: 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c6
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c6] expects window to have positive base dilation factor for 1-th window dimension, but got 0.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, lhs_dilation = array<i64: 1, 0>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c7
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c7] expects window-dilation factors to have same dimension-size}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, rhs_dilation = array<i64: 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c8
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c8] expects window to have positive window dilation factor for 0-th window dimension}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, rhs_dilation = array<i64: 0, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c9
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c9] expects window-reversal to have same dimension-size}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_reversal = array<i1: true>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c10
func.func @main(%a: tensor<3x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c10] expects input batch dimension (3) to be divisible by batch_group_count. Got batch_group_count = 2.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 2 : i64} : (tensor<3x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c11
func.func @main(%a: tensor<1x4x4x3xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c11] expects input feature dimension (3) to be a multiple of feature_group_count}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 2 : i64} : (tensor<1x4x4x3xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c12
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c12] expects convolution arguments to have 3 dimensions. Got: 4}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c13
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c13] expects input dimension-numbers to be unique, got {0, 0, 1, 2}.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 0, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c14
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x3x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c14] expects input feature dimension (2) / feature_group_count = kernel input feature dimension (3). Got feature_group_count = 1.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c15
func.func @main(%a: tensor<2x4x4x2xf32>, %b: tensor<3x3x2x3xf32>) -> tensor<1x2x2x3xf32> {
// expected-error @+1 {{[convolution_c15] expects output feature dimension size (3) to be a multiple of batch_group_count}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 2 : i64} : (tensor<2x4x4x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}

// -----

// convolution_c16
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32> {
// expected-error @+1 {{[convolution_c16] expects kernel output feature dimension (3) to be divisible by feature_group_count}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 2 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}

// -----

// convolution_c17
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c17] expects the same size for input, kernel and output spatial-dimensions, but got 2, 1, and 2 resp.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c18
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c18] expects kernel dimension-numbers to be unique, got {2, 2, 0, 1}.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c19
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c19] expects the same size for input, kernel and output spatial-dimensions, but got 2, 2, and 1 resp.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1]>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c20
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c20] expects output dimension-numbers to be unique, got {0, 3, 1, 1}.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 1]>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c21
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c21] expects feature_group_count to be a positive number, got 0.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 0 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c22
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c22] expects batch_group_count to be a positive number, got -1.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = -1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c23
func.func @main(%a: tensor<2x4x4x2xf32>, %b: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c23] expects batch_group_count and feature_group_count not to be both greater than 1. Got 2 and 2 resp.}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 2 : i64, batch_group_count = 2 : i64} : (tensor<2x4x4x2xf32>, tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c24
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c24] expects precision config to be empty or have <= 2 elements, got 3}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c25
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x3x2x2xf32> {
// expected-error @+1 {{[convolution_c25] inferred shape '[1, 2, 2, 2]' is incompatible with return type of operation 'tensor<1x3x2x2xf32>'}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %0 : tensor<1x3x2x2xf32>
}

// -----

// convolution_c26
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2xf32> {
// expected-error @+1 {{[convolution_c26] inferred shape '[1, 2, 2, 2]' is incompatible}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2xf32>
  return %0 : tensor<1x2x2xf32>
}

// -----

// convolution_c27
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf64>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c27] expects lhs and rhs to have compatible element type. Got: f32 and f64}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c28
func.func @main(%a: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:1>> {
// expected-error @+1 {{[convolution_c28] rhs should be quantized for quantized operations}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// convolution_c29
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c29] quantization dimension of rhs should be same with kernel_output_feature_dimension}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution_c30
func.func @main(%a: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.5:0, 0.25:0}>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>> {
// expected-error @+1 {{[convolution_c30] quantization dimension of result should be same with output_feature_dimension}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.5:0, 0.25:0}>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>
}

// -----

// convolution_c31
func.func @main(%a: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<3x3x2x2x!quant.uniform<i16:f32, 0.5:1>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:1>> {
// expected-error @+1 {{[convolution_c31] mismatched lhs and rhs quantization storage types}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x3x2x2x!quant.uniform<i16:f32, 0.5:1>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// convolution_c32
func.func @main(%a: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<3x3x2x2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<1x2x2x2x!quant.uniform<i8:f64, 0.5:1>> {
// expected-error @+1 {{[convolution_c32] mismatched lhs, rhs and result quantization expressed types}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x3x2x2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<1x2x2x2x!quant.uniform<i8:f64, 0.5:1>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f64, 0.5:1>>
}

// -----

// convolution_c33
func.func @main(%a: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<3x3x2x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:3, {0.5:1, 0.25:2}>> {
// expected-error @+1 {{[convolution_c33] mismatched rhs and result quantization granularity}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x3x2x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:3, {0.5:1, 0.25:2}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32:3, {0.5:1, 0.25:2}>>
}

// -----

// convolution_c34
func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2x!quant.uniform<i8:f64, 0.5:1>>) -> tensor<1x2x2x2xf32> {
// expected-error @+1 {{[convolution_c34] mismatched rhs quantization expressed type and lhs and result element type}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2x!quant.uniform<i8:f64, 0.5:1>>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}
