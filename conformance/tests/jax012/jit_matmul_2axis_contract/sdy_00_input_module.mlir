module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_0.1(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func @main(%arg0: tensor<8x16xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"}, %arg1: tensor<16x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'y'}, {}]}"}) -> (tensor<8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}]}"}) {
    %0 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
    return %1 : tensor<8xf32>
  }
}
