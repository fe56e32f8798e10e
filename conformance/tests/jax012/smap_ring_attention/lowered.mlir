module @jit_ring attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func public @main(%arg0: tensor<16x4xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<16x4xf32>) -> (tensor<16x4xf32> {jax.result_info = "result"}) {
    %0 = sdy.manual_computation(%arg0, %arg1, %arg2) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg3: tensor<2x4xf32>, %arg4: tensor<2x4xf32>, %arg5: tensor<2x4xf32>) {
      %1 = stablehlo.slice %arg3 [0:2, 0:1] : (tensor<2x4xf32>) -> tensor<2x1xf32>
      %2 = stablehlo.reshape %1 : (tensor<2x1xf32>) -> tensor<2xf32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.convert %cst : tensor<f32>
      %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<2xf32>
      %5 = stablehlo.multiply %2, %4 : tensor<2xf32>
      %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
      %6 = stablehlo.convert %cst_0 : tensor<f32>
      %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<2xf32>
      %8 = stablehlo.subtract %5, %7 : tensor<2xf32>
      %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %9 = stablehlo.convert %cst_1 : tensor<f32>
      %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
      %11 = stablehlo.multiply %arg3, %10 : tensor<2x4xf32>
      %c = stablehlo.constant dense<0> : tensor<i32>
      %12:7 = stablehlo.while(%iterArg = %arg3, %iterArg_2 = %c, %iterArg_3 = %arg4, %iterArg_4 = %arg5, %iterArg_5 = %8, %iterArg_6 = %5, %iterArg_7 = %11) : tensor<2x4xf32>, tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>
      cond {
        %c_8 = stablehlo.constant dense<8> : tensor<i32>
        %16 = stablehlo.compare LT, %iterArg_2, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %16 : tensor<i1>
      } do {
        %16 = stablehlo.transpose %iterArg_3, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
        %17 = stablehlo.dot_general %iterArg, %16, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
        %cst_8 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
        %18 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
        %19 = stablehlo.multiply %17, %18 : tensor<2x2xf32>
        %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
        %20 = stablehlo.reduce(%19 init: %cst_9) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
        %21 = stablehlo.maximum %iterArg_5, %20 : tensor<2xf32>
        %22 = stablehlo.subtract %iterArg_5, %21 : tensor<2xf32>
        %23 = stablehlo.exponential %22 : tensor<2xf32>
        %24 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
        %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x2xf32>
        %26 = stablehlo.subtract %19, %25 : tensor<2x2xf32>
        %27 = stablehlo.exponential %26 : tensor<2x2xf32>
        %28 = stablehlo.multiply %iterArg_6, %23 : tensor<2xf32>
        %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %29 = stablehlo.reduce(%27 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
        %30 = stablehlo.add %28, %29 : tensor<2xf32>
        %31 = stablehlo.broadcast_in_dim %23, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
        %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
        %33 = stablehlo.multiply %iterArg_7, %32 : tensor<2x4xf32>
        %34 = stablehlo.dot_general %27, %iterArg_4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
        %35 = stablehlo.add %33, %34 : tensor<2x4xf32>
        %36 = "stablehlo.collective_permute"(%iterArg_3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
        %37 = "stablehlo.collective_permute"(%iterArg_4) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
        %c_11 = stablehlo.constant dense<1> : tensor<i32>
        %38 = stablehlo.add %iterArg_2, %c_11 : tensor<i32>
        stablehlo.return %iterArg, %38, %36, %37, %21, %30, %35 : tensor<2x4xf32>, tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>
      }
      %13 = stablehlo.broadcast_in_dim %12#5, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
      %15 = stablehlo.divide %12#6, %14 : tensor<2x4xf32>
      sdy.return %15 : tensor<2x4xf32>
    } : (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
    return %0 : tensor<16x4xf32>
  }
}
