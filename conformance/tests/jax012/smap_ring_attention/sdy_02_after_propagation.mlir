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
      %12 = sdy.reshard %arg3 <@mesh, [{}, {}]> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %13:6 = stablehlo.while(%iterArg = %1, %iterArg_0 = %arg4, %iterArg_1 = %arg5, %iterArg_2 = %9, %iterArg_3 = %6, %iterArg_4 = %11) : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>
      cond {
        %19 = sdy.constant dense<8> : tensor<i32>
        %20 = stablehlo.compare LT, %iterArg, %19 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %20 : tensor<i1>
      } do {
        %19 = sdy.constant dense<1> : tensor<i32>
        %20 = stablehlo.add %iterArg, %19 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
        %21 = "stablehlo.collective_permute"(%iterArg_0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
        %22 = "stablehlo.collective_permute"(%iterArg_1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
        %23 = stablehlo.transpose %iterArg_0, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=4, j=2}>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
        %24 = stablehlo.dot %12, %23, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=2, k=4} reduction={k}>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
        %25 = sdy.constant dense<5.000000e-01> : tensor<f32>
        %26 = stablehlo.broadcast_in_dim %25, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=2, j=2}>} : (tensor<f32>) -> tensor<2x2xf32>
        %27 = stablehlo.multiply %24, %26 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
        %28 = sdy.constant dense<0xFF800000> : tensor<f32>
        %29 = stablehlo.reduce(%27 init: %28) applies stablehlo.maximum across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
        %30 = stablehlo.maximum %iterArg_2, %29 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
        %31 = stablehlo.subtract %iterArg_2, %30 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
        %32 = stablehlo.exponential %31 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : tensor<2xf32>
        %33 = stablehlo.multiply %iterArg_3, %32 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
        %34 = stablehlo.reshape %30 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
        %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
        %36 = stablehlo.reshape %35 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
        %37 = stablehlo.broadcast_in_dim %36, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=2}>} : (tensor<2xf32>) -> tensor<2x2xf32>
        %38 = stablehlo.subtract %27, %37 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
        %39 = stablehlo.exponential %38 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
        %40 = sdy.constant dense<0.000000e+00> : tensor<f32>
        %41 = stablehlo.reduce(%39 init: %40) applies stablehlo.add across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
        %42 = stablehlo.add %33, %41 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
        %43 = stablehlo.reshape %32 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
        %44 = stablehlo.broadcast_in_dim %43, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
        %45 = stablehlo.reshape %44 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
        %46 = stablehlo.broadcast_in_dim %45, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
        %47 = stablehlo.multiply %iterArg_4, %46 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
        %48 = stablehlo.dot %39, %iterArg_1, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=4, k=2} reduction={k}>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
        %49 = stablehlo.add %47, %48 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
        stablehlo.return %20, %21, %22, %30, %42, %49 : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>
      }
      %14 = stablehlo.reshape %13#4 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %16 = stablehlo.reshape %15 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %17 = stablehlo.broadcast_in_dim %16, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
      %18 = stablehlo.divide %13#5, %17 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      sdy.return %18 : tensor<2x4xf32>
    } : (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
    return %0 : tensor<16x4xf32>
  }
}
