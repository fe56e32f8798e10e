module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<4x8xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) -> (tensor<4x2xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<4x8xf32>) -> tensor<2x2xf32>
    %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {mhlo.sharding = "{manual}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %3 = mhlo.copy %2 {mhlo.sharding = "{manual}"} : tensor<2x2xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<2x2xf32>) -> tensor<4x2xf32>
    return %4 : tensor<4x2xf32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<2x2xf32> {mhlo.sharding = "{manual}"}) -> (tensor<2x2xf32> {mhlo.sharding = "{manual}"}) {
    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %3 = stablehlo.maximum %arg1, %arg2 {mhlo.sharding = "{manual}"} : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }) {mhlo.sharding = "{manual}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %cst = stablehlo.constant {mhlo.sharding = "{manual}"} dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{manual}"} : (tensor<f32>) -> tensor<2x2xf32>
    %2 = stablehlo.multiply %0, %1 {mhlo.sharding = "{manual}"} : tensor<2x2xf32>
    return %2 : tensor<2x2xf32>
  }
}
