// Edge cases (NaN, ±inf, -0.0, empty tensors, rank 0) across the op families.
// compare: FLOAT treats NaN as unordered and -0.0 == 0.0; TOTALORDER orders them.
func.func @main() {
  %a = stablehlo.constant dense<[0x7FC00000, -0.0, 1.0, 0x7F800000]> : tensor<4xf32>
  %b = stablehlo.constant dense<[0x7FC00000, 0.0, 0x7FC00000, 0x7F800000]> : tensor<4xf32>
  %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, true]> : tensor<4xi1>
  %ne = stablehlo.compare NE, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, false]> : tensor<4xi1>
  %teq = stablehlo.compare EQ, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %teq, dense<[true, false, false, true]> : tensor<4xi1>
  %tlt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %tlt, dense<[false, true, true, false]> : tensor<4xi1>
  %e = stablehlo.constant dense<0.0> : tensor<0xf32>
  %ee = stablehlo.compare GT, %e, %e : (tensor<0xf32>, tensor<0xf32>) -> tensor<0xi1>
  %s = stablehlo.constant dense<-0.0> : tensor<f32>
  %s0 = stablehlo.constant dense<0.0> : tensor<f32>
  %sge = stablehlo.compare GE, %s, %s0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %sge, dense<true> : tensor<i1>
  func.return
}

// -----

// select and clamp keep NaN and -0.0; clamp propagates NaN.
func.func @main() {
  %p = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %x = stablehlo.constant dense<[0x7FC00000, 1.0]> : tensor<2xf32>
  %y = stablehlo.constant dense<[2.0, -0.0]> : tensor<2xf32>
  %r = stablehlo.select %p, %x, %y : tensor<2xi1>, tensor<2xf32>
  %rb = stablehlo.bitcast_convert %r : (tensor<2xf32>) -> tensor<2xui32>
  check.expect_eq_const %rb, dense<[2143289344, 2147483648]> : tensor<2xui32>
  %lo = stablehlo.constant dense<0.0> : tensor<f32>
  %hi = stablehlo.constant dense<3.0> : tensor<f32>
  %v = stablehlo.constant dense<[0x7FC00000, -1.0, 5.0, 0xFF800000]> : tensor<4xf32>
  %c = stablehlo.clamp %lo, %v, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %cn = stablehlo.compare NE, %c, %c : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %cn, dense<[true, false, false, false]> : tensor<4xi1>
  %cs = stablehlo.slice %c [1:4] : (tensor<4xf32>) -> tensor<3xf32>
  check.expect_eq_const %cs, dense<[0.0, 3.0, 0.0]> : tensor<3xf32>
  %sp = stablehlo.constant dense<false> : tensor<i1>
  %sr = stablehlo.select %sp, %lo, %hi : tensor<i1>, tensor<f32>
  check.expect_eq_const %sr, dense<3.0> : tensor<f32>
  func.return
}

// -----

// convert: float to integer truncates and saturates, NaN becomes 0; float to i1 is "not zero".
func.func @main() {
  %x = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, -0.0, 2.7, -2.7, 3.0e9]> : tensor<7xf32>
  %i = stablehlo.convert %x : (tensor<7xf32>) -> tensor<7xi32>
  check.expect_eq_const %i, dense<[0, 2147483647, -2147483648, 0, 2, -2, 2147483647]> : tensor<7xi32>
  %u = stablehlo.convert %x : (tensor<7xf32>) -> tensor<7xui8>
  check.expect_eq_const %u, dense<[0, 255, 0, 0, 2, 0, 255]> : tensor<7xui8>
  %z = stablehlo.constant dense<[0.0, -0.0, 0x7FC00000, 2.0]> : tensor<4xf32>
  %b = stablehlo.convert %z : (tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %b, dense<[false, false, true, true]> : tensor<4xi1>
  %h = stablehlo.convert %x : (tensor<7xf32>) -> tensor<7xf16>
  %hb = stablehlo.bitcast_convert %h : (tensor<7xf16>) -> tensor<7xui16>
  // 3e9 overflows f16 to infinity; -0.0 keeps its sign.
  %hs = stablehlo.slice %hb [1:7] : (tensor<7xui16>) -> tensor<6xui16>
  check.expect_eq_const %hs, dense<[31744, 64512, 32768, 16742, 49510, 31744]> : tensor<6xui16>
  %e = stablehlo.constant dense<1.0> : tensor<2x0xf32>
  %ec = stablehlo.convert %e : (tensor<2x0xf32>) -> tensor<2x0xi64>
  func.return
}

