// Negative tests of the verifier's `dynamic_reshape` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// dynamic_reshape_c1
func.func @main(%x: tensor<6xi32>, %s: tensor<2xi64>) -> tensor<?x2xf32> {
// expected-error @+1 {{[dynamic_reshape_c1] expects operand and result to have compatible element type}}
  %0 = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<6xi32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// dynamic_reshape_c2
func.func @main(%x: tensor<6xi32>) -> tensor<?x2xi32> {
  %s = stablehlo.constant dense<[4, 2]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_reshape_c2] output_shape is incompatible with input type of operation: input has 6 elements, but output_shape has 8}}
  %0 = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<6xi32>, tensor<2xi64>) -> tensor<?x2xi32>
  return %0 : tensor<?x2xi32>
}

// -----

// dynamic_reshape_c3
func.func @main(%x: tensor<6xi32>, %s: tensor<3xi64>) -> tensor<?x2xi32> {
// expected-error @+1 {{[dynamic_reshape_c3] result should have a rank equal to the number of elements in output_shape}}
  %0 = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<6xi32>, tensor<3xi64>) -> tensor<?x2xi32>
  return %0 : tensor<?x2xi32>
}

// -----

// dynamic_reshape_c4
func.func @main(%x: tensor<6xi32>) -> tensor<?x3xi32> {
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_reshape_c4] output shape [3, 2] is incompatible with return type of operation 'tensor<?x3xi32>'}}
  %0 = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<6xi32>, tensor<2xi64>) -> tensor<?x3xi32>
  return %0 : tensor<?x3xi32>
}
