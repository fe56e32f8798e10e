// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10099), minimized from 18 to 16 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.pad': operand #0 dimension 0 is sharded on {"b", "a"}, its factor i is a permutation factor, and device 0 needs elements of it outside [0, 1) to compute its result block [0..1] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.pad': operand #N dimension N is sharded on {"_", "_"}, its factor i is a permutation factor, a

sdy.mesh @mesh = <["a"=4, "b"=4, "c"=2]>

func.func @main(%arg0: tensor<4xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg1: tensor<7xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}, %arg2: tensor<i32>, %arg3: tensor<5x6x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b", "c", ?}, {}]>}) -> (tensor<13xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, "c", "a":(1)2, ?}p0]>}) {
  %v0 = "stablehlo.concatenate"(%arg0, %arg1) <{dimension = 0 : i64}> : (tensor<4xbf16>, tensor<7xbf16>) -> tensor<11xbf16>
  %v2 = "stablehlo.case"(%arg2) ({
    "stablehlo.return"(%arg1) : (tensor<7xbf16>) -> ()
    }, {
    %v1 = "stablehlo.negate"(%arg1) : (tensor<7xbf16>) -> tensor<7xbf16>
    "stablehlo.return"(%v1) : (tensor<7xbf16>) -> ()
    }) : (tensor<i32>) -> tensor<7xbf16>
  %v3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
  %v4 = "stablehlo.pad"(%v2, %v3) <{edge_padding_high = array<i64: 1>, edge_padding_low = array<i64: -2>, interior_padding = array<i64: 1>}> : (tensor<7xbf16>, tensor<bf16>) -> tensor<12xbf16>
  %v5 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v6 = "stablehlo.reduce"(%arg3, %v5) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<5x6x1xf32>, tensor<f32>) -> tensor<1xf32>
  %v7 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<7xi32>
  %v8 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %v9 = "stablehlo.reduce"(%v6, %v8) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<1xf32>, tensor<f32>) -> tensor<f32>
  %v10 = "stablehlo.constant"() <{value = dense<0x7F80> : tensor<bf16>}> : () -> tensor<bf16>
  %v11 = "stablehlo.reduce_window"(%v4, %v10) <{padding = dense<[[1, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 1>, window_strides = array<i64: 1>}> ({
    ^bb0(%p0: tensor<bf16>, %p1: tensor<bf16>):
      %q0 = "stablehlo.minimum"(%p0, %p1) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%q0) : (tensor<bf16>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2, "c", "a":(1)2, ?}p0]>]>} : (tensor<12xbf16>, tensor<bf16>) -> tensor<13xbf16>
  %v12 = "stablehlo.add"(%v11, %v11) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2, "c", "a":(1)2, ?}p0]>]>} : (tensor<13xbf16>, tensor<13xbf16>) -> tensor<13xbf16>
  "func.return"(%v12) : (tensor<13xbf16>) -> ()
}
