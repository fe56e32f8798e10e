module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<16xf32> {mhlo.sharding = "{devices=[8]<=[8]}"}) -> (tensor<16xf32> {mhlo.sharding = "{devices=[8]<=[8]}"}) {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{devices=[8]<=[8]}"} : tensor<16xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<16xf32>) -> tensor<2xf32>
    %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {mhlo.sharding = "{manual}"} : (tensor<2xf32>) -> tensor<2xf32>
    %3 = mhlo.copy %2 {mhlo.sharding = "{manual}"} : tensor<2xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{devices=[8]<=[8]}"} : (tensor<2xf32>) -> tensor<16xf32>
    return %4 : tensor<16xf32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<2xf32> {mhlo.sharding = "{manual}"}) -> (tensor<2xf32> {mhlo.sharding = "{manual}"}) {
    %0 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {mhlo.sharding = "{manual}"} : (tensor<2xf32>) -> tensor<2xf32>
    %1 = stablehlo.subtract %0, %arg0 {mhlo.sharding = "{manual}"} : tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}
