module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false, sdy.output_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=4]>, [{"x"}]>, <mesh<["x"=2, "y"=4]>, [{"x"}]>]>, sdy.parameters_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=4]>, [{"x"}, {"y"}]>]>} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
    %0 = stablehlo.iota dim = 0 : tensor<4xi32>
    %1 = stablehlo.partition_id : tensor<ui32>
    %c = stablehlo.constant dense<[0, 4, 8, 12, 0, 4, 8, 12]> : tensor<8xi32>
    %2 = stablehlo.dynamic_slice %c, %1, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
    %3 = stablehlo.reshape %2 : (tensor<1xi32>) -> tensor<i32>
    %4 = stablehlo.convert %3 : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %6 = stablehlo.add %0, %5 : tensor<4xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=8, j=16}>} : (tensor<4xi32>) -> tensor<4x4xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %8:2 = stablehlo.reduce(%arg0 init: %cst), (%7 init: %c_0) across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [], [])->([i], [i]) {i=8, j=16} reduction={j}>} : (tensor<4x4xf32>, tensor<4x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %16 = stablehlo.compare GT, %arg1, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %17 = stablehlo.compare NE, %arg1, %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %18 = stablehlo.or %16, %17 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i1>
      %19 = stablehlo.select %18, %arg1, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [], [])->([])>} : tensor<i1>, tensor<f32>
      %20 = stablehlo.compare EQ, %arg1, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %21 = stablehlo.compare LT, %arg2, %arg4 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %22 = stablehlo.and %20, %21 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i1>
      %23 = stablehlo.or %18, %22 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i1>
      %24 = stablehlo.select %23, %arg2, %arg4 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [], [])->([])>} : tensor<i1>, tensor<i32>
      stablehlo.return %19, %24 : tensor<f32>, tensor<i32>
    }
    %9 = stablehlo.reshape %8#0 : (tensor<4xf32>) -> tensor<4x1xf32>
    %10 = "stablehlo.all_gather"(%9) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<4x1xf32>) -> tensor<4x4xf32>
    %11 = stablehlo.reshape %8#1 : (tensor<4xi32>) -> tensor<4x1xi32>
    %12 = "stablehlo.all_gather"(%11) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<4x1xi32>) -> tensor<4x4xi32>
    %13:2 = stablehlo.reduce(%10 init: %cst), (%12 init: %c_0) across dimensions = [1] : (tensor<4x4xf32>, tensor<4x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %16 = stablehlo.compare GT, %arg1, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %17 = stablehlo.compare NE, %arg1, %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %18 = stablehlo.or %16, %17 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i1>
      %19 = stablehlo.select %18, %arg1, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [], [])->([])>} : tensor<i1>, tensor<f32>
      %20 = stablehlo.compare EQ, %arg1, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %21 = stablehlo.compare LT, %arg2, %arg4 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %22 = stablehlo.and %20, %21 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i1>
      %23 = stablehlo.or %18, %22 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i1>
      %24 = stablehlo.select %23, %arg2, %arg4 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [], [])->([])>} : tensor<i1>, tensor<i32>
      stablehlo.return %19, %24 : tensor<f32>, tensor<i32>
    }
    %14 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=8, j=16} reduction={j}>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
    %15 = "stablehlo.all_reduce"(%14) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %16 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      stablehlo.return %16 : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    return %13#1, %15 : tensor<4xi32>, tensor<4xf32>
  }
}
