// shard_map: a ring shift (collective_permute) of the row blocks, added to the local block.
module @sm_ppermute attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%a: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l: tensor<2x2xf32>) {
      %p = "stablehlo.collective_permute"(%l) {source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
      %two = stablehlo.constant dense<2.0> : tensor<2x2xf32>
      %m = stablehlo.multiply %p, %two : tensor<2x2xf32>
      %s = stablehlo.add %l, %m : tensor<2x2xf32>
      sdy.return %s : tensor<2x2xf32>
    } : (tensor<8x2xf32>) -> tensor<8x2xf32>
    return %0 : tensor<8x2xf32>
  }
}
