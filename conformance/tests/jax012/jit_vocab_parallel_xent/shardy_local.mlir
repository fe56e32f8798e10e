module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false, sdy.output_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=4]>, []>, <mesh<["x"=2, "y"=4]>, [{"x"}, {"y"}]>]>, sdy.parameters_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=4]>, [{"x"}, {"y"}]>, <mesh<["x"=2, "y"=4]>, [{"x"}]>]>} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}, tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=8, j=32} reduction={j}>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %1 = "stablehlo.all_reduce"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %74 = stablehlo.maximum %arg2, %arg3 : tensor<f32>
      stablehlo.return %74 : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=8}>} : (tensor<f32>) -> tensor<4xf32>
    %3 = stablehlo.maximum %1, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>} : tensor<4xf32>
    %4 = stablehlo.is_finite %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8}>} : (tensor<4xf32>) -> tensor<4xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=8}>} : (tensor<f32>) -> tensor<4xf32>
    %6 = stablehlo.select %4, %3, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i], [i])->([i]) {i=8}>} : tensor<4xi1>, tensor<4xf32>
    %7 = stablehlo.reshape %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=1} need_replication={j}>} : (tensor<4xf32>) -> tensor<4x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=1}>} : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %9 = stablehlo.reshape %8 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=1} need_replication={j}>} : (tensor<4x1xf32>) -> tensor<4xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=32}>} : (tensor<4xf32>) -> tensor<4x8xf32>
    %11 = stablehlo.subtract %arg0, %10 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=32}>} : tensor<4x8xf32>
    %12 = stablehlo.exponential %11 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=32}>} : tensor<4x8xf32>
    %13 = stablehlo.reduce(%12 init: %cst_0) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=8, j=32} reduction={j}>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %14 = "stablehlo.all_reduce"(%13) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %74 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %74 : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    %15 = stablehlo.abs %14 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8}>} : tensor<4xf32>
    %16 = stablehlo.log %15 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8}>} : tensor<4xf32>
    %17 = stablehlo.add %16, %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>} : tensor<4xf32>
    %18 = stablehlo.reshape %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=1} need_replication={j}>} : (tensor<4xi32>) -> tensor<4x1xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=1}>} : (tensor<i32>) -> tensor<4x1xi32>
    %20 = stablehlo.compare LT, %18, %19 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=1}>} : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %c_1 = stablehlo.constant dense<32> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_1, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=1}>} : (tensor<i32>) -> tensor<4x1xi32>
    %22 = stablehlo.add %18, %21 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=1}>} : tensor<4x1xi32>
    %23 = stablehlo.select %20, %22, %18 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [i, j])->([i, j]) {i=8, j=1}>} : tensor<4x1xi1>, tensor<4x1xi32>
    %24 = stablehlo.reshape %23 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, k, l]) {i=8, j=1, k=1, l=1} need_replication={j, k, l}>} : (tensor<4x1xi32>) -> tensor<4x1x1xi32>
    %25 = stablehlo.broadcast_in_dim %c, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j, k]) {i=8, j=1, k=1}>} : (tensor<i32>) -> tensor<4x1x1xi32>
    %26 = stablehlo.compare GE, %24, %25 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, j, k])->([i, j, k]) {i=8, j=1, k=1}>} : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %c_2 = stablehlo.constant dense<31> : tensor<i32>
    %27 = stablehlo.broadcast_in_dim %c_2, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j, k]) {i=8, j=1, k=1}>} : (tensor<i32>) -> tensor<4x1x1xi32>
    %28 = stablehlo.compare LE, %24, %27 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, j, k])->([i, j, k]) {i=8, j=1, k=1}>} : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %29 = stablehlo.and %26, %28 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, j, k])->([i, j, k]) {i=8, j=1, k=1}>} : tensor<4x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %30 = stablehlo.reduce(%29 init: %c_3) applies stablehlo.and across dimensions = [2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [])->([i, j]) {i=8, j=1, k=1} reduction={k}>} : (tensor<4x1x1xi1>, tensor<i1>) -> tensor<4x1xi1>
    %c_4 = stablehlo.constant dense<0> : tensor<4x1x1xi32>
    %c_5 = stablehlo.constant dense<31> : tensor<4x1x1xi32>
    %31 = stablehlo.clamp %c_4, %24, %c_5 : tensor<4x1x1xi32>
    %32 = stablehlo.partition_id : tensor<ui32>
    %c_6 = stablehlo.constant dense<[0, 8, 16, 24, 0, 8, 16, 24]> : tensor<8xi32>
    %33 = stablehlo.dynamic_slice %c_6, %32, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
    %34 = stablehlo.reshape %33 : (tensor<1xi32>) -> tensor<i32>
    %35 = stablehlo.convert %34 : tensor<i32>
    %c_7 = stablehlo.constant dense<7> : tensor<i32>
    %36 = stablehlo.add %35, %c_7 : tensor<i32>
    %37 = stablehlo.broadcast_in_dim %35, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<i32>) -> tensor<4x1x1xi32>
    %38 = stablehlo.broadcast_in_dim %36, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<i32>) -> tensor<4x1x1xi32>
    %39 = stablehlo.subtract %31, %37 : tensor<4x1x1xi32>
    %40 = stablehlo.compare GE, %31, %37 : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %41 = stablehlo.compare LE, %31, %38 : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %42 = stablehlo.and %40, %41 : tensor<4x1x1xi1>
    %43 = "stablehlo.gather"(%arg0, %39) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [i, j, l])->([i, j]) {i=8, j=1, k=32, l=1} reduction={k} need_replication={l}>} : (tensor<4x8xf32>, tensor<4x1x1xi32>) -> tensor<4x1xf32>
    %c_8 = stablehlo.constant dense<true> : tensor<i1>
    %44 = stablehlo.reduce(%42 init: %c_8) applies stablehlo.and across dimensions = [2] : (tensor<4x1x1xi1>, tensor<i1>) -> tensor<4x1xi1>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1] : (tensor<4x1xi1>) -> tensor<4x1xi1>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<4x1xf32>
    %46 = stablehlo.select %45, %43, %cst_9 : tensor<4x1xi1>, tensor<4x1xf32>
    %47 = "stablehlo.all_reduce"(%46) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %74 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %74 : tensor<f32>
    }) : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %cst_10 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_10, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=1}>} : (tensor<f32>) -> tensor<4x1xf32>
    %49 = stablehlo.select %30, %47, %48 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [i, j])->([i, j]) {i=8, j=1}>} : tensor<4x1xi1>, tensor<4x1xf32>
    %50 = stablehlo.reshape %49 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=1} need_replication={j}>} : (tensor<4x1xf32>) -> tensor<4xf32>
    %51 = stablehlo.subtract %17, %50 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>} : tensor<4xf32>
    %52 = stablehlo.reduce(%51 init: %cst_0) applies stablehlo.add across dimensions = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [])->([]) {i=8} reduction={i}>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %53 = "stablehlo.all_reduce"(%52) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>, use_global_device_ids}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %74 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %74 : tensor<f32>
    }) : (tensor<f32>) -> tensor<f32>
    %cst_11 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %54 = stablehlo.divide %53, %cst_11 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_0, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=32}>} : (tensor<f32>) -> tensor<4x8xf32>
    %cst_12 = stablehlo.constant dense<-1.250000e-01> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_12, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=8, j=1}>} : (tensor<f32>) -> tensor<4x1xf32>
    %57 = stablehlo.partition_id : tensor<ui32>
    %c_13 = stablehlo.constant dense<[0, 8, 16, 24, 0, 8, 16, 24]> : tensor<8xi32>
    %58 = stablehlo.dynamic_slice %c_13, %57, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
    %59 = stablehlo.reshape %58 : (tensor<1xi32>) -> tensor<i32>
    %60 = stablehlo.convert %59 : tensor<i32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<i32>) -> tensor<4x1x1xi32>
    %62 = stablehlo.subtract %24, %61 : tensor<4x1x1xi32>
    %63 = "stablehlo.scatter"(%55, %62, %56) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %74 = stablehlo.add %arg2, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
      stablehlo.return %74 : tensor<f32>
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [i, j, l], [i, j])->([i, k]) {i=8, j=1, k=32, l=1} reduction={j} need_replication={l}>} : (tensor<4x8xf32>, tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x8xf32>
    %64 = stablehlo.compare GE, %14, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %cst_14 = stablehlo.constant dense<1.250000e-01> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_14, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=8}>} : (tensor<f32>) -> tensor<4xf32>
    %66 = stablehlo.divide %65, %15 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>} : tensor<4xf32>
    %67 = stablehlo.select %64, %66, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i], [i])->([i]) {i=8}>} : tensor<4xi1>, tensor<4xf32>
    %68 = stablehlo.select %64, %5, %66 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i], [i])->([i]) {i=8}>} : tensor<4xi1>, tensor<4xf32>
    %69 = stablehlo.negate %68 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8}>} : tensor<4xf32>
    %70 = stablehlo.add %67, %69 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>} : tensor<4xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=32}>} : (tensor<4xf32>) -> tensor<4x8xf32>
    %72 = stablehlo.multiply %71, %12 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=32}>} : tensor<4x8xf32>
    %73 = stablehlo.add %63, %72 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=32}>} : tensor<4x8xf32>
    return %54, %73 : tensor<f32>, tensor<4x8xf32>
  }
}
