// RUN: sdy_opt %s -sdy-populate-op-sharding-rules -split-input-file -verify-diagnostics | FileCheck %s
// Ops that get no rule, a rule the op already has, and the registry's
// once-per-process warnings about ops and custom-call targets it does not know.

// CHECK-LABEL: func @unknown_op_and_target_warn_once
func.func @unknown_op_and_target_warn_once(%a: tensor<4x2xf32>) -> (tensor<i32>, tensor<4x2xf32>) {
  // CHECK: stablehlo.get_dimension_size
  // CHECK-NOT: sdy.sharding_rule
  // CHECK: return
  // expected-warning@+1 {{op 'stablehlo.get_dimension_size' is unknown to SDY sharding rule registry}}
  %0 = stablehlo.get_dimension_size %a, dim = 0 : (tensor<4x2xf32>) -> tensor<i32>
  // expected-warning@+1 {{custom call @my_kernel is unknown to SDY sharding rule registry}}
  %1 = stablehlo.custom_call @my_kernel(%a) : (tensor<4x2xf32>) -> tensor<4x2xf32>
  // A second unknown target in the same process does not warn again.
  %2 = stablehlo.custom_call @my_other_kernel(%1) : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0, %2 : tensor<i32>, tensor<4x2xf32>
}

// -----

// CHECK-LABEL: func @warned_before_in_this_process
func.func @warned_before_in_this_process(%a: tensor<4x2xf32>) -> tensor<i32> {
  // The earlier chunk already warned about unknown ops.
  %0 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<4x2xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// CHECK-LABEL: func @while_constant_iota_have_no_rule
func.func @while_constant_iota_have_no_rule(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: stablehlo.constant dense<0> : tensor<i32>
  // CHECK-NEXT: stablehlo.constant dense<3> : tensor<i32>
  // CHECK-NEXT: stablehlo.iota dim = 0 : tensor<4xf32>
  // CHECK-NEXT: stablehlo.while
  // CHECK: stablehlo.compare {{.*}} {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>}
  // CHECK: stablehlo.add {{.*}} {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>}
  // CHECK: stablehlo.add {{.*}} {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=4}>}
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %io = stablehlo.iota dim = 0 : tensor<4xf32>
  %0:2 = stablehlo.while(%i = %c0, %acc = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %lt = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %next = stablehlo.add %i, %one : tensor<i32>
      %sum = stablehlo.add %acc, %io : tensor<4xf32>
      stablehlo.return %next, %sum : tensor<i32>, tensor<4xf32>
    }
  return %0#1 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func @own_rule_is_kept
func.func @own_rule_is_kept(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=3}, custom>
  %0 = stablehlo.add %a, %a {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=3}, custom>} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
