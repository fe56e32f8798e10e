// Negative tests of the verifier's `mpmd_reduce` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// mpmd_reduce_c1
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[mpmd_reduce_c1] ReduceOp must have exactly one operand if the reduction type is none}}
  %0 = mpmd.reduce<none> %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
