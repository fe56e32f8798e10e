module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<16x3xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"}) -> (tensor<16x3xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x', 'y'}, {}]}"}) {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"} : tensor<16x3xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<16x3xf32>) -> tensor<8x3xf32>
    %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<8x3xf32>) -> tensor<2x3xf32>
    %3 = mhlo.copy %2 {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : tensor<2x3xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x', 'y'}, {}]}"} : (tensor<2x3xf32>) -> tensor<16x3xf32>
    return %4 : tensor<16x3xf32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<8x3xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"}) -> (tensor<2x3xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"}) {
    %0 = "stablehlo.reduce_scatter"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 4>]>, axes = [#stablehlo.axis_ref<name = "y">]>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = stablehlo.add %arg1, %arg2 {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<8x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
