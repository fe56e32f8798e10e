// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10034), minimized from 12 to 11 ops.
// differ: result 0 at [0]: 4.900000e+01 on global vs 1.000000e+01 on stablehlo
// Signature: differ:global/stablehlo:add,case,iota,negate,reshape,scatter

sdy.mesh @mesh = <["x"=8, "y"=2, "z"=1]>

func.func @main(%arg0: tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg2: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg3: tensor<6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], replicated={"y"}>}, %arg4: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x", ?}]>}, %arg5: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> (tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(1)2, ?}p0]>}) {
  %v0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<1xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<1xf32>
  %v1 = "stablehlo.scatter"(%v0, %arg3, %arg4) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}]>]>} : (tensor<1xf32>, tensor<6x1xi32>, tensor<6xf32>) -> tensor<1xf32>
  %v2 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<4x8x8xui8>
  %v3 = "stablehlo.reshape"(%arg2) : (tensor<4xf32>) -> tensor<4xf32>
  %v5 = "stablehlo.case"(%arg5) ({
    "stablehlo.return"(%arg0) : (tensor<1xf32>) -> ()
    }, {
    %v4 = "stablehlo.negate"(%arg0) : (tensor<1xf32>) -> tensor<1xf32>
    "stablehlo.return"(%v4) : (tensor<1xf32>) -> ()
    }) : (tensor<i32>) -> tensor<1xf32>
  %v6 = "stablehlo.add"(%v5, %v5) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x":(1)2, ?}p0]>]>} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %v7 = "stablehlo.add"(%v6, %v6) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x":(1)2, ?}p0]>]>} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %v8 = "stablehlo.add"(%v7, %v7) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x":(1)2, ?}p0]>]>} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  "func.return"(%v8) : (tensor<1xf32>) -> ()
}
