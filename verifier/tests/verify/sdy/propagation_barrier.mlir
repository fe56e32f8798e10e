// Negative tests of the verifier's `propagation_barrier` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// propagation_barrier_c1
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[propagation_barrier_c1] cannot specify `BOTH` as the direction}}
  %0 = sdy.propagation_barrier %x allowed_direction=BOTH : tensor<4xf32>
  return %0 : tensor<4xf32>
}
