// sort and chlo.top_k with NaN, on every float type: ordered as XLA orders them, by the total order
// (`compare TOTALORDER`, what JAX's comparators and chlo.top_k's decomposition use): -NaN < -inf < ... < -0
// < 0 < ... < inf < NaN, equal keys in input order (stable). The f32 order and indices are XLA CPU's
// (jax 0.10.2, lax.sort and lax.top_k). NaN never equals itself, so the checks compare bit patterns.

// f64
func.func @main() {
  %x = stablehlo.constant dense<[3.0, 0x7FF8000000000000, -1.0, 0xFFF8000000000000, 0.0, -0.0, 2.0]> : tensor<7xf64>
  %i = stablehlo.iota dim = 0 : tensor<7xi32>
  %s:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<7xf64>, tensor<7xi32>) -> (tensor<7xf64>, tensor<7xi32>)
  %sb = stablehlo.bitcast_convert %s#0 : (tensor<7xf64>) -> tensor<7xi64>
  check.expect_eq_const %sb, dense<[-2251799813685248, -4616189618054758400, -9223372036854775808, 0, 4611686018427387904, 4613937818241073152, 9221120237041090560]> : tensor<7xi64>
  check.expect_eq_const %s#1, dense<[3, 2, 5, 4, 6, 0, 1]> : tensor<7xi32>
  %v, %j = chlo.top_k(%x, k = 7) : tensor<7xf64> -> (tensor<7xf64>, tensor<7xi32>)
  %vb = stablehlo.bitcast_convert %v : (tensor<7xf64>) -> tensor<7xi64>
  check.expect_eq_const %vb, dense<[9221120237041090560, 4613937818241073152, 4611686018427387904, 0, -9223372036854775808, -4616189618054758400, -2251799813685248]> : tensor<7xi64>
  check.expect_eq_const %j, dense<[1, 0, 6, 4, 5, 2, 3]> : tensor<7xi32>
  return
}

// -----

// f32
func.func @main() {
  %x = stablehlo.constant dense<[3.0, 0x7FC00000, -1.0, 0xFFC00000, 0.0, -0.0, 2.0]> : tensor<7xf32>
  %i = stablehlo.iota dim = 0 : tensor<7xi32>
  %s:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<7xf32>, tensor<7xi32>) -> (tensor<7xf32>, tensor<7xi32>)
  %sb = stablehlo.bitcast_convert %s#0 : (tensor<7xf32>) -> tensor<7xi32>
  check.expect_eq_const %sb, dense<[-4194304, -1082130432, -2147483648, 0, 1073741824, 1077936128, 2143289344]> : tensor<7xi32>
  check.expect_eq_const %s#1, dense<[3, 2, 5, 4, 6, 0, 1]> : tensor<7xi32>
  %v, %j = chlo.top_k(%x, k = 7) : tensor<7xf32> -> (tensor<7xf32>, tensor<7xi32>)
  %vb = stablehlo.bitcast_convert %v : (tensor<7xf32>) -> tensor<7xi32>
  check.expect_eq_const %vb, dense<[2143289344, 1077936128, 1073741824, 0, -2147483648, -1082130432, -4194304]> : tensor<7xi32>
  check.expect_eq_const %j, dense<[1, 0, 6, 4, 5, 2, 3]> : tensor<7xi32>
  return
}

// -----

// f16
func.func @main() {
  %x = stablehlo.constant dense<[3.0, 0x7E00, -1.0, 0xFE00, 0.0, -0.0, 2.0]> : tensor<7xf16>
  %i = stablehlo.iota dim = 0 : tensor<7xi32>
  %s:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f16>, tensor<f16>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<7xf16>, tensor<7xi32>) -> (tensor<7xf16>, tensor<7xi32>)
  %sb = stablehlo.bitcast_convert %s#0 : (tensor<7xf16>) -> tensor<7xi16>
  check.expect_eq_const %sb, dense<[-512, -17408, -32768, 0, 16384, 16896, 32256]> : tensor<7xi16>
  check.expect_eq_const %s#1, dense<[3, 2, 5, 4, 6, 0, 1]> : tensor<7xi32>
  %v, %j = chlo.top_k(%x, k = 7) : tensor<7xf16> -> (tensor<7xf16>, tensor<7xi32>)
  %vb = stablehlo.bitcast_convert %v : (tensor<7xf16>) -> tensor<7xi16>
  check.expect_eq_const %vb, dense<[32256, 16896, 16384, 0, -32768, -17408, -512]> : tensor<7xi16>
  check.expect_eq_const %j, dense<[1, 0, 6, 4, 5, 2, 3]> : tensor<7xi32>
  return
}

// -----

// bf16
func.func @main() {
  %x = stablehlo.constant dense<[3.0, 0x7FC0, -1.0, 0xFFC0, 0.0, -0.0, 2.0]> : tensor<7xbf16>
  %i = stablehlo.iota dim = 0 : tensor<7xi32>
  %s:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<7xbf16>, tensor<7xi32>) -> (tensor<7xbf16>, tensor<7xi32>)
  %sb = stablehlo.bitcast_convert %s#0 : (tensor<7xbf16>) -> tensor<7xi16>
  check.expect_eq_const %sb, dense<[-64, -16512, -32768, 0, 16384, 16448, 32704]> : tensor<7xi16>
  check.expect_eq_const %s#1, dense<[3, 2, 5, 4, 6, 0, 1]> : tensor<7xi32>
  %v, %j = chlo.top_k(%x, k = 7) : tensor<7xbf16> -> (tensor<7xbf16>, tensor<7xi32>)
  %vb = stablehlo.bitcast_convert %v : (tensor<7xbf16>) -> tensor<7xi16>
  check.expect_eq_const %vb, dense<[32704, 16448, 16384, 0, -32768, -16512, -64]> : tensor<7xi16>
  check.expect_eq_const %j, dense<[1, 0, 6, 4, 5, 2, 3]> : tensor<7xi32>
  return
}

