module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<16xi32> {mhlo.sharding = "{devices=[8]<=[8]}"}, %arg1: tensor<i32> {mhlo.sharding = "{replicated}"}) -> (tensor<16xi32> {mhlo.sharding = "{devices=[8]<=[8]}"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0) : tensor<i32>, tensor<16xi32> attributes {mhlo.sharding = "{{replicated}, {devices=[8]<=[8]}}"}
    cond {
      %1 = stablehlo.compare LT, %iterArg, %arg1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %c_1 = stablehlo.constant dense<1> : tensor<i32>
      %1 = stablehlo.add %iterArg, %c_1 : tensor<i32>
      %c_2 = stablehlo.constant dense<2> : tensor<i32>
      %2 = stablehlo.broadcast_in_dim %c_2, dims = [] {mhlo.sharding = "{devices=[8]<=[8]}"} : (tensor<i32>) -> tensor<16xi32>
      %3 = stablehlo.multiply %iterArg_0, %2 {mhlo.sharding = "{devices=[8]<=[8]}"} : tensor<16xi32>
      %4 = stablehlo.broadcast_in_dim %iterArg, dims = [] {mhlo.sharding = "{devices=[8]<=[8]}"} : (tensor<i32>) -> tensor<16xi32>
      %5 = stablehlo.add %3, %4 {mhlo.sharding = "{devices=[8]<=[8]}"} : tensor<16xi32>
      stablehlo.return %1, %5 : tensor<i32>, tensor<16xi32>
    }
    return %0#1 : tensor<16xi32>
  }
}
