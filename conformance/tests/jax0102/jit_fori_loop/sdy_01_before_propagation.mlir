module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func @main(%arg0: tensor<16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> (tensor<16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
    %0 = sdy.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<16xi32>
    cond {
      %2 = stablehlo.compare LT, %iterArg, %arg1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %2 = sdy.constant dense<1> : tensor<i32>
      %3 = stablehlo.add %iterArg, %2 : tensor<i32>
      %4 = sdy.constant dense<2> : tensor<i32>
      %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i32>) -> tensor<16xi32>
      %6 = stablehlo.multiply %iterArg_0, %5 : tensor<16xi32>
      %7 = stablehlo.broadcast_in_dim %iterArg, dims = [] : (tensor<i32>) -> tensor<16xi32>
      %8 = stablehlo.add %6, %7 : tensor<16xi32>
      stablehlo.return %3, %8 : tensor<i32>, tensor<16xi32>
    }
    return %1#1 : tensor<16xi32>
  }
}
