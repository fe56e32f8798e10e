module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<16xi32> {mhlo.sharding = "{devices=[8]<=[8]}"}) -> tensor<2xi32> {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{devices=[8]<=[8]}"} : tensor<16xi32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<16xi32>) -> tensor<2xi32>
    %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {mhlo.sharding = "{manual}"} : (tensor<2xi32>) -> tensor<2xi32>
    %3 = mhlo.copy %2 {mhlo.sharding = "{manual}"} : tensor<2xi32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{replicated}"} : (tensor<2xi32>) -> tensor<2xi32>
    return %4 : tensor<2xi32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<2xi32> {mhlo.sharding = "{manual}"}) -> (tensor<2xi32> {mhlo.sharding = "{manual}"}) {
    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %1 = stablehlo.minimum %arg1, %arg2 {mhlo.sharding = "{manual}"} : tensor<i32>
      stablehlo.return %1 : tensor<i32>
    }) {mhlo.sharding = "{manual}"} : (tensor<2xi32>) -> tensor<2xi32>
    return %0 : tensor<2xi32>
  }
}
