// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10115), minimized from 11 to 8 ops.
// differ: result 0 at []: -6.125000e+00 on global vs -1.412500e+01 on shardy
// Signature: differ:global/shardy:concatenate,maximum,negate,reduce

sdy.mesh @mesh = <["x"=8]>

func.func @main(%arg0: tensor<1x1x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %arg1: tensor<1x1x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {?}]>}, %arg2: tensor<1x1x4xf32>, %arg3: tensor<2xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<bf16> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %v0 = "stablehlo.negate"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {?}, {}]>]>} : (tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
  %v1 = "stablehlo.concatenate"(%arg0, %arg1, %arg2) <{dimension = 2 : i64}> : (tensor<1x1x3xf32>, tensor<1x1x2xf32>, tensor<1x1x4xf32>) -> tensor<1x1x9xf32>
  %v2 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %v3 = "stablehlo.reduce"(%arg0, %v2) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<1x1x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  %v4 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
  %v5 = "stablehlo.reduce"(%arg3, %v4) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<bf16>, %p1: tensor<bf16>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%q0) : (tensor<bf16>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : (tensor<2xbf16>, tensor<bf16>) -> tensor<bf16>
  "func.return"(%v5) : (tensor<bf16>) -> ()
}
