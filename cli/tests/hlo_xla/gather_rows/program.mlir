// A gather of rows (an embedding lookup) from a table sharded by rows, with replicated indices.
module @gather_rows attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%t: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %i: tensor<5x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<5x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = "stablehlo.gather"(%t, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>, indices_are_sorted = false} : (tensor<8x3xf32>, tensor<5x1xi32>) -> tensor<5x3xf32>
    return %0 : tensor<5x3xf32>
  }
}
