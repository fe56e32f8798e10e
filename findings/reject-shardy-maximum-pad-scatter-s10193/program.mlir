// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10193), minimized from 4 to 4 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.pad': operand #0 dimension 1 is sharded on {"y":(2)2}, its factor j is a permutation factor, and device 8 needs elements of it outside [0, 4) to compute its result block [0..6, 0..3] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.pad': operand #N dimension N is sharded on {"_":(N)N}, its factor j is a permutation factor, a

sdy.mesh @mesh = <["x"=2, "y"=8], device_ids=[8, 2, 3, 4, 5, 6, 7, 9, 10, 11, 1, 12, 13, 14, 15, 0]>

func.func @main(%arg0: tensor<4x8xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x", "y"}]>}, %arg1: tensor<1x1xi32>, %arg2: tensor<1x6xbf16>) -> (tensor<12x6xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0, {"y":(2)2, ?}p0]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
  %v1 = "stablehlo.pad"(%arg0, %v0) <{edge_padding_high = array<i64: 3, 0>, edge_padding_low = array<i64: 2, -2>, interior_padding = array<i64: 1, 0>}> : (tensor<4x8xbf16>, tensor<bf16>) -> tensor<12x6xbf16>
  %v2 = "stablehlo.scatter"(%v1, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<bf16>, %p1: tensor<bf16>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%q0) : (tensor<bf16>) -> ()
    }) : (tensor<12x6xbf16>, tensor<1x1xi32>, tensor<1x6xbf16>) -> tensor<12x6xbf16>
  "func.return"(%v2) : (tensor<12x6xbf16>) -> ()
}
