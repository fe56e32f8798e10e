module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x8xbf16> {mhlo.sharding = "{devices=[2,4]<=[8]}"}, %arg1: tensor<8x8xbf16> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) -> (tensor<8x8xbf16> {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"}) {
    %0 = stablehlo.multiply %arg0, %arg1 {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"} : tensor<8x8xbf16>
    %1 = stablehlo.exponential %arg0 {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"} : tensor<8x8xbf16>
    %2 = stablehlo.add %0, %1 {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"} : tensor<8x8xbf16>
    return %2 : tensor<8x8xbf16>
  }
}
