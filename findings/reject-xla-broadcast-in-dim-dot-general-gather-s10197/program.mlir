// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10197), minimized from 8 to 8 ops.
// reject: xla_run.py: error: XLA compilation failed: INVALID_ARGUMENT: Cannot infer shape for dot operation: f32[1] <dot> f32[2,2]. Batch dimension sizes are not compatible.
// Signature: reject:xla:error: XLA compilation failed: INVALID_ARGUMENT: Cannot infer shape for dot operation: fN[N] <dot> fN[N,N]. Batch dimension sizes are not compatible.

sdy.mesh @mesh = <["x"=2, "y"=4]>

func.func @main(%arg0: tensor<7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg1: tensor<2x9xf32>, %arg2: tensor<1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p1, {}], replicated={"x"}>}) -> (tensor<2x9xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p0, {"y", "x", ?}p0]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v1 = "stablehlo.pad"(%arg0, %v0) <{edge_padding_high = array<i64: -2>, edge_padding_low = array<i64: -2>, interior_padding = array<i64: 1>}> : (tensor<7xf32>, tensor<f32>) -> tensor<9xf32>
  %v2 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0>}> : (tensor<7xf32>) -> tensor<7x2x4xf32>
  %v3 = "stablehlo.reshape"(%v1) : (tensor<9xf32>) -> tensor<9xf32>
  %v4 = "stablehlo.dot_general"(%v3, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1]>}> : (tensor<9xf32>, tensor<2x9xf32>) -> tensor<9x2xf32>
  %v5 = "stablehlo.slice"(%v3) <{limit_indices = array<i64: 6>, start_indices = array<i64: 2>, strides = array<i64: 2>}> : (tensor<9xf32>) -> tensor<2xf32>
  %v6 = "stablehlo.gather"(%arg1, %arg2) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 9>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<2x9xf32>, tensor<1x1xi32>) -> tensor<1x9xf32>
  %v7 = "stablehlo.transpose"(%v4) <{permutation = array<i64: 1, 0>}> : (tensor<9x2xf32>) -> tensor<2x9xf32>
  "func.return"(%v7) : (tensor<2x9xf32>) -> ()
}
