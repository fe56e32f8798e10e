// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10313), minimized from 9 to 10 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.slice': operand #0 dimension 0 is sharded on {"y"}, its factor i is a permutation factor, and device 1 needs elements of it outside [0, 2) to compute its result block [0..1, 0..1] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.slice': operand #N dimension N is sharded on {"_"}, its factor i is a permutation factor, and 

sdy.mesh @mesh = <["x"=1, "y"=2], device_ids=[1, 0]>

func.func @main(%arg0: tensor<4x1xi1>, %arg1: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y", ?}]>}) -> (tensor<4x3xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p0, {?}p0]>}) {
  %v0 = "stablehlo.minimum"(%arg0, %arg0) : (tensor<4x1xi1>, tensor<4x1xi1>) -> tensor<4x1xi1>
  %v1 = "stablehlo.slice"(%v0) <{limit_indices = array<i64: 4, 1>, start_indices = array<i64: 3, 0>, strides = array<i64: 3, 3>}> : (tensor<4x1xi1>) -> tensor<1x1xi1>
  %v2 = "stablehlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
  %v3 = "stablehlo.pad"(%v1, %v2) <{edge_padding_high = array<i64: 2, 1>, edge_padding_low = array<i64: 1, 1>, interior_padding = array<i64: 1, 0>}> : (tensor<1x1xi1>, tensor<i1>) -> tensor<4x3xi1>
  %v4 = "stablehlo.convert"(%v3) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<4x3xi1>) -> tensor<4x3xi32>
  %v5 = "stablehlo.sort"(%v4) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.compare"(%p0, %p1) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%q0) : (tensor<i1>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : (tensor<4x3xi32>) -> tensor<4x3xi32>
  %v6 = "stablehlo.gather"(%v3, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xi1>, tensor<2x1xi32>) -> tensor<2x3xi1>
  %v7 = func.call @helper_0(%v3, %v3) : (tensor<4x3xi1>, tensor<4x3xi1>) -> tensor<4x3xi1>
  "func.return"(%v7) : (tensor<4x3xi1>) -> ()
}

func.func private @helper_0(%x: tensor<4x3xi1>, %y: tensor<4x3xi1>) -> tensor<4x3xi1> {
  %r = "stablehlo.or"(%x, %y) : (tensor<4x3xi1>, tensor<4x3xi1>) -> tensor<4x3xi1>
  "func.return"(%r) : (tensor<4x3xi1>) -> ()
}
