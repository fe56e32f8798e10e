// Negative tests of the verifier's `mpmd_parent` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// mpmd_parent_c1
func.func @main(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  %0 = mpmd.for (%a) {iterations = 2 : ui32} (%b: tensor<4xf32>, %i: tensor<ui32>) {
    %c = mpmd.assign %b : (tensor<4xf32>) -> !mpmd.mesh_tensor<"m1", tensor<4xf32>>
// expected-error @+1 {{[mpmd_parent_c1] 'mpmd.transfer' op expects parent op 'func.func'}}
    %d = mpmd.transfer %c : (!mpmd.mesh_tensor<"m1", tensor<4xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4xf32>>
    mpmd.return %b : tensor<4xf32>
  } : tensor<4xf32>
  return %a : tensor<4xf32>
}
