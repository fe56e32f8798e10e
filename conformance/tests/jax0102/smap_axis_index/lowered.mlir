module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<4x8xi32>) -> (tensor<4x8xi32> {jax.result_info = "result"}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] manual_axes={"x", "y"} (%arg1: tensor<2x2xi32>) {
      %c = stablehlo.constant dense<4> : tensor<ui32>
      %c_0 = stablehlo.constant dense<2> : tensor<ui32>
      %1 = stablehlo.partition_id : tensor<ui32>
      %2 = stablehlo.divide %1, %c : tensor<ui32>
      %3 = stablehlo.remainder %2, %c_0 : tensor<ui32>
      %4 = stablehlo.convert %3 : (tensor<ui32>) -> tensor<i32>
      %c_1 = stablehlo.constant dense<1> : tensor<ui32>
      %c_2 = stablehlo.constant dense<4> : tensor<ui32>
      %5 = stablehlo.partition_id : tensor<ui32>
      %6 = stablehlo.divide %5, %c_1 : tensor<ui32>
      %7 = stablehlo.remainder %6, %c_2 : tensor<ui32>
      %8 = stablehlo.convert %7 : (tensor<ui32>) -> tensor<i32>
      %c_3 = stablehlo.constant dense<10> : tensor<i32>
      %9 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
      %10 = stablehlo.multiply %arg1, %9 : tensor<2x2xi32>
      %c_4 = stablehlo.constant dense<4> : tensor<i32>
      %11 = stablehlo.multiply %4, %c_4 : tensor<i32>
      %12 = stablehlo.add %11, %8 : tensor<i32>
      %13 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
      %14 = stablehlo.add %10, %13 : tensor<2x2xi32>
      sdy.return %14 : tensor<2x2xi32>
    } : (tensor<4x8xi32>) -> tensor<4x8xi32>
    return %0 : tensor<4x8xi32>
  }
}
