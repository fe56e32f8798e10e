module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func private @region_0.1(%arg0: tensor<bf16>, %arg1: tensor<bf16>) -> tensor<bf16> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<bf16>
    return %0 : tensor<bf16>
  }
  func.func private @xla.sdy.manual_computation_body.2(%arg0: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<2x2xbf16>
    %1 = "stablehlo.all_reduce"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<bf16>
      stablehlo.return %2 : tensor<bf16>
    }) : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
    return %1 : tensor<2x2xbf16>
  }
  func.func @main(%arg0: tensor<4x8xbf16>) -> (tensor<2x2xbf16> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {}]}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : (tensor<4x8xbf16>) -> tensor<4x8xbf16>
    %1 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%0) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<4x8xbf16>) -> tensor<2x2xbf16>
    %2 = call @xla.sdy.manual_computation_body.2(%1) {mhlo.frontend_attributes = {inlineable = "xla_late"}, mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
    %3 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%2) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {}]}"} : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
    return %3 : tensor<2x2xbf16>
  }
}
