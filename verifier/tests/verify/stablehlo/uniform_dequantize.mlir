// Negative tests of the verifier's `uniform_dequantize` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// uniform_dequantize_c1
func.func @main(%x: tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<3xf32> {
// expected-error @+1 {{[uniform_dequantize_c1] inferred type(s) 'tensor<2xf32>'}}
  %0 = "stablehlo.uniform_dequantize"(%x) : (tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// uniform_dequantize_c2
func.func @main(%x: tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2xf64> {
// expected-error @+1 {{[uniform_dequantize_c2] inferred type(s) 'tensor<2xf32>'}}
  %0 = "stablehlo.uniform_dequantize"(%x) : (tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}
