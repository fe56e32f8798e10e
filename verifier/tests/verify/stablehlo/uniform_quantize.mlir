// Negative tests of the verifier's `uniform_quantize` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// uniform_quantize_c1
func.func @main(%x: tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5:1>> {
// expected-error @+1 {{[uniform_quantize_c1] requires the same shape for all operands and results}}
  %0 = "stablehlo.uniform_quantize"(%x) : (tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<3x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// uniform_quantize_c2
func.func @main(%x: tensor<2xf64>) -> tensor<2x!quant.uniform<i8:f32, 0.5:1>> {
// expected-error @+1 {{[uniform_quantize_c2] Expressed type of result expected to be f64, but got f32}}
  %0 = "stablehlo.uniform_quantize"(%x) : (tensor<2xf64>) -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:1>>
}
