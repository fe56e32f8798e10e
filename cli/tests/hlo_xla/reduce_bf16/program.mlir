// A bf16 row sum over a dimension sharded on "y" of a 2x2 mesh, rows sharded on "x".
module @reduce_bf16 attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func @main(%a: tensor<4x8xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<4xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
    %c = stablehlo.constant dense<0.0> : tensor<bf16>
    %0 = stablehlo.reduce(%a init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xbf16>, tensor<bf16>) -> tensor<4xbf16>
    return %0 : tensor<4xbf16>
  }
}
