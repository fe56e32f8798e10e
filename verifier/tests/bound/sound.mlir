// Programs for the propagated rounding bound (`equiv::bound`, verifier/tests/bound.rs): each f32
// function @NAME has a twin @NAME_f64 with the same ops in f64, whose run stands for the exact
// evaluation (its own rounding is 2^-29 of f32's). The f32 run must lie within the propagated
// radius of the exact value at every element, on every trial.

// A sum with cancellation, then the elementwise ops an optimizer applies after it.
func.func @adam_like(%g: tensor<8x16xf32>, %m: tensor<16xf32>, %v: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%g init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
  %c = stablehlo.constant dense<0.1> : tensor<16xf32>
  %t = stablehlo.tanh %s : tensor<16xf32>
  %gs = stablehlo.multiply %t, %c : tensor<16xf32>
  %b1 = stablehlo.constant dense<0.9> : tensor<16xf32>
  %m9 = stablehlo.multiply %m, %b1 : tensor<16xf32>
  %m2 = stablehlo.add %m9, %gs : tensor<16xf32>
  %vv = stablehlo.multiply %v, %v : tensor<16xf32>
  %g2 = stablehlo.multiply %gs, %gs : tensor<16xf32>
  %v2 = stablehlo.add %vv, %g2 : tensor<16xf32>
  %sq = stablehlo.sqrt %v2 : tensor<16xf32>
  %eps = stablehlo.constant dense<1.0e-3> : tensor<16xf32>
  %den = stablehlo.add %sq, %eps : tensor<16xf32>
  %u = stablehlo.divide %m2, %den : tensor<16xf32>
  %e = stablehlo.exponential %u : tensor<16xf32>
  %l = stablehlo.log_plus_one %vv : tensor<16xf32>
  %r = stablehlo.subtract %e, %l : tensor<16xf32>
  return %u, %r : tensor<16xf32>, tensor<16xf32>
}
func.func @adam_like_f64(%g: tensor<8x16xf64>, %m: tensor<16xf64>, %v: tensor<16xf64>) -> (tensor<16xf64>, tensor<16xf64>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f64>
  %s = stablehlo.reduce(%g init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<8x16xf64>, tensor<f64>) -> tensor<16xf64>
  %c = stablehlo.constant dense<0.100000001490116119384765625> : tensor<16xf64>
  %t = stablehlo.tanh %s : tensor<16xf64>
  %gs = stablehlo.multiply %t, %c : tensor<16xf64>
  %b1 = stablehlo.constant dense<0.89999997615814208984375> : tensor<16xf64>
  %m9 = stablehlo.multiply %m, %b1 : tensor<16xf64>
  %m2 = stablehlo.add %m9, %gs : tensor<16xf64>
  %vv = stablehlo.multiply %v, %v : tensor<16xf64>
  %g2 = stablehlo.multiply %gs, %gs : tensor<16xf64>
  %v2 = stablehlo.add %vv, %g2 : tensor<16xf64>
  %sq = stablehlo.sqrt %v2 : tensor<16xf64>
  %eps = stablehlo.constant dense<0.001000000047497451305389404296875> : tensor<16xf64>
  %den = stablehlo.add %sq, %eps : tensor<16xf64>
  %u = stablehlo.divide %m2, %den : tensor<16xf64>
  %e = stablehlo.exponential %u : tensor<16xf64>
  %l = stablehlo.log_plus_one %vv : tensor<16xf64>
  %r = stablehlo.subtract %e, %l : tensor<16xf64>
  return %u, %r : tensor<16xf64>, tensor<16xf64>
}

