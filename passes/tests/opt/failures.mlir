// RUN: sdy_opt %s -split-input-file -sdy-manual-axes-cleanup -sdy-sharding-group-import -verify-diagnostics

sdy.mesh @mesh = <["a"=2]>

func.func @manual_without_shardings() {
  // expected-error @+1 {{op has manual_axes when there are no in/out shardings and the body is not empty}}
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={"a"} () {
    %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
    sdy.return
  } : () -> ()
  return
}

// -----

func.func @group_shapes(%arg0: tensor<8xf32>, %arg1: tensor<2x4xf32>) {
  sdy.sharding_group %arg0 group_id = 3 : tensor<8xf32>
  // expected-error @+1 {{ShardingGroupOps values must have the same shape for groupId: 3}}
  sdy.sharding_group %arg1 group_id = 3 : tensor<2x4xf32>
  return
}
