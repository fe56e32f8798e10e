// Negative tests of the verifier's `real_dynamic_slice` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// real_dynamic_slice_c1
func.func @main(%x: tensor<4xf32>, %a: tensor<1xi32>, %b: tensor<1xi32>) -> tensor<?xf64> {
// expected-error @+1 {{[real_dynamic_slice_c1] expects operand and result to have the same element type}}
  %0 = "stablehlo.real_dynamic_slice"(%x, %a, %b, %a) : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf64>
  return %0 : tensor<?xf64>
}

// -----

// real_dynamic_slice_c2
func.func @main(%x: tensor<4xf32>, %a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<?xf32> {
// expected-error @+1 {{[real_dynamic_slice_c2] has mismatched number of operand rank (1) and start_indices size (2)}}
  %0 = "stablehlo.real_dynamic_slice"(%x, %a, %b, %a) : (tensor<4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// real_dynamic_slice_c3
func.func @main(%x: tensor<4xf32>, %a: tensor<1xi32>, %b: tensor<1xi64>) -> tensor<?xf32> {
// expected-error @+1 {{[real_dynamic_slice_c3] start_indices, limit_indices and strides must have the same element type}}
  %0 = "stablehlo.real_dynamic_slice"(%x, %a, %b, %a) : (tensor<4xf32>, tensor<1xi32>, tensor<1xi64>, tensor<1xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
