// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10419), minimized from 10 to 10 ops.
// differ: result 0 at [3]: 4.000000e+00 on global vs -8.750000e-01 on stablehlo
// Signature: differ:global/stablehlo:and,case,compare,convolution,minimum,negate,scatter,sort,transpose

sdy.mesh @mesh = <["x"=2, "y"=2], device_ids=[2, 1, 0, 3]>

func.func @main(%arg0: tensor<3x3x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x", ?}, {}], replicated={"y"}>}, %arg1: tensor<4x3x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {}, {}]>}, %arg2: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}, %arg3: tensor<5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, %arg4: tensor<7x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}], replicated={"x"}>}, %arg5: tensor<7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg6: tensor<3x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x", ?}p0]>}) {
  %v0 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, padding = dense<[[1, 1]]> : tensor<1x2xi64>, window_strides = array<i64: 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"y", "x"}]>]>} : (tensor<3x3x4xi32>, tensor<4x3x2xi32>) -> tensor<3x4x5xi32>
  %v1 = "stablehlo.transpose"(%arg0) <{permutation = array<i64: 1, 2, 0>}> : (tensor<3x3x4xi32>) -> tensor<3x4x3xi32>
  %v3 = "stablehlo.case"(%arg2) ({
    "stablehlo.return"(%v0) : (tensor<3x4x5xi32>) -> ()
    }, {
    %v2 = "stablehlo.negate"(%v0) : (tensor<3x4x5xi32>) -> tensor<3x4x5xi32>
    "stablehlo.return"(%v2) : (tensor<3x4x5xi32>) -> ()
    }) : (tensor<i32>) -> tensor<3x4x5xi32>
  %v4 = "stablehlo.scatter"(%arg3, %arg4, %arg5) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.minimum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<5xf32>, tensor<7x1xi32>, tensor<7xf32>) -> tensor<5xf32>
  %v5 = "stablehlo.and"(%arg4, %arg4) : (tensor<7x1xi32>, tensor<7x1xi32>) -> tensor<7x1xi32>
  %v6:2 = "stablehlo.sort"(%v1, %arg6) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>, %p2: tensor<f32>, %p3: tensor<f32>):
      %q0 = "stablehlo.compare"(%p0, %p1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%q0) : (tensor<i1>) -> ()
    }) : (tensor<3x4x3xi32>, tensor<3x4x3xf32>) -> (tensor<3x4x3xi32>, tensor<3x4x3xf32>)
  %v7 = "stablehlo.transpose"(%arg3) <{permutation = array<i64: 0>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x", ?}p0]>]>} : (tensor<5xf32>) -> tensor<5xf32>
  "func.return"(%v7) : (tensor<5xf32>) -> ()
}
