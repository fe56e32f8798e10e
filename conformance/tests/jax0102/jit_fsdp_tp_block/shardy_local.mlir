module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg3: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}, tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %0 = stablehlo.multiply %arg3, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<2x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=4, j=8} reduction={j}>} : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=4, j=1}>} : (tensor<2xf32>) -> tensor<2x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=1}>} : (tensor<f32>) -> tensor<2x1xf32>
    %4 = stablehlo.divide %2, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=1}>} : tensor<2x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=1}>} : (tensor<f32>) -> tensor<2x1xf32>
    %6 = stablehlo.add %4, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=1}>} : tensor<2x1xf32>
    %7 = stablehlo.rsqrt %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=1}>} : tensor<2x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=1}>} : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %9 = stablehlo.reshape %8 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=4, j=1}>} : (tensor<2x1xf32>) -> tensor<2xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=4, j=8}>} : (tensor<2xf32>) -> tensor<2x8xf32>
    %11 = stablehlo.multiply %arg3, %10 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<2x8xf32>
    %12 = stablehlo.reshape %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=1, j=8}>} : (tensor<8xf32>) -> tensor<1x8xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=1, j=8}>} : (tensor<1x8xf32>) -> tensor<1x8xf32>
    %14 = stablehlo.reshape %13 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j]) {i=1, j=8}>} : (tensor<1x8xf32>) -> tensor<8xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=4, j=8}>} : (tensor<8xf32>) -> tensor<2x8xf32>
    %16 = stablehlo.multiply %11, %15 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<2x8xf32>
    %17 = "stablehlo.all_to_all"(%16) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x8xf32>) -> tensor<4x4xf32>
    %18 = stablehlo.dot %17, %arg0, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=16, k=8} reduction={k}>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %19 = "stablehlo.all_reduce"(%18) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %91 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %91 : tensor<f32>
    }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %20 = stablehlo.partition_id : tensor<ui32>
    %21 = stablehlo.convert %20 : (tensor<ui32>) -> tensor<i64>
    %c = stablehlo.constant dense<[0, 0, 0, 0, 2, 2, 2, 2]> : tensor<8xi64>
    %22 = stablehlo.dynamic_slice %c, %21, sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
    %23 = stablehlo.reshape %22 : (tensor<1xi64>) -> tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %24 = stablehlo.dynamic_slice %19, %23, %c_2, sizes = [2, 4] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x4xf32>
    %25 = stablehlo.multiply %24, %24 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %26 = stablehlo.multiply %25, %24 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %cst_3 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_3, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=16}>} : (tensor<f32>) -> tensor<2x4xf32>
    %28 = stablehlo.multiply %26, %27 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %29 = stablehlo.add %24, %28 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %cst_4 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_4, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=16}>} : (tensor<f32>) -> tensor<2x4xf32>
    %31 = stablehlo.multiply %29, %30 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %32 = stablehlo.tanh %31 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_5, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=16}>} : (tensor<f32>) -> tensor<2x4xf32>
    %34 = stablehlo.add %32, %33 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %cst_6 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_6, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=16}>} : (tensor<f32>) -> tensor<2x4xf32>
    %36 = stablehlo.multiply %34, %35 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %37 = stablehlo.multiply %24, %36 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %38 = "stablehlo.all_gather"(%37) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> : (tensor<2x4xf32>) -> tensor<4x4xf32>
    %39 = stablehlo.dot %38, %arg1, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=8, k=16} reduction={k}>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %40 = "stablehlo.all_reduce"(%39) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %91 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %91 : tensor<f32>
    }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %41 = "stablehlo.all_to_all"(%40) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x4xf32>) -> tensor<2x8xf32>
    %42 = stablehlo.add %arg3, %41 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<2x8xf32>
    %43 = stablehlo.multiply %42, %42 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<2x8xf32>
    %44 = stablehlo.reduce(%43 init: %cst) applies stablehlo.add across dimensions = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([]) {i=4, j=8} reduction={i, j}>} : (tensor<2x8xf32>, tensor<f32>) -> tensor<f32>
    %45 = "stablehlo.all_reduce"(%44) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %91 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %91 : tensor<f32>
    }) : (tensor<f32>) -> tensor<f32>
    %cst_7 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %46 = stablehlo.divide %45, %cst_7 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
    %cst_8 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_8, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=8}>} : (tensor<f32>) -> tensor<2x8xf32>
    %48 = stablehlo.multiply %42, %47 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<2x8xf32>
    %cst_9 = stablehlo.constant dense<3.125000e-02> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_9, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=8}>} : (tensor<f32>) -> tensor<2x8xf32>
    %50 = stablehlo.multiply %48, %49 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<2x8xf32>
    %51 = "stablehlo.all_to_all"(%50) <{channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x8xf32>) -> tensor<4x4xf32>
    %52 = stablehlo.dot_general %51, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [j, k])->([i, j]) {i=4, j=16, k=8} reduction={k}>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %53 = "stablehlo.all_reduce"(%52) <{channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %91 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %91 : tensor<f32>
    }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %54 = stablehlo.partition_id : tensor<ui32>
    %55 = stablehlo.convert %54 : (tensor<ui32>) -> tensor<i64>
    %c_10 = stablehlo.constant dense<[0, 0, 0, 0, 2, 2, 2, 2]> : tensor<8xi64>
    %56 = stablehlo.dynamic_slice %c_10, %55, sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
    %57 = stablehlo.reshape %56 : (tensor<1xi64>) -> tensor<i64>
    %c_11 = stablehlo.constant dense<0> : tensor<i64>
    %58 = stablehlo.dynamic_slice %53, %57, %c_11, sizes = [2, 4] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x4xf32>
    %59 = stablehlo.multiply %58, %36 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %60 = stablehlo.multiply %24, %58 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %61 = stablehlo.multiply %60, %35 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %62 = stablehlo.subtract %33, %32 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %63 = stablehlo.multiply %61, %62 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %64 = stablehlo.multiply %63, %32 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %65 = stablehlo.add %63, %64 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %66 = stablehlo.multiply %65, %30 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %67 = stablehlo.add %59, %66 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %68 = stablehlo.multiply %66, %27 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %69 = stablehlo.multiply %24, %24 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %cst_12 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_12, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=16}>} : (tensor<f32>) -> tensor<2x4xf32>
    %71 = stablehlo.multiply %69, %70 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %72 = stablehlo.multiply %68, %71 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %73 = stablehlo.add %67, %72 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<2x4xf32>
    %74 = "stablehlo.all_gather"(%73) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 9, type = 1>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> : (tensor<2x4xf32>) -> tensor<4x4xf32>
    %75 = "stablehlo.all_to_all"(%16) <{channel_handle = #stablehlo.channel_handle<handle = 10, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x8xf32>) -> tensor<4x4xf32>
    %76 = stablehlo.dot_general %74, %75, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([k, i], [k, j])->([i, j]) {i=16, j=8, k=4} reduction={k}>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %77 = stablehlo.transpose %76, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=8, j=16}>, xla_shape = "f32[8,16]{0,1}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %78 = "stablehlo.all_to_all"(%50) <{channel_handle = #stablehlo.channel_handle<handle = 11, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x8xf32>) -> tensor<4x4xf32>
    %79 = "stablehlo.all_gather"(%37) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 12, type = 1>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> : (tensor<2x4xf32>) -> tensor<4x4xf32>
    %80 = stablehlo.dot_general %78, %79, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([k, i], [k, j])->([i, j]) {i=8, j=16, k=4} reduction={k}>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %81 = stablehlo.transpose %80, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=16, j=8}>, xla_shape = "f32[16,8]{0,1}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %82 = "stablehlo.all_gather"(%73) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 13, type = 1>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> : (tensor<2x4xf32>) -> tensor<4x4xf32>
    %83 = stablehlo.dot_general %82, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [j, k])->([i, j]) {i=4, j=8, k=16} reduction={k}>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %84 = "stablehlo.all_reduce"(%83) <{channel_handle = #stablehlo.channel_handle<handle = 14, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %91 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %91 : tensor<f32>
    }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %85 = "stablehlo.all_to_all"(%84) <{channel_handle = #stablehlo.channel_handle<handle = 15, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x4xf32>) -> tensor<2x8xf32>
    %86 = stablehlo.multiply %11, %85 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<2x8xf32>
    %87 = stablehlo.reduce(%86 init: %cst) applies stablehlo.add across dimensions = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([j]) {i=4, j=8} reduction={i}>} : (tensor<2x8xf32>, tensor<f32>) -> tensor<8xf32>
    %88 = "stablehlo.all_reduce"(%87) <{channel_handle = #stablehlo.channel_handle<handle = 16, type = 1>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %91 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %91 : tensor<f32>
    }) : (tensor<8xf32>) -> tensor<8xf32>
    %89 = stablehlo.reshape %88 {sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=1, j=8}>} : (tensor<8xf32>) -> tensor<1x8xf32>
    %90 = stablehlo.reduce(%89 init: %cst) applies stablehlo.add across dimensions = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([j]) {i=1, j=8} reduction={i}>} : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    return %46, %77, %81, %90 : tensor<f32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<8xf32>
  }
}
