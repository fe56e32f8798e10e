// Negative tests of the verifier's `reduce_precision` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// reduce_precision_c1
func.func @main(%x: tensor<2xf32>) -> tensor<2xf64> {
// expected-error @+1 {{[reduce_precision_c1] requires compatible types}}
  %0 = "stablehlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = 2 : i32} : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// reduce_precision_c2
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
// expected-error @+1 {{[reduce_precision_c2] exponent_bits must be at least 1, got: 0}}
  %0 = "stablehlo.reduce_precision"(%x) {exponent_bits = 0 : i32, mantissa_bits = 2 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// reduce_precision_c3
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
// expected-error @+1 {{[reduce_precision_c3] mantissa_bits must be non-negative, got: -1}}
  %0 = "stablehlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = -1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
