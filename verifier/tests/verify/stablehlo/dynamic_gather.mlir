// Negative tests of the verifier's `dynamic_gather` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// dynamic_gather_c1
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x1x4xf32> {
  %s = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c1] offset_dims size (1) plus collapse_slice_dims size (0) plus operand_batching_dims size (0) is not equal to operand rank (2)}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// dynamic_gather_c2
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %s = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c2] Expects index_vector_dim to be in range [0, rank-of('start_indices')] i.e. [0, 2]. got: 3.}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dynamic_gather_c3
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %s = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c3] start_index_map size (2) is not equal to size of index dimension (1) of start_indices (1)}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dynamic_gather_c4
func.func @main(%x: tensor<3x4x5xf32>, %i: tensor<2x1xi32>) -> tensor<2x4x5xf32> {
  %s = stablehlo.constant dense<[1, 4, 5]> : tensor<3xi64>
// expected-error @+1 {{[dynamic_gather_c4] expects offset_dims to be sorted, got: [2, 1]}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x5xf32>, tensor<2x1xi32>, tensor<3xi64>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// dynamic_gather_c5
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %s = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c5] Expects each element of offset_dims to be in range [0, implied-result-rank) i.e. [0, 2). got: 2.}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dynamic_gather_c6
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>) -> tensor<3xf32> {
  %s = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c6] has duplicated dimension from collapsed_slice_dims and operand_batching_dims: 1}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [1], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<2xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// dynamic_gather_c7
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2xf32> {
  %s = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c7] expects collapsed_slice_dims to be sorted, got: [1, 0]}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [1, 0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// dynamic_gather_c8
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x1x4xf32> {
  %s = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c1] offset_dims size (2) plus collapse_slice_dims size (1)}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [2], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// dynamic_gather_c9
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %s = stablehlo.constant dense<[2, 4]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c9] slice_sizes collapsed dimension 0 should <= 1 but got 2}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dynamic_gather_c10
func.func @main(%x: tensor<3x4x5xf32>, %i: tensor<4x3x1xi32>) -> tensor<4x5xf32> {
  %s = stablehlo.constant dense<[1, 1, 5]> : tensor<3xi64>
// expected-error @+1 {{[dynamic_gather_c10] expects operand_batching_dims to be sorted, got: [1, 0]}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [], operand_batching_dims = [1, 0], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 2>} : (tensor<3x4x5xf32>, tensor<4x3x1xi32>, tensor<3xi64>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// dynamic_gather_c11
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>) -> tensor<3x4xf32> {
  %s = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c11] Expects each element of operand_batching_dims to be in range [0, rank-of('operand')) i.e. [0, 2). got: 2.}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [], operand_batching_dims = [2], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<2xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// dynamic_gather_c12
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>) -> tensor<3xf32> {
  %s = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c12] slice_sizes batching dimension 0 should <= 1 but got 2}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<2xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// dynamic_gather_c13
func.func @main(%x: tensor<3x4x5xf32>, %i: tensor<3x3x1xi32>) -> tensor<3x3xf32> {
  %s = stablehlo.constant dense<[1, 1, 1]> : tensor<3xi64>
// expected-error @+1 {{[dynamic_gather_c13] expects start_indices_batching_dims to not repeat, got: [0, 0]}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 0], start_index_map = [2], index_vector_dim = 2>} : (tensor<3x4x5xf32>, tensor<3x3x1xi32>, tensor<3xi64>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// dynamic_gather_c14
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>) -> tensor<3xf32> {
  %s = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c14] Expects each element of start_indices_batching_dims to be in range [0, rank-of('start_indices')) i.e. [0, 2). got: 2.}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<2xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// dynamic_gather_c15
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>) -> tensor<3xf32> {
  %s = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c15] expects start_indices_batching_dims not to include index_vector_dim 1}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<2xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// dynamic_gather_c16
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>) -> tensor<3xf32> {
  %s = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c16] operand_batching_dims and start_indices_batching_dims should have the same size}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [], start_index_map = [1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<2xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// dynamic_gather_c17
func.func @main(%x: tensor<3x4xf32>, %i: tensor<5x1xi32>) -> tensor<5xf32> {
  %s = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c17] operand_batching_dims[0] and start_indices_batching_dims[0] must have compatible sizes, but got 3 and 5}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<5x1xi32>, tensor<2xi64>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// dynamic_gather_c18
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>) -> tensor<3xf32> {
  %s = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c18] has duplicated dimension from start_index_map and operand_batching_dims: 0}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<2xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// dynamic_gather_c19
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %s = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c19] Expects each element of start_index_map to be in range [0, rank-of('operand')) i.e. [0, 2). got: 2.}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [2], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dynamic_gather_c20
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %s = stablehlo.constant dense<[1, 4, 1]> : tensor<3xi64>
// expected-error @+1 {{[dynamic_gather_c20] slice_sizes size (3) not equal to operand rank (2)}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<3xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dynamic_gather_c21
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x5xf32> {
  %s = stablehlo.constant dense<[1, 5]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c21] slice size (5) is out of bounds for operand dimension (4) at index 1}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// dynamic_gather_c22
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c22] inferred shape '[2, 4]' is incompatible with return type of operation 'tensor<2x3xf32>'}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// dynamic_gather_c23
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf64> {
  %s = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
// expected-error @+1 {{[dynamic_gather_c23] expects operand and result to have the same element type}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x4xf64>
  return %0 : tensor<2x4xf64>
}

// -----

// dynamic_gather_i3
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %s: tensor<1x2xi64>) -> tensor<2x4xf32> {
// expected-error @+1 {{[dynamic_gather_i3] slice_sizes.rank != 1 (got 2)}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<1x2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
