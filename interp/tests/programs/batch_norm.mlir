// batch_norm_*: the spec's examples, then NaN, infinity, -0.0, empty and f32 rounding cases.
func.func @main() {
  %operand = stablehlo.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[3.0, 4.0], [1.0, 2.0]]]> : tensor<2x2x2xf64>
  %scale = stablehlo.constant dense<1.0> : tensor<2xf64>
  %offset = stablehlo.constant dense<1.0> : tensor<2xf64>
  %mean = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf64>
  %variance = stablehlo.constant dense<1.0> : tensor<2xf64>
  %result = "stablehlo.batch_norm_inference"(%operand, %scale, %offset, %mean, %variance) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
  check.expect_eq_const %result, dense<[[[0.0, 0.0], [2.0, 2.0]], [[2.0, 2.0], [0.0, 0.0]]]> : tensor<2x2x2xf64>
  %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  check.expect_eq_const %output, dense<[[[0.0, 0.0], [2.0, 2.0]], [[2.0, 2.0], [0.0, 0.0]]]> : tensor<2x2x2xf64>
  check.expect_eq_const %batch_mean, dense<[2.0, 3.0]> : tensor<2xf64>
  check.expect_eq_const %batch_var, dense<[1.0, 1.0]> : tensor<2xf64>
  %grad_output = stablehlo.constant dense<0.1> : tensor<2x2x2xf64>
  %grad_operand, %grad_scale, %grad_offset = "stablehlo.batch_norm_grad"(%operand, %scale, %mean, %variance, %grad_output) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  check.expect_almost_eq_const %grad_operand, dense<0.0> : tensor<2x2x2xf64>
  check.expect_almost_eq_const %grad_scale, dense<0.0> : tensor<2xf64>
  check.expect_almost_eq_const %grad_offset, dense<0.4> : tensor<2xf64>
  func.return
}

// -----

func.func @main() {
  // Feature 0 holds a NaN, feature 1 is all -0.0 with offset -0.0, feature 2 has an infinite variance.
  %x = stablehlo.constant dense<[[0x7FC00000, -0.0, 5.0], [1.0, -0.0, 7.0]]> : tensor<2x3xf32>
  %scale = stablehlo.constant dense<[1.0, 1.0, 2.0]> : tensor<3xf32>
  %offset = stablehlo.constant dense<[0.0, -0.0, 3.0]> : tensor<3xf32>
  %mean = stablehlo.constant dense<[0.0, 0.0, 6.0]> : tensor<3xf32>
  %var = stablehlo.constant dense<[1.0, 1.0, 0x7F800000]> : tensor<3xf32>
  %y = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %nan = stablehlo.slice %y [0:1, 0:1] : (tensor<2x3xf32>) -> tensor<1x1xf32>
  %ok = stablehlo.compare NE, %nan, %nan : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xi1>
  check.expect_eq_const %ok, dense<true> : tensor<1x1xi1>
  %rest = stablehlo.slice %y [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %rest_bits = stablehlo.bitcast_convert %rest : (tensor<2x2xf32>) -> tensor<2x2xui32>
  check.expect_eq_const %rest_bits, dense<[[2147483648, 1077936128], [2147483648, 1077936128]]> : tensor<2x2xui32>
  // Training on an empty batch: the divisor is 0, so mean and variance are NaN.
  %e = stablehlo.constant dense<1.0> : tensor<0x2xf32>
  %s2 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %out, %m, %v = "stablehlo.batch_norm_training"(%e, %s2, %s2) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<0x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<0x2xf32>, tensor<2xf32>, tensor<2xf32>)
  %mnan = stablehlo.compare NE, %m, %m : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  check.expect_eq_const %mnan, dense<true> : tensor<2xi1>
  // f32 rounding step by step: mean of [0.1, 0.2, 0.3] is (0.1 + 0.2 + 0.3) / 3 in f32.
  %t = stablehlo.constant dense<[[0.1], [0.2], [0.3]]> : tensor<3x1xf32>
  %one = stablehlo.constant dense<1.0> : tensor<1xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<1xf32>
  %o2, %m2, %v2 = "stablehlo.batch_norm_training"(%t, %one, %zero) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<3x1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<3x1xf32>, tensor<1xf32>, tensor<1xf32>)
  check.expect_eq_const %m2, dense<0x3E4CCCCD> : tensor<1xf32>
  func.return
}
