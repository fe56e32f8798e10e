// A JAX-style export: jnp.sort with a stable multi-operand comparator
// (argsort), lax.top_k through chlo, and a dot_general with batching
// dimensions as jnp.einsum("bij,bjk->bik") lowers.
module @jit_sort attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8xf32>, %arg1: tensor<2x3x4xf32>, %arg2: tensor<2x4x5xf32>) -> (tensor<2x8xf32>, tensor<2x8xi32>, tensor<2x3xf32>, tensor<2x3x5xf32>) {
    %0 = stablehlo.iota dim = 1 : tensor<2x8xi32>
    %1:2 = "stablehlo.sort"(%arg0, %0) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>, %arg5: tensor<i32>, %arg6: tensor<i32>):
      %4 = stablehlo.compare  LT, %arg3, %arg4,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    }) : (tensor<2x8xf32>, tensor<2x8xi32>) -> (tensor<2x8xf32>, tensor<2x8xi32>)
    %2:2 = chlo.top_k(%arg0, k = 3) : tensor<2x8xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
    %3 = stablehlo.dot_general %arg1, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
    return %1#0, %1#1, %2#0, %3 : tensor<2x8xf32>, tensor<2x8xi32>, tensor<2x3xf32>, tensor<2x3x5xf32>
  }
}
