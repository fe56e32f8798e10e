// Negative tests of the verifier's `mesh_lookup` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// mesh_lookup_c1
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>> {
// expected-error @+1 {{[mesh_lookup_c1] Function does not have a topology attribute: main}}
  %0 = mpmd.transfer %a : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
}

// -----

// mesh_lookup_c2
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m9", tensor<4x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[mesh_lookup_c2] Topology doesn't have a mesh with name: m9}}
  %0 = mpmd.transfer %a : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m9", tensor<4x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m9", tensor<4x8xf32>>
}
