// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10390), minimized from 11 to 8 ops.
// differ: result 0 at [0]: -2.375000e+00 on global vs -9.500000e+00 on shardy
// Signature: differ:global/shardy:add,compare,reduce,reduce_scatter,reshard,select

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

func.func @main(%arg0: tensor<3x2xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"z", ?}, {"y", ?}]>}, %arg1: tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "z", "x", ?}p0, {?}p0]>}) -> (tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "z", "x", ?}p0]>}) {
  %v0 = "stablehlo.compare"(%arg0, %arg0) <{comparison_direction = #stablehlo<comparison_direction EQ>, compare_type = #stablehlo<comparison_type FLOAT>}> : (tensor<3x2xbf16>, tensor<3x2xbf16>) -> tensor<3x2xi1>
  %v1 = "stablehlo.select"(%v0, %arg0, %arg0) : (tensor<3x2xi1>, tensor<3x2xbf16>, tensor<3x2xbf16>) -> tensor<3x2xbf16>
  %v2 = "stablehlo.add"(%v1, %arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z", ?}, {"y", ?}]>]>} : (tensor<3x2xbf16>, tensor<3x2xbf16>) -> tensor<3x2xbf16>
  %v3 = sdy.reshard %arg1 <@mesh, [{"x"}, {}]> : tensor<1x1xf32>
  %v4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v5 = "stablehlo.reduce"(%v3, %v4) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced={"x"}>]>} : (tensor<1x1xf32>, tensor<f32>) -> tensor<1xf32>
  %v6 = sdy.reduce_scatter [{"x"}] %v5 out_sharding=<@mesh, [{"x"}]> : tensor<1xf32>
  "func.return"(%v6) : (tensor<1xf32>) -> ()
}
