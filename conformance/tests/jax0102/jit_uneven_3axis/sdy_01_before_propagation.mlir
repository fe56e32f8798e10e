module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 2 : i64}, {name = "z", size = 2 : i64}]}}
  func.func @main(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"z"}]>}, %arg1: tensor<4x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z"}, {}]>}) -> (tensor<6x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = stablehlo.sine %arg0 : tensor<6x4xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{"x", "y"}, {"z"}]> : tensor<6x4xf32>
    %2 = stablehlo.dot %1, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x5xf32>) -> tensor<6x5xf32>
    return %2 : tensor<6x5xf32>
  }
}
