// Broken variant of a two-iteration loop carried between meshes (x -> 2x on
// m1 -> x+3 on m2 -> back to m1, twice): the transfer that brings the
// first iteration's result back to m1 is dropped, so the second iteration
// on m1 reads the original input. equiv reports differ.
// RUN: equiv %s --parallel main --sequential twin
// EXIT: 1
// STDOUT: @main vs @twin: differ in trial 0: result 0 at index [0], on mesh "m2", held by devices 2, 3

!t1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

func.func @main(%x: !t1) -> !t2
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  %a0 = mpmd.fragment<mesh="m1", origin=["double"]> (%x) {call_counter = 0 : ui32} (%v: tensor<4xf32>) {
    %s = stablehlo.add %v, %v : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!t1) -> !t1
  %t0 = mpmd.transfer %a0 : (!t1) -> !t2
  %b0 = mpmd.fragment<mesh="m2", origin=["shift"]> (%t0) {call_counter = 0 : ui32} (%v: tensor<4xf32>) {
    %three = stablehlo.constant dense<3.000000e+00> : tensor<4xf32>
    %s = stablehlo.add %v, %three : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!t2) -> !t2
  %a1 = mpmd.fragment<mesh="m1", origin=["double"]> (%x) {call_counter = 1 : ui32} (%v: tensor<4xf32>) {
    %s = stablehlo.add %v, %v : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!t1) -> !t1
  %t1 = mpmd.transfer %a1 : (!t1) -> !t2
  %b1 = mpmd.fragment<mesh="m2", origin=["shift"]> (%t1) {call_counter = 1 : ui32} (%v: tensor<4xf32>) {
    %three = stablehlo.constant dense<3.000000e+00> : tensor<4xf32>
    %s = stablehlo.add %v, %three : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!t2) -> !t2
  return %b1 : !t2
}

func.func @twin(%x: tensor<4xf32>) -> tensor<4xf32> {
  %three = stablehlo.constant dense<3.000000e+00> : tensor<4xf32>
  %a0 = stablehlo.add %x, %x : tensor<4xf32>
  %b0 = stablehlo.add %a0, %three : tensor<4xf32>
  %a1 = stablehlo.add %b0, %b0 : tensor<4xf32>
  %b1 = stablehlo.add %a1, %three : tensor<4xf32>
  return %b1 : tensor<4xf32>
}
