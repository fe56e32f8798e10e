// shard_map: an all_to_all that splits columns and concatenates rows.
module @sm_all_to_all attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l: tensor<2x8xf32>) {
      %t = "stablehlo.all_to_all"(%l) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x8xf32>) -> tensor<8x2xf32>
      sdy.return %t : tensor<8x2xf32>
    } : (tensor<8x8xf32>) -> tensor<32x2xf32>
    return %0 : tensor<32x2xf32>
  }
}
