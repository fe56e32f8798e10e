// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10414), minimized from 11 to 5 ops.
// differ: result 0 at [6, 0]: 53 on global vs 47 on shardy
// Signature: differ:global/shardy:add,concatenate,gather,scatter

sdy.mesh @mesh = <["x"=2, "y"=1]>

func.func @main(%arg0: tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg1: tensor<5x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], replicated={"x"}>}, %arg2: tensor<8x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg3: tensor<3xf32>, %arg4: tensor<6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0, {?}p0]>}) {
  %v0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<1xf32>, tensor<5x1xi32>) -> tensor<5xf32>
  %v1 = "stablehlo.gather"(%v0, %arg2) <{dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<5xf32>, tensor<8x1xi32>) -> tensor<8xf32>
  %v2 = "stablehlo.concatenate"(%v1, %arg3) <{dimension = 0 : i64}> : (tensor<8xf32>, tensor<3xf32>) -> tensor<11xf32>
  %v3 = "stablehlo.scatter"(%arg2, %arg4, %arg4) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%q0) : (tensor<i32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}p0, {?}p0]>]>} : (tensor<8x1xi32>, tensor<6x1xi32>, tensor<6x1xi32>) -> tensor<8x1xi32>
  "func.return"(%v3) : (tensor<8x1xi32>) -> ()
}
