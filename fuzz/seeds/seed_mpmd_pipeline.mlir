// A two-stage MPMD program: an entry point with a topology moves a tensor
// between meshes, runs fragments and fragment calls on each, and loops.

!a = !mpmd.mesh_tensor<"m1", tensor<8x16xf32>, sharding=<@m, [{"x"}, {"y":(1)2}]>>
!b = !mpmd.mesh_tensor<"m2", tensor<8x16xf32>, sharding=<@m, [{}, {"z"}]>>
!h = !mpmd.mesh_tensor<"m2", tensor<8x16xf32>, memory_kind="pinned_host">

func.func public @main(%arg0: !a, %arg1: tensor<8x16xf32>) -> (!b, tensor<8x16xf32>)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=4]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=["stage1"(1)], stage=0> (%arg0) (%x: tensor<8x16xf32>) {
    %1 = stablehlo.add %x, %x : tensor<8x16xf32>
    mpmd.return %1 : tensor<8x16xf32>
  } : (!a) -> !a
  %2 = mpmd.transfer %0 : (!a) -> !b
  %3 = mpmd.fragment_call<mesh="m2", origin=["stage2"]> @body(%2) : (!b) -> !b
  %4 = mpmd.transfer %3 : (!b) -> !h
  %5 = mpmd.assign %arg1 : (tensor<8x16xf32>) -> !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>
  %6 = mpmd.unassign %5 : (!mpmd.mesh_tensor<"m1", tensor<8x16xf32>>) -> tensor<8x16xf32>
  %7:2 = mpmd.for (%6, %arg1) {iterations = 4 : ui32, unroll_factor = 2 : ui32} (%p: tensor<8x16xf32>, %q: tensor<8x16xf32>, %i: tensor<ui32>) {
    %8 = mpmd.call @step(%p, %q) {call_counter = 0 : ui32} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    mpmd.return %8, %q : tensor<8x16xf32>, tensor<8x16xf32>
  } : tensor<8x16xf32>, tensor<8x16xf32>
  %9 = mpmd.reduce<add> %7#0, %7#1 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %10 = mpmd.broadcast %9 : tensor<8x16xf32>
  %11 = mpmd.named_computation<"tail"(2)> (%10) (%y: tensor<8x16xf32>) {
    %12 = mpmd.named_tensor %y name="t" : tensor<8x16xf32>
    mpmd.return %12 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %3, %11 : !b, tensor<8x16xf32>
}

func.func private @body(%x: tensor<8x16xf32>) -> tensor<8x16xf32> attributes {mesh_shape = #sdy.mesh<["z"=4]>} {
  %0 = stablehlo.multiply %x, %x : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

func.func private @step(%p: tensor<8x16xf32>, %q: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.subtract %p, %q : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
