// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10080), minimized from 5 to 5 ops.
// differ: result 0 at []: 4.250000e+00 on global vs -8.000000e+00 on shardy
// Signature: differ:global/shardy:add,call,maximum,reduce

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %v0 = func.call @helper_0(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %v1 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %v2 = "stablehlo.reduce"(%v0, %v1) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  "func.return"(%v2) : (tensor<f32>) -> ()
}

func.func private @helper_0(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %r = "stablehlo.add"(%x, %y) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  "func.return"(%r) : (tensor<2xf32>) -> ()
}
