module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=8]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
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
  func.func @main(%arg0: tensor<16xi32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}]>"}, mhlo.sharding = "{devices=[8]<=[8]}"}, %arg1: tensor<i32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, []>"}, mhlo.sharding = "{replicated}"}) -> (tensor<16xi32> {mhlo.sharding = "{devices=[8]<=[8]}"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0, %iterArg_1 = %arg1) : tensor<i32>, tensor<16xi32>, tensor<i32>
    cond {
      %2 = stablehlo.compare LT, %iterArg, %iterArg_1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg, %c_2 : tensor<i32>
      %c_3 = stablehlo.constant dense<2> : tensor<i32>
      %3 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<16xi32>
      %4 = stablehlo.multiply %iterArg_0, %3 : tensor<16xi32>
      %5 = stablehlo.broadcast_in_dim %iterArg, dims = [] : (tensor<i32>) -> tensor<16xi32>
      %6 = stablehlo.add %4, %5 : tensor<16xi32>
      stablehlo.return %2, %6, %iterArg_1 : tensor<i32>, tensor<16xi32>, tensor<i32>
    }
    %1 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%0#1) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}]>]>"}} : (tensor<16xi32>) -> tensor<16xi32>
    return %1 : tensor<16xi32>
  }
}
