// Regression: findings/differ-insert-add-dot-general-s66 (shardref difftest, global vs insert), fixed by the local-forms work
// of session 4; run sharded on local shards and on canvases with reshards inserted.

sdy.mesh @mesh = <["x"=2, "y"=1, "z"=2]>

func.func @main(%arg0: tensor<1x2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}], replicated={"x", "z"}>}, %arg1: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z", ?}]>}) -> (tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z", "x", ?}p0, {?}p0]>}) {
  %v0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<1x2x1xf32>, tensor<2xf32>) -> tensor<1x1xf32>
  %v1 = "stablehlo.add"(%v0, %v0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z", "x", ?}p0, {?}p0]>]>} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  "func.return"(%v1) : (tensor<1x1xf32>) -> ()
}
