module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8x8xi8> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x8xi32>
    %1 = sdy.constant dense<2> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %3 = stablehlo.shift_right_arithmetic %arg0, %2 : tensor<8x8xi32>
    %4 = stablehlo.add %0, %3 : tensor<8x8xi32>
    %5 = sdy.constant dense<7> : tensor<i32>
    %6 = sdy.constant dense<0> : tensor<i32>
    %7 = stablehlo.compare EQ, %5, %6 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %8 = sdy.constant dense<1> : tensor<i32>
    %9 = stablehlo.select %7, %8, %5 : tensor<i1>, tensor<i32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %11 = stablehlo.remainder %arg1, %10 : tensor<8x8xi32>
    %12 = sdy.constant dense<0> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %15 = stablehlo.compare LT, %11, %13 : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
    %16 = stablehlo.compare LT, %9, %6 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<i1>) -> tensor<8x8xi1>
    %18 = stablehlo.compare NE, %15, %17 : (tensor<8x8xi1>, tensor<8x8xi1>) -> tensor<8x8xi1>
    %19 = stablehlo.compare NE, %11, %14 : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
    %20 = stablehlo.and %18, %19 : tensor<8x8xi1>
    %21 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %22 = stablehlo.add %11, %21 : tensor<8x8xi32>
    %23 = stablehlo.select %20, %22, %11 : tensor<8x8xi1>, tensor<8x8xi32>
    %24 = stablehlo.subtract %4, %23 : tensor<8x8xi32>
    %25 = sdy.constant dense<255> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %27 = stablehlo.and %arg0, %26 : tensor<8x8xi32>
    %28 = stablehlo.xor %24, %27 : tensor<8x8xi32>
    %29 = stablehlo.maximum %arg0, %arg1 : tensor<8x8xi32>
    %30 = stablehlo.convert %29 : (tensor<8x8xi32>) -> tensor<8x8xi8>
    return %28, %30 : tensor<8x8xi32>, tensor<8x8xi8>
  }
}
