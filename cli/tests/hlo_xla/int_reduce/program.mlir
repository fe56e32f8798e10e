// An s32 program: a product with iota, then a sum over the sharded dimension.
module @int_reduce attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%a: tensor<8x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %i = stablehlo.iota dim = 0 : tensor<8x3xi32>
    %p = stablehlo.multiply %a, %i : tensor<8x3xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.reduce(%p init: %c) applies stablehlo.add across dimensions = [0] : (tensor<8x3xi32>, tensor<i32>) -> tensor<3xi32>
    return %0 : tensor<3xi32>
  }
}
