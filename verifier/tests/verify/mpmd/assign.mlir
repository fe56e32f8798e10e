// Negative tests of the verifier's `assign` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// assign_c1
func.func @main(%a: tensor<4x8xf32>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@any, [{"q"}, {}]>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[axis_list_c1] 'mpmd.assign' op unknown axis name: "q"}}
  %0 = mpmd.assign %a : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@any, [{"q"}, {}]>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@any, [{"q"}, {}]>>
}

// -----

// assign_c2
func.func @main(%a: tensor<4x8xf32>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@any, [{"x"}, {}]>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[assign_c2] MeshTensorType should be fully replicated: '!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@any, [{"x"}, {}]>>'}}
  %0 = mpmd.assign %a : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@any, [{"x"}, {}]>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@any, [{"x"}, {}]>>
}

// -----

// assign_c3
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (tensor<8x4xf32>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[assign_c3] mismatch between the given local type 'tensor<8x4xf32>' and mesh_type ranked tensor type: 'tensor<4x8xf32>'}}
  %0 = mpmd.unassign %a : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
