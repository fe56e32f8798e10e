// Negative tests of the verifier's `constant` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// constant_c1
func.func @main() -> tensor<3xf32> {
// expected-error @+1 {{[constant_c1] inferred type(s) 'tensor<2xf32>' are incompatible}}
  %0 = "stablehlo.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
