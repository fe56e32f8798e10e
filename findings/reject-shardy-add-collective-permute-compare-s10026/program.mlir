// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10026), minimized from 21 to 14 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.pad': operand #0 dimension 1 is sharded on {"b"}, its factor j is a permutation factor, and device 0 needs elements of it outside [0, 1) to compute its result block [0..5, 0..2, 0..2] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.pad': operand #N dimension N is sharded on {"_"}, its factor j is a permutation factor, and de

sdy.mesh @mesh = <["a"=4, "b"=4]>

func.func @main(%arg0: tensor<8x4xf64>, %arg1: tensor<1x2x2xf64> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a":(1)2, "b"}]>}, %arg2: tensor<1x2x2xi1> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}, {"a", "b":(2)2}]>}) -> (tensor<5x5x5xf64> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, "a":(1)2, ?}p0, {?}p0, {?}p0]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0x7FF0000000000000> : tensor<f64>}> : () -> tensor<f64>
  %v1 = "stablehlo.reduce_window"(%arg0, %v0) <{padding = dense<[[1, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%p0: tensor<f64>, %p1: tensor<f64>):
      %q0 = "stablehlo.minimum"(%p0, %p1) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%q0) : (tensor<f64>) -> ()
    }) : (tensor<8x4xf64>, tensor<f64>) -> tensor<7x4xf64>
  %v2 = "stablehlo.transpose"(%v1) <{permutation = array<i64: 1, 0>}> : (tensor<7x4xf64>) -> tensor<4x7xf64>
  %v3 = sdy.reshard %v2 <@mesh, [{"a"}, {"b"}]> : tensor<4x7xf64>
  %v4 = sdy.collective_permute %v3 out_sharding=<@mesh, [{"b"}, {"a"}]> : tensor<4x7xf64>
  %v5 = "stablehlo.sort"(%arg1) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%p0: tensor<f64>, %p1: tensor<f64>):
      %q0 = "stablehlo.compare"(%p0, %p1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<f64>, tensor<f64>) -> tensor<i1>
      "stablehlo.return"(%q0) : (tensor<i1>) -> ()
    }) : (tensor<1x2x2xf64>) -> tensor<1x2x2xf64>
  %v6:2 = "stablehlo.sort"(%v5, %arg2) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%p0: tensor<f64>, %p1: tensor<f64>, %p2: tensor<i1>, %p3: tensor<i1>):
      %q0 = "stablehlo.compare"(%p0, %p1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<f64>, tensor<f64>) -> tensor<i1>
      "stablehlo.return"(%q0) : (tensor<i1>) -> ()
    }) : (tensor<1x2x2xf64>, tensor<1x2x2xi1>) -> (tensor<1x2x2xf64>, tensor<1x2x2xi1>)
  %v7 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
  %v8 = "stablehlo.pad"(%v5, %v7) <{edge_padding_high = array<i64: 3, 3, -1>, edge_padding_low = array<i64: 1, 0, 3>, interior_padding = array<i64: 0, 0, 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b"}p0, {"a", ?}p0]>]>} : (tensor<1x2x2xf64>, tensor<f64>) -> tensor<5x5x5xf64>
  %v9 = "stablehlo.add"(%v8, %v8) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2, "a":(1)2, ?}p0, {?}p0, {?}p0]>]>} : (tensor<5x5x5xf64>, tensor<5x5x5xf64>) -> tensor<5x5x5xf64>
  %v10 = "stablehlo.add"(%v9, %v9) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2, "a":(1)2, ?}p0, {?}p0, {?}p0]>]>} : (tensor<5x5x5xf64>, tensor<5x5x5xf64>) -> tensor<5x5x5xf64>
  "func.return"(%v10) : (tensor<5x5x5xf64>) -> ()
}
