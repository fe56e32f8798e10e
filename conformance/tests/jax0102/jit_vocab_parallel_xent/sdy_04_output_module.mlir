module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x32xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}, %arg1: tensor<8xi32> {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"}) -> (tensor<f32> {mhlo.sharding = "{replicated}"}, tensor<8x32xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x32xf32>, tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.maximum %0, %1 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : tensor<8xf32>
    %3 = stablehlo.is_finite %2 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8xf32>) -> tensor<8xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<f32>) -> tensor<8xf32>
    %5 = stablehlo.select %3, %2, %4 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : tensor<8xi1>, tensor<8xf32>
    %6 = stablehlo.reshape %5 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8xf32>) -> tensor<8x1xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1xf32>) -> tensor<8x1xf32>
    %8 = stablehlo.reshape %7 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1xf32>) -> tensor<8xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8xf32>) -> tensor<8x32xf32>
    %10 = stablehlo.subtract %arg0, %9 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<8x32xf32>
    %11 = stablehlo.exponential %10 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<8x32xf32>
    %12 = stablehlo.reduce(%11 init: %cst_0) applies stablehlo.add across dimensions = [1] {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x32xf32>, tensor<f32>) -> tensor<8xf32>
    %13 = stablehlo.abs %12 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : tensor<8xf32>
    %14 = stablehlo.log %13 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : tensor<8xf32>
    %15 = stablehlo.add %14, %5 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : tensor<8xf32>
    %16 = stablehlo.reshape %arg1 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8xi32>) -> tensor<8x1xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c, dims = [] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<i32>) -> tensor<8x1xi32>
    %18 = stablehlo.compare LT, %16, %17 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x1xi1>
    %c_1 = stablehlo.constant dense<32> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c_1, dims = [] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<i32>) -> tensor<8x1xi32>
    %20 = stablehlo.add %16, %19 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<8x1xi32>
    %21 = stablehlo.select %18, %20, %16 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<8x1xi1>, tensor<8x1xi32>
    %22 = stablehlo.reshape %21 {mhlo.sharding = "{devices=[2,1,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1xi32>) -> tensor<8x1x1xi32>
    %23 = stablehlo.broadcast_in_dim %c, dims = [] {mhlo.sharding = "{devices=[2,1,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<i32>) -> tensor<8x1x1xi32>
    %24 = stablehlo.compare GE, %22, %23 {mhlo.sharding = "{devices=[2,1,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1x1xi32>, tensor<8x1x1xi32>) -> tensor<8x1x1xi1>
    %c_2 = stablehlo.constant dense<31> : tensor<i32>
    %25 = stablehlo.broadcast_in_dim %c_2, dims = [] {mhlo.sharding = "{devices=[2,1,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<i32>) -> tensor<8x1x1xi32>
    %26 = stablehlo.compare LE, %22, %25 {mhlo.sharding = "{devices=[2,1,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1x1xi32>, tensor<8x1x1xi32>) -> tensor<8x1x1xi1>
    %27 = stablehlo.and %24, %26 {mhlo.sharding = "{devices=[2,1,1,4]<=[8] last_tile_dim_replicate}"} : tensor<8x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %28 = stablehlo.reduce(%27 init: %c_3) applies stablehlo.and across dimensions = [2] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1x1xi1>, tensor<i1>) -> tensor<8x1xi1>
    %29 = "stablehlo.gather"(%arg0, %22) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x32xf32>, tensor<8x1x1xi32>) -> tensor<8x1xf32>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_4, dims = [] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<f32>) -> tensor<8x1xf32>
    %31 = stablehlo.select %28, %29, %30 {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : tensor<8x1xi1>, tensor<8x1xf32>
    %32 = stablehlo.reshape %31 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x1xf32>) -> tensor<8xf32>
    %33 = stablehlo.subtract %15, %32 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : tensor<8xf32>
    %34 = stablehlo.reduce(%33 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %35 = stablehlo.divide %34, %cst_5 : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_0, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<f32>) -> tensor<8x32xf32>
    %cst_6 = stablehlo.constant dense<-1.250000e-01> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_6, dims = [] {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<f32>) -> tensor<8x1xf32>
    %38 = "stablehlo.scatter"(%36, %22, %37) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %49 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %49 : tensor<f32>
    }) {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8x32xf32>, tensor<8x1x1xi32>, tensor<8x1xf32>) -> tensor<8x32xf32>
    %39 = stablehlo.compare GE, %12, %4 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_7 = stablehlo.constant dense<1.250000e-01> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_7, dims = [] {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : (tensor<f32>) -> tensor<8xf32>
    %41 = stablehlo.divide %40, %13 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : tensor<8xf32>
    %42 = stablehlo.select %39, %41, %4 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : tensor<8xi1>, tensor<8xf32>
    %43 = stablehlo.select %39, %4, %41 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : tensor<8xi1>, tensor<8xf32>
    %44 = stablehlo.negate %43 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : tensor<8xf32>
    %45 = stablehlo.add %42, %44 {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"} : tensor<8xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0] {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<8xf32>) -> tensor<8x32xf32>
    %47 = stablehlo.multiply %46, %11 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<8x32xf32>
    %48 = stablehlo.add %38, %47 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<8x32xf32>
    return %35, %48 : tensor<f32>, tensor<8x32xf32>
  }
}
