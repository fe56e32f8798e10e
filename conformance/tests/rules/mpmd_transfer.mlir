// RUN: sdy_opt %s -sdy-populate-op-sharding-rules -split-input-file 2>&1 | FileCheck %s
// `mpmd.transfer` gives its own rule (ShardingRuleOpInterface): pointwise between
// equal meshes, none between different ones.

// CHECK-LABEL: func @transfer_between_equal_meshes
func.func @transfer_between_equal_meshes(%arg0 : !mpmd.mesh_tensor<"m1", tensor<6x4xf32>>)
    -> !mpmd.mesh_tensor<"m2", tensor<6x4xf32>> attributes {
    "topology"=#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>} {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=6, j=4}>
  %0 = mpmd.transfer %arg0 : (!mpmd.mesh_tensor<"m1", tensor<6x4xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<6x4xf32>>
  func.return %0 : !mpmd.mesh_tensor<"m2", tensor<6x4xf32>>
}

// -----

// CHECK-LABEL: func @transfer_between_different_meshes
func.func @transfer_between_different_meshes(%arg0 : !mpmd.mesh_tensor<"m1", tensor<6x4xf32>>)
    -> !mpmd.mesh_tensor<"m2", tensor<6x4xf32>> attributes {
    "topology"=#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["y"=3]>>>} {
  // CHECK-NOT: sdy.sharding_rule
  %0 = mpmd.transfer %arg0 : (!mpmd.mesh_tensor<"m1", tensor<6x4xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<6x4xf32>>
  func.return %0 : !mpmd.mesh_tensor<"m2", tensor<6x4xf32>>
}
