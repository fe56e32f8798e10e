module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<3x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
    %0 = sdy.constant dense<0> : tensor<i32>
    %1 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %3 = sdy.sharding_constraint %arg2 <@mesh, [{?}, {?}]> : tensor<8x8xf32>
    %4 = sdy.sharding_constraint %arg1 <@mesh, [{?}, {?}, {?}]> : tensor<3x4x8xf32>
    %5:3 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0, %iterArg_1 = %2) : tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32>
    cond {
      %6 = sdy.constant dense<3> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %6 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %6 = sdy.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg, %6 : tensor<i32>
      %8 = stablehlo.dot %iterArg_0, %3, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %9 = sdy.constant dense<0> : tensor<i32>
      %10 = stablehlo.dynamic_slice %4, %iterArg, %9, %9, sizes = [1, 4, 8] : (tensor<3x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
      %11 = stablehlo.reshape %10 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
      %12 = stablehlo.add %8, %11 : tensor<4x8xf32>
      %13 = stablehlo.tanh %12 : tensor<4x8xf32>
      %14 = sdy.constant dense<0.000000e+00> : tensor<f32>
      %15 = stablehlo.reduce(%13 init: %14) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
      %16 = stablehlo.reshape %15 : (tensor<4xf32>) -> tensor<1x4xf32>
      %17 = sdy.constant dense<0> : tensor<i32>
      %18 = stablehlo.dynamic_update_slice %iterArg_1, %16, %iterArg, %17 : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
      stablehlo.return %7, %13, %18 : tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32>
    }
    return %5#1, %5#2 : tensor<4x8xf32>, tensor<3x4xf32>
  }
}
