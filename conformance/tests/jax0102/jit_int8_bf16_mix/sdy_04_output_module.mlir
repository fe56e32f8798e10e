module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x8xi8> {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}, %arg1: tensor<1x8xbf16> {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}, %arg2: tensor<4x8xbf16> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) -> (tensor<4x8xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) {
    %0 = stablehlo.convert %arg0 {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<8x8xi8>) -> tensor<8x8xbf16>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<1x8xbf16>) -> tensor<1x8xbf16>
    %2 = stablehlo.reshape %1 {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<1x8xbf16>) -> tensor<8xbf16>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<8xbf16>) -> tensor<8x8xbf16>
    %4 = stablehlo.multiply %0, %3 {mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : tensor<8x8xbf16>
    %5 = stablehlo.dot %arg2, %4, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<4x8xbf16>, tensor<8x8xbf16>) -> tensor<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}
