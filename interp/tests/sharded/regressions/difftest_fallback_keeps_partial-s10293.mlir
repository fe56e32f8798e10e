// Regression: findings/differ-shardy-convolution-s10293 (shardref difftest, global vs shardy):
// Shardy's export (jaxlib 0.10.2). The convolution contracts input features sharded on "y" on
// both operands, so on local shards its result is partial over "y", which the explicit
// sdy.reduce_scatter completes. Its spatial dim is sharded on "x", a permutation factor, so the
// strict run refuses it, and with reshards inserted it runs whole (the global fallback); the
// fallback used to return the complete sum, which the reduce_scatter then counted twice. The
// fallback now leaves its result partial over the reduction factors' axes, as the local run would.
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%arg0: tensor<4x4x1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}, {}, {"x"}]>}, %arg1: tensor<1x4x1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}) -> (tensor<4x1x1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}, {}, {}, {}]>}) {
  %0 = sdy.all_slice [{}, {"y"}, {}, {}] %arg1 out_sharding=<@mesh, [{}, {"y"}, {}, {}]> : tensor<1x4x1x1xf32>
  %1 = stablehlo.convolution(%arg0, %0) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}, {"x"}]>]>} : (tensor<4x4x1x8xf32>, tensor<1x4x1x1xf32>) -> tensor<4x1x1x8xf32>
  %2 = sdy.reduce_scatter [{"y"}, {}, {}, {}] %1 out_sharding=<@mesh, [{"y"}, {}, {}, {"x"}]> : tensor<4x1x1x8xf32>
  %3 = sdy.all_to_all [{"x"}: 3->0] %2 out_sharding=<@mesh, [{"y", "x"}, {}, {}, {}]> : tensor<4x1x1x8xf32>
  return %3 : tensor<4x1x1x8xf32>
}

