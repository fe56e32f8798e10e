module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<16x4xf32> {mhlo.sharding = "{devices=[8,1]<=[8]}"}) -> tensor<1x4xf32> {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{devices=[8,1]<=[8]}"} : tensor<16x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<16x4xf32>) -> tensor<2x4xf32>
    %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {mhlo.sharding = "{manual}"} : (tensor<2x4xf32>) -> tensor<1x4xf32>
    %3 = mhlo.copy %2 {mhlo.sharding = "{manual}"} : tensor<1x4xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{replicated}"} : (tensor<1x4xf32>) -> tensor<1x4xf32>
    return %4 : tensor<1x4xf32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<2x4xf32> {mhlo.sharding = "{manual}"}) -> (tensor<1x4xf32> {mhlo.sharding = "{manual}"}) {
    %cst = stablehlo.constant {mhlo.sharding = "{manual}"} dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] {mhlo.sharding = "{manual}"} : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
    %1 = stablehlo.reshape %0 {mhlo.sharding = "{manual}"} : (tensor<4xf32>) -> tensor<1x4xf32>
    %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %3 = stablehlo.add %arg1, %arg2 {mhlo.sharding = "{manual}"} : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }) {mhlo.sharding = "{manual}"} : (tensor<1x4xf32>) -> tensor<1x4xf32>
    return %2 : tensor<1x4xf32>
  }
}
