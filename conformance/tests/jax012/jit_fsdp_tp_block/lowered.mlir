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
    %26 = stablehlo.add %25, %24 : tensor<4x16xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %28 = stablehlo.subtract %27, %24 : tensor<4x16xf32>
    %29 = stablehlo.multiply %26, %28 : tensor<4x16xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %31 = stablehlo.add %30, %24 : tensor<4x16xf32>
    %cst_8 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %33 = stablehlo.multiply %32, %31 : tensor<4x16xf32>
    %34 = stablehlo.multiply %13, %33 : tensor<4x16xf32>
    %35 = stablehlo.dot_general %34, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    %36 = stablehlo.add %arg3, %35 : tensor<4x8xf32>
    %37 = stablehlo.multiply %36, %36 : tensor<4x8xf32>
    %cst_9 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %39 = stablehlo.multiply %38, %36 : tensor<4x8xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.reduce(%37 init: %cst_10) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_11 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %41 = stablehlo.divide %40, %cst_11 : tensor<f32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_13 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %42 = stablehlo.divide %cst_12, %cst_13 : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %44 = stablehlo.multiply %43, %39 : tensor<4x8xf32>
    %45 = stablehlo.dot_general %44, %34, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    %46 = stablehlo.transpose %45, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %47 = stablehlo.dot_general %44, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
    %48 = stablehlo.multiply %13, %47 : tensor<4x16xf32>
    %49 = stablehlo.multiply %47, %33 : tensor<4x16xf32>
    %cst_14 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %51 = stablehlo.multiply %50, %48 : tensor<4x16xf32>
    %52 = stablehlo.multiply %51, %29 : tensor<4x16xf32>
    %cst_15 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %54 = stablehlo.multiply %53, %52 : tensor<4x16xf32>
    %55 = stablehlo.add %49, %54 : tensor<4x16xf32>
    %cst_16 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %57 = stablehlo.multiply %56, %54 : tensor<4x16xf32>
    %58 = stablehlo.multiply %57, %18 : tensor<4x16xf32>
    %59 = stablehlo.add %55, %58 : tensor<4x16xf32>
    %60 = stablehlo.dot_general %59, %12, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %61 = stablehlo.transpose %60, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %62 = stablehlo.dot_general %59, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<8x16xf32>) -> tensor<4x8xf32>
    %63 = stablehlo.multiply %9, %62 : tensor<4x8xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %64 = stablehlo.reduce(%63 init: %cst_17) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %65 = stablehlo.reshape %64 : (tensor<8xf32>) -> tensor<1x8xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.reduce(%65 init: %cst_18) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    return %41, %61, %46, %66 : tensor<f32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8xf32>
  }
}
