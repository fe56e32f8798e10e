// The `run` target's finding (session 10): a literal whose type has a zero dimension after
// dimensions that multiply past 2^64 overflowed the element count while parsing.
func.func @main() -> tensor<1x4294967296x4294967296x0xi32> {
  %0 = stablehlo.constant dense<2> : tensor<1x4294967296x4294967296x0xi32>
  func.return %0 : tensor<1x4294967296x4294967296x0xi32>
}
