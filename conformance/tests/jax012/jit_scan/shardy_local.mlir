module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false, sdy.output_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=4]>, [{"x"}, {}]>, <mesh<["x"=2, "y"=4]>, [{}, {"x"}]>]>, sdy.parameters_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=4]>, [{"x"}, {}]>, <mesh<["x"=2, "y"=4]>, [{}, {"x"}, {}]>, <mesh<["x"=2, "y"=4]>, [{}, {"y"}]>]>} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<3x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %arg2: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.partition_id : tensor<ui32>
    %c_0 = stablehlo.constant dense<[0, 2, 4, 6, 0, 2, 4, 6]> : tensor<8xi32>
    %1 = stablehlo.dynamic_slice %c_0, %0, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
    %2 = stablehlo.reshape %1 : (tensor<1xi32>) -> tensor<i32>
    %3 = stablehlo.dynamic_slice %arg0, %c, %2, sizes = [2, 2] : (tensor<2x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=3, j=4}>} : (tensor<f32>) -> tensor<3x2xf32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.partition_id : tensor<ui32>
    %c_4 = stablehlo.constant dense<[0, 2, 4, 6, 0, 2, 4, 6]> : tensor<8xi32>
    %6 = stablehlo.dynamic_slice %c_4, %5, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
    %7 = stablehlo.reshape %6 : (tensor<1xi32>) -> tensor<i32>
    %8 = stablehlo.dynamic_slice %arg1, %c_2, %c_3, %7, sizes = [3, 2, 2] : (tensor<3x2x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3x2x2xf32>
    %9:3 = stablehlo.while(%iterArg = %c_1, %iterArg_5 = %3, %iterArg_6 = %4) : tensor<i32>, tensor<2x2xf32>, tensor<3x2xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"x"}, {"y"}]>, <@mesh, [{}, {"x"}]>]>}
    cond {
      %c_7 = stablehlo.constant dense<3> : tensor<i32>
      %11 = stablehlo.compare LT, %iterArg, %c_7 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %11 : tensor<i1>
    } do {
      %c_7 = stablehlo.constant dense<1> : tensor<i32>
      %11 = stablehlo.add %iterArg, %c_7 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %12 = "stablehlo.all_gather"(%iterArg_5) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<2x8xf32>
      %13 = stablehlo.dot %12, %arg2, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=8, k=8} reduction={k}>} : (tensor<2x8xf32>, tensor<8x2xf32>) -> tensor<2x2xf32>
      %c_8 = stablehlo.constant dense<0> : tensor<i32>
      %14 = stablehlo.dynamic_slice %8, %iterArg, %c_8, %c_8, sizes = [1, 2, 2] : (tensor<3x2x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x2xf32>
      %15 = stablehlo.reshape %14 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([j, k]) {i=1, j=4, k=8} need_replication={i}>} : (tensor<1x2x2xf32>) -> tensor<2x2xf32>
      %16 = stablehlo.add %13, %15 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<2x2xf32>
      %17 = stablehlo.tanh %16 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>} : tensor<2x2xf32>
      %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %18 = stablehlo.reduce(%17 init: %cst_9) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=4, j=8} reduction={j}>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %19 = "stablehlo.all_reduce"(%18) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> ({
      ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
        %22 = stablehlo.add %arg3, %arg4 : tensor<f32>
        stablehlo.return %22 : tensor<f32>
      }) : (tensor<2xf32>) -> tensor<2xf32>
      %20 = stablehlo.reshape %19 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=1, j=4} need_replication={i}>} : (tensor<2xf32>) -> tensor<1x2xf32>
      %21 = stablehlo.dynamic_update_slice %iterArg_6, %20, %iterArg, %c_8 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [j, k], [], [])->([i, k]) {i=3, j=1, k=4} permutation={i, j}>} : (tensor<3x2xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
      stablehlo.return %11, %17, %21 : tensor<i32>, tensor<2x2xf32>, tensor<3x2xf32>
    }
    %10 = "stablehlo.all_gather"(%9#1) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<2x8xf32>
    return %10, %9#2 : tensor<2x8xf32>, tensor<3x2xf32>
  }
}
