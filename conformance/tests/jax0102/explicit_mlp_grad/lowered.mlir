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
    %7 = stablehlo.subtract %6, %3 : tensor<4x8xf32>
    %8 = sdy.sharding_constraint %7 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %10 = sdy.sharding_constraint %9 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %11 = stablehlo.multiply %10, %3 : tensor<4x8xf32>
    %12 = sdy.sharding_constraint %11 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = sdy.sharding_constraint %cst_1 <@mesh, []> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %15 = sdy.sharding_constraint %14 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %16 = stablehlo.multiply %15, %12 : tensor<4x8xf32>
    %17 = sdy.sharding_constraint %16 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %18 = stablehlo.multiply %17, %8 : tensor<4x8xf32>
    %19 = sdy.sharding_constraint %18 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %20 = stablehlo.multiply %19, %3 : tensor<4x8xf32>
    %21 = sdy.sharding_constraint %20 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %22 = stablehlo.add %19, %21 : tensor<4x8xf32>
    %23 = sdy.sharding_constraint %22 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %24 = stablehlo.dot_general %23, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %25 = sdy.sharding_constraint %24 <@mesh, [{"y"}, {}]> : tensor<8x8xf32>
    %26 = stablehlo.transpose %25, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %27 = sdy.sharding_constraint %26 <@mesh, [{}, {"y"}]> : tensor<8x8xf32>
    return %27 : tensor<8x8xf32>
  }
}
