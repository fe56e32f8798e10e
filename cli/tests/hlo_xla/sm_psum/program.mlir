// shard_map: each device sums its block's rows, then psum (all_reduce) over "x".
module @sm_psum attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%a: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"x"} (%l: tensor<2x3xf32>) {
      %c = stablehlo.constant dense<0.0> : tensor<f32>
      %s = stablehlo.reduce(%l init: %c) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
      %r = "stablehlo.all_reduce"(%s) ({
        ^bb0(%x: tensor<f32>, %y: tensor<f32>):
          %z = stablehlo.add %x, %y : tensor<f32>
          stablehlo.return %z : tensor<f32>
      }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<3xf32>) -> tensor<3xf32>
      sdy.return %r : tensor<3xf32>
    } : (tensor<8x3xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}
