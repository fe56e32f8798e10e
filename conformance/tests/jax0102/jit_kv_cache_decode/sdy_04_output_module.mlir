module @jit_decode attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<2x4x8x4xf32> {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"}, %arg1: tensor<2x4x8x4xf32> {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"}, %arg2: tensor<2x4x4xf32> {mhlo.sharding = "{devices=[2,4,1]<=[8]}"}, %arg3: tensor<2x4x4xf32> {mhlo.sharding = "{devices=[2,4,1]<=[8]}"}, %arg4: tensor<2x4x4xf32> {mhlo.sharding = "{devices=[2,4,1]<=[8]}"}, %arg5: tensor<i32> {mhlo.sharding = "{replicated}"}) -> (tensor<2x4x4xf32> {mhlo.sharding = "{devices=[2,4,1]<=[8]}"}, tensor<2x4x8x4xf32> {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"}, tensor<2x4x8x4xf32> {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"}) {
    %0 = stablehlo.iota dim = 0 : tensor<8xi32>
    %1 = stablehlo.broadcast_in_dim %arg5, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %2 = stablehlo.compare LE, %0, %1 : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [2] {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<8xi1>) -> tensor<2x4x8xi1>
    %4 = stablehlo.reshape %arg3 {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<2x4x4xf32>) -> tensor<2x4x1x4xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.compare LT, %arg5, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %6 = stablehlo.add %arg5, %c_0 : tensor<i32>
    %7 = stablehlo.select %5, %6, %arg5 : tensor<i1>, tensor<i32>
    %8 = stablehlo.dynamic_update_slice %arg0, %4, %c, %c, %7, %c {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<2x4x8x4xf32>, tensor<2x4x1x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x8x4xf32>
    %9 = stablehlo.dot_general %arg2, %8, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<2x4x4xf32>, tensor<2x4x8x4xf32>) -> tensor<2x4x8xf32>
    %cst = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<f32>) -> tensor<2x4x8xf32>
    %11 = stablehlo.select %3, %9, %10 {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : tensor<2x4x8xi1>, tensor<2x4x8xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst_1) applies stablehlo.maximum across dimensions = [2] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<f32>) -> tensor<2x4xf32>
    %14 = stablehlo.maximum %12, %13 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<2x4xf32>
    %15 = stablehlo.reshape %14 {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
    %17 = stablehlo.reshape %16 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<2x4x1xf32>) -> tensor<2x4xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<2x4xf32>) -> tensor<2x4x8xf32>
    %19 = stablehlo.subtract %11, %18 {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : tensor<2x4x8xf32>
    %20 = stablehlo.exponential %19 {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : tensor<2x4x8xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_2) applies stablehlo.add across dimensions = [2] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<2x4xf32>
    %22 = stablehlo.reshape %21 {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
    %24 = stablehlo.reshape %23 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<2x4x1xf32>) -> tensor<2x4xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1] {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<2x4xf32>) -> tensor<2x4x8xf32>
    %26 = stablehlo.divide %20, %25 {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : tensor<2x4x8xf32>
    %27 = stablehlo.reshape %arg4 {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<2x4x4xf32>) -> tensor<2x4x1x4xf32>
    %28 = stablehlo.compare LT, %arg5, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %29 = stablehlo.add %arg5, %c_0 : tensor<i32>
    %30 = stablehlo.select %28, %29, %arg5 : tensor<i1>, tensor<i32>
    %31 = stablehlo.dynamic_update_slice %arg1, %27, %c, %c, %30, %c {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<2x4x8x4xf32>, tensor<2x4x1x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x8x4xf32>
    %32 = stablehlo.dot_general %26, %31, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<2x4x8xf32>, tensor<2x4x8x4xf32>) -> tensor<2x4x4xf32>
    return %32, %8, %31 : tensor<2x4x4xf32>, tensor<2x4x8x4xf32>, tensor<2x4x8x4xf32>
  }
}
