module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func private @region_0.1(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @xla.sdy.manual_computation_body.2(%arg0: tensor<2x2xf32>, %arg1: tensor<8x4xf32>) -> tensor<2x4xf32> {
    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<2x8xf32>
    %1 = stablehlo.dot %0, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
    %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>, use_global_device_ids}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %2 : tensor<2x4xf32>
  }
  func.func @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>) -> (tensor<2x4xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {}]}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %1 = stablehlo.custom_call @Sharding(%arg1) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {}]}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %2 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%0, %1) {backend_config = "", has_side_effect = true, mhlo.sharding = "{{mesh['x'=2,'y'=4], manual}, {mesh['x'=2,'y'=4], manual}}", xla_shape = "(f32[2,2]{1,0}, f32[8,4]{1,0})"} : (tensor<4x8xf32>, tensor<8x4xf32>) -> tuple<tensor<2x2xf32>, tensor<8x4xf32>>
    %3 = stablehlo.get_tuple_element %2[0] {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tuple<tensor<2x2xf32>, tensor<8x4xf32>>) -> tensor<2x2xf32>
    %4 = stablehlo.get_tuple_element %2[1] {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tuple<tensor<2x2xf32>, tensor<8x4xf32>>) -> tensor<8x4xf32>
    %5 = call @xla.sdy.manual_computation_body.2(%3, %4) {mhlo.frontend_attributes = {inlineable = "xla_late"}, mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<2x2xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
    %6 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%5) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {}]}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %6 : tensor<2x4xf32>
  }
}
