module @jit_ring attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<16x4xf32> {mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"}, %arg1: tensor<16x4xf32> {mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"}, %arg2: tensor<16x4xf32> {mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"}) -> (tensor<16x4xf32> {mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"}) {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : tensor<16x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<16x4xf32>) -> tensor<2x4xf32>
    %2 = mhlo.copy %arg1 {mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : tensor<16x4xf32>
    %3 = stablehlo.custom_call @SPMDFullToShardShape(%2) {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<16x4xf32>) -> tensor<2x4xf32>
    %4 = mhlo.copy %arg2 {mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : tensor<16x4xf32>
    %5 = stablehlo.custom_call @SPMDFullToShardShape(%4) {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<16x4xf32>) -> tensor<2x4xf32>
    %6 = call @xla.sdy.inlinable_manual_computation_body(%1, %3, %5) {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %7 = mhlo.copy %6 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2x4xf32>
    %8 = stablehlo.custom_call @SPMDShardToFullShape(%7) {mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : (tensor<2x4xf32>) -> tensor<16x4xf32>
    return %8 : tensor<16x4xf32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<2x4xf32> {mhlo.sharding = "{mesh['x'=8], manual}"}, %arg1: tensor<2x4xf32> {mhlo.sharding = "{mesh['x'=8], manual}"}, %arg2: tensor<2x4xf32> {mhlo.sharding = "{mesh['x'=8], manual}"}) -> (tensor<2x4xf32> {mhlo.sharding = "{mesh['x'=8], manual}"}) {
    %c = stablehlo.constant {mhlo.sharding = "{mesh['x'=8], manual}"} dense<0> : tensor<i32>
    %0 = stablehlo.slice %arg0 [0:2, 0:1] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x4xf32>) -> tensor<2x1xf32>
    %1 = stablehlo.reshape %0 {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x1xf32>) -> tensor<2xf32>
    %cst = stablehlo.constant {mhlo.sharding = "{mesh['x'=8], manual}"} dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<f32>) -> tensor<2xf32>
    %3 = stablehlo.multiply %1, %2 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2xf32>
    %cst_0 = stablehlo.constant {mhlo.sharding = "{mesh['x'=8], manual}"} dense<0x7F800000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<f32>) -> tensor<2xf32>
    %5 = stablehlo.subtract %3, %4 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2xf32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<f32>) -> tensor<2x4xf32>
    %7 = stablehlo.multiply %arg0, %6 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2x4xf32>
    %8 = mhlo.copy %arg0 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2x4xf32>
    %9:6 = stablehlo.while(%iterArg = %c, %iterArg_1 = %arg1, %iterArg_2 = %arg2, %iterArg_3 = %5, %iterArg_4 = %3, %iterArg_5 = %7) : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32> attributes {mhlo.sharding = "{{mesh['x'=8], manual}, {mesh['x'=8], manual}, {mesh['x'=8], manual}, {mesh['x'=8], manual}, {mesh['x'=8], manual}, /*index=5*/{mesh['x'=8], manual}}"}
    cond {
      %c_6 = stablehlo.constant {mhlo.sharding = "{mesh['x'=8], manual}"} dense<8> : tensor<i32>
      %15 = stablehlo.compare LT, %iterArg, %c_6 {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %15 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant {mhlo.sharding = "{mesh['x'=8], manual}"} dense<1> : tensor<i32>
      %15 = stablehlo.add %iterArg, %c_6 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<i32>
      %16 = "stablehlo.collective_permute"(%iterArg_1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %17 = "stablehlo.collective_permute"(%iterArg_2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %18 = stablehlo.transpose %iterArg_1, dims = [1, 0] {mhlo.sharding = "{mesh['x'=8], manual}", result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %19 = stablehlo.dot %8, %18, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %cst_7 = stablehlo.constant {mhlo.sharding = "{mesh['x'=8], manual}"} dense<5.000000e-01> : tensor<f32>
      %20 = stablehlo.broadcast_in_dim %cst_7, dims = [] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<f32>) -> tensor<2x2xf32>
      %21 = stablehlo.multiply %19, %20 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2x2xf32>
      %cst_8 = stablehlo.constant {mhlo.sharding = "{mesh['x'=8], manual}"} dense<0xFF800000> : tensor<f32>
      %22 = stablehlo.reduce(%21 init: %cst_8) applies stablehlo.maximum across dimensions = [1] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %23 = stablehlo.maximum %iterArg_3, %22 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2xf32>
      %24 = stablehlo.subtract %iterArg_3, %23 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2xf32>
      %25 = stablehlo.exponential %24 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2xf32>
      %26 = stablehlo.multiply %iterArg_4, %25 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2xf32>
      %27 = stablehlo.reshape %23 {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2xf32>) -> tensor<2x1xf32>
      %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %29 = stablehlo.reshape %28 {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x1xf32>) -> tensor<2xf32>
      %30 = stablehlo.broadcast_in_dim %29, dims = [0] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2xf32>) -> tensor<2x2xf32>
      %31 = stablehlo.subtract %21, %30 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2x2xf32>
      %32 = stablehlo.exponential %31 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2x2xf32>
      %cst_9 = stablehlo.constant {mhlo.sharding = "{mesh['x'=8], manual}"} dense<0.000000e+00> : tensor<f32>
      %33 = stablehlo.reduce(%32 init: %cst_9) applies stablehlo.add across dimensions = [1] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %34 = stablehlo.add %26, %33 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2xf32>
      %35 = stablehlo.reshape %25 {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2xf32>) -> tensor<2x1xf32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %37 = stablehlo.reshape %36 {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x1xf32>) -> tensor<2xf32>
      %38 = stablehlo.broadcast_in_dim %37, dims = [0] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2xf32>) -> tensor<2x4xf32>
      %39 = stablehlo.multiply %iterArg_5, %38 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2x4xf32>
      %40 = stablehlo.dot %32, %iterArg_2, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %41 = stablehlo.add %39, %40 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2x4xf32>
      stablehlo.return %15, %16, %17, %23, %34, %41 : tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>
    }
    %10 = stablehlo.reshape %9#4 {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2xf32>) -> tensor<2x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %12 = stablehlo.reshape %11 {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x1xf32>) -> tensor<2xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2xf32>) -> tensor<2x4xf32>
    %14 = stablehlo.divide %9#5, %13 {mhlo.sharding = "{mesh['x'=8], manual}"} : tensor<2x4xf32>
    return %14 : tensor<2x4xf32>
  }
}
