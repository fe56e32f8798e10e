// Negative tests of the verifier's `real` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// real_c1
func.func @main(%x: tensor<2xcomplex<f32>>) -> tensor<3xf32> {
// expected-error @+1 {{[real_c1] inferred type(s) 'tensor<2xf32>'}}
  %0 = "stablehlo.real"(%x) : (tensor<2xcomplex<f32>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// real_c2
func.func @main(%x: tensor<2xcomplex<f64>>) -> tensor<2xf32> {
// expected-error @+1 {{[real_c2] inferred type(s) 'tensor<2xf64>'}}
  %0 = "stablehlo.real"(%x) : (tensor<2xcomplex<f64>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
