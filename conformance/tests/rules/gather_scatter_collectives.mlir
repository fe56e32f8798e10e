// RUN: sdy_opt %s -sdy-populate-op-sharding-rules -split-input-file 2>&1 | FileCheck %s
// Rules of gather, scatter and the StableHLO collectives.

// CHECK-LABEL: func @gather_embedding_lookup
func.func @gather_embedding_lookup(%table: tensor<10x4xf32>, %ids: tensor<3x1xi32>) -> tensor<3x4xf32> {
  // Batch dim of the ids (i), the embedding row (j), the collapsed vocabulary
  // dim as a reduction (k), and the index-vector dim needing replication (l).
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([k, j], [i, l])->([i, j]) {i=3, j=4, k=10, l=1} reduction={k} need_replication={l}>
  %0 = "stablehlo.gather"(%table, %ids) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 4>
  } : (tensor<10x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func @gather_partial_window
func.func @gather_partial_window(%x: tensor<8x6xf32>, %ids: tensor<2xi32>) -> tensor<2x3xf32> {
  // Dim 1 is sliced to 3 of 6: a blocked need-replication factor on operand and result.
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([k, j], [i])->([i, j]) {i=2, j=6, k=8} reduction={k} need_replication={j} blocked_propagation={j}>
  %0 = "stablehlo.gather"(%x, %ids) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 3>
  } : (tensor<8x6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @scatter_add_rows
func.func @scatter_add_rows(%x: tensor<10x4xf32>, %ids: tensor<3x1xi32>, %upd: tensor<3x4xf32>) -> tensor<10x4xf32> {
  // An implicit batch dim with an add body is a reduction factor.
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([k, j], [i, l], [i, j])->([k, j]) {i=3, j=4, k=10, l=1} reduction={i} need_replication={l}>
  %0 = "stablehlo.scatter"(%x, %ids, %upd) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %b, %a : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<10x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<10x4xf32>
  return %0 : tensor<10x4xf32>
}

// -----

// CHECK-LABEL: func @scatter_overwrite_rows
func.func @scatter_overwrite_rows(%x: tensor<10x4xf32>, %ids: tensor<3x1xi32>, %upd: tensor<3x4xf32>) -> tensor<10x4xf32> {
  // A body that is no monoid (it returns the update) makes the batch dim need replication.
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([k, j], [i, l], [i, j])->([k, j]) {i=3, j=4, k=10, l=1} need_replication={i, l}>
  %0 = "stablehlo.scatter"(%x, %ids, %upd) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<10x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<10x4xf32>
  return %0 : tensor<10x4xf32>
}

// -----

// CHECK-LABEL: func @scatter_or_on_i1
func.func @scatter_or_on_i1(%x: tensor<6xi1>, %ids: tensor<2x1xi32>, %upd: tensor<2xi1>) -> tensor<6xi1> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([j], [i, k], [i])->([j]) {i=2, j=6, k=1} reduction={i} need_replication={k}>
  %0 = "stablehlo.scatter"(%x, %ids, %upd) ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %s = stablehlo.or %a, %b : tensor<i1>
    stablehlo.return %s : tensor<i1>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<6xi1>, tensor<2x1xi32>, tensor<2xi1>) -> tensor<6xi1>
  return %0 : tensor<6xi1>
}

// -----

// CHECK-LABEL: func @all_gather_rows
func.func @all_gather_rows(%a: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([k, i]) {i=3, j=2, k=4} need_replication={j, k}>
  %0 = "stablehlo.all_gather"(%a) {
    all_gather_dim = 0 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func @reduce_scatter_cols
func.func @reduce_scatter_cols(%a: tensor<4x8xf32>) -> tensor<4x2xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, k]) {i=4, j=8, k=2} need_replication={j, k}>
  %0 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {
    scatter_dimension = 1 : i64,
    replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>
  } : (tensor<4x8xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// CHECK-LABEL: func @all_to_all_rows_to_cols
func.func @all_to_all_rows_to_cols(%a: tensor<4x2xf32>) -> tensor<2x4xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k])->([j, l]) {i=4, j=2, k=2, l=4} need_replication={i, j, k, l}>
  %0 = "stablehlo.all_to_all"(%a) {
    split_dimension = 0 : i64,
    concat_dimension = 1 : i64,
    split_count = 2 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (tensor<4x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func @all_reduce_is_pointwise
func.func @all_reduce_is_pointwise(%a: tensor<5xf32>) -> tensor<5xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=5}>
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
