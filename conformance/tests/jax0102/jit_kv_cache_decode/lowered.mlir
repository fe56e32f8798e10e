module @jit_decode attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<2x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}, %arg1: tensor<2x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}, %arg2: tensor<2x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, %arg3: tensor<2x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, %arg4: tensor<2x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, %arg5: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> (tensor<2x4x4xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, tensor<2x4x8x4xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}, tensor<2x4x8x4xf32> {jax.result_info = "result[2]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}) {
    %0 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1, 3] : (tensor<2x4x4xf32>) -> tensor<2x4x1x4xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare LT, %arg5, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %2 = stablehlo.add %arg5, %c_0 : tensor<i32>
    %3 = stablehlo.select %1, %2, %arg5 : tensor<i1>, tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.dynamic_update_slice %arg0, %0, %c_1, %c_2, %3, %c_3 : (tensor<2x4x8x4xf32>, tensor<2x4x1x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x8x4xf32>
    %5 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1, 3] : (tensor<2x4x4xf32>) -> tensor<2x4x1x4xf32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.compare LT, %arg5, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<8> : tensor<i32>
    %7 = stablehlo.add %arg5, %c_5 : tensor<i32>
    %8 = stablehlo.select %6, %7, %arg5 : tensor<i1>, tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.dynamic_update_slice %arg1, %5, %c_6, %c_7, %8, %c_8 : (tensor<2x4x8x4xf32>, tensor<2x4x1x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x8x4xf32>
    %10 = stablehlo.dot_general %arg2, %4, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x4xf32>, tensor<2x4x8x4xf32>) -> tensor<2x4x8xf32>
    %11 = stablehlo.iota dim = 0 : tensor<8xi32>
    %12 = stablehlo.broadcast_in_dim %arg5, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %13 = stablehlo.compare LE, %11, %12, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %cst = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %14 = call @_where(%13, %10, %cst) : (tensor<8xi1>, tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4x8xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %15 = stablehlo.reduce(%14 init: %cst_9) applies stablehlo.maximum across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %17 = stablehlo.maximum %16, %15 : tensor<2x4xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %20 = stablehlo.subtract %14, %19 : tensor<2x4x8xf32>
    %21 = stablehlo.exponential %20 : tensor<2x4x8xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%21 init: %cst_11) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %25 = stablehlo.divide %21, %24 : tensor<2x4x8xf32>
    %26 = stablehlo.dot_general %25, %9, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<2x4x8x4xf32>) -> tensor<2x4x4xf32>
    return %26, %4, %9 : tensor<2x4x4xf32>, tensor<2x4x8x4xf32>, tensor<2x4x8x4xf32>
  }
  func.func private @_where(%arg0: tensor<8xi1>, %arg1: tensor<2x4x8xf32>, %arg2: tensor<f32>) -> tensor<2x4x8xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<8xi1>) -> tensor<2x4x8xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x4x8xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<2x4x8xi1>, tensor<2x4x8xf32>
    return %3 : tensor<2x4x8xf32>
  }
}
