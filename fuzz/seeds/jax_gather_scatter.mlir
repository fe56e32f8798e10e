// A JAX-style export: x[idx] lowers to a gather with clamped indices,
// x.at[idx].add(u) to a scatter, and jnp.argmax-style pooling to a
// strided reduce_window with padding and window dilation.
module @jit_index_update attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10x4xf32>, %arg1: tensor<3xi32>, %arg2: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<10x4xf32>, tensor<5x2xf32>) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %c = stablehlo.constant dense<0> : tensor<3x1xi32>
    %c_0 = stablehlo.constant dense<9> : tensor<3x1xi32>
    %1 = stablehlo.clamp %c, %0, %c_0 : tensor<3x1xi32>
    %2 = "stablehlo.gather"(%arg0, %1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
    %3 = "stablehlo.scatter"(%arg0, %1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %5 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %5 : tensor<f32>
    }) : (tensor<10x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<10x4xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %4 = "stablehlo.reduce_window"(%arg0, %cst) <{padding = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 2>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %5 = stablehlo.maximum %arg3, %arg4 : tensor<f32>
      stablehlo.return %5 : tensor<f32>
    }) : (tensor<10x4xf32>, tensor<f32>) -> tensor<5x2xf32>
    return %2, %3, %4 : tensor<3x4xf32>, tensor<10x4xf32>, tensor<5x2xf32>
  }
}
