module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<6x4xf32> {mhlo.sharding = "{mesh['x'=2,'y'=2,'z'=2], [{}, {'z'}]}"}, %arg1: tensor<4x5xf32> {mhlo.sharding = "{mesh['x'=2,'y'=2,'z'=2], [{'z'}, {}]}"}) -> (tensor<6x5xf32> {mhlo.sharding = "{mesh['x'=2,'y'=2,'z'=2], [{}, {}]}"}) {
    %0 = stablehlo.sine %arg0 : tensor<6x4xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {backend_config = "", mhlo.sharding = "{mesh['x'=2,'y'=2,'z'=2], [{'x', 'y'}, {'z'}]}"} : (tensor<6x4xf32>) -> tensor<6x4xf32>
    %2 = stablehlo.dot %1, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x5xf32>) -> tensor<6x5xf32>
    return %2 : tensor<6x5xf32>
  }
}
