module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2, \22y\22=4]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_0.1(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_1.2(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_2.3(%arg0: tensor<i1>, %arg1: tensor<i1>) -> tensor<i1> {
    %0 = stablehlo.and %arg0, %arg1 : tensor<i1>
    return %0 : tensor<i1>
  }
  func.func private @region_3.5(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_4.6(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func @main(%arg0: tensor<8x32xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}, {\22y\22}]>"}, mhlo.sharding = "{devices=[2,4]<=[8]}"}, %arg1: tensor<8xi32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}]>"}, mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"}) -> (tensor<f32> {mhlo.sharding = "{replicated}"}, tensor<8x32xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x32xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.maximum %0, %1 : tensor<8xf32>
    %3 = stablehlo.is_finite %2 : (tensor<8xf32>) -> tensor<8xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %5 = stablehlo.select %3, %2, %4 : tensor<8xi1>, tensor<8xf32>
    %6 = stablehlo.reshape %5 : (tensor<8xf32>) -> tensor<8x1xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x1xf32>
    %8 = stablehlo.reshape %7 : (tensor<8x1xf32>) -> tensor<8xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<8xf32>) -> tensor<8x32xf32>
    %10 = stablehlo.subtract %arg0, %9 : tensor<8x32xf32>
    %11 = stablehlo.exponential %10 : tensor<8x32xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<8x32xf32>, tensor<f32>) -> tensor<8xf32>
    %13 = stablehlo.abs %12 : tensor<8xf32>
    %14 = stablehlo.log %13 : tensor<8xf32>
    %15 = stablehlo.add %14, %5 : tensor<8xf32>
    %16 = stablehlo.reshape %arg1 : (tensor<8xi32>) -> tensor<8x1xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x1xi32>
    %18 = stablehlo.compare LT, %16, %17 : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x1xi1>
    %c_3 = stablehlo.constant dense<32> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<8x1xi32>
    %20 = stablehlo.add %16, %19 : tensor<8x1xi32>
    %21 = stablehlo.select %18, %20, %16 : tensor<8x1xi1>, tensor<8x1xi32>
    %22 = stablehlo.reshape %21 : (tensor<8x1xi32>) -> tensor<8x1x1xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %23 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<8x1x1xi32>
    %24 = stablehlo.compare GE, %22, %23 : (tensor<8x1x1xi32>, tensor<8x1x1xi32>) -> tensor<8x1x1xi1>
    %c_5 = stablehlo.constant dense<31> : tensor<i32>
    %25 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<8x1x1xi32>
    %26 = stablehlo.compare LE, %22, %25 : (tensor<8x1x1xi32>, tensor<8x1x1xi32>) -> tensor<8x1x1xi1>
    %27 = stablehlo.and %24, %26 : tensor<8x1x1xi1>
    %c_6 = stablehlo.constant dense<true> : tensor<i1>
    %28 = stablehlo.reduce(%27 init: %c_6) applies stablehlo.and across dimensions = [2] : (tensor<8x1x1xi1>, tensor<i1>) -> tensor<8x1xi1>
    %29 = "stablehlo.gather"(%arg0, %22) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<8x32xf32>, tensor<8x1x1xi32>) -> tensor<8x1xf32>
    %cst_7 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %31 = stablehlo.select %28, %29, %30 : tensor<8x1xi1>, tensor<8x1xf32>
    %32 = stablehlo.reshape %31 : (tensor<8x1xf32>) -> tensor<8xf32>
    %33 = stablehlo.subtract %15, %32 : tensor<8xf32>
    %34 = stablehlo.reduce(%33 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %cst_8 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %35 = stablehlo.divide %34, %cst_8 : tensor<f32>
    %36 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%35) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, []>]>"}} : (tensor<f32>) -> tensor<f32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %cst_10 = stablehlo.constant dense<-1.250000e-01> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %39 = "stablehlo.scatter"(%37, %22, %38) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %51 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %51 : tensor<f32>
    }) : (tensor<8x32xf32>, tensor<8x1x1xi32>, tensor<8x1xf32>) -> tensor<8x32xf32>
    %40 = stablehlo.compare GE, %12, %4 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_11 = stablehlo.constant dense<1.250000e-01> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %42 = stablehlo.divide %41, %13 : tensor<8xf32>
    %43 = stablehlo.select %40, %42, %4 : tensor<8xi1>, tensor<8xf32>
    %44 = stablehlo.select %40, %4, %42 : tensor<8xi1>, tensor<8xf32>
    %45 = stablehlo.negate %44 : tensor<8xf32>
    %46 = stablehlo.add %43, %45 : tensor<8xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0] : (tensor<8xf32>) -> tensor<8x32xf32>
    %48 = stablehlo.multiply %47, %11 : tensor<8x32xf32>
    %49 = stablehlo.add %39, %48 : tensor<8x32xf32>
    %50 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%49) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {\22y\22}]>]>"}} : (tensor<8x32xf32>) -> tensor<8x32xf32>
    return %36, %50 : tensor<f32>, tensor<8x32xf32>
  }
}
