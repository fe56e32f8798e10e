// Regression: findings/differ-shardy-add-concatenate-gather-s10414 (shardref difftest, global vs shardy), reduced
// by hand from Shardy's export. A scatter whose indices are also its updates, on an operand sharded
// along the scatter dim: the local form rebases the indices by position but the kernel binds
// operands by value, so the updates' unrebased copy replaced the rebased indices and device 1
// dropped its update (47 for 53). A value used at two positions of a scatter now runs on canvases.

sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg2: tensor<8x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg4: tensor<6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %u: tensor<6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.all_slice [{"x"}, {}] %arg2 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x1xi32>
    %1 = "stablehlo.scatter"(%0, %arg4, %arg4) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<i32>, %arg6: tensor<i32>):
      %2 = stablehlo.add %arg5, %arg6 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x1xi32>, tensor<6x1xi32>, tensor<6x1xi32>) -> tensor<8x1xi32>
    return %1 : tensor<8x1xi32>
}
