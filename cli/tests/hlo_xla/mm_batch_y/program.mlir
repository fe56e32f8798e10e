// A batched matmul on a 2x2 mesh with the batch over "y" only: the replicated "x" gives
// `last_tile_dim_replicate` over a transposed iota tile assignment.
module @mm_batch_y attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func @main(%a: tensor<4x2x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}]>}, %b: tensor<4x3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}]>}) -> (tensor<4x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}]>}) {
    %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x2x3xf32>, tensor<4x3x2xf32>) -> tensor<4x2x2xf32>
    return %0 : tensor<4x2x2xf32>
  }
}
