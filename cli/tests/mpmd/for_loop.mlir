// mpmd.for with and without unrolling: 4 iterations of a body that calls a
// two-mesh step (mpmd.call), passing it the loop index assigned to m1; the
// step scales on m1, transfers to m2, shifts there, and transfers back. The
// unroll factor does not change values. @twin writes the 4 iterations out
// with the index as constants 0..3.
// RUN: equiv %s --parallel main --sequential twin
// STDOUT: @main vs @twin: equal (3 trials)

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>
!u1 = !mpmd.mesh_tensor<"m1", tensor<ui32>>

func.func @main(%x: !m1) -> (!m1, !m1)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["y"=2]>>>} {
  %0 = mpmd.for (%x) {iterations = 4 : ui32, unroll_factor = 1 : ui32} (%c: !m1, %index: tensor<ui32>) {
    %ia = mpmd.assign %index : (tensor<ui32>) -> !u1
    %r = mpmd.call @step(%c, %ia) : (!m1, !u1) -> !m1
    mpmd.return %r : !m1
  } : !m1
  %1 = mpmd.for (%x) {iterations = 4 : ui32, unroll_factor = 2 : ui32} (%c: !m1, %index: tensor<ui32>) {
    %ia = mpmd.assign %index : (tensor<ui32>) -> !u1
    %r = mpmd.call @step(%c, %ia) : (!m1, !u1) -> !m1
    mpmd.return %r : !m1
  } : !m1
  return %0, %1 : !m1, !m1
}

func.func private @step(%c: !m1, %k: !u1) -> !m1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["y"=2]>>>} {
  %y = mpmd.fragment<mesh="m1", origin=["scale"]> (%c, %k) (%v: tensor<4xf32>, %i: tensor<ui32>) {
    %f = stablehlo.convert %i : (tensor<ui32>) -> tensor<f32>
    %b = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %two = stablehlo.constant dense<2.000000e+00> : tensor<4xf32>
    %m = stablehlo.multiply %v, %two : tensor<4xf32>
    %s = stablehlo.add %m, %b : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!m1, !u1) -> !m1
  %t = mpmd.transfer %y : (!m1) -> !m2
  %z = mpmd.fragment<mesh="m2", origin=["shift"]> (%t) (%v: tensor<4xf32>) {
    %one = stablehlo.constant dense<-1.000000e+00> : tensor<4xf32>
    %s = stablehlo.add %v, %one : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!m2) -> !m2
  %back = mpmd.transfer %z : (!m2) -> !m1
  return %back : !m1
}

func.func @twin(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %two = stablehlo.constant dense<2.000000e+00> : tensor<4xf32>
  %k1 = stablehlo.constant dense<-1.000000e+00> : tensor<4xf32>
  %k2 = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
  %k3 = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
  %k4 = stablehlo.constant dense<2.000000e+00> : tensor<4xf32>
  %a1 = stablehlo.multiply %x, %two : tensor<4xf32>
  %b1 = stablehlo.add %a1, %k1 : tensor<4xf32>
  %a2 = stablehlo.multiply %b1, %two : tensor<4xf32>
  %b2 = stablehlo.add %a2, %k2 : tensor<4xf32>
  %a3 = stablehlo.multiply %b2, %two : tensor<4xf32>
  %b3 = stablehlo.add %a3, %k3 : tensor<4xf32>
  %a4 = stablehlo.multiply %b3, %two : tensor<4xf32>
  %b4 = stablehlo.add %a4, %k4 : tensor<4xf32>
  return %b4, %b4 : tensor<4xf32>, tensor<4xf32>
}
