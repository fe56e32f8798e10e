// Found by `shardref gen --seed 5000 --count 5000 --check` (seed 8041): the
// gather from a table sharded on its rows leaves a partial sum over "y" and
// "x"; the dot_general then contracts that partial with an operand sharded
// on "x", "y" along the contraction. Both paths summed products of one
// device's partial with its own block only; now a partial operand whose
// axes the op also reduces over is reduced first.
sdy.mesh @mesh = <["x"=2, "y"=2, "z"=1], device_ids=[0, 2, 1, 3]>

func.func @main(%arg0: tensor<5x1xi32>, %arg1: tensor<5x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}p0]>}, %arg2: tensor<6x1xi32>, %arg3: tensor<1x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x", "y"}]>}) -> (tensor<1x5xf32>, tensor<f32>) {
  %v0:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>, %p2: tensor<f32>, %p3: tensor<f32>):
      %q0 = "stablehlo.compare"(%p0, %p1) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%q0) : (tensor<i1>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}p1]>, <@mesh, [{"y", "x"}p0, {}]>]>} : (tensor<5x1xi32>, tensor<5x1xf32>) -> (tensor<5x1xi32>, tensor<5x1xf32>)
  %v1 = "stablehlo.gather"(%v0#1, %arg2) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<5x1xf32>, tensor<6x1xi32>) -> tensor<6x1xf32>
  %v2 = "stablehlo.dot_general"(%v1, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [1, 0]>}> : (tensor<6x1xf32>, tensor<1x6xf32>) -> tensor<f32>
  %v3 = "stablehlo.concatenate"(%arg0, %v0#0, %arg0) <{dimension = 0 : i64}> : (tensor<5x1xi32>, tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<15x1xi32>
  %v4 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<4x4xf32>
  %v5 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %v6 = "stablehlo.reduce_window"(%v3, %v5) <{padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.or"(%p0, %p1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%q0) : (tensor<i32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<15x1xi32>, tensor<i32>) -> tensor<15x1xi32>
  %v7 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 1, 0>}> : (tensor<5x1xf32>) -> tensor<1x5xf32>
  "func.return"(%v7, %v2) : (tensor<1x5xf32>, tensor<f32>) -> ()
}
