// The two kinds of missing radius (`equiv::bound`, verifier/tests/bound.rs): unbounded (+inf)
// where rounding alone may move an element anywhere, unknown (NaN) behind an op with no rule.
// Each function's results: // RADII: one line per result, `finite`, `inf` or `unknown` per element.

// x - x is exactly 0 in every evaluation of the twin, but its ball holds 0, so 1 / (x*y - x*y) is unbounded
// where the product rounds; 1 / (1 + x*x) is always finite.
// RADII: inf inf
// RADII: finite finite
func.func @divide(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %k = stablehlo.constant dense<[0.1, 0.3]> : tensor<2xf32>
  %p = stablehlo.multiply %x, %k : tensor<2xf32>
  %q = stablehlo.multiply %k, %x : tensor<2xf32>
  %d = stablehlo.subtract %p, %q : tensor<2xf32>
  %one = stablehlo.constant dense<1.0> : tensor<2xf32>
  %e = stablehlo.add %d, %one : tensor<2xf32>
  %f = stablehlo.subtract %e, %one : tensor<2xf32>
  %u = stablehlo.divide %one, %f : tensor<2xf32>
  %s = stablehlo.multiply %x, %x : tensor<2xf32>
  %t = stablehlo.add %one, %s : tensor<2xf32>
  %v = stablehlo.divide %one, %t : tensor<2xf32>
  return %u, %v : tensor<2xf32>, tensor<2xf32>
}

// lgamma has no rule: what it computes is unknown, and so is what depends on it.
// RADII: unknown unknown
// RADII: finite finite
func.func @opaque(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %c = chlo.lgamma %x : tensor<2xf32> -> tensor<2xf32>
  %t = stablehlo.tanh %c : tensor<2xf32>
  %u = stablehlo.tanh %x : tensor<2xf32>
  return %t, %u : tensor<2xf32>, tensor<2xf32>
}
