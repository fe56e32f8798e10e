module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {'y'}]}"}, %arg1: tensor<4x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"}) -> (tensor<8x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {'y'}]}"}) {
    %cst = stablehlo.constant {mhlo.sharding = "{mesh[], replicated}"} dense<1.000000e+00> : tensor<f32>
    %0 = mhlo.copy %cst {mhlo.sharding = "{mesh[], replicated}"} : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : (tensor<f32>) -> tensor<4x8xf32>
    %2 = mhlo.copy %1 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : (tensor<f32>) -> tensor<4x8xf32>
    %4 = mhlo.copy %3 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %5 = stablehlo.dot %arg1, %arg0, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %6 = mhlo.copy %5 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %7 = stablehlo.tanh %6 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %8 = mhlo.copy %7 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %9 = stablehlo.multiply %4, %8 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %10 = mhlo.copy %9 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %11 = stablehlo.multiply %2, %10 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %12 = mhlo.copy %11 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %13 = mhlo.copy %cst {mhlo.sharding = "{mesh[], replicated}"} : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : (tensor<f32>) -> tensor<4x8xf32>
    %15 = mhlo.copy %14 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %16 = stablehlo.add %15, %8 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %17 = mhlo.copy %16 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %18 = mhlo.copy %cst {mhlo.sharding = "{mesh[], replicated}"} : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [] {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : (tensor<f32>) -> tensor<4x8xf32>
    %20 = mhlo.copy %19 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %21 = stablehlo.subtract %20, %8 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %22 = mhlo.copy %21 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %23 = stablehlo.multiply %17, %22 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %24 = mhlo.copy %23 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %25 = stablehlo.multiply %12, %24 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %26 = mhlo.copy %25 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : tensor<4x8xf32>
    %27 = stablehlo.dot_general %26, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'y'}, {}]}"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %28 = mhlo.copy %27 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'y'}, {}]}"} : tensor<8x8xf32>
    %29 = stablehlo.transpose %28, dims = [1, 0] {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {'y'}]}", result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[8,8]{0,1}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %30 = mhlo.copy %29 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}, {'y'}]}"} : tensor<8x8xf32>
    return %30 : tensor<8x8xf32>
  }
}
