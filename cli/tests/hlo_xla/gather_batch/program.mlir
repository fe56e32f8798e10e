// A gather whose indices are sharded by their batch dimension over "x" of a 2x2 mesh.
module @gather_batch attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func @main(%t: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %i: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %0 = "stablehlo.gather"(%t, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>, indices_are_sorted = false} : (tensor<6x4xf32>, tensor<4x1xi32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}
