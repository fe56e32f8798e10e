// Negative tests of the verifier's `dynamic_broadcast_in_dim` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// dynamic_broadcast_in_dim_c1
func.func @main(%x: tensor<2xf32>, %d: tensor<2xi64>) -> tensor<?x2xf64> {
// expected-error @+1 {{[dynamic_broadcast_in_dim_c1] expects operand and result to have the same element type}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) {broadcast_dimensions = array<i64: 1>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x2xf64>
  return %0 : tensor<?x2xf64>
}

// -----

// dynamic_broadcast_in_dim_c2
func.func @main(%x: tensor<2xf32>, %d: tensor<2xi64>) -> tensor<?x2xf32> {
// expected-error @+1 {{[dynamic_broadcast_in_dim_c2] broadcast_dimensions size (2) does not match operand rank (1)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// dynamic_broadcast_in_dim_c3
func.func @main(%x: tensor<2xf32>, %d: tensor<2xi64>) -> tensor<?x2xf32> {
// expected-error @+1 {{[dynamic_broadcast_in_dim_c3] broadcast_dimensions contains invalid value 2 for result with rank 2}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) {broadcast_dimensions = array<i64: 2>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// dynamic_broadcast_in_dim_c4
func.func @main(%x: tensor<2x2xf32>, %d: tensor<2xi64>) -> tensor<?x2xf32> {
// expected-error @+1 {{[dynamic_broadcast_in_dim_c4] broadcast_dimensions should not have duplicates}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) {broadcast_dimensions = array<i64: 0, 0>} : (tensor<2x2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// dynamic_broadcast_in_dim_c5
func.func @main(%x: tensor<3xf32>, %d: tensor<2xi64>) -> tensor<?x2xf32> {
// expected-error @+1 {{[dynamic_broadcast_in_dim_c5] size of operand dimension 0 (3) is not compatible with size of result dimension 1 (2)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// dynamic_broadcast_in_dim_c7
func.func @main(%x: tensor<2xf32>, %d: tensor<3xi64>) -> tensor<?x2xf32> {
// expected-error @+1 {{[dynamic_broadcast_in_dim_c7] result rank (2) is not equal to number of output dimensions (3)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) {broadcast_dimensions = array<i64: 1>} : (tensor<2xf32>, tensor<3xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// dynamic_broadcast_in_dim_c8
func.func @main(%x: tensor<2xf32>, %d: tensor<2xi64>) -> tensor<?x2xf32> {
// expected-error @+1 {{[dynamic_broadcast_in_dim_c8] has duplicated dimension from known_expanding_dimensions and known_nonexpanding_dimensions: 0}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) {broadcast_dimensions = array<i64: 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// dynamic_broadcast_in_dim_c9
func.func @main(%x: tensor<2xf32>, %d: tensor<2xi64>) -> tensor<?x2xf32> {
// expected-error @+1 {{[dynamic_broadcast_in_dim_c9] Expects each element of known_expanding_dimensions to be in range [0, rank-of('operand')) i.e. [0, 1). got: 1.}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) {broadcast_dimensions = array<i64: 1>, known_expanding_dimensions = array<i64: 1>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// dynamic_broadcast_in_dim_c10
func.func @main(%x: tensor<2xf32>, %d: tensor<2xi64>) -> tensor<?x2xf32> {
// expected-error @+1 {{[dynamic_broadcast_in_dim_c10] Expects each element of known_nonexpanding_dimensions to be in range [0, rank-of('operand')) i.e. [0, 1). got: 1.}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) {broadcast_dimensions = array<i64: 1>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}
