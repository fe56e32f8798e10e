// The layouts transfers produce: a 4x4 iota assigned (replicated) to the
// 2x2 mesh m1 (devices 0-3) is resharded on m1 to [{"x"}, {"y"}], moved to
// the 4-device mesh m2 (devices 4-7) sharded on columns, through host
// memory and back. --show-sharding prints which global devices hold which
// block of each result; the global values are unchanged.
// RUN: run %s --show-sharding
// STDOUT: %result0 : tensor<4x4xi32> on mesh @m1 ["x"=2, "y"=2]
// STDOUT: sharding [{"x"}, {"y"}]
// STDOUT:   [0:2)      0      1
// STDOUT:   [2:4)      2      3
// STDOUT: %result1 : tensor<4x4xi32> on mesh @m2 ["z"=4]
// STDOUT: sharding [{}, {"z"}]
// STDOUT:   [0:4)      4      5      6      7
// STDOUT: %result0 = dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]> : tensor<4x4xi32>
// STDOUT: %result1 = dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]> : tensor<4x4xi32>

!r = !mpmd.mesh_tensor<"m1", tensor<4x4xi32>>
!a = !mpmd.mesh_tensor<"m1", tensor<4x4xi32>, sharding=<@mesh, [{"x"}, {"y"}]>>
!b = !mpmd.mesh_tensor<"m2", tensor<4x4xi32>, sharding=<@mesh, [{}, {"z"}]>>
!h = !mpmd.mesh_tensor<"m2", tensor<4x4xi32>, sharding=<@mesh, [{}, {"z"}]>, memory_kind="pinned_host">

func.func @main() -> (!a, !b)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=2]>>, <"m2" : <["z"=4]>>>} {
  %i = stablehlo.iota dim = 1 : tensor<4x4xi32>
  %j = stablehlo.iota dim = 0 : tensor<4x4xi32>
  %four = stablehlo.constant dense<4> : tensor<4x4xi32>
  %r = stablehlo.multiply %j, %four : tensor<4x4xi32>
  %v = stablehlo.add %r, %i : tensor<4x4xi32>
  %0 = mpmd.assign %v : (tensor<4x4xi32>) -> !r
  %1 = mpmd.transfer %0 : (!r) -> !a
  %2 = mpmd.transfer %1 : (!a) -> !b
  %3 = mpmd.transfer %2 : (!b) -> !h
  %4 = mpmd.transfer %3 : (!h) -> !b
  return %1, %4 : !a, !b
}
