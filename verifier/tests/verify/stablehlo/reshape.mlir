// Negative tests of the verifier's `reshape` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// reshape_c1
func.func @main(%x: tensor<2x3xf32>) -> tensor<6xf64> {
// expected-error @+1 {{[reshape_c1] expects operand and result to have the same element type}}
  %0 = "stablehlo.reshape"(%x) : (tensor<2x3xf32>) -> tensor<6xf64>
  return %0 : tensor<6xf64>
}

// -----

// reshape_c2
func.func @main(%x: tensor<2x3xf32>) -> tensor<7xf32> {
// expected-error @+1 {{[reshape_c2] number of output elements (7) doesn't match expected number of elements (6)}}
  %0 = "stablehlo.reshape"(%x) : (tensor<2x3xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

// reshape_c3
func.func @main(%x: tensor<2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>) -> tensor<4x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>> {
// expected-error @+1 {{[reshape_c3] expect same quantization dimension size for operand and result}}
  %0 = "stablehlo.reshape"(%x) : (tensor<2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>) -> tensor<4x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>
  return %0 : tensor<4x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>
}

// -----

// reshape_c2: a zero dimension makes the count 0 whatever the others multiply to (2^80 here),
// as upstream's count; no diagnostic.
func.func @main(%x: tensor<1099511627776x1099511627776x0xf32>) -> tensor<0xf32> {
  %0 = "stablehlo.reshape"(%x) : (tensor<1099511627776x1099511627776x0xf32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

// reshape_c2: non-zero dimensions multiplying past 2^64 are an overflow, never another count.
// Choice: upstream's wrapping product makes this 0 and accepts it.
func.func @main(%x: tensor<4294967296x4294967296xf32>) -> tensor<0xf32> {
// expected-error @+1 {{[reshape_c2] number of output elements (0) doesn't match expected number of elements (overflow)}}
  %0 = "stablehlo.reshape"(%x) : (tensor<4294967296x4294967296xf32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}
