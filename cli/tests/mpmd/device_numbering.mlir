// Global device ids across meshes: mesh k's devices follow those of the
// meshes before it in the topology, each shifted by that count, in the
// mesh's own device order. m1 lists its devices in reverse, so its first
// block lives on device 1; m2's two devices are 2 and 3.
// RUN: run %s --show-sharding --show-schedule
// STDOUT: step  m1 (devices 1,0)  m2 (devices 2-3)
// STDOUT:   [0:1)  [1:2)
// STDOUT:       1      0
// STDOUT:       2      3
// STDOUT: %result1 = dense<[1, 2]> : tensor<2xi32>

!a = !mpmd.mesh_tensor<"m1", tensor<2xi32>, sharding=<@mesh, [{"x"}]>>
!b = !mpmd.mesh_tensor<"m2", tensor<2xi32>, sharding=<@mesh, [{"y"}]>>

func.func @main() -> (!a, !b)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2], device_ids=[1, 0]>>, <"m2" : <["y"=2]>>>} {
  %z = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
  %0 = mpmd.assign %z : (tensor<2xi32>) -> !mpmd.mesh_tensor<"m1", tensor<2xi32>>
  %1 = mpmd.transfer %0 : (!mpmd.mesh_tensor<"m1", tensor<2xi32>>) -> !a
  %2 = mpmd.transfer %1 : (!a) -> !b
  %3 = mpmd.fragment<mesh="m2", origin=["inc"]> (%2) (%v: tensor<2xi32>) {
    %one = stablehlo.constant dense<1> : tensor<2xi32>
    %s = stablehlo.add %v, %one : tensor<2xi32>
    mpmd.return %s : tensor<2xi32>
  } : (!b) -> !b
  return %1, %3 : !a, !b
}
