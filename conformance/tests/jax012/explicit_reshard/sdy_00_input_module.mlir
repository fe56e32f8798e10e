module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"}) -> (tensor<8x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {'y'}]}"}) {
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {backend_config = "", mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %2 = stablehlo.multiply %arg0, %1 : tensor<8x8xf32>
    %3 = stablehlo.custom_call @Sharding(%2) {backend_config = "", mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %4 = stablehlo.custom_call @Sharding(%3) {backend_config = "", mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {'y'}]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %5 = stablehlo.sine %4 : tensor<8x8xf32>
    %6 = stablehlo.custom_call @Sharding(%5) {backend_config = "", mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {'y'}]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    return %6 : tensor<8x8xf32>
  }
}
