// A matmul with the rhs columns sharded over 4 devices.
module @mm_cols attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%a: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %b: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<6x4xf32>, tensor<4x8xf32>) -> tensor<6x8xf32>
    return %0 : tensor<6x8xf32>
  }
}
