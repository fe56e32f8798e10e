// Regression (findings/sharded-sub-axis-no-device-holds, seed 183 of an
// earlier generator): the gather's operand is sharded on the sub-axis
// "data":(1)2, its result on the whole axis "data", on a mesh with explicit
// device ids. The canvas path made the result partial over "data":(1)2 while
// its dimension 1 was sharded on "data", an axis overlapping it; the
// reshape that read it found "no device holds element [0, 2]".
sdy.mesh @mesh = <["data"=4], device_ids=[1, 0, 3, 2]>

func.func @main(%arg0: tensor<7x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data":(1)2}p1]>}, %arg1: tensor<7x1xi32>) -> (tensor<28xf32>) {
  %v0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"data", ?}]>]>} : (tensor<7x4xf32>, tensor<7x1xi32>) -> tensor<7x4xf32>
  %v1 = "stablehlo.reshape"(%v0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<7x4xf32>) -> tensor<28xf32>
  "func.return"(%v1) : (tensor<28xf32>) -> ()
}
