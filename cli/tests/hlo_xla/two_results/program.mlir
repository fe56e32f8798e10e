// Two results with different shardings: a row-sharded sum and a replicated column max.
module @two_results attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func @main(%a: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %b: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %s = stablehlo.add %a, %b : tensor<4x6xf32>
    %c = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %m = stablehlo.reduce(%b init: %c) applies stablehlo.maximum across dimensions = [0] : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
    return %s, %m : tensor<4x6xf32>, tensor<6xf32>
  }
}
