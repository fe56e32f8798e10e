module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<6x4xf32> {mhlo.sharding = "{devices=[1,2,4]<=[4,2]T(1,0) last_tile_dim_replicate}"}, %arg1: tensor<4x5xf32> {mhlo.sharding = "{devices=[2,1,4]<=[4,2]T(1,0) last_tile_dim_replicate}"}) -> (tensor<6x5xf32> {mhlo.sharding = "{replicated}"}) {
    %0 = stablehlo.sine %arg0 {mhlo.sharding = "{devices=[4,2]<=[8]}"} : tensor<6x4xf32>
    %1 = mhlo.copy %0 {mhlo.sharding = "{devices=[4,2]<=[8]}"} : tensor<6x4xf32>
    %2 = stablehlo.dot %1, %arg1, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[4,1,2]<=[8] last_tile_dim_replicate}"} : (tensor<6x4xf32>, tensor<4x5xf32>) -> tensor<6x5xf32>
    return %2 : tensor<6x5xf32>
  }
}
