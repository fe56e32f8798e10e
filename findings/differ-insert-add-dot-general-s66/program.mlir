// Found by `shardref difftest --engines global,insert --seed 66 --no-sub-axes` (seed 66), minimized from 9 to 2 ops.
// differ: result 0 at [0, 0]: -1.918750e+01 on global vs -5.053125e+01 on insert
// Signature: differ:global/insert:add,dot_general

sdy.mesh @mesh = <["x"=2, "y"=1, "z"=2]>

func.func @main(%arg0: tensor<1x2x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}], replicated={"x", "z"}>}, %arg1: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z", ?}]>}) -> (tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z", "x", ?}p0, {?}p0]>}) {
  %v0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<1x2x1xf32>, tensor<2xf32>) -> tensor<1x1xf32>
  %v1 = "stablehlo.add"(%v0, %v0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z", "x", ?}p0, {?}p0]>]>} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  "func.return"(%v1) : (tensor<1x1xf32>) -> ()
}
