module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false, sdy.output_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=4]>, [{}]>, <mesh<["x"=2, "y"=4]>, [{}, {}]>]>, sdy.parameters_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=4]>, [{}, {}]>]>} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<10x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<10xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<10x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=10, j=3}>} : (tensor<f32>) -> tensor<3x3xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.pad %arg0, %cst_0, low = [0, 0], high = [2, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<10x3xf32>, tensor<f32>) -> tensor<12x3xf32>
    %2 = stablehlo.partition_id : tensor<ui32>
    %c = stablehlo.constant dense<[0, 3, 6, 9, 0, 3, 6, 9]> : tensor<8xi32>
    %3 = stablehlo.dynamic_slice %c, %2, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
    %4 = stablehlo.reshape %3 : (tensor<1xi32>) -> tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.dynamic_slice %1, %4, %c_1, sizes = [3, 3] : (tensor<12x3xf32>, tensor<i32>, tensor<i32>) -> tensor<3x3xf32>
    %6 = stablehlo.multiply %5, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=10, j=3}>} : tensor<3x3xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=10, j=3} reduction={j}>} : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
    %8 = "stablehlo.all_gather"(%6) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<3x3xf32>) -> tensor<12x3xf32>
    %9 = stablehlo.slice %8 [0:10, 0:3] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<12x3xf32>) -> tensor<10x3xf32>
    %10 = "stablehlo.reduce_window"(%9, %cst_2) <{base_dilations = array<i64: 1, 1>, padding = dense<[[9, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 10, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %20 = stablehlo.add %arg1, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
      stablehlo.return %20 : tensor<f32>
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=10, j=3} permutation={i}>} : (tensor<10x3xf32>, tensor<f32>) -> tensor<10x3xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.pad %10, %cst_3, low = [0, 0], high = [2, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<10x3xf32>, tensor<f32>) -> tensor<12x3xf32>
    %12 = stablehlo.partition_id : tensor<ui32>
    %c_4 = stablehlo.constant dense<[0, 3, 6, 9, 0, 3, 6, 9]> : tensor<8xi32>
    %13 = stablehlo.dynamic_slice %c_4, %12, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
    %14 = stablehlo.reshape %13 : (tensor<1xi32>) -> tensor<i32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.dynamic_slice %11, %14, %c_5, sizes = [3, 3] : (tensor<12x3xf32>, tensor<i32>, tensor<i32>) -> tensor<3x3xf32>
    %16 = "stablehlo.all_gather"(%7) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<3xf32>) -> tensor<12xf32>
    %17 = stablehlo.slice %16 [0:10] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<12xf32>) -> tensor<10xf32>
    %18 = "stablehlo.all_gather"(%15) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<3x3xf32>) -> tensor<12x3xf32>
    %19 = stablehlo.slice %18 [0:10, 0:3] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<12x3xf32>) -> tensor<10x3xf32>
    return %17, %19 : tensor<10xf32>, tensor<10x3xf32>
  }
}
