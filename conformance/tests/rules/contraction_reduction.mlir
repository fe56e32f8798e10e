// RUN: sdy_opt %s -sdy-populate-op-sharding-rules -split-input-file 2>&1 | FileCheck %s
// Rules of the contracting ops (dot_general, dot, convolution) and the reducing ops
// (reduce, reduce_window, select_and_scatter), and of sort.

// CHECK-LABEL: func @dot_general_two_contracting_dims
func.func @dot_general_two_contracting_dims(%a: tensor<3x4x5xf32>, %b: tensor<4x5x6xf32>) -> tensor<3x6xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, l], [k, l, j])->([i, j]) {i=3, j=6, k=4, l=5} reduction={k, l}>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1, 2] x [0, 1] : (tensor<3x4x5xf32>, tensor<4x5x6xf32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// -----

// CHECK-LABEL: func @dot_general_batch_first
func.func @dot_general_batch_first(%a: tensor<2x3x4xf32>, %b: tensor<2x4x7xf32>) -> tensor<2x3x7xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l], [i, l, k])->([i, j, k]) {i=2, j=3, k=7, l=4} reduction={l}>
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x7xf32>) -> tensor<2x3x7xf32>
  return %0 : tensor<2x3x7xf32>
}

// -----

// CHECK-LABEL: func @dot_vector_matrix
func.func @dot_vector_matrix(%a: tensor<4xf32>, %b: tensor<4x6xf32>) -> tensor<6xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([j], [j, i])->([i]) {i=6, j=4} reduction={j}>
  %0 = stablehlo.dot %a, %b : (tensor<4xf32>, tensor<4x6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func @conv_feature_groups
func.func @conv_feature_groups(%x: tensor<2x10x4xf32>, %w: tensor<3x2x8xf32>) -> tensor<2x8x8xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, kl], [n, l, km])->([i, j, km]) {i=2, j=8, k=2, l=2, m=4, n=1} reduction={l} permutation={j}>
  %0 = stablehlo.convolution(%x, %w)
    dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f],
    window = {stride = [1], pad = [[0, 0]]} {
      batch_group_count = 1 : i64,
      feature_group_count = 2 : i64
    } : (tensor<2x10x4xf32>, tensor<3x2x8xf32>) -> tensor<2x8x8xf32>
  return %0 : tensor<2x8x8xf32>
}

// -----

// CHECK-LABEL: func @conv_window_larger_than_windows
func.func @conv_window_larger_than_windows(%x: tensor<1x6x2xf32>, %w: tensor<5x2x3xf32>) -> tensor<1x2x3xf32> {
  // The window (5) is larger than the number of windows (2), so its factor
  // comes first and takes min(6, 5) = 5 of the input; the windows factor gets
  // min(6 / 5, 2) = 1 and is dropped. The batch dimension has size 1.
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [j, k, l])->([i, m, l]) {i=1, j=5, k=2, l=3, m=1} reduction={j, k}>
  %0 = stablehlo.convolution(%x, %w)
    dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f],
    window = {stride = [1], pad = [[0, 0]]} {
      batch_group_count = 1 : i64,
      feature_group_count = 1 : i64
    } : (tensor<1x6x2xf32>, tensor<5x2x3xf32>) -> tensor<1x2x3xf32>
  return %0 : tensor<1x2x3xf32>
}

// -----

// CHECK-LABEL: func @reduce_variadic_argmax
func.func @reduce_variadic_argmax(%v: tensor<4x6xf32>, %ix: tensor<4x6xi32>, %v0: tensor<f32>, %i0: tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [], [])->([i], [i]) {i=4, j=6} reduction={j}>
  %0:2 = stablehlo.reduce(%v init: %v0), (%ix init: %i0) across dimensions = [1] : (tensor<4x6xf32>, tensor<4x6xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
      %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %m = stablehlo.select %ge, %a, %b : tensor<i1>, tensor<f32>
      %mi = stablehlo.select %ge, %ai, %bi : tensor<i1>, tensor<i32>
      stablehlo.return %m, %mi : tensor<f32>, tensor<i32>
    }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func @reduce_all_dims
func.func @reduce_all_dims(%v: tensor<3x2xf32>, %z: tensor<f32>) -> tensor<f32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([]) {i=3, j=2} reduction={i, j}>
  %0 = stablehlo.reduce(%v init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x2xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func @reduce_window_strided_rows
func.func @reduce_window_strided_rows(%v: tensor<8x4xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=4} permutation={i}>
  %0 = "stablehlo.reduce_window"(%v, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<8x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func @reduce_window_padded_identity_window
func.func @reduce_window_padded_identity_window(%v: tensor<3xf32>, %z: tensor<f32>) -> tensor<5xf32> {
  // A window of 1 with stride 1 is still not pass-through when padded.
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i], [])->([i]) {i=5} permutation={i}>
  %0 = "stablehlo.reduce_window"(%v, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1>, padding = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func @select_and_scatter_rows
func.func @select_and_scatter_rows(%x: tensor<4x6xf32>, %src: tensor<2x6xf32>, %z: tensor<f32>) -> tensor<4x6xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([j, k], [i, k], [])->([j, k]) {i=2, j=4, k=6} need_replication={i} permutation={j}>
  %0 = "stablehlo.select_and_scatter"(%x, %src, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<4x6xf32>, tensor<2x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// CHECK-LABEL: func @sort_rows_of_two_tensors
func.func @sort_rows_of_two_tensors(%k: tensor<3x5xf32>, %v: tensor<3x5xi32>) -> (tensor<3x5xf32>, tensor<3x5xi32>) {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j], [i, j]) {i=3, j=5} need_replication={j}>
  %0:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x5xf32>, tensor<3x5xi32>) -> (tensor<3x5xf32>, tensor<3x5xi32>)
  return %0#0, %0#1 : tensor<3x5xf32>, tensor<3x5xi32>
}

// -----

// CHECK-LABEL: func @sort_only_real_dim_is_blocked
func.func @sort_only_real_dim_is_blocked(%k: tensor<1x5xf32>) -> tensor<1x5xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=1, j=5} need_replication={j} blocked_propagation={j}>
  %0 = "stablehlo.sort"(%k) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<1x5xf32>) -> tensor<1x5xf32>
  return %0 : tensor<1x5xf32>
}
