// Negative tests of the verifier's the `sdy-import-func-calls` pass's rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref conform verify %s  (sdy_opt %s -sdy-import-func-calls -verify-diagnostics, with rule labels)

// import_func_calls_w1
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @h(%x) : (tensor<8xf32>) -> tensor<8xf32>
// expected-warning @+1 {{[import_func_calls_w1] function @h has multiple call ops, we need to clone the function body for each call}}
  %1 = call @h(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}
func.func private @h(%y: tensor<8xf32>) -> tensor<8xf32> {
  return %y : tensor<8xf32>
}
