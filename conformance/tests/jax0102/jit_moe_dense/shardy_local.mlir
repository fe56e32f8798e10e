module @jit_moe attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg2: tensor<1x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, l], [j, l, k])->([i, j, k]) {i=8, j=4, k=4, l=4} reduction={l}>} : (tensor<4x4xf32>, tensor<1x4x4xf32>) -> tensor<4x1x4xf32>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.partition_id : tensor<ui32>
    %2 = stablehlo.convert %1 : (tensor<ui32>) -> tensor<i64>
    %c_0 = stablehlo.constant dense<[0, 1, 2, 3, 0, 1, 2, 3]> : tensor<8xi64>
    %3 = stablehlo.dynamic_slice %c_0, %2, sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
    %4 = stablehlo.reshape %3 : (tensor<1xi64>) -> tensor<i64>
    %5 = stablehlo.dynamic_slice %arg1, %c, %4, sizes = [4, 1] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<4x1xf32>
    %6 = stablehlo.dot %arg0, %5, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=4, k=4} reduction={k}>} : (tensor<4x4xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    %7 = stablehlo.iota dim = 0 : tensor<1xi32>
    %8 = stablehlo.partition_id : tensor<ui32>
    %9 = stablehlo.convert %8 : (tensor<ui32>) -> tensor<i64>
    %c_1 = stablehlo.constant dense<[0, 1, 2, 3, 0, 1, 2, 3]> : tensor<8xi64>
    %10 = stablehlo.dynamic_slice %c_1, %9, sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
    %11 = stablehlo.reshape %10 : (tensor<1xi64>) -> tensor<i64>
    %12 = stablehlo.convert %11 : (tensor<i64>) -> tensor<i32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %14 = stablehlo.add %7, %13 : tensor<1xi32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=8, j=4}>} : (tensor<1xi32>) -> tensor<4x1xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %16:2 = stablehlo.reduce(%6 init: %cst), (%15 init: %c_2) across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [], [])->([i], [i]) {i=8, j=4} reduction={j}>} : (tensor<4x1xf32>, tensor<4x1xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
     reducer(%arg3: tensor<f32>, %arg5: tensor<f32>) (%arg4: tensor<i32>, %arg6: tensor<i32>)  {
      %57 = stablehlo.compare GT, %arg3, %arg5 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %58 = stablehlo.compare NE, %arg3, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %59 = stablehlo.or %57, %58 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i1>
      %60 = stablehlo.select %59, %arg3, %arg5 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [], [])->([])>} : tensor<i1>, tensor<f32>
      %61 = stablehlo.compare EQ, %arg3, %arg5 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %62 = stablehlo.compare LT, %arg4, %arg6 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %63 = stablehlo.and %61, %62 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i1>
      %64 = stablehlo.or %59, %63 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i1>
      %65 = stablehlo.select %64, %arg4, %arg6 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [], [])->([])>} : tensor<i1>, tensor<i32>
      stablehlo.return %60, %65 : tensor<f32>, tensor<i32>
    }
    %17 = "stablehlo.all_reduce"(%16#0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %57 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %57 : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    %18 = "stablehlo.all_reduce"(%16#1) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      %57 = stablehlo.add %arg3, %arg4 : tensor<i32>
      stablehlo.return %57 : tensor<i32>
    }) : (tensor<4xi32>) -> tensor<4xi32>
    %19 = stablehlo.reshape %18 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=1}>} : (tensor<4xi32>) -> tensor<4x1xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=1}>} : (tensor<4x1xi32>) -> tensor<4x1xi32>
    %21 = stablehlo.reshape %20 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=1}>} : (tensor<4x1xi32>) -> tensor<4xi32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=4}>} : (tensor<4xi32>) -> tensor<4x1xi32>
    %23 = stablehlo.iota dim = 0 : tensor<1xi32>
    %24 = stablehlo.partition_id : tensor<ui32>
    %25 = stablehlo.convert %24 : (tensor<ui32>) -> tensor<i64>
    %c_3 = stablehlo.constant dense<[0, 1, 2, 3, 0, 1, 2, 3]> : tensor<8xi64>
    %26 = stablehlo.dynamic_slice %c_3, %25, sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
    %27 = stablehlo.reshape %26 : (tensor<1xi64>) -> tensor<i64>
    %28 = stablehlo.convert %27 : (tensor<i64>) -> tensor<i32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %30 = stablehlo.add %23, %29 : tensor<1xi32>
    %31 = stablehlo.reshape %30 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=1, j=4}>} : (tensor<1xi32>) -> tensor<1x1xi32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=1, j=4}>} : (tensor<1x1xi32>) -> tensor<1x1xi32>
    %33 = stablehlo.reshape %32 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j]) {i=1, j=4}>} : (tensor<1x1xi32>) -> tensor<1xi32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=8, j=4}>} : (tensor<1xi32>) -> tensor<4x1xi32>
    %35 = stablehlo.compare EQ, %22, %34 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=4}>} : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %36 = stablehlo.convert %35 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4}>} : (tensor<4x1xi1>) -> tensor<4x1xf32>
    %37 = stablehlo.reduce(%6 init: %cst) applies stablehlo.maximum across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=8, j=4} reduction={j}>} : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %38 = "stablehlo.all_reduce"(%37) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %57 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %57 : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    %39 = stablehlo.broadcast_in_dim %cst, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=8}>} : (tensor<f32>) -> tensor<4xf32>
    %40 = stablehlo.maximum %38, %39 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>} : tensor<4xf32>
    %41 = stablehlo.reshape %40 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=1}>} : (tensor<4xf32>) -> tensor<4x1xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=1}>} : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %43 = stablehlo.reshape %42 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=1}>} : (tensor<4x1xf32>) -> tensor<4xf32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=4}>} : (tensor<4xf32>) -> tensor<4x1xf32>
    %45 = stablehlo.subtract %6, %44 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=4}>} : tensor<4x1xf32>
    %46 = stablehlo.exponential %45 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4}>} : tensor<4x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %47 = stablehlo.reduce(%46 init: %cst_4) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=8, j=4} reduction={j}>} : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %48 = "stablehlo.all_reduce"(%47) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %57 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %57 : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    %49 = stablehlo.reshape %48 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=1}>} : (tensor<4xf32>) -> tensor<4x1xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=1}>} : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %51 = stablehlo.reshape %50 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=1}>} : (tensor<4x1xf32>) -> tensor<4xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=4}>} : (tensor<4xf32>) -> tensor<4x1xf32>
    %53 = stablehlo.divide %46, %52 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=4}>} : tensor<4x1xf32>
    %54 = stablehlo.multiply %36, %53 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=4}>} : tensor<4x1xf32>
    %55 = stablehlo.dot_general %0, %54, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, j], [i, k])->([i, j]) {i=8, j=4, k=4} reduction={k}>} : (tensor<4x1x4xf32>, tensor<4x1xf32>) -> tensor<4x4xf32>
    %56 = "stablehlo.all_reduce"(%55) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %57 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %57 : tensor<f32>
    }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %56 : tensor<4x4xf32>
  }
}
