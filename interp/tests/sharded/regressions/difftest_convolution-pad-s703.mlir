// Regression: findings/reject-insert-convolution-pad-s703 (shardref difftest, global vs insert), fixed by the local-forms work
// of session 4; run sharded on local shards and on canvases with reshards inserted.

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<1x1x2x2xf32>, %arg1: tensor<1x1x1x1xf32>, %arg2: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0]>}) {
  %v0 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>, window_strides = array<i64: 1, 1>}> : (tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x2x2xf32>
  %v1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v2 = "stablehlo.pad"(%arg2, %v1) <{edge_padding_high = array<i64: -2>, edge_padding_low = array<i64: 1>, interior_padding = array<i64: 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}p0]>]>} : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  "func.return"(%v2) : (tensor<2xf32>) -> ()
}
