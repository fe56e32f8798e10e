// RUN: sdy_opt %s -sdy-populate-op-sharding-rules -split-input-file 2>&1 | FileCheck %s
// Rules of the linear-algebra and signal ops, and of custom calls by target.

// CHECK-LABEL: func @cholesky_batched
func.func @cholesky_batched(%a: tensor<3x4x4xf32>) -> tensor<3x4x4xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=3, j=4, k=4} need_replication={j, k}>
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

// CHECK-LABEL: func @triangular_solve_right_side
func.func @triangular_solve_right_side(%a: tensor<4x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // x @ a = b: b's rows (i), a's columns with b's columns (j), a's rows with x's columns (k).
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([k, j], [i, j])->([i, k]) {i=3, j=4, k=4} need_replication={i, j, k}>
  %0 = "stablehlo.triangular_solve"(%a, %b) {
    left_side = false, lower = true, unit_diagonal = false,
    transpose_a = #stablehlo<transpose NO_TRANSPOSE>
  } : (tensor<4x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func @triangular_solve_left_transposed
func.func @triangular_solve_left_transposed(%a: tensor<2x5x5xf32>, %b: tensor<2x5x7xf32>) -> tensor<2x5x7xf32> {
  // op(a) @ x = b with op(a) = a^T: a's columns pair with b's rows (j), b's
  // columns with x's (k), a's rows with x's rows (l); the batch dim is i.
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, j], [i, j, k])->([i, l, k]) {i=2, j=5, k=7, l=5} need_replication={j, k, l}>
  %0 = "stablehlo.triangular_solve"(%a, %b) {
    left_side = true, lower = true, unit_diagonal = false,
    transpose_a = #stablehlo<transpose TRANSPOSE>
  } : (tensor<2x5x5xf32>, tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
  return %0 : tensor<2x5x7xf32>
}

// -----

// CHECK-LABEL: func @rfft_last_dim
func.func @rfft_last_dim(%a: tensor<2x8xf32>) -> tensor<2x5xcomplex<f32>> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=8} need_replication={j} blocked_propagation={j}>
  %0 = stablehlo.fft %a, type = RFFT, length = [8] : (tensor<2x8xf32>) -> tensor<2x5xcomplex<f32>>
  return %0 : tensor<2x5xcomplex<f32>>
}

// -----

// CHECK-LABEL: func @batch_norm_feature_last
func.func @batch_norm_feature_last(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j], [j], [j], [j])->([i, j]) {i=2, j=3}>
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-05 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @rng_bit_generator_state_replicated
func.func @rng_bit_generator_state_replicated(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4xui32>) {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i], [j, k]) {i=2, j=3, k=4} need_replication={i} blocked_propagation={i}>
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<3x4xui32>
}

// -----

// CHECK-LABEL: func @custom_call_eigh
func.func @custom_call_eigh(%a: tensor<5x3x3xf32>) -> (tensor<5x3x3xf32>, tensor<5x3xf32>) {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k], [i, k]) {i=5, j=3, k=3}>
  %0:2 = stablehlo.custom_call @Eigh(%a) : (tensor<5x3x3xf32>) -> (tensor<5x3x3xf32>, tensor<5x3xf32>)
  return %0#0, %0#1 : tensor<5x3x3xf32>, tensor<5x3xf32>
}

// -----

// CHECK-LABEL: func @custom_call_qr
func.func @custom_call_qr(%a: tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<4xf32>) {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j], [k]) {i=6, j=4, k=4} need_replication={i, j, k}>
  %0:2 = stablehlo.custom_call @Qr(%a) : (tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<6x4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func @custom_call_householder
func.func @custom_call_householder(%a: tensor<6x4xf32>, %taus: tensor<4xf32>) -> tensor<6x4xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([i, j]) {i=6, j=4, k=4} need_replication={i, j, k}>
  %0 = stablehlo.custom_call @ProductOfElementaryHouseholderReflectors(%a, %taus) : (tensor<6x4xf32>, tensor<4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// CHECK-LABEL: func @custom_call_topk
func.func @custom_call_topk(%a: tensor<6x10xf32>) -> (tensor<6x3xf32>, tensor<6x3xi32>) {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j], [i, j]) {i=6, j=10} need_replication={j} blocked_propagation={j}>
  %0:2 = stablehlo.custom_call @mhlo.topk(%a) : (tensor<6x10xf32>) -> (tensor<6x3xf32>, tensor<6x3xi32>)
  return %0#0, %0#1 : tensor<6x3xf32>, tensor<6x3xi32>
}

// -----

// CHECK-LABEL: func @custom_call_approx_topk
func.func @custom_call_approx_topk(%a: tensor<6x10xf32>, %iota: tensor<6x10xi32>, %v: tensor<f32>, %i: tensor<i32>) -> (tensor<6x3xf32>, tensor<6x3xi32>) {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [], [])->([i, k], [i, k]) {i=6, j=10, k=3} need_replication={k} blocked_propagation={k}>
  %0:2 = stablehlo.custom_call @PartialReduce(%a, %iota, %v, %i) : (tensor<6x10xf32>, tensor<6x10xi32>, tensor<f32>, tensor<i32>) -> (tensor<6x3xf32>, tensor<6x3xi32>)
  return %0#0, %0#1 : tensor<6x3xf32>, tensor<6x3xi32>
}

// -----

// CHECK-LABEL: func @custom_call_x64_combine_feeding_rng
func.func @custom_call_x64_combine_feeding_rng(%hi: tensor<2xui32>, %lo: tensor<2xui32>) -> tensor<4xui32> {
  // CHECK: stablehlo.custom_call @X64Combine({{.*}}) {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2} need_replication={i} blocked_propagation={i}>}
  %0 = stablehlo.custom_call @X64Combine(%hi, %lo) : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xui64>
  %1:2 = stablehlo.rng_bit_generator %0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  return %1#1 : tensor<4xui32>
}

// -----

// CHECK-LABEL: func @custom_call_x64_combine_pointwise
func.func @custom_call_x64_combine_pointwise(%hi: tensor<3xui32>, %lo: tensor<3xui32>) -> tensor<3xui64> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=3}>
  %0 = stablehlo.custom_call @X64Combine(%hi, %lo) : (tensor<3xui32>, tensor<3xui32>) -> tensor<3xui64>
  return %0 : tensor<3xui64>
}

// -----

// CHECK-LABEL: func @custom_call_move_to_host
func.func @custom_call_move_to_host(%a: tensor<2x7xf32>) -> tensor<2x7xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=7}>
  %0 = stablehlo.custom_call @MoveToHost(%a) : (tensor<2x7xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

// CHECK-LABEL: func @custom_call_python_callback_has_no_rule
func.func @custom_call_python_callback_has_no_rule(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-NOT: sdy.sharding_rule
  %0 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
