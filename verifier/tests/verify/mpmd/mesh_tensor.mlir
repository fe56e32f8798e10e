// Negative tests of the verifier's `mesh_tensor` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// mesh_tensor_c1
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<3x8xf32>, sharding=<@any, [{"x"}, {}]>>) -> (!mpmd.mesh_tensor<"m2", tensor<3x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[sharding_c8] 'mpmd.transfer' op dim 0 with size 3 is not divisible by its sharded size 2}}
  %0 = mpmd.transfer %a : (!mpmd.mesh_tensor<"m1", tensor<3x8xf32>, sharding=<@any, [{"x"}, {}]>>) -> !mpmd.mesh_tensor<"m2", tensor<3x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m2", tensor<3x8xf32>>
}
