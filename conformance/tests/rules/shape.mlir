// RUN: sdy_opt %s -sdy-populate-op-sharding-rules -split-input-file 2>&1 | FileCheck %s
// Rules of the pointwise family and of the ops that move, cut or re-view dimensions.

// CHECK-LABEL: func @multiply
func.func @multiply(%a: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // CHECK: stablehlo.multiply %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=3, j=5}>}
  %0 = stablehlo.multiply %a, %a : tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func @compare_to_i1
func.func @compare_to_i1(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=4}>
  %0 = stablehlo.compare LT, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func @select_scalar_pred
func.func @select_scalar_pred(%p: tensor<i1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([], [i, j], [i, j])->([i, j]) {i=2, j=3}>
  %0 = stablehlo.select %p, %a, %b : tensor<i1>, tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @clamp_scalar_bounds
func.func @clamp_scalar_bounds(%lo: tensor<f32>, %x: tensor<6xf32>, %hi: tensor<f32>) -> tensor<6xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([], [i], [])->([i]) {i=6}>
  %0 = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

sdy.mesh @m = <["x"=2]>

// CHECK-LABEL: func @sharding_constraint
func.func @sharding_constraint(%a: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2}>
  %0 = sdy.sharding_constraint %a <@m, [{"x"}, {}]> : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// CHECK-LABEL: func @reverse_first_dim
func.func @reverse_first_dim(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=6} permutation={i}>
  %0 = stablehlo.reverse %a, dims = [0] : tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// CHECK-LABEL: func @transpose_rotate
func.func @transpose_rotate(%a: tensor<2x3x5xf32>) -> tensor<5x2x3xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([j, k, i])->([i, j, k]) {i=5, j=2, k=3}>
  %0 = stablehlo.transpose %a, dims = [2, 0, 1] : (tensor<2x3x5xf32>) -> tensor<5x2x3xf32>
  return %0 : tensor<5x2x3xf32>
}

// -----

// CHECK-LABEL: func @broadcast_new_major_dim
func.func @broadcast_new_major_dim(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=2, j=3}>
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @broadcast_expands_size_one
func.func @broadcast_expands_size_one(%a: tensor<1x4xf32>) -> tensor<5x4xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k])->([j, k]) {i=1, j=5, k=4}>
  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// CHECK-LABEL: func @reshape_split
func.func @reshape_split(%a: tensor<6xf32>) -> tensor<2x3xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([i, j]) {i=2, j=3}>
  %0 = stablehlo.reshape %a : (tensor<6xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @reshape_drops_size_one
func.func @reshape_drops_size_one(%a: tensor<4x1x3xf32>) -> tensor<12xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([ik]) {i=4, j=1, k=3}>
  %0 = stablehlo.reshape %a : (tensor<4x1x3xf32>) -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// -----

// CHECK-LABEL: func @reshape_nothing_shared
func.func @reshape_nothing_shared(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k])->([j, l]) {i=2, j=3, k=3, l=2}>
  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func @reshape_zero_elements
func.func @reshape_zero_elements(%a: tensor<0x4xf32>) -> tensor<4x0xf32> {
  // CHECK-NOT: sdy.sharding_rule
  %0 = stablehlo.reshape %a : (tensor<0x4xf32>) -> tensor<4x0xf32>
  return %0 : tensor<4x0xf32>
}

// -----

// CHECK-LABEL: func @concat_of_slices
func.func @concat_of_slices(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // CHECK: stablehlo.slice {{.*}} {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=4} permutation={i}>}
  // CHECK: stablehlo.slice {{.*}} {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=4} permutation={i}>}
  // CHECK: stablehlo.concatenate {{.*}} {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=4} permutation={i}>}
  %0 = stablehlo.slice %x [0:2, 0:4] : (tensor<4x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.slice %x [2:4, 0:4] : (tensor<4x4xf32>) -> tensor<2x4xf32>
  %2 = stablehlo.concatenate %1, %0, dim = 0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return %2 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func @concat_of_tensor_and_its_slice
func.func @concat_of_tensor_and_its_slice(%x: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // CHECK: stablehlo.concatenate {{.*}} {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=3, j=4} permutation={i}>}
  %0 = stablehlo.slice %x [0:1, 0:4] : (tensor<2x4xf32>) -> tensor<1x4xf32>
  %1 = stablehlo.concatenate %x, %0, dim = 0 : (tensor<2x4xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  return %1 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func @concat_of_unrelated
func.func @concat_of_unrelated(%a: tensor<1x4xf32>, %b: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=3, j=4} need_replication={i}>
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x4xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func @pad_first_dim
func.func @pad_first_dim(%a: tensor<4x5xf32>, %v: tensor<f32>) -> tensor<6x5xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=5} permutation={i}>
  %0 = stablehlo.pad %a, %v, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<4x5xf32>, tensor<f32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

// CHECK-LABEL: func @dynamic_slice_rows
func.func @dynamic_slice_rows(%a: tensor<8x4xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x4xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [], [])->([i, j]) {i=8, j=4} need_replication={i} blocked_propagation={i}>
  %0 = stablehlo.dynamic_slice %a, %i, %j, sizes = [2, 4] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func @dynamic_update_slice_runtime_index
func.func @dynamic_update_slice_runtime_index(%a: tensor<8x4xf32>, %u: tensor<2x4xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<8x4xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [j, k], [], [])->([i, k]) {i=8, j=2, k=4} need_replication={j}>
  %0 = stablehlo.dynamic_update_slice %a, %u, %i, %j : (tensor<8x4xf32>, tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func @dynamic_update_slice_constant_index
func.func @dynamic_update_slice_constant_index(%a: tensor<8x4xf32>, %u: tensor<2x4xf32>) -> tensor<8x4xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [j, k], [], [])->([i, k]) {i=8, j=2, k=4}>
  %c = stablehlo.constant dense<2> : tensor<i32>
  %0 = stablehlo.dynamic_update_slice %a, %u, %c, %c : (tensor<8x4xf32>, tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func @bitcast_to_narrower
func.func @bitcast_to_narrower(%a: tensor<4x2xf32>) -> tensor<4x2x2xi16> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j, k]) {i=4, j=2, k=2} need_replication={k}>
  %0 = stablehlo.bitcast_convert %a : (tensor<4x2xf32>) -> tensor<4x2x2xi16>
  return %0 : tensor<4x2x2xi16>
}
