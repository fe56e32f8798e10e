module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false, sdy.output_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=2, "z"=2]>, [{}, {}]>]>, sdy.parameters_shardings = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=2, "z"=2]>, [{}, {"z"}]>, <mesh<["x"=2, "y"=2, "z"=2]>, [{"z"}, {}]>]>} {
  sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 2 : i64}, {name = "z", size = 2 : i64}]}}
  func.func @main(%arg0: tensor<6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"z"}]>}, %arg1: tensor<2x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z"}, {}]>}) -> (tensor<6x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.pad %arg0, %cst, low = [0, 0], high = [2, 0], interior = [0, 0] : (tensor<6x2xf32>, tensor<f32>) -> tensor<8x2xf32>
    %1 = stablehlo.partition_id : tensor<ui32>
    %c = stablehlo.constant dense<[0, 0, 2, 2, 4, 4, 6, 6]> : tensor<8xi32>
    %2 = stablehlo.dynamic_slice %c, %1, sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
    %3 = stablehlo.reshape %2 : (tensor<1xi32>) -> tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.dynamic_slice %0, %3, %c_0, sizes = [2, 2] : (tensor<8x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
    %5 = stablehlo.sine %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {"z"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=6, j=4}>} : tensor<2x2xf32>
    %6 = stablehlo.dot %5, %arg1, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=6, j=5, k=4} reduction={k}>} : (tensor<2x2xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
    %7 = "stablehlo.all_reduce"(%6) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "z">]>, use_global_device_ids}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %10 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %10 : tensor<f32>
    }) : (tensor<2x5xf32>) -> tensor<2x5xf32>
    %8 = "stablehlo.all_gather"(%7) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> : (tensor<2x5xf32>) -> tensor<8x5xf32>
    %9 = stablehlo.slice %8 [0:6, 0:5] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x5xf32>) -> tensor<6x5xf32>
    return %9 : tensor<6x5xf32>
  }
}
