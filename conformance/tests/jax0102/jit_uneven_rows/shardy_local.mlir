module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<10x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<10xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<10x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=10, j=3}>} : (tensor<f32>) -> tensor<3x3xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.pad %arg0, %cst_0, low = [0, 0], high = [2, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<10x3xf32>, tensor<f32>) -> tensor<12x3xf32>
    %2 = stablehlo.partition_id : tensor<ui32>
    %3 = stablehlo.convert %2 : (tensor<ui32>) -> tensor<i64>
    %c = stablehlo.constant dense<[0, 3, 6, 9, 0, 3, 6, 9]> : tensor<8xi64>
    %4 = stablehlo.dynamic_slice %c, %3, sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
    %5 = stablehlo.reshape %4 : (tensor<1xi64>) -> tensor<i64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %6 = stablehlo.dynamic_slice %1, %5, %c_1, sizes = [3, 3] : (tensor<12x3xf32>, tensor<i64>, tensor<i64>) -> tensor<3x3xf32>
    %7 = stablehlo.multiply %6, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=10, j=3}>} : tensor<3x3xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_2) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=10, j=3} reduction={j}>} : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
    %9 = "stablehlo.all_gather"(%7) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<3x3xf32>) -> tensor<12x3xf32>
    %10 = stablehlo.slice %9 [0:10, 0:3] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<12x3xf32>) -> tensor<10x3xf32>
    %11 = "stablehlo.reduce_window"(%10, %cst_2) <{base_dilations = array<i64: 1, 1>, padding = dense<[[9, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 10, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %22 = stablehlo.add %arg1, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
      stablehlo.return %22 : tensor<f32>
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=10, j=3} permutation={i}>} : (tensor<10x3xf32>, tensor<f32>) -> tensor<10x3xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.pad %11, %cst_3, low = [0, 0], high = [2, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<10x3xf32>, tensor<f32>) -> tensor<12x3xf32>
    %13 = stablehlo.partition_id : tensor<ui32>
    %14 = stablehlo.convert %13 : (tensor<ui32>) -> tensor<i64>
    %c_4 = stablehlo.constant dense<[0, 3, 6, 9, 0, 3, 6, 9]> : tensor<8xi64>
    %15 = stablehlo.dynamic_slice %c_4, %14, sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
    %16 = stablehlo.reshape %15 : (tensor<1xi64>) -> tensor<i64>
    %c_5 = stablehlo.constant dense<0> : tensor<i64>
    %17 = stablehlo.dynamic_slice %12, %16, %c_5, sizes = [3, 3] : (tensor<12x3xf32>, tensor<i64>, tensor<i64>) -> tensor<3x3xf32>
    %18 = "stablehlo.all_gather"(%8) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<3xf32>) -> tensor<12xf32>
    %19 = stablehlo.slice %18 [0:10] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<12xf32>) -> tensor<10xf32>
    %20 = "stablehlo.all_gather"(%17) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<3x3xf32>) -> tensor<12x3xf32>
    %21 = stablehlo.slice %20 [0:10, 0:3] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<12x3xf32>) -> tensor<10x3xf32>
    return %19, %21 : tensor<10xf32>, tensor<10x3xf32>
  }
}
