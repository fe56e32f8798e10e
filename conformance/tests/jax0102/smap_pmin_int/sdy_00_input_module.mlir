module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2, \22y\22=4]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_0.1(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.minimum %arg0, %arg1 : tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @xla.sdy.manual_computation_body.2(%arg0: tensor<2xi32>) -> tensor<2xi32> {
    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %1 = stablehlo.minimum %arg1, %arg2 : tensor<i32>
      stablehlo.return %1 : tensor<i32>
    }) : (tensor<2xi32>) -> tensor<2xi32>
    return %0 : tensor<2xi32>
  }
  func.func @main(%arg0: tensor<16xi32>) -> tensor<2xi32> {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%arg0) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.in_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22x\22, \22y\22}]>]>", xla.sdy.manual_axes = "#sdy<manual_axes{\22x\22, \22y\22}>"}} : (tensor<16xi32>) -> tensor<2xi32>
    %1 = call @xla.sdy.manual_computation_body.2(%0) {mhlo.frontend_attributes = {inlineable = "false"}} : (tensor<2xi32>) -> tensor<2xi32>
    %2 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%1) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.manual_axes = "#sdy<manual_axes{\22x\22, \22y\22}>", xla.sdy.out_shardings = "#sdy.sharding_per_value<[<@mesh, [{}]>]>"}} : (tensor<2xi32>) -> tensor<2xi32>
    return %2 : tensor<2xi32>
  }
}
