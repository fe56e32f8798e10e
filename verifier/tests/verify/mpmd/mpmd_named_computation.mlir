// Negative tests of the verifier's `mpmd_named_computation` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// mpmd_named_computation_c1
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[mpmd_named_computation_c1] number of block arguments must match the number of operands respectively: 0 != 1}}
  %0 = mpmd.named_computation<"n"> (%a) () {
    %c = stablehlo.constant dense<0.0> : tensor<4xf32>
    mpmd.return %c : tensor<4xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mpmd_named_computation_c2
func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {
// expected-error @+1 {{[mpmd_named_computation_c2] expected the type of the block argument to match the type of operand: 'tensor<4xf32>', got: 'tensor<4xi32>'}}
  %0 = mpmd.named_computation<"n"> (%a) (%b: tensor<4xf32>) {
    mpmd.return %b : tensor<4xf32>
  } : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
