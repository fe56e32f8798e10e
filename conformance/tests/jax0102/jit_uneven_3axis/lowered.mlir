module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 2 : i64}, {name = "z", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"z"}]>}, %arg1: tensor<4x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z"}, {}]>}) -> (tensor<6x5xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = stablehlo.sine %arg0 : tensor<6x4xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{"x", "y"}, {"z"}]> : tensor<6x4xf32>
    %2 = stablehlo.dot_general %1, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x5xf32>) -> tensor<6x5xf32>
    return %2 : tensor<6x5xf32>
  }
}
