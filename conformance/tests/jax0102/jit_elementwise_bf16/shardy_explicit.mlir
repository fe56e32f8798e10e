module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<8x8xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8x8xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
    %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<8x8xbf16>
    %1 = sdy.collective_permute %0 out_sharding=<@mesh, [{"y":(1)2}, {"x", "y":(2)2}]> : tensor<8x8xbf16>
    %2 = sdy.all_to_all [{"y":(2)2}: 1->0] %1 out_sharding=<@mesh, [{"y"}, {"x"}]> : tensor<8x8xbf16>
    %3 = stablehlo.exponential %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}>} : tensor<8x8xbf16>
    %4 = sdy.collective_permute %3 out_sharding=<@mesh, [{"y":(1)2}, {"x", "y":(2)2}]> : tensor<8x8xbf16>
    %5 = sdy.all_to_all [{"y":(2)2}: 1->0] %4 out_sharding=<@mesh, [{"y"}, {"x"}]> : tensor<8x8xbf16>
    %6 = stablehlo.add %2, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<8x8xbf16>
    return %6 : tensor<8x8xbf16>
  }
}
