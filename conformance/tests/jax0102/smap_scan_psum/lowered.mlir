module @jit_body attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
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
        %3:2 = func.call @closed_call(%iterArg_0) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<f32>)
        %4 = func.call @dynamic_update_index_in_dim(%iterArg_1, %3#1, %iterArg) : (tensor<3xf32>, tensor<f32>, tensor<i32>) -> tensor<3xf32>
        %c_2 = stablehlo.constant dense<1> : tensor<i32>
        %5 = stablehlo.add %iterArg, %c_2 : tensor<i32>
        stablehlo.return %5, %3#0, %4 : tensor<i32>, tensor<2xf32>, tensor<3xf32>
      }
      sdy.return %2#1, %2#2 : tensor<2xf32>, tensor<3xf32>
    } : (tensor<16xf32>) -> (tensor<16xf32>, tensor<24xf32>)
    return %0#0, %0#1 : tensor<16xf32>, tensor<24xf32>
  }
  func.func private @closed_call(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<f32>) {
    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %5 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %5 : tensor<f32>
    }) : (tensor<2xf32>) -> tensor<2xf32>
    %cst = stablehlo.constant dense<1.250000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<2xf32>
    %3 = stablehlo.add %2, %arg0 : tensor<2xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    return %3, %4 : tensor<2xf32>, tensor<f32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<3xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>) -> tensor<3xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2 : (tensor<3xf32>, tensor<1xf32>, tensor<i32>) -> tensor<3xf32>
    return %1 : tensor<3xf32>
  }
}
