module @jit_moe attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg2: tensor<4x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<4x4x4xf32>) -> tensor<8x4x4xf32>
    %1 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
    %2 = stablehlo.iota dim = 0 : tensor<4xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<4xi32>) -> tensor<8x4xi32>
    %4 = sdy.constant dense<0xFF800000> : tensor<f32>
    %5 = sdy.constant dense<0> : tensor<i32>
    %6:2 = stablehlo.reduce(%1 init: %4), (%3 init: %5) across dimensions = [1] : (tensor<8x4xf32>, tensor<8x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%arg3: tensor<f32>, %arg5: tensor<f32>) (%arg4: tensor<i32>, %arg6: tensor<i32>)  {
      %38 = stablehlo.compare GT, %arg3, %arg5 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %39 = stablehlo.compare NE, %arg3, %arg3 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %40 = stablehlo.or %38, %39 : tensor<i1>
      %41 = stablehlo.select %40, %arg3, %arg5 : tensor<i1>, tensor<f32>
      %42 = stablehlo.compare EQ, %arg3, %arg5 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %43 = stablehlo.compare LT, %arg4, %arg6 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %44 = stablehlo.and %42, %43 : tensor<i1>
      %45 = stablehlo.or %40, %44 : tensor<i1>
      %46 = stablehlo.select %45, %arg4, %arg6 : tensor<i1>, tensor<i32>
      stablehlo.return %41, %46 : tensor<f32>, tensor<i32>
    }
    %7 = stablehlo.reshape %6#1 : (tensor<8xi32>) -> tensor<8x1xi32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<8x1xi32>) -> tensor<8x1xi32>
    %9 = stablehlo.reshape %8 : (tensor<8x1xi32>) -> tensor<8xi32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<8xi32>) -> tensor<8x4xi32>
    %11 = stablehlo.iota dim = 0 : tensor<4xi32>
    %12 = stablehlo.reshape %11 : (tensor<4xi32>) -> tensor<1x4xi32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<1x4xi32>) -> tensor<1x4xi32>
    %14 = stablehlo.reshape %13 : (tensor<1x4xi32>) -> tensor<4xi32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [1] : (tensor<4xi32>) -> tensor<8x4xi32>
    %16 = stablehlo.compare EQ, %10, %15 : (tensor<8x4xi32>, tensor<8x4xi32>) -> tensor<8x4xi1>
    %17 = stablehlo.convert %16 : (tensor<8x4xi1>) -> tensor<8x4xf32>
    %18 = sdy.constant dense<0xFF800000> : tensor<f32>
    %19 = stablehlo.reduce(%1 init: %18) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %20 = sdy.constant dense<0xFF800000> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %22 = stablehlo.maximum %19, %21 : tensor<8xf32>
    %23 = stablehlo.reshape %22 : (tensor<8xf32>) -> tensor<8x1xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x1xf32>
    %25 = stablehlo.reshape %24 : (tensor<8x1xf32>) -> tensor<8xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %27 = stablehlo.subtract %1, %26 : tensor<8x4xf32>
    %28 = stablehlo.exponential %27 : tensor<8x4xf32>
    %29 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.reduce(%28 init: %29) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %31 = stablehlo.reshape %30 : (tensor<8xf32>) -> tensor<8x1xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x1xf32>
    %33 = stablehlo.reshape %32 : (tensor<8x1xf32>) -> tensor<8xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %35 = stablehlo.divide %28, %34 : tensor<8x4xf32>
    %36 = stablehlo.multiply %17, %35 : tensor<8x4xf32>
    %37 = stablehlo.dot_general %0, %36, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    return %37 : tensor<8x4xf32>
  }
}
