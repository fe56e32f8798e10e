// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10078), minimized from 6 to 6 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.reduce_window': operand #0 dimension 1 is sharded on {"a"}, its factor j is a permutation factor, and device 2 needs elements of it outside [1, 2) to compute its result block [0..2, 1..2, 0..5, 0..3] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.reduce_window': operand #N dimension N is sharded on {"_"}, its factor j is a permutation fact

sdy.mesh @mesh = <["a"=8], device_ids=[1, 2, 3, 4, 5, 6, 7, 0]>

func.func @main(%arg0: tensor<5x4x4xf32>) -> (tensor<2x5x5x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}p0, {?}p0, {?}p0, {?}p0]>}) {
  %v0 = "stablehlo.abs"(%arg0) : (tensor<5x4x4xf32>) -> tensor<5x4x4xf32>
  %v1 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<5x4x4xf32>) -> tensor<5x4x4x8xf32>
  %v2 = "stablehlo.reshape"(%arg0) : (tensor<5x4x4xf32>) -> tensor<20x4xf32>
  %v3 = "stablehlo.constant"() <{value = dense<0x7F800000> : tensor<f32>}> : () -> tensor<f32>
  %v4 = "stablehlo.reduce_window"(%v1, %v3) <{padding = dense<[[0, 1], [1, 0], [1, 0], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 3, 1, 1, 3>, window_strides = array<i64: 2, 1, 1, 2>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.minimum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}p0, {"a", ?}p0, {?}p0, {?}p0]>]>} : (tensor<5x4x4x8xf32>, tensor<f32>) -> tensor<2x5x5x3xf32>
  "func.return"(%v4) : (tensor<2x5x5x3xf32>) -> ()
}
