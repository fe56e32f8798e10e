module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<2x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"y"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}, tensor<2x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"y"}]>}) {
    %0 = sdy.constant dense<0> : tensor<i32>
    %1 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<2x4x8xf32>
    %3 = sdy.sharding_constraint %arg0 <@mesh, [{?}, {?}, {?}]> : tensor<2x8x8xf32>
    %4:3 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg1, %iterArg_1 = %2) : tensor<i32>, tensor<4x8xf32>, tensor<2x4x8xf32>
    cond {
      %13 = sdy.constant dense<2> : tensor<i32>
      %14 = stablehlo.compare LT, %iterArg, %13 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %13 = sdy.constant dense<1> : tensor<i32>
      %14 = stablehlo.add %iterArg, %13 : tensor<i32>
      %15 = sdy.constant dense<0> : tensor<i32>
      %16 = stablehlo.dynamic_slice %3, %iterArg, %15, %15, sizes = [1, 8, 8] : (tensor<2x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
      %17 = stablehlo.reshape %16 : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
      %18 = stablehlo.dot %iterArg_0, %17, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %19 = stablehlo.sine %18 : tensor<4x8xf32>
      %20 = stablehlo.reshape %iterArg_0 : (tensor<4x8xf32>) -> tensor<1x4x8xf32>
      %21 = sdy.constant dense<0> : tensor<i32>
      %22 = stablehlo.dynamic_update_slice %iterArg_1, %20, %iterArg, %21, %21 : (tensor<2x4x8xf32>, tensor<1x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x8xf32>
      stablehlo.return %14, %19, %22 : tensor<i32>, tensor<4x8xf32>, tensor<2x4x8xf32>
    }
    %5 = stablehlo.multiply %4#1, %4#1 : tensor<4x8xf32>
    %6 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%5 init: %6) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %8 = stablehlo.add %4#1, %4#1 : tensor<4x8xf32>
    %9 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<2x8x8xf32>
    %11 = sdy.sharding_constraint %arg0 <@mesh, [{?}, {?}, {?}]> : tensor<2x8x8xf32>
    %12:3 = stablehlo.while(%iterArg = %0, %iterArg_0 = %8, %iterArg_1 = %10) : tensor<i32>, tensor<4x8xf32>, tensor<2x8x8xf32>
    cond {
      %13 = sdy.constant dense<2> : tensor<i32>
      %14 = stablehlo.compare LT, %iterArg, %13 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %13 = sdy.constant dense<1> : tensor<i32>
      %14 = stablehlo.add %iterArg, %13 : tensor<i32>
      %15 = sdy.constant dense<2> : tensor<i32>
      %16 = stablehlo.subtract %15, %iterArg : tensor<i32>
      %17 = stablehlo.subtract %16, %13 : tensor<i32>
      %18 = sdy.constant dense<0> : tensor<i32>
      %19 = stablehlo.dynamic_slice %4#2, %17, %18, %18, sizes = [1, 4, 8] : (tensor<2x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
      %20 = stablehlo.reshape %19 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
      %21 = sdy.constant dense<0> : tensor<i32>
      %22 = stablehlo.dynamic_slice %11, %17, %21, %21, sizes = [1, 8, 8] : (tensor<2x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
      %23 = stablehlo.reshape %22 : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
      %24:3 = stablehlo.optimization_barrier %20, %23, %iterArg_0 : tensor<4x8xf32>, tensor<8x8xf32>, tensor<4x8xf32>
      %25 = stablehlo.dot %24#0, %24#1, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %26 = stablehlo.cosine %25 : tensor<4x8xf32>
      %27 = stablehlo.multiply %24#2, %26 : tensor<4x8xf32>
      %28 = stablehlo.dot_general %27, %24#1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %29 = stablehlo.dot_general %27, %24#0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      %30 = stablehlo.transpose %29, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[8,8]{0,1}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
      %31 = stablehlo.reshape %30 : (tensor<8x8xf32>) -> tensor<1x8x8xf32>
      %32 = sdy.constant dense<0> : tensor<i32>
      %33 = stablehlo.dynamic_update_slice %iterArg_1, %31, %17, %32, %32 : (tensor<2x8x8xf32>, tensor<1x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x8xf32>
      stablehlo.return %14, %28, %33 : tensor<i32>, tensor<4x8xf32>, tensor<2x8x8xf32>
    }
    return %7, %12#2 : tensor<f32>, tensor<2x8x8xf32>
  }
}
