// Issue #16: found by fuzzing `run` from JAX-style seeds. The base dilation
// i64::MAX made the verifier's num_windows overflow into a dynamic size
// (accepted), and the interpreter wrap (release) or panic (debug) in
// reduce_window's result_shape, then loop without charging fuel.
// expect-error: 'stablehlo.reduce_window' op the padded, base-dilated size along window dimension 0 overflows i64
func.func @main(%arg0: tensor<12x4xf32>) -> tensor<12x4xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = "stablehlo.reduce_window"(%arg0, %init) <{base_dilations = array<i64: 9223372036854775807, 1>, padding = dense<[[0, 0], [3, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 4>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %2 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<12x4xf32>, tensor<f32>) -> tensor<12x4xf32>
  return %1 : tensor<12x4xf32>
}
