module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<4x8xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}, %arg1: tensor<8x4xf32> {mhlo.sharding = "{replicated}"}) -> tensor<2x4xf32> {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<4x8xf32>) -> tensor<2x2xf32>
    %2 = mhlo.copy %arg1 {mhlo.sharding = "{replicated}"} : tensor<8x4xf32>
    %3 = stablehlo.custom_call @SPMDFullToShardShape(%2) {mhlo.sharding = "{manual}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %4 = call @xla.sdy.inlinable_manual_computation_body(%1, %3) {mhlo.sharding = "{manual}"} : (tensor<2x2xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
    %5 = mhlo.copy %4 {mhlo.sharding = "{manual}"} : tensor<2x4xf32>
    %6 = stablehlo.custom_call @SPMDShardToFullShape(%5) {mhlo.sharding = "{replicated}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %6 : tensor<2x4xf32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<2x2xf32> {mhlo.sharding = "{manual}"}, %arg1: tensor<8x4xf32> {mhlo.sharding = "{manual}"}) -> (tensor<2x4xf32> {mhlo.sharding = "{manual}"}) {
    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> {mhlo.sharding = "{manual}"} : (tensor<2x2xf32>) -> tensor<2x8xf32>
    %1 = stablehlo.dot %0, %arg1, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{manual}"} : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
    %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = stablehlo.add %arg2, %arg3 {mhlo.sharding = "{manual}"} : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }) {mhlo.sharding = "{manual}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %2 : tensor<2x4xf32>
  }
}
