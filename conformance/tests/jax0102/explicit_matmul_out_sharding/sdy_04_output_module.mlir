module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}, %arg1: tensor<4x8xf32> {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}) -> (tensor<8x8xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) {
    %0 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %1 = mhlo.copy %0 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<8x8xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<f32>) -> tensor<8x8xf32>
    %3 = mhlo.copy %2 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<8x8xf32>
    %4 = stablehlo.add %1, %3 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<8x8xf32>
    %5 = mhlo.copy %4 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<8x8xf32>
    return %5 : tensor<8x8xf32>
  }
}
