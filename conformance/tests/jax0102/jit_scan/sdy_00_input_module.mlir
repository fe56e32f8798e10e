module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2, \22y\22=4]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_1.2(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_0.5(%arg0: tensor<i32>, %arg1: tensor<4x8xf32>, %arg2: tensor<3x4xf32>, %arg3: tensor<3x4x8xf32>, %arg4: tensor<8x8xf32>) -> (tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32>, tensor<3x4x8xf32>, tensor<8x8xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.dot %arg1, %arg4, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.dynamic_slice %arg3, %arg0, %c_0, %c_0, sizes = [1, 4, 8] : (tensor<3x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
    %3 = stablehlo.reshape %2 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
    %4 = stablehlo.add %1, %3 : tensor<4x8xf32>
    %5 = stablehlo.tanh %4 : tensor<4x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %7 = stablehlo.reshape %6 : (tensor<4xf32>) -> tensor<1x4xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.dynamic_update_slice %arg2, %7, %arg0, %c_1 : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
    return %0, %5, %8, %arg3, %arg4 : tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32>, tensor<3x4x8xf32>, tensor<8x8xf32>
  }
  func.func private @region_2.6(%arg0: tensor<i32>, %arg1: tensor<4x8xf32>, %arg2: tensor<3x4xf32>, %arg3: tensor<3x4x8xf32>, %arg4: tensor<8x8xf32>) -> tensor<i1> {
    %c = stablehlo.constant dense<3> : tensor<i32>
    %0 = stablehlo.compare LT, %arg0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    return %0 : tensor<i1>
  }
  func.func @main(%arg0: tensor<4x8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}, {}]>"}, mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}, %arg1: tensor<3x4x8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{}, {\22x\22}, {}]>"}, mhlo.sharding = "{devices=[1,2,1,4]<=[8] last_tile_dim_replicate}"}, %arg2: tensor<8x8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{}, {\22y\22}]>"}, mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}) -> (tensor<4x8xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}, tensor<3x4xf32> {mhlo.sharding = "{devices=[1,2,4]<=[8] last_tile_dim_replicate}"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %1:5 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0, %iterArg_1 = %0, %iterArg_2 = %arg1, %iterArg_3 = %arg2) : tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32>, tensor<3x4x8xf32>, tensor<8x8xf32>
    cond {
      %c_4 = stablehlo.constant dense<3> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg, %c_4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %4 = stablehlo.add %iterArg, %c_4 : tensor<i32>
      %5 = stablehlo.dot %iterArg_0, %iterArg_3, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %c_5 = stablehlo.constant dense<0> : tensor<i32>
      %6 = stablehlo.dynamic_slice %iterArg_2, %iterArg, %c_5, %c_5, sizes = [1, 4, 8] : (tensor<3x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
      %7 = stablehlo.reshape %6 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
      %8 = stablehlo.add %5, %7 : tensor<4x8xf32>
      %9 = stablehlo.tanh %8 : tensor<4x8xf32>
      %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %10 = stablehlo.reduce(%9 init: %cst_6) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
      %11 = stablehlo.reshape %10 : (tensor<4xf32>) -> tensor<1x4xf32>
      %c_7 = stablehlo.constant dense<0> : tensor<i32>
      %12 = stablehlo.dynamic_update_slice %iterArg_1, %11, %iterArg, %c_7 : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
      stablehlo.return %4, %9, %12, %iterArg_2, %iterArg_3 : tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32>, tensor<3x4x8xf32>, tensor<8x8xf32>
    }
    %2 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%1#1) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {}]>]>"}} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %3 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%1#2) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{}, {\22x\22}]>]>"}} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    return %2, %3 : tensor<4x8xf32>, tensor<3x4xf32>
  }
}
