module @jit_ring attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func @main(%arg0: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.slice %arg0 [0:2, 0:1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4} permutation={j}>} : (tensor<2x4xf32>) -> tensor<2x1xf32>
    %1 = stablehlo.reshape %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=2}>} : (tensor<f32>) -> tensor<2xf32>
    %3 = stablehlo.multiply %1, %2 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=2}>} : (tensor<f32>) -> tensor<2xf32>
    %5 = stablehlo.subtract %3, %4 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=2, j=4}>} : (tensor<f32>) -> tensor<2x4xf32>
    %7 = stablehlo.multiply %arg0, %6 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
    %8:6 = stablehlo.while(%iterArg = %c, %iterArg_1 = %arg1, %iterArg_2 = %arg2, %iterArg_3 = %5, %iterArg_4 = %3, %iterArg_5 = %7) : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>
    cond {
      %c_6 = stablehlo.constant dense<8> : tensor<i32>
      %14 = stablehlo.compare LT, %iterArg, %c_6 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %14 = stablehlo.add %iterArg, %c_6 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %15 = "stablehlo.collective_permute"(%iterArg_1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %16 = "stablehlo.collective_permute"(%iterArg_2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %17 = stablehlo.transpose %iterArg_1, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=4, j=2}>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %18 = stablehlo.dot %arg0, %17, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=2, k=4} reduction={k}>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %cst_7 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %19 = stablehlo.broadcast_in_dim %cst_7, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=2, j=2}>} : (tensor<f32>) -> tensor<2x2xf32>
      %20 = stablehlo.multiply %18, %19 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %21 = stablehlo.reduce(%20 init: %cst_8) applies stablehlo.maximum across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %22 = stablehlo.maximum %iterArg_3, %21 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %23 = stablehlo.subtract %iterArg_3, %22 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %24 = stablehlo.exponential %23 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : tensor<2xf32>
      %25 = stablehlo.multiply %iterArg_4, %24 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %26 = stablehlo.reshape %22 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %28 = stablehlo.reshape %27 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %29 = stablehlo.broadcast_in_dim %28, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=2}>} : (tensor<2xf32>) -> tensor<2x2xf32>
      %30 = stablehlo.subtract %20, %29 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %31 = stablehlo.exponential %30 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %32 = stablehlo.reduce(%31 init: %cst_9) applies stablehlo.add across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %33 = stablehlo.add %25, %32 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %34 = stablehlo.reshape %24 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %36 = stablehlo.reshape %35 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %37 = stablehlo.broadcast_in_dim %36, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
      %38 = stablehlo.multiply %iterArg_5, %37 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %39 = stablehlo.dot %31, %iterArg_2, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=4, k=2} reduction={k}>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %40 = stablehlo.add %38, %39 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      stablehlo.return %14, %15, %16, %22, %33, %40 : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>
    }
    %9 = stablehlo.reshape %8#4 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1}>} : (tensor<2xf32>) -> tensor<2x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %11 = stablehlo.reshape %10 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
    %13 = stablehlo.divide %8#5, %12 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
    return %13 : tensor<2x4xf32>
  }
}
