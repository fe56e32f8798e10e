// reduce.mlir with its inputs as JAX writes them: an i32 iota converted to f32 (the same values).
// reduce-sum over 1024x1024 f32 along each dimension and along both.
func.func @main() -> (tensor<1024xf32>, tensor<1024xf32>, tensor<f32>) {
  %i0_int = stablehlo.iota dim = 0 : tensor<1024x1024xi32>
  %i0 = stablehlo.convert %i0_int : (tensor<1024x1024xi32>) -> tensor<1024x1024xf32>
  %i1_int = stablehlo.iota dim = 1 : tensor<1024x1024xi32>
  %i1 = stablehlo.convert %i1_int : (tensor<1024x1024xi32>) -> tensor<1024x1024xf32>
  %s = stablehlo.constant dense<0.00097> : tensor<1024x1024xf32>
  %a = stablehlo.multiply %i0, %s : tensor<1024x1024xf32>
  %x = stablehlo.subtract %a, %i1 : tensor<1024x1024xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024xf32>
  %r1 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024xf32>
  %r2 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<f32>
  func.return %r0, %r1, %r2 : tensor<1024xf32>, tensor<1024xf32>, tensor<f32>
}
