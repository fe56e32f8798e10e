// Found by `shardref difftest --engines global,insert --seed 1` (seed 323), minimized from 11 to 1 ops.
// reject: invalid program: value does not have the expected type tensor<4x8xi32>
// Signature: reject:insert:invalid program: value does not have the expected type tensor<NxiN>

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<8xi32>) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0, {?}p0]>}) {
  %v0 = "stablehlo.dot_general"(%arg0, %arg0) <{dot_dimension_numbers = #stablehlo.dot<>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}p0, {?}p0]>]>} : (tensor<8xi32>, tensor<8xi32>) -> tensor<8x8xi32>
  "func.return"(%v0) : (tensor<8x8xi32>) -> ()
}
