// Nested calls over microbatches: @main runs a two-stage pipeline on three
// microbatches with mpmd.call (call_counter 0..2); each call runs stage1 on
// the 2x2 mesh m1 (activations sharded on "x", weights on "y", a dot_general
// whose sharded result is transferred replicated to m2) and stage2 on the
// 4-device mesh m2. @twin is the unpartitioned program as JAX lowers it:
// mpmd.call of a function whose stages are mpmd.named_computation regions.
// RUN: equiv %s --parallel main --sequential twin
// STDOUT: @main vs @twin: equal (3 trials)

!x1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>
!w1 = !mpmd.mesh_tensor<"m1", tensor<8x8xf32>, sharding=<@mesh, [{}, {"y"}]>>
!h1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {"y"}]>>
!h2 = !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
!w2 = !mpmd.mesh_tensor<"m2", tensor<8x2xf32>>
!o2 = !mpmd.mesh_tensor<"m2", tensor<4x2xf32>, sharding=<@mesh, [{"z"}, {}]>>

func.func @main(%mb0: !x1, %mb1: !x1, %mb2: !x1, %w1: !w1, %w2: !w2) -> (!o2, !o2, !o2)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=2]>>, <"m2" : <["z"=4]>>>} {
  %r0 = mpmd.call @pipeline(%mb0, %w1, %w2) {call_counter = 0 : ui32} : (!x1, !w1, !w2) -> !o2
  %r1 = mpmd.call @pipeline(%mb1, %w1, %w2) {call_counter = 1 : ui32} : (!x1, !w1, !w2) -> !o2
  %r2 = mpmd.call @pipeline(%mb2, %w1, %w2) {call_counter = 2 : ui32} : (!x1, !w1, !w2) -> !o2
  return %r0, %r1, %r2 : !o2, !o2, !o2
}

func.func private @pipeline(%x: !x1, %w1: !w1, %w2: !w2) -> !o2
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=2]>>, <"m2" : <["z"=4]>>>} {
  %h = mpmd.fragment<mesh="m1", origin=["stage1"]> (%x, %w1) (%a: tensor<4x8xf32>, %w: tensor<8x8xf32>) {
    %d = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %t = stablehlo.tanh %d : tensor<4x8xf32>
    mpmd.return %t : tensor<4x8xf32>
  } : (!x1, !w1) -> !h1
  %t = mpmd.transfer %h : (!h1) -> !h2
  %o = mpmd.fragment<mesh="m2", origin=["stage2"]> (%t, %w2) (%a: tensor<4x8xf32>, %w: tensor<8x2xf32>) {
    %d = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
    mpmd.return %d : tensor<4x2xf32>
  } : (!h2, !w2) -> !o2
  return %o : !o2
}

func.func @twin(%mb0: tensor<4x8xf32>, %mb1: tensor<4x8xf32>, %mb2: tensor<4x8xf32>, %w1: tensor<8x8xf32>, %w2: tensor<8x2xf32>)
    -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) {
  %r0 = mpmd.call @pipeline_global(%mb0, %w1, %w2) {call_counter = 0 : ui32} : (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  %r1 = mpmd.call @pipeline_global(%mb1, %w1, %w2) {call_counter = 1 : ui32} : (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  %r2 = mpmd.call @pipeline_global(%mb2, %w1, %w2) {call_counter = 2 : ui32} : (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  return %r0, %r1, %r2 : tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>
}

func.func private @pipeline_global(%x: tensor<4x8xf32>, %w1: tensor<8x8xf32>, %w2: tensor<8x2xf32>) -> tensor<4x2xf32> {
  %h = mpmd.named_computation<"stage1"> (%x, %w1) (%a: tensor<4x8xf32>, %w: tensor<8x8xf32>) {
    %d = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %t = stablehlo.tanh %d : tensor<4x8xf32>
    mpmd.return %t : tensor<4x8xf32>
  } : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %n = mpmd.named_tensor %h name="activations" : tensor<4x8xf32>
  %o = mpmd.named_computation<"stage2"> (%n, %w2) (%a: tensor<4x8xf32>, %w: tensor<8x2xf32>) {
    %d = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
    mpmd.return %d : tensor<4x2xf32>
  } : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  return %o : tensor<4x2xf32>
}
