// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10212), minimized from 13 to 5 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.pad': operand #0 dimension 0 is sharded on {"y"}, its factor i is a permutation factor, and device 0 needs elements of it outside [0, 1) to compute its result block [0..1, 0..1] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.pad': operand #N dimension N is sharded on {"_"}, its factor i is a permutation factor, and de

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%arg0: tensor<2x1xf32>) -> (tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x", ?}p0, {?}p0]>}) {
  %v2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"y"}, {}]>] out_shardings=[<@mesh, [{"y"}, {}]>] manual_axes={"x", "y"} (%v0: tensor<1x1xf32>) {
    %v1 = "stablehlo.all_reduce"(%v0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
        %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%q0) : (tensor<f32>) -> ()
      }) : (tensor<1x1xf32>) -> tensor<1x1xf32>
    sdy.return %v1 : tensor<1x1xf32>
  } : (tensor<2x1xf32>) -> tensor<2x1xf32>
  %v3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v4 = "stablehlo.pad"(%v2, %v3) <{edge_padding_high = array<i64: 0, 0>, edge_padding_low = array<i64: -1, 0>, interior_padding = array<i64: 0, 0>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x", ?}p0, {?}p0]>]>} : (tensor<2x1xf32>, tensor<f32>) -> tensor<1x1xf32>
  "func.return"(%v4) : (tensor<1x1xf32>) -> ()
}
