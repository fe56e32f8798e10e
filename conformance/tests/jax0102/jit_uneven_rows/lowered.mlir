module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<10x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<10xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<10x3xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10x3xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<10x3xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{"y"}, {}]> : tensor<10x3xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<10x3xf32>, tensor<f32>) -> tensor<10xf32>
    %4 = call @cumsum(%2) : (tensor<10x3xf32>) -> tensor<10x3xf32>
    return %3, %4 : tensor<10xf32>, tensor<10x3xf32>
  }
  func.func private @cumsum(%arg0: tensor<10x3xf32>) -> tensor<10x3xf32> {
    %0 = call @cumsum_0(%arg0) : (tensor<10x3xf32>) -> tensor<10x3xf32>
    return %0 : tensor<10x3xf32>
  }
  func.func private @cumsum_0(%arg0: tensor<10x3xf32>) -> tensor<10x3xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[9, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 10, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<10x3xf32>, tensor<f32>) -> tensor<10x3xf32>
    return %1 : tensor<10x3xf32>
  }
}
