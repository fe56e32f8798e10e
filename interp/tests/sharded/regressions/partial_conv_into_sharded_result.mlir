// Found by `shardref gen --seed 5000 --count 3000 --check` (seed 7170): the
// first convolution contracts input features sharded on "b" and leaves a
// partial sum over "b"; the second reads that partial and declares its
// output features sharded on "b". The canvas path made the result partial
// over "b" and sharded on "b" at once ("no device holds element [0, 1, 0]");
// now a result cannot be partial over an axis that shards it, and the
// reshard is performed instead.
sdy.mesh @mesh = <["a"=1, "b"=4]>

func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, %arg2: tensor<7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg3: tensor<2x8x3xf64> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}, {}]>}, %arg4: tensor<6x8x3xf64> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %arg5: tensor<4x6x1xf64>) -> (tensor<2x4x1x1xf64>) {
  %v0 = "stablehlo.concatenate"(%arg0, %arg1, %arg2) <{dimension = 0 : i64}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<2xf32>, tensor<5xf32>, tensor<7xf32>) -> tensor<14xf32>
  %v1 = "stablehlo.dot_general"(%v0, %v0) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0]>}> : (tensor<14xf32>, tensor<14xf32>) -> tensor<14xf32>
  %v2 = "stablehlo.convolution"(%arg3, %arg4) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, padding = dense<[[1, 0]]> : tensor<1x2xi64>, window_strides = array<i64: 2>}> : (tensor<2x8x3xf64>, tensor<6x8x3xf64>) -> tensor<2x6x1xf64>
  %v3 = "stablehlo.floor"(%v2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<2x6x1xf64>) -> tensor<2x6x1xf64>
  %v4 = "stablehlo.convolution"(%v2, %arg5) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, padding = dense<[[0, 0]]> : tensor<1x2xi64>, window_strides = array<i64: 2>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}, {}]>]>} : (tensor<2x6x1xf64>, tensor<4x6x1xf64>) -> tensor<2x4x1xf64>
  "sdy.sharding_group"(%arg5) {group_id = 0 : i64} : (tensor<4x6x1xf64>) -> ()
  %v5 = "stablehlo.reshape"(%v4) : (tensor<2x4x1xf64>) -> tensor<2x4x1x1xf64>
  "func.return"(%v5) : (tensor<2x4x1x1xf64>) -> ()
}
