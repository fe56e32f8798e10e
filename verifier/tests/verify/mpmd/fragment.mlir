// Negative tests of the verifier's `fragment` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// fragment_c1
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[fragment_c1] number of block arguments must match the number of operands respectively: 0 != 1}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%a) () {
    %c = stablehlo.constant dense<0.0> : tensor<4x8xf32>
    mpmd.return %c : tensor<4x8xf32>
  } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
}

// -----

// fragment_c2
func.func @main(%a: !stablehlo.token) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[fragment_c2] expected the type of the block argument to match the operand: '!stablehlo.token', got: 'tensor<4x8xf32>'}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%a) (%b: tensor<4x8xf32>) {
    mpmd.return %b : tensor<4x8xf32>
  } : (!stablehlo.token) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
}

// -----

// fragment_c3
func.func @main(%a: !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[fragment_c3] expected the mesh name of the operand to match that of the fragment op: m2 != m1}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%a) (%b: tensor<4x8xf32>) {
    mpmd.return %b : tensor<4x8xf32>
  } : (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
}

// -----

// fragment_c4
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@any, [{"q"}, {}]>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[axis_list_c1] 'mpmd.fragment' op unknown axis name: "q"}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%a) (%b: tensor<4x8xf32>) {
    mpmd.return %b : tensor<4x8xf32>
  } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@any, [{"q"}, {}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
}

// -----

// fragment_c5
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[fragment_c5] expected the type of the block argument to be global tensor type operand: 'tensor<4x8xf32>', got: 'tensor<4x4xf32>'}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%a) (%b: tensor<4x4xf32>) {
    %c = stablehlo.constant dense<0.0> : tensor<4x8xf32>
    mpmd.return %c : tensor<4x8xf32>
  } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
}
