module @jit_moe attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<128x4xf32> {mhlo.sharding = "{devices=[8,1]<=[8]}"}, %arg1: tensor<8x4x4xf32> {mhlo.sharding = "{devices=[8,1,1]<=[8]}"}) -> (tensor<128x4xf32> {mhlo.sharding = "{devices=[8,1]<=[8]}"}) {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{devices=[8,1]<=[8]}"} : tensor<128x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<128x4xf32>) -> tensor<16x4xf32>
    %2 = mhlo.copy %arg1 {mhlo.sharding = "{devices=[8,1,1]<=[8]}"} : tensor<8x4x4xf32>
    %3 = stablehlo.custom_call @SPMDFullToShardShape(%2) {mhlo.sharding = "{manual}"} : (tensor<8x4x4xf32>) -> tensor<1x4x4xf32>
    %4 = call @xla.sdy.inlinable_manual_computation_body(%1, %3) {mhlo.sharding = "{manual}"} : (tensor<16x4xf32>, tensor<1x4x4xf32>) -> tensor<16x4xf32>
    %5 = mhlo.copy %4 {mhlo.sharding = "{manual}"} : tensor<16x4xf32>
    %6 = stablehlo.custom_call @SPMDShardToFullShape(%5) {mhlo.sharding = "{devices=[8,1]<=[8]}"} : (tensor<16x4xf32>) -> tensor<128x4xf32>
    return %6 : tensor<128x4xf32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<16x4xf32> {mhlo.sharding = "{manual}"}, %arg1: tensor<1x4x4xf32> {mhlo.sharding = "{manual}"}) -> (tensor<16x4xf32> {mhlo.sharding = "{manual}"}) {
    %0 = "stablehlo.all_to_all"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, split_count = 8 : i64, split_dimension = 0 : i64}> {mhlo.sharding = "{manual}"} : (tensor<16x4xf32>) -> tensor<16x4xf32>
    %1 = stablehlo.reshape %arg1 {mhlo.sharding = "{manual}"} : (tensor<1x4x4xf32>) -> tensor<4x4xf32>
    %2 = stablehlo.dot %0, %1, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{manual}"} : (tensor<16x4xf32>, tensor<4x4xf32>) -> tensor<16x4xf32>
    %3 = stablehlo.tanh %2 {mhlo.sharding = "{manual}"} : tensor<16x4xf32>
    %4 = "stablehlo.all_to_all"(%3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, split_count = 8 : i64, split_dimension = 0 : i64}> {mhlo.sharding = "{manual}"} : (tensor<16x4xf32>) -> tensor<16x4xf32>
    return %4 : tensor<16x4xf32>
  }
}
