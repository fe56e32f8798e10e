module @jit_ring attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func @main(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0, %arg1, %arg2) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg3: tensor<2x4xf32>, %arg4: tensor<2x4xf32>, %arg5: tensor<2x4xf32>) {
      %1 = sdy.constant dense<0xFF800000> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %1, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=2}>} : (tensor<f32>) -> tensor<2xf32>
      %3 = stablehlo.transpose %arg4, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=4, j=2}>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %4 = stablehlo.dot %arg3, %3, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=2, k=4} reduction={k}>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %5 = sdy.constant dense<5.000000e-01> : tensor<f32>
      %6 = stablehlo.broadcast_in_dim %5, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=2, j=2}>} : (tensor<f32>) -> tensor<2x2xf32>
      %7 = stablehlo.multiply %4, %6 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %8 = stablehlo.reduce(%7 init: %1) applies stablehlo.maximum across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %9 = stablehlo.maximum %8, %2 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %10 = stablehlo.subtract %2, %9 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %11 = stablehlo.exponential %10 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : tensor<2xf32>
      %12 = stablehlo.reshape %11 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %14 = stablehlo.reshape %13 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %15 = stablehlo.broadcast_in_dim %14, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
      %16 = sdy.constant dense<0.000000e+00> : tensor<f32>
      %17 = stablehlo.broadcast_in_dim %16, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=2, j=4}>} : (tensor<f32>) -> tensor<2x4xf32>
      %18 = stablehlo.multiply %15, %17 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %19 = stablehlo.reshape %9 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %21 = stablehlo.reshape %20 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %22 = stablehlo.broadcast_in_dim %21, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=2}>} : (tensor<2xf32>) -> tensor<2x2xf32>
      %23 = stablehlo.subtract %7, %22 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %24 = stablehlo.exponential %23 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %25 = stablehlo.dot %24, %arg5, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=4, k=2} reduction={k}>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %26 = stablehlo.add %18, %25 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %27 = "stablehlo.collective_permute"(%arg4) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %28 = stablehlo.transpose %27, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=4, j=2}>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %29 = stablehlo.dot %arg3, %28, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=2, k=4} reduction={k}>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %30 = stablehlo.multiply %29, %6 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %31 = stablehlo.reduce(%30 init: %1) applies stablehlo.maximum across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %32 = stablehlo.maximum %9, %31 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %33 = stablehlo.subtract %9, %32 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %34 = stablehlo.exponential %33 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : tensor<2xf32>
      %35 = stablehlo.reshape %34 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %37 = stablehlo.reshape %36 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %38 = stablehlo.broadcast_in_dim %37, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
      %39 = stablehlo.multiply %26, %38 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %40 = stablehlo.reshape %32 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %42 = stablehlo.reshape %41 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %43 = stablehlo.broadcast_in_dim %42, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=2}>} : (tensor<2xf32>) -> tensor<2x2xf32>
      %44 = stablehlo.subtract %30, %43 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %45 = stablehlo.exponential %44 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %46 = "stablehlo.collective_permute"(%arg5) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %47 = stablehlo.dot %45, %46, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=4, k=2} reduction={k}>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %48 = stablehlo.add %39, %47 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %49 = "stablehlo.collective_permute"(%27) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %50 = stablehlo.transpose %49, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=4, j=2}>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %51 = stablehlo.dot %arg3, %50, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=2, k=4} reduction={k}>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %52 = stablehlo.multiply %51, %6 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %53 = stablehlo.reduce(%52 init: %1) applies stablehlo.maximum across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %54 = stablehlo.maximum %32, %53 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %55 = stablehlo.subtract %32, %54 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %56 = stablehlo.exponential %55 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : tensor<2xf32>
      %57 = stablehlo.reshape %56 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %58 = stablehlo.broadcast_in_dim %57, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %59 = stablehlo.reshape %58 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %60 = stablehlo.broadcast_in_dim %59, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
      %61 = stablehlo.multiply %48, %60 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %62 = stablehlo.reshape %54 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %63 = stablehlo.broadcast_in_dim %62, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %64 = stablehlo.reshape %63 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %65 = stablehlo.broadcast_in_dim %64, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=2}>} : (tensor<2xf32>) -> tensor<2x2xf32>
      %66 = stablehlo.subtract %52, %65 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %67 = stablehlo.exponential %66 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %68 = "stablehlo.collective_permute"(%46) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %69 = stablehlo.dot %67, %68, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=4, k=2} reduction={k}>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %70 = stablehlo.add %61, %69 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %71 = "stablehlo.collective_permute"(%49) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %72 = stablehlo.transpose %71, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=4, j=2}>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %73 = stablehlo.dot %arg3, %72, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=2, k=4} reduction={k}>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %74 = stablehlo.multiply %73, %6 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %75 = stablehlo.reduce(%74 init: %1) applies stablehlo.maximum across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %76 = stablehlo.maximum %54, %75 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %77 = stablehlo.subtract %54, %76 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %78 = stablehlo.exponential %77 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : tensor<2xf32>
      %79 = stablehlo.reshape %78 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %80 = stablehlo.broadcast_in_dim %79, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %81 = stablehlo.reshape %80 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %82 = stablehlo.broadcast_in_dim %81, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
      %83 = stablehlo.multiply %70, %82 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %84 = stablehlo.reshape %76 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %85 = stablehlo.broadcast_in_dim %84, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %86 = stablehlo.reshape %85 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %87 = stablehlo.broadcast_in_dim %86, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=2}>} : (tensor<2xf32>) -> tensor<2x2xf32>
      %88 = stablehlo.subtract %74, %87 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %89 = stablehlo.exponential %88 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %90 = "stablehlo.collective_permute"(%68) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %91 = stablehlo.dot %89, %90, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=4, k=2} reduction={k}>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %92 = stablehlo.add %83, %91 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %93 = "stablehlo.collective_permute"(%71) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %94 = stablehlo.transpose %93, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=4, j=2}>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %95 = stablehlo.dot %arg3, %94, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=2, k=4} reduction={k}>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %96 = stablehlo.multiply %95, %6 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %97 = stablehlo.reduce(%96 init: %1) applies stablehlo.maximum across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %98 = stablehlo.maximum %76, %97 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %99 = stablehlo.subtract %76, %98 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %100 = stablehlo.exponential %99 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : tensor<2xf32>
      %101 = stablehlo.reshape %100 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %102 = stablehlo.broadcast_in_dim %101, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %103 = stablehlo.reshape %102 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %104 = stablehlo.broadcast_in_dim %103, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
      %105 = stablehlo.multiply %92, %104 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %106 = stablehlo.reshape %98 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %107 = stablehlo.broadcast_in_dim %106, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %108 = stablehlo.reshape %107 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %109 = stablehlo.broadcast_in_dim %108, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=2}>} : (tensor<2xf32>) -> tensor<2x2xf32>
      %110 = stablehlo.subtract %96, %109 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %111 = stablehlo.exponential %110 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %112 = "stablehlo.collective_permute"(%90) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %113 = stablehlo.dot %111, %112, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=4, k=2} reduction={k}>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %114 = stablehlo.add %105, %113 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %115 = "stablehlo.collective_permute"(%93) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %116 = stablehlo.transpose %115, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=4, j=2}>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %117 = stablehlo.dot %arg3, %116, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=2, k=4} reduction={k}>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %118 = stablehlo.multiply %117, %6 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %119 = stablehlo.reduce(%118 init: %1) applies stablehlo.maximum across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %120 = stablehlo.maximum %98, %119 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %121 = stablehlo.subtract %98, %120 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %122 = stablehlo.exponential %121 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : tensor<2xf32>
      %123 = stablehlo.reshape %122 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %124 = stablehlo.broadcast_in_dim %123, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %125 = stablehlo.reshape %124 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %126 = stablehlo.broadcast_in_dim %125, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
      %127 = stablehlo.multiply %114, %126 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %128 = stablehlo.reshape %120 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %129 = stablehlo.broadcast_in_dim %128, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %130 = stablehlo.reshape %129 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %131 = stablehlo.broadcast_in_dim %130, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=2}>} : (tensor<2xf32>) -> tensor<2x2xf32>
      %132 = stablehlo.subtract %118, %131 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %133 = stablehlo.exponential %132 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %134 = "stablehlo.collective_permute"(%112) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %135 = stablehlo.dot %133, %134, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=4, k=2} reduction={k}>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %136 = stablehlo.add %127, %135 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %137 = "stablehlo.collective_permute"(%115) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %138 = stablehlo.transpose %137, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=4, j=2}>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %139 = stablehlo.dot %arg3, %138, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=2, k=4} reduction={k}>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %140 = stablehlo.multiply %139, %6 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %141 = stablehlo.reduce(%140 init: %1) applies stablehlo.maximum across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %142 = stablehlo.maximum %120, %141 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %143 = stablehlo.subtract %120, %142 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %144 = stablehlo.exponential %143 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : tensor<2xf32>
      %145 = stablehlo.reshape %144 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %146 = stablehlo.broadcast_in_dim %145, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %147 = stablehlo.reshape %146 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %148 = stablehlo.broadcast_in_dim %147, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
      %149 = stablehlo.multiply %136, %148 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %150 = stablehlo.reshape %142 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %151 = stablehlo.broadcast_in_dim %150, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %152 = stablehlo.reshape %151 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %153 = stablehlo.broadcast_in_dim %152, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=2}>} : (tensor<2xf32>) -> tensor<2x2xf32>
      %154 = stablehlo.subtract %140, %153 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %155 = stablehlo.exponential %154 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %156 = "stablehlo.collective_permute"(%134) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %157 = stablehlo.dot %155, %156, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=4, k=2} reduction={k}>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %158 = stablehlo.add %149, %157 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %159 = "stablehlo.collective_permute"(%137) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %160 = stablehlo.transpose %159, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=4, j=2}>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %161 = stablehlo.dot %arg3, %160, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=2, k=4} reduction={k}>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %162 = stablehlo.multiply %161, %6 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %163 = stablehlo.reduce(%162 init: %1) applies stablehlo.maximum across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %164 = stablehlo.maximum %142, %163 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %165 = stablehlo.subtract %142, %164 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %166 = stablehlo.exponential %165 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : tensor<2xf32>
      %167 = stablehlo.reshape %166 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %168 = stablehlo.broadcast_in_dim %167, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %169 = stablehlo.reshape %168 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %170 = stablehlo.broadcast_in_dim %169, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
      %171 = stablehlo.multiply %158, %170 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %172 = stablehlo.reshape %164 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %173 = stablehlo.broadcast_in_dim %172, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %174 = stablehlo.reshape %173 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %175 = stablehlo.broadcast_in_dim %174, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=2}>} : (tensor<2xf32>) -> tensor<2x2xf32>
      %176 = stablehlo.subtract %162, %175 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %177 = stablehlo.exponential %176 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xf32>
      %178 = "stablehlo.collective_permute"(%156) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %179 = stablehlo.dot %177, %178, precision = [DEFAULT, DEFAULT] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=2, j=4, k=2} reduction={k}>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %180 = stablehlo.add %171, %179 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      %181 = stablehlo.broadcast_in_dim %16, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=2}>} : (tensor<f32>) -> tensor<2xf32>
      %182 = stablehlo.multiply %11, %181 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %183 = stablehlo.reduce(%24 init: %16) applies stablehlo.add across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %184 = stablehlo.add %182, %183 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %185 = stablehlo.multiply %184, %34 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %186 = stablehlo.reduce(%45 init: %16) applies stablehlo.add across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %187 = stablehlo.add %185, %186 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %188 = stablehlo.multiply %187, %56 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %189 = stablehlo.reduce(%67 init: %16) applies stablehlo.add across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %190 = stablehlo.add %188, %189 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %191 = stablehlo.multiply %190, %78 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %192 = stablehlo.reduce(%89 init: %16) applies stablehlo.add across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %193 = stablehlo.add %191, %192 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %194 = stablehlo.multiply %193, %100 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %195 = stablehlo.reduce(%111 init: %16) applies stablehlo.add across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %196 = stablehlo.add %194, %195 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %197 = stablehlo.multiply %196, %122 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %198 = stablehlo.reduce(%133 init: %16) applies stablehlo.add across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %199 = stablehlo.add %197, %198 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %200 = stablehlo.multiply %199, %144 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %201 = stablehlo.reduce(%155 init: %16) applies stablehlo.add across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %202 = stablehlo.add %200, %201 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %203 = stablehlo.multiply %202, %166 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %204 = stablehlo.reduce(%177 init: %16) applies stablehlo.add across dimensions = [1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=2, j=2} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %205 = stablehlo.add %203, %204 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %206 = stablehlo.reshape %205 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=1} need_replication={j}>} : (tensor<2xf32>) -> tensor<2x1xf32>
      %207 = stablehlo.broadcast_in_dim %206, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %208 = stablehlo.reshape %207 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=2, j=1} need_replication={j}>} : (tensor<2x1xf32>) -> tensor<2xf32>
      %209 = stablehlo.broadcast_in_dim %208, dims = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=2, j=4}>} : (tensor<2xf32>) -> tensor<2x4xf32>
      %210 = stablehlo.divide %180, %209 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=4}>} : tensor<2x4xf32>
      sdy.return %210 : tensor<2x4xf32>
    } : (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
    return %0 : tensor<16x4xf32>
  }
}
