module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x8xi8> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<1x8xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg2: tensor<4x8xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x8xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %0 = stablehlo.convert %arg0 : (tensor<8x8xi8>) -> tensor<8x8xbf16>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x8xbf16>) -> tensor<8x8xbf16>
    %2 = stablehlo.multiply %0, %1 : tensor<8x8xbf16>
    %3 = stablehlo.dot_general %arg2, %2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xbf16>, tensor<8x8xbf16>) -> tensor<4x8xf32>
    return %3 : tensor<4x8xf32>
  }
}
