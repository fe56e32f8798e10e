module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg3: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %0 = stablehlo.multiply %arg3, %arg3 : tensor<4x8xf32>
    %1 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%0 init: %1) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %3 = stablehlo.reshape %2 : (tensor<4xf32>) -> tensor<4x1xf32>
    %4 = sdy.constant dense<8.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %6 = stablehlo.divide %3, %5 : tensor<4x1xf32>
    %7 = sdy.constant dense<9.99999997E-7> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %9 = stablehlo.add %6, %8 : tensor<4x1xf32>
    %10 = stablehlo.rsqrt %9 : tensor<4x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %12 = stablehlo.reshape %11 : (tensor<4x1xf32>) -> tensor<4xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
    %14 = stablehlo.multiply %arg3, %13 : tensor<4x8xf32>
    %15 = stablehlo.reshape %arg2 : (tensor<8xf32>) -> tensor<1x8xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8xf32>
    %17 = stablehlo.reshape %16 : (tensor<1x8xf32>) -> tensor<8xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
    %19 = stablehlo.multiply %14, %18 : tensor<4x8xf32>
    %20 = stablehlo.dot %19, %arg0, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %21 = stablehlo.multiply %20, %20 : tensor<4x16xf32>
    %22 = stablehlo.multiply %21, %20 : tensor<4x16xf32>
    %23 = sdy.constant dense<4.471500e-02> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %25 = stablehlo.broadcast_in_dim %23, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %26 = stablehlo.multiply %22, %24 : tensor<4x16xf32>
    %27 = stablehlo.add %20, %26 : tensor<4x16xf32>
    %28 = sdy.constant dense<0.797884583> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %30 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %31 = stablehlo.multiply %27, %29 : tensor<4x16xf32>
    %32 = stablehlo.tanh %31 : tensor<4x16xf32>
    %33 = sdy.constant dense<1.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %35 = stablehlo.broadcast_in_dim %33, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %36 = stablehlo.add %32, %34 : tensor<4x16xf32>
    %37 = sdy.constant dense<5.000000e-01> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %37, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %39 = stablehlo.broadcast_in_dim %37, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %40 = stablehlo.multiply %36, %38 : tensor<4x16xf32>
    %41 = stablehlo.multiply %20, %40 : tensor<4x16xf32>
    %42 = stablehlo.dot %41, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    %43 = stablehlo.add %arg3, %42 : tensor<4x8xf32>
    %44 = stablehlo.multiply %43, %43 : tensor<4x8xf32>
    %45 = stablehlo.reduce(%44 init: %1) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %46 = sdy.constant dense<3.200000e+01> : tensor<f32>
    %47 = stablehlo.divide %45, %46 : tensor<f32>
    %48 = sdy.constant dense<2.000000e+00> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %50 = stablehlo.multiply %43, %49 : tensor<4x8xf32>
    %51 = sdy.constant dense<3.125000e-02> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %53 = stablehlo.multiply %50, %52 : tensor<4x8xf32>
    %54 = stablehlo.dot_general %53, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
    %55 = stablehlo.multiply %54, %40 : tensor<4x16xf32>
    %56 = stablehlo.multiply %20, %54 : tensor<4x16xf32>
    %57 = stablehlo.multiply %56, %39 : tensor<4x16xf32>
    %58 = stablehlo.subtract %35, %32 : tensor<4x16xf32>
    %59 = stablehlo.multiply %57, %58 : tensor<4x16xf32>
    %60 = stablehlo.multiply %59, %32 : tensor<4x16xf32>
    %61 = stablehlo.add %59, %60 : tensor<4x16xf32>
    %62 = stablehlo.multiply %61, %30 : tensor<4x16xf32>
    %63 = stablehlo.add %55, %62 : tensor<4x16xf32>
    %64 = stablehlo.multiply %62, %25 : tensor<4x16xf32>
    %65 = stablehlo.multiply %20, %20 : tensor<4x16xf32>
    %66 = sdy.constant dense<3.000000e+00> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %68 = stablehlo.multiply %65, %67 : tensor<4x16xf32>
    %69 = stablehlo.multiply %64, %68 : tensor<4x16xf32>
    %70 = stablehlo.add %63, %69 : tensor<4x16xf32>
    %71 = stablehlo.dot_general %70, %19, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %72 = stablehlo.transpose %71, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[8,16]{0,1}"} : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %73 = stablehlo.dot_general %53, %41, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    %74 = stablehlo.transpose %73, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,8]{0,1}"} : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %75 = stablehlo.dot_general %70, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<8x16xf32>) -> tensor<4x8xf32>
    %76 = stablehlo.multiply %14, %75 : tensor<4x8xf32>
    %77 = stablehlo.reduce(%76 init: %1) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %78 = stablehlo.reshape %77 : (tensor<8xf32>) -> tensor<1x8xf32>
    %79 = stablehlo.reduce(%78 init: %1) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    return %47, %72, %74, %79 : tensor<f32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8xf32>
  }
}
