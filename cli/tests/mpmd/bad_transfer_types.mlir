// Bad input: a transfer whose global types differ is a located verifier error.
// RUN: equiv %s
// EXIT: 1
// STDERR: bad_transfer_types.mlir:11:3: error: cannot perform transfer between given types

!t1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

func.func @main(%x: !t1) -> !mpmd.mesh_tensor<"m2", tensor<8xf32>>
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  %0 = mpmd.transfer %x : (!t1) -> !mpmd.mesh_tensor<"m2", tensor<8xf32>>
  return %0 : !mpmd.mesh_tensor<"m2", tensor<8xf32>>
}

