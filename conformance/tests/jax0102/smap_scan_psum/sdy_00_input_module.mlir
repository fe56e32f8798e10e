module @jit_body attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=8]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_1.1(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_2.2(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_0.5(%arg0: tensor<i32>, %arg1: tensor<2xf32>, %arg2: tensor<3xf32>) -> (tensor<i32>, tensor<2xf32>, tensor<3xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %8 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %8 : tensor<f32>
    }) : (tensor<2xf32>) -> tensor<2xf32>
    %cst = stablehlo.constant dense<1.250000e-01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %3 = stablehlo.multiply %1, %2 : tensor<2xf32>
    %4 = stablehlo.add %3, %arg1 : tensor<2xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %6 = stablehlo.reshape %5 : (tensor<f32>) -> tensor<1xf32>
    %7 = stablehlo.dynamic_update_slice %arg2, %6, %arg0 : (tensor<3xf32>, tensor<1xf32>, tensor<i32>) -> tensor<3xf32>
    return %0, %4, %7 : tensor<i32>, tensor<2xf32>, tensor<3xf32>
  }
  func.func private @region_3.6(%arg0: tensor<i32>, %arg1: tensor<2xf32>, %arg2: tensor<3xf32>) -> tensor<i1> {
    %c = stablehlo.constant dense<3> : tensor<i32>
    %0 = stablehlo.compare LT, %arg0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    return %0 : tensor<i1>
  }
  func.func private @xla.sdy.manual_computation_body.7(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<3xf32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %1:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0, %iterArg_1 = %0) : tensor<i32>, tensor<2xf32>, tensor<3xf32>
    cond {
      %c_2 = stablehlo.constant dense<3> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg, %c_2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg, %c_2 : tensor<i32>
      %3 = "stablehlo.all_reduce"(%iterArg_0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
      ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
        %10 = stablehlo.add %arg1, %arg2 : tensor<f32>
        stablehlo.return %10 : tensor<f32>
      }) : (tensor<2xf32>) -> tensor<2xf32>
      %cst_3 = stablehlo.constant dense<1.250000e-01> : tensor<f32>
      %4 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2xf32>
      %5 = stablehlo.multiply %3, %4 : tensor<2xf32>
      %6 = stablehlo.add %5, %iterArg_0 : tensor<2xf32>
      %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.reduce(%6 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
      %8 = stablehlo.reshape %7 : (tensor<f32>) -> tensor<1xf32>
      %9 = stablehlo.dynamic_update_slice %iterArg_1, %8, %iterArg : (tensor<3xf32>, tensor<1xf32>, tensor<i32>) -> tensor<3xf32>
      stablehlo.return %2, %6, %9 : tensor<i32>, tensor<2xf32>, tensor<3xf32>
    }
    return %1#1, %1#2 : tensor<2xf32>, tensor<3xf32>
  }
  func.func @main(%arg0: tensor<16xf32>) -> (tensor<16xf32>, tensor<24xf32>) {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%arg0) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.in_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}]>]>", xla.sdy.manual_axes = "#sdy<manual_axes{\22x\22}>"}} : (tensor<16xf32>) -> tensor<2xf32>
    %1:2 = call @xla.sdy.manual_computation_body.7(%0) {mhlo.frontend_attributes = {inlineable = "false"}} : (tensor<2xf32>) -> (tensor<2xf32>, tensor<3xf32>)
    %2 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%1#0, %1#1) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.manual_axes = "#sdy<manual_axes{\22x\22}>", xla.sdy.out_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}]>, <@mesh, [{\22x\22}]>]>"}, xla_shape = "(f32[16]{0}, f32[24]{0})"} : (tensor<2xf32>, tensor<3xf32>) -> tuple<tensor<16xf32>, tensor<24xf32>>
    %3 = stablehlo.get_tuple_element %2[0] : (tuple<tensor<16xf32>, tensor<24xf32>>) -> tensor<16xf32>
    %4 = stablehlo.get_tuple_element %2[1] : (tuple<tensor<16xf32>, tensor<24xf32>>) -> tensor<24xf32>
    return %3, %4 : tensor<16xf32>, tensor<24xf32>
  }
}
