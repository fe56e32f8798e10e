// RUN: sdy_opt %s -split-input-file -sdy-lift-inlined-meshes -sdy-sharding-group-import | FileCheck %s

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @copy = <["x"=2, "y"=2]>

// Equal meshes merge into the first; an inline mesh becomes @mesh_0.
// CHECK:      sdy.mesh @mesh = <["x"=2, "y"=2]>
// CHECK-NEXT: sdy.mesh @mesh_0 = <["z"=4]>
// CHECK-NOT:  @copy
// CHECK-LABEL: func @main
// CHECK-SAME:  %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@copy, [{"x"}, {}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // CHECK-NEXT: %[[ADD:.*]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_0, [{"z"}, {}]>]>}
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<mesh<["z"=4]>, [{"z"}, {}]>]>} : tensor<8x8xf32>
  // Groups 42 and 7 share %arg1: one group, numbered 0; the repeated member goes.
  // CHECK-NEXT: sdy.sharding_group %arg0 group_id=0
  // CHECK-NEXT: sdy.sharding_group %arg1 group_id=0
  // CHECK-NEXT: sdy.sharding_group %[[ADD]] group_id=0
  // CHECK-NEXT: return %[[ADD]]
  sdy.sharding_group %arg0 group_id = 42 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id = 7 : tensor<8x8xf32>
  sdy.sharding_group %0 group_id = 42 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id = 42 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A maximal mesh and an empty one get their own names.
// CHECK: sdy.mesh @maximal_mesh_3 = <[], device_ids=[3]>
// CHECK: sdy.mesh @empty_mesh = <[]>
// CHECK-LABEL: func @names
func.func @names(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<[], device_ids=[3]>, []>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<[]>, [{}]>}) {
  return %arg0 : tensor<8xf32>
}
