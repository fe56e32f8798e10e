// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10409), minimized from 18 to 17 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.slice': operand #0 dimension 0 is sharded on {"x", "y"}, its factor i is a permutation factor, and device 2 needs elements of it outside [0, 3) to compute its result block [0..1] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.slice': operand #N dimension N is sharded on {"_", "_"}, its factor i is a permutation factor,

sdy.mesh @mesh = <["x"=4, "y"=2], device_ids=[2, 3, 1, 4, 5, 6, 7, 0]>

func.func @main(%arg0: tensor<7xui8>, %arg1: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}, %arg2: tensor<4x3xi32>) -> (tensor<1xui8> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(1)2, ?}p0]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %v8:2 = "stablehlo.while"(%v0, %arg0) ({
    ^bb0(%v1: tensor<i32>, %v2: tensor<7xui8>):
      %v3 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
      %v4 = "stablehlo.compare"(%v1, %v3) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%v4) : (tensor<i1>) -> ()
    }, {
    ^bb0(%v1: tensor<i32>, %v2: tensor<7xui8>):
      %v5 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
      %v6 = "stablehlo.add"(%v1, %v5) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %v7 = "stablehlo.add"(%v2, %v2) : (tensor<7xui8>, tensor<7xui8>) -> tensor<7xui8>
      "stablehlo.return"(%v6, %v7) : (tensor<i32>, tensor<7xui8>) -> ()
    }) : (tensor<i32>, tensor<7xui8>) -> (tensor<i32>, tensor<7xui8>)
  %v9 = "stablehlo.reshape"(%arg0) : (tensor<7xui8>) -> tensor<7x1xui8>
  %v11 = "stablehlo.case"(%arg1) ({
    "stablehlo.return"(%v8#1) : (tensor<7xui8>) -> ()
    }, {
    %v10 = "stablehlo.negate"(%v8#1) : (tensor<7xui8>) -> tensor<7xui8>
    "stablehlo.return"(%v10) : (tensor<7xui8>) -> ()
    }) : (tensor<i32>) -> tensor<7xui8>
  %v12 = "stablehlo.or"(%arg2, %arg2) : (tensor<4x3xi32>, tensor<4x3xi32>) -> tensor<4x3xi32>
  %v13 = "stablehlo.dot_general"(%arg0, %arg0) <{dot_dimension_numbers = #stablehlo.dot<>}> : (tensor<7xui8>, tensor<7xui8>) -> tensor<7x7xui8>
  %v14 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %v15 = "stablehlo.pad"(%arg2, %v14) <{edge_padding_high = array<i64: -2, 3>, edge_padding_low = array<i64: -2, -1>, interior_padding = array<i64: 1, 1>}> : (tensor<4x3xi32>, tensor<i32>) -> tensor<3x7xi32>
  %v16 = "stablehlo.constant"() <{value = dense<0> : tensor<ui8>}> : () -> tensor<ui8>
  %v17 = "stablehlo.pad"(%arg0, %v16) <{edge_padding_high = array<i64: 2>, edge_padding_low = array<i64: 2>, interior_padding = array<i64: 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y", ?}]>]>} : (tensor<7xui8>, tensor<ui8>) -> tensor<17xui8>
  %v18 = "stablehlo.slice"(%v17) <{limit_indices = array<i64: 9>, start_indices = array<i64: 8>, strides = array<i64: 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x":(1)2, ?}p0]>]>} : (tensor<17xui8>) -> tensor<1xui8>
  "func.return"(%v18) : (tensor<1xui8>) -> ()
}
