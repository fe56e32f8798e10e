// Transfers between differently sharded meshes and memory kinds. The value
// starts on the 2x2 mesh m1 sharded [{"x"}, {"y"}], moves to the 4-device
// mesh m2 sharded [{}, {"z"}], to host memory of m2 (memory_kind
// "pinned_host"), back to device memory, and to m1 replicated. A fragment
// with in_shardings/out_shardings other than its operand types' reshards
// on its mesh. Every transfer keeps the global value, so @main equals its
// own reading with meshes and transfers erased and the written-out @twin.
// RUN: equiv %s
// STDOUT: @main vs @main with meshes and transfers erased: equal (3 trials)
// RUN: equiv %s --parallel main --sequential twin
// STDOUT: @main vs @twin: equal (3 trials)

!a = !mpmd.mesh_tensor<"m1", tensor<8x8xf32>, sharding=<@mesh, [{"x"}, {"y"}]>>
!b = !mpmd.mesh_tensor<"m2", tensor<8x8xf32>, sharding=<@mesh, [{}, {"z"}]>>
!h = !mpmd.mesh_tensor<"m2", tensor<8x8xf32>, sharding=<@mesh, [{}, {"z"}]>, memory_kind="pinned_host">
!d = !mpmd.mesh_tensor<"m2", tensor<8x8xf32>, sharding=<@mesh, [{}, {"z"}]>, memory_kind="device">
!r = !mpmd.mesh_tensor<"m1", tensor<8x8xf32>>

func.func @main(%x: !a) -> (!r, !b)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=2]>>, <"m2" : <["z"=4]>>>} {
  %0 = mpmd.transfer %x : (!a) -> !b
  %1 = mpmd.transfer %0 : (!b) -> !h
  %2 = mpmd.transfer %1 : (!h) -> !d
  %3 = mpmd.transfer %2 : (!d) -> !b
  %4 = mpmd.fragment<mesh="m2", origin=["square"], in_shardings=[<@mesh, [{"z"}, {}]>], out_shardings=[<@mesh, [{"z"}, {}]>]> (%3) (%v: tensor<8x8xf32>) {
    %s = stablehlo.multiply %v, %v : tensor<8x8xf32>
    mpmd.return %s : tensor<8x8xf32>
  } : (!b) -> !b
  %5 = mpmd.transfer %4 : (!b) -> !r
  return %5, %0 : !r, !b
}

func.func @twin(%x: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %s = stablehlo.multiply %x, %x : tensor<8x8xf32>
  return %s, %x : tensor<8x8xf32>, tensor<8x8xf32>
}
