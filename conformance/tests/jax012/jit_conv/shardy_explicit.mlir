module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<2x8x8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}, %arg1: tensor<3x3x3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}) -> (tensor<2x8x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}) {
    %0 = sdy.all_gather [{}, {"y"}, {}, {}] %arg0 out_sharding=<@mesh, [{"x"}, {}, {}, {}]> : tensor<2x8x8x3xf32>
    %1 = stablehlo.convolution(%0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l, n], [k, m, n, o])->([i, j, l, o]) {i=2, j=8, k=3, l=8, m=3, n=3, o=4} reduction={n} permutation={j, k, l, m}>} : (tensor<2x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x8x8x4xf32>
    %2 = sdy.all_slice [{}, {"y"}, {}, {}] %1 out_sharding=<@mesh, [{"x"}, {"y"}, {}, {}]> : tensor<2x8x8x4xf32>
    return %2 : tensor<2x8x8x4xf32>
  }
}
