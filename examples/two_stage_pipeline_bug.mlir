// examples/two_stage_pipeline.mlir with a bug: stage 2 of microbatch 1 is
// fed the activations of microbatch 0 (%t0 instead of %t1).
//
//   shardref equiv examples/two_stage_pipeline_bug.mlir --parallel main --sequential sequential

!x1 = !mpmd.mesh_tensor<"m1", tensor<2x4xf32>, sharding=<@mesh, [{"x"}, {}]>>
!w1 = !mpmd.mesh_tensor<"m1", tensor<4x4xf32>>
!h1 = !mpmd.mesh_tensor<"m1", tensor<2x4xf32>, sharding=<@mesh, [{"x"}, {}]>>
!h2 = !mpmd.mesh_tensor<"m2", tensor<2x4xf32>>
!w2 = !mpmd.mesh_tensor<"m2", tensor<4x2xf32>>
!y2 = !mpmd.mesh_tensor<"m2", tensor<2x2xf32>, sharding=<@mesh, [{"y"}, {}]>>

func.func @main(%x0: !x1, %x1: !x1, %w1: !w1, %w2: !w2) -> (!y2, !y2)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["y"=2]>>>} {
  %h0 = mpmd.fragment<mesh="m1", origin=["stage1"]> (%x0, %w1) {call_counter = 0 : ui32} (%a: tensor<2x4xf32>, %w: tensor<4x4xf32>) {
    %d = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
    %t = stablehlo.tanh %d : tensor<2x4xf32>
    mpmd.return %t : tensor<2x4xf32>
  } : (!x1, !w1) -> !h1
  %t0 = mpmd.transfer %h0 : (!h1) -> !h2
  %h1 = mpmd.fragment<mesh="m1", origin=["stage1"]> (%x1, %w1) {call_counter = 1 : ui32} (%a: tensor<2x4xf32>, %w: tensor<4x4xf32>) {
    %d = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
    %t = stablehlo.tanh %d : tensor<2x4xf32>
    mpmd.return %t : tensor<2x4xf32>
  } : (!x1, !w1) -> !h1
  %t1 = mpmd.transfer %h1 : (!h1) -> !h2
  %y0 = mpmd.fragment<mesh="m2", origin=["stage2"]> (%t0, %w2) {call_counter = 0 : ui32} (%a: tensor<2x4xf32>, %w: tensor<4x2xf32>) {
    %d = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    mpmd.return %d : tensor<2x2xf32>
  } : (!h2, !w2) -> !y2
  %y1 = mpmd.fragment<mesh="m2", origin=["stage2"]> (%t0, %w2) {call_counter = 1 : ui32} (%a: tensor<2x4xf32>, %w: tensor<4x2xf32>) {
    %d = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    mpmd.return %d : tensor<2x2xf32>
  } : (!h2, !w2) -> !y2
  return %y0, %y1 : !y2, !y2
}

func.func @sequential(%x0: tensor<2x4xf32>, %x1: tensor<2x4xf32>, %w1: tensor<4x4xf32>, %w2: tensor<4x2xf32>)
    -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %y0 = mpmd.call @stages(%x0, %w1, %w2) {call_counter = 0 : ui32} : (tensor<2x4xf32>, tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
  %y1 = mpmd.call @stages(%x1, %w1, %w2) {call_counter = 1 : ui32} : (tensor<2x4xf32>, tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
  return %y0, %y1 : tensor<2x2xf32>, tensor<2x2xf32>
}

func.func private @stages(%x: tensor<2x4xf32>, %w1: tensor<4x4xf32>, %w2: tensor<4x2xf32>) -> tensor<2x2xf32> {
  %h = mpmd.named_computation<"stage1"> (%x, %w1) (%a: tensor<2x4xf32>, %w: tensor<4x4xf32>) {
    %d = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
    %t = stablehlo.tanh %d : tensor<2x4xf32>
    mpmd.return %t : tensor<2x4xf32>
  } : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %y = mpmd.named_computation<"stage2"> (%h, %w2) (%a: tensor<2x4xf32>, %w: tensor<4x2xf32>) {
    %d = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    mpmd.return %d : tensor<2x2xf32>
  } : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}
