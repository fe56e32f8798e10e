// Found by `shardref difftest --engines global,shardy --seed 2005` (seed 2005), minimized from 8 to 7 ops.
// differ: result 0 at [10, 0, 0]: 2.050000e+01 on global vs 0.000000e+00 on shardy
// Signature: differ:global/shardy:add,dynamic_slice,pad,scatter

sdy.mesh @mesh = <["a"=8]>

func.func @main(%arg0: tensor<6x7x8xf64>, %arg1: tensor<i8> {sdy.sharding = #sdy.sharding<@mesh, []>}, %arg2: tensor<i8> {sdy.sharding = #sdy.sharding<@mesh, []>}, %arg3: tensor<i8>, %arg4: tensor<1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}p0, {?}p0]>}, %arg5: tensor<1x9x14xf64> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}p0, {?}p0, {?}p0]>}) -> (tensor<14x9x14xf64> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}p0, {?}p0, {?}p0]>}) {
  %v0 = "stablehlo.dynamic_slice"(%arg0, %arg1, %arg2, %arg3) <{slice_sizes = array<i64: 1, 2, 2>}> : (tensor<6x7x8xf64>, tensor<i8>, tensor<i8>, tensor<i8>) -> tensor<1x2x2xf64>
  %v1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
  %v2 = "stablehlo.pad"(%arg0, %v1) <{edge_padding_high = array<i64: 2, 1, -2>, edge_padding_low = array<i64: 1, 1, 1>, interior_padding = array<i64: 1, 0, 1>}> : (tensor<6x7x8xf64>, tensor<f64>) -> tensor<14x9x14xf64>
  %v3 = "stablehlo.scatter"(%v2, %arg4, %arg5) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<f64>, %p1: tensor<f64>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%q0) : (tensor<f64>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}p0, {?}p0, {?}p0]>]>} : (tensor<14x9x14xf64>, tensor<1x1xi32>, tensor<1x9x14xf64>) -> tensor<14x9x14xf64>
  %v4 = "stablehlo.add"(%v3, %v3) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}p0, {?}p0, {?}p0]>]>} : (tensor<14x9x14xf64>, tensor<14x9x14xf64>) -> tensor<14x9x14xf64>
  %v5 = "stablehlo.add"(%v4, %v4) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}p0, {?}p0, {?}p0]>]>} : (tensor<14x9x14xf64>, tensor<14x9x14xf64>) -> tensor<14x9x14xf64>
  "func.return"(%v5) : (tensor<14x9x14xf64>) -> ()
}
