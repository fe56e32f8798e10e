// Regression: findings/reject-insert-dot-general-s323 (shardref difftest, global vs insert), fixed by the local-forms work
// of session 4; run sharded on local shards and on canvases with reshards inserted.

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<8xi32>) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0, {?}p0]>}) {
  %v0 = "stablehlo.dot_general"(%arg0, %arg0) <{dot_dimension_numbers = #stablehlo.dot<>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}p0, {?}p0]>]>} : (tensor<8xi32>, tensor<8xi32>) -> tensor<8x8xi32>
  "func.return"(%v0) : (tensor<8x8xi32>) -> ()
}
