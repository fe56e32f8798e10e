// Negative tests of the verifier's `fragment_call` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// fragment_call_c1
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[fragment_call_c1] 'nope' does not reference a valid function}}
  %0 = mpmd.fragment_call<mesh="m1", origin=[]> @nope(%a) : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
}

// -----

// fragment_call_c2
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
  %0 = mpmd.fragment_call<mesh="m1", origin=[]> @body(%a) : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
}
// expected-error @+1 {{[fragment_call_c2] Function does not have a mesh_shape attribute: body}}
func.func private @body(%b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  return %b : tensor<4x8xf32>
}

// -----

// fragment_call_c3
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[fragment_call_c3] Expected mesh of fragment call and callee function to match: #sdy.mesh<["x"=2, "y"=4]> vs #sdy.mesh<["z"=3]>}}
  %0 = mpmd.fragment_call<mesh="m1", origin=[]> @body(%a) : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
}
func.func private @body(%b: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {mesh_shape = #sdy.mesh<["z"=3]>} {
  return %b : tensor<4x8xf32>
}
