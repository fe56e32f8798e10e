// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10438), minimized from 8 to 3 ops.
// differ: result 0 at [5]: 0.000000e+00 on global vs 4.000000e+00 on xla
// Signature: differ:global/xla:add,pad

sdy.mesh @mesh = <["x"=2], device_ids=[1, 0]>

func.func @main(%arg0: tensor<1xf32>, %arg1: tensor<1xf32>, %arg2: tensor<7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<9xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0]>}) {
  %v0 = "stablehlo.add"(%arg0, %arg1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %v1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v2 = "stablehlo.pad"(%arg2, %v1) <{edge_padding_high = array<i64: -2>, edge_padding_low = array<i64: -2>, interior_padding = array<i64: 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}p0]>]>} : (tensor<7xf32>, tensor<f32>) -> tensor<9xf32>
  "func.return"(%v2) : (tensor<9xf32>) -> ()
}
