// Found by `shardref difftest --engines global,sharded,insert,shardy,xla --seed 2000` (seed 2040), minimized from 14 to 14 ops.
// differ: result 0 at [0]: -5.250000e+00 on global vs -2.100000e+01 on shardy
// Signature: differ:global/shardy:add,all_reduce,case,convert,dynamic_slice,iota,maximum,negate,reduce,reduce_window,reshard,slice

sdy.mesh @mesh = <["a"=2]>

func.func @main(%arg0: tensor<7x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}, %arg1: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}, %arg2: tensor<7xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %v1 = "stablehlo.reduce_window"(%arg0, %v0) <{padding = dense<[[1, 0], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 1>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<7x2xf32>, tensor<f32>) -> tensor<4x2xf32>
  %v3 = "stablehlo.case"(%arg1) ({
    "stablehlo.return"(%arg0) : (tensor<7x2xf32>) -> ()
    }, {
    %v2 = "stablehlo.negate"(%arg0) : (tensor<7x2xf32>) -> tensor<7x2xf32>
    "stablehlo.return"(%v2) : (tensor<7x2xf32>) -> ()
    }) : (tensor<i32>) -> tensor<7x2xf32>
  %v4 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<8x4xui8>
  %v5 = "stablehlo.slice"(%v3) <{limit_indices = array<i64: 4, 2>, start_indices = array<i64: 1, 1>, strides = array<i64: 1, 2>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}p1, {}]>]>} : (tensor<7x2xf32>) -> tensor<3x1xf32>
  %v6 = "stablehlo.convert"(%arg0) : (tensor<7x2xf32>) -> tensor<7x2xi1>
  %v7 = "stablehlo.dynamic_slice"(%arg2, %arg1) <{slice_sizes = array<i64: 5>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}p3]>]>} : (tensor<7xi1>, tensor<i32>) -> tensor<5xi1>
  %v8 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<7x2xf32>
  %v9 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v10 = "stablehlo.reduce"(%v8, %v9) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced={"a"}>]>} : (tensor<7x2xf32>, tensor<f32>) -> tensor<2xf32>
  %v11 = sdy.all_reduce {"a"} %v10 out_sharding=<@mesh, [{}]> : tensor<2xf32>
  "func.return"(%v11) : (tensor<2xf32>) -> ()
}
