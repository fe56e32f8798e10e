module @jit_moe attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2, \22y\22=4]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_0.1(%arg0: tensor<f32>, %arg1: tensor<i32>, %arg2: tensor<f32>, %arg3: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
    %0 = stablehlo.compare GT, %arg0, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %1 = stablehlo.compare NE, %arg0, %arg0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.or %0, %1 : tensor<i1>
    %3 = stablehlo.select %2, %arg0, %arg2 : tensor<i1>, tensor<f32>
    %4 = stablehlo.compare EQ, %arg0, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = stablehlo.compare LT, %arg1, %arg3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = stablehlo.and %4, %5 : tensor<i1>
    %7 = stablehlo.or %2, %6 : tensor<i1>
    %8 = stablehlo.select %7, %arg1, %arg3 : tensor<i1>, tensor<i32>
    return %3, %8 : tensor<f32>, tensor<i32>
  }
  func.func private @region_1.4(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_2.5(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func @main(%arg0: tensor<8x4xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}, {}]>"}, mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}, %arg1: tensor<4x4xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{}, {}]>"}, mhlo.sharding = "{replicated}"}, %arg2: tensor<4x4x4xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22y\22}, {}, {}]>"}, mhlo.sharding = "{devices=[4,1,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}) -> (tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) {
    %0 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<4x4x4xf32>) -> tensor<8x4x4xf32>
    %1 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
    %2 = stablehlo.iota dim = 0 : tensor<4xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<4xi32>) -> tensor<8x4xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4:2 = stablehlo.reduce(%1 init: %cst), (%3 init: %c) across dimensions = [1] : (tensor<8x4xf32>, tensor<8x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%arg3: tensor<f32>, %arg5: tensor<f32>) (%arg4: tensor<i32>, %arg6: tensor<i32>)  {
      %34 = stablehlo.compare GT, %arg3, %arg5 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %35 = stablehlo.compare NE, %arg3, %arg3 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %36 = stablehlo.or %34, %35 : tensor<i1>
      %37 = stablehlo.select %36, %arg3, %arg5 : tensor<i1>, tensor<f32>
      %38 = stablehlo.compare EQ, %arg3, %arg5 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %39 = stablehlo.compare LT, %arg4, %arg6 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %40 = stablehlo.and %38, %39 : tensor<i1>
      %41 = stablehlo.or %36, %40 : tensor<i1>
      %42 = stablehlo.select %41, %arg4, %arg6 : tensor<i1>, tensor<i32>
      stablehlo.return %37, %42 : tensor<f32>, tensor<i32>
    }
    %5 = stablehlo.reshape %4#1 : (tensor<8xi32>) -> tensor<8x1xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<8x1xi32>) -> tensor<8x1xi32>
    %7 = stablehlo.reshape %6 : (tensor<8x1xi32>) -> tensor<8xi32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<8xi32>) -> tensor<8x4xi32>
    %9 = stablehlo.iota dim = 0 : tensor<4xi32>
    %10 = stablehlo.reshape %9 : (tensor<4xi32>) -> tensor<1x4xi32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<1x4xi32>) -> tensor<1x4xi32>
    %12 = stablehlo.reshape %11 : (tensor<1x4xi32>) -> tensor<4xi32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [1] : (tensor<4xi32>) -> tensor<8x4xi32>
    %14 = stablehlo.compare EQ, %8, %13 : (tensor<8x4xi32>, tensor<8x4xi32>) -> tensor<8x4xi1>
    %15 = stablehlo.convert %14 : (tensor<8x4xi1>) -> tensor<8x4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %16 = stablehlo.reduce(%1 init: %cst_0) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %18 = stablehlo.maximum %16, %17 : tensor<8xf32>
    %19 = stablehlo.reshape %18 : (tensor<8xf32>) -> tensor<8x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x1xf32>
    %21 = stablehlo.reshape %20 : (tensor<8x1xf32>) -> tensor<8xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %23 = stablehlo.subtract %1, %22 : tensor<8x4xf32>
    %24 = stablehlo.exponential %23 : tensor<8x4xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.reduce(%24 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %26 = stablehlo.reshape %25 : (tensor<8xf32>) -> tensor<8x1xf32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x1xf32>
    %28 = stablehlo.reshape %27 : (tensor<8x1xf32>) -> tensor<8xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %30 = stablehlo.divide %24, %29 : tensor<8x4xf32>
    %31 = stablehlo.multiply %15, %30 : tensor<8x4xf32>
    %32 = stablehlo.dot_general %0, %31, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %33 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%32) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {}]>]>"}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %33 : tensor<8x4xf32>
  }
}
