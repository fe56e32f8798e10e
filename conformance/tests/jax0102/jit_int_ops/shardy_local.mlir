module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<4x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8x8xi8> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = stablehlo.partition_id : tensor<ui32>
    %1 = stablehlo.convert %0 : (tensor<ui32>) -> tensor<i64>
    %c = stablehlo.constant dense<[0, 0, 0, 0, 4, 4, 4, 4]> : tensor<8xi64>
    %2 = stablehlo.dynamic_slice %c, %1, sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
    %3 = stablehlo.reshape %2 : (tensor<1xi64>) -> tensor<i64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %4 = stablehlo.dynamic_slice %arg1, %3, %c_0, sizes = [4, 2] : (tensor<8x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x2xi32>
    %5 = stablehlo.multiply %arg0, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %c_1 = stablehlo.constant dense<2> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_1, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=8}>} : (tensor<i32>) -> tensor<4x2xi32>
    %7 = stablehlo.shift_right_arithmetic %arg0, %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %8 = stablehlo.add %5, %7 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %c_2 = stablehlo.constant dense<7> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare EQ, %c_2, %c_3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %10 = stablehlo.select %9, %c_4, %c_2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [], [])->([])>} : tensor<i1>, tensor<i32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=8}>} : (tensor<i32>) -> tensor<4x2xi32>
    %12 = stablehlo.partition_id : tensor<ui32>
    %13 = stablehlo.convert %12 : (tensor<ui32>) -> tensor<i64>
    %c_5 = stablehlo.constant dense<[0, 0, 0, 0, 4, 4, 4, 4]> : tensor<8xi64>
    %14 = stablehlo.dynamic_slice %c_5, %13, sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
    %15 = stablehlo.reshape %14 : (tensor<1xi64>) -> tensor<i64>
    %c_6 = stablehlo.constant dense<0> : tensor<i64>
    %16 = stablehlo.dynamic_slice %arg1, %15, %c_6, sizes = [4, 2] : (tensor<8x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x2xi32>
    %17 = stablehlo.remainder %16, %11 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %18 = stablehlo.broadcast_in_dim %c_3, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=8}>} : (tensor<i32>) -> tensor<4x2xi32>
    %19 = stablehlo.compare LT, %17, %18 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : (tensor<4x2xi32>, tensor<4x2xi32>) -> tensor<4x2xi1>
    %20 = stablehlo.compare LT, %10, %c_3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %21 = stablehlo.broadcast_in_dim %20, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=8}>} : (tensor<i1>) -> tensor<4x2xi1>
    %22 = stablehlo.compare NE, %19, %21 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : (tensor<4x2xi1>, tensor<4x2xi1>) -> tensor<4x2xi1>
    %23 = stablehlo.compare NE, %17, %18 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : (tensor<4x2xi32>, tensor<4x2xi32>) -> tensor<4x2xi1>
    %24 = stablehlo.and %22, %23 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi1>
    %25 = stablehlo.add %17, %11 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %26 = stablehlo.select %24, %25, %17 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi1>, tensor<4x2xi32>
    %27 = stablehlo.subtract %8, %26 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %c_7 = stablehlo.constant dense<255> : tensor<i32>
    %28 = stablehlo.broadcast_in_dim %c_7, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=8}>} : (tensor<i32>) -> tensor<4x2xi32>
    %29 = stablehlo.and %arg0, %28 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %30 = stablehlo.xor %27, %29 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %31 = stablehlo.partition_id : tensor<ui32>
    %32 = stablehlo.convert %31 : (tensor<ui32>) -> tensor<i64>
    %c_8 = stablehlo.constant dense<[0, 0, 0, 0, 4, 4, 4, 4]> : tensor<8xi64>
    %33 = stablehlo.dynamic_slice %c_8, %32, sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
    %34 = stablehlo.reshape %33 : (tensor<1xi64>) -> tensor<i64>
    %c_9 = stablehlo.constant dense<0> : tensor<i64>
    %35 = stablehlo.dynamic_slice %arg1, %34, %c_9, sizes = [4, 2] : (tensor<8x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x2xi32>
    %36 = stablehlo.maximum %arg0, %35 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %37 = stablehlo.convert %36 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}>} : (tensor<4x2xi32>) -> tensor<4x2xi8>
    %38 = "stablehlo.all_gather"(%30) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<4x2xi32>) -> tensor<4x8xi32>
    %39 = stablehlo.reshape %37 : (tensor<4x2xi8>) -> tensor<1x4x2xi8>
    %40 = "stablehlo.all_gather"(%39) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> : (tensor<1x4x2xi8>) -> tensor<8x4x2xi8>
    %41 = stablehlo.reshape %40 : (tensor<8x4x2xi8>) -> tensor<2x4x4x2xi8>
    %42 = stablehlo.transpose %41, dims = [0, 2, 1, 3] : (tensor<2x4x4x2xi8>) -> tensor<2x4x4x2xi8>
    %43 = stablehlo.reshape %42 : (tensor<2x4x4x2xi8>) -> tensor<8x8xi8>
    return %38, %43 : tensor<4x8xi32>, tensor<8x8xi8>
  }
}
