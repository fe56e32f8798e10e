module @jit_ring attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func @main(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0, %arg1, %arg2) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg3: tensor<2x4xf32>, %arg4: tensor<2x4xf32>, %arg5: tensor<2x4xf32>) {
      %1 = sdy.constant dense<0> : tensor<i32>
      %2 = stablehlo.slice %arg3 [0:2, 0:1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4} permutation={j}>} : (tensor<2x4xf32>) -> tensor<2x1xf32>
      %3 = stablehlo.reshape %2 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %4 = sdy.constant dense<0.000000e+00> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %4, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=2}>} : (tensor<f32>) -> tensor<2xf32>
      %6 = stablehlo.multiply %3, %5 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %7 = sdy.constant dense<0x7F800000> : tensor<f32>
      %8 = stablehlo.broadcast_in_dim %7, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=2}>} : (tensor<f32>) -> tensor<2xf32>
      %9 = stablehlo.subtract %6, %8 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %10 = stablehlo.broadcast_in_dim %4, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=2, j=4}>} : (tensor<f32>) -> tensor<2x4xf32>
      %11 = stablehlo.multiply %arg3, %10 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %12:6 = stablehlo.while(%iterArg = %1, %iterArg_0 = %arg4, %iterArg_1 = %arg5, %iterArg_2 = %9, %iterArg_3 = %6, %iterArg_4 = %11) : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>
      cond {
        %18 = sdy.constant dense<8> : tensor<i32>
        %19 = stablehlo.compare LT, %iterArg, %18 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %19 : tensor<i1>
      } do {
        %18 = sdy.constant dense<1> : tensor<i32>
        %19 = stablehlo.add %iterArg, %18 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
        %20 = "stablehlo.collective_permute"(%iterArg_0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
        %21 = "stablehlo.collective_permute"(%iterArg_1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
        %22 = stablehlo.transpose %iterArg_0, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=4, j=2}>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
        %23 = stablehlo.dot %arg3, %22, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=2, k=4} reduction={k}>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
        %24 = sdy.constant dense<5.000000e-01> : tensor<f32>
        %25 = stablehlo.broadcast_in_dim %24, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=2, j=2}>} : (tensor<f32>) -> tensor<2x2xf32>
        %26 = stablehlo.multiply %23, %25 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
        %27 = sdy.constant dense<0xFF800000> : tensor<f32>
        %28 = stablehlo.reduce(%26 init: %27) applies stablehlo.maximum across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
        %29 = stablehlo.maximum %iterArg_2, %28 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
        %30 = stablehlo.subtract %iterArg_2, %29 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
        %31 = stablehlo.exponential %30 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : tensor<2xf32>
        %32 = stablehlo.multiply %iterArg_3, %31 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
        %33 = stablehlo.reshape %29 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
        %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
        %35 = stablehlo.reshape %34 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
        %36 = stablehlo.broadcast_in_dim %35, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=2}>} : (tensor<2xf32>) -> tensor<2x2xf32>
        %37 = stablehlo.subtract %26, %36 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
        %38 = stablehlo.exponential %37 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
        %39 = sdy.constant dense<0.000000e+00> : tensor<f32>
        %40 = stablehlo.reduce(%38 init: %39) applies stablehlo.add across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
        %41 = stablehlo.add %32, %40 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
        %42 = stablehlo.reshape %31 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
        %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
        %44 = stablehlo.reshape %43 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
        %45 = stablehlo.broadcast_in_dim %44, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
        %46 = stablehlo.multiply %iterArg_4, %45 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
        %47 = stablehlo.dot %38, %iterArg_1, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=4, k=2} reduction={k}>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
        %48 = stablehlo.add %46, %47 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
        stablehlo.return %19, %20, %21, %29, %41, %48 : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>
      }
      %13 = stablehlo.reshape %12#4 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %15 = stablehlo.reshape %14 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %16 = stablehlo.broadcast_in_dim %15, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
      %17 = stablehlo.divide %12#5, %16 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      sdy.return %17 : tensor<2x4xf32>
    } : (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
    return %0 : tensor<16x4xf32>
  }
}
