// Negative tests of the verifier's CHLO rules (and those of the MHLO ops
// XLA leaves in StableHLO modules): one case per rule label, each directive
// naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// chlo_operand_types
func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{[chlo_operand_types] operand #0 must be tensor of floating-point type values, but got 'tensor<2xi32>'}}
  %0 = "chlo.erf"(%x) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// chlo_unary_c1
func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{[chlo_unary_c1] inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  %0 = "chlo.acos"(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// chlo_is_inf_c1
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{[chlo_is_inf_c1] inferred type(s) 'tensor<2xi1>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  %0 = "chlo.is_inf"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// chlo_binary_c1
func.func @main(%x: tensor<2xi32>, %y: tensor<3xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{[chlo_binary_c1] requires compatible types for all operands and results}}
  %0 = "chlo.mulhi"(%x, %y) : (tensor<2xi32>, tensor<3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// chlo_broadcast_c1
func.func @main(%x: tensor<2xf32>, %y: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error @+1 {{[chlo_broadcast_c1] mismatched operand types}}
  %0 = "chlo.broadcast_add"(%x, %y) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// chlo_broadcast_c2
func.func @main(%x: tensor<2x3xf32>, %y: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[chlo_broadcast_c2] shapes [2, 3] and [4] cannot be broadcast together}}
  %0 = "chlo.broadcast_multiply"(%x, %y) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// chlo_broadcast_c3
func.func @main(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{[chlo_broadcast_c3] inferred shape '[2, 3]' is incompatible with return type of operation 'tensor<3x3xf32>'}}
  %0 = "chlo.broadcast_subtract"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// chlo_broadcast_select_c1
func.func @main(%p: tensor<2xi1>, %x: tensor<2xf32>, %y: tensor<2xf16>) -> tensor<2xf32> {
  // expected-error @+1 {{[chlo_broadcast_select_c1] mismatched operand types}}
  %0 = "chlo.broadcast_select"(%p, %x, %y) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// chlo_broadcast_select_c2
func.func @main(%p: tensor<3xi1>, %x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{[chlo_broadcast_select_c2] shapes [3], [2] and [2] cannot be broadcast together}}
  %0 = "chlo.broadcast_select"(%p, %x, %y) : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// chlo_constant_c1
func.func @main() -> tensor<3xf32> {
  // expected-error @+1 {{[chlo_constant_c1] inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  %0 = "chlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// chlo_constant_like_c1
func.func @main(%x: tensor<2xi64>) -> tensor<2xi32> {
  // expected-error @+1 {{[chlo_constant_like_c1] value's type doesn't match element return type}}
  %0 = "chlo.constant_like"(%x) {value = 3.2 : f32} : (tensor<2xi64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// chlo_constant_like_c2
func.func @main(%x: tensor<2xi64>) -> tensor<3xf32> {
  // expected-error @+1 {{[chlo_constant_like_c2] inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  %0 = "chlo.constant_like"(%x) {value = 3.2 : f32} : (tensor<2xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// chlo_top_k_c1
func.func @main(%x: tensor<f32>) -> tensor<1xf32> {
  // expected-error @+1 {{[chlo_top_k_c1] operand's rank must be at least 1}}
  %0:2 = "chlo.top_k"(%x) {k = 1 : i64} : (tensor<f32>) -> (tensor<1xf32>, tensor<1xi32>)
  return %0#0 : tensor<1xf32>
}

// -----

// chlo_top_k_c2
func.func @main(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{[chlo_top_k_c2] operand's last dimension must be at least 8}}
  %0:2 = "chlo.top_k"(%x) {k = 8 : i64} : (tensor<4xf32>) -> (tensor<8xf32>, tensor<8xi32>)
  return %0#0 : tensor<8xf32>
}

// -----

// chlo_top_k_c3
func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{[chlo_top_k_c3] inferred type(s) 'tensor<2xi32>' are incompatible with return type(s) of operation 'tensor<2xi64>'}}
  %0:2 = "chlo.top_k"(%x) {k = 2 : i64} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi64>)
  return %0#0 : tensor<2xf32>
}

// -----

// chlo_ragged_dot_c1
func.func @main(%a: tensor<11x5xf32>, %b: tensor<3x7x5xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{[chlo_ragged_dot_c1] lhs and rhs should have the same number of contracting dimensions}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x7x5xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

// chlo_ragged_dot_c2
func.func @main(%a: tensor<11x5xf32>, %b: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{[chlo_ragged_dot_c2] There must be exactly one ragged dimension in the lhs.}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

// chlo_ragged_dot_c3
func.func @main(%a: tensor<11x5xf32>, %b: tensor<3x5x7xf32>, %g: tensor<2x3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{[chlo_ragged_dot_c3] expected group_sizes to have rank 1, got 2}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<2x3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

// chlo_ragged_dot_c4
func.func @main(%a: tensor<11x5xf32>, %b: tensor<3x5x7xf32>, %g: tensor<4xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{[chlo_ragged_dot_c4] rhs group dimension is expected to have size=4, got 3}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<4xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

// chlo_ragged_dot_c5
func.func @main(%a: tensor<11x5xf32>, %b: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x8xf32> {
  // expected-error @+1 {{[chlo_ragged_dot_c5] inferred shape '[11, 7]' is incompatible with return type of operation 'tensor<11x8xf32>'}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x8xf32>
  return %0 : tensor<11x8xf32>
}

// -----

// chlo_scan_c2
func.func @main(%x: tensor<4xi32>, %i: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{[chlo_scan_c2] scan dimension of operand 0 is out of bounds}}
  %0:2 = chlo.scan(%x) inits(%i) dimension=1 {
  ^bb0(%a: tensor<i32>, %c: tensor<i32>):
    stablehlo.return %a, %c : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return %0#1 : tensor<i32>
}

// -----

// chlo_scan_c3
func.func @main(%x: tensor<4xi32>, %i: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{[chlo_scan_c3] operand and body argument 0 are incompatible}}
  %0:2 = chlo.scan(%x) inits(%i) dimension=0 {
  ^bb0(%a: tensor<f32>, %c: tensor<i32>):
    stablehlo.return %c, %c : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return %0#1 : tensor<i32>
}

// -----

// chlo_scan_c4
func.func @main(%x: tensor<4xi32>, %i: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{[chlo_scan_c4] inferred type(s) 'tensor<4xi32>' are incompatible with return type(s) of operation 'tensor<5xi32>'}}
  %0:2 = chlo.scan(%x) inits(%i) dimension=0 {
  ^bb0(%a: tensor<i32>, %c: tensor<i32>):
    stablehlo.return %a, %c : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<5xi32>, tensor<i32>)
  return %0#1 : tensor<i32>
}

// -----

// chlo_scan_c1
func.func @main(%i: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{[chlo_scan_c1] at least one of inputs or outputs must be present}}
  %0 = chlo.scan() inits(%i) dimension=0 {
  ^bb0(%c: tensor<i32>):
    stablehlo.return %c : tensor<i32>
  } : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// mhlo_pass_through_c1
func.func @main(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{[mhlo_pass_through_c1] inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf64>'}}
  %0 = "mhlo.copy"(%x) : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// mhlo_bitcast_c1
func.func @main(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{[mhlo_bitcast_c1] expects static operand and result types of the same size in bits, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = "mhlo.bitcast"(%x) : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}
