// Every pointwise StableHLO op on integers, sharded along both dimensions of a 2x2 mesh with
// non-divisible dimensions (5 and 3 over 2 devices each: the last blocks are short).
sdy.mesh @mesh = <["x"=2, "y"=2]>
#xy = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>

func.func @main(%a: tensor<5x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %b: tensor<5x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>})
    -> (tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>,
        tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>,
        tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi1>, tensor<5x3xf32>) {
  %s = stablehlo.constant dense<3> : tensor<5x3xi32>
  %n = stablehlo.and %b, %s {sdy.sharding = #xy} : tensor<5x3xi32>
  %0 = stablehlo.and %a, %b {sdy.sharding = #xy} : tensor<5x3xi32>
  %1 = stablehlo.or %a, %b {sdy.sharding = #xy} : tensor<5x3xi32>
  %2 = stablehlo.xor %a, %b {sdy.sharding = #xy} : tensor<5x3xi32>
  %3 = stablehlo.not %a {sdy.sharding = #xy} : tensor<5x3xi32>
  %4 = stablehlo.popcnt %a {sdy.sharding = #xy} : tensor<5x3xi32>
  %5 = stablehlo.count_leading_zeros %a {sdy.sharding = #xy} : tensor<5x3xi32>
  %6 = stablehlo.shift_left %a, %n {sdy.sharding = #xy} : tensor<5x3xi32>
  %7 = stablehlo.shift_right_arithmetic %a, %n {sdy.sharding = #xy} : tensor<5x3xi32>
  %8 = stablehlo.shift_right_logical %a, %n {sdy.sharding = #xy} : tensor<5x3xi32>
  %9 = stablehlo.multiply %a, %b {sdy.sharding = #xy} : tensor<5x3xi32>
  %10 = stablehlo.sign %a {sdy.sharding = #xy} : tensor<5x3xi32>
  %11 = stablehlo.abs %a {sdy.sharding = #xy} : tensor<5x3xi32>
  %12 = stablehlo.compare GE, %a, %b, SIGNED {sdy.sharding = #xy} : (tensor<5x3xi32>, tensor<5x3xi32>) -> tensor<5x3xi1>
  %13 = stablehlo.convert %a {sdy.sharding = #xy} : (tensor<5x3xi32>) -> tensor<5x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13
      : tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>,
        tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>,
        tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi1>, tensor<5x3xf32>
}
