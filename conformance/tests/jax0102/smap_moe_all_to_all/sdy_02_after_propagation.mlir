module @jit_moe attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func @main(%arg0: tensor<128x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) -> (tensor<128x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg2: tensor<16x4xf32>, %arg3: tensor<1x4x4xf32>) {
      %1 = "stablehlo.all_to_all"(%arg2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, split_count = 8 : i64, split_dimension = 0 : i64}> {sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([k, i]) {i=4, j=16, k=16} need_replication={j, k}>} : (tensor<16x4xf32>) -> tensor<16x4xf32>
      %2 = stablehlo.reshape %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([j, k]) {i=1, j=4, k=4}>} : (tensor<1x4x4xf32>) -> tensor<4x4xf32>
      %3 = stablehlo.dot %1, %2, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=16, j=4, k=4} reduction={k}>} : (tensor<16x4xf32>, tensor<4x4xf32>) -> tensor<16x4xf32>
      %4 = stablehlo.tanh %3 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=16, j=4}>} : tensor<16x4xf32>
      %5 = "stablehlo.all_to_all"(%4) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, split_count = 8 : i64, split_dimension = 0 : i64}> {sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([k, i]) {i=4, j=16, k=16} need_replication={j, k}>} : (tensor<16x4xf32>) -> tensor<16x4xf32>
      sdy.return %5 : tensor<16x4xf32>
    } : (tensor<128x4xf32>, tensor<8x4x4xf32>) -> tensor<128x4xf32>
    return %0 : tensor<128x4xf32>
  }
}
