// Regression: findings/differ-insert-add-scatter-s558 (shardref difftest, global vs insert), fixed by the local-forms work
// of session 4; run sharded on local shards and on canvases with reshards inserted.

sdy.mesh @mesh = <["x"=8], device_ids=[1, 2, 3, 4, 5, 6, 7, 0]>

func.func @main(%arg0: tensor<2x2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {?}p0]>}, %arg1: tensor<8x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg2: tensor<8x2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p0, {?}p0, {?}p0]>}) -> (tensor<2x2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}p0, {?}p0, {?}p0]>}) {
  %v0 = "stablehlo.add"(%arg0, %arg0) : (tensor<2x2x1xf32>, tensor<2x2x1xf32>) -> tensor<2x2x1xf32>
  %v1 = "stablehlo.scatter"(%v0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2, ?}p0, {?}p0, {?}p0]>]>} : (tensor<2x2x1xf32>, tensor<8x1xi32>, tensor<8x2x1xf32>) -> tensor<2x2x1xf32>
  "func.return"(%v1) : (tensor<2x2x1xf32>) -> ()
}
