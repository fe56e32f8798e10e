// Found by `shardref difftest --engines global,sharded,insert,shardy,xla --seed 2000` (seed 2011), minimized from 8 to 6 ops.
// crash: shardy_opt.py was killed by a signal: no message
// Signature: crash:shardy:shardy_opt.py was killed by a signal: no message

sdy.mesh @mesh = <["x"=4, "y"=1]>

func.func @main(%arg0: tensor<1x2x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {}, {}]>}, %arg1: tensor<5x2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}p0]>}) {
  %v0 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, padding = dense<[[1, 0]]> : tensor<1x2xi64>, window_strides = array<i64: 1>}> : (tensor<1x2x8xi32>, tensor<5x2x1xi32>) -> tensor<1x5x9xi32>
  %v1 = "sdy.sharding_constraint"(%arg1) {sharding = #sdy.sharding<@mesh, [{}, {}, {}]>} : (tensor<5x2x1xi32>) -> tensor<5x2x1xi32>
  %v2 = "stablehlo.reshape"(%v0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}p0, {?}p1]>]>} : (tensor<1x5x9xi32>) -> tensor<5x9xi32>
  %v3 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2, ?}p0]>]>} : () -> tensor<4xi32>
  %v4 = "stablehlo.add"(%v3, %v3) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2, ?}p0]>]>} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %v5 = "stablehlo.add"(%v4, %v4) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2, ?}p0]>]>} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  "func.return"(%v5) : (tensor<4xi32>) -> ()
}
