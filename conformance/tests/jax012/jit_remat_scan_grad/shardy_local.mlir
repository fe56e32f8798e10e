module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false, sdy.output_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=4]>, []>, <mesh<["x"=2, "y"=4]>, [{}, {}, {"y"}]>]>, sdy.parameters_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=4]>, [{}, {}, {"y"}]>, <mesh<["x"=2, "y"=4]>, [{"x"}, {}]>]>} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<2x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"y"}]>}, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}, tensor<2x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"y"}]>}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.partition_id : tensor<ui32>
    %c_0 = stablehlo.constant dense<[0, 2, 4, 6, 0, 2, 4, 6]> : tensor<8xi32>
    %1 = stablehlo.dynamic_slice %c_0, %0, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
    %2 = stablehlo.reshape %1 : (tensor<1xi32>) -> tensor<i32>
    %3 = stablehlo.dynamic_slice %arg1, %c, %2, sizes = [2, 2] : (tensor<2x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j, k]) {i=2, j=4, k=8}>} : (tensor<f32>) -> tensor<2x2x2xf32>
    %5:3 = stablehlo.while(%iterArg = %c_1, %iterArg_2 = %3, %iterArg_3 = %4) : tensor<i32>, tensor<2x2xf32>, tensor<2x2x2xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"x"}, {"y"}]>, <@mesh, [{}, {"x"}, {"y"}]>]>}
    cond {
      %c_4 = stablehlo.constant dense<2> : tensor<i32>
      %12 = stablehlo.compare LT, %iterArg, %c_4 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %12 : tensor<i1>
    } do {
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %12 = stablehlo.add %iterArg, %c_4 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %c_5 = stablehlo.constant dense<0> : tensor<i32>
      %13 = stablehlo.dynamic_slice %arg0, %iterArg, %c_5, %c_5, sizes = [1, 8, 2] : (tensor<2x8x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x2xf32>
      %14 = stablehlo.reshape %13 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([j, k]) {i=1, j=8, k=8} need_replication={i}>} : (tensor<1x8x2xf32>) -> tensor<8x2xf32>
      %15 = "stablehlo.all_gather"(%iterArg_2) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<2x8xf32>
      %16 = stablehlo.dot %15, %14, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=8, k=8} reduction={k}>} : (tensor<2x8xf32>, tensor<8x2xf32>) -> tensor<2x2xf32>
      %17 = stablehlo.sine %16 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>} : tensor<2x2xf32>
      %18 = stablehlo.reshape %iterArg_2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, k])->([i, j, k]) {i=1, j=4, k=8} need_replication={i}>} : (tensor<2x2xf32>) -> tensor<1x2x2xf32>
      %19 = stablehlo.dynamic_update_slice %iterArg_3, %18, %iterArg, %c_5, %c_5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, l], [j, k, l], [], [], [])->([i, k, l]) {i=2, j=1, k=4, l=8} permutation={i, j}>} : (tensor<2x2x2xf32>, tensor<1x2x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x2x2xf32>
      stablehlo.return %12, %17, %19 : tensor<i32>, tensor<2x2xf32>, tensor<2x2x2xf32>
    }
    %6 = stablehlo.multiply %5#1, %5#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<2x2xf32>
    %7 = stablehlo.reduce(%6 init: %cst) applies stablehlo.add across dimensions = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([]) {i=4, j=8} reduction={i, j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<f32>
    %8 = "stablehlo.all_reduce"(%7) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %12 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %12 : tensor<f32>
    }) : (tensor<f32>) -> tensor<f32>
    %9 = stablehlo.add %5#1, %5#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<2x2xf32>
    %10 = stablehlo.broadcast_in_dim %cst, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j, k]) {i=2, j=8, k=8}>} : (tensor<f32>) -> tensor<2x8x2xf32>
    %11:3 = stablehlo.while(%iterArg = %c_1, %iterArg_2 = %9, %iterArg_3 = %10) : tensor<i32>, tensor<2x2xf32>, tensor<2x8x2xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"x"}, {"y"}]>, <@mesh, [{}, {}, {"y"}]>]>}
    cond {
      %c_4 = stablehlo.constant dense<2> : tensor<i32>
      %12 = stablehlo.compare LT, %iterArg, %c_4 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %12 : tensor<i1>
    } do {
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %12 = stablehlo.add %iterArg, %c_4 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %c_5 = stablehlo.constant dense<2> : tensor<i32>
      %13 = stablehlo.subtract %c_5, %iterArg {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %14 = stablehlo.subtract %13, %c_4 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %c_6 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.dynamic_slice %5#2, %14, %c_6, %c_6, sizes = [1, 2, 2] : (tensor<2x2x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x2xf32>
      %16 = stablehlo.reshape %15 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([j, k]) {i=1, j=4, k=8} need_replication={i}>} : (tensor<1x2x2xf32>) -> tensor<2x2xf32>
      %17 = stablehlo.dynamic_slice %arg0, %14, %c_6, %c_6, sizes = [1, 8, 2] : (tensor<2x8x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x2xf32>
      %18 = stablehlo.reshape %17 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([j, k]) {i=1, j=8, k=8} need_replication={i}>} : (tensor<1x8x2xf32>) -> tensor<8x2xf32>
      %19:3 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>, <@mesh, [{}, {"y"}]>, <@mesh, [{"x"}, {"y"}]>]>} %16, %18, %iterArg_2 : tensor<2x2xf32>, tensor<8x2xf32>, tensor<2x2xf32>
      %20 = "stablehlo.all_gather"(%19#0) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<2x8xf32>
      %21 = stablehlo.dot %20, %19#1, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=8, k=8} reduction={k}>} : (tensor<2x8xf32>, tensor<8x2xf32>) -> tensor<2x2xf32>
      %22 = stablehlo.cosine %21 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>} : tensor<2x2xf32>
      %23 = stablehlo.multiply %19#2, %22 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<2x2xf32>
      %24 = stablehlo.dot_general %23, %19#1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [j, k])->([i, j]) {i=4, j=8, k=8} reduction={k}>} : (tensor<2x2xf32>, tensor<8x2xf32>) -> tensor<2x8xf32>
      %25 = "stablehlo.all_reduce"(%24) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %36 = stablehlo.add %arg2, %arg3 : tensor<f32>
        stablehlo.return %36 : tensor<f32>
      }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
      %c_7 = stablehlo.constant dense<0> : tensor<i32>
      %26 = stablehlo.partition_id : tensor<ui32>
      %c_8 = stablehlo.constant dense<[0, 2, 4, 6, 0, 2, 4, 6]> : tensor<8xi32>
      %27 = stablehlo.dynamic_slice %c_8, %26, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
      %28 = stablehlo.reshape %27 : (tensor<1xi32>) -> tensor<i32>
      %29 = stablehlo.dynamic_slice %25, %c_7, %28, sizes = [2, 2] : (tensor<2x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
      %30 = "stablehlo.all_gather"(%19#0) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<2x8xf32>
      %31 = stablehlo.dot_general %23, %30, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([k, i], [k, j])->([i, j]) {i=8, j=8, k=4} reduction={k}>} : (tensor<2x2xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
      %32 = "stablehlo.all_reduce"(%31) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %36 = stablehlo.add %arg2, %arg3 : tensor<f32>
        stablehlo.return %36 : tensor<f32>
      }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
      %33 = stablehlo.transpose %32, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=8, j=8}>, xla_shape = "f32[8,8]{0,1}"} : (tensor<2x8xf32>) -> tensor<8x2xf32>
      %34 = stablehlo.reshape %33 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, k])->([i, j, k]) {i=1, j=8, k=8} need_replication={i}>} : (tensor<8x2xf32>) -> tensor<1x8x2xf32>
      %35 = stablehlo.dynamic_update_slice %iterArg_3, %34, %14, %c_6, %c_6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, l], [j, k, l], [], [], [])->([i, k, l]) {i=2, j=1, k=8, l=8} permutation={i, j}>} : (tensor<2x8x2xf32>, tensor<1x8x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x2xf32>
      stablehlo.return %12, %29, %35 : tensor<i32>, tensor<2x2xf32>, tensor<2x8x2xf32>
    }
    return %8, %11#2 : tensor<f32>, tensor<2x8x2xf32>
  }
}
