// A sum over a sharded dimension: local sums, then an all-reduce.
module @reduce_sum attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%a: tensor<8x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %c = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = stablehlo.reduce(%a init: %c) applies stablehlo.add across dimensions = [0] : (tensor<8x5xf32>, tensor<f32>) -> tensor<5xf32>
    return %0 : tensor<5xf32>
  }
}
