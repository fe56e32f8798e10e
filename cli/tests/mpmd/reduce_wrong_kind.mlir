// Broken variant of reduce_kinds.mlir: the cross-mesh reduce that must take the
// maximum of the partials takes their minimum, which equiv reports as differ
// at the first element where the two differ, naming the mesh and devices
// holding it (m3, devices 4-7).
// RUN: equiv %s --parallel main --sequential twin
// EXIT: 1
// STDOUT: @main vs @twin: differ in trial 0: result 1 at index [0], on mesh "m3", held by devices 4, 5, 6, 7

!f1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!f2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>
!f3 = !mpmd.mesh_tensor<"m3", tensor<4xf32>>
!i1 = !mpmd.mesh_tensor<"m1", tensor<4xi32>>
!i2 = !mpmd.mesh_tensor<"m2", tensor<4xi32>>
!i3 = !mpmd.mesh_tensor<"m3", tensor<4xi32>>
!s1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>, sharding=<@mesh, [{"x"}]>>

func.func @main(%a: !f1, %b: !f2, %i: !i1, %j: !i2)
    -> (!f3, !f3, !f3, !f3, !i3, !i3, !f3, !f3, !s1)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>, <"m3" : <["x"=4]>>>} {
  %pa = mpmd.fragment<mesh="m1", origin=["part_a"]> (%a) (%x: tensor<4xf32>) {
    %s = stablehlo.sine %x : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!f1) -> !f1
  %pb = mpmd.fragment<mesh="m2", origin=["part_b"]> (%b) (%x: tensor<4xf32>) {
    %c = stablehlo.cosine %x : tensor<4xf32>
    mpmd.return %c : tensor<4xf32>
  } : (!f2) -> !f2
  %ua = mpmd.unassign %pa : (!f1) -> tensor<4xf32>
  %ub = mpmd.unassign %pb : (!f2) -> tensor<4xf32>
  %ui = mpmd.unassign %i : (!i1) -> tensor<4xi32>
  %uj = mpmd.unassign %j : (!i2) -> tensor<4xi32>
  %add = mpmd.reduce<add> %ua, %ub, %ua : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %max = mpmd.reduce<min> %ua, %ub : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %min = mpmd.reduce<min> %ua, %ub : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %mul = mpmd.reduce<mul> %ua, %ub : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %or = mpmd.reduce<or> %ui, %uj : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %and = mpmd.reduce<and> %ui, %uj : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %none = mpmd.reduce<none> %ub : (tensor<4xf32>) -> tensor<4xf32>
  %r0 = mpmd.assign %add : (tensor<4xf32>) -> !f3
  %r1 = mpmd.assign %max : (tensor<4xf32>) -> !f3
  %r2 = mpmd.assign %min : (tensor<4xf32>) -> !f3
  %r3 = mpmd.assign %mul : (tensor<4xf32>) -> !f3
  %r4 = mpmd.assign %or : (tensor<4xi32>) -> !i3
  %r5 = mpmd.assign %and : (tensor<4xi32>) -> !i3
  %r6 = mpmd.assign %none : (tensor<4xf32>) -> !f3
  %t = mpmd.transfer %pb : (!f2) -> !f3
  %sa = mpmd.transfer %pa : (!f1) -> !s1
  %same = mpmd.reduce<max> %sa, %sa : (!s1, !s1) -> !s1
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %t, %same : !f3, !f3, !f3, !f3, !i3, !i3, !f3, !f3, !s1
}

func.func @twin(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>, %j: tensor<4xi32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %pa = stablehlo.sine %a : tensor<4xf32>
  %pb = stablehlo.cosine %b : tensor<4xf32>
  %add0 = stablehlo.add %pa, %pb : tensor<4xf32>
  %add = stablehlo.add %add0, %pa : tensor<4xf32>
  %max = stablehlo.maximum %pa, %pb : tensor<4xf32>
  %min = stablehlo.minimum %pa, %pb : tensor<4xf32>
  %mul = stablehlo.multiply %pa, %pb : tensor<4xf32>
  %or = stablehlo.or %i, %j : tensor<4xi32>
  %and = stablehlo.and %i, %j : tensor<4xi32>
  return %add, %max, %min, %mul, %or, %and, %pb, %pb, %pa : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
