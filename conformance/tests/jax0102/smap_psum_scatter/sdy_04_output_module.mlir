module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<16x3xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) -> (tensor<16x3xf32> {mhlo.sharding = "{devices=[8,1]<=[8]}"}) {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<16x3xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<16x3xf32>) -> tensor<8x3xf32>
    %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {mhlo.sharding = "{manual}"} : (tensor<8x3xf32>) -> tensor<2x3xf32>
    %3 = mhlo.copy %2 {mhlo.sharding = "{manual}"} : tensor<2x3xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{devices=[8,1]<=[8]}"} : (tensor<2x3xf32>) -> tensor<16x3xf32>
    return %4 : tensor<16x3xf32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<8x3xf32> {mhlo.sharding = "{manual}"}) -> (tensor<2x3xf32> {mhlo.sharding = "{manual}"}) {
    %0 = "stablehlo.reduce_scatter"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = stablehlo.add %arg1, %arg2 {mhlo.sharding = "{manual}"} : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) {mhlo.sharding = "{manual}"} : (tensor<8x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
