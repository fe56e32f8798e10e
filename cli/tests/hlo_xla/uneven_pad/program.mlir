// Five rows over 2 devices: Shardy (jaxlib 0.10.2) does not keep an argument sharding that does
// not divide the dimension, so XLA replicates the input and both results.
module @uneven_pad attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func @main(%a: tensor<5x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<5x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %e = stablehlo.exponential %a : tensor<5x4xf32>
    %c = stablehlo.constant dense<0.0> : tensor<f32>
    %s = stablehlo.reduce(%a init: %c) applies stablehlo.add across dimensions = [0] : (tensor<5x4xf32>, tensor<f32>) -> tensor<4xf32>
    %n = stablehlo.negate %a : tensor<5x4xf32>
    return %n, %s : tensor<5x4xf32>, tensor<4xf32>
  }
}
