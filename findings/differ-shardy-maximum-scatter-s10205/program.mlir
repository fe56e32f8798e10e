// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10205), minimized from 13 to 2 ops.
// differ: result 0 at [0, 0]: -6.125000e+00 on global vs -1.225000e+01 on shardy
// Signature: differ:global/shardy:maximum,scatter

sdy.mesh @mesh = <["a"=4, "b"=2], device_ids=[2, 1, 3, 4, 5, 6, 7, 0]>

func.func @main(%arg0: tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<2x1xi32>, %arg2: tensor<2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {}]>}) -> (tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2, ?}p0, {?}p0]>}) {
  %v0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}p0, {?}p0]>]>} : (tensor<1x1xf32>, tensor<2x1xi32>, tensor<2x1xf32>) -> tensor<1x1xf32>
  "func.return"(%v0) : (tensor<1x1xf32>) -> ()
}
