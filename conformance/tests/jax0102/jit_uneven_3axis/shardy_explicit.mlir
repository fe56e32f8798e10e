module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 2 : i64}, {name = "z", size = 2 : i64}]}}
  func.func @main(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"z"}]>}, %arg1: tensor<4x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z"}, {}]>}) -> (tensor<6x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = sdy.all_slice [{"x", "y"}, {}] %arg0 out_sharding=<@mesh, [{"x", "y"}, {"z"}]> : tensor<6x4xf32>
    %1 = stablehlo.sine %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {"z"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=6, j=4}>} : tensor<6x4xf32>
    %2 = stablehlo.dot %1, %arg1, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=6, j=5, k=4} reduction={k}>} : (tensor<6x4xf32>, tensor<4x5xf32>) -> tensor<6x5xf32>
    %3 = sdy.all_reduce {"z"} %2 out_sharding=<@mesh, [{"x", "y"}, {}]> : tensor<6x5xf32>
    %4 = sdy.all_gather [{"x", "y"}, {}] %3 out_sharding=<@mesh, [{}, {}]> : tensor<6x5xf32>
    return %4 : tensor<6x5xf32>
  }
}
