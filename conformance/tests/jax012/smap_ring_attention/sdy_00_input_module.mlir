module @jit_ring attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_1.1(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_2.2(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_0.3(%arg0: tensor<i32>, %arg1: tensor<2x4xf32>, %arg2: tensor<2x4xf32>, %arg3: tensor<2xf32>, %arg4: tensor<2xf32>, %arg5: tensor<2x4xf32>, %arg6: tensor<2x4xf32>) -> (tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = "stablehlo.collective_permute"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %2 = "stablehlo.collective_permute"(%arg2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %3 = stablehlo.transpose %arg1, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
    %4 = stablehlo.dot %arg6, %3, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %6 = stablehlo.multiply %4, %5 : tensor<2x2xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %8 = stablehlo.maximum %arg3, %7 : tensor<2xf32>
    %9 = stablehlo.subtract %arg3, %8 : tensor<2xf32>
    %10 = stablehlo.exponential %9 : tensor<2xf32>
    %11 = stablehlo.multiply %arg4, %10 : tensor<2xf32>
    %12 = stablehlo.reshape %8 : (tensor<2xf32>) -> tensor<2x1xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %14 = stablehlo.reshape %13 : (tensor<2x1xf32>) -> tensor<2xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
    %16 = stablehlo.subtract %6, %15 : tensor<2x2xf32>
    %17 = stablehlo.exponential %16 : tensor<2x2xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.reduce(%17 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %19 = stablehlo.add %11, %18 : tensor<2xf32>
    %20 = stablehlo.reshape %10 : (tensor<2xf32>) -> tensor<2x1xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %22 = stablehlo.reshape %21 : (tensor<2x1xf32>) -> tensor<2xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %24 = stablehlo.multiply %arg5, %23 : tensor<2x4xf32>
    %25 = stablehlo.dot %17, %arg2, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %26 = stablehlo.add %24, %25 : tensor<2x4xf32>
    return %0, %1, %2, %8, %19, %26, %arg6 : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  }
  func.func private @region_3.4(%arg0: tensor<i32>, %arg1: tensor<2x4xf32>, %arg2: tensor<2x4xf32>, %arg3: tensor<2xf32>, %arg4: tensor<2xf32>, %arg5: tensor<2x4xf32>, %arg6: tensor<2x4xf32>) -> tensor<i1> {
    %c = stablehlo.constant dense<8> : tensor<i32>
    %0 = stablehlo.compare LT, %arg0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    return %0 : tensor<i1>
  }
  func.func private @xla.sdy.manual_computation_body.5(%arg0: tensor<2x4xf32>, %arg1: tensor<2x4xf32>, %arg2: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.slice %arg0 [0:2, 0:1] : (tensor<2x4xf32>) -> tensor<2x1xf32>
    %1 = stablehlo.reshape %0 : (tensor<2x1xf32>) -> tensor<2xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %3 = stablehlo.multiply %1, %2 : tensor<2xf32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %5 = stablehlo.subtract %3, %4 : tensor<2xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %7 = stablehlo.multiply %arg0, %6 : tensor<2x4xf32>
    %8:7 = stablehlo.while(%iterArg = %c, %iterArg_2 = %arg1, %iterArg_3 = %arg2, %iterArg_4 = %5, %iterArg_5 = %3, %iterArg_6 = %7, %iterArg_7 = %arg0) : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>, tensor<2x4xf32>
    cond {
      %c_8 = stablehlo.constant dense<8> : tensor<i32>
      %14 = stablehlo.compare LT, %iterArg, %c_8 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %c_8 = stablehlo.constant dense<1> : tensor<i32>
      %14 = stablehlo.add %iterArg, %c_8 : tensor<i32>
      %15 = "stablehlo.collective_permute"(%iterArg_2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %16 = "stablehlo.collective_permute"(%iterArg_3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %17 = stablehlo.transpose %iterArg_2, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %18 = stablehlo.dot %iterArg_7, %17, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %cst_9 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %19 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %20 = stablehlo.multiply %18, %19 : tensor<2x2xf32>
      %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %21 = stablehlo.reduce(%20 init: %cst_10) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %22 = stablehlo.maximum %iterArg_4, %21 : tensor<2xf32>
      %23 = stablehlo.subtract %iterArg_4, %22 : tensor<2xf32>
      %24 = stablehlo.exponential %23 : tensor<2xf32>
      %25 = stablehlo.multiply %iterArg_5, %24 : tensor<2xf32>
      %26 = stablehlo.reshape %22 : (tensor<2xf32>) -> tensor<2x1xf32>
      %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %28 = stablehlo.reshape %27 : (tensor<2x1xf32>) -> tensor<2xf32>
      %29 = stablehlo.broadcast_in_dim %28, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
      %30 = stablehlo.subtract %20, %29 : tensor<2x2xf32>
      %31 = stablehlo.exponential %30 : tensor<2x2xf32>
      %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %32 = stablehlo.reduce(%31 init: %cst_11) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %33 = stablehlo.add %25, %32 : tensor<2xf32>
      %34 = stablehlo.reshape %24 : (tensor<2xf32>) -> tensor<2x1xf32>
      %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %36 = stablehlo.reshape %35 : (tensor<2x1xf32>) -> tensor<2xf32>
      %37 = stablehlo.broadcast_in_dim %36, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
      %38 = stablehlo.multiply %iterArg_6, %37 : tensor<2x4xf32>
      %39 = stablehlo.dot %31, %iterArg_3, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %40 = stablehlo.add %38, %39 : tensor<2x4xf32>
      stablehlo.return %14, %15, %16, %22, %33, %40, %iterArg_7 : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>, tensor<2x4xf32>
    }
    %9 = stablehlo.reshape %8#4 : (tensor<2xf32>) -> tensor<2x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %11 = stablehlo.reshape %10 : (tensor<2x1xf32>) -> tensor<2xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %13 = stablehlo.divide %8#5, %12 : tensor<2x4xf32>
    return %13 : tensor<2x4xf32>
  }
  func.func @main(%arg0: tensor<16x4xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<16x4xf32>) -> (tensor<16x4xf32> {mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : (tensor<16x4xf32>) -> tensor<16x4xf32>
    %1 = stablehlo.custom_call @Sharding(%arg1) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : (tensor<16x4xf32>) -> tensor<16x4xf32>
    %2 = stablehlo.custom_call @Sharding(%arg2) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : (tensor<16x4xf32>) -> tensor<16x4xf32>
    %3 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%0, %1, %2) {backend_config = "", has_side_effect = true, mhlo.sharding = "{{mesh['x'=8], manual}, {mesh['x'=8], manual}, {mesh['x'=8], manual}}", xla_shape = "(f32[2,4]{1,0}, f32[2,4]{1,0}, f32[2,4]{1,0})"} : (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>) -> tuple<tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>>
    %4 = stablehlo.get_tuple_element %3[0] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tuple<tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>>) -> tensor<2x4xf32>
    %5 = stablehlo.get_tuple_element %3[1] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tuple<tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>>) -> tensor<2x4xf32>
    %6 = stablehlo.get_tuple_element %3[2] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tuple<tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>>) -> tensor<2x4xf32>
    %7 = call @xla.sdy.manual_computation_body.5(%4, %5, %6) {mhlo.frontend_attributes = {inlineable = "xla_late"}, mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %8 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%7) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : (tensor<2x4xf32>) -> tensor<16x4xf32>
    return %8 : tensor<16x4xf32>
  }
}
