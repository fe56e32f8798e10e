// Region-carrying ops in the generic form.
func.func @main() {
  %x = "stablehlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %z = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[6, 15]> : tensor<2xi32>
  return
}

// -----

// A two-op body takes the generic path: sum of squares.
func.func @main() {
  %x = "stablehlo.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %z = "stablehlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %r = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = "stablehlo.multiply"(%b, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %s = "stablehlo.add"(%a, %m) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq_const %r, dense<14.0> : tensor<f32>
  return
}

// -----

// Variadic reduce: argmax as (max value, its index).
func.func @main() {
  %v = "stablehlo.constant"() {value = dense<[3, 9, 2, 9]> : tensor<4xi32>} : () -> tensor<4xi32>
  %i = "stablehlo.constant"() {value = dense<[0, 1, 2, 3]> : tensor<4xi32>} : () -> tensor<4xi32>
  %m = "stablehlo.constant"() {value = dense<-2147483648> : tensor<i32>} : () -> tensor<i32>
  %z = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r:2 = "stablehlo.reduce"(%v, %i, %m, %z) ({
  ^bb0(%av: tensor<i32>, %ai: tensor<i32>, %bv: tensor<i32>, %bi: tensor<i32>):
    %gt = "stablehlo.maximum"(%av, %bv) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %same = "stablehlo.subtract"(%gt, %av) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %keep = "stablehlo.convert"(%same) : (tensor<i32>) -> tensor<i1>
    %idx = "stablehlo.select"(%keep, %bi, %ai) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%gt, %idx) : (tensor<i32>, tensor<i32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<4xi32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  check.expect_eq_const %r#0, dense<9> : tensor<i32>
  check.expect_eq_const %r#1, dense<1> : tensor<i32>
  return
}

// -----

// Stable sort along dimension 1 with a comparator region.
func.func @main() {
  %k = "stablehlo.constant"() {value = dense<[[3, 1, 2], [1, 1, 0]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %p = "stablehlo.constant"() {value = dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %r:2 = "stablehlo.sort"(%k, %p) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = "stablehlo.subtract"(%b, %a) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %z = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %pos = "stablehlo.maximum"(%lt, %z) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %less = "stablehlo.convert"(%pos) : (tensor<i32>) -> tensor<i1>
    "stablehlo.return"(%less) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64, is_stable = true} : (tensor<2x3xi32>, tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>)
  check.expect_eq_const %r#0, dense<[[1, 2, 3], [0, 1, 1]]> : tensor<2x3xi32>
  check.expect_eq_const %r#1, dense<[[1, 2, 0], [2, 0, 1]]> : tensor<2x3xi32>
  return
}

// -----

func.func @main() {
  %x = "stablehlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %r = "stablehlo.map"(%x, %x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = "stablehlo.multiply"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %r, dense<[1.0, 4.0]> : tensor<2xf32>
  return
}

// -----

// reduce_window: 2-wide max windows with stride 1 and one element of padding on the left.
func.func @main() {
  %x = "stablehlo.constant"() {value = dense<[1, 5, 2, 4]> : tensor<4xi32>} : () -> tensor<4xi32>
  %m = "stablehlo.constant"() {value = dense<-100> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %m) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.maximum"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 2>, padding = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %r, dense<[1, 5, 5, 4]> : tensor<4xi32>
  return
}

// -----

// select_and_scatter: the gradient of a 2-wide max pool.
func.func @main() {
  %x = "stablehlo.constant"() {value = dense<[1, 5, 2, 4]> : tensor<4xi32>} : () -> tensor<4xi32>
  %g = "stablehlo.constant"() {value = dense<[10, 20]> : tensor<2xi32>} : () -> tensor<2xi32>
  %z = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.select_and_scatter"(%x, %g, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %d = "stablehlo.subtract"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %one = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %d1 = "stablehlo.add"(%d, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %zero = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %c = "stablehlo.maximum"(%d1, %zero) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %ge = "stablehlo.convert"(%c) : (tensor<i32>) -> tensor<i1>
    "stablehlo.return"(%ge) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xi32>, tensor<2xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %r, dense<[0, 10, 0, 20]> : tensor<4xi32>
  return
}

// -----

// expect-error: out of fuel
func.func @main() {
  %t = "stablehlo.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %r = "stablehlo.while"(%t) ({
  ^bb0(%c: tensor<i1>):
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%c: tensor<i1>):
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }) : (tensor<i1>) -> tensor<i1>
  return
}

// -----

// reduce_precision with no mantissa bits turns NaN into infinity; with some it stays NaN.
func.func @main() {
  %nan = "stablehlo.constant"() {value = dense<0x7FF8000000000001> : tensor<f64>} : () -> tensor<f64>
  %inf = "stablehlo.reduce_precision"(%nan) {exponent_bits = 5 : i32, mantissa_bits = 0 : i32} : (tensor<f64>) -> tensor<f64>
  check.expect_eq_const %inf, dense<0x7FF0000000000000> : tensor<f64>
  %still = "stablehlo.reduce_precision"(%nan) {exponent_bits = 5 : i32, mantissa_bits = 2 : i32} : (tensor<f64>) -> tensor<f64>
  %is_nan = "stablehlo.compare"(%still, %still) {comparison_direction = #stablehlo<comparison_direction NE>} : (tensor<f64>, tensor<f64>) -> tensor<i1>
  check.expect_eq_const %is_nan, dense<true> : tensor<i1>
  return
}

// -----

// A reduction of more than 4096 inputs per result folds in blocks of 4096
// from the init value, then folds the block results (ops::reduce). Counting
// with a body that ignores its element shows the schedule: the blocks count
// 4096, 4096 and 1808, and the two combining steps each add one.
func.func @main() {
  %x = stablehlo.constant dense<7> : tensor<10000xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %one = stablehlo.constant dense<1> : tensor<i32>
    %s = stablehlo.add %a, %one : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<10000xi32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %r, dense<4098> : tensor<i32>
  return
}

// -----

// The generic path (a two-op body) computes what the single-op fast path
// computes on a long f32 sum, whose value depends on the order.
func.func @main() {
  %i = stablehlo.iota dim = 0 : tensor<10000xf32>
  %c = stablehlo.constant dense<0.1> : tensor<10000xf32>
  %x = stablehlo.multiply %i, %c : tensor<10000xf32>
  %z = stablehlo.constant dense<0.5> : tensor<f32>
  %fast = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<10000xf32>, tensor<f32>) -> tensor<f32>
  %slow = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %one = stablehlo.constant dense<1.0> : tensor<f32>
    %m = stablehlo.multiply %b, %one : tensor<f32>
    %s = stablehlo.add %a, %m : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<10000xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq %fast, %slow : tensor<f32>
  // Blocked: 4999501.5 (a plain left fold from 0.5 gives 4999500.5).
  check.expect_eq_const %fast, dense<4999501.5> : tensor<f32>
  return
}
