// Negative tests of the verifier's `stablehlo_operand_types` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// stablehlo_operand_types
func.func @main(%x: tensor<2xi32>) -> tensor<3xi32> {
// expected-error @+1 {{[stablehlo_operand_types] operand #0 must be tensor of floating-point or complex type or quantized values}}
  %0 = "stablehlo.sqrt"(%x) : (tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
