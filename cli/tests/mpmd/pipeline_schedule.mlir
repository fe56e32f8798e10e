// fragment_call and the schedule: a two-stage pipeline over three
// microbatches whose stages are functions with mesh_shape (m1 has 2
// devices, m2 has 4; each stage function is shared by the three calls).
// Stage 1 makes microbatch k as iota + k (k counts on m1, from a constant
// assigned to m1); stage 2 squares it. Each mesh runs
// its fragments in program order and stage 2 of microbatch k waits for the
// transfer of stage 1's result, so the timeline shows the pipeline's fill
// and drain bubbles.
// RUN: run %s --show-schedule
// STDOUT: schedule: 6 fragment(s) in 4 step(s) on 2 mesh(es); "." = idle
// STDOUT: step  m1 (devices 0-1)  m2 (devices 2-5)
// STDOUT: 0     "s1" mb0          .
// STDOUT: 1     "s1" mb1          "s2" mb0
// STDOUT: 2     "s1" mb2          "s2" mb1
// STDOUT: 3     .                 "s2" mb2
// STDOUT: busy steps: m1 3/4, m2 3/4
// STDOUT: %result0 = dense<[0.000000e+00, 1.000000e+00, 4.000000e+00, 9.000000e+00]> : tensor<4xf32>
// STDOUT: %result2 = dense<[4.000000e+00, 9.000000e+00, 1.600000e+01, 2.500000e+01]> : tensor<4xf32>
// RUN: equiv %s
// STDOUT: @main vs @main with meshes and transfers erased: equal (3 trials)

sdy.mesh @mesh = <["y"=4]>

!c1 = !mpmd.mesh_tensor<"m1", tensor<f32>>
!t1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>
!s2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>, sharding=<@mesh, [{"y"}]>>

func.func @main() -> (!s2, !s2, !s2)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["y"=4]>>>} {
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %k0 = mpmd.assign %z : (tensor<f32>) -> !c1
  %a0:2 = mpmd.fragment_call<mesh="m1", origin=["s1"]> @stage1(%k0) {call_counter = 0 : ui32} : (!c1) -> (!t1, !c1)
  %t0 = mpmd.transfer %a0#0 : (!t1) -> !t2
  %b0 = mpmd.fragment_call<mesh="m2", origin=["s2"]> @stage2(%t0) {call_counter = 0 : ui32} : (!t2) -> !s2
  %a1:2 = mpmd.fragment_call<mesh="m1", origin=["s1"]> @stage1(%a0#1) {call_counter = 1 : ui32} : (!c1) -> (!t1, !c1)
  %t1 = mpmd.transfer %a1#0 : (!t1) -> !t2
  %b1 = mpmd.fragment_call<mesh="m2", origin=["s2"]> @stage2(%t1) {call_counter = 1 : ui32} : (!t2) -> !s2
  %a2:2 = mpmd.fragment_call<mesh="m1", origin=["s1"]> @stage1(%a1#1) {call_counter = 2 : ui32} : (!c1) -> (!t1, !c1)
  %t2 = mpmd.transfer %a2#0 : (!t1) -> !t2
  %b2 = mpmd.fragment_call<mesh="m2", origin=["s2"]> @stage2(%t2) {call_counter = 2 : ui32} : (!t2) -> !s2
  return %b0, %b1, %b2 : !s2, !s2, !s2
}

func.func @stage1(%k: tensor<f32>) -> (tensor<4xf32>, tensor<f32>) attributes {mesh_shape = #sdy.mesh<["x"=2]>} {
  %i = stablehlo.iota dim = 0 : tensor<4xf32>
  %b = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %s = stablehlo.add %i, %b : tensor<4xf32>
  %one = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %n = stablehlo.add %k, %one : tensor<f32>
  return %s, %n : tensor<4xf32>, tensor<f32>
}

func.func @stage2(%v: tensor<4xf32>) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) attributes {mesh_shape = #sdy.mesh<["y"=4]>} {
  %s = stablehlo.multiply %v, %v : tensor<4xf32>
  return %s : tensor<4xf32>
}
