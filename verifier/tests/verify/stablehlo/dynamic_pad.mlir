// Negative tests of the verifier's `dynamic_pad` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// dynamic_pad_c1
func.func @main(%x: tensor<4xf32>, %v: tensor<f64>, %l: tensor<1xi64>, %i: tensor<1xi64>) -> tensor<?xf32> {
// expected-error @+1 {{[dynamic_pad_c1] expects operand, padding_value and result to have the same element type}}
  %0 = "stablehlo.dynamic_pad"(%x, %v, %l, %l, %i) : (tensor<4xf32>, tensor<f64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// dynamic_pad_c2
func.func @main(%x: tensor<4xf32>, %v: tensor<f32>, %l: tensor<2xi64>, %i: tensor<1xi64>) -> tensor<?xf32> {
// expected-error @+1 {{[dynamic_pad_c2] edge_padding_low length (2) must match operand rank (1)}}
  %0 = "stablehlo.dynamic_pad"(%x, %v, %l, %l, %i) : (tensor<4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// dynamic_pad_c3
func.func @main(%x: tensor<4xf32>, %v: tensor<f32>, %l: tensor<1xi64>) -> tensor<?xf32> {
  %i = stablehlo.constant dense<-1> : tensor<1xi64>
// expected-error @+1 {{[dynamic_pad_c3] Interior padding cannot be negative: -1}}
  %0 = "stablehlo.dynamic_pad"(%x, %v, %l, %l, %i) : (tensor<4xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
