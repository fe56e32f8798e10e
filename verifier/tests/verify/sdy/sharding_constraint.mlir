// Negative tests of the verifier's `sharding_constraint` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// sharding_constraint_c1
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[sharding_c6] 'sdy.sharding_constraint' op sharding doesn't match tensor rank: 2 != 1}}
  %0 = sdy.sharding_constraint %x <@m, [{}, {"b"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}
