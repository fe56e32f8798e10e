// chlo ops: special-function edge cases, integer and bit-level ops, broadcasting, top_k, scan, ragged_dot.
func.func @main() {
  %x = stablehlo.constant dense<[0.0, -1.0, -2.0, 1.0, 2.0, 0.5, 0x7FF0000000000000, 0xFFF0000000000000]> : tensor<8xf64>
  %l = chlo.lgamma %x : tensor<8xf64> -> tensor<8xf64>
  check.expect_almost_eq_const %l, dense<[0x7FF0000000000000, 0x7FF0000000000000, 0x7FF0000000000000, 0.0, 0.0, 0.5723649429247001, 0x7FF0000000000000, 0x7FF0000000000000]> : tensor<8xf64>
  return
}

// -----

// Digamma: NaN at the poles, -γ at 1, reflection below 1/2.
func.func @main() {
  %x = stablehlo.constant dense<[0.0, -1.0, 1.0, 0.5, -0.5, 10.0, 0x7FF0000000000000]> : tensor<7xf64>
  %d = chlo.digamma %x : tensor<7xf64> -> tensor<7xf64>
  check.expect_almost_eq_const %d, dense<[0x7FF8000000000000, 0x7FF8000000000000, -0.5772156649015329, -1.9635100260214235, 0.03648997397857652, 2.251752589066721, 0x7FF0000000000000]> : tensor<7xf64>
  return
}

// -----

// erf_inv: ±inf at ±1, NaN outside [-1, 1], odd; erf(erf_inv(y)) = y.
func.func @main() {
  %y = stablehlo.constant dense<[1.0, -1.0, 0.0, -0.0, 0.5, -0.999, 2.0]> : tensor<7xf64>
  %r = chlo.erf_inv %y : tensor<7xf64> -> tensor<7xf64>
  check.expect_almost_eq_const %r, dense<[0x7FF0000000000000, 0xFFF0000000000000, 0.0, -0.0, 0.4769362762044699, -2.3267537655135246, 0x7FF8000000000000]> : tensor<7xf64>
  %z = stablehlo.constant dense<[0.25, 0.9999]> : tensor<2xf32>
  %w = chlo.erf_inv %z : tensor<2xf32> -> tensor<2xf32>
  %e = chlo.erf %w : tensor<2xf32> -> tensor<2xf32>
  check.expect_almost_eq_const %e, dense<[0.25, 0.9999]> : tensor<2xf32>
  return
}

// -----

// bessel_i1e is odd; its large-argument tail is 1/sqrt(2πx).
func.func @main() {
  %x = stablehlo.constant dense<[0.0, 1.0, -1.0, 50.0, 0x7FF0000000000000]> : tensor<5xf64>
  %r = chlo.bessel_i1e %x : tensor<5xf64> -> tensor<5xf64>
  check.expect_almost_eq_const %r, dense<[0.0, 0.2079104153497085, -0.2079104153497085, 0.055993123892895395, 0.0]> : tensor<5xf64>
  return
}

// -----

// is_inf and friends.
func.func @main() {
  %x = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, 1.0]> : tensor<4xf32>
  %a = chlo.is_inf %x : tensor<4xf32> -> tensor<4xi1>
  %n = chlo.is_neg_inf %x : tensor<4xf32> -> tensor<4xi1>
  %p = chlo.is_pos_inf %x : tensor<4xf32> -> tensor<4xi1>
  check.expect_eq_const %a, dense<[true, true, false, false]> : tensor<4xi1>
  check.expect_eq_const %n, dense<[false, true, false, false]> : tensor<4xi1>
  check.expect_eq_const %p, dense<[true, false, false, false]> : tensor<4xi1>
  return
}

// -----

// mulhi of extreme values.
func.func @main() {
  %a = stablehlo.constant dense<[-128, -128, 127, -1]> : tensor<4xi8>
  %b = stablehlo.constant dense<[-128, 127, 127, 1]> : tensor<4xi8>
  %r = chlo.mulhi %a, %b : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  check.expect_eq_const %r, dense<[64, -64, 63, -1]> : tensor<4xi8>
  %c = stablehlo.constant dense<[18446744073709551615, 4294967296]> : tensor<2xui64>
  %s = chlo.mulhi %c, %c : tensor<2xui64>, tensor<2xui64> -> tensor<2xui64>
  check.expect_eq_const %s, dense<[18446744073709551614, 1]> : tensor<2xui64>
  return
}

