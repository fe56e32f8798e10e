module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
    %0 = sdy.constant dense<1.000000e+00> : tensor<f32>
    %1 = sdy.sharding_constraint %0 <@mesh, []> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %3 = sdy.sharding_constraint %2 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %4 = sdy.constant dense<2.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %6 = sdy.sharding_constraint %5 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %7 = stablehlo.dot %arg1, %arg0, precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %8 = sdy.sharding_constraint %7 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %9 = stablehlo.tanh %8 : tensor<4x8xf32>
    %10 = sdy.sharding_constraint %9 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %11 = stablehlo.multiply %6, %10 : tensor<4x8xf32>
    %12 = sdy.sharding_constraint %11 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %13 = stablehlo.multiply %3, %12 : tensor<4x8xf32>
    %14 = sdy.sharding_constraint %13 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %15 = sdy.sharding_constraint %0 <@mesh, []> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %17 = sdy.sharding_constraint %16 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %18 = stablehlo.subtract %17, %10 : tensor<4x8xf32>
    %19 = sdy.sharding_constraint %18 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %20 = stablehlo.multiply %14, %19 : tensor<4x8xf32>
    %21 = sdy.sharding_constraint %20 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %22 = stablehlo.multiply %21, %10 : tensor<4x8xf32>
    %23 = sdy.sharding_constraint %22 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %24 = stablehlo.add %21, %23 : tensor<4x8xf32>
    %25 = sdy.sharding_constraint %24 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %26 = stablehlo.dot_general %25, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %27 = sdy.sharding_constraint %26 <@mesh, [{"y"}, {}]> : tensor<8x8xf32>
    %28 = stablehlo.transpose %27, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[8,8]{0,1}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %29 = sdy.sharding_constraint %28 <@mesh, [{}, {"y"}]> : tensor<8x8xf32>
    return %29 : tensor<8x8xf32>
  }
}
