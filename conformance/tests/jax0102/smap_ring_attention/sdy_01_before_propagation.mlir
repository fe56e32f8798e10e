module @jit_ring attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func @main(%arg0: tensor<16x4xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<16x4xf32>) -> tensor<16x4xf32> {
    %0 = sdy.manual_computation(%arg0, %arg1, %arg2) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg3: tensor<2x4xf32>, %arg4: tensor<2x4xf32>, %arg5: tensor<2x4xf32>) {
      %1 = sdy.constant dense<0> : tensor<i32>
      %2 = stablehlo.slice %arg3 [0:2, 0:1] : (tensor<2x4xf32>) -> tensor<2x1xf32>
      %3 = stablehlo.reshape %2 : (tensor<2x1xf32>) -> tensor<2xf32>
      %4 = sdy.constant dense<0.000000e+00> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<2xf32>
      %6 = stablehlo.multiply %3, %5 : tensor<2xf32>
      %7 = sdy.constant dense<0x7F800000> : tensor<f32>
      %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f32>) -> tensor<2xf32>
      %9 = stablehlo.subtract %6, %8 : tensor<2xf32>
      %10 = sdy.constant dense<0.000000e+00> : tensor<f32>
      %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
      %12 = stablehlo.multiply %arg3, %11 : tensor<2x4xf32>
      %13 = sdy.sharding_constraint %arg3 <@mesh, [{?}, {?}]> : tensor<2x4xf32>
      %14:6 = stablehlo.while(%iterArg = %1, %iterArg_0 = %arg4, %iterArg_1 = %arg5, %iterArg_2 = %9, %iterArg_3 = %6, %iterArg_4 = %12) : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>
      cond {
        %20 = sdy.constant dense<8> : tensor<i32>
        %21 = stablehlo.compare LT, %iterArg, %20 : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %21 : tensor<i1>
      } do {
        %20 = sdy.constant dense<1> : tensor<i32>
        %21 = stablehlo.add %iterArg, %20 : tensor<i32>
        %22 = "stablehlo.collective_permute"(%iterArg_0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
        %23 = "stablehlo.collective_permute"(%iterArg_1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
        %24 = stablehlo.transpose %iterArg_0, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
        %25 = stablehlo.dot %13, %24, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
        %26 = sdy.constant dense<5.000000e-01> : tensor<f32>
        %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
        %28 = stablehlo.multiply %25, %27 : tensor<2x2xf32>
        %29 = sdy.constant dense<0xFF800000> : tensor<f32>
        %30 = stablehlo.reduce(%28 init: %29) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
        %31 = stablehlo.maximum %iterArg_2, %30 : tensor<2xf32>
        %32 = stablehlo.subtract %iterArg_2, %31 : tensor<2xf32>
        %33 = stablehlo.exponential %32 : tensor<2xf32>
        %34 = stablehlo.multiply %iterArg_3, %33 : tensor<2xf32>
        %35 = stablehlo.reshape %31 : (tensor<2xf32>) -> tensor<2x1xf32>
        %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
        %37 = stablehlo.reshape %36 : (tensor<2x1xf32>) -> tensor<2xf32>
        %38 = stablehlo.broadcast_in_dim %37, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
        %39 = stablehlo.subtract %28, %38 : tensor<2x2xf32>
        %40 = stablehlo.exponential %39 : tensor<2x2xf32>
        %41 = sdy.constant dense<0.000000e+00> : tensor<f32>
        %42 = stablehlo.reduce(%40 init: %41) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
        %43 = stablehlo.add %34, %42 : tensor<2xf32>
        %44 = stablehlo.reshape %33 : (tensor<2xf32>) -> tensor<2x1xf32>
        %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
        %46 = stablehlo.reshape %45 : (tensor<2x1xf32>) -> tensor<2xf32>
        %47 = stablehlo.broadcast_in_dim %46, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
        %48 = stablehlo.multiply %iterArg_4, %47 : tensor<2x4xf32>
        %49 = stablehlo.dot %40, %iterArg_1, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
        %50 = stablehlo.add %48, %49 : tensor<2x4xf32>
        stablehlo.return %21, %22, %23, %31, %43, %50 : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>
      }
      %15 = stablehlo.reshape %14#4 : (tensor<2xf32>) -> tensor<2x1xf32>
      %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %17 = stablehlo.reshape %16 : (tensor<2x1xf32>) -> tensor<2xf32>
      %18 = stablehlo.broadcast_in_dim %17, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
      %19 = stablehlo.divide %14#5, %18 : tensor<2x4xf32>
      sdy.return %19 : tensor<2x4xf32>
    } : (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
    return %0 : tensor<16x4xf32>
  }
}
