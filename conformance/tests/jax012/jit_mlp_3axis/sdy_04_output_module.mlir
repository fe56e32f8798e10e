module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=2,'z'=2], [{'x', 'y'}, {}]}"}, %arg1: tensor<8x16xf32> {mhlo.sharding = "{mesh['x'=2,'y'=2,'z'=2], [{}, {'z'}]}"}, %arg2: tensor<16x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=2,'z'=2], [{'z'}, {}]}"}) -> (tensor<8x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=2,'z'=2], [{'x', 'y'}, {}]}"}) {
    %0 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{mesh['x'=2,'y'=2,'z'=2], [{'x', 'y'}, {'z'}]}"} : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{mesh['x'=2,'y'=2,'z'=2], [{'x', 'y'}, {'z'}]}"} : (tensor<f32>) -> tensor<8x16xf32>
    %2 = stablehlo.maximum %0, %1 {mhlo.sharding = "{mesh['x'=2,'y'=2,'z'=2], [{'x', 'y'}, {'z'}]}"} : tensor<8x16xf32>
    %3 = stablehlo.dot %2, %arg2, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{mesh['x'=2,'y'=2,'z'=2], [{'x', 'y'}, {}]}"} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
    return %3 : tensor<8x8xf32>
  }
}
