// Negative tests of the verifier's `iota` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// iota_c1
func.func @main() -> tensor<2x3xi32> {
// expected-error @+1 {{[iota_c1] iota dimension cannot go beyond the output rank.}}
  %0 = "stablehlo.iota"() {iota_dimension = 2 : i64} : () -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
