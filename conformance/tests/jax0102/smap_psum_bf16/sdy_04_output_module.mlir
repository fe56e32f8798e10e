module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<4x8xbf16> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) -> tensor<2x2xbf16> {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xbf16>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<4x8xbf16>) -> tensor<2x2xbf16>
    %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {mhlo.sharding = "{manual}"} : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
    %3 = mhlo.copy %2 {mhlo.sharding = "{manual}"} : tensor<2x2xbf16>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{replicated}"} : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
    return %4 : tensor<2x2xbf16>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<2x2xbf16> {mhlo.sharding = "{manual}"}) -> (tensor<2x2xbf16> {mhlo.sharding = "{manual}"}) {
    %0 = stablehlo.multiply %arg0, %arg0 {mhlo.sharding = "{manual}"} : tensor<2x2xbf16>
    %1 = "stablehlo.all_reduce"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
      %2 = stablehlo.add %arg1, %arg2 {mhlo.sharding = "{manual}"} : tensor<bf16>
      stablehlo.return %2 : tensor<bf16>
    }) {mhlo.sharding = "{manual}"} : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
    return %1 : tensor<2x2xbf16>
  }
}
