// An embedding lookup (jnp.take(table, ids, axis=0)) with the table sharded
// on its feature dimension and the ids sharded on the batch: each device
// gathers its ids' rows of its feature columns.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_embed(%arg0: tensor<10x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<6x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %c = stablehlo.constant dense<10> : tensor<6xi32>
  %0 = stablehlo.remainder %arg1, %c {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<6xi32>
  %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<6xi32>
  %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<6xi32>) -> tensor<6x1xi32>
  %3 = "stablehlo.gather"(%arg0, %2) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<10x8xi32>, tensor<6x1xi32>) -> tensor<6x8xi32>
  return %3 : tensor<6x8xi32>
}

func.func @sequential_embed(%arg0: tensor<10x8xi32>, %arg1: tensor<6xi32>) -> tensor<6x8xi32> {
  %c = stablehlo.constant dense<10> : tensor<6xi32>
  %0 = stablehlo.remainder %arg1, %c : tensor<6xi32>
  %1 = stablehlo.abs %0 : tensor<6xi32>
  %2 = stablehlo.reshape %1 : (tensor<6xi32>) -> tensor<6x1xi32>
  %3 = "stablehlo.gather"(%arg0, %2) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8>}> : (tensor<10x8xi32>, tensor<6x1xi32>) -> tensor<6x8xi32>
  return %3 : tensor<6x8xi32>
}
