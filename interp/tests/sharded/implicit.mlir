// Programs that need communication they do not perform.
sdy.mesh @mesh = <["x"=2, "y"=2]>

// The operands of an add are sharded on different axes.
func.func @mismatched_add(%a: tensor<4x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                          %b: tensor<4x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>})
    -> (tensor<4x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.add %a, %b {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

func.func @sequential_mismatched_add(%a: tensor<4x4xi32>, %b: tensor<4x4xi32>) -> tensor<4x4xi32> {
  %0 = stablehlo.add %a, %b : tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// A slice across shard boundaries: a partitioner would insert a halo exchange.
func.func @parallel_shifted_slice(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = stablehlo.slice %arg0 [1:5] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

func.func @sequential_shifted_slice(%arg0: tensor<8xi32>) -> tensor<4xi32> {
  %0 = stablehlo.slice %arg0 [1:5] : (tensor<8xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
