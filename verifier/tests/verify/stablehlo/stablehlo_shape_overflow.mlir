// Negative tests of the verifier's `stablehlo_shape_overflow` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// stablehlo_shape_overflow
func.func @main(%arg0: tensor<12x4xf32>) -> tensor<12x4xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
// expected-error @+1 {{[stablehlo_shape_overflow] 'stablehlo.reduce_window' op the padded, base-dilated size along window dimension 0 overflows i64}}
  %1 = "stablehlo.reduce_window"(%arg0, %init) <{base_dilations = array<i64: 9223372036854775807, 1>, padding = dense<[[0, 0], [3, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 4>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %2 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<12x4xf32>, tensor<f32>) -> tensor<12x4xf32>
  return %1 : tensor<12x4xf32>
}
