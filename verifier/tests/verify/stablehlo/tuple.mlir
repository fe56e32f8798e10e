// Negative tests of the verifier's `tuple` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// tuple_c1
func.func @main(%x: tensor<2xf32>) -> tuple<tensor<2xf64>> {
// expected-error @+1 {{[tuple_c1] inferred type(s) 'tuple<tensor<2xf32>>' are incompatible with return type(s) of operation 'tuple<tensor<2xf64>>'}}
  %0 = "stablehlo.tuple"(%x) : (tensor<2xf32>) -> tuple<tensor<2xf64>>
  return %0 : tuple<tensor<2xf64>>
}
