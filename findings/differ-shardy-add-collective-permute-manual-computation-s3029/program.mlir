// Found by `shardref difftest --engines global,insert,shardy,xla,stablehlo --seed 3000` (seed 3029), minimized from 10 to 12 ops.
// differ: result 0 at [0]: 208 on global vs 832 on shardy
// Signature: differ:global/shardy:add,collective_permute,manual_computation,maximum,reduce,reduce_scatter,reshard

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x", ?}p0, {?}p0]>}) -> (tensor<1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x", ?}p0]>}) {
  %v2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x", "y"} (%v0: tensor<2xf32>) {
    %v1 = "stablehlo.collective_permute"(%v0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0], [2, 3], [3, 2]]> : tensor<4x2xi64>}> : (tensor<2xf32>) -> tensor<2xf32>
    sdy.return %v1 : tensor<2xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  %v3 = "stablehlo.maximum"(%v2, %v2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %v4 = sdy.reshard %arg1 <@mesh, [{"x"}, {}]> : tensor<1x1xi32>
  %v5 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %v6 = "stablehlo.reduce"(%v4, %v5) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%q0) : (tensor<i32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced={"x"}>]>} : (tensor<1x1xi32>, tensor<i32>) -> tensor<1xi32>
  %v7 = sdy.reduce_scatter [{"x"}] %v6 out_sharding=<@mesh, [{"x"}]> : tensor<1xi32>
  %v8 = "stablehlo.add"(%v7, %v7) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x", ?}p0]>]>} : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  %v9 = "stablehlo.add"(%v8, %v8) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x", ?}p0]>]>} : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  %v10 = "stablehlo.add"(%v9, %v9) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x", ?}p0]>]>} : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  %v11 = "stablehlo.add"(%v10, %v10) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x", ?}p0]>]>} : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  "func.return"(%v11) : (tensor<1xi32>) -> ()
}
