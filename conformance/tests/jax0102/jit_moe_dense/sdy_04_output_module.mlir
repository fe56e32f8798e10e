module @jit_moe attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}, %arg1: tensor<4x4xf32> {mhlo.sharding = "{replicated}"}, %arg2: tensor<4x4x4xf32> {mhlo.sharding = "{devices=[4,1,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}) -> (tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) {
    %0 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4,1]<=[8]}"} : (tensor<8x4xf32>, tensor<4x4x4xf32>) -> tensor<8x4x4xf32>
    %1 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
    %2 = stablehlo.iota dim = 0 {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : tensor<4xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<4xi32>) -> tensor<8x4xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4:2 = stablehlo.reduce(%1 init: %cst), (%3 init: %c) across dimensions = [1] {mhlo.sharding = "{{devices=[2,4]<=[8] last_tile_dim_replicate}, {devices=[2,4]<=[8] last_tile_dim_replicate}}"} : (tensor<8x4xf32>, tensor<8x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%arg3: tensor<f32>, %arg5: tensor<f32>) (%arg4: tensor<i32>, %arg6: tensor<i32>)  {
      %33 = stablehlo.compare GT, %arg3, %arg5 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %34 = stablehlo.compare NE, %arg3, %arg3 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %35 = stablehlo.or %33, %34 : tensor<i1>
      %36 = stablehlo.select %35, %arg3, %arg5 : tensor<i1>, tensor<f32>
      %37 = stablehlo.compare EQ, %arg3, %arg5 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %38 = stablehlo.compare LT, %arg4, %arg6 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %39 = stablehlo.and %37, %38 : tensor<i1>
      %40 = stablehlo.or %35, %39 : tensor<i1>
      %41 = stablehlo.select %40, %arg4, %arg6 : tensor<i1>, tensor<i32>
      stablehlo.return %36, %41 : tensor<f32>, tensor<i32>
    }
    %5 = stablehlo.reshape %4#1 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8xi32>) -> tensor<8x1xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1xi32>) -> tensor<8x1xi32>
    %7 = stablehlo.reshape %6 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1xi32>) -> tensor<8xi32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8xi32>) -> tensor<8x4xi32>
    %9 = stablehlo.iota dim = 0 {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : tensor<4xi32>
    %10 = stablehlo.reshape %9 {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<4xi32>) -> tensor<1x4xi32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<1x4xi32>) -> tensor<1x4xi32>
    %12 = stablehlo.reshape %11 {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<1x4xi32>) -> tensor<4xi32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [1] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<4xi32>) -> tensor<8x4xi32>
    %14 = stablehlo.compare EQ, %8, %13 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8x4xi32>, tensor<8x4xi32>) -> tensor<8x4xi1>
    %15 = stablehlo.convert %14 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8x4xi1>) -> tensor<8x4xf32>
    %16 = stablehlo.reduce(%1 init: %cst) applies stablehlo.maximum across dimensions = [1] {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %17 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<f32>) -> tensor<8xf32>
    %18 = stablehlo.maximum %16, %17 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : tensor<8xf32>
    %19 = stablehlo.reshape %18 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8xf32>) -> tensor<8x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1xf32>) -> tensor<8x1xf32>
    %21 = stablehlo.reshape %20 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1xf32>) -> tensor<8xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8xf32>) -> tensor<8x4xf32>
    %23 = stablehlo.subtract %1, %22 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<8x4xf32>
    %24 = stablehlo.exponential %23 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<8x4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.reduce(%24 init: %cst_0) applies stablehlo.add across dimensions = [1] {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %26 = stablehlo.reshape %25 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8xf32>) -> tensor<8x1xf32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1xf32>) -> tensor<8x1xf32>
    %28 = stablehlo.reshape %27 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1xf32>) -> tensor<8xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8xf32>) -> tensor<8x4xf32>
    %30 = stablehlo.divide %24, %29 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<8x4xf32>
    %31 = stablehlo.multiply %15, %30 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<8x4xf32>
    %32 = stablehlo.dot_general %0, %31, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x4x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    return %32 : tensor<8x4xf32>
  }
}
