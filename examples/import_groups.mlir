// Sharding groups and an inline mesh, as a frontend may emit them before
// Shardy's import passes run (see `shardref opt` in docs/PASSES.md).
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<mesh<["z"=4]>, [{"z"}, {}]>]>} : tensor<8x8xf32>
  sdy.sharding_group %arg0 group_id = 42 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id = 7 : tensor<8x8xf32>
  sdy.sharding_group %0 group_id = 42 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id = 42 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