// A matmul, a transpose and a broadcast, a logistic, a max-reduce and a select on a comparison.
func.func @mlp(%x: tensor<4x32xf32>, %w: tensor<32x8xf32>) -> (tensor<8x4xf32>, tensor<8xf32>) {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x32xf32>, tensor<32x8xf32>) -> tensor<4x8xf32>
  %k = stablehlo.constant dense<0.03> : tensor<f32>
  %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  %s = stablehlo.multiply %d, %kb : tensor<4x8xf32>
  %a = stablehlo.logistic %s : tensor<4x8xf32>
  %tr = stablehlo.transpose %a, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %mx = stablehlo.reduce(%d init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<8xf32>
  %p = stablehlo.compare GT, %mx, %z : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %n = stablehlo.negate %mx : tensor<8xf32>
  %sel = stablehlo.select %p, %mx, %n : tensor<8xi1>, tensor<8xf32>
  %c = stablehlo.cosine %sel : tensor<8xf32>
  return %tr, %c : tensor<8x4xf32>, tensor<8xf32>
}
func.func @mlp_f64(%x: tensor<4x32xf64>, %w: tensor<32x8xf64>) -> (tensor<8x4xf64>, tensor<8xf64>) {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x32xf64>, tensor<32x8xf64>) -> tensor<4x8xf64>
  %k = stablehlo.constant dense<0.02999999932944774627685546875> : tensor<f64>
  %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<f64>) -> tensor<4x8xf64>
  %s = stablehlo.multiply %d, %kb : tensor<4x8xf64>
  %a = stablehlo.logistic %s : tensor<4x8xf64>
  %tr = stablehlo.transpose %a, dims = [1, 0] : (tensor<4x8xf64>) -> tensor<8x4xf64>
  %ninf = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %mx = stablehlo.reduce(%d init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<4x8xf64>, tensor<f64>) -> tensor<8xf64>
  %z = stablehlo.constant dense<0.0> : tensor<8xf64>
  %p = stablehlo.compare GT, %mx, %z : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xi1>
  %n = stablehlo.negate %mx : tensor<8xf64>
  %sel = stablehlo.select %p, %mx, %n : tensor<8xi1>, tensor<8xf64>
  %c = stablehlo.cosine %sel : tensor<8xf64>
  return %tr, %c : tensor<8x4xf64>, tensor<8xf64>
}

// A loop: five damped steps x <- 0.9 * x + tanh(y * x) / 3.
func.func @loop(%x: tensor<16xf32>, %y: tensor<16xf32>) -> tensor<16xf32> {
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %i0, %a = %x) : tensor<i32>, tensor<16xf32>
   cond {
    %n = stablehlo.constant dense<5> : tensor<i32>
    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %k = stablehlo.constant dense<0.9> : tensor<16xf32>
    %three = stablehlo.constant dense<3.0> : tensor<16xf32>
    %d = stablehlo.multiply %a, %k : tensor<16xf32>
    %p = stablehlo.multiply %y, %a : tensor<16xf32>
    %t = stablehlo.tanh %p : tensor<16xf32>
    %q = stablehlo.divide %t, %three : tensor<16xf32>
    %b = stablehlo.add %d, %q : tensor<16xf32>
    stablehlo.return %j, %b : tensor<i32>, tensor<16xf32>
  }
  return %r#1 : tensor<16xf32>
}
func.func @loop_f64(%x: tensor<16xf64>, %y: tensor<16xf64>) -> tensor<16xf64> {
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %i0, %a = %x) : tensor<i32>, tensor<16xf64>
   cond {
    %n = stablehlo.constant dense<5> : tensor<i32>
    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %k = stablehlo.constant dense<0.89999997615814208984375> : tensor<16xf64>
    %three = stablehlo.constant dense<3.0> : tensor<16xf64>
    %d = stablehlo.multiply %a, %k : tensor<16xf64>
    %p = stablehlo.multiply %y, %a : tensor<16xf64>
    %t = stablehlo.tanh %p : tensor<16xf64>
    %q = stablehlo.divide %t, %three : tensor<16xf64>
    %b = stablehlo.add %d, %q : tensor<16xf64>
    stablehlo.return %j, %b : tensor<i32>, tensor<16xf64>
  }
  return %r#1 : tensor<16xf64>
}

// Average pooling (reduce_window with an add body) and a power.
func.func @pool(%x: tensor<1x12xf32>) -> tensor<1x6xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3>, window_strides = array<i64: 1, 2>, padding = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>} : (tensor<1x12xf32>, tensor<f32>) -> tensor<1x6xf32>
  %a = stablehlo.abs %p : tensor<1x6xf32>
  %one = stablehlo.constant dense<1.0> : tensor<1x6xf32>
  %b = stablehlo.add %a, %one : tensor<1x6xf32>
  %e = stablehlo.constant dense<0.75> : tensor<1x6xf32>
  %w = stablehlo.power %b, %e : tensor<1x6xf32>
  return %w : tensor<1x6xf32>
}
func.func @pool_f64(%x: tensor<1x12xf64>) -> tensor<1x6xf64> {
  %zero = stablehlo.constant dense<0.0> : tensor<f64>
  %p = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) {window_dimensions = array<i64: 1, 3>, window_strides = array<i64: 1, 2>, padding = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>} : (tensor<1x12xf64>, tensor<f64>) -> tensor<1x6xf64>
  %a = stablehlo.abs %p : tensor<1x6xf64>
  %one = stablehlo.constant dense<1.0> : tensor<1x6xf64>
  %b = stablehlo.add %a, %one : tensor<1x6xf64>
  %e = stablehlo.constant dense<0.75> : tensor<1x6xf64>
  %w = stablehlo.power %b, %e : tensor<1x6xf64>
  return %w : tensor<1x6xf64>
}
