// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10091), minimized from 6 to 9 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.pad': operand #0 dimension 2 is sharded on {"y":(1)4}, its factor k is a permutation factor, and device 2 needs elements of it outside [1, 2) to compute its result block [0..11, 0..15, 3..6] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.pad': operand #N dimension N is sharded on {"_":(N)N}, its factor k is a permutation factor, a

sdy.mesh @mesh = <["x"=2, "y"=8]>

func.func @main(%arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %v0 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0, 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {}, {"y":(1)4}p2]>]>} : (tensor<8x6xf32>) -> tensor<8x6x4xf32>
  %v1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v2 = "stablehlo.pad"(%v0, %v1) <{edge_padding_high = array<i64: 3, 1, 2>, edge_padding_low = array<i64: 3, 3, 3>, interior_padding = array<i64: 1, 1, 0>}> : (tensor<8x6x4xf32>, tensor<f32>) -> tensor<21x15x9xf32>
  %v3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v5:2 = "stablehlo.reduce"(%v2, %v2, %v3, %v4) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>, %p2: tensor<f32>, %p3: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      %q1 = "stablehlo.add"(%p1, %p3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0, %q1) : (tensor<f32>, tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, []>]>} : (tensor<21x15x9xf32>, tensor<21x15x9xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  %v6 = "stablehlo.add"(%v5#1, %v5#1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  "func.return"(%v6) : (tensor<f32>) -> ()
}
