module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2, \22y\22=4]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
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
  func.func @main(%arg0: tensor<8x16xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}, {\22y\22}]>"}, mhlo.sharding = "{devices=[2,4]<=[8]}"}, %arg1: tensor<16x8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22y\22}, {\22x\22}]>"}, mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"}, %arg2: tensor<8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{}]>"}, mhlo.sharding = "{replicated}"}, %arg3: tensor<4x8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}, {}]>"}, mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) -> (tensor<f32> {mhlo.sharding = "{replicated}"}, tensor<8x16xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}, tensor<16x8xf32> {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"}, tensor<8xf32> {mhlo.sharding = "{replicated}"}) {
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
    %36 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%35) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, []>]>"}} : (tensor<f32>) -> tensor<f32>
    %37 = stablehlo.reshape %36 {mhlo.sharding = "{replicated}"} : (tensor<f32>) -> tensor<f32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %39 = stablehlo.multiply %32, %38 : tensor<4x8xf32>
    %cst_8 = stablehlo.constant dense<3.125000e-02> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %41 = stablehlo.multiply %39, %40 : tensor<4x8xf32>
    %42 = stablehlo.dot_general %41, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
    %43 = stablehlo.multiply %42, %29 : tensor<4x16xf32>
    %44 = stablehlo.multiply %17, %42 : tensor<4x16xf32>
    %45 = stablehlo.multiply %44, %28 : tensor<4x16xf32>
    %46 = stablehlo.subtract %26, %25 : tensor<4x16xf32>
    %47 = stablehlo.multiply %45, %46 : tensor<4x16xf32>
    %48 = stablehlo.multiply %47, %25 : tensor<4x16xf32>
    %49 = stablehlo.add %47, %48 : tensor<4x16xf32>
    %50 = stablehlo.multiply %49, %23 : tensor<4x16xf32>
    %51 = stablehlo.add %43, %50 : tensor<4x16xf32>
    %52 = stablehlo.multiply %50, %20 : tensor<4x16xf32>
    %53 = stablehlo.multiply %17, %17 : tensor<4x16xf32>
    %cst_9 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %55 = stablehlo.multiply %53, %54 : tensor<4x16xf32>
    %56 = stablehlo.multiply %52, %55 : tensor<4x16xf32>
    %57 = stablehlo.add %51, %56 : tensor<4x16xf32>
    %58 = stablehlo.dot_general %57, %16, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %59 = stablehlo.transpose %58, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[8,16]{0,1}"} : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %60 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%59) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {\22y\22}]>]>"}} : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %61 = stablehlo.reshape %60 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %62 = stablehlo.dot_general %41, %30, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    %63 = stablehlo.transpose %62, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,8]{0,1}"} : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %64 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%63) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22y\22}, {\22x\22}]>]>"}} : (tensor<16x8xf32>) -> tensor<16x8xf32>
    %65 = stablehlo.reshape %64 {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"} : (tensor<16x8xf32>) -> tensor<16x8xf32>
    %66 = stablehlo.dot_general %57, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<8x16xf32>) -> tensor<4x8xf32>
    %67 = stablehlo.multiply %11, %66 : tensor<4x8xf32>
    %68 = stablehlo.reduce(%67 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %69 = stablehlo.reshape %68 : (tensor<8xf32>) -> tensor<1x8xf32>
    %70 = stablehlo.reduce(%69 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %71 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%70) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{}]>]>"}} : (tensor<8xf32>) -> tensor<8xf32>
    %72 = stablehlo.reshape %71 {mhlo.sharding = "{replicated}"} : (tensor<8xf32>) -> tensor<8xf32>
    return %36, %60, %64, %71 : tensor<f32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8xf32>
  }
}
