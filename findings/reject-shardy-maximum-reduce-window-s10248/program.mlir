// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10248), minimized from 7 to 3 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.reduce_window': operand #0 dimension 0 is sharded on {"a"}, and device 2 needs elements of it outside [0, 1) to compute its result block [0..1, 0..1] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.reduce_window': operand #N dimension N is sharded on {"_"}, and device N needs elements of it 

sdy.mesh @mesh = <["a"=2, "b"=3, "c"=4], device_ids=[2, 3, 11, 4, 5, 6, 7, 8, 9, 10, 13, 12, 1, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0]>

func.func @main(%arg0: tensor<2x1xf32>) -> (tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c":(1)2, "a", ?}p0, {?}p0]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %v1 = "stablehlo.reduce_window"(%arg0, %v0) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 2, 2>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c":(1)2, "b", ?}p0, {?}p0]>]>} : (tensor<2x1xf32>, tensor<f32>) -> tensor<1x1xf32>
  "func.return"(%v1) : (tensor<1x1xf32>) -> ()
}
