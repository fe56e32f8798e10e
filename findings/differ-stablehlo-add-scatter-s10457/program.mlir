// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10457), minimized from 4 to 3 ops.
// differ: result 0 at [0]: -8.250000e+00 on global vs -4.250000e+00 on stablehlo
// Signature: differ:global/stablehlo:add,scatter

sdy.mesh @mesh = <["x"=1, "y"=1, "z"=2]>

func.func @main(%arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg1: tensor<6x1xi32>) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z", ?}p0]>}) {
  %v0 = "stablehlo.scatter"(%arg0, %arg1, %arg0) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<6xf32>, tensor<6x1xi32>, tensor<6xf32>) -> tensor<6xf32>
  %v1 = "stablehlo.add"(%arg0, %v0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z", ?}p0]>]>} : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  "func.return"(%v1) : (tensor<6xf32>) -> ()
}
