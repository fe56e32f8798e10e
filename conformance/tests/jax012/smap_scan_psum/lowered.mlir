module @jit_body attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  sdy.mesh @mesh_0 = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func public @main(%arg0: tensor<16xf32>) -> (tensor<16xf32> {jax.result_info = "result[0]"}, tensor<24xf32> {jax.result_info = "result[1]"}) {
    %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<2xf32>) {
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
      %c = stablehlo.constant dense<0> : tensor<i32>
      %2:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg1, %iterArg_1 = %1) : tensor<i32>, tensor<2xf32>, tensor<3xf32>
      cond {
        %c_2 = stablehlo.constant dense<3> : tensor<i32>
        %3 = stablehlo.compare LT, %iterArg, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %3 : tensor<i1>
      } do {
        %3 = "stablehlo.all_reduce"(%iterArg_0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh_0, axes = [#stablehlo.axis_ref<name = "x">]>, use_global_device_ids}> ({
        ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
          %10 = stablehlo.add %arg2, %arg3 : tensor<f32>
          stablehlo.return %10 : tensor<f32>
        }) : (tensor<2xf32>) -> tensor<2xf32>
        %cst_2 = stablehlo.constant dense<1.250000e-01> : tensor<f32>
        %4 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2xf32>
        %5 = stablehlo.multiply %3, %4 : tensor<2xf32>
        %6 = stablehlo.add %5, %iterArg_0 : tensor<2xf32>
        %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %7 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
        %8 = func.call @dynamic_update_index_in_dim(%iterArg_1, %7, %iterArg) : (tensor<3xf32>, tensor<f32>, tensor<i32>) -> tensor<3xf32>
        %c_4 = stablehlo.constant dense<1> : tensor<i32>
        %9 = stablehlo.add %iterArg, %c_4 : tensor<i32>
        stablehlo.return %9, %6, %8 : tensor<i32>, tensor<2xf32>, tensor<3xf32>
      }
      sdy.return %2#1, %2#2 : tensor<2xf32>, tensor<3xf32>
    } : (tensor<16xf32>) -> (tensor<16xf32>, tensor<24xf32>)
    return %0#0, %0#1 : tensor<16xf32>, tensor<24xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<3xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>) -> tensor<3xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2 : (tensor<3xf32>, tensor<1xf32>, tensor<i32>) -> tensor<3xf32>
    return %1 : tensor<3xf32>
  }
}
