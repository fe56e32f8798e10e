module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false, sdy.output_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=4]>, [{"x"}, {}]>, <mesh<["x"=2, "y"=4]>, [{}, {}]>]>, sdy.parameters_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=4]>, [{"x"}, {"y"}]>, <mesh<["x"=2, "y"=4]>, [{}, {"y"}]>]>} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<4x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8x8xi8> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = stablehlo.partition_id : tensor<ui32>
    %c = stablehlo.constant dense<[0, 0, 0, 0, 4, 4, 4, 4]> : tensor<8xi32>
    %1 = stablehlo.dynamic_slice %c, %0, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
    %2 = stablehlo.reshape %1 : (tensor<1xi32>) -> tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.dynamic_slice %arg1, %2, %c_0, sizes = [4, 2] : (tensor<8x2xi32>, tensor<i32>, tensor<i32>) -> tensor<4x2xi32>
    %4 = stablehlo.multiply %arg0, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %c_1 = stablehlo.constant dense<2> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=8}>} : (tensor<i32>) -> tensor<4x2xi32>
    %6 = stablehlo.shift_right_arithmetic %arg0, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %7 = stablehlo.add %4, %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %c_2 = stablehlo.constant dense<7> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.compare EQ, %c_2, %c_3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %9 = stablehlo.select %8, %c_4, %c_2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [], [])->([])>} : tensor<i1>, tensor<i32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=8}>} : (tensor<i32>) -> tensor<4x2xi32>
    %11 = stablehlo.partition_id : tensor<ui32>
    %c_5 = stablehlo.constant dense<[0, 0, 0, 0, 4, 4, 4, 4]> : tensor<8xi32>
    %12 = stablehlo.dynamic_slice %c_5, %11, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
    %13 = stablehlo.reshape %12 : (tensor<1xi32>) -> tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.dynamic_slice %arg1, %13, %c_6, sizes = [4, 2] : (tensor<8x2xi32>, tensor<i32>, tensor<i32>) -> tensor<4x2xi32>
    %15 = stablehlo.remainder %14, %10 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %16 = stablehlo.broadcast_in_dim %c_3, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=8}>} : (tensor<i32>) -> tensor<4x2xi32>
    %17 = stablehlo.compare LT, %15, %16 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : (tensor<4x2xi32>, tensor<4x2xi32>) -> tensor<4x2xi1>
    %18 = stablehlo.compare LT, %9, %c_3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %19 = stablehlo.broadcast_in_dim %18, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=8}>} : (tensor<i1>) -> tensor<4x2xi1>
    %20 = stablehlo.compare NE, %17, %19 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : (tensor<4x2xi1>, tensor<4x2xi1>) -> tensor<4x2xi1>
    %21 = stablehlo.compare NE, %15, %16 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : (tensor<4x2xi32>, tensor<4x2xi32>) -> tensor<4x2xi1>
    %22 = stablehlo.and %20, %21 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi1>
    %23 = stablehlo.add %15, %10 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %24 = stablehlo.select %22, %23, %15 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi1>, tensor<4x2xi32>
    %25 = stablehlo.subtract %7, %24 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %c_7 = stablehlo.constant dense<255> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_7, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=8}>} : (tensor<i32>) -> tensor<4x2xi32>
    %27 = stablehlo.and %arg0, %26 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %28 = stablehlo.xor %25, %27 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %29 = stablehlo.partition_id : tensor<ui32>
    %c_8 = stablehlo.constant dense<[0, 0, 0, 0, 4, 4, 4, 4]> : tensor<8xi32>
    %30 = stablehlo.dynamic_slice %c_8, %29, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
    %31 = stablehlo.reshape %30 : (tensor<1xi32>) -> tensor<i32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %32 = stablehlo.dynamic_slice %arg1, %31, %c_9, sizes = [4, 2] : (tensor<8x2xi32>, tensor<i32>, tensor<i32>) -> tensor<4x2xi32>
    %33 = stablehlo.maximum %arg0, %32 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<4x2xi32>
    %34 = stablehlo.convert %33 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}>} : (tensor<4x2xi32>) -> tensor<4x2xi8>
    %35 = "stablehlo.all_gather"(%28) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<4x2xi32>) -> tensor<4x8xi32>
    %36 = stablehlo.reshape %34 : (tensor<4x2xi8>) -> tensor<1x4x2xi8>
    %37 = "stablehlo.all_gather"(%36) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<1x4x2xi8>) -> tensor<8x4x2xi8>
    %38 = stablehlo.reshape %37 : (tensor<8x4x2xi8>) -> tensor<2x4x4x2xi8>
    %39 = stablehlo.transpose %38, dims = [0, 2, 1, 3] : (tensor<2x4x4x2xi8>) -> tensor<2x4x4x2xi8>
    %40 = stablehlo.reshape %39 : (tensor<2x4x4x2xi8>) -> tensor<8x8xi8>
    return %35, %40 : tensor<4x8xi32>, tensor<8x8xi8>
  }
}
