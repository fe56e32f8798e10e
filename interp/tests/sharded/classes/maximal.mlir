// A value on a maximal mesh (one device) with the sharding `[]` that
// Shardy prints for a rank-1 tensor, next to a sharded computation.
sdy.mesh @maximal_mesh = <[], device_ids=[0]>

func.func @parallel_maximal(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}) -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}) {
  %0 = stablehlo.multiply %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh, []>]>} : tensor<8xi32>
  %1 = stablehlo.add %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh, []>]>} : tensor<8xi32>
  return %1 : tensor<8xi32>
}

func.func @sequential_maximal(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  %0 = stablehlo.multiply %arg0, %arg0 : tensor<8xi32>
  %1 = stablehlo.add %0, %arg0 : tensor<8xi32>
  return %1 : tensor<8xi32>
}
