module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_0.1(%arg0: tensor<i32>, %arg1: tensor<16xi32>, %arg2: tensor<i32>) -> (tensor<i32>, tensor<16xi32>, tensor<i32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<2> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %2 = stablehlo.multiply %arg1, %1 : tensor<16xi32>
    %3 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %4 = stablehlo.add %2, %3 : tensor<16xi32>
    return %0, %4, %arg2 : tensor<i32>, tensor<16xi32>, tensor<i32>
  }
  func.func private @region_1.2(%arg0: tensor<i32>, %arg1: tensor<16xi32>, %arg2: tensor<i32>) -> tensor<i1> {
    %0 = stablehlo.compare LT, %arg0, %arg2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    return %0 : tensor<i1>
  }
  func.func @main(%arg0: tensor<16xi32> {mhlo.sharding = "{mesh['x'=8], [{'x'}]}"}, %arg1: tensor<i32> {mhlo.sharding = "{mesh['x'=8], replicated}"}) -> (tensor<16xi32> {mhlo.sharding = "{mesh['x'=8], [{'x'}]}"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0, %iterArg_1 = %arg1) : tensor<i32>, tensor<16xi32>, tensor<i32>
    cond {
      %1 = stablehlo.compare LT, %iterArg, %iterArg_1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %1 = stablehlo.add %iterArg, %c_2 : tensor<i32>
      %c_3 = stablehlo.constant dense<2> : tensor<i32>
      %2 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<16xi32>
      %3 = stablehlo.multiply %iterArg_0, %2 : tensor<16xi32>
      %4 = stablehlo.broadcast_in_dim %iterArg, dims = [] : (tensor<i32>) -> tensor<16xi32>
      %5 = stablehlo.add %3, %4 : tensor<16xi32>
      stablehlo.return %1, %5, %iterArg_1 : tensor<i32>, tensor<16xi32>, tensor<i32>
    }
    return %0#1 : tensor<16xi32>
  }
}
