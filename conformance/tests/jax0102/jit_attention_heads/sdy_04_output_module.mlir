module @jit__attention attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<2x4x8x4xf32> {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"}, %arg1: tensor<2x4x8x4xf32> {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"}, %arg2: tensor<2x4x8x4xf32> {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"}) -> (tensor<2x4x8x4xf32> {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<2x4x8x4xf32>, tensor<2x4x8x4xf32>) -> tensor<2x4x8x8xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<f32>) -> tensor<2x4x8x8xf32>
    %2 = stablehlo.divide %0, %1 {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : tensor<2x4x8x8xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst_0) applies stablehlo.maximum across dimensions = [3] {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<2x4x8x8xf32>, tensor<f32>) -> tensor<2x4x8xf32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<f32>) -> tensor<2x4x8xf32>
    %5 = stablehlo.maximum %3, %4 {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : tensor<2x4x8xf32>
    %6 = stablehlo.reshape %5 {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<2x4x8xf32>) -> tensor<2x4x8x1xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2, 3] {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<2x4x8x1xf32>) -> tensor<2x4x8x1xf32>
    %8 = stablehlo.reshape %7 {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<2x4x8x1xf32>) -> tensor<2x4x8xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<2x4x8xf32>) -> tensor<2x4x8x8xf32>
    %10 = stablehlo.subtract %2, %9 {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : tensor<2x4x8x8xf32>
    %11 = stablehlo.exponential %10 {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : tensor<2x4x8x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst_1) applies stablehlo.add across dimensions = [3] {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<2x4x8x8xf32>, tensor<f32>) -> tensor<2x4x8xf32>
    %13 = stablehlo.reshape %12 {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<2x4x8xf32>) -> tensor<2x4x8x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<2x4x8x1xf32>) -> tensor<2x4x8x1xf32>
    %15 = stablehlo.reshape %14 {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<2x4x8x1xf32>) -> tensor<2x4x8xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<2x4x8xf32>) -> tensor<2x4x8x8xf32>
    %17 = stablehlo.divide %11, %16 {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : tensor<2x4x8x8xf32>
    %18 = stablehlo.dot_general %17, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4,1,1]<=[8]}"} : (tensor<2x4x8x8xf32>, tensor<2x4x8x4xf32>) -> tensor<2x4x8x4xf32>
    return %18 : tensor<2x4x8x4xf32>
  }
}
