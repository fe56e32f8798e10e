module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=8]>
  func.func private @region_0.1(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_1.2(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @xla.sdy.manual_computation_body.3(%arg0: tensor<2x4xf32>) -> tensor<1x4xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
    %1 = stablehlo.reshape %0 : (tensor<4xf32>) -> tensor<1x4xf32>
    %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %3 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }) : (tensor<1x4xf32>) -> tensor<1x4xf32>
    return %2 : tensor<1x4xf32>
  }
  func.func @main(%arg0: tensor<16x4xf32>) -> (tensor<1x4xf32> {mhlo.sharding = "{mesh['x'=8], [{}, {}]}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : (tensor<16x4xf32>) -> tensor<16x4xf32>
    %1 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%0) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<16x4xf32>) -> tensor<2x4xf32>
    %2 = call @xla.sdy.manual_computation_body.3(%1) {mhlo.frontend_attributes = {inlineable = "xla_late"}, mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x4xf32>) -> tensor<1x4xf32>
    %3 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%2) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{}, {}]}"} : (tensor<1x4xf32>) -> tensor<1x4xf32>
    return %3 : tensor<1x4xf32>
  }
}
