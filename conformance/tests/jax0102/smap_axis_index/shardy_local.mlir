module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<2x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<2x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %c = stablehlo.constant dense<10> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=2, j=2}>} : (tensor<i32>) -> tensor<2x2xi32>
    %1 = stablehlo.multiply %arg0, %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xi32>
    %2 = stablehlo.partition_id : tensor<ui32>
    %c_0 = stablehlo.constant dense<4> : tensor<ui32>
    %3 = stablehlo.divide %2, %c_0 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<ui32>
    %c_1 = stablehlo.constant dense<2> : tensor<ui32>
    %4 = stablehlo.remainder %3, %c_1 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<ui32>
    %5 = stablehlo.convert %4 {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([])>} : (tensor<ui32>) -> tensor<i32>
    %c_2 = stablehlo.constant dense<4> : tensor<i32>
    %6 = stablehlo.multiply %5, %c_2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
    %7 = stablehlo.partition_id : tensor<ui32>
    %c_3 = stablehlo.constant dense<1> : tensor<ui32>
    %8 = stablehlo.divide %7, %c_3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<ui32>
    %9 = stablehlo.remainder %8, %c_0 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<ui32>
    %10 = stablehlo.convert %9 {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([])>} : (tensor<ui32>) -> tensor<i32>
    %11 = stablehlo.add %6, %10 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=2, j=2}>} : (tensor<i32>) -> tensor<2x2xi32>
    %13 = stablehlo.add %1, %12 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=2}>} : tensor<2x2xi32>
    return %13 : tensor<2x2xi32>
  }
}
