// ewise.mlir with its inputs as JAX writes them: an i32 iota converted to f32 (the same values).
// Ten elementwise ops (add/multiply/tanh) over 1024x1024 f32, ending in a sum.
// The same ten ops as ../shared/oracles/stablehlo_bench.py's `ewise`; the
// inputs come from iota so that the program needs no input files.
func.func @main() -> tensor<f32> {
  %i0_int = stablehlo.iota dim = 0 : tensor<1024x1024xi32>
  %i0 = stablehlo.convert %i0_int : (tensor<1024x1024xi32>) -> tensor<1024x1024xf32>
  %i1_int = stablehlo.iota dim = 1 : tensor<1024x1024xi32>
  %i1 = stablehlo.convert %i1_int : (tensor<1024x1024xi32>) -> tensor<1024x1024xf32>
  %s0 = stablehlo.constant dense<0.00097> : tensor<1024x1024xf32>
  %s1 = stablehlo.constant dense<-0.0013> : tensor<1024x1024xf32>
  %x = stablehlo.multiply %i0, %s0 : tensor<1024x1024xf32>
  %y = stablehlo.multiply %i1, %s1 : tensor<1024x1024xf32>
  %0 = stablehlo.add %x, %y : tensor<1024x1024xf32>
  %1 = stablehlo.multiply %0, %x : tensor<1024x1024xf32>
  %2 = stablehlo.tanh %1 : tensor<1024x1024xf32>
  %3 = stablehlo.add %2, %y : tensor<1024x1024xf32>
  %4 = stablehlo.multiply %3, %3 : tensor<1024x1024xf32>
  %5 = stablehlo.tanh %4 : tensor<1024x1024xf32>
  %6 = stablehlo.add %5, %x : tensor<1024x1024xf32>
  %7 = stablehlo.multiply %6, %y : tensor<1024x1024xf32>
  %8 = stablehlo.tanh %7 : tensor<1024x1024xf32>
  %9 = stablehlo.add %8, %0 : tensor<1024x1024xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%9 init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<f32>
  func.return %r : tensor<f32>
}
