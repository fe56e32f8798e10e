// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10436), minimized from 3 to 4 ops.
// differ: result 0 at [0]: 66 on global vs 132 on shardy
// Signature: differ:global/shardy:add,maximum,scatter,slice

sdy.mesh @mesh = <["a"=2, "b"=1, "c"=2]>

func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}]>}, %arg2: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], replicated={"c"}>}, %arg3: tensor<4xi32>) -> (tensor<2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a", ?}p0]>}) {
  %v0 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 1>, start_indices = array<i64: 0>, strides = array<i64: 1>}> : (tensor<2xf32>) -> tensor<1xf32>
  %v1 = "stablehlo.scatter"(%arg1, %arg2, %arg3) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%q0) : (tensor<i32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "a", ?}p0]>]>} : (tensor<2xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<2xi32>
  %v2 = "stablehlo.add"(%v1, %v1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "a", ?}p0]>]>} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  "func.return"(%v2) : (tensor<2xi32>) -> ()
}