// -----

// next_after toward ±inf, from ±0, equal operands, NaN.
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 1.0, 0.0, -0.0, 2.0, 0x7FC00000, 0x7F7FFFFF]> : tensor<7xf32>
  %y = stablehlo.constant dense<[0x7F800000, 0xFF800000, -1.0, 1.0, 2.0, 1.0, 0x7F800000]> : tensor<7xf32>
  %r = chlo.next_after %x, %y : tensor<7xf32>, tensor<7xf32> -> tensor<7xf32>
  %b = stablehlo.bitcast_convert %r : (tensor<7xf32>) -> tensor<7xi32>
  check.expect_eq_const %b, dense<[1065353217, 1065353215, -2147483647, 1, 1073741824, 2143289344, 2139095040]> : tensor<7xi32>
  return
}

// -----

// Broadcasting: a row against a column, with and without broadcast_dimensions.
func.func @main() {
  %a = stablehlo.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %b = stablehlo.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %r = chlo.broadcast_add %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[11.0, 21.0, 31.0], [12.0, 22.0, 32.0]]> : tensor<2x3xf32>
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %v = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
  %s = chlo.broadcast_multiply %m, %v {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %s, dense<[[10, 20, 30], [80, 100, 120]]> : tensor<2x3xi32>
  %c = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %sel = chlo.broadcast_select %c, %r, %z : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  check.expect_eq_const %sel, dense<[[11.0, 21.0, 31.0], [12.0, 22.0, 32.0]]> : tensor<2x3xf32>
  return
}

// -----

// top_k: descending, ties by lower index, NaN above everything.
func.func @main() {
  %x = stablehlo.constant dense<[[3.0, 1.0, 3.0, 0x7FC00000], [-0.0, 0.0, 0xFF800000, 2.0]]> : tensor<2x4xf32>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x4xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  check.expect_eq_const %i, dense<[[3, 0, 2], [3, 1, 0]]> : tensor<2x3xi32>
  %y = stablehlo.constant dense<[5, 7, 5, 7]> : tensor<4xi32>
  %w, %j = chlo.top_k(%y, k = 4) : tensor<4xi32> -> (tensor<4xi32>, tensor<4xi32>)
  check.expect_eq_const %w, dense<[7, 7, 5, 5]> : tensor<4xi32>
  check.expect_eq_const %j, dense<[1, 3, 0, 2]> : tensor<4xi32>
  return
}

// -----

// A running product with chlo.scan, reversed.
func.func @main() {
  %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = chlo.scan(%x) inits(%one) dimension=0 attributes {is_reverse = true} {
  ^bb0(%a: tensor<i32>, %c: tensor<i32>):
    %p = stablehlo.multiply %a, %c : tensor<i32>
    stablehlo.return %p, %p : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  check.expect_eq_const %0#0, dense<[24, 24, 12, 4]> : tensor<4xi32>
  check.expect_eq_const %0#1, dense<24> : tensor<i32>
  return
}

// -----

// ragged_dot, ragged non-contracting dimension: rows [0, 1) use group 0, [1, 3) group 1, row 3 none.
func.func @main() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %rhs = stablehlo.constant dense<[[[1.0], [0.0]], [[0.0], [1.0]]]> : tensor<2x2x1xf32>
  %gs = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<4x2xf32>, tensor<2x2x1xf32>, tensor<2xi32>) -> tensor<4x1xf32>
  check.expect_eq_const %r, dense<[[1.0], [4.0], [6.0], [0.0]]> : tensor<4x1xf32>
  return
}

// -----

// Complex square, conj, and the integer square.
func.func @main() {
  %z = stablehlo.constant dense<[(1.0, 2.0), (0.0, -1.0)]> : tensor<2xcomplex<f64>>
  %s = chlo.square %z : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  check.expect_eq_const %s, dense<[(-3.0, 4.0), (-1.0, -0.0)]> : tensor<2xcomplex<f64>>
  %c = chlo.conj %z : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  check.expect_eq_const %c, dense<[(1.0, -2.0), (0.0, 1.0)]> : tensor<2xcomplex<f64>>
  %i = stablehlo.constant dense<[-3, 16]> : tensor<2xi8>
  %q = chlo.square %i : tensor<2xi8> -> tensor<2xi8>
  check.expect_eq_const %q, dense<[9, 0]> : tensor<2xi8>
  return
}
