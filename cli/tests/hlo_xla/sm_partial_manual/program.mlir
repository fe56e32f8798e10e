// shard_map over "y" of a 2x2 mesh ("x" stays automatic): a psum over "y" groups {0,1} and {2,3}.
module @sm_partial_manual attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func @main(%a: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"y"} (%l: tensor<4x2xf32>) {
      %r = "stablehlo.all_reduce"(%l) ({
        ^bb0(%x: tensor<f32>, %y: tensor<f32>):
          %z = stablehlo.add %x, %y : tensor<f32>
          stablehlo.return %z : tensor<f32>
      }) {replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4x2xf32>) -> tensor<4x2xf32>
      sdy.return %r : tensor<4x2xf32>
    } : (tensor<4x4xf32>) -> tensor<4x2xf32>
    return %0 : tensor<4x2xf32>
  }
}
