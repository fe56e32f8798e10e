// A convolution whose input features (the contraction) are sharded, lhs and
// kernel alike: each device convolves its feature shard, the results are
// partial sums, and an all_reduce sums them (padding and strides on the
// unsharded spatial dimension change nothing).
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_conv_features(%arg0: tensor<3x8x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x", "y"}, {}]>}, %arg1: tensor<2x8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x", "y"}, {}]>}) -> (tensor<3x2x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
  %0 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, padding = dense<[[1, 0]]> : tensor<1x2xi64>, window_strides = array<i64: 2>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}], unreduced={"x", "y"}>]>} : (tensor<3x8x5xi32>, tensor<2x8x2xi32>) -> tensor<3x2x3xi32>
  %1 = sdy.all_reduce {"x", "y"} %0 out_sharding=<@mesh, [{}, {}, {}]> : tensor<3x2x3xi32>
  return %1 : tensor<3x2x3xi32>
}
func.func @sequential_conv_features(%arg0: tensor<3x8x5xi32>, %arg1: tensor<2x8x2xi32>) -> tensor<3x2x3xi32> {
  %0 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, padding = dense<[[1, 0]]> : tensor<1x2xi64>, window_strides = array<i64: 2>}> : (tensor<3x8x5xi32>, tensor<2x8x2xi32>) -> tensor<3x2x3xi32>
  return %0 : tensor<3x2x3xi32>
}
