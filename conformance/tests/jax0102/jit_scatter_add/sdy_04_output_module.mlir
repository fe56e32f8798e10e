module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<16xi32> {mhlo.sharding = "{devices=[8]<=[8]}"}, %arg1: tensor<16x4xf32> {mhlo.sharding = "{devices=[8,1]<=[8]}"}) -> (tensor<8x4xf32> {mhlo.sharding = "{replicated}"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] {mhlo.sharding = "{devices=[8]<=[8]}"} : (tensor<i32>) -> tensor<16xi32>
    %2 = stablehlo.compare LT, %arg0, %1 {mhlo.sharding = "{devices=[8]<=[8]}"} : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] {mhlo.sharding = "{devices=[8]<=[8]}"} : (tensor<i32>) -> tensor<16xi32>
    %4 = stablehlo.add %arg0, %3 {mhlo.sharding = "{devices=[8]<=[8]}"} : tensor<16xi32>
    %5 = stablehlo.select %2, %4, %arg0 {mhlo.sharding = "{devices=[8]<=[8]}"} : tensor<16xi1>, tensor<16xi32>
    %6 = stablehlo.reshape %5 {mhlo.sharding = "{devices=[8,1]<=[8]}"} : (tensor<16xi32>) -> tensor<16x1xi32>
    %7 = "stablehlo.scatter"(%0, %6, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %8 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %8 : tensor<f32>
    }) : (tensor<8x4xf32>, tensor<16x1xi32>, tensor<16x4xf32>) -> tensor<8x4xf32>
    return %7 : tensor<8x4xf32>
  }
}
