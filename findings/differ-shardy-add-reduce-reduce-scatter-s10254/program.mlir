// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10254), minimized from 15 to 5 ops.
// differ: result 0 at [0]: -6.125000e+00 on global vs -2.450000e+01 on shardy
// Signature: differ:global/shardy:add,reduce,reduce_scatter,reshard

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0, {?}p0]>}) -> (tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0]>}) {
  %v0 = sdy.reshard %arg0 <@mesh, [{"x"}, {}]> : tensor<1x1xf32>
  %v1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v2 = "stablehlo.reduce"(%v0, %v1) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced={"x"}>]>} : (tensor<1x1xf32>, tensor<f32>) -> tensor<1xf32>
  %v3 = sdy.reduce_scatter [{"x"}] %v2 out_sharding=<@mesh, [{"x"}]> : tensor<1xf32>
  "func.return"(%v3) : (tensor<1xf32>) -> ()
}
