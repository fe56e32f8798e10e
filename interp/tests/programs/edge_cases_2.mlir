// More edge cases: convolution over an empty batch and with NaN, if, bitcast_convert across widths,
// composite, boolean logic, float division by signed zeros, integer power.
func.func @main() {
  %e = stablehlo.constant dense<1.0> : tensor<0x1x3xf32>
  %k = stablehlo.constant dense<1.0> : tensor<1x1x2xf32>
  %ce = "stablehlo.convolution"(%e, %k) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64} : (tensor<0x1x3xf32>, tensor<1x1x2xf32>) -> tensor<0x1x2xf32>
  %x = stablehlo.constant dense<[[[1.0, 0x7FC00000, 2.0, 3.0]]]> : tensor<1x1x4xf32>
  %c = "stablehlo.convolution"(%x, %k) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64} : (tensor<1x1x4xf32>, tensor<1x1x2xf32>) -> tensor<1x1x3xf32>
  %nan = stablehlo.compare NE, %c, %c : (tensor<1x1x3xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xi1>
  check.expect_eq_const %nan, dense<[[[true, true, false]]]> : tensor<1x1x3xi1>
  func.return
}

// -----

func.func @main() {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %r = "stablehlo.if"(%t) ({
    %a = stablehlo.constant dense<1> : tensor<i32>
    stablehlo.return %a : tensor<i32>
  }, {
    %b = stablehlo.constant dense<2> : tensor<i32>
    stablehlo.return %b : tensor<i32>
  }) : (tensor<i1>) -> tensor<i32>
  check.expect_eq_const %r, dense<1> : tensor<i32>
  // bitcast_convert: f32 → 2 × ui16 (little-endian halves) and back; -0.0 keeps its sign bit.
  %f = stablehlo.constant dense<[-0.0, 1.0]> : tensor<2xf32>
  %h = stablehlo.bitcast_convert %f : (tensor<2xf32>) -> tensor<2x2xui16>
  check.expect_eq_const %h, dense<[[0, 32768], [0, 16256]]> : tensor<2x2xui16>
  %back = stablehlo.bitcast_convert %h : (tensor<2x2xui16>) -> tensor<2xui32>
  check.expect_eq_const %back, dense<[2147483648, 1065353216]> : tensor<2xui32>
  // Boolean logic on i1, including xor and not.
  %p = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %q = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %and = stablehlo.and %p, %q : tensor<4xi1>
  %or = stablehlo.or %p, %q : tensor<4xi1>
  %xor = stablehlo.xor %p, %q : tensor<4xi1>
  %not = stablehlo.not %p : tensor<4xi1>
  check.expect_eq_const %and, dense<[true, false, false, false]> : tensor<4xi1>
  check.expect_eq_const %or, dense<[true, true, true, false]> : tensor<4xi1>
  check.expect_eq_const %xor, dense<[false, true, true, false]> : tensor<4xi1>
  check.expect_eq_const %not, dense<[false, false, true, true]> : tensor<4xi1>
  // x / ±0.0 is a signed infinity; 0/0 is NaN.
  %one = stablehlo.constant dense<[1.0, 1.0, 0.0]> : tensor<3xf32>
  %zs = stablehlo.constant dense<[0.0, -0.0, 0.0]> : tensor<3xf32>
  %d = stablehlo.divide %one, %zs : tensor<3xf32>
  %db = stablehlo.bitcast_convert %d : (tensor<3xf32>) -> tensor<3xui32>
  %d2 = stablehlo.slice %db [0:2] : (tensor<3xui32>) -> tensor<2xui32>
  check.expect_eq_const %d2, dense<[2139095040, 4286578688]> : tensor<2xui32>
  %dn = stablehlo.compare NE, %d, %d : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  check.expect_eq_const %dn, dense<[false, false, true]> : tensor<3xi1>
  // Integer power: exact with wrap-around; 1 and -1 to negative powers stay on the unit circle.
  %base = stablehlo.constant dense<[2, 3, 1, -1, 2]> : tensor<5xi32>
  %exp = stablehlo.constant dense<[10, 21, -3, -3, 0]> : tensor<5xi32>
  %pw = stablehlo.power %base, %exp : tensor<5xi32>
  check.expect_eq_const %pw, dense<[1024, 1870418611, 1, -1, 1]> : tensor<5xi32>
  func.return
}

// -----

func.func @main() {
  %x = stablehlo.constant dense<-0.0> : tensor<f32>
  %r = stablehlo.composite "test.neg" %x {decomposition = @neg} : (tensor<f32>) -> tensor<f32>
  %rb = stablehlo.bitcast_convert %r : (tensor<f32>) -> tensor<ui32>
  check.expect_eq_const %rb, dense<0> : tensor<ui32>
  func.return
}

func.func private @neg(%a: tensor<f32>) -> tensor<f32> {
  %n = stablehlo.negate %a : tensor<f32>
  func.return %n : tensor<f32>
}
