module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_1.2(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_0.4(%arg0: tensor<i32>, %arg1: tensor<4x8xf32>, %arg2: tensor<3x4xf32>, %arg3: tensor<3x4x8xf32>, %arg4: tensor<8x8xf32>) -> (tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32>, tensor<3x4x8xf32>, tensor<8x8xf32>) {
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
  func.func private @region_2.5(%arg0: tensor<i32>, %arg1: tensor<4x8xf32>, %arg2: tensor<3x4xf32>, %arg3: tensor<3x4x8xf32>, %arg4: tensor<8x8xf32>) -> tensor<i1> {
    %c = stablehlo.constant dense<3> : tensor<i32>
    %0 = stablehlo.compare LT, %arg0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    return %0 : tensor<i1>
  }
  func.func @main(%arg0: tensor<4x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"}, %arg1: tensor<3x4x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {'x'}, {}]}"}, %arg2: tensor<8x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {'y'}]}"}) -> (tensor<4x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"}, tensor<3x4xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {'x'}]}"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %1:5 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0, %iterArg_1 = %0, %iterArg_2 = %arg1, %iterArg_3 = %arg2) : tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32>, tensor<3x4x8xf32>, tensor<8x8xf32>
    cond {
      %c_4 = stablehlo.constant dense<3> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg, %c_4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg, %c_4 : tensor<i32>
      %3 = stablehlo.dot %iterArg_0, %iterArg_3, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %c_5 = stablehlo.constant dense<0> : tensor<i32>
      %4 = stablehlo.dynamic_slice %iterArg_2, %iterArg, %c_5, %c_5, sizes = [1, 4, 8] : (tensor<3x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
      %5 = stablehlo.reshape %4 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
      %6 = stablehlo.add %3, %5 : tensor<4x8xf32>
      %7 = stablehlo.tanh %6 : tensor<4x8xf32>
      %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %8 = stablehlo.reduce(%7 init: %cst_6) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
      %9 = stablehlo.reshape %8 : (tensor<4xf32>) -> tensor<1x4xf32>
      %c_7 = stablehlo.constant dense<0> : tensor<i32>
      %10 = stablehlo.dynamic_update_slice %iterArg_1, %9, %iterArg, %c_7 : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
      stablehlo.return %2, %7, %10, %iterArg_2, %iterArg_3 : tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32>, tensor<3x4x8xf32>, tensor<8x8xf32>
    }
    return %1#1, %1#2 : tensor<4x8xf32>, tensor<3x4xf32>
  }
}
