// Negative tests of the verifier's `get_dimension_size` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// get_dimension_size_c1
func.func @main(%x: tensor<2xf32>) -> tensor<i32> {
// expected-error @+1 {{[get_dimension_size_c1] requires dimension attribute in range [0, 1); found (1)}}
  %0 = "stablehlo.get_dimension_size"(%x) {dimension = 1 : i64} : (tensor<2xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}
