module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x16xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}, %arg1: tensor<16x8xf32> {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"}, %arg2: tensor<8xf32> {mhlo.sharding = "{replicated}"}, %arg3: tensor<4x8xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) -> (tensor<f32> {mhlo.sharding = "{replicated}"}, tensor<8x16xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}, tensor<16x8xf32> {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"}, tensor<8xf32> {mhlo.sharding = "{replicated}"}) {
    %0 = stablehlo.multiply %arg3, %arg3 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<4x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.reshape %1 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<4xf32>) -> tensor<4x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<f32>) -> tensor<4x1xf32>
    %4 = stablehlo.divide %2, %3 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<4x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<f32>) -> tensor<4x1xf32>
    %6 = stablehlo.add %4, %5 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<4x1xf32>
    %7 = stablehlo.rsqrt %6 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<4x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %9 = stablehlo.reshape %8 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<4x1xf32>) -> tensor<4xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<4xf32>) -> tensor<4x8xf32>
    %11 = stablehlo.multiply %arg3, %10 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<4x8xf32>
    %12 = stablehlo.reshape %arg2 : (tensor<8xf32>) -> tensor<1x8xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8xf32>
    %14 = stablehlo.reshape %13 : (tensor<1x8xf32>) -> tensor<8xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [1] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8xf32>) -> tensor<4x8xf32>
    %16 = stablehlo.multiply %11, %15 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<4x8xf32>
    %17 = stablehlo.dot %16, %arg0, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %18 = stablehlo.multiply %17, %17 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %19 = stablehlo.multiply %18, %17 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %cst_2 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<f32>) -> tensor<4x16xf32>
    %21 = stablehlo.multiply %19, %20 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %22 = stablehlo.add %17, %21 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %cst_3 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<f32>) -> tensor<4x16xf32>
    %24 = stablehlo.multiply %22, %23 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %25 = stablehlo.tanh %24 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_4, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<f32>) -> tensor<4x16xf32>
    %27 = stablehlo.add %25, %26 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %cst_5 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_5, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<f32>) -> tensor<4x16xf32>
    %29 = stablehlo.multiply %27, %28 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %30 = stablehlo.multiply %17, %29 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %31 = stablehlo.dot %30, %arg1, precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    %32 = stablehlo.add %arg3, %31 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<4x8xf32>
    %33 = stablehlo.multiply %32, %32 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<4x8xf32>
    %34 = stablehlo.reduce(%33 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %35 = stablehlo.divide %34, %cst_6 : tensor<f32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_7, dims = [] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<f32>) -> tensor<4x8xf32>
    %37 = stablehlo.multiply %32, %36 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<4x8xf32>
    %cst_8 = stablehlo.constant dense<3.125000e-02> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_8, dims = [] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<f32>) -> tensor<4x8xf32>
    %39 = stablehlo.multiply %37, %38 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<4x8xf32>
    %40 = stablehlo.dot_general %39, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
    %41 = stablehlo.multiply %40, %29 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %42 = stablehlo.multiply %17, %40 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %43 = stablehlo.multiply %42, %28 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %44 = stablehlo.subtract %26, %25 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %45 = stablehlo.multiply %43, %44 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %46 = stablehlo.multiply %45, %25 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %47 = stablehlo.add %45, %46 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %48 = stablehlo.multiply %47, %23 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %49 = stablehlo.add %41, %48 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %50 = stablehlo.multiply %48, %20 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %51 = stablehlo.multiply %17, %17 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %cst_9 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_9, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<f32>) -> tensor<4x16xf32>
    %53 = stablehlo.multiply %51, %52 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %54 = stablehlo.multiply %50, %53 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %55 = stablehlo.add %49, %54 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x16xf32>
    %56 = stablehlo.dot_general %55, %16, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"} : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %57 = stablehlo.transpose %56, dims = [1, 0] {mhlo.sharding = "{devices=[2,4]<=[8]}", result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[8,16]{0,1}"} : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %58 = stablehlo.dot_general %39, %30, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<4x8xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    %59 = stablehlo.transpose %58, dims = [1, 0] {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}", result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,8]{0,1}"} : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %60 = stablehlo.dot_general %55, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<4x16xf32>, tensor<8x16xf32>) -> tensor<4x8xf32>
    %61 = stablehlo.multiply %11, %60 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<4x8xf32>
    %62 = stablehlo.reduce(%61 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %63 = stablehlo.reshape %62 : (tensor<8xf32>) -> tensor<1x8xf32>
    %64 = stablehlo.reduce(%63 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    return %35, %57, %59, %64 : tensor<f32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8xf32>
  }
}
