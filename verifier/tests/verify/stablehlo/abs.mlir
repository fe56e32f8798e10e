// Negative tests of the verifier's `abs` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// abs_c1
func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {
// expected-error @+1 {{[abs_c1] 'stablehlo.abs' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  %0 = "stablehlo.abs"(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// abs_c2
func.func @main(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
// expected-error @+1 {{[abs_c2] inferred type(s) 'tensor<2xf32>'}}
  %0 = "stablehlo.abs"(%x) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}
