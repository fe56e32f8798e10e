module @jit_moe attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=8]>
  func.func private @xla.sdy.manual_computation_body.1(%arg0: tensor<16x4xf32>, %arg1: tensor<1x4x4xf32>) -> tensor<16x4xf32> {
    %0 = "stablehlo.all_to_all"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, concat_dimension = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>, split_count = 8 : i64, split_dimension = 0 : i64}> : (tensor<16x4xf32>) -> tensor<16x4xf32>
    %1 = stablehlo.reshape %arg1 : (tensor<1x4x4xf32>) -> tensor<4x4xf32>
    %2 = stablehlo.dot %0, %1, precision = [DEFAULT, DEFAULT] : (tensor<16x4xf32>, tensor<4x4xf32>) -> tensor<16x4xf32>
    %3 = stablehlo.tanh %2 : tensor<16x4xf32>
    %4 = "stablehlo.all_to_all"(%3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, concat_dimension = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>, split_count = 8 : i64, split_dimension = 0 : i64}> : (tensor<16x4xf32>) -> tensor<16x4xf32>
    return %4 : tensor<16x4xf32>
  }
  func.func @main(%arg0: tensor<128x4xf32>, %arg1: tensor<8x4x4xf32>) -> (tensor<128x4xf32> {mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : (tensor<128x4xf32>) -> tensor<128x4xf32>
    %1 = stablehlo.custom_call @Sharding(%arg1) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{'x'}, {}, {}]}"} : (tensor<8x4x4xf32>) -> tensor<8x4x4xf32>
    %2 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%0, %1) {backend_config = "", has_side_effect = true, mhlo.sharding = "{{mesh['x'=8], manual}, {mesh['x'=8], manual}}", xla_shape = "(f32[16,4]{1,0}, f32[1,4,4]{2,1,0})"} : (tensor<128x4xf32>, tensor<8x4x4xf32>) -> tuple<tensor<16x4xf32>, tensor<1x4x4xf32>>
    %3 = stablehlo.get_tuple_element %2[0] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tuple<tensor<16x4xf32>, tensor<1x4x4xf32>>) -> tensor<16x4xf32>
    %4 = stablehlo.get_tuple_element %2[1] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tuple<tensor<16x4xf32>, tensor<1x4x4xf32>>) -> tensor<1x4x4xf32>
    %5 = call @xla.sdy.manual_computation_body.1(%3, %4) {mhlo.frontend_attributes = {inlineable = "xla_late"}, mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<16x4xf32>, tensor<1x4x4xf32>) -> tensor<16x4xf32>
    %6 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%5) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : (tensor<16x4xf32>) -> tensor<128x4xf32>
    return %6 : tensor<128x4xf32>
  }
}
