module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x16xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) -> (tensor<8x3xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}, tensor<8x3xi32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) {
    %values, %indices = mhlo.topk(%arg0, k = 3) {mhlo.sharding = "{{devices=[2,1,4]<=[8] last_tile_dim_replicate}, {devices=[2,1,4]<=[8] last_tile_dim_replicate}}"} : tensor<8x16xf32> -> (tensor<8x3xf32>, tensor<8x3xi32>)
    return %values, %indices : tensor<8x3xf32>, tensor<8x3xi32>
  }
}
