module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> : (tensor<4x2xf32>) -> tensor<8x2xf32>
    %1 = "stablehlo.reduce_window"(%0, %cst) <{base_dilations = array<i64: 1, 1>, padding = dense<[[7, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 8, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %14 = stablehlo.add %arg2, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
      stablehlo.return %14 : tensor<f32>
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=8, j=8} permutation={i}>} : (tensor<8x2xf32>, tensor<f32>) -> tensor<8x2xf32>
    %2 = stablehlo.partition_id : tensor<ui32>
    %3 = stablehlo.convert %2 : (tensor<ui32>) -> tensor<i64>
    %c = stablehlo.constant dense<[0, 0, 0, 0, 4, 4, 4, 4]> : tensor<8xi64>
    %4 = stablehlo.dynamic_slice %c, %3, sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
    %5 = stablehlo.reshape %4 : (tensor<1xi64>) -> tensor<i64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %6 = stablehlo.dynamic_slice %1, %5, %c_0, sizes = [4, 2] : (tensor<8x2xf32>, tensor<i64>, tensor<i64>) -> tensor<4x2xf32>
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %7 = "stablehlo.all_gather"(%arg1) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<4x2xi32>) -> tensor<4x8xi32>
    %8 = "stablehlo.reduce_window"(%7, %c_1) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [7, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 8>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %14 = stablehlo.multiply %arg2, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      stablehlo.return %14 : tensor<i32>
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=8, j=8} permutation={j}>} : (tensor<4x8xi32>, tensor<i32>) -> tensor<4x8xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %9 = stablehlo.partition_id : tensor<ui32>
    %10 = stablehlo.convert %9 : (tensor<ui32>) -> tensor<i64>
    %c_3 = stablehlo.constant dense<[0, 2, 4, 6, 0, 2, 4, 6]> : tensor<8xi64>
    %11 = stablehlo.dynamic_slice %c_3, %10, sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
    %12 = stablehlo.reshape %11 : (tensor<1xi64>) -> tensor<i64>
    %13 = stablehlo.dynamic_slice %8, %c_2, %12, sizes = [4, 2] : (tensor<4x8xi32>, tensor<i64>, tensor<i64>) -> tensor<4x2xi32>
    return %6, %13 : tensor<4x2xf32>, tensor<4x2xi32>
  }
}
