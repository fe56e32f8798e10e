// jnp.take_along_axis(table, idx, axis=1) as jax 0.12 lowers it: a gather
// whose operand_batching_dims / start_indices_batching_dims pair the rows of
// the table with the rows of the indices. With both sharded on "x" along the
// batch, every device gathers from its own rows (the batching dimension is
// a pass-through factor, never rebased). In @parallel_vocab_ce the table is
// also sharded on "y" along the indexed (vocabulary) dimension, as in a
// vocabulary-parallel cross-entropy: each device gathers the entries its
// columns hold, zeros elsewhere, and sdy.all_reduce sums the partials.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_take_along_axis(%arg0: tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %c = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} dense<6> : tensor<8x3xi32>
  %0 = stablehlo.remainder %arg1, %c {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x3xi32>
  %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x3xi32>
  %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>} : (tensor<8x3xi32>) -> tensor<8x3x1xi32>
  %3 = "stablehlo.gather"(%arg0, %2) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x6xi32>, tensor<8x3x1xi32>) -> tensor<8x3xi32>
  return %3 : tensor<8x3xi32>
}

func.func @sequential_take_along_axis(%arg0: tensor<8x6xi32>, %arg1: tensor<8x3xi32>) -> tensor<8x3xi32> {
  %c = stablehlo.constant dense<6> : tensor<8x3xi32>
  %0 = stablehlo.remainder %arg1, %c : tensor<8x3xi32>
  %1 = stablehlo.abs %0 : tensor<8x3xi32>
  %2 = stablehlo.reshape %1 : (tensor<8x3xi32>) -> tensor<8x3x1xi32>
  %3 = "stablehlo.gather"(%arg0, %2) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<8x6xi32>, tensor<8x3x1xi32>) -> tensor<8x3xi32>
  return %3 : tensor<8x3xi32>
}

func.func @parallel_vocab_ce(%arg0: tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %c = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} dense<6> : tensor<8xi32>
  %0 = stablehlo.remainder %arg1, %c {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<8xi32>
  %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<8xi32>
  %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8xi32>) -> tensor<8x1xi32>
  %3 = "stablehlo.gather"(%arg0, %2) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}], unreduced={"y"}>]>} : (tensor<8x6xi32>, tensor<8x1xi32>) -> tensor<8xi32>
  %4 = sdy.all_reduce {"y"} %3 out_sharding=<@mesh, [{"x"}]> : tensor<8xi32>
  return %4 : tensor<8xi32>
}

func.func @sequential_vocab_ce(%arg0: tensor<8x6xi32>, %arg1: tensor<8xi32>) -> tensor<8xi32> {
  %c = stablehlo.constant dense<6> : tensor<8xi32>
  %0 = stablehlo.remainder %arg1, %c : tensor<8xi32>
  %1 = stablehlo.abs %0 : tensor<8xi32>
  %2 = stablehlo.reshape %1 : (tensor<8xi32>) -> tensor<8x1xi32>
  %3 = "stablehlo.gather"(%arg0, %2) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<8x6xi32>, tensor<8x1xi32>) -> tensor<8xi32>
  return %3 : tensor<8xi32>
}
