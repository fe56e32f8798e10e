// Regression: findings/reject-insert-maximum-scatter-s162 (shardref difftest, global vs insert), fixed by the local-forms work
// of session 4; run sharded on local shards and on canvases with reshards inserted.

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<2xbf16>, %arg1: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p0, {?}p0], replicated={"x"}>}) -> (tensor<2xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0]>}) {
  %v0 = "stablehlo.scatter"(%arg0, %arg1, %arg0) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<bf16>, %p1: tensor<bf16>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%q0) : (tensor<bf16>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}p0]>]>} : (tensor<2xbf16>, tensor<2x1xi32>, tensor<2xbf16>) -> tensor<2xbf16>
  "func.return"(%v0) : (tensor<2xbf16>) -> ()
}
