// Found by `shardref difftest --engines global,shardy --seed 2024` (seed 2024), minimized from 18 to 5 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.reduce': reduces over dimensions sharded on {"x"} with a body that is no known monoid (add, max, min, or/and on i1) or an init value that is not its identity (a gather is needed first)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.reduce': reduces over dimensions sharded on {"_"} with a body that is no known monoid (add, ma

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<8x1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0, {?}p0, {?}p0]>}, %arg1: tensor<8x1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0, {?}p0, {?}p0]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %v1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v2:2 = "stablehlo.reduce"(%arg0, %arg1, %v0, %v1) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<f32>, %p2: tensor<i32>, %p3: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p2) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %q1 = "stablehlo.add"(%p1, %p3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0, %q1) : (tensor<i32>, tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, []>]>} : (tensor<8x1x1xi32>, tensor<8x1x1xf32>, tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
  "func.return"(%v2#1) : (tensor<f32>) -> ()
}
