// Negative tests of the verifier's `bitcast_convert` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// bitcast_convert_c1
func.func @main(%x: tensor<2xf32>) -> tensor<2x2xi8> {
// expected-error @+1 {{[bitcast_convert_c1] requires compatible bit widths. Got: 'tensor<2xf32>' and 'tensor<2x2xi8>', but 8 * 2 != 32.}}
  %0 = "stablehlo.bitcast_convert"(%x) : (tensor<2xf32>) -> tensor<2x2xi8>
  return %0 : tensor<2x2xi8>
}

// -----

// bitcast_convert_c2
func.func @main(%x: tensor<2xi64>) -> tensor<2xcomplex<f32>> {
// expected-error @+1 {{[bitcast_convert_c2] cannot convert between real and complex types}}
  %0 = "stablehlo.bitcast_convert"(%x) : (tensor<2xi64>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}
