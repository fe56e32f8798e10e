// Broken variant of a two-stage pipeline (x -> tanh on m1 -> +1 on m2): the
// activations are transferred to the wrong mesh (m3), so the stage on m2
// reads the input copy that lives on m2 instead. equiv reports differ.
// RUN: equiv %s --parallel main --sequential twin
// EXIT: 1
// STDOUT: @main vs @twin: differ in trial 0: result 0 at index [0], on mesh "m2", held by devices 2, 3
// The same program with the transfer sent to m2 is equal.
// RUN: equiv %s --parallel fixed --sequential twin
// STDOUT: @fixed vs @twin: equal (3 trials)

!t1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>
!t3 = !mpmd.mesh_tensor<"m3", tensor<4xf32>>

func.func @main(%x: !t1, %x2: !t2) -> (!t2, !t3)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>, <"m3" : <["x"=2]>>>} {
  %h = mpmd.fragment<mesh="m1", origin=["s1"]> (%x) (%v: tensor<4xf32>) {
    %t = stablehlo.tanh %v : tensor<4xf32>
    mpmd.return %t : tensor<4xf32>
  } : (!t1) -> !t1
  %wrong = mpmd.transfer %h : (!t1) -> !t3
  %o = mpmd.fragment<mesh="m2", origin=["s2"]> (%x2) (%v: tensor<4xf32>) {
    %one = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
    %s = stablehlo.add %v, %one : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!t2) -> !t2
  return %o, %wrong : !t2, !t3
}

func.func @fixed(%x: !t1, %x2: !t2) -> (!t2, !t3)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>, <"m3" : <["x"=2]>>>} {
  %h = mpmd.fragment<mesh="m1", origin=["s1"]> (%x) (%v: tensor<4xf32>) {
    %t = stablehlo.tanh %v : tensor<4xf32>
    mpmd.return %t : tensor<4xf32>
  } : (!t1) -> !t1
  %right = mpmd.transfer %h : (!t1) -> !t2
  %o = mpmd.fragment<mesh="m2", origin=["s2"]> (%right) (%v: tensor<4xf32>) {
    %one = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
    %s = stablehlo.add %v, %one : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!t2) -> !t2
  %also = mpmd.transfer %h : (!t1) -> !t3
  return %o, %also : !t2, !t3
}

func.func @twin(%x: tensor<4xf32>, %x2: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %t = stablehlo.tanh %x : tensor<4xf32>
  %one = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
  %s = stablehlo.add %t, %one : tensor<4xf32>
  return %s, %t : tensor<4xf32>, tensor<4xf32>
}
