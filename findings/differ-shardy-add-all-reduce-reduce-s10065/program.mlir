// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10065), minimized from 12 to 5 ops.
// differ: result 0 at []: -6.125000e+00 on global vs -2.450000e+01 on shardy
// Signature: differ:global/shardy:add,all_reduce,reduce,reshard

sdy.mesh @mesh = <["x"=2, "y"=4, "z"=4], device_ids=[2, 3, 4, 5, 1, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 0]>

func.func @main(%arg0: tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2, "z":(1)2, "x", ?}p0]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %v0 = sdy.reshard %arg0 <@mesh, [{"x"}]> : tensor<1xf32>
  %v1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v2 = "stablehlo.reduce"(%v0, %v1) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [], unreduced={"x"}>]>} : (tensor<1xf32>, tensor<f32>) -> tensor<f32>
  %v3 = sdy.all_reduce {"x"} %v2 out_sharding=<@mesh, []> : tensor<f32>
  "func.return"(%v3) : (tensor<f32>) -> ()
}
