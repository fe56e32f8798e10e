// The sdy collectives on local shards (with the StableHLO collectives'
// kernels) against the canvas execution (data moved in global coordinates):
// every intermediate sharding is a result, so the tests compare every
// device's shard, not only the reassembled values. Custom device ids, a
// sub-axis and a second device order.
sdy.mesh @mesh = <["x"=4, "y"=2], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
sdy.mesh @mesh_rev = <["x"=4, "y"=2], device_ids=[0, 1, 2, 3, 4, 5, 6, 7]>

func.func @steps(%arg0: tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>})
    -> (tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
        tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
        tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(2)2}]>},
        tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh_rev, [{"y", "x"}, {}]>},
        tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = sdy.all_gather [{"y"}, {}] %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x6xi32>
  %1 = sdy.all_slice [{}, {"y"}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x6xi32>
  %2 = sdy.all_to_all [{"x":(2)2}: 0->1] %0 out_sharding=<@mesh, [{"x":(1)2}, {"x":(2)2}]> : tensor<8x6xi32>
  %3 = sdy.collective_permute %arg0 out_sharding=<@mesh_rev, [{"y", "x"}, {}]> : tensor<8x6xi32>
  %4 = sdy.all_gather [{"x"}, {"y"}] %1 out_sharding=<@mesh, [{}, {}]> : tensor<8x6xi32>
  return %0, %1, %2, %3, %4 : tensor<8x6xi32>, tensor<8x6xi32>, tensor<8x6xi32>, tensor<8x6xi32>, tensor<8x6xi32>
}
