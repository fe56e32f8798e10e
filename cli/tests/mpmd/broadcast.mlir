// mpmd.named_tensor and mpmd.broadcast: a scale computed outside any
// fragment is named, broadcast, and assigned to two meshes, where stages on
// m1 and m2 use it. @twin is the unpartitioned reading (named_computation,
// named_tensor, broadcast on global tensors).
// RUN: equiv %s --parallel main --sequential twin
// STDOUT: @main vs @twin: equal (3 trials)

!t1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>

func.func @main(%x: !t1, %s: tensor<f32>) -> (!t1, !t2)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  %n = mpmd.named_tensor %b name="scale" : tensor<4x8xf32>
  %c = mpmd.broadcast %n : tensor<4x8xf32>
  %c1 = mpmd.assign %c : (tensor<4x8xf32>) -> !t1
  %c2 = mpmd.assign %c : (tensor<4x8xf32>) -> !t2
  %y = mpmd.fragment<mesh="m1", origin=["a"]> (%x, %c1) (%v: tensor<4x8xf32>, %k: tensor<4x8xf32>) {
    %m = stablehlo.multiply %v, %k : tensor<4x8xf32>
    mpmd.return %m : tensor<4x8xf32>
  } : (!t1, !t1) -> !t1
  %t = mpmd.transfer %y : (!t1) -> !t2
  %z = mpmd.fragment<mesh="m2", origin=["b"]> (%t, %c2) (%v: tensor<4x8xf32>, %k: tensor<4x8xf32>) {
    %m = stablehlo.subtract %v, %k : tensor<4x8xf32>
    mpmd.return %m : tensor<4x8xf32>
  } : (!t2, !t2) -> !t2
  return %y, %z : !t1, !t2
}

func.func @twin(%x: tensor<4x8xf32>, %s: tensor<f32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  %n = mpmd.named_tensor %b name="scale" : tensor<4x8xf32>
  %c = mpmd.broadcast %n : tensor<4x8xf32>
  %y = mpmd.named_computation<"a"> (%x, %c) (%v: tensor<4x8xf32>, %k: tensor<4x8xf32>) {
    %m = stablehlo.multiply %v, %k : tensor<4x8xf32>
    mpmd.return %m : tensor<4x8xf32>
  } : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %z = mpmd.named_computation<"b"> (%y, %c) (%v: tensor<4x8xf32>, %k: tensor<4x8xf32>) {
    %m = stablehlo.subtract %v, %k : tensor<4x8xf32>
    mpmd.return %m : tensor<4x8xf32>
  } : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y, %z : tensor<4x8xf32>, tensor<4x8xf32>
}
