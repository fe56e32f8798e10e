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
    %36 = stablehlo.broadcast_in_dim %33, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %37 = stablehlo.add %32, %34 : tensor<4x16xf32>
    %38 = sdy.constant dense<5.000000e-01> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %40 = stablehlo.broadcast_in_dim %38, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %41 = stablehlo.multiply %37, %39 : tensor<4x16xf32>
    %42 = stablehlo.multiply %20, %41 : tensor<4x16xf32>
    %43 = stablehlo.dot %42, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    %44 = stablehlo.add %arg3, %43 : tensor<4x8xf32>
    %45 = stablehlo.multiply %44, %44 : tensor<4x8xf32>
    %46 = stablehlo.reduce(%45 init: %1) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %47 = sdy.constant dense<3.200000e+01> : tensor<f32>
    %48 = stablehlo.divide %46, %47 : tensor<f32>
    %49 = sdy.constant dense<2.000000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %51 = stablehlo.multiply %44, %50 : tensor<4x8xf32>
    %52 = sdy.constant dense<3.125000e-02> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %54 = stablehlo.multiply %51, %53 : tensor<4x8xf32>
    %55 = stablehlo.dot_general %54, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
    %56 = stablehlo.multiply %55, %41 : tensor<4x16xf32>
    %57 = stablehlo.multiply %20, %55 : tensor<4x16xf32>
    %58 = stablehlo.multiply %57, %40 : tensor<4x16xf32>
    %59 = stablehlo.add %32, %35 : tensor<4x16xf32>
    %60 = stablehlo.subtract %36, %32 : tensor<4x16xf32>
    %61 = stablehlo.multiply %59, %60 : tensor<4x16xf32>
    %62 = stablehlo.multiply %58, %61 : tensor<4x16xf32>
    %63 = stablehlo.multiply %62, %30 : tensor<4x16xf32>
    %64 = stablehlo.add %56, %63 : tensor<4x16xf32>
    %65 = stablehlo.multiply %63, %25 : tensor<4x16xf32>
    %66 = stablehlo.multiply %20, %20 : tensor<4x16xf32>
    %67 = sdy.constant dense<3.000000e+00> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %67, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %69 = stablehlo.multiply %66, %68 : tensor<4x16xf32>
    %70 = stablehlo.multiply %65, %69 : tensor<4x16xf32>
    %71 = stablehlo.add %64, %70 : tensor<4x16xf32>
    %72 = stablehlo.dot_general %71, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<8x16xf32>) -> tensor<4x8xf32>
    %73 = stablehlo.multiply %14, %72 : tensor<4x8xf32>
    %74 = stablehlo.reduce(%73 init: %1) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %75 = stablehlo.reshape %74 : (tensor<8xf32>) -> tensor<1x8xf32>
    %76 = stablehlo.reduce(%75 init: %1) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %77 = stablehlo.dot_general %71, %19, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %78 = stablehlo.transpose %77, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[8,16]{0,1}"} : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %79 = stablehlo.dot_general %54, %42, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    %80 = stablehlo.transpose %79, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,8]{0,1}"} : (tensor<8x16xf32>) -> tensor<16x8xf32>
    return %48, %78, %80, %76 : tensor<f32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8xf32>
  }
}
