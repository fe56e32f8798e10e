// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10335), minimized from 6 to 5 ops.
// differ: result 0 at [0]: 33 on global vs 66 on shardy
// Signature: differ:global/shardy:add,convert,dot_general,maximum,scatter

sdy.mesh @mesh = <["x"=2], device_ids=[1, 0]>

func.func @main(%arg0: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}, %arg1: tensor<1xf32>, %arg2: tensor<1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg3: tensor<8x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg4: tensor<8xi32>) -> (tensor<1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0]>}) {
  %v0 = "stablehlo.add"(%arg0, %arg0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %v1 = "stablehlo.convert"(%arg1) : (tensor<1xf32>) -> tensor<1xf32>
  %v2 = "stablehlo.dot_general"(%arg1, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<1xf32>, tensor<1xf32>) -> tensor<f32>
  %v3 = "stablehlo.scatter"(%arg2, %arg3, %arg4) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%q0) : (tensor<i32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}p0]>]>} : (tensor<1xi32>, tensor<8x1xi32>, tensor<8xi32>) -> tensor<1xi32>
  "func.return"(%v3) : (tensor<1xi32>) -> ()
}
