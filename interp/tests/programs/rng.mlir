// rng_bit_generator through the evaluator (values from XLA CPU), and rng's shapes and bounds.
func.func @main() {
  %s = stablehlo.constant dense<3> : tensor<2xui64>
  %st, %out = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui64>)
  check.expect_eq_const %st, dense<[3, 4]> : tensor<2xui64>
  check.expect_eq_const %out, dense<3349939604322698703> : tensor<ui64>
  %st2, %out2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui16>)
  check.expect_eq_const %st2, dense<[3, 5]> : tensor<2xui64>
  check.expect_eq_const %out2, dense<[[29657, 63562, 12237], [33278, 36888, 11882]]> : tensor<2x3xui16>
  %st3, %out3 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<0x3xf32>)
  check.expect_eq_const %st3, dense<[3, 3]> : tensor<2xui64>
  func.return
}

// -----

func.func @main() {
  %a = stablehlo.constant dense<-0.0> : tensor<f32>
  %b = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %lo = stablehlo.constant dense<2> : tensor<i32>
  %hi = stablehlo.constant dense<3> : tensor<i32>
  %shape = stablehlo.constant dense<[2, 2]> : tensor<2xi64>
  %u = "stablehlo.rng"(%lo, %hi, %shape) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<2x2xi32>
  check.expect_eq_const %u, dense<2> : tensor<2x2xi32>
  %n = "stablehlo.rng"(%a, %b, %shape) {rng_distribution = #stablehlo<rng_distribution NORMAL>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x2xf32>
  %inf = stablehlo.abs %n : tensor<2x2xf32>
  check.expect_eq_const %inf, dense<0x7F800000> : tensor<2x2xf32>
  func.return
}

// -----

// expect-error: over the memory budget
func.func @main() {
  %a = stablehlo.constant dense<0.0> : tensor<f32>
  %shape = stablehlo.constant dense<[1000000000000, 1000000000000]> : tensor<2xi64>
  %u = "stablehlo.rng"(%a, %a, %shape) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return
}

// -----

// A signless i64 state works as the same 64-bit words.
func.func @main() {
  %s = stablehlo.constant dense<[3, -1]> : tensor<2xi64>
  %st, %out = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xi64>) -> (tensor<2xi64>, tensor<3xui8>)
  check.expect_eq_const %st, dense<[3, 1]> : tensor<2xi64>
  func.return
}
