// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10332), minimized from 14 to 13 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.reduce': reduces over dimensions sharded on {"a"} with a body that is not a single add, max or min
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.reduce': reduces over dimensions sharded on {"_"} with a body that is not a single add, max or

sdy.mesh @mesh = <["a"=4, "b"=4, "c"=1], device_ids=[11, 13, 4, 8, 3, 9, 15, 6, 1, 10, 2, 12, 7, 14, 5, 0]>

func.func @main(%arg0: tensor<6x2xf64> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<i32>, %arg2: tensor<1x7x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}, %arg3: tensor<1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, "a":(1)2, ?}p0, {?}p0]>}) -> (tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, "a":(1)2, ?}p0]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
  %v1 = "stablehlo.pad"(%arg0, %v0) <{edge_padding_high = array<i64: 3, 1>, edge_padding_low = array<i64: 1, 1>, interior_padding = array<i64: 0, 1>}> : (tensor<6x2xf64>, tensor<f64>) -> tensor<10x5xf64>
  %v3 = "stablehlo.case"(%arg1) ({
    "stablehlo.return"(%arg0) : (tensor<6x2xf64>) -> ()
    }, {
    %v2 = "stablehlo.negate"(%arg0) : (tensor<6x2xf64>) -> tensor<6x2xf64>
    "stablehlo.return"(%v2) : (tensor<6x2xf64>) -> ()
    }) : (tensor<i32>) -> tensor<6x2xf64>
  %v4 = "stablehlo.convert"(%v3) : (tensor<6x2xf64>) -> tensor<6x2xf32>
  %v5 = "stablehlo.iota"() <{iota_dimension = 2 : i64}> : () -> tensor<1x7x4xi32>
  %v6 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %v7 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %v8:2 = "stablehlo.reduce"(%v5, %arg2, %v6, %v7) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<f32>, %p2: tensor<i32>, %p3: tensor<f32>):
      %q0 = "stablehlo.or"(%p0, %p2) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %q1 = "stablehlo.maximum"(%p1, %p3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0, %q1) : (tensor<i32>, tensor<f32>) -> ()
    }) : (tensor<1x7x4xi32>, tensor<1x7x4xf32>, tensor<i32>, tensor<f32>) -> (tensor<4xi32>, tensor<4xf32>)
  "sdy.sharding_group"(%v8#1) {group_id = 0 : i64} : (tensor<4xf32>) -> ()
  %v9 = "stablehlo.gather"(%v8#1, %arg3) <{dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2, "a":(1)2, ?}p0]>]>} : (tensor<4xf32>, tensor<1x1xi32>) -> tensor<1xf32>
  "func.return"(%v9) : (tensor<1xf32>) -> ()
}
