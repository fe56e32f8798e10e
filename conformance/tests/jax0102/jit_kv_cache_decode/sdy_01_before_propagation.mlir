module @jit_decode attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<2x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}, %arg1: tensor<2x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}, %arg2: tensor<2x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, %arg3: tensor<2x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, %arg4: tensor<2x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, %arg5: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> (tensor<2x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, tensor<2x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}, tensor<2x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}) {
    %0 = stablehlo.iota dim = 0 : tensor<8xi32>
    %1 = stablehlo.broadcast_in_dim %arg5, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %2 = stablehlo.compare LE, %0, %1 : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [2] : (tensor<8xi1>) -> tensor<2x4x8xi1>
    %4 = stablehlo.reshape %arg3 : (tensor<2x4x4xf32>) -> tensor<2x4x1x4xf32>
    %5 = sdy.constant dense<0> : tensor<i32>
    %6 = stablehlo.compare LT, %arg5, %5 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = sdy.constant dense<8> : tensor<i32>
    %8 = stablehlo.add %arg5, %7 : tensor<i32>
    %9 = stablehlo.select %6, %8, %arg5 : tensor<i1>, tensor<i32>
    %10 = stablehlo.dynamic_update_slice %arg0, %4, %5, %5, %9, %5 : (tensor<2x4x8x4xf32>, tensor<2x4x1x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x8x4xf32>
    %11 = stablehlo.dot_general %arg2, %10, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x4xf32>, tensor<2x4x8x4xf32>) -> tensor<2x4x8xf32>
    %12 = sdy.constant dense<-1.000000e+09> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<f32>) -> tensor<2x4x8xf32>
    %14 = stablehlo.select %3, %11, %13 : tensor<2x4x8xi1>, tensor<2x4x8xf32>
    %15 = sdy.constant dense<0xFF800000> : tensor<f32>
    %16 = stablehlo.reduce(%14 init: %15) applies stablehlo.maximum across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %17 = sdy.constant dense<0xFF800000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %19 = stablehlo.maximum %16, %18 : tensor<2x4xf32>
    %20 = stablehlo.reshape %19 : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
    %22 = stablehlo.reshape %21 : (tensor<2x4x1xf32>) -> tensor<2x4xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x8xf32>
    %24 = stablehlo.subtract %14, %23 : tensor<2x4x8xf32>
    %25 = stablehlo.exponential %24 : tensor<2x4x8xf32>
    %26 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%25 init: %26) applies stablehlo.add across dimensions = [2] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %28 = stablehlo.reshape %27 : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
    %30 = stablehlo.reshape %29 : (tensor<2x4x1xf32>) -> tensor<2x4xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x8xf32>
    %32 = stablehlo.divide %25, %31 : tensor<2x4x8xf32>
    %33 = stablehlo.reshape %arg4 : (tensor<2x4x4xf32>) -> tensor<2x4x1x4xf32>
    %34 = stablehlo.compare LT, %arg5, %5 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %35 = stablehlo.add %arg5, %7 : tensor<i32>
    %36 = stablehlo.select %34, %35, %arg5 : tensor<i1>, tensor<i32>
    %37 = stablehlo.dynamic_update_slice %arg1, %33, %5, %5, %36, %5 : (tensor<2x4x8x4xf32>, tensor<2x4x1x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x8x4xf32>
    %38 = stablehlo.dot_general %32, %37, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<2x4x8x4xf32>) -> tensor<2x4x4xf32>
    return %38, %10, %37 : tensor<2x4x4xf32>, tensor<2x4x8x4xf32>, tensor<2x4x8x4xf32>
  }
}
