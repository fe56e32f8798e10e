// Found by `shardref difftest --engines global,shardy --seed 2041` (seed 2041), minimized from 9 to 9 ops.
// differ: result 0 at [0]: 7.375000e+00 on global vs 1.475000e+01 on shardy
// Signature: differ:global/shardy:broadcast_in_dim,compare,dot_general,iota,maximum,pad,scatter,sort

sdy.mesh @mesh = <["data"=3, "model"=4]>

func.func @main(%arg0: tensor<7x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}, %arg1: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", "data"}]>}, %arg2: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model":(1)2, "data", ?}p0]>}, tensor<7x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"model":(1)2, "data", ?}p0, {?}p0]>}, tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model":(1)2, "data", ?}p0]>}) {
  %v0 = "stablehlo.dot_general"(%arg0, %arg0) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [1], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<7x6xi32>, tensor<7x6xi32>) -> tensor<6xi32>
  %v1 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.compare"(%p0, %p1) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%q0) : (tensor<i1>) -> ()
    }) : (tensor<7x6xi32>) -> tensor<7x6xi32>
  %v2 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %v3 = "stablehlo.pad"(%v0, %v2) <{edge_padding_high = array<i64: 3>, edge_padding_low = array<i64: 1>, interior_padding = array<i64: 0>}> : (tensor<6xi32>, tensor<i32>) -> tensor<10xi32>
  %v4 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<7x6xf32>
  %v5 = "stablehlo.broadcast_in_dim"(%v4) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<7x6xf32>) -> tensor<2x7x1x6xf32>
  %v6 = "stablehlo.scatter"(%arg1, %arg2, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}p0]>]>} : (tensor<2xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<2xf32>
  "func.return"(%v6, %v1, %arg1) : (tensor<2xf32>, tensor<7x6xi32>, tensor<2xf32>) -> ()
}
