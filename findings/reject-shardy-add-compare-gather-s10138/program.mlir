// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10138), minimized from 4 to 5 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.slice': operand #0 dimension 1 is sharded on {"a"}, its factor j is a permutation factor, and device 0 needs elements of it outside [0, 4) to compute its result block [0..2, 0..1] (implicit communication: a halo exchange)
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.slice': operand #N dimension N is sharded on {"_"}, its factor j is a permutation factor, and 

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @main(%arg0: tensor<6x7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<4x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a", ?}p0, {?}p0]>}) {
  %v0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 7>}> : (tensor<6x7xf32>, tensor<2x1xi32>) -> tensor<2x7xf32>
  %v1 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = false}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.compare"(%p0, %p1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%q0) : (tensor<i1>) -> ()
    }) : (tensor<6x7xf32>) -> tensor<6x7xf32>
  %v2 = "stablehlo.slice"(%v1) <{limit_indices = array<i64: 5, 6>, start_indices = array<i64: 1, 5>, strides = array<i64: 1, 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a", ?}p0, {?}p0]>]>} : (tensor<6x7xf32>) -> tensor<4x1xf32>
  %v3 = "stablehlo.add"(%v2, %v2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a", ?}p0, {?}p0]>]>} : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  "func.return"(%v3) : (tensor<4x1xf32>) -> ()
}
