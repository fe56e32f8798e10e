// Found by `shardref difftest --engines global,insert --seed 5` (seed 4415), minimized from 10 to 4 ops.
// reject: program trap: the branch index of 'stablehlo.case' is unreduced over {"x", "y"} (a missing sdy.all_reduce)
// Signature: reject:insert:program trap: the branch index of 'stablehlo.case' is unreduced over {"_", "_"} (a missing sdy.all_reduce)

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2], device_ids=[1, 2, 3, 4, 5, 6, 7, 0]>

func.func @main(%arg0: tensor<1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x", ?}, {}], replicated={"z"}>}) -> (tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %v0 = "stablehlo.add"(%arg0, %arg0) : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x1xi32>
  %v1 = "stablehlo.dot_general"(%arg0, %v0) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [1, 0]>}> : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<i32>
  %v3 = "stablehlo.case"(%v1) ({
    "stablehlo.return"(%v1) : (tensor<i32>) -> ()
    }, {
    %v2 = "stablehlo.negate"(%v1) : (tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%v2) : (tensor<i32>) -> ()
    }) : (tensor<i32>) -> tensor<i32>
  "func.return"(%v3) : (tensor<i32>) -> ()
}
