module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<4x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"}) -> (tensor<4x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"}) {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<4x8xf32>) -> tensor<2x2xf32>
    %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<2x2xf32>) -> tensor<2x8xf32>
    %3 = mhlo.copy %2 {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : tensor<2x8xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"} : (tensor<2x8xf32>) -> tensor<4x8xf32>
    return %4 : tensor<4x8xf32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<2x2xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"}) -> (tensor<2x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"}) {
    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 4>]>, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<2x2xf32>) -> tensor<2x8xf32>
    %cst = stablehlo.constant {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} dense<1.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<f32>) -> tensor<2x8xf32>
    %2 = stablehlo.add %0, %1 {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : tensor<2x8xf32>
    return %2 : tensor<2x8xf32>
  }
}
