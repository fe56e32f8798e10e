// A deadlock: the fragment on m1 needs a value that m2 computes from the
// fragment's own result (the cycle goes through two transfers; the verifier
// does not require definitions before uses). Neither mesh can start, and
// the run stops at the first waiting fragment, naming both.
// RUN: equiv %s
// EXIT: 1
// STDERR: deadlock.mlir:18:3: error: program trap: deadlock: no mesh can make progress: fragment "a" on mesh "m1" (18:3) waits for operand #1, defined at 27:3; fragment "b" on mesh "m2" (23:3) waits for operand #0, defined at 22:3; mpmd.transfer (22:3) waits for operand #0, defined at 18:3; mpmd.transfer (27:3) waits for operand #0, defined at 23:3
// A forward reference that is not a cycle runs: m2's fragment comes later in
// the program than the m1 fragment that waits for it.
// RUN: equiv %s --parallel forward --sequential forward_twin
// STDOUT: @forward vs @forward_twin: equal (3 trials)

!t1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

func.func @main(%x: !t1) -> !t1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=["a"]> (%x, %3) (%p: tensor<4xf32>, %q: tensor<4xf32>) {
    %s = stablehlo.add %p, %q : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!t1, !t1) -> !t1
  %1 = mpmd.transfer %0 : (!t1) -> !t2
  %2 = mpmd.fragment<mesh="m2", origin=["b"]> (%1) (%p: tensor<4xf32>) {
    %s = stablehlo.multiply %p, %p : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!t2) -> !t2
  %3 = mpmd.transfer %2 : (!t2) -> !t1
  return %0 : !t1
}

func.func @forward(%x: !t1, %y: !t2) -> !t1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=["a"]> (%x, %2) (%p: tensor<4xf32>, %q: tensor<4xf32>) {
    %s = stablehlo.add %p, %q : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!t1, !t1) -> !t1
  %1 = mpmd.fragment<mesh="m2", origin=["b"]> (%y) (%p: tensor<4xf32>) {
    %s = stablehlo.multiply %p, %p : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!t2) -> !t2
  %2 = mpmd.transfer %1 : (!t2) -> !t1
  return %0 : !t1
}

func.func @forward_twin(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %s = stablehlo.multiply %y, %y : tensor<4xf32>
  %r = stablehlo.add %x, %s : tensor<4xf32>
  return %r : tensor<4xf32>
}
