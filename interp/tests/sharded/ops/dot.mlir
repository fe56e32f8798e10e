// `stablehlo.dot` (the legacy matrix product): rows of the lhs and columns of the rhs sharded
// (pass-through factors), and a second product whose contracting dimension is sharded on both
// operands (a reduction factor: partial sums, completed where the result is needed whole).
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%a: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %b: tensor<6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>},
                %c: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>},
                %d: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>})
    -> (tensor<4x2xf32>, tensor<4xf32>) {
  %0 = "stablehlo.dot"(%a, %b) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<4x6xf32>, tensor<6x2xf32>) -> tensor<4x2xf32>
  %1 = "stablehlo.dot"(%c, %d) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<4x6xf32>, tensor<6xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4x2xf32>, tensor<4xf32>
}
