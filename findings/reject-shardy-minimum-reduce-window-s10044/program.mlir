// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10044), minimized from 3 to 3 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.reduce_window': operand #0 dimension 0 is sharded on {"x"}, its factor i is a permutation factor, and device 0 needs elements of it outside [0, 2) to compute its result block [0..1] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.reduce_window': operand #N dimension N is sharded on {"_"}, its factor i is a permutation fact

sdy.mesh @mesh = <["x"=2, "y"=1]>

func.func @main(%arg0: tensor<4xf32>) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0x7F800000> : tensor<f32>}> : () -> tensor<f32>
  %v1 = "stablehlo.reduce_window"(%arg0, %v0) <{padding = dense<[[0, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 3>, window_strides = array<i64: 1>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.minimum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}p0]>]>} : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32>
  "func.return"(%v1) : (tensor<2xf32>) -> ()
}
