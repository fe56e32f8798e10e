// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10043), minimized from 15 to 15 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.reduce_window': operand #0 dimension 0 is sharded on {"model", "data"}, its factor i is a permutation factor, and device 1 needs elements of it outside [4, 4) to compute its result block [4..5] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.reduce_window': operand #N dimension N is sharded on {"_", "_"}, its factor i is a permutation

sdy.mesh @mesh = <["data"=4, "model"=8]>

func.func @main(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}p0]>}, %arg1: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {?}]>}, %arg2: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}) -> (tensor<5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model":(1)2, "data":(1)2, ?}p0]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0x7F800000> : tensor<f32>}> : () -> tensor<f32>
  %v1 = "stablehlo.reduce"(%arg0, %v0) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.minimum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %v2 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<2xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<2xf32>
  %v3 = "stablehlo.gather"(%arg2, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data":(1)2, "model":(4)2}]>]>} : (tensor<4xf32>, tensor<4x1xi32>) -> tensor<4xf32>
  %v4 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %v5 = "stablehlo.reduce_window"(%v3, %v4) <{padding = dense<[[1, 1]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2>, window_strides = array<i64: 1>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  %v6 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v7 = "stablehlo.pad"(%v3, %v6) <{edge_padding_high = array<i64: 1>, edge_padding_low = array<i64: -2>, interior_padding = array<i64: 0>}> : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  %v8 = "stablehlo.compare"(%v5, %v5) <{comparison_direction = #stablehlo<comparison_direction GE>, compare_type = #stablehlo<comparison_type FLOAT>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model", "data"}]>]>} : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %v9 = "stablehlo.select"(%v8, %v5, %v5) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data":(1)2, ?}p0]>]>} : (tensor<5xi1>, tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  %v10 = "stablehlo.add"(%v9, %v9) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model":(1)2, "data":(1)2, ?}p0]>]>} : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  %v11 = "stablehlo.add"(%v10, %v10) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model":(1)2, "data":(1)2, ?}p0]>]>} : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  "func.return"(%v11) : (tensor<5xf32>) -> ()
}
