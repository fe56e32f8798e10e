module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}, tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %0 = sdy.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.maximum across dimensions = [1] : (tensor<8x32xf32>, tensor<f32>) -> tensor<8xf32>
    %2 = sdy.constant dense<0xFF800000> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %4 = stablehlo.maximum %1, %3 : tensor<8xf32>
    %5 = stablehlo.is_finite %4 : (tensor<8xf32>) -> tensor<8xi1>
    %6 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %8 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %9 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %10 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %11 = stablehlo.select %5, %4, %7 : tensor<8xi1>, tensor<8xf32>
    %12 = stablehlo.reshape %11 : (tensor<8xf32>) -> tensor<8x1xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x1xf32>
    %14 = stablehlo.reshape %13 : (tensor<8x1xf32>) -> tensor<8xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<8xf32>) -> tensor<8x32xf32>
    %16 = stablehlo.subtract %arg0, %15 : tensor<8x32xf32>
    %17 = stablehlo.exponential %16 : tensor<8x32xf32>
    %18 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.reduce(%17 init: %18) applies stablehlo.add across dimensions = [1] : (tensor<8x32xf32>, tensor<f32>) -> tensor<8xf32>
    %20 = stablehlo.abs %19 : tensor<8xf32>
    %21 = stablehlo.log %20 : tensor<8xf32>
    %22 = stablehlo.add %21, %11 : tensor<8xf32>
    %23 = stablehlo.reshape %arg1 : (tensor<8xi32>) -> tensor<8x1xi32>
    %24 = sdy.constant dense<0> : tensor<i32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<i32>) -> tensor<8x1xi32>
    %26 = stablehlo.compare LT, %23, %25 : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x1xi1>
    %27 = sdy.constant dense<32> : tensor<i32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<i32>) -> tensor<8x1xi32>
    %29 = stablehlo.add %23, %28 : tensor<8x1xi32>
    %30 = stablehlo.select %26, %29, %23 : tensor<8x1xi1>, tensor<8x1xi32>
    %31 = stablehlo.reshape %30 : (tensor<8x1xi32>) -> tensor<8x1x1xi32>
    %32 = sdy.constant dense<0> : tensor<i32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<i32>) -> tensor<8x1x1xi32>
    %34 = stablehlo.compare GE, %31, %33 : (tensor<8x1x1xi32>, tensor<8x1x1xi32>) -> tensor<8x1x1xi1>
    %35 = sdy.constant dense<31> : tensor<i32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<i32>) -> tensor<8x1x1xi32>
    %37 = stablehlo.compare LE, %31, %36 : (tensor<8x1x1xi32>, tensor<8x1x1xi32>) -> tensor<8x1x1xi1>
    %38 = stablehlo.and %34, %37 : tensor<8x1x1xi1>
    %39 = sdy.constant dense<true> : tensor<i1>
    %40 = stablehlo.reduce(%38 init: %39) applies stablehlo.and across dimensions = [2] : (tensor<8x1x1xi1>, tensor<i1>) -> tensor<8x1xi1>
    %41 = "stablehlo.gather"(%arg0, %31) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<8x32xf32>, tensor<8x1x1xi32>) -> tensor<8x1xf32>
    %42 = sdy.constant dense<0x7FC00000> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %44 = stablehlo.select %40, %41, %43 : tensor<8x1xi1>, tensor<8x1xf32>
    %45 = stablehlo.reshape %44 : (tensor<8x1xf32>) -> tensor<8xf32>
    %46 = stablehlo.subtract %22, %45 : tensor<8xf32>
    %47 = stablehlo.reduce(%46 init: %18) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %48 = sdy.constant dense<8.000000e+00> : tensor<f32>
    %49 = stablehlo.divide %47, %48 : tensor<f32>
    %50 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %52 = sdy.constant dense<-1.250000e-01> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %54 = "stablehlo.scatter"(%51, %31, %53) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %66 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %66 : tensor<f32>
    }) : (tensor<8x32xf32>, tensor<8x1x1xi32>, tensor<8x1xf32>) -> tensor<8x32xf32>
    %55 = stablehlo.compare GE, %19, %8 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %56 = sdy.constant dense<1.250000e-01> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %58 = stablehlo.divide %57, %20 : tensor<8xf32>
    %59 = stablehlo.select %55, %58, %9 : tensor<8xi1>, tensor<8xf32>
    %60 = stablehlo.select %55, %10, %58 : tensor<8xi1>, tensor<8xf32>
    %61 = stablehlo.negate %60 : tensor<8xf32>
    %62 = stablehlo.add %59, %61 : tensor<8xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0] : (tensor<8xf32>) -> tensor<8x32xf32>
    %64 = stablehlo.multiply %63, %17 : tensor<8x32xf32>
    %65 = stablehlo.add %54, %64 : tensor<8x32xf32>
    return %49, %65 : tensor<f32>, tensor<8x32xf32>
  }
}
