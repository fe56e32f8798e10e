module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"}, %arg1: tensor<8x4xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'y'}, {}]}"}) -> (tensor<8x4xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"}) {
    %0 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<8x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}], unreduced={'y'}}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %2 = stablehlo.custom_call @Sharding(%1) {backend_config = "", mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %2 : tensor<8x4xf32>
  }
}
