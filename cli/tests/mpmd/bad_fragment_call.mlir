// Bad input: a fragment_call to a function without mesh_shape is a located
// verifier error.
// RUN: equiv %s
// EXIT: 1
// STDERR: bad_fragment_call.mlir:16:1: error: Function does not have a mesh_shape attribute: no_mesh_shape

!t1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

func.func @main(%x: !t1) -> !t1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  %0 = mpmd.fragment_call<mesh="m1", origin=["a"]> @no_mesh_shape(%x) : (!t1) -> !t1
  return %0 : !t1
}

func.func @no_mesh_shape(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
