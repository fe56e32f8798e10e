// Found by `shardref difftest --engines global,insert,shardy,xla,stablehlo --seed 3000` (seed 3023), minimized from 9 to 4 ops.
// differ: result 0 at [0]: -196 on global vs -392 on shardy
// Signature: differ:global/shardy:add,scatter

sdy.mesh @mesh = <["x"=3, "y"=2, "z"=4], device_ids=[22, 12, 11, 20, 13, 21, 8, 1, 5, 17, 16, 7, 0, 23, 4, 9, 19, 14, 18, 3, 6, 2, 15, 10]>

func.func @main(%arg0: tensor<3xi32>, %arg1: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "z":(1)2, "x", ?}p0, {?}p0]>}, %arg2: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "z":(1)2, "x", ?}p0]>}) -> (tensor<3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "z":(1)2, "x", ?}p0]>}) {
  %v0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%q0) : (tensor<i32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "z":(1)2, "x", ?}p0]>]>} : (tensor<3xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<3xi32>
  %v1 = "stablehlo.add"(%v0, %v0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "z":(1)2, "x", ?}p0]>]>} : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %v2 = "stablehlo.add"(%v1, %v1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "z":(1)2, "x", ?}p0]>]>} : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  "func.return"(%v2) : (tensor<3xi32>) -> ()
}