// -----

// reduce_precision keeps infinities, NaN and -0.0, and overflows to infinity.
func.func @main() {
  %x = stablehlo.constant dense<[0x7F800000, -0.0, 1.0e6, 1.0]> : tensor<4xf32>
  %r = stablehlo.reduce_precision %x, format = e5m2 : tensor<4xf32>
  %r_bits = stablehlo.bitcast_convert %r : (tensor<4xf32>) -> tensor<4xui32>
  check.expect_eq_const %r_bits, dense<[2139095040, 2147483648, 2139095040, 1065353216]> : tensor<4xui32>
  %n = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %rn = stablehlo.reduce_precision %n, format = e5m2 : tensor<f32>
  %isnan = stablehlo.compare NE, %rn, %rn : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %isnan, dense<true> : tensor<i1>
  func.return
}

// -----

// Shape ops on empty and rank-0 tensors.
func.func @main() {
  %e = stablehlo.constant dense<1.0> : tensor<0x2xf32>
  %o = stablehlo.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %c = stablehlo.concatenate %e, %o, dim = 0 : (tensor<0x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
  check.expect_eq_const %c, dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %t = stablehlo.transpose %e, dims = [1, 0] : (tensor<0x2xf32>) -> tensor<2x0xf32>
  %v = stablehlo.constant dense<-0.0> : tensor<f32>
  %e1 = stablehlo.constant dense<1.0> : tensor<0xf32>
  %p = stablehlo.pad %e1, %v, low = [1], high = [1], interior = [0] : (tensor<0xf32>, tensor<f32>) -> tensor<2xf32>
  %p_bits = stablehlo.bitcast_convert %p : (tensor<2xf32>) -> tensor<2xui32>
  check.expect_eq_const %p_bits, dense<2147483648> : tensor<2xui32>
  %s = stablehlo.constant dense<7> : tensor<i32>
  %r = stablehlo.reverse %s, dims = [] : tensor<i32>
  check.expect_eq_const %r, dense<7> : tensor<i32>
  %rs = stablehlo.reshape %s : (tensor<i32>) -> tensor<1x1xi32>
  check.expect_eq_const %rs, dense<7> : tensor<1x1xi32>
  %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<i32>) -> tensor<2x0xi32>
  %i = stablehlo.iota dim = 1 : tensor<0x3xi32>
  %u = stablehlo.constant dense<9> : tensor<i32>
  %d = "stablehlo.dynamic_update_slice"(%s, %u) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %d, dense<9> : tensor<i32>
  %ds = "stablehlo.dynamic_slice"(%s) {slice_sizes = array<i64>} : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %ds, dense<7> : tensor<i32>
  func.return
}

// -----

// Reductions: an empty reduction returns the init value (-0.0 stays -0.0); NaN propagates through max.
func.func @main() {
  %e = stablehlo.constant dense<1.0> : tensor<0xf32>
  %z = stablehlo.constant dense<-0.0> : tensor<f32>
  %r = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [0] : (tensor<0xf32>, tensor<f32>) -> tensor<f32>
  %r_bits = stablehlo.bitcast_convert %r : (tensor<f32>) -> tensor<ui32>
  check.expect_eq_const %r_bits, dense<2147483648> : tensor<ui32>
  %x = stablehlo.constant dense<[[1.0, 0x7FC00000], [0xFF800000, 2.0]]> : tensor<2x2xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
  %mn = stablehlo.compare NE, %m, %m : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  check.expect_eq_const %mn, dense<[true, false]> : tensor<2xi1>
  %w = "stablehlo.reduce_window"(%e, %z) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1>, padding = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<0xf32>, tensor<f32>) -> tensor<2xf32>
  %w_bits = stablehlo.bitcast_convert %w : (tensor<2xf32>) -> tensor<2xui32>
  check.expect_eq_const %w_bits, dense<2147483648> : tensor<2xui32>
  func.return
}

// -----

