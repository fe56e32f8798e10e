// dot.mlir with its inputs as JAX writes them: an i32 iota converted to f32 (the same values).
// dot_general 256x256 @ 256x256 f32 (16.8 M multiply-adds).
func.func @main() -> tensor<256x256xf32> {
  %i0_int = stablehlo.iota dim = 0 : tensor<256x256xi32>
  %i0 = stablehlo.convert %i0_int : (tensor<256x256xi32>) -> tensor<256x256xf32>
  %i1_int = stablehlo.iota dim = 1 : tensor<256x256xi32>
  %i1 = stablehlo.convert %i1_int : (tensor<256x256xi32>) -> tensor<256x256xf32>
  %s0 = stablehlo.constant dense<0.0039> : tensor<256x256xf32>
  %s1 = stablehlo.constant dense<-0.0021> : tensor<256x256xf32>
  %a = stablehlo.multiply %i0, %s0 : tensor<256x256xf32>
  %b0 = stablehlo.multiply %i1, %s1 : tensor<256x256xf32>
  %b = stablehlo.add %b0, %a : tensor<256x256xf32>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  func.return %0 : tensor<256x256xf32>
}
