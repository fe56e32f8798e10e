sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0]>}) -> (tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0]>}) {
  %v0 = "stablehlo.transpose"(%arg0) <{permutation = array<i64: 0>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}p0]>]>} : (tensor<1xf32>) -> tensor<1xf32>
  "func.return"(%v0) : (tensor<1xf32>) -> ()
}
