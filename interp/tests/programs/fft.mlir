// fft: the real forward transform of prime lengths reproduces XLA CPU (DUCC) bit for bit
// (expected values from jax 0.10.2 on CPU).
func.func @main() {
  %x = stablehlo.constant dense<"0x78CCE13F68E1CC3E938E7A3FCB6A0F40240CEF3FE22E7ABFFF38733F62FD1ABE6864D3BDF839D23E2880133EA225BA3F5ED3423FC030F93D0B42E33E5DD7AA3EFC3DBF3F021552BE694AA03E05A65ABF2F6423C0"> : tensor<3x7xf32>
  %y = stablehlo.fft %x, type = RFFT, length = [7] : (tensor<3x7xf32>) -> tensor<3x4xcomplex<f32>>
  check.expect_eq_const %y, dense<"0xB82CE740000000008C498CBFEACAD1BF6EC380407E9ED63FE647BBBE33B3B33F76C5284000000000B298EBBF0C018B3FB8AF5BBE540975BFC0D2533EAFEC8C3F108783BF0000000086F996BF64488AC0FB54DB3EF5D60CC0CC60344057588B3F"> : tensor<3x4xcomplex<f32>>
  %x2 = stablehlo.constant dense<"0x507C659051FDF93FADD9B72F8293E3BFD28F5472C8E6E0BF0CB85C25E12AF1BF7D1135576BB1EB3F59A2CC1E8D6902C005C68FBDBFEAFB3FF6AF1A93CE5BE8BF247BEDF4226BD43FC623A2535EEBCFBF7648CD4ACB64F73FF49A630D2B7B00C036F8B9C47BA2D4BF94FB4BB75894D8BFCB8E406DEB23F23FEC50E4952799F1BF88232BA42012C6BFEEB26F896A17ECBF0C922B4B0A9DA53FA2A950176CA6E23FC6ADB7DA229CF1BF92780BCFC950F23F"> : tensor<2x11xf64>
  %y2 = stablehlo.fft %x2, type = RFFT, length = [11] : (tensor<2x11xf64>) -> tensor<2x6xcomplex<f64>>
  check.expect_eq_const %y2, dense<"0x84916AE69C67DF3F00000000000000003122D95A31B804400289E490834E05400E423D35DFD0054030E6E7BAE809F23F35538AF67A1B0340567CF439C5170740D7F0C1C2D037CB3F3CEBDAAD9CC200C00B598EAF77A8E83FDF919B49A0E11B405C1BAAB43DE908C000000000000000001C5DDF2EF9EDE0BF02CDA58A16ABD03FE418E5C9CF0209C092691366727DC93FD4BFB4442FEACEBFFCC5069EAFEA01405CD74DD3CB57D7BFE38CA3C680DE0340BE677EB5710C16C0945C8CDFFFA4F5BF"> : tensor<2x6xcomplex<f64>>
  func.return
}

// -----

// fft edge cases: NaN and infinity spread through a line, -0.0 stays in the DC term, empty batches.
func.func @main() {
  %x = stablehlo.constant dense<[[0x7FC00000, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [-0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0]]> : tensor<2x7xf32>
  %y = stablehlo.fft %x, type = RFFT, length = [7] : (tensor<2x7xf32>) -> tensor<2x4xcomplex<f32>>
  %re = stablehlo.real %y : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xf32>
  %nan = stablehlo.slice %re [0:1, 0:4] : (tensor<2x4xf32>) -> tensor<1x4xf32>
  %isfinite = stablehlo.is_finite %nan : (tensor<1x4xf32>) -> tensor<1x4xi1>
  check.expect_eq_const %isfinite, dense<false> : tensor<1x4xi1>
  %z = stablehlo.slice %re [1:2, 0:1] : (tensor<2x4xf32>) -> tensor<1x1xf32>
  %z_bits = stablehlo.bitcast_convert %z : (tensor<1x1xf32>) -> tensor<1x1xui32>
  check.expect_eq_const %z_bits, dense<2147483648> : tensor<1x1xui32>
  %e = stablehlo.constant dense<0.0> : tensor<0x7xf32>
  %ey = stablehlo.fft %e, type = RFFT, length = [7] : (tensor<0x7xf32>) -> tensor<0x4xcomplex<f32>>
  %c = stablehlo.constant dense<(1.0, 0.0)> : tensor<4xcomplex<f64>>
  %cy = stablehlo.fft %c, type = FFT, length = [4] : (tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
  check.expect_eq_const %cy, dense<[(4.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]> : tensor<4xcomplex<f64>>
  func.return
}
