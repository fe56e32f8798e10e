// shard_map: psum_scatter (reduce_scatter) of each device's block over "x".
module @sm_reduce_scatter attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%a: tensor<32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l: tensor<8x2xf32>) {
      %r = "stablehlo.reduce_scatter"(%l) ({
        ^bb0(%x: tensor<f32>, %y: tensor<f32>):
          %z = stablehlo.add %x, %y : tensor<f32>
          stablehlo.return %z : tensor<f32>
      }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<8x2xf32>) -> tensor<2x2xf32>
      sdy.return %r : tensor<2x2xf32>
    } : (tensor<32x2xf32>) -> tensor<8x2xf32>
    return %0 : tensor<8x2xf32>
  }
}
