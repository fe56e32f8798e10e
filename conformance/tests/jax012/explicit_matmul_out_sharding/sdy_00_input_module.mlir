module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x4xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"}, %arg1: tensor<4x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {'y'}]}"}) -> (tensor<8x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"}) {
    %0 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {backend_config = "", mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %3 = stablehlo.custom_call @Sharding(%2) {backend_config = "", mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %4 = stablehlo.add %1, %3 : tensor<8x8xf32>
    %5 = stablehlo.custom_call @Sharding(%4) {backend_config = "", mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    return %5 : tensor<8x8xf32>
  }
}
