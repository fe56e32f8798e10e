// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10293), minimized from 8 to 1 ops.
// differ: result 0 at [0, 0, 0, 0]: -2.920312e+01 on global vs -5.840625e+01 on shardy
// Signature: differ:global/shardy:convolution

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%arg0: tensor<4x4x1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"y", ?}, {}, {"x"}p0]>}, %arg1: tensor<1x4x1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x", ?}p0, {?}p0, {?}p0, {?}p0]>}) -> (tensor<4x1x1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x", ?}p0, {?}p0, {?}p0, {?}p0]>}) {
  %v0 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>, window_strides = array<i64: 1, 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x", ?}p0, {?}p0, {?}p0, {?}p0]>]>} : (tensor<4x4x1x8xf32>, tensor<1x4x1x1xf32>) -> tensor<4x1x1x8xf32>
  "func.return"(%v0) : (tensor<4x1x1x8xf32>) -> ()
}
