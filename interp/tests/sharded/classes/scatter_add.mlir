// x.at[idx].add(v) with x sharded on its columns and v sharded alike: the
// scattered rows are indexed (replicated), the window columns are local.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_scatter_add(%arg0: tensor<6x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<3x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<6x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %c = stablehlo.constant dense<[[4], [1], [4]]> : tensor<3x1xi32>
  %0 = "stablehlo.scatter"(%arg0, %c, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
    %1 = stablehlo.add %arg2, %arg3 : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : (tensor<6x8xi32>, tensor<3x1xi32>, tensor<3x8xi32>) -> tensor<6x8xi32>
  return %0 : tensor<6x8xi32>
}

func.func @sequential_scatter_add(%arg0: tensor<6x8xi32>, %arg1: tensor<3x8xi32>) -> tensor<6x8xi32> {
  %c = stablehlo.constant dense<[[4], [1], [4]]> : tensor<3x1xi32>
  %0 = "stablehlo.scatter"(%arg0, %c, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
    %1 = stablehlo.add %arg2, %arg3 : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<6x8xi32>, tensor<3x1xi32>, tensor<3x8xi32>) -> tensor<6x8xi32>
  return %0 : tensor<6x8xi32>
}
