module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<4x8xbf16> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"}) -> (tensor<2x2xbf16> {mhlo.sharding = "{mesh[], replicated}"}) {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xbf16>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<4x8xbf16>) -> tensor<2x2xbf16>
    %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
    %3 = mhlo.copy %2 {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : tensor<2x2xbf16>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{mesh[], replicated}"} : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
    return %4 : tensor<2x2xbf16>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<2x2xbf16> {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"}) -> (tensor<2x2xbf16> {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"}) {
    %0 = stablehlo.multiply %arg0, %arg0 {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : tensor<2x2xbf16>
    %1 = "stablehlo.all_reduce"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 4>]>, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
      %2 = stablehlo.add %arg1, %arg2 {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : tensor<bf16>
      stablehlo.return %2 : tensor<bf16>
    }) {mhlo.sharding = "{mesh['x'=2,'y'=4], manual}"} : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
    return %1 : tensor<2x2xbf16>
  }
}
