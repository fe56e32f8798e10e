// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10326), minimized from 5 to 4 ops.
// differ: result 0 at [0]: 2.381250e+01 on global vs 2.006250e+01 on stablehlo
// Signature: differ:global/stablehlo:add,dot_general,scatter

sdy.mesh @mesh = <["x"=1]>

func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg1: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}, %arg2: tensor<3x1xi32>, %arg3: tensor<3xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p0]>}) {
  %v0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<>}> : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %v1 = "stablehlo.scatter"(%v0, %arg2, %arg3) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<8xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<8xf32>
  %v2 = "stablehlo.add"(%v0, %v1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}p0]>]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  "func.return"(%v2) : (tensor<8xf32>) -> ()
}
