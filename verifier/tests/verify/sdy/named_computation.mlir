// Negative tests of the verifier's `named_computation` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// named_computation_c1
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[named_computation_c1] number of block arguments must match the number of operands: 2 != 1}}
  %0 = sdy.named_computation<"n">(%x) (%a: tensor<8xf32>, %b: tensor<8xf32>) {
    sdy.return %a : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// named_computation_c2
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xi32> {
// expected-error @+1 {{[named_computation_c2] expected the type of the 0'th block argument to match the type of the corresponding operand: 'tensor<8xi32>' vs 'tensor<8xf32>'}}
  %0 = sdy.named_computation<"n">(%x) (%a: tensor<8xi32>) {
    sdy.return %a : tensor<8xi32>
  } : (tensor<8xf32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// named_computation_c3
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+2 {{[named_computation_c3] 'sdy.named_computation' op inferred type(s) 'tensor<8xf32>', 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
// expected-error @+1 {{[named_computation_c3] 'sdy.named_computation' op failed to infer returned types}}
  %0 = sdy.named_computation<"n">(%x) (%a: tensor<8xf32>) {
    sdy.return %a, %a : tensor<8xf32>, tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// named_computation_c4
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[hooks_c2] 'sdy.named_computation' op in_shardings shardings don't match number of values: 2 shardings vs 1 values}}
  %0 = sdy.named_computation<"n">(%x) in_shardings=[<@m, [{}]>, <@m, [{}]>] (%a: tensor<8xf32>) {
    sdy.return %a : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
