module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func private @region_0.1(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @xla.sdy.manual_computation_body.2(%arg0: tensor<8x3xf32>) -> tensor<2x3xf32> {
    %0 = "stablehlo.reduce_scatter"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) : (tensor<8x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
  func.func @main(%arg0: tensor<16x3xf32>) -> (tensor<16x3xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x', 'y'}, {}]}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"} : (tensor<16x3xf32>) -> tensor<16x3xf32>
    %1 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%0) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<16x3xf32>) -> tensor<8x3xf32>
    %2 = call @xla.sdy.manual_computation_body.2(%1) {mhlo.frontend_attributes = {inlineable = "xla_late"}, mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<8x3xf32>) -> tensor<2x3xf32>
    %3 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%2) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x', 'y'}, {}]}"} : (tensor<2x3xf32>) -> tensor<16x3xf32>
    return %3 : tensor<16x3xf32>
  }
}
