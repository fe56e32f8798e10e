// RUN: sdy_opt %s -sdy-populate-op-sharding-rules="conservative-propagation=true" -split-input-file 2>&1 | FileCheck %s
// Conservative propagation: no concat-dim or conv spatial factors, and the
// permutation factors of pad, slice, reduce_window and select_and_scatter are blocked.

// CHECK-LABEL: func @concat_cols
func.func @concat_cols(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, k])->([i, l]) {i=2, j=1, k=1, l=1}>
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func @conv_feature_groups
func.func @conv_feature_groups(%x: tensor<2x10x4xf32>, %w: tensor<3x2x8xf32>) -> tensor<2x8x8xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, m, jk], [n, k, jl])->([i, o, jl]) {i=2, j=2, k=2, l=4, m=1, n=1, o=1} reduction={k}>
  %0 = stablehlo.convolution(%x, %w)
    dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f],
    window = {stride = [1], pad = [[0, 0]]} {
      batch_group_count = 1 : i64,
      feature_group_count = 2 : i64
    } : (tensor<2x10x4xf32>, tensor<3x2x8xf32>) -> tensor<2x8x8xf32>
  return %0 : tensor<2x8x8xf32>
}

// -----

// CHECK-LABEL: func @pad_rows
func.func @pad_rows(%a: tensor<4x5xf32>, %v: tensor<f32>) -> tensor<6x5xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=5} permutation={i} blocked_propagation={i}>
  %0 = stablehlo.pad %a, %v, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<4x5xf32>, tensor<f32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

// CHECK-LABEL: func @slice_cols
func.func @slice_cols(%a: tensor<4x6xf32>) -> tensor<4x3xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=6} permutation={j} blocked_propagation={j}>
  %0 = stablehlo.slice %a [0:4, 0:6:2] : (tensor<4x6xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func @select_and_scatter_rows
func.func @select_and_scatter_rows(%x: tensor<4x6xf32>, %src: tensor<2x6xf32>, %z: tensor<f32>) -> tensor<4x6xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([j, k], [i, k], [])->([j, k]) {i=2, j=4, k=6} need_replication={i} permutation={j} blocked_propagation={i, j}>
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

// CHECK-LABEL: func @reduce_window_rows
func.func @reduce_window_rows(%v: tensor<8x4xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=4} permutation={i} blocked_propagation={i}>
  %0 = "stablehlo.reduce_window"(%v, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<8x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
