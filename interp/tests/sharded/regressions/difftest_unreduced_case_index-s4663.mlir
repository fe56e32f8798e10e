// Regression: found by `shardref difftest --engines global,insert --cpu 20s --seed 5` (s4663), minimized. A
// case whose branch index is the unreduced result of a dot_general over sharded contracting dims: with
// reshards inserted, the index is all-reduced before the devices agree on a branch (it trapped: "the
// branch index of 'stablehlo.case' is unreduced"); strictly, that trap is right.

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<1x1xf32>, %arg1: tensor<2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}]>}) -> (tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %v0 = "stablehlo.compare"(%arg0, %arg0) <{comparison_direction = #stablehlo<comparison_direction EQ>, compare_type = #stablehlo<comparison_type FLOAT>}> : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xi1>
  %v1 = "stablehlo.select"(%v0, %arg0, %arg0) : (tensor<1x1xi1>, tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  %v2 = "stablehlo.dot_general"(%arg1, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : (tensor<2xi32>, tensor<2xi32>) -> tensor<i32>
  %v4 = "stablehlo.case"(%v2) ({
    "stablehlo.return"(%v2) : (tensor<i32>) -> ()
    }, {
    %v3 = "stablehlo.negate"(%v2) : (tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%v3) : (tensor<i32>) -> ()
    }) : (tensor<i32>) -> tensor<i32>
  "func.return"(%v4) : (tensor<i32>) -> ()
}
