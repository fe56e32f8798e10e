// chlo.sinh follows upstream's decomposition (expm1 below |x| = 1, e^(x + log ½) - e^(log ½ - x) above),
// in f32 for f32: the expected bits are XLA CPU's (jax 0.10.2, jnp.sinh under jit), including
// the overflow to inf only where the true value exceeds the f32 range, and the decomposition's
// asymmetry at ±0.999.
func.func @main() {
  %x = stablehlo.constant dense<[-88.5, -50.0, -10.0, -1.5, -1.0, 1.0, 1.5, 10.0, 50.0, 88.5, 89.0, 89.5, -0.999, 0.999, 0.5, 0.0]> : tensor<16xf32>
  %s = chlo.sinh %x : tensor<16xf32> -> tensor<16xf32>
  check.expect_eq_const %s, dense<[0xFECCDCD7, 0xE30C882C, 0xC62C14E9, 0xC008461D, 0xBF966CFE, 0x3F966CFE, 0x4008461D, 0x462C14E9, 0x630C882C, 0x7ECCDCD7, 0x7F28E176, 0x7F800000, 0xBF963A72, 0x3F963A73, 0x3F056681, 0x00000000]> : tensor<16xf32>
  // Near 0 XLA's expm1 differs from the correctly rounded one by an ulp.
  %t = stablehlo.constant dense<[-1.0e-3, 1.0e-3]> : tensor<2xf32>
  %u = chlo.sinh %t : tensor<2xf32> -> tensor<2xf32>
  check.expect_almost_eq_const %u, dense<[-1.0e-3, 1.0e-3]> : tensor<2xf32> {tolerance = 1.0e-9 : f64}
  return
}

// -----

// f16 computes in f32 and rounds once, as XLA upcasts it.
func.func @main() {
  %x = stablehlo.constant dense<[-11.0, 11.0, 0.25]> : tensor<3xf16>
  %s = chlo.sinh %x : tensor<3xf16> -> tensor<3xf16>
  check.expect_almost_eq_const %s, dense<[-29936.0, 29936.0, 0.2526]> : tensor<3xf16> {tolerance = 16.0 : f64}
  return
}

// -----

// f64 follows the same decomposition in f64 (XLA's values: 3e297 from the correctly rounded sinh(700)).
func.func @main() {
  %x = stablehlo.constant dense<[-700.0, 700.0, 0.5, -2.0]> : tensor<4xf64>
  %s = chlo.sinh %x : tensor<4xf64> -> tensor<4xf64>
  check.expect_almost_eq_const %s, dense<[-5.0711602736753014e+303, 5.0711602736753014e+303, 0.5210953054937473, -3.6268604078470186]> : tensor<4xf64> {tolerance = 1.0e+288 : f64}
  return
}
