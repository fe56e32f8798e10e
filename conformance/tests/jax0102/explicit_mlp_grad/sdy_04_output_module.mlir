module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}, %arg1: tensor<4x8xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) -> (tensor<8x8xf32> {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}) {
    %cst = stablehlo.constant {mhlo.sharding = "{replicated}"} dense<1.000000e+00> : tensor<f32>
    %0 = mhlo.copy %cst {mhlo.sharding = "{replicated}"} : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<f32>) -> tensor<4x8xf32>
    %2 = mhlo.copy %1 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<f32>) -> tensor<4x8xf32>
    %4 = mhlo.copy %3 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %5 = stablehlo.dot %arg1, %arg0, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %6 = mhlo.copy %5 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %7 = stablehlo.tanh %6 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %8 = mhlo.copy %7 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %9 = stablehlo.multiply %4, %8 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %10 = mhlo.copy %9 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %11 = stablehlo.multiply %2, %10 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %12 = mhlo.copy %11 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %13 = mhlo.copy %cst {mhlo.sharding = "{replicated}"} : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<f32>) -> tensor<4x8xf32>
    %15 = mhlo.copy %14 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %16 = stablehlo.subtract %15, %8 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %17 = mhlo.copy %16 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %18 = stablehlo.multiply %12, %17 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %19 = mhlo.copy %18 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %20 = stablehlo.multiply %19, %8 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %21 = mhlo.copy %20 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %22 = stablehlo.add %19, %21 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %23 = mhlo.copy %22 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xf32>
    %24 = stablehlo.dot_general %23, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %25 = mhlo.copy %24 {mhlo.sharding = "{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : tensor<8x8xf32>
    %26 = stablehlo.transpose %25, dims = [1, 0] {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}", result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[8,8]{0,1}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %27 = mhlo.copy %26 {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : tensor<8x8xf32>
    return %27 : tensor<8x8xf32>
  }
}
