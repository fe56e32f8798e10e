// Negative tests of the verifier's the `sdy-sharding-group-import` pass's rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref conform verify %s  (sdy_opt %s -sdy-sharding-group-import -verify-diagnostics, with rule labels)

// sharding_group_import_c1
sdy.mesh @m = <["a"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={} (%y: tensor<8xf32>) {
    sdy.sharding_group %y group_id = 7 : tensor<8xf32>
    sdy.return %y : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
// expected-error @+1 {{[sharding_group_import_c1] ShardingGroupOps values cannot cross ManualComputationOp boundaries for groupId: 7}}
  sdy.sharding_group %0 group_id = 7 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
