// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10478), minimized from 11 to 11 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.gather': result dimension 1 is sharded on "a":(1)2, an axis the op reduces over
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.gather': result dimension N is sharded on "_":(N)N, an axis the op reduces over

sdy.mesh @mesh = <["a"=4, "b"=2]>

func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}]>}) -> (tensor<3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], replicated={"a"}>}, tensor<2x1x3xf32>, tensor<2x1xf32>) {
  %v0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %v8:2 = "stablehlo.while"(%v0, %arg0) ({
    ^bb0(%v1: tensor<i32>, %v2: tensor<2x3xf32>):
      %v3 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
      %v4 = "stablehlo.compare"(%v1, %v3) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%v4) : (tensor<i1>) -> ()
    }, {
    ^bb0(%v1: tensor<i32>, %v2: tensor<2x3xf32>):
      %v5 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
      %v6 = "stablehlo.add"(%v1, %v5) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %v7 = "stablehlo.add"(%v2, %v2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
      "stablehlo.return"(%v6, %v7) : (tensor<i32>, tensor<2x3xf32>) -> ()
    }) : (tensor<i32>, tensor<2x3xf32>) -> (tensor<i32>, tensor<2x3xf32>)
  %v9 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 2, 1>, start_indices = array<i64: 1, 0>, strides = array<i64: 2, 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a":(1)2, ?}]>]>} : (tensor<2x3xf32>) -> tensor<1x1xf32>
  %v10 = "stablehlo.reshape"(%v8#1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b"}, {}]>]>} : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
  %v11 = "stablehlo.gather"(%v9, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<1x1xf32>, tensor<2x1xi32>) -> tensor<2x1xf32>
  %v12 = "stablehlo.transpose"(%arg0) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  "func.return"(%v12, %v10, %v11) : (tensor<3x2xf32>, tensor<2x1x3xf32>, tensor<2x1xf32>) -> ()
}
