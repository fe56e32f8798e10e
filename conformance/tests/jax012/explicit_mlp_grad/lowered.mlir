module @jit_loss attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x8xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
    %0 = stablehlo.dot_general %arg1, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %2 = stablehlo.tanh %1 : tensor<4x8xf32>
    %3 = sdy.sharding_constraint %2 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = sdy.sharding_constraint %cst <@mesh, []> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %6 = sdy.sharding_constraint %5 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %7 = stablehlo.add %6, %3 : tensor<4x8xf32>
    %8 = sdy.sharding_constraint %7 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = sdy.sharding_constraint %cst_0 <@mesh, []> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %11 = sdy.sharding_constraint %10 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %12 = stablehlo.subtract %11, %3 : tensor<4x8xf32>
    %13 = sdy.sharding_constraint %12 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %14 = stablehlo.multiply %8, %13 : tensor<4x8xf32>
    %15 = sdy.sharding_constraint %14 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %17 = sdy.sharding_constraint %16 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %18 = stablehlo.multiply %17, %3 : tensor<4x8xf32>
    %19 = sdy.sharding_constraint %18 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %20 = sdy.sharding_constraint %cst_2 <@mesh, []> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %22 = sdy.sharding_constraint %21 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %23 = stablehlo.multiply %22, %19 : tensor<4x8xf32>
    %24 = sdy.sharding_constraint %23 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %25 = stablehlo.multiply %24, %15 : tensor<4x8xf32>
    %26 = sdy.sharding_constraint %25 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %27 = stablehlo.dot_general %26, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %28 = sdy.sharding_constraint %27 <@mesh, [{"y"}, {}]> : tensor<8x8xf32>
    %29 = stablehlo.transpose %28, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %30 = sdy.sharding_constraint %29 <@mesh, [{}, {"y"}]> : tensor<8x8xf32>
    return %30 : tensor<8x8xf32>
  }
}
