// A reduce_window whose work (2^21 windows of 2^21 elements over a padded
// one-element base) exceeds any small budget: it verifies, and the run stops
// before the kernel starts, naming the op.
// expect-error: out of fuel: 'stablehlo.reduce_window' needs
func.func @main() -> tensor<2097152xf32> {
  %x = stablehlo.constant dense<1.0> : tensor<1xf32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 4398046511104]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2097152>, window_strides = array<i64: 2097152>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<1xf32>, tensor<f32>) -> tensor<2097152xf32>
  return %0 : tensor<2097152xf32>
}