// -----

// f8E4M3FN
func.func @main() {
  %x = stablehlo.constant dense<[3.0, 0x7F, -1.0, 0xFF, 0.0, -0.0, 2.0]> : tensor<7xf8E4M3FN>
  %i = stablehlo.iota dim = 0 : tensor<7xi32>
  %s:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f8E4M3FN>, %b: tensor<f8E4M3FN>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f8E4M3FN>, tensor<f8E4M3FN>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<7xf8E4M3FN>, tensor<7xi32>) -> (tensor<7xf8E4M3FN>, tensor<7xi32>)
  %sb = stablehlo.bitcast_convert %s#0 : (tensor<7xf8E4M3FN>) -> tensor<7xi8>
  check.expect_eq_const %sb, dense<[-1, -72, -128, 0, 64, 68, 127]> : tensor<7xi8>
  check.expect_eq_const %s#1, dense<[3, 2, 5, 4, 6, 0, 1]> : tensor<7xi32>
  %v, %j = chlo.top_k(%x, k = 7) : tensor<7xf8E4M3FN> -> (tensor<7xf8E4M3FN>, tensor<7xi32>)
  %vb = stablehlo.bitcast_convert %v : (tensor<7xf8E4M3FN>) -> tensor<7xi8>
  check.expect_eq_const %vb, dense<[127, 68, 64, 0, -128, -72, -1]> : tensor<7xi8>
  check.expect_eq_const %j, dense<[1, 0, 6, 4, 5, 2, 3]> : tensor<7xi32>
  return
}

// -----

// f8E5M2
func.func @main() {
  %x = stablehlo.constant dense<[3.0, 0x7E, -1.0, 0xFE, 0.0, -0.0, 2.0]> : tensor<7xf8E5M2>
  %i = stablehlo.iota dim = 0 : tensor<7xi32>
  %s:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f8E5M2>, %b: tensor<f8E5M2>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f8E5M2>, tensor<f8E5M2>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<7xf8E5M2>, tensor<7xi32>) -> (tensor<7xf8E5M2>, tensor<7xi32>)
  %sb = stablehlo.bitcast_convert %s#0 : (tensor<7xf8E5M2>) -> tensor<7xi8>
  check.expect_eq_const %sb, dense<[-2, -68, -128, 0, 64, 66, 126]> : tensor<7xi8>
  check.expect_eq_const %s#1, dense<[3, 2, 5, 4, 6, 0, 1]> : tensor<7xi32>
  %v, %j = chlo.top_k(%x, k = 7) : tensor<7xf8E5M2> -> (tensor<7xf8E5M2>, tensor<7xi32>)
  %vb = stablehlo.bitcast_convert %v : (tensor<7xf8E5M2>) -> tensor<7xi8>
  check.expect_eq_const %vb, dense<[126, 66, 64, 0, -128, -68, -2]> : tensor<7xi8>
  check.expect_eq_const %j, dense<[1, 0, 6, 4, 5, 2, 3]> : tensor<7xi32>
  return
}

// -----

// JAX's own comparator (lax.sort on f32, as jax.jit lowers it): NaNs of either sign canonicalized to
// +NaN and -0 to 0 before a TOTALORDER compare, so every NaN sorts last and keeps its input order.
// Values and indices are XLA CPU's.
func.func @main() {
  %x = stablehlo.constant dense<[3.0, 0x7FC00000, -1.0, 0xFFC00000, 0x7F800000, 0xFF800000, 0.0, -0.0, 2.0]> : tensor<9xf32>
  %i = stablehlo.iota dim = 0 : tensor<9xi32>
  %s:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %n = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %a0 = stablehlo.compare EQ, %a, %z, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %a1 = stablehlo.select %a0, %z, %a : tensor<i1>, tensor<f32>
    %a2 = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %a3 = stablehlo.select %a2, %n, %a1 : tensor<i1>, tensor<f32>
    %b0 = stablehlo.compare EQ, %b, %z, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %b1 = stablehlo.select %b0, %z, %b : tensor<i1>, tensor<f32>
    %b2 = stablehlo.compare NE, %b, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %b3 = stablehlo.select %b2, %n, %b1 : tensor<i1>, tensor<f32>
    %lt = stablehlo.compare LT, %a3, %b3, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<9xf32>, tensor<9xi32>) -> (tensor<9xf32>, tensor<9xi32>)
  %sb = stablehlo.bitcast_convert %s#0 : (tensor<9xf32>) -> tensor<9xi32>
  check.expect_eq_const %sb, dense<[-8388608, -1082130432, 0, -2147483648, 1073741824, 1077936128, 2139095040, 2143289344, -4194304]> : tensor<9xi32>
  check.expect_eq_const %s#1, dense<[5, 2, 6, 7, 8, 0, 4, 1, 3]> : tensor<9xi32>
  %v, %j = chlo.top_k(%x, k = 9) : tensor<9xf32> -> (tensor<9xf32>, tensor<9xi32>)
  %vb = stablehlo.bitcast_convert %v : (tensor<9xf32>) -> tensor<9xi32>
  check.expect_eq_const %vb, dense<[2143289344, 2139095040, 1077936128, 1073741824, 0, -2147483648, -1082130432, -8388608, -4194304]> : tensor<9xi32>
  check.expect_eq_const %j, dense<[1, 4, 0, 8, 6, 7, 2, 5, 3]> : tensor<9xi32>
  return
}
