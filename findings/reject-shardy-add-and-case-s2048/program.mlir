// Found by `shardref difftest --engines global,shardy --seed 2048` (seed 2048), minimized from 10 to 10 ops.
// reject: Shardy's exported program, run strictly: program trap: 'stablehlo.gather': result dimension 1 is sharded on "x", an axis the op reduces over
// Signature: reject:shardy:Shardy's exported program, run strictly: program trap: 'stablehlo.gather': result dimension N is sharded on "_", an axis the op reduces over

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%arg0: tensor<1x7x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, %arg1: tensor<1x7x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {"x", ?}]>}, %arg2: tensor<1x7x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x", ?}, {}], replicated={"y"}>}, %arg3: tensor<6x7xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}p3, {}]>}, %arg4: tensor<1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {}], replicated={"x"}>}, %arg5: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}, %arg6: tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x", ?}p2]>}, %arg7: tensor<2x7x10xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"x", ?}p0]>}) -> (tensor<1x7x10xi32>, tensor<2x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<1x7x10xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p0, {"x", ?}p0, {?}p0]>}) {
  %v0 = "stablehlo.concatenate"(%arg0, %arg1, %arg2) <{dimension = 2 : i64}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<1x7x5xi32>, tensor<1x7x1xi32>, tensor<1x7x4xi32>) -> tensor<1x7x10xi32>
  %v1 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %v2 = "stablehlo.reduce"(%arg3, %v1) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%q0) : (tensor<i32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}]>]>} : (tensor<6x7xi32>, tensor<i32>) -> tensor<7xi32>
  %v3 = "stablehlo.gather"(%v0, %arg4) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 7, 10>}> : (tensor<1x7x10xi32>, tensor<1x1xi32>) -> tensor<1x7x10xi32>
  %v4 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<1x8xi32>
  %v6 = "stablehlo.case"(%arg5) ({
    "stablehlo.return"(%arg4) : (tensor<1x1xi32>) -> ()
    }, {
    %v5 = "stablehlo.negate"(%arg4) : (tensor<1x1xi32>) -> tensor<1x1xi32>
    "stablehlo.return"(%v5) : (tensor<1x1xi32>) -> ()
    }) : (tensor<i32>) -> tensor<1x1xi32>
  %v7 = "stablehlo.scatter"(%v0, %arg6, %arg7) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.and"(%p0, %p1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%q0) : (tensor<i32>) -> ()
    }) : (tensor<1x7x10xi32>, tensor<2x1xi32>, tensor<2x7x10xi32>) -> tensor<1x7x10xi32>
  "func.return"(%v7, %arg6, %v3) : (tensor<1x7x10xi32>, tensor<2x1xi32>, tensor<1x7x10xi32>) -> ()
}
