// Negative tests of the verifier's `stablehlo_signature` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// stablehlo_signature
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
// expected-error @+1 {{[stablehlo_signature] 'stablehlo.add' op expected 2 operands, but found 1}}
  %0 = "stablehlo.add"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
