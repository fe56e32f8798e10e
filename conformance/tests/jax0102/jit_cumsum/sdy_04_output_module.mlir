module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}, %arg1: tensor<8x8xi32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) -> (tensor<8x8xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}, tensor<8x8xi32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{base_dilations = array<i64: 1, 1>, padding = dense<[[7, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 8, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8x8xf32>, tensor<f32>) -> tensor<8x8xf32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg1, %c) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [7, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 8>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %2 = stablehlo.multiply %arg2, %arg3 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8x8xi32>, tensor<i32>) -> tensor<8x8xi32>
    return %0, %1 : tensor<8x8xf32>, tensor<8x8xi32>
  }
}
