// Bad input: a fragment on m1 that reads a value living on m2 is a located
// verifier error (the verifier runs before any MPMD execution).
// RUN: equiv %s
// EXIT: 1
// STDERR: bad_fragment_mesh.mlir:12:3: error: expected the mesh name of the operand to match that of the fragment op: m2 != m1

!t1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

func.func @main(%x: !t2) -> !t1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=["a"]> (%x) (%p: tensor<4xf32>) {
    mpmd.return %p : tensor<4xf32>
  } : (!t2) -> !t1
  return %0 : !t1
}

