// An elementwise program on 6 rows asked to be split over 4 devices: Shardy keeps 2 of the 4 (3 rows
// each, the other 2 devices replicas), since 4 does not divide 6.
module @uneven attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%a: tensor<6x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %b: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<6x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<6x3xf32>
    %0 = stablehlo.multiply %a, %bb : tensor<6x3xf32>
    %1 = stablehlo.add %0, %a : tensor<6x3xf32>
    return %1 : tensor<6x3xf32>
  }
}
