// Negative tests of the verifier's `func_call` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// func_call_c1
func.func @g(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
func.func @main(%x: tensor<2xf64>) -> tensor<2xf32> {
// expected-error @+1 {{[func_call_c1] operand type mismatch: expected operand type 'tensor<2xf32>', but provided 'tensor<2xf64>' for operand number 0}}
  %0 = func.call @g(%x) : (tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// func_call_c2
func.func @g(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
func.func @main(%x: tensor<2xf32>) -> tensor<2xf64> {
// expected-error @+1 {{[func_call_c2] result type mismatch at index 0}}
  %0 = func.call @g(%x) : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}
