// shard_map: all_gather of the row blocks over "x", then each device scales by (partition index + 1).
module @sm_all_gather attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%a: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l: tensor<2x2xf32>) {
      %g = "stablehlo.all_gather"(%l) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<8x2xf32>
      %p = stablehlo.partition_id : tensor<ui32>
      %pf = stablehlo.convert %p : (tensor<ui32>) -> tensor<f32>
      %one = stablehlo.constant dense<1.0> : tensor<f32>
      %k = stablehlo.add %pf, %one : tensor<f32>
      %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<f32>) -> tensor<8x2xf32>
      %r = stablehlo.multiply %g, %kb : tensor<8x2xf32>
      sdy.return %r : tensor<8x2xf32>
    } : (tensor<8x2xf32>) -> tensor<32x2xf32>
    return %0 : tensor<32x2xf32>
  }
}
