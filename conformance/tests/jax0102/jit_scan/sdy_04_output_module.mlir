module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<4x8xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}, %arg1: tensor<3x4x8xf32> {mhlo.sharding = "{devices=[1,2,1,4]<=[8] last_tile_dim_replicate}"}, %arg2: tensor<8x8xf32> {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}) -> (tensor<4x8xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}, tensor<3x4xf32> {mhlo.sharding = "{devices=[1,2,4]<=[8] last_tile_dim_replicate}"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{devices=[1,2,4]<=[8] last_tile_dim_replicate}"} : (tensor<f32>) -> tensor<3x4xf32>
    %1 = mhlo.copy %arg2 {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : tensor<8x8xf32>
    %2 = mhlo.copy %arg1 {mhlo.sharding = "{devices=[1,2,4]<=[8]}"} : tensor<3x4x8xf32>
    %3:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0, %iterArg_1 = %0) : tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32> attributes {mhlo.sharding = "{{replicated}, {devices=[2,4]<=[8]}, {devices=[1,2,4]<=[8] last_tile_dim_replicate}}"}
    cond {
      %c_2 = stablehlo.constant dense<3> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg, %c_2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %4 = stablehlo.add %iterArg, %c_2 : tensor<i32>
      %5 = stablehlo.dot %iterArg_0, %1, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %c_3 = stablehlo.constant dense<0> : tensor<i32>
      %6 = stablehlo.dynamic_slice %2, %iterArg, %c_3, %c_3, sizes = [1, 4, 8] {mhlo.sharding = "{devices=[1,2,4]<=[8]}"} : (tensor<3x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
      %7 = stablehlo.reshape %6 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
      %8 = stablehlo.add %5, %7 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
      %9 = stablehlo.tanh %8 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
      %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %10 = stablehlo.reduce(%9 init: %cst_4) applies stablehlo.add across dimensions = [1] {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
      %11 = stablehlo.reshape %10 {mhlo.sharding = "{devices=[1,2,4]<=[8] last_tile_dim_replicate}"} : (tensor<4xf32>) -> tensor<1x4xf32>
      %12 = stablehlo.dynamic_update_slice %iterArg_1, %11, %iterArg, %c_3 {mhlo.sharding = "{devices=[1,2,4]<=[8] last_tile_dim_replicate}"} : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
      stablehlo.return %4, %9, %12 : tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32>
    }
    return %3#1, %3#2 : tensor<4x8xf32>, tensor<3x4xf32>
  }
}
