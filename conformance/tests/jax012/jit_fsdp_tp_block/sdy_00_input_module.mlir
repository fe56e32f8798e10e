module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_0.1(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_1.2(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_2.3(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_3.4(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func @main(%arg0: tensor<8x16xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"}, %arg1: tensor<16x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'y'}, {'x'}]}"}, %arg2: tensor<8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}]}"}, %arg3: tensor<4x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {}]}"}) -> (tensor<f32> {mhlo.sharding = "{mesh['x'=2,'y'=4], replicated}"}, tensor<8x16xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"}, tensor<16x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'y'}, {'x'}]}"}, tensor<8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}]}"}) {
    %0 = stablehlo.multiply %arg3, %arg3 : tensor<4x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.reshape %1 : (tensor<4xf32>) -> tensor<4x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<4x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %6 = stablehlo.add %4, %5 : tensor<4x1xf32>
    %7 = stablehlo.rsqrt %6 : tensor<4x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %9 = stablehlo.reshape %8 : (tensor<4x1xf32>) -> tensor<4xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
    %11 = stablehlo.multiply %arg3, %10 : tensor<4x8xf32>
    %12 = stablehlo.reshape %arg2 : (tensor<8xf32>) -> tensor<1x8xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8xf32>
    %14 = stablehlo.reshape %13 : (tensor<1x8xf32>) -> tensor<8xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
    %16 = stablehlo.multiply %11, %15 : tensor<4x8xf32>
    %17 = stablehlo.dot %16, %arg0, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %18 = stablehlo.multiply %17, %17 : tensor<4x16xf32>
    %19 = stablehlo.multiply %18, %17 : tensor<4x16xf32>
    %cst_2 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %21 = stablehlo.multiply %19, %20 : tensor<4x16xf32>
    %22 = stablehlo.add %17, %21 : tensor<4x16xf32>
    %cst_3 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %24 = stablehlo.multiply %22, %23 : tensor<4x16xf32>
    %25 = stablehlo.tanh %24 : tensor<4x16xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %27 = stablehlo.add %25, %26 : tensor<4x16xf32>
    %cst_5 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %29 = stablehlo.multiply %27, %28 : tensor<4x16xf32>
    %30 = stablehlo.multiply %17, %29 : tensor<4x16xf32>
    %31 = stablehlo.dot %30, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    %32 = stablehlo.add %arg3, %31 : tensor<4x8xf32>
    %33 = stablehlo.multiply %32, %32 : tensor<4x8xf32>
    %34 = stablehlo.reduce(%33 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %35 = stablehlo.divide %34, %cst_6 : tensor<f32>
    %36 = stablehlo.reshape %35 {mhlo.sharding = "{mesh['x'=2,'y'=4], replicated}"} : (tensor<f32>) -> tensor<f32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %38 = stablehlo.multiply %32, %37 : tensor<4x8xf32>
    %cst_8 = stablehlo.constant dense<3.125000e-02> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %40 = stablehlo.multiply %38, %39 : tensor<4x8xf32>
    %41 = stablehlo.dot_general %40, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
    %42 = stablehlo.multiply %41, %29 : tensor<4x16xf32>
    %43 = stablehlo.multiply %17, %41 : tensor<4x16xf32>
    %44 = stablehlo.multiply %43, %28 : tensor<4x16xf32>
    %45 = stablehlo.add %25, %26 : tensor<4x16xf32>
    %46 = stablehlo.subtract %26, %25 : tensor<4x16xf32>
    %47 = stablehlo.multiply %45, %46 : tensor<4x16xf32>
    %48 = stablehlo.multiply %44, %47 : tensor<4x16xf32>
    %49 = stablehlo.multiply %48, %23 : tensor<4x16xf32>
    %50 = stablehlo.add %42, %49 : tensor<4x16xf32>
    %51 = stablehlo.multiply %49, %20 : tensor<4x16xf32>
    %52 = stablehlo.multiply %17, %17 : tensor<4x16xf32>
    %cst_9 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %54 = stablehlo.multiply %52, %53 : tensor<4x16xf32>
    %55 = stablehlo.multiply %51, %54 : tensor<4x16xf32>
    %56 = stablehlo.add %50, %55 : tensor<4x16xf32>
    %57 = stablehlo.dot_general %56, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<8x16xf32>) -> tensor<4x8xf32>
    %58 = stablehlo.multiply %11, %57 : tensor<4x8xf32>
    %59 = stablehlo.reduce(%58 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %60 = stablehlo.reshape %59 : (tensor<8xf32>) -> tensor<1x8xf32>
    %61 = stablehlo.reduce(%60 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %62 = stablehlo.reshape %61 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{}]}"} : (tensor<8xf32>) -> tensor<8xf32>
    %63 = stablehlo.dot_general %56, %16, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %64 = stablehlo.transpose %63, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[8,16]{0,1}"} : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %65 = stablehlo.reshape %64 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %66 = stablehlo.dot_general %40, %30, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    %67 = stablehlo.transpose %66, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,8]{0,1}"} : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %68 = stablehlo.reshape %67 {mhlo.sharding = "{mesh['x'=2,'y'=4], [{'y'}, {'x'}]}"} : (tensor<16x8xf32>) -> tensor<16x8xf32>
    return %35, %65, %68, %61 : tensor<f32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8xf32>
  }
}
