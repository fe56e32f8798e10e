module @jit_loss attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg3: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<f32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, []>}, tensor<8x16xf32> {jax.result_info = "result[1][0]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<16x8xf32> {jax.result_info = "result[1][1]", sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, tensor<8xf32> {jax.result_info = "result[1][2]", sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %0 = stablehlo.multiply %arg3, %arg3 : tensor<4x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<4x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %6 = stablehlo.add %4, %5 : tensor<4x1xf32>
    %7 = stablehlo.rsqrt %6 : tensor<4x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x8xf32>
    %9 = stablehlo.multiply %arg3, %8 : tensor<4x8xf32>
    %10 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<4x8xf32>
    %12 = stablehlo.multiply %9, %11 : tensor<4x8xf32>
    %13 = stablehlo.dot_general %12, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %14 = stablehlo.multiply %13, %13 : tensor<4x16xf32>
    %15 = stablehlo.multiply %14, %13 : tensor<4x16xf32>
    %16 = stablehlo.multiply %13, %13 : tensor<4x16xf32>
    %cst_2 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %18 = stablehlo.multiply %17, %16 : tensor<4x16xf32>
    %cst_3 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %20 = stablehlo.multiply %19, %15 : tensor<4x16xf32>
    %21 = stablehlo.add %13, %20 : tensor<4x16xf32>
    %cst_4 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %23 = stablehlo.multiply %22, %21 : tensor<4x16xf32>
    %24 = stablehlo.tanh %23 : tensor<4x16xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %26 = stablehlo.subtract %25, %24 : tensor<4x16xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %28 = stablehlo.add %27, %24 : tensor<4x16xf32>
    %cst_7 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %30 = stablehlo.multiply %29, %28 : tensor<4x16xf32>
    %31 = stablehlo.multiply %13, %30 : tensor<4x16xf32>
    %32 = stablehlo.dot_general %31, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    %33 = stablehlo.add %arg3, %32 : tensor<4x8xf32>
    %34 = stablehlo.multiply %33, %33 : tensor<4x8xf32>
    %cst_8 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %36 = stablehlo.multiply %35, %33 : tensor<4x8xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %37 = stablehlo.reduce(%34 init: %cst_9) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_10 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %38 = stablehlo.divide %37, %cst_10 : tensor<f32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_12 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %39 = stablehlo.divide %cst_11, %cst_12 : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %41 = stablehlo.multiply %40, %36 : tensor<4x8xf32>
    %42 = stablehlo.dot_general %41, %31, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    %43 = stablehlo.transpose %42, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %44 = stablehlo.dot_general %41, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
    %45 = stablehlo.multiply %13, %44 : tensor<4x16xf32>
    %46 = stablehlo.multiply %44, %30 : tensor<4x16xf32>
    %cst_13 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %48 = stablehlo.multiply %47, %45 : tensor<4x16xf32>
    %49 = stablehlo.multiply %48, %26 : tensor<4x16xf32>
    %50 = stablehlo.multiply %49, %24 : tensor<4x16xf32>
    %51 = stablehlo.add %49, %50 : tensor<4x16xf32>
    %cst_14 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %53 = stablehlo.multiply %52, %51 : tensor<4x16xf32>
    %54 = stablehlo.add %46, %53 : tensor<4x16xf32>
    %cst_15 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %56 = stablehlo.multiply %55, %53 : tensor<4x16xf32>
    %57 = stablehlo.multiply %56, %18 : tensor<4x16xf32>
    %58 = stablehlo.add %54, %57 : tensor<4x16xf32>
    %59 = stablehlo.dot_general %58, %12, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %60 = stablehlo.transpose %59, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %61 = stablehlo.dot_general %58, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<8x16xf32>) -> tensor<4x8xf32>
    %62 = stablehlo.multiply %9, %61 : tensor<4x8xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %63 = stablehlo.reduce(%62 init: %cst_16) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %64 = stablehlo.reshape %63 : (tensor<8xf32>) -> tensor<1x8xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %65 = stablehlo.reduce(%64 init: %cst_17) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    return %38, %60, %43, %65 : tensor<f32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8xf32>
  }
}
