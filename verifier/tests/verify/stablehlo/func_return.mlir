// Negative tests of the verifier's `func_return` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// func_return_c1
func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
// expected-error @+1 {{[func_return_c1] has 1 operands, but enclosing function (@main) returns 2}}
  return %x : tensor<2xf32>
}

// -----

// func_return_c2
func.func @main(%x: tensor<2xf32>) -> tensor<2xf64> {
// expected-error @+1 {{[func_return_c2] type of return operand 0 ('tensor<2xf32>') doesn't match function result type ('tensor<2xf64>') in function @main}}
  return %x : tensor<2xf32>
}
