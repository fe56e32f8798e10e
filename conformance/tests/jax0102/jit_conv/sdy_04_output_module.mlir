module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<2x8x8x3xf32> {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"}, %arg1: tensor<3x3x3x4xf32> {mhlo.sharding = "{replicated}"}) -> (tensor<2x8x8x4xf32> {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, mhlo.sharding = "{devices=[2,4,1,1]<=[8]}", precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x8x8x4xf32>
    return %0 : tensor<2x8x8x4xf32>
  }
}
