// Negative tests of the verifier's the `sdy-sharding-group-import` pass's rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref conform verify %s  (sdy_opt %s -sdy-sharding-group-import -verify-diagnostics, with rule labels)

// sharding_group_import_c2
func.func @f(%x: tensor<8xf32>, %y: tensor<2x4xf32>) -> tensor<8xf32> {
  sdy.sharding_group %x group_id = 3 : tensor<8xf32>
// expected-error @+1 {{[sharding_group_import_c2] ShardingGroupOps values must have the same shape for groupId: 3}}
  sdy.sharding_group %y group_id = 3 : tensor<2x4xf32>
  return %x : tensor<8xf32>
}
