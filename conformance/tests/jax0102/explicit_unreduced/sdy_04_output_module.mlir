module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}, %arg1: tensor<8x4xf32> {mhlo.sharding = "{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}) -> (tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) {
    %0 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dims={unreduced}}"} : (tensor<8x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = mhlo.copy %0 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dims={unreduced}}"} : tensor<8x4xf32>
    %2 = mhlo.copy %1 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dims={unreduced}}"} : tensor<8x4xf32>
    %3 = stablehlo.custom_call @SPMDFullToShardShape(%2) {mhlo.sharding = "{manual}"} : (tensor<8x4xf32>) -> tensor<4x4xf32>
    %4 = call @xla.sdy.inlinable_manual_computation_body(%3) {mhlo.sharding = "{manual}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %5 = mhlo.copy %4 {mhlo.sharding = "{manual}"} : tensor<4x4xf32>
    %6 = stablehlo.custom_call @SPMDShardToFullShape(%5) {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<4x4xf32>) -> tensor<8x4xf32>
    %7 = mhlo.copy %6 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<8x4xf32>
    return %7 : tensor<8x4xf32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<4x4xf32> {mhlo.sharding = "{manual}"}) -> (tensor<4x4xf32> {mhlo.sharding = "{manual}"}) {
    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = stablehlo.add %arg1, %arg2 {mhlo.sharding = "{manual}"} : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) {mhlo.sharding = "{manual}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}
