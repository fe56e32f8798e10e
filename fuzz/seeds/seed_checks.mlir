func.func @main() {
  %0 = "stablehlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  check.expect_almost_eq_const %0, dense<[0.999999, 2.0]> : tensor<2xf32>, tolerance = 0.0001
  check.expect_almost_eq %0, %0, tolerance = 0.001 : f64 : tensor<2xf32>
  check.expect_eq %0, %0 : tensor<2xf32>
  check.expect_eq_const %0, dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_close %0, %0, max_ulp_difference = 3, min_ulp_difference = 0 : tensor<2xf32>, tensor<2xf32>
  %3 = interpreter.probe %0, probe_id = "probe_i1" : tensor<2xf32>
  check.expect_serialized_eq %3, probe_id = "probe_i1", iter = 2 : tensor<2xf32>
  interpreter.print %0 : tensor<2xf32>
  func.return
}
