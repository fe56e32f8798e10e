// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10403), minimized from 6 to 6 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.slice': operand #0 dimension 2 is sharded on {"x"}, its factor k is a permutation factor, and device 0 needs elements of it outside [0, 4) to compute its result block [0..1, 0..2, 0..1, 0..1] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.slice': operand #N dimension N is sharded on {"_"}, its factor k is a permutation factor, and 

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<1x1xf32>, %arg1: tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg2: tensor<4x7x6xf32>, %arg3: tensor<1x2x1x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}, %arg4: tensor<1x2x1x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p0, {?}p0, {"x", ?}p0, {?}p0]>}) -> (tensor<1x2x1x9xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0, {?}p0, {?}p0, {?}p0]>}) {
  %v0 = "stablehlo.negate"(%arg0) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  %v3 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"x"} (%v1: tensor<1xf32>) {
    %v2 = "stablehlo.collective_permute"(%v1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<1xf32>) -> tensor<1xf32>
    sdy.return %v2 : tensor<1xf32>
  } : (tensor<1xf32>) -> tensor<1xf32>
  %v4 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64: 0, 2, 3>}> : (tensor<4x7x6xf32>) -> tensor<4x6x7x6xf32>
  %v5 = "stablehlo.slice"(%v4) <{limit_indices = array<i64: 4, 6, 7, 3>, start_indices = array<i64: 3, 2, 6, 1>, strides = array<i64: 2, 2, 3, 2>}> : (tensor<4x6x7x6xf32>) -> tensor<1x2x1x1xf32>
  %v6 = "stablehlo.concatenate"(%v5, %arg3, %arg4) <{dimension = 3 : i64}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}p0, {?}p0, {?}p0, {?}p0]>]>} : (tensor<1x2x1x1xf32>, tensor<1x2x1x3xf32>, tensor<1x2x1x5xf32>) -> tensor<1x2x1x9xf32>
  "func.return"(%v6) : (tensor<1x2x1x9xf32>) -> ()
}
