// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10061), minimized from 7 to 2 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.pad': operand #0 dimension 2 is sharded on {"y"}, its factor k is a permutation factor, and device 0 needs elements of it outside [0, 1) to compute its result block [0..1, 0..1, 0..1] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.pad': operand #N dimension N is sharded on {"_"}, its factor k is a permutation factor, and de

sdy.mesh @mesh = <["x"=1, "y"=2]>

func.func @main(%arg0: tensor<4x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p0, {?}p0, {"y", ?}p0]>}) -> (tensor<1x1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p0, {?}p0, {?}p0]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v1 = "stablehlo.pad"(%arg0, %v0) <{edge_padding_high = array<i64: -1, 0, 0>, edge_padding_low = array<i64: -2, -1, -1>, interior_padding = array<i64: 0, 0, 0>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", ?}p0, {?}p0, {?}p0]>]>} : (tensor<4x2x2xf32>, tensor<f32>) -> tensor<1x1x1xf32>
  "func.return"(%v1) : (tensor<1x1x1xf32>) -> ()
}
