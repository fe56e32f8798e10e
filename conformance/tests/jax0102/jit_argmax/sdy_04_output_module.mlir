module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x16xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) -> (tensor<8xi32> {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"}, tensor<8xf32> {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"}) {
    %0 = stablehlo.iota dim = 0 {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : tensor<16xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<16xi32>) -> tensor<8x16xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2:2 = stablehlo.reduce(%arg0 init: %cst), (%1 init: %c) across dimensions = [1] {mhlo.sharding = "{{devices=[2,4]<=[8] last_tile_dim_replicate}, {devices=[2,4]<=[8] last_tile_dim_replicate}}"} : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %4 = stablehlo.compare GT, %arg1, %arg3 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %5 = stablehlo.compare NE, %arg1, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.or %4, %5 : tensor<i1>
      %7 = stablehlo.select %6, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %8 = stablehlo.compare EQ, %arg1, %arg3 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %9 = stablehlo.compare LT, %arg2, %arg4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %10 = stablehlo.and %8, %9 : tensor<i1>
      %11 = stablehlo.or %6, %10 : tensor<i1>
      %12 = stablehlo.select %11, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %7, %12 : tensor<f32>, tensor<i32>
    }
    %3 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
    return %2#1, %3 : tensor<8xi32>, tensor<8xf32>
  }
}
