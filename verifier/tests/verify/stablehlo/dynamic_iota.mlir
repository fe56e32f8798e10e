// Negative tests of the verifier's `dynamic_iota` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// dynamic_iota_c1
func.func @main(%s: tensor<2xi64>) -> tensor<?x?xi32> {
// expected-error @+1 {{[dynamic_iota_c1] iota dimension 2 is out of range [0, 2)}}
  %0 = "stablehlo.dynamic_iota"(%s) {iota_dimension = 2 : i64} : (tensor<2xi64>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

// dynamic_iota_c2
func.func @main(%s: tensor<2xi64>) -> tensor<?x?x?xi32> {
// expected-error @+1 {{[dynamic_iota_c2] result rank 3 does not match the size of output_shape (2)}}
  %0 = "stablehlo.dynamic_iota"(%s) {iota_dimension = 0 : i64} : (tensor<2xi64>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}
