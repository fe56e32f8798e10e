module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<3x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
    %0 = sdy.all_slice [{}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    %1 = sdy.constant dense<0> : tensor<i32>
    %2 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=3, j=4}>} : (tensor<f32>) -> tensor<3x4xf32>
    %4 = sdy.all_slice [{}, {}, {"y"}] %arg1 out_sharding=<@mesh, [{}, {"x"}, {"y"}]> : tensor<3x4x8xf32>
    %5:3 = stablehlo.while(%iterArg = %1, %iterArg_0 = %0, %iterArg_1 = %3) : tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"x"}, {"y"}]>, <@mesh, [{}, {"x"}]>]>}
    cond {
      %7 = sdy.constant dense<3> : tensor<i32>
      %8 = stablehlo.compare LT, %iterArg, %7 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %8 : tensor<i1>
    } do {
      %7 = sdy.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg, %7 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %9 = sdy.all_gather [{}, {"y"}] %iterArg_0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<4x8xf32>
      %10 = stablehlo.dot %9, %arg2, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=8, k=8} reduction={k}>} : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %11 = sdy.constant dense<0> : tensor<i32>
      %12 = stablehlo.dynamic_slice %4, %iterArg, %11, %11, sizes = [1, 4, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [], [], [])->([i, j, k]) {i=3, j=4, k=8} need_replication={i} blocked_propagation={i}>} : (tensor<3x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
      %13 = stablehlo.reshape %12 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([j, k]) {i=1, j=4, k=8}>} : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
      %14 = stablehlo.add %10, %13 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
      %15 = stablehlo.tanh %14 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
      %16 = sdy.constant dense<0.000000e+00> : tensor<f32>
      %17 = stablehlo.reduce(%15 init: %16) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=4, j=8} reduction={j}>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
      %18 = sdy.all_reduce {"y"} %17 out_sharding=<@mesh, [{"x"}]> : tensor<4xf32>
      %19 = stablehlo.reshape %18 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=1, j=4}>} : (tensor<4xf32>) -> tensor<1x4xf32>
      %20 = stablehlo.dynamic_update_slice %iterArg_1, %19, %iterArg, %11 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [j, k], [], [])->([i, k]) {i=3, j=1, k=4} need_replication={j}>} : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
      stablehlo.return %8, %15, %20 : tensor<i32>, tensor<4x8xf32>, tensor<3x4xf32>
    }
    %6 = sdy.all_gather [{}, {"y"}] %5#1 out_sharding=<@mesh, [{"x"}, {}]> : tensor<4x8xf32>
    return %6, %5#2 : tensor<4x8xf32>, tensor<3x4xf32>
  }
}
