module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<2x8x8xf32> {mhlo.sharding = "{devices=[1,1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}, %arg1: tensor<4x8xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) -> (tensor<f32> {mhlo.sharding = "{replicated}"}, tensor<2x8x8xf32> {mhlo.sharding = "{devices=[1,1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{devices=[1,2,4]<=[8]}"} : (tensor<f32>) -> tensor<2x4x8xf32>
    %1 = mhlo.copy %arg0 {mhlo.sharding = "{devices=[1,1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : tensor<2x8x8xf32>
    %2:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg1, %iterArg_1 = %0) : tensor<i32>, tensor<4x8xf32>, tensor<2x4x8xf32> attributes {mhlo.sharding = "{{replicated}, {devices=[2,4]<=[8]}, {devices=[1,2,4]<=[8]}}"}
    cond {
      %c_2 = stablehlo.constant dense<2> : tensor<i32>
      %9 = stablehlo.compare LT, %iterArg, %c_2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    } do {
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %9 = stablehlo.add %iterArg, %c_2 : tensor<i32>
      %c_3 = stablehlo.constant dense<0> : tensor<i32>
      %10 = stablehlo.dynamic_slice %1, %iterArg, %c_3, %c_3, sizes = [1, 8, 8] {mhlo.sharding = "{devices=[1,1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<2x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
      %11 = stablehlo.reshape %10 {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
      %12 = stablehlo.dot %iterArg_0, %11, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %13 = stablehlo.sine %12 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
      %14 = stablehlo.reshape %iterArg_0 {mhlo.sharding = "{devices=[1,2,4]<=[8]}"} : (tensor<4x8xf32>) -> tensor<1x4x8xf32>
      %15 = stablehlo.dynamic_update_slice %iterArg_1, %14, %iterArg, %c_3, %c_3 {mhlo.sharding = "{devices=[1,2,4]<=[8]}"} : (tensor<2x4x8xf32>, tensor<1x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x8xf32>
      stablehlo.return %9, %13, %15 : tensor<i32>, tensor<4x8xf32>, tensor<2x4x8xf32>
    }
    %3 = stablehlo.multiply %2#1, %2#1 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %5 = stablehlo.add %2#1, %2#1 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{devices=[1,1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<f32>) -> tensor<2x8x8xf32>
    %7 = mhlo.copy %arg0 {mhlo.sharding = "{devices=[1,1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : tensor<2x8x8xf32>
    %8:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %5, %iterArg_1 = %6) : tensor<i32>, tensor<4x8xf32>, tensor<2x8x8xf32> attributes {mhlo.sharding = "{{replicated}, {devices=[2,4]<=[8]}, {devices=[1,1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}}"}
    cond {
      %c_2 = stablehlo.constant dense<2> : tensor<i32>
      %9 = stablehlo.compare LT, %iterArg, %c_2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    } do {
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %9 = stablehlo.add %iterArg, %c_2 : tensor<i32>
      %c_3 = stablehlo.constant dense<2> : tensor<i32>
      %10 = stablehlo.subtract %c_3, %iterArg : tensor<i32>
      %11 = stablehlo.subtract %10, %c_2 : tensor<i32>
      %c_4 = stablehlo.constant dense<0> : tensor<i32>
      %12 = stablehlo.dynamic_slice %2#2, %11, %c_4, %c_4, sizes = [1, 4, 8] {mhlo.sharding = "{devices=[1,2,4]<=[8]}"} : (tensor<2x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
      %13 = stablehlo.reshape %12 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
      %14 = stablehlo.dynamic_slice %7, %11, %c_4, %c_4, sizes = [1, 8, 8] {mhlo.sharding = "{devices=[1,1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<2x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
      %15 = stablehlo.reshape %14 {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
      %16:3 = stablehlo.optimization_barrier {mhlo.sharding = "{{devices=[2,4]<=[8]}, {devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}, {devices=[2,4]<=[8]}}"} %13, %15, %iterArg_0 : tensor<4x8xf32>, tensor<8x8xf32>, tensor<4x8xf32>
      %17 = stablehlo.dot %16#0, %16#1, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %18 = stablehlo.cosine %17 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
      %19 = stablehlo.multiply %16#2, %18 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
      %20 = stablehlo.dot_general %19, %16#1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %21 = stablehlo.dot_general %19, %16#0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      %22 = stablehlo.transpose %21, dims = [1, 0] {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}", result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[8,8]{0,1}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
      %23 = stablehlo.reshape %22 {mhlo.sharding = "{devices=[1,1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<8x8xf32>) -> tensor<1x8x8xf32>
      %24 = stablehlo.dynamic_update_slice %iterArg_1, %23, %11, %c_4, %c_4 {mhlo.sharding = "{devices=[1,1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<2x8x8xf32>, tensor<1x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x8xf32>
      stablehlo.return %9, %20, %24 : tensor<i32>, tensor<4x8xf32>, tensor<2x8x8xf32>
    }
    return %4, %8#2 : tensor<f32>, tensor<2x8x8xf32>
  }
}
