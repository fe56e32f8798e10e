// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10050), minimized from 3 to 3 ops.
// differ: result 0 at [1]: 0.000000e+00 on global vs 6.625000e+00 on xla
// Signature: differ:global/xla:convert,pad

sdy.mesh @mesh = <["x"=4, "y"=3]>

func.func @main(%arg0: tensor<4x8x8xi32>, %arg1: tensor<1xf32>) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(1)2, ?}p0]>}) {
  %v0 = "stablehlo.convert"(%arg0) : (tensor<4x8x8xi32>) -> tensor<4x8x8xi32>
  %v1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v2 = "stablehlo.pad"(%arg1, %v1) <{edge_padding_high = array<i64: 3>, edge_padding_low = array<i64: 2>, interior_padding = array<i64: 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x":(1)2, ?}p0]>]>} : (tensor<1xf32>, tensor<f32>) -> tensor<6xf32>
  "func.return"(%v2) : (tensor<6xf32>) -> ()
}
