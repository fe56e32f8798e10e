// A max over both dimensions of a tensor sharded on a 2x2 mesh.
module @reduce_max_2d attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func @main(%a: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
    %c = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%a init: %c) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}