// sort with a TOTALORDER comparator puts -inf, -0.0, 0.0, finite, NaN in order, stably.
func.func @main() {
  %x = stablehlo.constant dense<[3.0, 0x7FC00000, 0.0, -0.0, 0xFF800000]> : tensor<5xf32>
  %i = stablehlo.iota dim = 0 : tensor<5xi32>
  %s:2 = "stablehlo.sort"(%x, %i) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
      %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  check.expect_eq_const %s#1, dense<[4, 3, 2, 0, 1]> : tensor<5xi32>
  %e = stablehlo.constant dense<1.0> : tensor<0xf32>
  %se = "stablehlo.sort"(%e) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<0xf32>) -> tensor<0xf32>
  func.return
}

// -----

// dot_general over an empty contracting dimension gives zeros; NaN and infinity propagate.
func.func @main() {
  %a = stablehlo.constant dense<1.0> : tensor<2x0xf32>
  %b = stablehlo.constant dense<1.0> : tensor<0x3xf32>
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %d, dense<0.0> : tensor<2x3xf32>
  %x = stablehlo.constant dense<[[0x7F800000, 1.0]]> : tensor<1x2xf32>
  %y = stablehlo.constant dense<[[0.0], [1.0]]> : tensor<2x1xf32>
  %xy = stablehlo.dot %x, %y : (tensor<1x2xf32>, tensor<2x1xf32>) -> tensor<1x1xf32>
  %nan = stablehlo.compare NE, %xy, %xy : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xi1>
  check.expect_eq_const %nan, dense<true> : tensor<1x1xi1>
  %s = stablehlo.constant dense<3> : tensor<i32>
  %ss = stablehlo.dot_general %s, %s, contracting_dims = [] x [] : (tensor<i32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %ss, dense<9> : tensor<i32>
  func.return
}

// -----

// Control flow: while with no iteration, case with an out-of-range index takes the last branch,
// tuples and optimization_barrier pass values through.
func.func @main() {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %w = stablehlo.while(%it = %zero) : tensor<i32>
    cond {
      %f = stablehlo.compare LT, %it, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %f : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %n = stablehlo.add %it, %one : tensor<i32>
      stablehlo.return %n : tensor<i32>
    }
  check.expect_eq_const %w, dense<0> : tensor<i32>
  %idx = stablehlo.constant dense<-1> : tensor<i32>
  %c = "stablehlo.case"(%idx) ({
    %a = stablehlo.constant dense<10> : tensor<i32>
    stablehlo.return %a : tensor<i32>
  }, {
    %b = stablehlo.constant dense<20> : tensor<i32>
    stablehlo.return %b : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %c, dense<20> : tensor<i32>
  %t = stablehlo.tuple %w, %c : tuple<tensor<i32>, tensor<i32>>
  %g = stablehlo.get_tuple_element %t[1] : (tuple<tensor<i32>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %g, dense<20> : tensor<i32>
  %nz = stablehlo.constant dense<-0.0> : tensor<f32>
  %ob = stablehlo.optimization_barrier %nz : tensor<f32>
  %ob_bits = stablehlo.bitcast_convert %ob : (tensor<f32>) -> tensor<ui32>
  check.expect_eq_const %ob_bits, dense<2147483648> : tensor<ui32>
  func.return
}

// -----

// Unary math at the special points.
func.func @main() {
  %nz = stablehlo.constant dense<[-0.0, -0.0, -0.0, -0.0]> : tensor<4xf32>
  %a = stablehlo.exponential_minus_one %nz : tensor<4xf32>
  %b = stablehlo.log_plus_one %nz : tensor<4xf32>
  %c = stablehlo.sqrt %nz : tensor<4xf32>
  %d = stablehlo.ceil %nz : tensor<4xf32>
  %ab = stablehlo.bitcast_convert %a : (tensor<4xf32>) -> tensor<4xui32>
  %bb = stablehlo.bitcast_convert %b : (tensor<4xf32>) -> tensor<4xui32>
  %cb = stablehlo.bitcast_convert %c : (tensor<4xf32>) -> tensor<4xui32>
  %db = stablehlo.bitcast_convert %d : (tensor<4xf32>) -> tensor<4xui32>
  check.expect_eq_const %ab, dense<2147483648> : tensor<4xui32>
  check.expect_eq_const %bb, dense<2147483648> : tensor<4xui32>
  check.expect_eq_const %cb, dense<2147483648> : tensor<4xui32>
  check.expect_eq_const %db, dense<2147483648> : tensor<4xui32>
  %r = stablehlo.rsqrt %nz : tensor<4xf32>
  check.expect_eq_const %r, dense<0xFF800000> : tensor<4xf32>
  %x = stablehlo.constant dense<[0.0, -1.0, 0x7F800000, 0xFF800000]> : tensor<4xf32>
  %l = stablehlo.log %x : tensor<4xf32>
  %ls = stablehlo.slice %l [0:1] : (tensor<4xf32>) -> tensor<1xf32>
  check.expect_eq_const %ls, dense<0xFF800000> : tensor<1xf32>
  %t = stablehlo.tanh %x : tensor<4xf32>
  %ts = stablehlo.slice %t [2:4] : (tensor<4xf32>) -> tensor<2xf32>
  check.expect_eq_const %ts, dense<[1.0, -1.0]> : tensor<2xf32>
  %g = stablehlo.logistic %x : tensor<4xf32>
  %gs = stablehlo.slice %g [2:4] : (tensor<4xf32>) -> tensor<2xf32>
  check.expect_eq_const %gs, dense<[1.0, 0.0]> : tensor<2xf32>
  %m8 = stablehlo.constant dense<-8.0> : tensor<f32>
  %cr = stablehlo.cbrt %m8 : tensor<f32>
  check.expect_eq_const %cr, dense<-2.0> : tensor<f32>
  %y = stablehlo.constant dense<[0.0, -0.0]> : tensor<2xf32>
  %xneg = stablehlo.constant dense<[-0.0, -0.0]> : tensor<2xf32>
  %at = stablehlo.atan2 %y, %xneg : tensor<2xf32>
  check.expect_eq_const %at, dense<[3.14159274, -3.14159274]> : tensor<2xf32>
  %cplx = stablehlo.constant dense<(3.0, 4.0)> : tensor<complex<f32>>
  %abs = stablehlo.abs %cplx : (tensor<complex<f32>>) -> tensor<f32>
  check.expect_eq_const %abs, dense<5.0> : tensor<f32>
  %ints = stablehlo.constant dense<[0, -1]> : tensor<2xi32>
  %pc = stablehlo.popcnt %ints : tensor<2xi32>
  check.expect_eq_const %pc, dense<[0, 32]> : tensor<2xi32>
  %clz = stablehlo.count_leading_zeros %ints : tensor<2xi32>
  check.expect_eq_const %clz, dense<[32, 0]> : tensor<2xi32>
  func.return
}

// -----

// uniform_quantize saturates at the storage range; dequantize maps back.
func.func @main() {
  %x = stablehlo.constant dense<[1000.0, -1000.0, 2.4, -0.0]> : tensor<4xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 1.0>>
  %d = stablehlo.uniform_dequantize %q : (tensor<4x!quant.uniform<i8:f32, 1.0>>) -> tensor<4xf32>
  check.expect_eq_const %d, dense<[127.0, -128.0, 2.0, 0.0]> : tensor<4xf32>
  func.return
}

// -----

// gather and scatter with empty index batches leave the operand alone; map over rank 0.
func.func @main() {
  %t = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %i = stablehlo.constant dense<0> : tensor<0x1xi32>
  %g = "stablehlo.gather"(%t, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 2>} : (tensor<3xf32>, tensor<0x1xi32>) -> tensor<0x2xf32>
  %u = stablehlo.constant dense<5.0> : tensor<0xf32>
  %s = "stablehlo.scatter"(%t, %i, %u) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xf32>, tensor<0x1xi32>, tensor<0xf32>) -> tensor<3xf32>
  check.expect_eq_const %s, dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %z = stablehlo.constant dense<-0.0> : tensor<f32>
  %m = "stablehlo.map"(%z, %z) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s2 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s2 : tensor<f32>
  }) {dimensions = array<i64>} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %m_bits = stablehlo.bitcast_convert %m : (tensor<f32>) -> tensor<ui32>
  check.expect_eq_const %m_bits, dense<2147483648> : tensor<ui32>
  func.return
}
