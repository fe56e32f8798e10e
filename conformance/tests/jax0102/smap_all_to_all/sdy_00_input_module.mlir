module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=8]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @xla.sdy.manual_computation_body.1(%arg0: tensor<2x16xf32>) -> tensor<16x2xf32> {
    %c = stablehlo.constant dense<8> : tensor<1xi32>
    %0 = "stablehlo.all_to_all"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, concat_dimension = 1 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, split_count = 8 : i64, split_dimension = 1 : i64}> : (tensor<2x16xf32>) -> tensor<2x16xf32>
    %1 = stablehlo.reshape %0 : (tensor<2x16xf32>) -> tensor<2x8x2xf32>
    %2 = stablehlo.transpose %1, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[8,2,2]{2,0,1}"} : (tensor<2x8x2xf32>) -> tensor<8x2x2xf32>
    %3 = stablehlo.reshape %2 : (tensor<8x2x2xf32>) -> tensor<16x2xf32>
    return %3 : tensor<16x2xf32>
  }
  func.func @main(%arg0: tensor<16x16xf32>) -> tensor<16x16xf32> {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%arg0) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.in_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {}]>]>", xla.sdy.manual_axes = "#sdy<manual_axes{\22x\22}>"}} : (tensor<16x16xf32>) -> tensor<2x16xf32>
    %1 = call @xla.sdy.manual_computation_body.1(%0) {mhlo.frontend_attributes = {inlineable = "false"}} : (tensor<2x16xf32>) -> tensor<16x2xf32>
    %2 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%1) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.manual_axes = "#sdy<manual_axes{\22x\22}>", xla.sdy.out_shardings = "#sdy.sharding_per_value<[<@mesh, [{}, {\22x\22}]>]>"}} : (tensor<16x2xf32>) -> tensor<16x16xf32>
    return %2 : tensor<16x16xf32>
  }
}
