module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false, sdy.output_shardings = #sdy.sharding_per_value<[<mesh<["x"=8]>, [{"x"}]>]>, sdy.parameters_shardings = #sdy.sharding_per_value<[<mesh<["x"=8]>, [{"x"}]>, <mesh<["x"=8]>, []>]>} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func @main(%arg0: tensor<2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> (tensor<2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0) : tensor<i32>, tensor<2xi32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"x"}]>]>}
    cond {
      %1 = stablehlo.compare LT, %iterArg, %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %c_1 = stablehlo.constant dense<1> : tensor<i32>
      %1 = stablehlo.add %iterArg, %c_1 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %c_2 = stablehlo.constant dense<2> : tensor<i32>
      %2 = stablehlo.broadcast_in_dim %c_2, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=16}>} : (tensor<i32>) -> tensor<2xi32>
      %3 = stablehlo.multiply %iterArg_0, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=16}>} : tensor<2xi32>
      %4 = stablehlo.broadcast_in_dim %iterArg, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=16}>} : (tensor<i32>) -> tensor<2xi32>
      %5 = stablehlo.add %3, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=16}>} : tensor<2xi32>
      stablehlo.return %1, %5 : tensor<i32>, tensor<2xi32>
    }
    return %0#1 : tensor<2xi32>
  }
}
