module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2, \22y\22=4]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_0.1(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @xla.sdy.manual_computation_body.2(%arg0: tensor<2x2xf32>, %arg1: tensor<8x4xf32>) -> tensor<2x4xf32> {
    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<2x8xf32>
    %1 = stablehlo.dot %0, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
    %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %2 : tensor<2x4xf32>
  }
  func.func @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>) -> tensor<2x4xf32> {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%arg0, %arg1) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.in_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {\22y\22}]>, <@mesh, [{}, {}]>]>", xla.sdy.manual_axes = "#sdy<manual_axes{\22x\22, \22y\22}>"}, xla_shape = "(f32[2,2]{1,0}, f32[8,4]{1,0})"} : (tensor<4x8xf32>, tensor<8x4xf32>) -> tuple<tensor<2x2xf32>, tensor<8x4xf32>>
    %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<2x2xf32>, tensor<8x4xf32>>) -> tensor<2x2xf32>
    %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<2x2xf32>, tensor<8x4xf32>>) -> tensor<8x4xf32>
    %3 = call @xla.sdy.manual_computation_body.2(%1, %2) {mhlo.frontend_attributes = {inlineable = "false"}} : (tensor<2x2xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>
    %4 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%3) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.manual_axes = "#sdy<manual_axes{\22x\22, \22y\22}>", xla.sdy.out_shardings = "#sdy.sharding_per_value<[<@mesh, [{}, {}]>]>"}} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %4 : tensor<2x4xf32>
  }
}
