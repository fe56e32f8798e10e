// Negative tests of the verifier's `is_finite` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// is_finite_c1
func.func @main(%x: tensor<2xf32>) -> tensor<3xi1> {
// expected-error @+1 {{[is_finite_c1] inferred type(s) 'tensor<2xi1>'}}
  %0 = "stablehlo.is_finite"(%x) : (tensor<2xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}
