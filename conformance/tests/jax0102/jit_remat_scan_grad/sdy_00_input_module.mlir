module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2, \22y\22=4]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_0.4(%arg0: tensor<i32>, %arg1: tensor<4x8xf32>, %arg2: tensor<2x4x8xf32>, %arg3: tensor<2x8x8xf32>) -> (tensor<i32>, tensor<4x8xf32>, tensor<2x4x8xf32>, tensor<2x8x8xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_slice %arg3, %arg0, %c_0, %c_0, sizes = [1, 8, 8] : (tensor<2x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
    %3 = stablehlo.dot %arg1, %2, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %4 = stablehlo.sine %3 : tensor<4x8xf32>
    %5 = stablehlo.reshape %arg1 : (tensor<4x8xf32>) -> tensor<1x4x8xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.dynamic_update_slice %arg2, %5, %arg0, %c_1, %c_1 : (tensor<2x4x8xf32>, tensor<1x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x8xf32>
    return %0, %4, %6, %arg3 : tensor<i32>, tensor<4x8xf32>, tensor<2x4x8xf32>, tensor<2x8x8xf32>
  }
  func.func private @region_1.5(%arg0: tensor<i32>, %arg1: tensor<4x8xf32>, %arg2: tensor<2x4x8xf32>, %arg3: tensor<2x8x8xf32>) -> tensor<i1> {
    %c = stablehlo.constant dense<2> : tensor<i32>
    %0 = stablehlo.compare LT, %arg0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    return %0 : tensor<i1>
  }
  func.func private @region_2.6(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_3.10(%arg0: tensor<i32>, %arg1: tensor<4x8xf32>, %arg2: tensor<2x8x8xf32>, %arg3: tensor<2x4x8xf32>, %arg4: tensor<2x8x8xf32>) -> (tensor<i32>, tensor<4x8xf32>, tensor<2x8x8xf32>, tensor<2x4x8xf32>, tensor<2x8x8xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<2> : tensor<i32>
    %1 = stablehlo.subtract %c_0, %arg0 : tensor<i32>
    %2 = stablehlo.subtract %1, %c : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.dynamic_slice %arg3, %2, %c_1, %c_1, sizes = [1, 4, 8] : (tensor<2x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
    %4 = stablehlo.reshape %3 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.dynamic_slice %arg4, %2, %c_2, %c_2, sizes = [1, 8, 8] : (tensor<2x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
    %6 = stablehlo.reshape %5 : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
    %7:3 = stablehlo.optimization_barrier %4, %6, %arg1 : tensor<4x8xf32>, tensor<8x8xf32>, tensor<4x8xf32>
    %8 = stablehlo.dot %7#0, %7#1, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %9 = stablehlo.cosine %8 : tensor<4x8xf32>
    %10 = stablehlo.multiply %7#2, %9 : tensor<4x8xf32>
    %11 = stablehlo.dot_general %10, %7#1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %12 = stablehlo.dot_general %10, %7#0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %13 = stablehlo.transpose %12, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[8,8]{0,1}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %14 = stablehlo.reshape %13 : (tensor<8x8xf32>) -> tensor<1x8x8xf32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.dynamic_update_slice %arg2, %14, %2, %c_3, %c_3 : (tensor<2x8x8xf32>, tensor<1x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x8xf32>
    return %0, %11, %15, %arg3, %arg4 : tensor<i32>, tensor<4x8xf32>, tensor<2x8x8xf32>, tensor<2x4x8xf32>, tensor<2x8x8xf32>
  }
  func.func private @region_4.11(%arg0: tensor<i32>, %arg1: tensor<4x8xf32>, %arg2: tensor<2x8x8xf32>, %arg3: tensor<2x4x8xf32>, %arg4: tensor<2x8x8xf32>) -> tensor<i1> {
    %c = stablehlo.constant dense<2> : tensor<i32>
    %0 = stablehlo.compare LT, %arg0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    return %0 : tensor<i1>
  }
  func.func @main(%arg0: tensor<2x8x8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{}, {}, {\22y\22}]>"}, mhlo.sharding = "{devices=[1,1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}, %arg1: tensor<4x8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}, {}]>"}, mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) -> (tensor<f32> {mhlo.sharding = "{replicated}"}, tensor<2x8x8xf32> {mhlo.sharding = "{devices=[1,1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x8xf32>
    %1:4 = stablehlo.while(%iterArg = %c, %iterArg_2 = %arg1, %iterArg_3 = %0, %iterArg_4 = %arg0) : tensor<i32>, tensor<4x8xf32>, tensor<2x4x8xf32>, tensor<2x8x8xf32>
    cond {
      %c_5 = stablehlo.constant dense<2> : tensor<i32>
      %9 = stablehlo.compare LT, %iterArg, %c_5 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    } do {
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %9 = stablehlo.add %iterArg, %c_5 : tensor<i32>
      %c_6 = stablehlo.constant dense<0> : tensor<i32>
      %10 = stablehlo.dynamic_slice %iterArg_4, %iterArg, %c_6, %c_6, sizes = [1, 8, 8] : (tensor<2x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
      %11 = stablehlo.reshape %10 : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
      %12 = stablehlo.dot %iterArg_2, %11, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %13 = stablehlo.sine %12 : tensor<4x8xf32>
      %14 = stablehlo.reshape %iterArg_2 : (tensor<4x8xf32>) -> tensor<1x4x8xf32>
      %c_7 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.dynamic_update_slice %iterArg_3, %14, %iterArg, %c_7, %c_7 : (tensor<2x4x8xf32>, tensor<1x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x8xf32>
      stablehlo.return %9, %13, %15, %iterArg_4 : tensor<i32>, tensor<4x8xf32>, tensor<2x4x8xf32>, tensor<2x8x8xf32>
    }
    %2 = stablehlo.multiply %1#1, %1#1 : tensor<4x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %4 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%3) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, []>]>"}} : (tensor<f32>) -> tensor<f32>
    %5 = stablehlo.add %1#1, %1#1 : tensor<4x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x8xf32>
    %7:5 = stablehlo.while(%iterArg = %c, %iterArg_2 = %5, %iterArg_3 = %6, %iterArg_4 = %1#2, %iterArg_5 = %arg0) : tensor<i32>, tensor<4x8xf32>, tensor<2x8x8xf32>, tensor<2x4x8xf32>, tensor<2x8x8xf32>
    cond {
      %c_6 = stablehlo.constant dense<2> : tensor<i32>
      %9 = stablehlo.compare LT, %iterArg, %c_6 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %9 = stablehlo.add %iterArg, %c_6 : tensor<i32>
      %c_7 = stablehlo.constant dense<2> : tensor<i32>
      %10 = stablehlo.subtract %c_7, %iterArg : tensor<i32>
      %11 = stablehlo.subtract %10, %c_6 : tensor<i32>
      %c_8 = stablehlo.constant dense<0> : tensor<i32>
      %12 = stablehlo.dynamic_slice %iterArg_4, %11, %c_8, %c_8, sizes = [1, 4, 8] : (tensor<2x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
      %13 = stablehlo.reshape %12 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
      %c_9 = stablehlo.constant dense<0> : tensor<i32>
      %14 = stablehlo.dynamic_slice %iterArg_5, %11, %c_9, %c_9, sizes = [1, 8, 8] : (tensor<2x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
      %15 = stablehlo.reshape %14 : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
      %16:3 = stablehlo.optimization_barrier %13, %15, %iterArg_2 : tensor<4x8xf32>, tensor<8x8xf32>, tensor<4x8xf32>
      %17 = stablehlo.dot %16#0, %16#1, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %18 = stablehlo.cosine %17 : tensor<4x8xf32>
      %19 = stablehlo.multiply %16#2, %18 : tensor<4x8xf32>
      %20 = stablehlo.dot_general %19, %16#1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %21 = stablehlo.dot_general %19, %16#0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      %22 = stablehlo.transpose %21, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[8,8]{0,1}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
      %23 = stablehlo.reshape %22 : (tensor<8x8xf32>) -> tensor<1x8x8xf32>
      %c_10 = stablehlo.constant dense<0> : tensor<i32>
      %24 = stablehlo.dynamic_update_slice %iterArg_3, %23, %11, %c_10, %c_10 : (tensor<2x8x8xf32>, tensor<1x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x8xf32>
      stablehlo.return %9, %20, %24, %iterArg_4, %iterArg_5 : tensor<i32>, tensor<4x8xf32>, tensor<2x8x8xf32>, tensor<2x4x8xf32>, tensor<2x8x8xf32>
    }
    %8 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%7#2) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{}, {}, {\22y\22}]>]>"}} : (tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    return %4, %8 : tensor<f32>, tensor<2x8x8xf32>
  }
}
