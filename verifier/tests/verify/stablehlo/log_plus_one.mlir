// Negative tests of the verifier's `log_plus_one` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// log_plus_one_c1
func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {
// expected-error @+1 {{[log_plus_one_c1] requires compatible types}}
  %0 = "stablehlo.log_plus_one"(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
