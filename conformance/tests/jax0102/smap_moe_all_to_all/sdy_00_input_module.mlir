module @jit_moe attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=8]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @xla.sdy.manual_computation_body.1(%arg0: tensor<16x4xf32>, %arg1: tensor<1x4x4xf32>) -> tensor<16x4xf32> {
    %0 = "stablehlo.all_to_all"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, split_count = 8 : i64, split_dimension = 0 : i64}> : (tensor<16x4xf32>) -> tensor<16x4xf32>
    %1 = stablehlo.reshape %arg1 : (tensor<1x4x4xf32>) -> tensor<4x4xf32>
    %2 = stablehlo.dot %0, %1, precision = [DEFAULT, DEFAULT] : (tensor<16x4xf32>, tensor<4x4xf32>) -> tensor<16x4xf32>
    %3 = stablehlo.tanh %2 : tensor<16x4xf32>
    %4 = "stablehlo.all_to_all"(%3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, split_count = 8 : i64, split_dimension = 0 : i64}> : (tensor<16x4xf32>) -> tensor<16x4xf32>
    return %4 : tensor<16x4xf32>
  }
  func.func @main(%arg0: tensor<128x4xf32>, %arg1: tensor<8x4x4xf32>) -> tensor<128x4xf32> {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%arg0, %arg1) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.in_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {}]>, <@mesh, [{\22x\22}, {}, {}]>]>", xla.sdy.manual_axes = "#sdy<manual_axes{\22x\22}>"}, xla_shape = "(f32[16,4]{1,0}, f32[1,4,4]{2,1,0})"} : (tensor<128x4xf32>, tensor<8x4x4xf32>) -> tuple<tensor<16x4xf32>, tensor<1x4x4xf32>>
    %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<16x4xf32>, tensor<1x4x4xf32>>) -> tensor<16x4xf32>
    %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<16x4xf32>, tensor<1x4x4xf32>>) -> tensor<1x4x4xf32>
    %3 = call @xla.sdy.manual_computation_body.1(%1, %2) {mhlo.frontend_attributes = {inlineable = "false"}} : (tensor<16x4xf32>, tensor<1x4x4xf32>) -> tensor<16x4xf32>
    %4 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%3) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.manual_axes = "#sdy<manual_axes{\22x\22}>", xla.sdy.out_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {}]>]>"}} : (tensor<16x4xf32>) -> tensor<128x4xf32>
    return %4 : tensor<128x4xf32>
  }
}
