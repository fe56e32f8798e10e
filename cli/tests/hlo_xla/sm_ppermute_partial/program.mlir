// shard_map: a collective_permute with two pairs only (devices 1 and 3 receive nothing: zeros).
module @sm_ppermute_partial attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%a: tensor<4x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l: tensor<1x3xi32>) {
      %p = "stablehlo.collective_permute"(%l) {source_target_pairs = dense<[[1, 0], [3, 2]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<1x3xi32>) -> tensor<1x3xi32>
      sdy.return %p : tensor<1x3xi32>
    } : (tensor<4x3xi32>) -> tensor<4x3xi32>
    return %0 : tensor<4x3xi32>
  }
}
