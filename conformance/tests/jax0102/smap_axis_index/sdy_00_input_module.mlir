module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2, \22y\22=4]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @xla.sdy.manual_computation_body.1(%arg0: tensor<2x2xi32>) -> tensor<2x2xi32> {
    %c = stablehlo.constant dense<10> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<2x2xi32>
    %2 = stablehlo.partition_id : tensor<ui32>
    %c_0 = stablehlo.constant dense<4> : tensor<ui32>
    %3 = stablehlo.divide %2, %c_0 : tensor<ui32>
    %c_1 = stablehlo.constant dense<2> : tensor<ui32>
    %4 = stablehlo.remainder %3, %c_1 : tensor<ui32>
    %5 = stablehlo.convert %4 : (tensor<ui32>) -> tensor<i32>
    %c_2 = stablehlo.constant dense<4> : tensor<i32>
    %6 = stablehlo.multiply %5, %c_2 : tensor<i32>
    %7 = stablehlo.partition_id : tensor<ui32>
    %c_3 = stablehlo.constant dense<1> : tensor<ui32>
    %8 = stablehlo.divide %7, %c_3 : tensor<ui32>
    %9 = stablehlo.remainder %8, %c_0 : tensor<ui32>
    %10 = stablehlo.convert %9 : (tensor<ui32>) -> tensor<i32>
    %11 = stablehlo.add %6, %10 : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
    %13 = stablehlo.add %1, %12 : tensor<2x2xi32>
    return %13 : tensor<2x2xi32>
  }
  func.func @main(%arg0: tensor<4x8xi32>) -> tensor<4x8xi32> {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%arg0) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.in_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {\22y\22}]>]>", xla.sdy.manual_axes = "#sdy<manual_axes{\22x\22, \22y\22}>"}} : (tensor<4x8xi32>) -> tensor<2x2xi32>
    %1 = call @xla.sdy.manual_computation_body.1(%0) {mhlo.frontend_attributes = {inlineable = "false"}} : (tensor<2x2xi32>) -> tensor<2x2xi32>
    %2 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%1) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.manual_axes = "#sdy<manual_axes{\22x\22, \22y\22}>", xla.sdy.out_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {\22y\22}]>]>"}} : (tensor<2x2xi32>) -> tensor<4x8xi32>
    return %2 : tensor<4x8xi32>
  }
}
